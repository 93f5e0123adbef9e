"""The ``belote`` command line: check, legal, rules, deal, and --help of every command.

Exit codes (cli.py, docs): 0 regular / success, 1 irregular deal (``check``), 2 bad input.
Most tests run ``belote.cli.app`` in-process with typer's CliRunner; a few run the installed
``belote`` command in a subprocess.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from belote.cli import app
from belote.engine import PRESET_NAMES, Rules

GOLDEN = Path(__file__).parent / "golden"
REGULAR = GOLDEN / "ffb_made_rounded.json"
IRREGULAR = GOLDEN / "ffb_irregular_taker_no_ruff.json"
CHECK_KEYS = {"legal", "irregularity", "trump", "taker", "made", "litige", "capot", "points",
              "score", "held"}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def no_traceback(result) -> None:
    text = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert "Traceback" not in text
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)


# -- check ---------------------------------------------------------------------------------

def test_check_regular_exit_0(runner):
    r = run(runner, "check", str(REGULAR))
    assert r.exit_code == 0, r.output
    assert "régulière" in r.stdout
    r = run(runner, "check", str(REGULAR), "--lang", "en")
    assert r.exit_code == 0 and "Regular deal." in r.stdout


def test_check_regular_json(runner):
    r = run(runner, "check", str(REGULAR), "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert set(data) >= CHECK_KEYS
    assert data["legal"] is True and data["irregularity"] is None
    # 002 §VII.A.1 by hand (tests/golden/ffb_made_rounded.expected.json): 92 -> 90, 70
    assert data["trump"] == "H" and data["taker"] == 0 and data["made"] is True
    assert data["points"] == [92, 70] and data["score"] == [90, 70]
    assert data["litige"] is False and data["capot"] is False and data["held"] == 0


def test_check_irregular_exit_1(runner):
    r = run(runner, "check", str(IRREGULAR), "--json")
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert data["legal"] is False
    irr = data["irregularity"]
    assert (irr["seat"], irr["trick"], irr["card"], irr["rule"]) == (1, 3, "7D", "must_ruff")
    assert data["score"] == [160, 0]   # 002 §VIII.B
    r = run(runner, "check", str(IRREGULAR), "--lang", "en")
    assert r.exit_code == 1
    assert "Irregular deal" in r.stdout and "(7♦)" in r.stdout and "trick 3" in r.stdout
    # the report speaks of the seat ("you must trump" is the table's word to the player)
    text = " ".join(r.stdout.split())
    assert "seat 1, trick 3 (7♦): had to trump: no card of the suit led" in text, text
    text = " ".join(run(runner, "check", str(IRREGULAR)).stdout.split())
    assert "siège 1, pli 3 (7♦) : devait couper : pas de carte de la couleur demandée" in text
    assert irr["message"].startswith("had to trump")


def test_check_litige_and_capot_json(runner):
    data = json.loads(run(runner, "check", str(GOLDEN / "classique_litige.json"),
                          "--json").stdout)
    assert data["litige"] is True and data["made"] is None and data["held"] == 81
    data = json.loads(run(runner, "check", str(GOLDEN / "concours_capot_with_belote.json"),
                          "--json").stdout)
    assert data["capot"] is True and data["score"] == [272, 0]


def test_check_stdin(runner):
    r = run(runner, "check", "-", "--json", input=REGULAR.read_text(encoding="utf-8"))
    assert r.exit_code == 0
    assert json.loads(r.stdout)["score"] == [90, 70]


@pytest.mark.parametrize("content", [
    '{"format": "belote-deal/1", "preset": ',           # bad JSON
    '[1, 2, 3]',                                         # not an object
    '{"format": "belote-deal/9"}',                       # wrong version
])
def test_check_malformed_exit_2(runner, tmp_path, content):
    p = tmp_path / "bad.json"
    p.write_text(content, encoding="utf-8")
    r = run(runner, "check", str(p))
    assert r.exit_code == 2
    no_traceback(r)
    assert r.stderr.strip()
    r = run(runner, "check", str(p), "--json")
    assert r.exit_code == 2
    assert "error" in json.loads(r.stdout)


def test_check_malformed_names_where(runner, tmp_path):
    rec = json.loads(REGULAR.read_text(encoding="utf-8"))
    rec["plays"][5] = "ZZ"
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(rec), encoding="utf-8")
    r = run(runner, "check", str(p))
    assert r.exit_code == 2
    no_traceback(r)
    assert "plays[5]" in r.stderr
    rec = json.loads(REGULAR.read_text(encoding="utf-8"))
    del rec["hands"]
    p.write_text(json.dumps(rec), encoding="utf-8")
    r = run(runner, "check", str(p), "--json")
    assert r.exit_code == 2
    assert "hands" in json.loads(r.stdout)["error"]
    assert json.loads(r.stdout)["code"] == "record.missing_key"  # the error's stable code


def test_check_missing_file_exit_2(runner, tmp_path):
    r = run(runner, "check", str(tmp_path / "nothing.json"))
    assert r.exit_code == 2
    no_traceback(r)
    assert "nothing.json" in r.stderr


# -- legal ---------------------------------------------------------------------------------

def legal_json(runner, *args: str) -> list[str]:
    r = run(runner, "legal", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_legal_overtrump_and_underruff(runner):
    # spades led, an opponent ruffed with TH; the player has no spade (docs/sources.md §4)
    hand = "9H 7H AD 8C"
    # must overtrump with 9H (002 §VI.4), in every preset
    assert legal_json(runner, "--preset", "ffb", "--trump", "H", "--hand", hand,
                      "--trick", "AS TH") == ["9H"]
    hand = "8H 7H AD 8C"
    # cannot overtrump: classique must underruff (001), ffb may discard (002 §VI.5)
    assert legal_json(runner, "--preset", "classique", "--trump", "H", "--hand", hand,
                      "--trick", "AS TH") == ["8H", "7H"]
    assert legal_json(runner, "--preset", "ffb", "--trump", "H", "--hand", hand,
                      "--trick", "AS TH") == ["8H", "7H", "AD", "8C"]
    # the option overrides the preset
    assert legal_json(runner, "--preset", "ffb", "--trump", "H", "--hand", hand,
                      "--trick", "AS TH", "-o", "must_underruff=true") == ["8H", "7H"]


def test_legal_text_output(runner):
    r = run(runner, "legal", "--preset", "classique", "--trump", "H", "--hand", "9H 7H AD",
            "--trick", "8H", "--lang", "en")
    assert r.exit_code == 0
    assert r.stdout.split() == ["9♥"]          # trump led: go higher (001); codes: --json
    r = run(runner, "legal", "--preset", "classique", "--trump", "H", "--hand", "9H 7H AD",
            "--trick", "8H")
    assert r.exit_code == 0
    assert r.stdout.split() == ["9♥"]          # French display


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_legal_every_preset(runner, preset):
    rules = Rules.preset(preset)
    # leader: any card
    assert legal_json(runner, "--preset", preset, "--trump", "S",
                      "--hand", "AH 7D JS") == ["AH", "7D", "JS"]
    # must follow suit (002 §VI.1)
    assert legal_json(runner, "--preset", preset, "--trump", "S", "--hand", "AH 7D JS",
                      "--trick", "8D") == ["7D"]
    # cannot follow, opponent master with a plain card: must ruff (002 §VI.2)
    assert legal_json(runner, "--preset", preset, "--trump", "S", "--hand", "AH 7S",
                      "--trick", "8D") == ["7S"]
    # cannot follow, partner master: free (002 §VI.2)
    assert legal_json(runner, "--preset", preset, "--trump", "S", "--hand", "AH 7S",
                      "--trick", "AD 8D") == ["AH", "7S"]
    # plain suit followed: beat the winning card only in simplifiee (003)
    got = legal_json(runner, "--preset", preset, "--trump", "S", "--hand", "AD 7D",
                     "--trick", "KD")
    assert got == (["AD"] if rules.must_beat_in_suit else ["AD", "7D"])
    if rules.deck == 36:
        assert legal_json(runner, "--preset", preset, "--trump", "S", "--hand", "6D AH",
                          "--trick", "7D") == ["6D"]


def test_legal_sa_ta(runner):
    # Tout Atout: must beat the winning card (002 annex); retourne allows SA / TA
    assert legal_json(runner, "--preset", "retourne", "--trump", "TA", "--hand", "9D 8D",
                      "--trick", "AD") == ["9D"]
    # Sans Atout: no ruffing, cannot follow -> free
    assert legal_json(runner, "--preset", "retourne", "--trump", "SA", "--hand", "9S 8C",
                      "--trick", "AD") == ["9S", "8C"]


@pytest.mark.parametrize("args,needle", [
    (["--hand", "ZZ AH"], "ZZ"),                     # bad card
    (["--hand", "AH AH"], "AH"),                     # repeated card
    (["--hand", "AH 7D", "--trick", "AH"], "AH"),    # in the hand and on the trick
    (["--hand", "AH", "--trick", "7D 8D 9D TD"], "3"),   # a trick holds at most 3 cards
    (["--hand", "6H AH"], "6H"),                     # no sixes in a 32-card game
    (["--hand", ""], "la main est vide"),           # French by default
    (["--hand", "7S 8S 9S TS JS QS KS AS 7D"], "au plus 8 cartes"),  # 9 cards in a 32-card game
])
def test_legal_bad_input_exit_2(runner, args, needle):
    r = run(runner, "legal", "--preset", "classique", "--trump", "H", *args)
    assert r.exit_code == 2
    no_traceback(r)
    assert needle in r.stderr


def test_legal_bad_trump_preset_option_exit_2(runner):
    for args in (["--trump", "X"], ["--trump", "SA"], ["--trump", "H", "--preset", "manille"],
                 ["--trump", "H", "-o", "no_such_option=1"]):
        full = ["legal", "--hand", "AH"] + args
        if "--preset" not in args:
            full += ["--preset", "classique"]
        r = runner.invoke(app, full)
        assert r.exit_code == 2, (args, r.output)
        no_traceback(r)
        assert r.stderr.strip()


# -- rules, deal ---------------------------------------------------------------------------

def test_rules_text_and_json(runner):
    r = runner.invoke(app, ["rules"], env={"COLUMNS": "220"})   # wide: no folded names
    assert r.exit_code == 0
    for name in PRESET_NAMES:
        assert name in r.stdout
    r = run(runner, "rules", "--json")
    data = json.loads(r.stdout)
    assert set(data) == set(PRESET_NAMES)
    assert data["classique"]["must_underruff"] is True        # docs/sources.md §10
    assert data["ffb"]["must_underruff"] is False
    assert data["simplifiee"]["deck"] == 36
    r = run(runner, "rules", "ffb", "--json", "-o", "sa_ta=true")
    assert json.loads(r.stdout)["ffb"]["sa_ta"] is True
    r = run(runner, "rules", "manille")
    assert r.exit_code == 2
    no_traceback(r)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_deal_then_check(runner, tmp_path, preset):
    r = run(runner, "deal", "--preset", preset, "--seed", "7")
    assert r.exit_code == 0, r.output
    rec = json.loads(r.stdout)
    assert rec["format"] == "belote-deal/1" and rec["preset"] == preset
    again = run(runner, "deal", "--preset", preset, "--seed", "7")
    assert again.stdout == r.stdout                     # same seed, same deal
    p = tmp_path / "deal.json"
    out = run(runner, "deal", "--preset", preset, "--seed", "7", "--out", str(p))
    assert out.exit_code == 0
    assert json.loads(p.read_text(encoding="utf-8")) == rec
    c = run(runner, "check", str(p), "--json")
    assert c.exit_code == 0
    data = json.loads(c.stdout)
    assert data["legal"] is True
    if not data["passed_out"]:
        assert data["score"] is not None


def test_deal_bad_preset_exit_2(runner):
    r = run(runner, "deal", "--preset", "manille")
    assert r.exit_code == 2
    no_traceback(r)


COMMANDS = ["check", "legal", "rules", "deal"]


@pytest.mark.parametrize("command", COMMANDS + ["play", "simulate"])
def test_help_of_every_command(runner, command):
    r = run(runner, command, "--help")
    assert r.exit_code == 0
    assert "Usage" in r.stdout and command in r.stdout


def test_main_help(runner):
    r = run(runner, "--help")
    assert r.exit_code == 0
    for c in COMMANDS:
        assert c in r.stdout


# -- the installed command ----------------------------------------------------------------

def belote_cmd() -> list[str]:
    exe = shutil.which("belote")
    return [exe] if exe else [sys.executable, "-m", "belote.cli"]


def test_subprocess_check_exit_codes(tmp_path):
    ok = subprocess.run(belote_cmd() + ["check", str(REGULAR), "--json"], capture_output=True,
                        check=False, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["score"] == [90, 70]
    bad = subprocess.run(belote_cmd() + ["check", str(IRREGULAR)], capture_output=True, check=False,
                         text=True, timeout=60)
    assert bad.returncode == 1
    p = tmp_path / "broken.json"
    p.write_text("{", encoding="utf-8")
    err = subprocess.run(belote_cmd() + ["check", str(p)], capture_output=True, check=False,
                         text=True, timeout=60)
    assert err.returncode == 2
    assert "Traceback" not in err.stderr and err.stderr.strip()


def test_check_game_saved_mid_deal_shows_contract_and_state(runner, tmp_path):
    """A game saved during a deal (``belote play``, then q): the deal's line names the
    contract and says the deal is not finished, with the card points won so far."""
    from belote.engine import Rules
    from belote.engine.game import Game
    from belote.engine.record import game_to_record
    g = Game(Rules.preset("coinche"), seed=4, first_dealer=0)
    for a in ("90 S", "pass", "pass", "pass"):
        g.play(a)
    for _ in range(4):  # one trick
        g.play(g.legal_actions()[0])
    p = tmp_path / "mid.json"
    p.write_text(json.dumps(game_to_record(g)), encoding="utf-8")
    pts = g.current.points
    for lang, words in (("fr", ("Contrat", "90 ♠", "siège 1", "Donne non terminée")),
                        ("en", ("Contract", "90 ♠", "seat 1", "Deal not finished"))):
        r = run(runner, "check", str(p), "--lang", lang)
        assert r.exit_code == 0, r.output
        text = " ".join(r.output.split())
        for w in words:
            assert w in text, (w, text)
        assert f"{pts[0]} – {pts[1]}" in text


def test_check_game_line_keeps_the_rule_key_in_brackets(runner, tmp_path):
    """The one-line-per-deal summary of a game record printed "… la dame d'atout . Contrat":
    rich took "[belote_not_held]" for a style and dropped it."""
    from belote.engine import Rules
    from belote.engine.game import Game
    from belote.engine.record import belote_holders, game_to_record
    g = Game(Rules.preset("coinche"), seed=4, first_dealer=0)
    for a in ("90 S", "pass", "pass", "pass"):
        g.play(a)
    rec = game_to_record(g)
    seat = next(s for s in range(4) if s not in belote_holders(g.current))
    rec["deals"][0]["belote"] = [seat]
    p = tmp_path / "said.json"
    p.write_text(json.dumps(rec), encoding="utf-8")
    r = run(runner, "check", str(p))
    assert r.exit_code == 1
    line = " ".join(r.stdout.split())
    # the rule in brackets, in French as the catalog names it (a new user read the English
    # key "[belote_not_held]" on a French screen); in English the key itself
    assert (f"Donne irrégulière : le siège {seat} a dit belote sans avoir le roi et la dame "
            "d'atout [belote sans roi et dame]. Contrat : 90 ♠") in line, line
    r = run(runner, "check", str(p), "--lang", "en")
    assert r.exit_code == 1
    assert ("said belote without holding the king and queen of trump [belote_not_held]."
            in " ".join(r.stdout.split())), r.stdout


def test_frequent_errors_are_in_french_by_default(runner):
    """The CLI speaks French by default: the most frequent errors (files, JSON, presets,
    options, bots) read in French; with --lang en in English."""
    for args, fr, en in (
            (["check", "nosuch.json"], "fichier introuvable : nosuch.json",
             "no such file: nosuch.json"),
            (["rules", "nope"], "préréglage inconnu 'nope' : au choix concours",
             "unknown preset 'nope': expected one of concours"),
            (["rules", "coinche", "-o", "target=abc"],
             "option target : un nombre entier est attendu, pas 'abc'",
             "option target: expected a whole number, got 'abc'"),
            (["arena", "--a", "nobot", "--deals", "1"], "bot inconnu 'nobot' : au choix",
             "unknown bot 'nobot': expected one of")):
        r = run(runner, *args)
        assert r.exit_code == 2 and fr in " ".join(r.output.split()), (args, r.output)
        if args[0] != "rules":  # rules has --lang too, but keep the list short
            r = run(runner, *args, "--lang", "en")
            assert r.exit_code == 2 and en in " ".join(r.output.split()), (args, r.output)


def test_less_frequent_errors_in_french_too(runner, tmp_path):
    """Options out of range, bad cards, a record's structure, a bot level, no saved game: in
    French by default (the key or option named first), in English with --lang en."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"dealer": 0}', encoding="utf-8")
    empty_game = tmp_path / "game.json"
    empty_game.write_text(json.dumps({"format": "belote-game/1", "preset": "coinche",
                                      "options": {}, "seed": 1, "first_dealer": 0,
                                      "deals": []}), encoding="utf-8")
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes('{"a": "é"}'.encode("latin-1"))
    for args, fr, en in (
            (["analyse", str(empty_game), "--deal", "1"], "deals : la partie n'a aucune donne",
             "deals: the game record has no deal"),
            (["check", str(latin1)], "n'est pas un texte UTF-8 : octet de continuation invalide",
             "is not UTF-8 text: invalid continuation byte"),
            (["rules", "ffb", "-o", "scoring=bogus"],
             "option scoring : 'bogus' n'est pas une valeur possible (classic,",
             "option scoring: 'bogus' is not one of classic,"),
            (["rules", "ffb", "-o", "sa_ta=maybe"], "option sa_ta : true ou false attendu, pas",
             "option sa_ta: expected true or false, got"),
            (["rules", "ffb", "-o", "target=-5"],
             "option target : un nombre entier ≥ 0 est attendu, pas -5",
             "option target: expected a whole number ≥ 0, got -5"),
            (["legal", "--preset", "ffb", "--trump", "X", "--hand", "JH"],
             "atout inconnu 'X' : au choix S H D C SA TA", "unknown trump 'X'"),
            (["legal", "--preset", "ffb", "--trump", "H", "--hand", "JH JH"],
             "la carte JH apparaît deux fois", "card JH appears twice"),
            (["legal", "--preset", "ffb", "--trump", "H", "--hand", "JH", "--trick", "ZZ"],
             ("carte invalide 'ZZ' : couleur inconnue 'Z' (au choix ♠ ♥ ♦ ♣ ou S H D C : "
              "pique, cœur, carreau, trèfle)"),
             "bad card 'ZZ': unknown suit 'Z' (expected S H D C or ♠ ♥ ♦ ♣)"),
            (["legal", "--preset", "ffb", "--trump", "H", "--hand", "XH"],
             "hauteur inconnue 'X' (au choix 6 7 8 9 10 V D R A, ou T J Q K)",
             "unknown rank 'X' (expected 6 7 8 9 T J Q K A, or 10 V D R)"),
            (["check", str(bad)], "format : clé manquante", "format: missing key"),
            (["analyse", str(REGULAR), "--deal", "2"],
             ("--deal choisit une donne d'une partie ou une ligne d'un fichier de simulate --out "
             "; ceci est une seule donne (--deal 1)"), "this is a single deal record (--deal 1)"),
            (["replay", str(REGULAR), "--deal", "2"],
             "ceci est un seul enregistrement (--deal 1)", "this is a single record (--deal 1)"),
            (["arena", "--a", "expert:0", "--deals", "1"], "niveau de bot invalide 'expert:0'",
             "bad bot level 'expert:0'")):
        r = run(runner, *args)
        assert r.exit_code == 2 and fr in " ".join(r.output.split()), (args, r.output)
        r = run(runner, *args, "--lang", "en")
        assert r.exit_code == 2 and en in " ".join(r.output.split()), (args, r.output)


def test_replay_reads_a_simulate_out_file(runner, tmp_path):
    """``replay`` of a ``simulate --out`` file (one deal record a line) asks which deal, and
    with ``--deal N`` loads it (then, without a terminal, says it needs one)."""
    out = tmp_path / "sim.jsonl"
    assert run(runner, "simulate", "--deals", "3", "--seed", "2", "--out", str(out)).exit_code == 0
    r = run(runner, "replay", str(out))
    assert r.exit_code == 2 and "ce fichier contient 3 donnes (une par ligne) : choisissez-en " \
        "une avec --deal 1..3" in " ".join(r.output.split()), r.output
    r = run(runner, "replay", str(out), "--deal", "4", "--lang", "en")
    assert r.exit_code == 2 and "choose one with --deal 1..3" in " ".join(r.output.split())
    r = run(runner, "replay", str(out), "--deal", "2")
    assert r.exit_code == 2 and "demande un terminal" in " ".join(r.output.split()), r.output


def test_one_deal_is_singular(runner):
    """"1 donne", not "1 donnes" (simulate's table title)."""
    r = run(runner, "simulate", "--deals", "1", "--seed", "1")
    assert r.exit_code == 0 and "classique : 1 donne, graine" in r.output, r.output
    r = run(runner, "simulate", "--deals", "2", "--seed", "1", "--lang", "en")
    assert r.exit_code == 0 and "classique: 2 deals," in r.output, r.output


def test_every_command_takes_lang(runner):
    """README: every command's messages are in French by default, --lang en for English."""
    for cmd in (["rules", "--lang", "en"], ["deal", "--seed", "1", "--lang", "en"]):
        r = run(runner, *cmd)
        assert r.exit_code == 0, r.output
    r = run(runner, "rules", "nope", "--lang", "en")
    assert r.exit_code == 2 and r.output.startswith("error:")
    r = run(runner, "rules", "nope")
    assert r.exit_code == 2 and r.output.startswith("erreur")
    assert "presets" in run(runner, "rules", "--lang", "en").output
    assert "presets" in run(runner, "rules", "--lang", "EN").output  # any case
    r = run(runner, "rules", "--lang", "de")
    assert r.exit_code == 2 and "fr ou en attendu, pas 'de'" in r.output
    assert "préréglages" in run(runner, "rules").output


def test_lang_before_the_command_and_from_the_environment(runner, monkeypatch):
    """``belote --lang en CMD`` and ``BELOTE_LANG=en`` set the language of every command;
    the command's own --lang wins over both, belote's --lang over the variable."""
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    r = run(runner, "--lang", "en", "check", str(REGULAR))
    assert r.exit_code == 0 and r.stdout.startswith("Regular deal.")
    r = run(runner, "--lang", "EN", "rules", "nope")
    assert r.exit_code == 2 and r.output.startswith("error:")
    r = run(runner, "--lang", "en", "check", str(REGULAR), "--lang", "fr")
    assert r.stdout.startswith("Donne régulière.")
    monkeypatch.setenv("BELOTE_LANG", "en")
    assert run(runner, "check", str(REGULAR)).stdout.startswith("Regular deal.")
    assert run(runner, "--lang", "fr", "check", str(REGULAR)).stdout.startswith("Donne")
    assert run(runner, "check", str(REGULAR), "--lang", "fr").stdout.startswith("Donne")
    monkeypatch.setenv("BELOTE_LANG", "")  # empty: the default, French
    assert run(runner, "check", str(REGULAR)).stdout.startswith("Donne régulière.")
    r = run(runner, "--lang", "de", "rules")
    assert r.exit_code == 2 and "fr ou en attendu, pas 'de'" in r.output
    # a bad variable is said once and ignored: it must not stop every command (nor -h), and
    # a command's own --lang still wins
    monkeypatch.setenv("BELOTE_LANG", "de")
    r = run(runner, "rules")
    assert r.exit_code == 0 and "préréglages" in r.stdout
    assert r.stderr == "belote : BELOTE_LANG='de' ignorée (fr ou en)\n"
    r = run(runner, "check", str(REGULAR), "--lang", "en")
    assert r.exit_code == 0 and r.stdout.startswith("Regular deal.")
    assert r.stderr == "belote: BELOTE_LANG='de' ignored (fr or en)\n"  # as the command speaks
    assert run(runner, "check", "-h").exit_code == 0
    # after "--" a word is an argument, not --lang: the usage error stays in French
    monkeypatch.delenv("BELOTE_LANG")
    r = run(runner, "check", "-", "--", "--lang", "en")
    assert r.exit_code == 2 and "erreur : argument en trop" in r.output, r.output
    # a bad --lang is refused in the variable's language when that one is good
    monkeypatch.setenv("BELOTE_LANG", "en")
    r = run(runner, "check", str(REGULAR), "--lang", "de")
    assert r.exit_code == 2 and "expected fr or en, not 'de'" in r.output, r.output
    assert "Usage: belote check" in r.output


def test_an_irregular_bid_stops_the_check_and_says_so(runner, tmp_path):
    """docs/records.md: an irregular bid ends the check there (the contract it would make is
    unknown); check, analyse say which bid and why, in French by default (found by the
    fresh-user run of the 7th session: "Donne non terminée." and English messages)."""
    rec = json.loads((Path(__file__).parents[1] / "examples" / "coinche.json").read_text())
    assert rec["bids"][1] == "80 H"
    rec["bids"][1] = "75 H"
    p = tmp_path / "bid75.json"
    p.write_text(json.dumps(rec))
    r = run(runner, "check", str(p))
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        "Donne irrégulière : siège 1 (75 H) : les enchères vont de 80 à 360 par 10 "
        "[valeur d'enchère]",
        "Vérification arrêtée à cette enchère (le contrat qu'elle ferait est inconnu).",
        "Sièges : 0 = Vous (à la table de belote play --seat 0), 1 = Droite, 2 = Partenaire, "
        "3 = Gauche ; équipe 0 = sièges 0 et 2."]
    r = run(runner, "check", str(p), "--lang", "en")
    assert "bids go from 80 to 360 by 10 [bid_value]" in r.stdout
    assert "Checked up to this bid" in r.stdout
    data = json.loads(run(runner, "check", str(p), "--json").stdout)
    assert data["irregularity"]["message_fr"] == "les enchères vont de 80 à 360 par 10"
    assert data["complete"] is False and data["score"] is None
    r = run(runner, "analyse", str(p))
    assert r.exit_code == 0
    assert ("siège 1 (75 H) : les enchères vont de 80 à 360 par 10 [valeur d'enchère]"
            in r.stdout)
    assert "[bid_value]" in run(runner, "analyse", str(p), "--lang", "en").stdout
    assert "Vérification arrêtée à cette enchère" in r.stdout
    assert "Aucune carte jouée." not in r.stdout


def test_record_and_option_errors_in_french_by_default(runner, tmp_path):
    """The record-structure, option-combination and legal errors a user meets most, in French
    unless --lang en (each worded here from the English message it translates)."""
    rec = json.loads((Path(__file__).parents[1] / "examples" / "coinche.json").read_text())
    cases = [({"hands": rec["hands"][:3]}, "hands : 4 mains attendues, pas 3"),
             ({"dealer": True}, "dealer : type entier attendu, pas booléen"),
             ({"bids": 5}, "bids : type liste attendu, pas entier"),
             ({"plays": [rec["plays"][1]] + rec["plays"][1:]}, "plays[0] : le siège 0 n'a pas "),
             ({"bids": ["pass", "80 Z"]}, ("bids[1] : ce n'est pas une action : '80 Z' (atout "
                                           "inconnu 'Z' : au choix S H D C SA TA)"))]
    for change, french in cases:
        p = tmp_path / "bad.json"
        p.write_text(json.dumps({**rec, **change}))
        r = run(runner, "check", str(p))
        assert r.exit_code == 2 and r.stderr.startswith(f"erreur : {french}"), r.stderr
    for args, french in (
            (["rules", "classique", "-o", "bidding=auction"],
             "options bidding et deal : les enchères se jouent sur 8 cartes"),
            (["rules", "classique", "-o", "rounding=true"],
             "options rounding et scoring : l'arrondi à la dizaine"),
            (["rules", "retourne", "-o", "sa_ace_points=100000000000000000000000"],
             "option sa_ace_points : au plus 1000, pas 100000000000000000000000"),
            (["legal", "--preset", "coinche", "--trump", "SA", "--hand", "JH"],
             "le préréglage coinche ne joue pas Sans Atout / Tout Atout"),
            (["simulate", "--bots", "a,b,c"], "--bots : 4 noms (sièges 0,1,2,3), 2 (équipes")):
        r = run(runner, *args)
        assert r.exit_code == 2 and r.stderr.startswith(f"erreur : {french}"), r.stderr
        r = run(runner, *args, "--lang", "en")
        assert r.exit_code == 2 and r.stderr.startswith("error: ") and french not in r.stderr


def test_nested_json_and_system_errors_in_french(runner, tmp_path, monkeypatch):
    """A place followed by a known message is translated after the place; the JSON decoder's
    and the system's words too (the second fresh-user run of the 7th session)."""
    rec = json.loads((Path(__file__).parents[1] / "examples" / "coinche.json").read_text())
    two = list(rec["hands"])
    two[1] = two[0]
    for change, french in (
            ({"plays": ["ZD"] + rec["plays"][1:]},
             "plays[0] : carte invalide 'ZD' : hauteur inconnue 'Z'"),
            ({"options": {"sa_ta": "yes"}}, "options : option sa_ta : true ou false attendu"),
            ({"preset": "belote"}, "preset : préréglage inconnu 'belote'"),
            ({"annonces": 5}, 'annonces : "auto" attendu, ou {siège: [[cartes], …]}'),
            ({"bids": ["pass"] * 4}, "plays : des cartes sont jouées après une donne où tous"),
            ({"hands": two}, "hands[1] : ")):
        p = tmp_path / "bad.json"
        p.write_text(json.dumps({**rec, **change}))
        r = run(runner, "check", str(p))
        assert r.exit_code == 2 and r.stderr.startswith(f"erreur : {french}"), r.stderr
    assert "est dans deux mains" in r.stderr  # the card named, in French
    p.write_text('{"a": 1,}')
    r = run(runner, "check", str(p))
    assert r.stderr.strip().endswith(
        "JSON invalide : nom de clé entre guillemets attendu, ligne 1, colonne 9"), r.stderr
    r = run(runner, "deal", "--out", str(tmp_path / "no" / "x.json"))
    assert r.exit_code == 2 and r.stderr.strip().endswith("fichier ou dossier introuvable")
    ret = json.loads((Path(__file__).parents[1] / "examples" / "retourne.json").read_text())
    p.write_text(json.dumps({**ret, "turned": "6S"}))  # a six: not in a 32-card pack
    r = run(runner, "check", str(p))
    assert r.exit_code == 2 and r.stderr.startswith(
        "erreur : turned : le jeu de 32 cartes n'a pas cette carte"), r.stderr
    game = {"format": "belote-game/1", "preset": "coinche", "first_dealer": 7, "deals": []}
    p.write_text(json.dumps(game))
    r = run(runner, "check", str(p))
    assert r.exit_code == 2 and "first_dealer : le premier donneur est un siège de 0 à 3" \
        in r.stderr
    monkeypatch.setenv("BELOTE_LANG", "en_US.UTF-8")  # a locale name: its language
    assert run(runner, "check", str(REGULAR)).stdout.startswith("Regular deal.")
    monkeypatch.delenv("BELOTE_LANG")
    r = run(runner, "rules", "coinche")
    assert "│ sa_ta " in r.stdout and "false" in r.stdout and "False" not in r.stdout


def test_simulate_and_arena_text_in_each_language(runner):
    """French spacing (a space before ":" and "%"), English without; the table's words as
    the help's ("marque moyenne"); a record from standard input named in French."""
    r = run(runner, "simulate", "--deals", "2", "--bots", "random")
    assert r.exit_code == 0 and "marque moyenne / donne" in r.stdout
    # the bots named in French ("random" read as English on a French screen)
    assert "siège 0 (aléatoire) : " in r.stdout and "(random)" not in r.stdout
    assert "(aléatoire+aléatoire)" in r.stdout
    r = run(runner, "arena", "--a", "random", "--b", "random", "--deals", "1", "--play-only")
    assert r.exit_code == 0 and "  A (aléatoire) : contrats pris" in r.stdout
    assert re.search(r"part des points de A : \d+,\d %", r.stdout), r.stdout
    r = run(runner, "--lang", "en", "arena", "--a", "random", "--b", "random", "--deals", "1",
            "--play-only")
    assert "  A (random): contracts taken" in r.stdout
    assert re.search(r"A's share of card points: \d+\.\d% ", r.stdout), r.stdout
    # a single deal has no interval: said in words, JSON null bounds
    r = run(runner, "arena", "--a", "random", "--b", "random", "--deals", "1", "--json")
    assert json.loads(r.stdout)["ci95"] == [None, None]
    assert "(intervalle : 2 donnes au moins)" in run(runner, "arena", "--a", "random", "--b",
                                                        "random", "--deals", "1").stdout
    r = runner.invoke(app, ["check", "-"], input="{")
    assert r.exit_code == 2 and "erreur : l'entrée standard : JSON invalide" in r.output
    # numbers: a decimal comma and "[a ; b]" in French, the interval named in each language
    r = run(runner, "arena", "--a", "heuristic", "--b", "random", "--deals", "3", "--seed", "1",
            "--play-only")
    assert re.search(r"^coinche : 3 donnes × 2 tables, A = heuristique, B = aléatoire, "
                     r"graine 1$"
                     r"\n.*par donne : -?\d+,\d \(IC 95 % \[-?\d+,\d ; -?\d+,\d\]\)$", r.stdout,
                     re.MULTILINE), r.stdout
    assert re.search(r"\d+,\d{2} ms / décision$", r.stdout, re.MULTILINE), r.stdout
    r = run(runner, "--lang", "en", "arena", "--a", "heuristic", "--b", "random", "--deals", "3",
            "--seed", "1", "--play-only")
    assert re.search(r"per deal: -?\d+\.\d \(95% CI \[-?\d+\.\d, -?\d+\.\d\]\)$", r.stdout,
                     re.MULTILINE), r.stdout
    r = run(runner, "simulate", "--deals", "3")
    assert re.search(r"^│ IC 95 % +│ +\[-?\d+,\d ; -?\d+,\d\] │", r.stdout, re.MULTILINE), r.stdout
    assert re.search(r"\(IC 95 % \[-?\d+,\d ; -?\d+,\d\]\) ; donnes passées", r.stdout), r.stdout


def test_simulate_bots_by_team_and_deal_out_of_range(runner, tmp_path):
    """simulate --bots takes one name for every seat or one a team (as play takes one or
    three); --deal beyond the file says which number was refused."""
    out = tmp_path / "s.jsonl"
    r = run(runner, "simulate", "--deals", "3", "--bots", "heuristic,random", "--json",
            "--out", str(out))
    assert r.exit_code == 0, r.output
    assert [p["bot"] for p in json.loads(r.stdout)["ms_per_decision"]] == \
        ["heuristic", "random", "heuristic", "random"]
    r = run(runner, "simulate", "--deals", "1", "--bots", "random", "--json")
    assert [p["bot"] for p in json.loads(r.stdout)["ms_per_decision"]] == ["random"] * 4
    r = run(runner, "analyse", str(out), "--deal", "9")
    assert r.exit_code == 2 and "choisissez-en une avec --deal 1..3 (pas 9)" in r.stderr
    r = run(runner, "analyse", str(out), "--deal", "9", "--lang", "en")
    assert "choose one with --deal 1..3 (not 9)" in r.stderr


@pytest.mark.parametrize("count", [str(10**26), "10000001"])
def test_simulate_refuses_an_absurd_count_of_deals(runner, count):
    """``--deals 10**26`` played on silently until killed: over MAX_DEALS (10 million) it
    is a usage error, exit 2, before any deal."""
    from belote.cli.simulate import MAX_DEALS
    assert MAX_DEALS == 10_000_000
    r = run(runner, "simulate", "--deals", count, "--json")
    assert r.exit_code == 2 and r.stdout == ""
    assert "valeur invalide pour --deals : au plus 10000000 attendu" in r.stderr


def test_tables_keep_their_width_in_files_and_pipes(runner, monkeypatch):
    """Off a terminal, rich cut the presets table at 80 columns, splitting words ("reto" /
    "urne"); it now takes the width it needs (COLUMNS, when set, still decides)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    lines = run(runner, "rules").stdout.splitlines()
    header = next(line for line in lines if "option" in line)
    assert all(p in header for p in PRESET_NAMES), header
    assert max(map(len, lines)) > 80


def test_presets_table_in_a_narrow_terminal_is_split_not_cut():
    """At 80 columns the presets do not fit side by side: several tables, each with the
    option names and whole preset names and values (rich cut them inside: "reto" / "urne")."""
    import os
    r = subprocess.run(belote_cmd() + ["rules"], capture_output=True, text=True, timeout=60,
                       check=False, env={**os.environ, "COLUMNS": "80"})
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    headers = [line for line in lines if line.startswith("┃ option")]
    assert len(headers) >= 2  # split
    named = [w for h in headers for w in h.replace("┃", " ").split()[1:]]
    assert named == list(PRESET_NAMES)  # each preset once, whole, in order
    assert r.stdout.count("belote : préréglages") == 1
    rows = [line for line in lines if line.startswith("│ packets ")]
    assert len(rows) == len(headers) and "3-3-2" in " ".join(rows)


def test_version_and_short_help(runner):
    """belote --version prints the package's version; -h is --help everywhere."""
    from belote import __version__
    r = run(runner, "--version")
    assert r.exit_code == 0 and r.stdout == f"belote {__version__}\n"
    for args in (["-h"], ["check", "-h"], ["arena", "-h"]):
        r = run(runner, *args)
        assert r.exit_code == 0 and r.stdout.startswith("Usage : belote"), args
        assert r.stdout == run(runner, *args[:-1], "--help").stdout


def test_rule_texts_are_named_in_messages(runner):
    """Messages cite rules by rule-text code (002 §VIII.B, docs/sources.md); what a player reads
    names
    the text instead (seed 002 is the FFB's official contrée rules, 003 the simplified belote),
    in the language asked; numbers that are not a code stay as they are."""
    from belote import i18n
    assert i18n.cite("002 §VIII.B") == "règlement FFB §VIII.B"
    assert i18n.cite("001, 002 §VI.3, 004 §1a", "en") == \
        "Jacquespote rules, FFB rules §VI.3, classic belote rules §1a"
    # the catalog names the citations its messages carry (a param, ``cite``), never text: a
    # file named like a citation is left as it is (a regular expression over the message
    # rewrote "fichier introuvable : (002)" into "… (règlement FFB)")
    r = run(runner, "check", "(002)")
    assert r.exit_code == 2 and "fichier introuvable : (002)" in r.output, r.output
    r = run(runner, "check", "002")
    assert r.exit_code == 2 and "fichier introuvable : 002" in r.output
    r = run(runner, "check", "002", "--lang", "en")
    assert r.exit_code == 2 and "no such file: 002" in r.output
    r = run(runner, "check", str(IRREGULAR))
    assert r.exit_code == 1 and "règlement FFB §VIII.B" in " ".join(r.output.split())
    r = run(runner, "rules", "coinche", "-o", "deck=36")
    assert r.exit_code == 2 and "(belote simplifiée)" in " ".join(r.output.split())
    assert "(003)" not in r.output


def test_simulate_out_file_goes_to_check_and_analyse(runner, tmp_path):
    """simulate --out writes one deal record a line (JSON Lines): check reads every deal of
    such a file (the totals are the sums of the deals' scores), analyse one with --deal; a
    file that is neither one JSON document nor JSON Lines keeps the JSON error (exit 2)."""
    out = tmp_path / "sim.jsonl"
    r = run(runner, "simulate", "--preset", "coinche", "--deals", "4", "--seed", "2",
            "--out", str(out))
    assert r.exit_code == 0, r.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    r = run(runner, "check", str(out), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert "format" not in data and len(data["deals"]) == 4  # not a game record
    one = [json.loads(run(runner, "check", str(p), "--json").output)["score"]
           for p in _split(lines, tmp_path)]
    assert [d["score"] for d in data["deals"]] == one
    assert data["scores"] == [sum(x[0] for x in one), sum(x[1] for x in one)]
    r = run(runner, "analyse", str(out), "--deal", "2", "--json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert rows == json.loads(run(runner, "analyse", str(_split(lines, tmp_path)[1]),
                                  "--json").output)
    r = run(runner, "analyse", str(out))
    assert r.exit_code == 2 and "--deal 1..4" in " ".join(r.output.split())
    # the first bad line by its number (blank lines counted), a deal error by its line
    bad = tmp_path / "bad.jsonl"
    bad.write_text(lines[0] + "\n\n" + lines[1] + "\n" + lines[2][:40] + "\n", encoding="utf-8")
    r = run(runner, "check", str(bad), "--lang", "en")
    said = " ".join(r.output.split())
    assert r.exit_code == 2 and "line 4 is not valid JSON" in said
    r = run(runner, "check", str(bad))
    assert r.exit_code == 2 and "ligne 4 : JSON invalide" in " ".join(r.output.split())
    bad.write_text(lines[0] + "\n" + json.dumps({"format": "belote-deal/1"}) + "\n",
                   encoding="utf-8")
    r = run(runner, "check", str(bad), "--lang", "en")
    assert r.exit_code == 2 and "line 2:" in " ".join(r.output.split())
    bad.write_text("not json\n" + lines[0] + "\n", encoding="utf-8")
    r = run(runner, "check", str(bad), "--lang", "en")
    assert r.exit_code == 2 and "not valid JSON" in " ".join(r.output.split())
    # standard input, a byte-order mark, CRLF
    r = run(runner, "check", "-", "--json", input="\ufeff" + "\r\n".join(lines) + "\r\n")
    assert r.exit_code == 0 and len(json.loads(r.output)["deals"]) == 4
    # a one-deal file is a plain deal record: --deal 1 names it
    one = _split(lines, tmp_path)[0]
    r = run(runner, "analyse", str(one), "--deal", "1", "--json")
    assert r.exit_code == 0 and json.loads(r.output) == \
        json.loads(run(runner, "analyse", str(one), "--json").output)
    assert run(runner, "analyse", str(one), "--deal", "2").exit_code == 2


def _split(lines: list[str], folder) -> list:
    paths = []
    for i, line in enumerate(lines):
        p = folder / f"deal{i}.json"
        p.write_text(line, encoding="utf-8")
        paths.append(p)
    return paths


def test_subprocess_output_closed_early_exits_141():
    """A reader that stops early (``belote … | head``): status 141 as a Unix tool stopped by
    SIGPIPE, no message, not 1 (which means an irregular deal), for JSON (click's path) and
    for tables and text (rich's)."""
    for args in (["rules", "--json"], ["check", str(REGULAR), "--json"], ["rules"],
                 ["check", str(REGULAR)], ["simulate", "--deals", "3"]):
        p = subprocess.Popen(belote_cmd() + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        p.stdout.close()  # closed before the command writes (it starts in a few hundred ms)
        _, errb = p.communicate(timeout=60)
        assert p.returncode == 141, (args, p.returncode, errb)
        assert errb == b"", errb
    # the same through --out /dev/stdout (written by the command itself, not by the console)
    for args in (["deal"], ["simulate", "--deals", "3"]):
        p = subprocess.Popen(belote_cmd() + args + ["--out", "/dev/stdout"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        p.stdout.close()
        _, errb = p.communicate(timeout=60)
        assert p.returncode == 141 and errb == b"", (args, p.returncode, errb)


def test_out_to_a_wrong_path_is_bad_input(tmp_path):
    """``--out`` into a folder that does not exist: bad input (2) with the path named, not 4."""
    for cmd in (["deal"], ["simulate", "--deals", "2"]):
        target = tmp_path / "no-such-folder" / "x.json"
        r = subprocess.run(belote_cmd() + cmd + ["--out", str(target)], capture_output=True,
                           text=True, timeout=60, check=False)
        assert r.returncode == 2 and f"écriture impossible de {target}" in r.stderr, cmd


def test_subprocess_output_that_cannot_be_written_exits_4_and_closed_streams():
    """A full disk (/dev/full) is not a bug: exit 4 with a message, not 3. A closed standard
    error or input changes nothing else: bad input still exits 2."""
    import os
    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            r = subprocess.run(belote_cmd() + ["check", str(REGULAR)], stdout=full,
                               stderr=subprocess.PIPE, timeout=60, check=False, text=True)
        assert r.returncode == 4 and "la sortie n'a pas pu être écrite" in r.stderr
        assert "internal error" not in r.stderr
        with open("/dev/full", "w") as full:
            r = subprocess.run(belote_cmd() + ["check", str(REGULAR), "--lang", "en"],
                               stdout=full, stderr=subprocess.PIPE, timeout=60, check=False,
                               text=True)
        assert r.returncode == 4 and "error: cannot write the output" in r.stderr
        # the language of that message: the last --lang given, else $BELOTE_LANG
        for args, env, english in (
                (["--lang", "en", "check", str(REGULAR), "--lang=fr"], {}, False),
                (["--lang=fr", "check", str(REGULAR), "--lang", "EN"], {}, True),
                (["check", str(REGULAR)], {"BELOTE_LANG": "en"}, True)):
            with open("/dev/full", "w") as full:
                r = subprocess.run(belote_cmd() + args, stdout=full, stderr=subprocess.PIPE,
                                   timeout=60, check=False, text=True,
                                   env={**os.environ, **env})
            assert r.returncode == 4, args
            assert ("cannot write the output" in r.stderr) == english, (args, r.stderr)
        # --out on a full disk: output not written (4), as on standard output
        for cmd in (["deal"], ["simulate", "--deals", "2"]):
            r = subprocess.run(belote_cmd() + cmd + ["--out", "/dev/full"], capture_output=True,
                               text=True, timeout=60, check=False)
            assert r.returncode == 4 and "écriture impossible de /dev/full" in r.stderr, cmd
    # a closed standard error: bad input and usage errors still exit 2 (click's English
    # display too), plain ``belote`` (its help) 2 as well
    for args in (["check", "no-such-file.json"], ["check"], ["check", "--lang", "en"], []):
        r = subprocess.run(belote_cmd() + args, stderr=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, timeout=60, check=False,
                           preexec_fn=lambda: os.close(2))
        assert r.returncode == 2, args
    # COLUMNS=0 (rich would print nothing at that width): the error is shown
    r = subprocess.run(belote_cmd() + ["legal"], capture_output=True, text=True, timeout=60,
                       check=False, env={**os.environ, "COLUMNS": "0"})
    assert r.returncode == 2 and "option manquante : --preset" in r.stderr
    r = subprocess.run(belote_cmd() + ["check", "-"], capture_output=True, text=True,
                       timeout=60, check=False, preexec_fn=lambda: os.close(0))
    assert r.returncode == 2 and "l'entrée standard est fermée" in r.stderr  # French default
    r = subprocess.run(belote_cmd() + ["check", str(REGULAR)], capture_output=False,
                       stderr=subprocess.PIPE, text=True, timeout=60, check=False,
                       preexec_fn=lambda: os.close(1))
    assert r.returncode == 4 and "la sortie standard est fermée" in r.stderr
    for cmd in (["play"], ["replay", str(REGULAR)]):  # full screen: never spin for nobody
        r = subprocess.run(belote_cmd() + cmd, stdin=subprocess.DEVNULL, capture_output=True,
                           text=True, timeout=60, check=False)
        assert r.returncode == 2 and "demande un terminal" in r.stderr, cmd


def test_subprocess_legal_and_stdin():
    r = subprocess.run(belote_cmd() + ["legal", "--preset", "ffb", "--trump", "H", "--hand",
                                       "8H 7H AD 8C", "--trick", "AS TH", "--json"],
                       capture_output=True, check=False, text=True, timeout=60)
    assert r.returncode == 0 and json.loads(r.stdout) == ["8H", "7H", "AD", "8C"]
    r = subprocess.run(belote_cmd() + ["check", "-", "--json"], input="not json",
                       capture_output=True, check=False, text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr


@pytest.mark.parametrize("args, fr, en", [
    (["check", "--foo", "x"], "erreur : option inconnue : --foo", "Error: No such option: --foo"),
    (["check", "--jso"], "option inconnue : --jso (options possibles : --json)",
     "No such option: --jso"),
    (["check"], "erreur : argument manquant : « FICHIER »", "Missing argument 'RECORD'."),
    (["nosuch"], "erreur : commande inconnue : « nosuch »", "No such command 'nosuch'."),
    (["arena", "--deals", "abc"], "valeur invalide pour --deals : un nombre entier est attendu",
     "Invalid value for '--deals'"),
    (["check", "a", "b"], "erreur : argument en trop : b", "unexpected extra argument"),
    (["legal", "--hand"], "erreur : l'option --hand attend une valeur",
     "Option '--hand' requires an argument."),
    (["simulate", "--deals", "-5"], "valeur invalide pour --deals : au moins 1 attendu",
     "Input should be greater than or equal to 1"),
    (["play", "--seat", "9"], "valeur invalide pour --seat : au plus 3 attendu",
     "Input should be less than or equal to 3"),
])
def test_usage_errors_in_the_language_asked(runner, monkeypatch, args, fr, en):
    """click's usage errors (typer parses the command line) in French by default, with the
    usage line and where to find help; click's own English with --lang en; exit 2 both."""
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    r = run(runner, *args)
    assert r.exit_code == 2 and fr in r.output, r.output
    if "Usage" in r.output:
        assert "Usage : belote" in r.output and "Essayez « belote" in r.output
        assert "Try '" not in r.output
    r = run(runner, "--lang", "en", *args)
    assert r.exit_code == 2 and en in r.output and "erreur" not in r.output, r.output
    monkeypatch.setenv("BELOTE_LANG", "en")
    assert en in run(runner, *args).output


def test_help_and_version_still_exit_0(runner):
    """The group that words usage errors leaves -h, --version and plain ``belote`` (the help,
    exit 2 as click's no_args_is_help) as they were."""
    r = run(runner, "check", "-h")
    assert r.exit_code == 0 and r.output.startswith("Usage : belote check")
    r = run(runner, "--version")
    assert r.exit_code == 0 and r.output.startswith("belote ")
    r = run(runner)
    assert r.exit_code == 2 and "Commandes :" in r.output


def test_help_in_the_language_asked(runner, monkeypatch):
    """-h speaks the command's language, French by default (belote's help and each
    command's, typer's own words, defaults and value names), English with --lang en or
    BELOTE_LANG=en; every command and every option has its French text."""
    from belote.cli.help import COMMANDS_FR, PARAMS_FR
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    def words_of(r):  # the text without its line breaks (the width wraps it anywhere)
        return " ".join(r.output.split())
    fr = words_of(run(runner, "arena", "-h"))
    for words in ("Usage : belote arena [OPTIONS]", "Match en duplicate du bot A",
                  "Options :", "--preset PRÉRÉGLAGE", "-o, --option NOM=VALEUR",
                  "[par défaut : coinche]", "Afficher cette aide et quitter."):
        assert words in fr, words
    assert "Show this message" not in fr and "default:" not in fr
    en = words_of(run(runner, "--lang", "en", "arena", "-h"))
    for words in ("Usage: belote arena [OPTIONS]", "Duplicate match of bot A",
                  "--preset PRESET", "-o, --option NAME=VALUE", "[default: coinche]",
                  "Show this message and exit."):
        assert words in en, words
    monkeypatch.setenv("BELOTE_LANG", "en")
    assert words_of(run(runner, "arena", "-h")) == en
    assert words_of(run(runner, "arena", "-h", "--lang", "fr")) == fr
    monkeypatch.delenv("BELOTE_LANG")
    top = run(runner, "-h").output
    assert "Commandes :" in top and "COMMANDE [ARGS]" in top
    assert "  check     Vérifier une donne enregistrée (règles et marque).\n" in top
    r = run(runner, "check", "-h")
    assert "Arguments :\n  FICHIER  Enregistrement d'une donne" in r.output  # no <str>
    assert "[obligatoire]" in r.output
    raw = run(runner, "arena", "-h").output  # typer's extras, French separators and spaces
    assert "[par défaut\u00a0: 100\u00a0; au moins 1]" in re.sub(r"[ \n]+", " ", raw)
    assert "[par défaut\u00a0: 20\u00a0; de 1 à 500]" in re.sub(r"[ \n]+", " ", raw)
    raw = run(runner, "arena", "-h", "--lang", "en").output  # click's ranges in English
    assert "[default: 100; x>=1]" in re.sub(r"[ \n]+", " ", raw)
    # play's help ends with the table's keys, in its language
    assert "d dernier pli" in words_of(run(runner, "play", "-h"))
    assert "d last trick" in words_of(run(runner, "play", "-h", "--lang", "en"))
    # French spacing: no line of the help starts with a colon (the space before it does
    # not break)
    r = run(runner, "simulate", "-h")
    assert "sièges 0 et 2)\u00a0: random" in re.sub(r"[ \n]+", " ", r.output)
    assert not any(line.strip().startswith((":", ";")) for line in r.output.splitlines())
    # nothing left in English: every command and parameter of the tree has a French text
    import typer

    from belote.cli import app
    group = typer.main.get_command(app)
    assert set(COMMANDS_FR) == set(group.commands)
    assert set(PARAMS_FR[""]) == {p.name for p in group.params}
    for name, cmd in group.commands.items():
        assert set(PARAMS_FR[name]) == {p.name for p in cmd.params}, name


def test_one_command_tree_run_in_both_languages(capsys, monkeypatch):
    """The same command object run in French, then English, then French (as a program that
    keeps it would): each help whole in its language, nothing left over from the other."""
    import typer

    from belote.cli import app
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    group = typer.main.get_command(app)
    helps = []
    for args in (["rules", "-h"], ["rules", "-h", "--lang", "en"], ["rules", "-h"],
                 ["-h"], ["--lang", "en", "-h"]):
        with pytest.raises(SystemExit) as e:
            group.main(args)
        assert e.value.code == 0
        helps.append(capsys.readouterr().out)
    fr, en, fr2, top_fr, top_en = helps
    assert fr == fr2 and "Afficher les préréglages" in fr
    assert "Show the presets" in en and "Show this message and exit." in en
    assert not re.search(r"[éèàç]|Afficher", en), en
    assert "COMMANDE [ARGS]" in top_fr and "COMMAND [ARGS]" in top_en
    assert "Commands:" in top_en and "belote — play, referee" in top_en


def test_a_bad_lang_after_the_command_is_refused_in_french(runner, monkeypatch):
    """The command's own --lang refused with the value given, in French like belote's."""
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    r = run(runner, "check", str(REGULAR), "--lang", "de")
    assert r.exit_code == 2
    assert "erreur : valeur invalide pour --lang : fr ou en attendu, pas 'de'" in r.output


def test_check_of_a_game_says_each_deal_made_or_failed_in_one_column(tmp_path):
    """check GAME.json: each scored deal's line ends with its outcome, as a single deal's
    report does ('→ réussi', '→ chuté'; a fresh-user trial found only the contract), and the
    scores' dashes stand in one column."""
    from belote.bots import make_bot
    from belote.engine import Game
    from belote.engine.record import dumps, game_to_record
    game = Game(Rules.preset("classique"), seed=3)
    bots = [make_bot("heuristic", seed=s) for s in range(4)]
    while game.current is not None:
        d = game.current
        seat = d.seat_to_move()
        game.play(bots[seat].act(d.view(seat)), seat)
    p = tmp_path / "game.json"
    p.write_text(dumps(game_to_record(game)), encoding="utf-8")
    r = CliRunner().invoke(app, ["check", str(p)])
    assert r.exit_code == 0, r.output
    lines = [x for x in r.output.splitlines() if x.startswith("Donne ")]
    scored = [x for x in lines if "Contrat" in x]
    assert scored and all(x.endswith(("→ réussi.", "→ chuté.")) or "litige" in x
                          for x in scored)
    made = sum(d.result.made is True for d in game.deals if d.result is not None)
    assert sum(x.endswith("→ réussi.") for x in scored) == made
    assert len({x.index(" – ") for x in lines}) == 1


def test_a_lone_surrogate_in_a_record_is_bad_input_in_json_too(tmp_path):
    # "\ud800" is valid JSON but no UTF-8 can encode it: --json escapes it (exit 2, as the
    # text output does) where printing it raw was an internal error (exit 3)
    rec = json.loads(REGULAR.read_text(encoding="utf-8"))
    rec["annonces"] = {"\ud800": []}
    p = tmp_path / "surrogate.json"
    p.write_text(json.dumps(rec), encoding="utf-8")  # ASCII: the key as \ud800
    r = subprocess.run(belote_cmd() + ["check", str(p), "--json"], capture_output=True,
                       check=False, text=True, timeout=60)
    assert r.returncode == 2, r.stderr
    out = json.loads(r.stdout)
    assert out["code"] == "record.bad_annonce_seat"
    assert out["error"].startswith("annonces[\ud800]")


@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_i18n_export_to_a_reader_gone_after_one_byte_exits_141(unbuffered):
    """``belote i18n export | head -c 1`` exited 0: under ``PYTHONUNBUFFERED=1`` a text write
    drops what a short write leaves, with no error. The catalog (~100 kB, more than a pipe
    holds) is written whole through standard output's bytes, so the reader gone after its
    first byte ends the command 141 (SIGPIPE's status), silently."""
    import os
    r, w = os.pipe()
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    p = subprocess.Popen(belote_cmd() + ["i18n", "export"], stdout=w, stderr=subprocess.PIPE,
                         env=env)
    os.close(w)
    assert os.read(r, 1) == b"{"
    os.close(r)  # as head -c 1 does after its byte
    _, errb = p.communicate(timeout=60)
    assert (p.returncode, errb) == (141, b"")


# -- play --resume --game, play --list: a saved game that a newer one replaced ----------------

class _FakeTable:
    """``BeloteApp`` as ``belote play`` starts it, without a terminal: what it was given."""

    started: list = []

    def __init__(self, game, **kw):
        self.game, self.kw = game, kw
        self.return_code, self.not_saved, self.saved_to = 0, None, None
        _FakeTable.started.append(self)

    def run(self):
        pass


def _random_until(game, rng, deals):
    """Play random legal actions until ``deals`` deals are finished (or the game is over)."""
    while len(game.deals) < deals and game.current is not None:
        game.play(rng.choice(list(game.legal_actions())))


def test_a_game_replaced_by_a_newer_one_resumes_from_the_archive(tmp_path, monkeypatch):
    """A game saved on quitting (A: two deals finished, the third begun), then a new game (B)
    saved over it after its first deal and finished: current.json went (``--resume`` has
    nothing), but A's archive copy keeps its table settings: ``--list`` shows it and
    ``--game ID`` (or its file) resumes it, the same deals, hands and scores, seats and bots,
    saved again under its own id."""
    import random

    from belote.engine.game import Game
    from belote.engine.record import game_to_record
    from belote.table import store as storage
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("belote.cli.play._need_terminal", lambda *a: None)
    monkeypatch.setattr("belote.tui.app.BeloteApp", _FakeTable)
    _FakeTable.started = []
    store = storage.FileStore()
    a = Game(Rules.preset("classique"), seed=4, first_dealer=0)
    _random_until(a, random.Random(1), 2)
    a.play(a.legal_actions()[0])  # the third deal begun
    a_id = storage.make_game_id("20261129-120000", 4)
    a_table = {"human": 1, "bots": ["random", "expert:2", "heuristic"], "lang": "en",
               "auto_belote": True, "stamp": "20261129-120000"}
    store.save(a_id, a, a_table)
    b = Game(Rules.preset("classique", game_end="deals", deals=2), seed=9, first_dealer=0)
    b_id = storage.make_game_id("20261130-090000", 9)
    _random_until(b, random.Random(2), 1)
    store.save(b_id, b, {"stamp": "20261130-090000"})  # B's first deal: current.json is B's
    assert store.current_id() == b_id
    _random_until(b, random.Random(3), 2)
    store.save(b_id, b, {"stamp": "20261130-090000"})  # B is over: current.json removed
    assert not store.has_current()
    runner = CliRunner()
    r = runner.invoke(app, ["--lang", "en", "play", "--resume"])
    assert r.exit_code == 2 and "no saved game to resume" in r.output
    r = runner.invoke(app, ["--lang", "en", "play", "--list"])
    assert r.exit_code == 0, r.output
    [row] = [line for line in r.output.splitlines() if a_id in line]  # B is finished: not listed
    assert b_id not in r.output
    assert "classique" in row and "2026-11-29 12:00" in row and f"--game {a_id}" in row
    assert f"{a.scores[0]} – {a.scores[1]}" in row and f" {len(a.deals)} " in row
    archive = tmp_path / "games" / f"{a_id}-classique.json"
    for ref in (a_id, str(archive)):
        r = runner.invoke(app, ["play", "--game", ref])
        assert r.exit_code == 0, r.output
        started = _FakeTable.started.pop()
        assert game_to_record(started.game) == game_to_record(a)
        assert started.game.current.hands == a.current.hands and started.game.scores == a.scores
        assert started.kw["human"] == 1 and started.kw["bot_names"] == a_table["bots"]
        assert started.kw["lang"] == "en" and started.kw["auto_belote"] is True
        assert started.kw["stamp"] == "20261129-120000"  # saved again under A's own id
        assert started.kw["warn_saved"] is False  # no game in progress to replace
    # --game with a new game's options: refused as --resume's are
    r = runner.invoke(app, ["--lang", "en", "play", "--game", a_id, "--seat", "0"])
    assert r.exit_code == 2 and "--seat: a resumed game keeps" in r.output
    r = runner.invoke(app, ["--lang", "en", "play", "--game", "20990101-000000-seed1"])
    assert r.exit_code == 2 and "no saved game 20990101-000000-seed1" in r.output
    r = runner.invoke(app, ["--lang", "en", "play", "--game", b_id])  # B is over
    assert r.exit_code == 2 and f"{b_id}: this game is over" in r.output
    assert not _FakeTable.started


def test_resume_of_a_finished_game_in_current_json_retires_it(tmp_path, monkeypatch):
    """A save never writes a finished game to current.json, but a file copied there (or left
    by another version) may hold one: ``--resume`` names it ("None: ..." before), keeps it in
    the archive and removes current.json, so that it is no longer the game in progress;
    ``--list`` never offered it."""
    import random

    from belote.engine.game import Game
    from belote.engine.record import dumps, game_to_record
    from belote.table import store as storage
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("belote.cli.play._need_terminal", lambda *a: None)
    monkeypatch.setattr("belote.tui.app.BeloteApp", _FakeTable)
    _FakeTable.started = []
    store = storage.FileStore()
    over = Game(Rules.preset("classique", game_end="deals", deals=1), seed=4, first_dealer=0)
    _random_until(over, random.Random(1), 10)
    assert over.current is None
    game_id = storage.make_game_id("20261129-120000", 4)
    rec = {**game_to_record(over), "table": {"stamp": "20261129-120000"}}
    (tmp_path / "current.json").write_text(dumps(rec), encoding="utf-8")
    runner = CliRunner()
    r = runner.invoke(app, ["--lang", "en", "play", "--list"])
    assert r.exit_code == 0 and game_id not in r.output  # a finished game is not in progress
    r = runner.invoke(app, ["--lang", "en", "play", "--resume"])
    assert r.exit_code == 2
    assert f"{game_id}: this game is over, there is nothing to resume" in r.output
    assert not store.has_current()
    archived = store.load_file(tmp_path / "games" / f"{game_id}-classique.json")
    assert game_to_record(archived.game) == game_to_record(over)
    r = runner.invoke(app, ["--lang", "en", "play", "--resume"])
    assert r.exit_code == 2 and "no saved game to resume" in r.output
    assert not _FakeTable.started


def test_a_new_game_over_a_saved_one_is_warned_and_resuming_another_too(tmp_path, monkeypatch):
    """The warning (``warn_saved``) comes when this game's saves will take current.json from
    another game: a new game, or an archived game resumed while another is in progress; not
    when the game in progress itself is resumed."""
    from belote.engine.game import Game
    from belote.table import store as storage
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("belote.cli.play._need_terminal", lambda *a: None)
    monkeypatch.setattr("belote.tui.app.BeloteApp", _FakeTable)
    _FakeTable.started = []
    store = storage.FileStore()
    for stamp, seed in (("20261129-120000", 4), ("20261130-090000", 5)):  # the second current
        store.save(storage.make_game_id(stamp, seed), Game(Rules.preset("classique"), seed=seed),
                   {"stamp": stamp})
    runner = CliRunner()
    for args, warned in ((["play"], True), (["play", "--resume"], False),
                         (["play", "--game", "20261130-090000-seed5"], False),
                         (["play", "--game", "20261129-120000-seed4"], True)):
        assert runner.invoke(app, args).exit_code == 0
        assert _FakeTable.started.pop().kw["warn_saved"] is warned, args


def test_the_saved_game_warning_says_the_old_game_stays_resumable():
    from belote import i18n
    assert "belote play --game ID" in i18n.tr("tui.saved_exists", "en")
    assert "belote play --list" in i18n.tr("tui.saved_exists", "fr")
    assert "remplacée si vous quittez" not in i18n.tr("tui.saved_exists", "fr")


@pytest.mark.parametrize("lang, words", [
    ("en", ["default: asked", "-o game_end=deals -o", "deals=4", "--list", "--game GAME"]),
    ("fr", ["par défaut : la demander", "-o game_end=deals -o", "deals=4", "--list",
            "--game PARTIE"]),
])
def test_play_help_says_the_belote_default_and_how_to_play_n_deals(lang, words):
    r = CliRunner().invoke(app, ["--lang", lang, "play", "-h"], env={"COLUMNS": "200"})
    text = " ".join(r.output.split())  # (wrapped at the terminal's width)
    assert r.exit_code == 0 and all(w in text for w in words), r.output


@pytest.mark.parametrize("lang, words", [("en", "1 irregular deal (check) or a mismatch (verify)"),
                                         ("fr", "1 donne irrégulière (check) ou différence "
                                                "(verify)")])
def test_belote_help_lists_verify_exit_1(lang, words):
    r = CliRunner().invoke(app, ["--lang", lang, "-h"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and words in " ".join(r.output.split()), r.output


def test_play_game_dash_is_a_file_not_standard_input(tmp_path, monkeypatch):
    """``--game -`` names a file ``-``: the table reads the keyboard, so a record cannot
    come from standard input (it would wait there for one)."""
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, ["--lang", "en", "play", "--game", "-"], input="{}")
    assert r.exit_code == 2 and "no such file: -" in r.output, r.output
