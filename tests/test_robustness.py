"""Bad input never crashes: every library error is a ValueError subclass with a clear message,
the CLI exits 2 with one line and no traceback (README "Exit codes")."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from belote.engine import BeloteError, Deal, Rules, parse_card, parse_cards, shuffled_deck
from belote.engine.actions import Bid, Declare, Play
from belote.engine.cards import Trump
from belote.engine.record import check_deal, loads_json


def _run(args, stdin=b""):
    p = subprocess.run([sys.executable, "-m", "belote.cli", *args], input=stdin, check=False,
                       capture_output=True, timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


@pytest.mark.parametrize("payload, what", [
    (b'{"dealer": ' + b"1" * 5000 + b"}", "JSON utilisable"),   # int beyond Python's 4300 digits
    (b"[" * 100000 + b"]" * 100000, "JSON utilisable"),        # nesting beyond the recursion limit
    (b'{"a": "\xff"}', "UTF-8"),                          # not UTF-8
    (b"", "JSON invalide"),                                # French by default
], ids=["huge-int", "deep-nesting", "not-utf8", "empty"])
def test_check_stdin_junk_exits_2_without_traceback(payload, what):
    rc, out, err = _run(["check", "-"], payload)
    assert rc == 2
    assert what in err
    assert "Traceback" not in err + out


def test_loads_json_raises_record_error_only():
    for data in (b"\xff", "[" * 100000, "{", "1" * 5000):
        with pytest.raises(BeloteError):
            loads_json(data)


@pytest.mark.parametrize("over, words", [
    ({"deck": 32.0}, "option deck"),
    ({"must_underruff": 1}, "must_underruff"),
    ({"max_bid": 10**8}, "max_bid"),
    ({"preset": "zz"}, "not an option"),
    ({"nope": 1}, "unknown option 'nope'"),
    ({"packets": (4, 1)}, "never 1 or 4"),
    ({"deck": 36}, "36-card"),
], ids=["float-deck", "int-bool", "max-bid", "preset", "unknown", "packets", "36-auction"])
def test_bad_options_are_refused_naming_them(over, words):
    with pytest.raises(BeloteError) as e:
        Rules.preset("coinche", **over)
    assert words in str(e.value)


def test_record_last_deal_must_be_a_bool():
    rules = Rules.preset("concours")
    d = Deal.deal(rules, 0, shuffled_deck(rules, random.Random(1)))
    from belote.engine.record import deal_to_record
    rec = deal_to_record(d)
    rec["last_deal"] = "false"
    with pytest.raises(BeloteError, match="last_deal"):
        check_deal(rec)


@pytest.mark.parametrize("junk", [[], {}, None, 5, Bid(80, 7), Bid("80", Trump.H), Play(99),
                                  Play(-1), Play("JH"), Declare(("x",)), Declare(None),
                                  Declare(())])
def test_junk_actions_raise_value_errors(junk):
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 3, shuffled_deck(rules, random.Random(2)))
    with pytest.raises(ValueError):
        d.play(junk)
    d.play("80 H")
    for _ in range(3):
        d.play("pass")
    with pytest.raises(ValueError):
        d.play(junk)


def test_bad_seat_and_dealer_are_value_errors():
    rules = Rules.preset("coinche")
    deck = shuffled_deck(rules, random.Random(2))
    for dealer in ("1", 4, -1, 1.0, None):
        with pytest.raises(ValueError):
            Deal.deal(rules, dealer, deck)
    for bad_deck in (None, [1, "a"], [float(i) for i in range(32)], list(range(31))):
        with pytest.raises(ValueError):
            Deal.deal(rules, 0, bad_deck)
    d = Deal.deal(rules, 3, deck)
    for seat in ("0", 1.0, None, 7):
        with pytest.raises(ValueError):
            d.view(seat)
    with pytest.raises(ValueError, match="a seat is 0..3"):
        d.play("pass", seat="0")
    assert [] not in d.legal_actions()


def test_typed_errors_for_views_hands_bids_and_positions():
    """Adversarial review, 7th session: each of these raised a plain ValueError or TypeError,
    or built an impossible deal, where a typed error (a BeloteError) is due."""
    from belote.engine import IllegalAction
    from belote.engine.actions import ActionError, parse_action
    from belote.solver import Position, PositionError
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 3, shuffled_deck(rules, random.Random(2)))
    for seat in (5, "0", True):
        with pytest.raises(IllegalAction, match="seat must be 0..3"):
            d.view(seat)
    # "²" is a digit to str.isdigit but not to int(); 5,000 digits is beyond int()'s limit
    for text in ("² H", "9" * 5000 + " H", "9" * 19 + " H"):
        with pytest.raises(ActionError, match="not an action"):
            parse_action(text)
        assert text not in d.legal_actions()
        with pytest.raises(ActionError):
            d.play(text)
    # a value of up to 18 digits is a bid, refused by the rules (an irregular bid in a record)
    assert parse_action("9" * 18 + " H") == Bid(10**18 - 1, Trump.H)
    with pytest.raises(IllegalAction, match="bids go from 80 to 360 by 10"):
        d.play("1000000 H")
    # from_hands checks its hands as Deal.deal checks its pack
    full = d.hands
    for hands, words in (([1, 1, 1, 1], "two hands"), ([0, 0, 0, 0], "each hand holds 8"),
                         ("x", "four hands"), ([1, 2, 4], "four hands"),
                         ([full[0], full[1], full[2], full[3] | (1 << 33)], "four hands"),
                         ([full[0], full[1], full[2], 0], "each hand holds 8")):
        with pytest.raises(IllegalAction, match=words):
            Deal.from_hands(rules, 0, hands)
    with pytest.raises(IllegalAction, match="dealer"):
        Deal.from_hands(rules, "x", full)
    with pytest.raises(IllegalAction, match="no turned card"):
        Deal.from_hands(rules, 0, full, turned=0)
    assert Deal.from_hands(rules, 0, full).hands == full
    retourne = Rules.preset("classique")
    rd = Deal.deal(retourne, 0, shuffled_deck(retourne, random.Random(3)))  # 5 cards each
    with pytest.raises(IllegalAction, match="bad turned card"):
        Deal.from_hands(retourne, 0, rd.hands, turned=next(iter(
            c for c in range(32) if (rd.hands[0] >> c) & 1)))  # in a hand, not turned
    assert Deal.from_hands(retourne, 0, rd.hands, turned=rd.turned).turned == rd.turned
    # the solver's position checks the contract kind
    for trump in (None, "H", 9):
        with pytest.raises(PositionError, match="trump"):
            Position(list(full), trump, rules)


def test_options_out_of_range_or_meaningless_are_refused():
    """sa_ace_points of 10**40 overflowed the solver's 64-bit tables (exit 3); rounding with a
    card-point scoring was accepted and ignored (docs/sources.md §10: rounding to the ten belongs to
    the contract scorings only)."""
    for name, most in (("sa_ace_points", 1000), ("target", 10**9),
                       ("irregularity_penalty", 10**9)):
        with pytest.raises(BeloteError, match=f"option {name}: at most {most}, got"):
            Rules.preset("retourne", **{name: most + 1})
        assert getattr(Rules.preset("retourne", **{name: most}), name) == most
    # the largest Sans Atout ace still fits the solver (16-bit bounds), with a capot bonus
    from belote.solver import Position, Solver
    big = Rules.preset("retourne", sa_ace_points=1000)
    aces = [parse_card(c) for c in ("AS", "AH", "AD", "AC")]
    pos = Position([1 << c for c in aces], Trump.SA, big, leader=0)
    # one trick left: seat 0 leads A♠, nobody can follow, its team takes the four aces, the
    # dix de der and (no trick to team 1 before) the capot bonus
    assert Solver().future(pos, capot_bonus=250) == 4 * 1000 + 10 + 250
    for preset in ("classique", "simplifiee", "concours"):
        with pytest.raises(BeloteError, match="rounding to the ten is for contract scorings"):
            Rules.preset(preset, rounding=True)
    assert Rules.preset("coinche", rounding=False).rounding is False


@pytest.mark.parametrize("text", [None, 5, "Jſ", "", "J", "JHH", "1OH", "11S"])
def test_bad_cards_are_card_errors(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_parse_cards_refuses_non_lists():
    with pytest.raises(ValueError):
        parse_cards(None)
    with pytest.raises(ValueError):
        parse_cards([1, 2])


def test_cli_error_message_is_not_eaten_by_markup(tmp_path):
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 3, shuffled_deck(rules, random.Random(2)))
    d.play("80 H")
    for _ in range(3):
        d.play("pass")
    d.play(d.legal_actions()[0])  # the first card: annonces are read from then on
    from belote.engine.record import deal_to_record
    rec = deal_to_record(d)
    rec["annonces"] = ["x"]
    f = tmp_path / "r.json"
    f.write_text(json.dumps(rec))
    rc, _out, err = _run(["check", str(f)])
    assert rc == 2
    assert "[[cartes]" in err  # French by default; the brackets are text, not markup


def _saved_game(data_dir):
    from belote.engine.game import Game
    from belote.table import store as storage
    g = Game(Rules.preset("classique"), seed=4, first_dealer=0)
    rng = random.Random(1)
    while len(g.deals) < 2:
        g.play(rng.choice(list(g.legal_actions())))
    g.play(g.legal_actions()[0])
    return Path(storage.FileStore().save(
        storage.make_game_id("20261129-120000", g.seed), g,
        {"human": 0, "bots": ["heuristic"] * 3, "lang": "fr", "auto_belote": False,
         "stamp": "20261129-120000"}))


@pytest.mark.parametrize("edit", [{"human": 7}, {"human": "0"}, {"human": True},
                                  {"bots": ["heuristic"]}, {"bots": ["a", "b", "c"]},
                                  {"bots": "heuristic"}, {"lang": "de"},
                                  {"auto_belote": "no"}, {"stamp": "../x"}])
def test_resume_refuses_a_hand_edited_table(tmp_path, monkeypatch, edit):
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path))
    path = _saved_game(tmp_path)
    rec = json.loads(path.read_text())
    rec["table"].update(edit)
    path.write_text(json.dumps(rec))
    rc, out, err = _run(["play", "--resume"])
    assert rc == 2
    # French by default (the catalog's cli.saved.*; English before issue 16)
    assert "partie enregistrée : table." in err and "Traceback" not in err + out


def test_resume_with_other_options_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path))
    _saved_game(tmp_path)
    rc, _out, err = _run(["play", "--resume", "--preset", "coinche"])
    assert rc == 2 and "--preset" in err


def test_a_game_record_with_an_unfinished_deal_in_the_middle_is_malformed(tmp_path):
    from belote.engine.errors import RecordError
    from belote.engine.record import game_from_record
    path = _saved_game(tmp_path)
    rec = json.loads(path.read_text())
    cut = json.loads(json.dumps(rec["deals"][0]))
    cut["plays"] = cut["plays"][:10]
    cut.pop("result", None)
    rec["deals"].insert(0, cut)
    with pytest.raises(RecordError, match="not finished but another one follows"):
        game_from_record(rec)


def test_simulate_checks_the_output_path_before_playing():
    rc, _out, err = _run(["simulate", "--deals", "100000", "--out", "/nonexistent/dir/x.jsonl"])
    assert rc == 2 and "écriture impossible" in err  # French by default
