"""The pieces the front ends share instead of repeating them (issue 16: "cli only parses,
calls table/engine, and renders"): one errno lookup, one seat-name table, one contract text,
one walker of a record's actions, one game referee."""

from __future__ import annotations

import errno

from belote.engine.errors import errno_name
from belote.i18n import os_error, os_error_reason


def test_errno_name_is_the_symbolic_name_or_none():
    assert errno_name(PermissionError(errno.EACCES, "Permission denied")) == "EACCES"
    assert errno_name(OSError(0, "zero")) is None  # no errno 0 in errno.errorcode
    assert errno_name(OSError("no number")) is None
    assert errno_name(ValueError("not an OS error")) is None


def test_an_os_error_is_worded_by_its_errno_in_french_and_english():
    e = PermissionError(errno.EACCES, "Permission denied", "/x/y.json")
    assert os_error_reason(e, "fr") == "permission refusée"  # the catalog's os.eacces
    assert "Permission denied" not in os_error(e, "fr")  # the catalog's os.eacces, not English
    assert "/x/y.json" in os_error(e, "fr") and "/x/y.json" not in os_error_reason(e, "fr")


def test_the_seats_are_named_from_one_table_in_both_languages():
    from belote.i18n.labels import seat_label, seat_word, seat_words
    assert seat_words("fr") == ("Vous", "Droite", "Partenaire", "Gauche")
    assert seat_words("en") == ("You", "Right", "Partner", "Left")
    assert seat_word(1, 0, "fr") == "Droite" and seat_word(0, 1, "fr") == "Gauche"
    assert seat_label(3, "fr") == "siège 3 (équipe 1)"
    assert seat_label(2, "en") == "seat 2 (team 0)"


def test_the_seat_names_have_codes_of_their_own():
    """The seat names were the table's ``tui.*`` codes (``tui.east`` "Droite": a compass word
    for the seat on the right) and the seat label was built from the CLI's ``cli.seat`` and
    ``cli.team``: every front end names seats by ``seat.*`` now."""
    from belote import i18n
    from belote.i18n.labels import SEAT_KEYS
    assert SEAT_KEYS == ("seat.you", "seat.right", "seat.partner", "seat.left")
    assert [i18n.tr(k, "fr") for k in SEAT_KEYS] == ["Vous", "Droite", "Partenaire", "Gauche"]
    assert i18n.tr("seat.label", "fr", seat=1, team=1) == "siège 1 (équipe 1)"
    for lang in i18n.LANGS:
        assert not {"tui.you", "tui.east", "tui.partner", "tui.west"} & set(i18n.catalog(lang))


def test_check_names_the_taker_by_the_shared_seat_label():
    """``check``'s contract line names the taker by ``seat_label`` (seat 2 takes at 100 ♦:
    team 0, seats 0 and 2 partners, docs/sources.md §1)."""
    from belote.cli.messages import TEXT
    from belote.cli.render import _contract_line
    c = {"taker": 2, "trump": "D", "value": 100, "kind": "normal", "doubled": 1}
    assert _contract_line(c, TEXT["fr"], "fr") == \
        "Contrat : 100 ♦ — Preneur : siège 2 (équipe 0)"
    assert _contract_line(c, TEXT["en"], "en") == "Contract: 100 ♦ — Taker: seat 2 (team 0)"


def test_a_contract_is_worded_by_one_function_for_the_table_and_the_tools():
    from belote.engine.cards import Trump
    from belote.engine.scoring import Contract
    from belote.i18n.labels import contract_text
    assert contract_text(Contract(1, Trump.parse("H"), 80, "normal", 2), "fr") == "80 ♥ ×2"
    assert contract_text(Contract(0, Trump.parse("S"), 250, "capot", 4), "fr") == "Capot ♠ ×4"
    generale = {"taker": 0, "trump": "TA", "value": 500, "kind": "generale", "doubled": 1}
    assert contract_text(generale, "en", capital=False) == "générale TA"
    two_round = Contract(2, Trump.parse("C"))  # value 0: a two-round deal's contract
    assert contract_text(two_round, "fr") == "♣"


EXAMPLES = __import__("pathlib").Path(__file__).resolve().parent.parent / "examples"


def _example(name: str) -> dict:
    import json
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def test_a_record_s_actions_come_in_the_order_the_deal_met_them():
    """``record.actions``: the bids, then per card the seat's annonces before its first card
    and a belote before the first card of its pair (docs/sources.md §5, §6), every card once."""
    from belote.engine.actions import BELOTE, Declare, Play
    from belote.engine.record import actions, check_deal
    rec = _example("annonces.json")
    report = check_deal(rec)
    acts = list(actions(rec))
    d = report.deal
    assert [a for _s, a in acts[:len(d.bids)]] == [a for _s, a in d.bids]
    plays = [(s, a.card) for s, a in acts if isinstance(a, Play)]
    assert plays == d.plays  # every card, in order
    for k, (seat, a) in enumerate(acts):
        if isinstance(a, Declare):  # just before the seat's first card
            nxt = acts[k + 1]
            assert nxt[0] == seat and isinstance(nxt[1], Play)
            assert not any(s == seat and isinstance(b, Play) for s, b in acts[:k])
        if a == BELOTE:  # just before a king or queen of trump by the same seat
            nxt = acts[k + 1]
            assert nxt[0] == seat and isinstance(nxt[1], Play)
    n_declared = sum(isinstance(a, Declare) for _s, a in acts)
    assert n_declared == len(d.declared)
    assert sum(a == BELOTE for _s, a in acts) == len(d.belotes)
    # replaying them from the deal as set up gives the judged deal
    start = check_deal(dict(rec, bids=[], plays=[])).deal
    for _seat, a in acts:
        start.apply(a)
    assert start.result is not None and start.result.score == d.result.score


def test_check_game_referees_a_game_and_the_cli_only_renders():
    """``record.check_game``: every deal, and the totals as the game scores them."""
    import json
    from pathlib import Path

    from belote.engine.record import GameReport, check_game, game_from_record
    rec = json.loads((Path(__file__).parent / "data" / "litige_then_irregular_game.json")
                     .read_text(encoding="utf-8"))
    report = check_game(rec)
    assert isinstance(report, GameReport) and report.is_game
    # deal 1 a litige 81 – 81 (the taker's 81 held, docs/sources.md §7), deal 2 made by team 0 with
    # an irregular card classique does not penalise: 85 + 81 held = 166, 81 + 77 = 158
    assert [r.legal for r in report.deals] == [True, False] and not report.legal
    assert report.scores == [166, 158]
    data = report.to_json()
    assert list(data) == ["format", "legal", "deals", "scores"] and data["scores"] == [166, 158]
    one = {**rec, "deals": rec["deals"][:1]}  # a regular game: the game's own totals
    assert check_game(one).scores == list(game_from_record(one).scores) == [0, 81]


def test_a_malformed_deal_of_a_game_says_which_deal():
    import pytest

    from belote.cli.messages import say
    from belote.engine.record import InDeal, check_game
    rec = {"format": "belote-game/1", "preset": "coinche", "options": {}, "seed": 1,
           "first_dealer": 0, "deals": [{"format": "belote-deal/1", "preset": "coinche",
                                          "dealer": 0, "hands": ["JH"] * 4}]}
    with pytest.raises(InDeal) as caught:
        check_game(rec)
    assert caught.value.code == "record.in_deal" and caught.value.params["index"] == 0
    assert say(caught.value, "fr").startswith("deals[0] : ")


def test_an_error_in_one_deal_is_worded_whole_by_the_catalog():
    """``record.in_deal`` carried English in its params (``where`` "line 3", ``message`` the
    deal's own English): ``i18n.message(e, "fr")`` mixed languages and the CLI worded it by a
    special case. Its params are numbers and nested messages now, each worded by the catalog.
    Four hands of the one card JH (a pack holds each of its 32 cards once, docs/sources.md §1) and a
    card "ZZ" (no such suit) on line 3 of a JSON Lines file."""
    import json
    from pathlib import Path

    import pytest

    from belote import i18n
    from belote.engine.record import InDeal, RecordLines, check_game
    examples = Path(__file__).parent.parent / "examples"
    bad = {"format": "belote-deal/1", "preset": "coinche", "dealer": 0, "hands": ["JH"] * 4}
    rec = {"format": "belote-game/1", "preset": "coinche", "options": {}, "seed": 1,
           "first_dealer": 0, "deals": [bad]}
    with pytest.raises(InDeal) as caught:
        check_game(rec)
    e = caught.value
    assert e.params["index"] == 0 and e.params["line_no"] is None
    assert e.params["inner"]["code"] == "record.card_twice"
    assert i18n.message(e, "fr") == "deals[0] : hands[1] : V♥ est dans deux mains"
    assert i18n.message(e, "en") == str(e) == "deals[0]: hands[1]: JH appears in two hands"
    deal = json.loads((examples / "ffb-irregular.json").read_text(encoding="utf-8"))
    wrong = {**deal, "plays": [*deal["plays"][:3], "ZZ", *deal["plays"][4:]]}
    with pytest.raises(InDeal) as caught:
        check_game(RecordLines([deal, wrong], [1, 3]))
    e = caught.value
    assert e.params["index"] is None and e.params["line_no"] == 3
    assert e.params["inner"]["places"] == ["plays[3]"]
    fr = i18n.message(e, "fr")
    assert fr.startswith("ligne 3 : plays[3] : carte invalide 'ZZ' : couleur inconnue 'Z'")
    english = {"line", "bad", "card", "unknown", "suit", "expected"}
    assert not english & set(fr.replace(":", " ").split())
    assert i18n.message(e, "en") == str(e)
    assert str(e).startswith("line 3: plays[3]: bad card 'ZZ': unknown suit 'Z'")


def test_a_required_argument_is_named_plainly_in_the_usage_line(monkeypatch):
    """A fresh user read ``belote check [OPTIONS] {FICHIER}`` as a placeholder left unfilled
    (typer braces a required argument): the usage line names it plainly, in help and in a
    usage error, in both languages."""
    from typer.testing import CliRunner

    from belote.cli import app
    for lang, name in (("fr", "FICHIER"), ("en", "RECORD")):
        monkeypatch.setenv("BELOTE_LANG", lang)
        for command in ("check", "replay", "analyse"):
            for args in ([command, "--help"], [command]):
                r = CliRunner().invoke(app, args)
                usage = next(line for line in r.output.splitlines() if "belote " in line)
                assert usage.endswith(f"belote {command} [OPTIONS] {name}"), usage
                assert "{" not in r.output


def _node(script: str) -> object:
    """The JSON printed by ``script``, an ES module run by Node (the page's modules)."""
    import json
    import shutil
    import subprocess

    import pytest
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True,
                         text=True, timeout=60, check=True)
    return json.loads(out.stdout)


def test_the_pages_seat_geometry_is_the_engines():
    """What must stay in JavaScript (web/static/seats.js: where each seat sits from the
    person's own, and its team) gives what Python gives, for every seat and person."""
    from pathlib import Path

    from belote.engine.seats import screen_place, team_of
    from belote.i18n.labels import SEAT_KEYS
    seats_js = (Path(__file__).resolve().parents[1] / "src/belote/web/static/seats.js").as_uri()
    got = _node(f"""
        import {{ relativeSeat, screenPlace, teamOf }} from "{seats_js}";
        const out = [];
        for (let me = 0; me < 4; me++) for (let seat = 0; seat < 4; seat++)
          out.push([me, seat, relativeSeat(seat, me), screenPlace(seat, me), teamOf(seat)]);
        console.log(JSON.stringify(out));""")
    want = [[me, seat, SEAT_KEYS[(seat - me) % 4].removeprefix("seat."), screen_place(seat, me),
             team_of(seat)] for me in range(4) for seat in range(4)]
    assert got == want
    assert screen_place(1, 0) == "east" and SEAT_KEYS[1] == "seat.right"  # next: on the right


def test_the_terminal_table_draws_the_hand_in_the_views_order():
    """One display order (engine/cards.py ``display_order``): the view's ``hand``, which the
    page draws as it comes, is the order of the terminal table's buttons. In the bidding
    ♠ ♥ ♣ ♦; hearts trump: ♥ first (trump order), then ♠ ♦ ♣, in plain order."""
    from belote.engine import Rules
    from belote.engine.cards import parse_card, parse_hand
    from belote.engine.deal import Deal
    from belote.tui.board import hand_buttons
    hands = ["KH QH 7C 8C 9C AS 7D 8D", "JH 9H AH TH 7H 8H TS KS",
             "JS QS 9S 8S 7S AD TD KD", "AC TC KC QC JC JD 9D QD"]
    d = Deal.from_hands(Rules.preset("coinche"), 3, [parse_hand(h) for h in hands])
    assert [b.name for b in hand_buttons(d.view(0), "fr")] == \
        [f"card:{c}" for c in d.view(0).hand] == \
        ["card:AS", "card:KH", "card:QH", "card:9C", "card:8C", "card:7C", "card:8D", "card:7D"]
    for action in ("80 H", "pass", "pass", "pass"):
        d.play(action)
    view = d.view(0)
    assert view.hand == ["KH", "QH", "AS", "8D", "7D", "9C", "8C", "7C"]
    assert [b.name for b in hand_buttons(view, "fr")] == [f"card:{c}" for c in view.hand]
    assert view.hand_cards() == [parse_card(c) for c in view.hand]


def test_the_page_words_a_move_from_its_fields_not_its_text(tmp_path):
    """web/static/words.js reads the server's structured moves (``engine.views.move_json``:
    the view's ``bid_moves``, an action event's ``move``), never their record text: each
    move below has a ``text`` no grammar could read, and is still worded by its fields, in
    the French catalog the page loads (``GET /api/i18n/fr``)."""
    import json
    from pathlib import Path

    from belote import i18n
    from belote.engine.actions import Double, Pass, Play
    from belote.engine.cards import parse_card
    from belote.engine.rules import Rules
    from belote.engine.views import double_words, move_json
    words_js = (Path(__file__).resolve().parents[1] / "src/belote/web/static/words.js").as_uri()
    coinche = double_words(Rules.preset("coinche"))
    moves = [move_json(Pass(), coinche), move_json(Double(), coinche),
             move_json(Play(parse_card("JH")), coinche),
             {"kind": "bid", "value": 110, "suit": "H"},
             {"kind": "choose", "suit": "SA"},
             {"kind": "declare", "annonces": [{"kind": "tierce", "points": None, "cards": None},
                                              {"kind": "carre", "points": None, "cards": None}]}]
    moves = [{**m, "text": "?"} for m in moves]  # nothing to parse
    catalog = tmp_path / "fr.json"
    catalog.write_text(json.dumps(dict(i18n.catalog("fr"))), encoding="utf-8")
    got = _node(f"""
        import {{ readFileSync }} from "node:fs";
        globalThis.document = {{ documentElement: {{}} }};
        globalThis.fetch = async () => ({{ ok: true,
          json: async () => JSON.parse(readFileSync({json.dumps(str(catalog))}, "utf8")) }});
        const {{ loadWords, saidText }} = await import("{words_js}");
        await loadWords("fr");
        console.log(JSON.stringify({json.dumps(moves)}.map(saidText)));""")
    assert got == ["Passer", "Coincher", "joue V♥", "110 ♥", "Prendre à sans atout",
                   "annonce tierce, carré"]
