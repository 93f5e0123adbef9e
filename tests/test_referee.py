"""The referee and the record reader (issue 16, item 7): every irregularity listed and the deal
scored by the preset's rule; a malformed record refused whole (exit 2); a size limit; one
reader (a byte-order mark accepted everywhere); a round trip that keeps the verdict; typed
codes worded in both languages."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from belote import i18n
from belote.cli import app
from belote.engine import RecordError
from belote.engine.record import (
    check_deal,
    choose_deal,
    deal_from_record,
    load_json,
    parse_game,
    parse_record,
    read_file,
    report_to_record,
)
from belote.engine.record import io as record_io

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def _example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def _run(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def _raises(rec) -> RecordError:
    with pytest.raises(RecordError) as exc:
        check_deal(rec)
    return exc.value


# -- every irregularity, scored by the preset's rule ---------------------------------------

def test_a_false_belote_claim_does_not_hide_the_revoke_nor_the_160_point_penalty():
    """ffb-irregular: trump ♦; seat 1 holds K♦ but not Q♦ (hand TS QS AH JH KD JC 9C 7C), so
    "belote": [1] is a false claim; at trick 1 seat 1 plays 10♠ on 8♣ holding J♣ 9♣ 7♣: it
    had to follow suit (002 §IV). 002 §VIII.B: the revoke found at the end of the deal makes it
    lost for the faulty team 1, 160 points to team 0, whatever else is irregular: 160–0."""
    rec = dict(_example("ffb-irregular.json"), belote=[1])
    report = check_deal(rec)
    found = [(i["kind"], i["seat"], i["trick"], i["rule"]) for i in report.irregularities]
    assert found == [("belote", 1, None, "belote_not_held"), ("card", 1, 1, "follow_suit")]
    assert report.result is not None and report.result.score == [160, 0]
    data = report.to_json()
    assert data["irregularity"]["rule"] == "belote_not_held"  # the first, as tools read it
    assert [i["rule"] for i in data["irregularities"]] == ["belote_not_held", "follow_suit"]
    assert data["penalty"] == 1 and data["score"] == [160, 0]
    r = _run("check", "--lang", "en", "--json", str(_write(rec)))
    assert r.exit_code == 1 and json.loads(r.stdout)["score"] == [160, 0]
    r = _run("check", str(_write(rec)))
    assert r.exit_code == 1 and r.stdout.count("Donne irrégulière") == 2, r.stdout


def test_every_irregular_card_is_listed_in_play_order():
    """retourne_tout_atout (004, Tout Atout) with plays 4 and 30 swapped: seat 0 leads 7♦ at
    trick 2; seat 1 (A♦ 10♦), seat 2 (V♦ 8♦) and seat 3 (9♦ D♦) each hold a diamond and
    play a heart: three refusals to follow suit, all listed, in the order played."""
    rec = json.loads((ROOT / "tests/golden/retourne_tout_atout.json").read_text())
    plays = rec["plays"]
    plays[4], plays[30] = plays[30], plays[4]
    report = check_deal(rec)
    assert [(i["seat"], i["trick"], i["card"], i["rule"]) for i in report.irregularities] == [
        (1, 2, "AH", "follow_suit"), (2, 2, "QH", "follow_suit"), (3, 2, "KH", "follow_suit")]
    assert [i["index"] for i in report.irregularities] == [5, 6, 7]


# -- a malformed record is refused whole -----------------------------------------------------

@pytest.mark.parametrize(("change", "where", "code"), [
    ({"bids": ["70 S", 42]}, "bids[1]", "record.bid_not_string"),  # after an irregular bid
    ({"plays": [1, None]}, "plays[0]", "record.card_not_string"),
    ({"bids": ["pass"] * 4, "plays": [], "belote": {"a": 1}}, "belote", "record.bad_belote"),
    ({"bids": ["pass"] * 4, "plays": [], "annonces": 7}, "annonces", "record.bad_annonces"),
])
def test_the_whole_deal_record_is_read_before_refereeing(change, where, code):
    rec = dict(_example("ffb-irregular.json"), **change)
    e = _raises(rec)
    assert (e.where, e.code) == (where, code)
    assert _run("check", str(_write(rec))).exit_code == 2


@pytest.mark.parametrize(("change", "where", "code"), [
    ({"preset": "nope"}, "preset", "record.unknown_preset"),
    ({"seed": "abc"}, "seed", "record.bad_seed"),
])
def test_a_game_with_an_irregular_deal_still_has_its_game_keys_checked(change, where, code):
    game = {"format": "belote-game/1", "preset": "ffb", "options": {}, "seed": 1,
            "first_dealer": 3, "deals": [_example("ffb-irregular.json")], **change}
    with pytest.raises(RecordError) as exc:
        parse_game(game)
    assert (exc.value.where, exc.value.code) == (where, code)
    r = _run("check", str(_write(game)))
    assert r.exit_code == 2, r.output


# -- reading: a size limit, one reader, JSON Lines errors ---------------------------------

def test_what_is_read_is_capped(monkeypatch, tmp_path):
    monkeypatch.setattr(record_io, "MAX_RECORD_BYTES", 10)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 11)
    with pytest.raises(RecordError) as exc:
        read_file(str(big))
    assert exc.value.code == "record.too_large"
    with pytest.raises(RecordError):
        record_io.read_stream(io.BytesIO(b"y\n" * 100))
    r = _run("check", "-", input="y\n" * 100)
    assert r.exit_code == 2 and "standard input" not in r.output
    assert "l'entrée standard dépasse" in r.output


def test_the_cap_stops_reading_at_once():
    class Endless(io.RawIOBase):
        """A stream of spaces that never ends (what ``/dev/zero`` would be if it were read)."""

        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:
            buffer[:] = b" " * len(buffer)
            return len(buffer)

    assert record_io.MAX_RECORD_BYTES == 64 * 1024 * 1024
    with pytest.raises(RecordError) as exc:
        record_io.read_stream(io.BufferedReader(Endless()), "endless")
    assert exc.value.code == "record.too_large"


@pytest.mark.parametrize("make", ["fifo", "device"])
def test_a_fifo_with_no_writer_or_a_device_is_not_waited_on(tmp_path, make):
    """A FIFO with no writer would block a plain ``open`` for ever, ``/dev/zero`` never end:
    ``check`` (``analyse``, ``verify``: the same reader) answers at once, exit 2: the FIFO
    read as empty (not JSON), the device stopped at the cap."""
    import os
    import subprocess
    import sys
    path, code = "/dev/zero", "record.too_large"
    if make == "fifo":
        path, code = str(tmp_path / "record.fifo"), "record.not_json"
        os.mkfifo(path)
    # first in a child with a deadline: a reader that waits fails here, not by hanging
    done = subprocess.run([sys.executable, "-m", "belote.cli", "check", path, "--json"],
                          capture_output=True, text=True, timeout=50, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert json.loads(done.stdout)["code"] == code
    if make == "fifo":
        assert read_file(path) == b""  # no writer: at its end at once
    else:
        with pytest.raises(RecordError) as exc:
            read_file(path)
        assert exc.value.code == code


def test_a_pipe_s_path_and_standard_input_are_read():
    """``belote check <(cat record)`` hands a ``/dev/fd/N`` path of a pipe whose writer is
    still writing: it is read to its end, as ``-`` reads standard input."""
    import os
    import threading
    rec = json.dumps(_example("coinche.json"))
    for read in ("read_file", "check"):
        r, w = os.pipe()

        def write(fd: int = w) -> None:
            with open(fd, "wb") as out:
                out.write(rec.encode())

        writer = threading.Thread(target=write)
        writer.start()
        try:
            if read == "read_file":
                assert read_file(f"/dev/fd/{r}") == rec.encode()
            else:
                done = _run("check", f"/dev/fd/{r}", "--json")
                assert done.exit_code == 0, done.output
                assert json.loads(done.output)["legal"] is True
        finally:
            writer.join(timeout=50)
            os.close(r)
    assert _run("check", "-", input=rec).exit_code == 0


def test_one_reader_accepts_a_byte_order_mark_everywhere(tmp_path, monkeypatch):
    rec = _example("coinche.json")
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps(rec).encode())
    assert load_json(str(p)) == rec
    # play --resume reads its save through load_json (belote.table.store)
    from belote.engine.game import Game
    from belote.engine.record import dumps, game_to_record
    from belote.engine.rules import Rules
    from belote.table import store as storage
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path / "data"))
    game = Game(Rules.preset("coinche"), seed=3)
    store = storage.FileStore()
    store.save("resumed", game, {})
    path = store.current_path
    path.write_bytes(b"\xef\xbb\xbf" + dumps(game_to_record(game)).encode())
    resumed = store.load().game
    assert game_to_record(resumed) == game_to_record(game)


def test_an_error_inside_a_json_lines_file_has_a_code_and_its_line():
    head = json.dumps(_example("coinche.json"))
    with pytest.raises(RecordError) as exc:
        parse_record(f"{head}\n\n{{\n".encode(), "x.jsonl")
    e = exc.value
    assert e.code == "record.line_not_json" and e.params["line"] == 3
    assert i18n.message(e, "en") == str(e) == \
        "x.jsonl, line 3 is not valid JSON: Expecting property name enclosed in double " \
        "quotes at line 1 column 2"
    assert i18n.message(e, "fr") == "x.jsonl, ligne 3 : JSON invalide : nom de clé entre " \
        "guillemets attendu, ligne 1, colonne 2"
    with pytest.raises(RecordError) as exc:
        parse_record(f"{head}\n[1]\n".encode(), "x.jsonl")
    assert exc.value.code == "record.line_not_object" and exc.value.params["line"] == 2
    lines = parse_record(f"{head}\n{head}\n".encode(), "x.jsonl")
    with pytest.raises(RecordError) as exc:
        choose_deal(lines, 5, games=True)
    assert exc.value.code == "record.choose_line_not"
    assert i18n.message(exc.value, "fr") == \
        "ce fichier contient 2 donnes (une par ligne) : choisissez-en une avec --deal 1..2 " \
        "(pas 5)"


# -- writing keeps the verdict -------------------------------------------------------------

def test_writing_a_checked_record_keeps_a_false_belote_claim():
    """coinche.json, "belote": [0]: seat 0 does not hold the K+Q of trump: irregular; the
    record written from the report says the same claim, so reading it back is irregular."""
    rec = dict(_example("coinche.json"), belote=[0])
    report = check_deal(rec)
    assert [i["rule"] for i in report.irregularities] == ["belote_not_held"]
    again = check_deal(json.loads(json.dumps(report_to_record(report))))
    assert again.irregularities == report.irregularities
    assert again.result is not None and report.result is not None
    assert again.result.score == report.result.score


# -- analyse and replay ----------------------------------------------------------------------

def test_an_irregular_card_loses_no_negative_points():
    from belote.table.analysis import analyse_deal
    rec = json.loads((ROOT / "tests/golden/retourne_tout_atout.json").read_text())
    plays = rec["plays"]
    plays[4], plays[30] = plays[30], plays[4]
    rows = analyse_deal(check_deal(rec).deal)
    assert all(r.loss >= 0 for r in rows)
    irregular = [r for r in rows if r.irregular]
    assert len(irregular) == 3
    assert any(r.played > r.best and r.loss == 0 for r in irregular)


def test_replay_shows_an_annonce_declared_when_the_record_stops_before_the_card():
    """annonces.json: seat 1 declares its belote-carré… (TH JH QH KH) with its first card;
    the record stops after seat 0's first card: seat 1 has declared, not played."""
    from belote.engine.actions import Declare
    from belote.tui.replay import deal_steps
    rec = _example("annonces.json")
    rec["plays"] = rec["plays"][:1]
    steps = deal_steps(rec)
    seat, last = steps.actions[-1]
    assert seat == 1 and isinstance(last, Declare)


# -- codes worded in both languages ---------------------------------------------------------

@pytest.mark.parametrize(("rec", "french"), [
    ({"format": "belote-deal/1"}, "preset : clé manquante"),
    ({**_example("coinche.json"), "dealer": "3"}, "dealer : type entier attendu, pas texte"),
    ({**_example("coinche.json"), "dealer": 9}, "dealer : le donneur est un siège de 0 à 3"),
    ({**_example("coinche.json"), "hands": ["JH"]}, "hands : 4 mains attendues, pas 1"),
    ({**_example("coinche.json"), "preset": "x"},
     "preset : préréglage inconnu 'x' : au choix concours, classique, annonces, contree, "
     "coinche, ffb, simplifiee, retourne"),
    ({**_example("coinche.json"), "format": "belote-deal/9"},
     "format : format inconnu 'belote-deal/9' : cette version lit 'belote-deal/1'"),
    ({**_example("coinche.json"), "plays": ["AS"] * 40}, "plays[0] : le siège 0 n'a pas A♠"),
    ({**_example("coinche.json"), "bids": [3]}, "bids[0] : une enchère est un texte"),
    ({**_example("retourne.json"), "turned": None},
     "turned : une donne à deux tours demande la retourne"),
    ([1], "une donne s'enregistre dans un objet JSON"),
])
def test_a_record_error_reads_in_french_as_the_cli_printed_it(rec, french):
    """The French the CLI printed for these errors before the catalog (its translations of
    the English messages), now the catalog's wording of each code."""
    e = _raises(rec)
    assert e.code.startswith("record.") and i18n.has(e.code, "fr")
    assert i18n.message(e, "en") == str(e)
    assert i18n.message(e, "fr") == french


@pytest.mark.parametrize(("path", "french"), [
    ("/nonexistent/x.json", "fichier introuvable : /nonexistent/x.json"),
    ("/", "/ est un dossier, pas un fichier d'enregistrement"),
])
def test_a_file_error_reads_in_french_as_the_cli_printed_it(path, french):
    with pytest.raises(RecordError) as exc:
        read_file(path)
    e = exc.value
    assert i18n.message(e, "en") == str(e)
    assert i18n.message(e, "fr") == french


def _write(rec) -> Path:
    import tempfile
    fd, name = tempfile.mkstemp(suffix=".json")
    with open(fd, "w", encoding="utf-8") as f:
        json.dump(rec, f)
    return Path(name)


def test_resuming_an_irregular_deal_raises_one_record_error_with_one_code():
    """examples/ffb-irregular.json: seat 1 discards on a club lead (docs/sources.md §4.1: follow
    suit if able). deal_from_record refuses it as a RecordError ``record.irregular_deal``, not
    an IllegalAction: one code, one type, at the deal and in a game."""
    from belote.engine import IllegalAction
    from belote.engine.record import game_from_record
    rec = json.loads((EXAMPLES / "ffb-irregular.json").read_text(encoding="utf-8"))
    with pytest.raises(RecordError) as info:
        deal_from_record(rec)
    assert not isinstance(info.value, IllegalAction)
    assert info.value.code == "record.irregular_deal"
    assert info.value.params["kind"] == "card" and info.value.params["seat"] == 1
    assert info.value.params["irregularity"]["code"] == "irregular.follow_suit"
    assert str(info.value) == "irregular card by seat 1: had to follow suit: Clubs was led"
    game = {"format": "belote-game/1", "preset": rec["preset"], "first_dealer": rec["dealer"],
            "deals": [rec]}
    with pytest.raises(RecordError) as info:
        game_from_record(game)
    assert info.value.code == "record.irregular_deal" and info.value.places == ("deals[0]",)
