"""Regression tests of the adversarial review's findings (output, messages, records)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).parents[1] / "src")


def belote(*args: str, stdin: bytes | None = None,
           limit_kib: int | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m belote.cli ARGS`` in a child process (this tree's sources first, French by
    default), its files at most ``limit_kib`` KiB when given; outputs decoded from UTF-8."""
    def limit() -> None:
        if limit_kib is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_kib * 1024, limit_kib * 1024))
    env = {**os.environ, "PYTHONPATH": SRC}
    env.pop("BELOTE_LANG", None)
    r = subprocess.run([sys.executable, "-m", "belote.cli", *args], input=stdin,
                       capture_output=True, timeout=120, check=False, env=env,
                       preexec_fn=limit)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode("utf-8"),
                                       r.stderr.decode("utf-8"))


@pytest.mark.parametrize("cmd", [["deal", "--seed", "4"], ["i18n", "export"]])
def test_out_that_cannot_be_written_whole_keeps_the_old_file(tmp_path, cmd):
    """Item 1: ``--out`` writes through a temporary file renamed over the target: a write
    cut short by a file-size limit of 1 KiB (the deal is 1140 bytes, the catalog more) exits 4
    and leaves the old file as it was, and no temporary file behind."""
    target = tmp_path / "d.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    r = belote(*cmd, "--out", str(target), limit_kib=1)
    assert r.returncode == 4, r.stderr
    assert "écriture impossible de" in r.stderr and "fichier trop gros" in r.stderr
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json"]
    r = belote(*cmd, "--out", str(target))  # no limit: written whole, mode kept
    assert r.returncode == 0, r.stderr
    json.loads(target.read_text(encoding="utf-8"))
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json"]


def test_out_through_a_link_replaces_the_target(tmp_path):
    """Item 1: ``--out link`` writes the link's target and keeps the link."""
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    r = belote("deal", "--seed", "4", "--out", str(link))
    assert r.returncode == 0, r.stderr
    assert link.is_symlink()
    assert json.loads(real.read_text(encoding="utf-8"))["format"] == "belote-deal/1"


def test_simulate_out_help_says_the_file_is_emptied_at_start():
    """Item 1: ``simulate --out`` streams its lines; its help says an old file is emptied."""
    r = belote("simulate", "--help", "--lang", "en")
    assert "an existing file is emptied at the start" in " ".join(r.stdout.split())
    r = belote("simulate", "--help")
    assert "un fichier existant est vidé au départ" in " ".join(r.stdout.split())


@pytest.mark.parametrize(("data", "fr", "en"), [
    (b'{"a": "\x01"}', "JSON invalide : caractère de contrôle invalide, ligne 1, colonne 8",
     "is not valid JSON: Invalid control character at at line 1 column 8"),
    (b'{"a": "\\q"}', "JSON invalide : échappement \\ invalide, ligne 1, colonne 8", None),
    (b'{"a": "\\u12"}', "JSON invalide : échappement \\uXXXX invalide, ligne 1, colonne 9",
     None),
    (b"\xef\xbb\xbf\xef\xbb\xbf{}",
     "JSON invalide : marque d'ordre des octets (BOM) inattendue, ligne 1, colonne 1",
     "is not valid JSON: Unexpected UTF-8 BOM (decode using utf-8-sig) at line 1 column 1"),
    (b"[" * 2000 + b"]" * 2000,
     "n'est pas un enregistrement JSON utilisable : imbrication trop profonde",
     "standard input is not a usable JSON record: nested too deep"),
    (b"1" * 5000,
     "n'est pas un enregistrement JSON utilisable : un nombre entier a trop de chiffres",
     "standard input is not a usable JSON record: an integer of too many digits"),
])
def test_decoder_failures_are_worded_by_the_catalog(data, fr, en):
    """Item 2: every failure of Python's JSON decoder, in French from the catalog (by the
    decoder's fixed message or the exception's type, never its English text)."""
    r = belote("check", "-", stdin=data)
    assert r.returncode == 2 and r.stderr.startswith("erreur : l'entrée standard")
    assert fr in r.stderr, r.stderr
    assert not any(w in r.stderr for w in ("Error", "Unexpected", "Exceeds", "Invalid"))
    if en is not None:
        r = belote("check", "-", "--lang", "en", stdin=data)
        assert r.returncode == 2 and en in r.stderr, r.stderr


def test_a_bom_on_a_later_json_lines_line_is_worded_in_french(tmp_path):
    """Item 2: a byte-order mark is accepted at the start of the file only; on line 2 it is
    refused, by its line, in French."""
    deal = belote("deal", "--seed", "1").stdout
    line = json.dumps(json.loads(deal))
    p = tmp_path / "two.jsonl"
    p.write_text(f"{line}\n\ufeff{line}\n", encoding="utf-8")
    r = belote("check", str(p))
    assert r.returncode == 2
    assert r.stderr.strip() == (f"erreur : {p}, ligne 2 : JSON invalide : marque d'ordre des "
                                "octets (BOM) inattendue, ligne 1, colonne 1")


def test_unknown_subcommands_are_worded_by_the_catalog():
    """Item 2: ``belote i18n foo`` and ``i18n expor`` as belote's own unknown commands."""
    r = belote("i18n", "foo")
    assert r.returncode == 2 and r.stderr.strip().endswith("erreur : commande inconnue : « foo »")
    r = belote("i18n", "expor")
    assert r.returncode == 2 and r.stderr.strip().endswith(
        "erreur : commande inconnue : « expor » (vouliez-vous dire 'export' ?)")
    r = belote("i18n", "expor", "--lang", "en")
    assert r.stderr.strip().endswith("Error: No such command 'expor'. Did you mean 'export'?")


@pytest.mark.parametrize(("option", "fr"), [
    ('"sa_ta": null', "option sa_ta : true ou false attendu, pas null"),
    ('"min_bid": true', "option min_bid : un nombre entier ≥ 0 est attendu, pas true"),
    ('"min_bid": NaN', "option min_bid : un nombre entier ≥ 0 est attendu, pas NaN"),
])
def test_python_words_are_json_words_in_french(option, fr):
    """Item 2: a record's value in a French message is worded as JSON (null, true, NaN), not
    as Python (None, True, nan); the English message keeps Python's repr (``str(error)``)."""
    data = ('{"format": "belote-deal/1", "preset": "coinche", "options": {'
            + option + "}}").encode()
    r = belote("check", "-", stdin=data)
    assert r.returncode == 2 and r.stderr.strip() == f"erreur : options : {fr}", r.stderr


def test_as_json_leaves_quoted_text_alone():
    from belote.i18n import _as_json
    assert _as_json("[None, 'None', True]") == "[null, 'None', true]"
    assert _as_json(None) == "null" and _as_json(False) == "false"
    assert _as_json(float("nan")) == "NaN" and _as_json(float("-inf")) == "-Infinity"
    assert _as_json("Nonesuch") == "Nonesuch" and _as_json(3) == 3


def _line(seed: int) -> str:
    """The record of ``deal --seed N`` on one line (as ``simulate --out`` writes it)."""
    r = belote("deal", "--seed", str(seed))
    return json.dumps(json.loads(r.stdout), ensure_ascii=False)


def test_json_lines_split_at_newlines_only():
    """Item 5: a JSON Lines file's lines end at "\\n" (or "\\r\\n") only: U+2028 inside a
    string is part of its line; two records joined by \\f or U+0085 are one bad line."""
    from belote.engine.errors import RecordError
    from belote.engine.record.io import RecordLines, parse_record
    a = json.loads(_line(1))
    b = {**a, "note": "x\u2028y\u0085z"}
    text = json.dumps(a) + "\r\n" + json.dumps(b, ensure_ascii=False) + "\n"
    rec = parse_record(text.encode())
    assert isinstance(rec, RecordLines) and rec.numbers == [1, 2]
    assert rec[1]["note"] == "x\u2028y\u0085z"
    for sep in ("\f", "\u0085", "\u2028"):
        with pytest.raises(RecordError) as e:
            parse_record((json.dumps(a) + sep + json.dumps(a)).encode())
        assert e.value.code == "record.not_json"


DATA = Path(__file__).parent / "data"
LITIGE_GAME = DATA / "litige_then_irregular_game.json"


def test_game_totals_carry_the_litige_over_an_irregular_deal():
    """Item 3: deal 1 (classique, seat 0 takes at hearts) is a litige, 81 – 81: the defence
    marks its 81, the taker's 81 are held (docs/sources.md §7); deal 2 is made by team 0 (seat 2
    takes) with an irregular card, which classique does not penalise (docs/rules-notes.md):
    85 – 77 as played, and the held 81 go to team 0, the team that makes the next contract
    (seed 001): 85 + 81 = 166 for team 0, 81 + 77 = 158 for team 1."""
    r = belote("check", str(LITIGE_GAME))
    assert r.returncode == 1, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].split("Donne")[1].split()[1:4] == ["0", "–", "81"]
    assert lines[1].split()[2:5] == ["85", "–", "77"] and "irrégulière" in lines[1]
    assert "Marqué : 166 – 158" in r.stdout
    data = json.loads(belote("check", str(LITIGE_GAME), "--json").stdout)
    assert data["deals"][0]["held"] == 81 and data["scores"] == [166, 158]


def test_game_totals_follow_the_game_when_every_deal_is_regular():
    """Item 3: ``game_totals`` gives what the game gives (``Game.scores``) on a regular game:
    deal 2 of the game above replaced by the same deal played regularly would be scored by
    ``game_from_record``; here, the first deal alone: the litige's 81 held, 0 – 81."""
    from belote.engine.record import checked_deals, game_from_record, game_totals, parse_game
    rec = json.loads(LITIGE_GAME.read_text(encoding="utf-8"))
    one = {**rec, "deals": rec["deals"][:1]}
    assert game_totals(parse_game(one).rules, checked_deals(one)) == [0, 81]
    assert list(game_from_record(one).scores) == [0, 81]
    assert game_totals(parse_game(rec).rules, checked_deals(rec)) == [166, 158]


def test_a_game_of_no_deal_is_refused(tmp_path):
    """Item 3: ``"deals": []`` is no game to check: bad input (2)."""
    rec = json.loads(LITIGE_GAME.read_text(encoding="utf-8"))
    p = tmp_path / "g.json"
    p.write_text(json.dumps({**rec, "deals": []}), encoding="utf-8")
    r = belote("check", str(p))
    assert r.returncode == 2 and r.stderr.strip() == "erreur : deals : la partie n'a aucune donne"


def test_analyse_reads_the_whole_game_first(tmp_path):
    """Item 4: ``analyse --deal 2`` refuses a game whose deal 1 is malformed, as ``check``
    does: ``deals[0] = 5``; a card seat 0 does not hold (7♥ is seat 1's)."""
    rec = json.loads(LITIGE_GAME.read_text(encoding="utf-8"))
    bad = dict(rec["deals"][0], plays=["7H", *rec["deals"][0]["plays"][1:]])
    for deals, said in (([5, rec["deals"][1]],
                         "erreur : deals[0] : une donne s'enregistre dans un objet JSON"),
                        ([bad, rec["deals"][1]],
                         "erreur : deals[0] : plays[0] : le siège 0 n'a pas 7♥")):
        p = tmp_path / "g.json"
        p.write_text(json.dumps({**rec, "deals": deals}), encoding="utf-8")
        for cmd in (["check", str(p)], ["analyse", str(p), "--deal", "2"]):
            r = belote(*cmd)
            assert r.returncode == 2 and r.stderr.strip() == said, (cmd, r.stderr)


@pytest.mark.parametrize("number", [0, -1, 3])
def test_choose_deal_counts_from_one(number):
    """Item 4: ``--deal N`` names deal 1..N of the game: 0 and below are refused, not read
    from the end."""
    from belote.engine.errors import RecordError
    from belote.engine.record import choose_deal
    rec = json.loads(LITIGE_GAME.read_text(encoding="utf-8"))
    with pytest.raises(RecordError) as e:
        choose_deal(rec, number, True)
    assert e.value.code == "record.choose_deal_not"
    assert e.value.params == {"count": 2, "given": number}
    assert choose_deal(rec, 2, True) == rec["deals"][1]


@pytest.mark.parametrize(("value", "shown_fr"), [
    ('"3-3-2"', '"3-3-2"'), ('[3, "3"]', '[3, "3"]'), ("[]", "[]"), ("[true]", "[true]")])
def test_packets_that_are_not_sizes_are_refused_as_such(value, shown_fr):
    """Item 8: a record's ``packets`` that is not a list of whole numbers is refused for that,
    not as packets of 1 or 4 cards (002 §IV.C is about sizes)."""
    data = ('{"format": "belote-deal/1", "preset": "coinche", "options": {"packets": '
            + value + "}}").encode()
    r = belote("check", "-", stdin=data)
    assert r.returncode == 2 and r.stderr.strip() == (
        "erreur : options : option packets : une liste de tailles de paquets comme [3, 3, 2] "
        f"attendue, pas {shown_fr}"), r.stderr
    from belote.engine import Rules, RulesError
    with pytest.raises(RulesError) as e:
        Rules.preset("coinche", packets=json.loads(value))
    assert e.value.code == "rules.packets_not_sizes"
    with pytest.raises(RulesError) as e:
        Rules.preset("coinche", packets=[3, 1, 4])  # whole numbers, not 2 or 3: 002 §IV.C
    assert e.value.code == "rules.bad_packets"


def test_a_message_whose_params_do_not_fill_it_is_the_error_s_text():
    """Item 7: an error made by hand with a catalog code but without its params is worded
    as ``str(error)``, not a KeyError."""
    from belote import i18n
    from belote.engine import BeloteError
    e = BeloteError("my own words", code="rules.bad_packets")  # its {value} missing
    assert i18n.message(e, "fr") == "my own words" == i18n.message(e, "en")


def test_a_negative_card_mask_is_refused():
    """Item 7: a mask is a set of cards (an int >= 0); -1 would loop forever."""
    from belote import i18n
    from belote.engine import CardError
    from belote.engine.cards import hand_str, iter_cards
    for call in (lambda: iter_cards(-1), lambda: hand_str(-1)):
        with pytest.raises(CardError) as e:
            call()
        assert e.value.code == "card.bad_mask" and e.value.params == {"value": -1}
    assert i18n.message(e.value, "fr") == "un masque de cartes est un nombre entier >= 0, pas -1"
    assert list(iter_cards(0b1011)) == [0, 1, 3] and hand_str(0) == ""


@pytest.mark.parametrize("seed", ["abc", True, 1.5])
def test_a_game_seed_is_an_int(seed):
    """Item 7: a seed that a game record cannot hold (``record.bad_seed``) is refused when
    the game is made."""
    from belote.engine import BeloteError, Game, Rules
    with pytest.raises(BeloteError) as e:
        Game(Rules.preset("classique"), seed=seed)
    assert e.value.code == "game.bad_seed" and isinstance(e.value, ValueError)
    assert Game(Rules.preset("classique"), seed=7).seed == 7


def test_the_record_cap_holds_about_90000_random_deals(tmp_path):
    """Item 6: docs/records.md's figure: ``simulate --bots random --out`` (seed 1, 3,000
    deals) averages 743 bytes a line, so 64 MiB hold about 90,000 of them (not 100,000)."""
    from belote.engine.record.io import MAX_RECORD_BYTES
    p = tmp_path / "r.jsonl"
    r = belote("simulate", "--bots", "random", "--deals", "3000", "--seed", "1", "--out", str(p))
    assert r.returncode == 0, r.stderr
    lines = p.read_bytes().count(b"\n")
    mean = p.stat().st_size / lines
    assert lines == 3000 and round(mean) == 743
    assert round(MAX_RECORD_BYTES / mean, -4) == 90000
    docs = (Path(__file__).parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
    assert "about 90,000 deal records" in docs and "averages 743 bytes" in docs
