"""Findings of the session-13 fresh-user trial and attack review of ``belote serve``, on the
command line: ``verify`` of a table ended before its first deal ended, its packs counted in
the right number (one pack, several packs), ``-h`` refusing a bad ``--lang`` as the command
does, the French help's decimals, and the seats of an online table's record named by number
(and by the players' names) instead of "Vous"."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from belote.cli import app
from belote.engine import Game, RecordError, Rules
from belote.engine.game import first_dealer_of
from belote.engine.provenance import commitment, verify_record
from belote.engine.randomplay import random_action
from belote.engine.record import dumps, ended_without_deal, game_to_record, record_players
from belote.tui.replay import ReplayApp, load_steps

SEED = 2**255 + 12345
GOLDEN_DEAL = "tests/golden/classique_capot_with_belote.json"
SEATS_VOUS = ("Sièges : 0 = Vous (à la table de belote play --seat 0), 1 = Droite, "
              "2 = Partenaire, 3 = Gauche ; équipe 0 = sièges 0 et 2.")
SEATS_NUMBERED = ("Sièges 0 à 3 dans l'ordre du jeu (table en ligne) ; équipe 0 = sièges 0 "
                  "et 2, équipe 1 = sièges 1 et 3.")
PLAYERS = [{"seat": 0, "name": "Alice", "kind": "human"},
           {"seat": 1, "name": "heuristic", "kind": "bot"},
           {"seat": 2, "name": "[b]Bob[/b]", "kind": "human"},
           {"seat": 3, "name": "", "kind": "open"}]
SEATS_NAMED = ("Sièges : 0 = Alice, 1 = robot heuristic, 2 = [b]Bob[/b], 3 = libre ; "
               "équipe 0 = sièges 0 et 2, équipe 1 = sièges 1 et 3.")


@pytest.fixture
def runner(monkeypatch) -> CliRunner:
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    return CliRunner()


def _ended(seed: int = SEED, **over) -> dict:
    """A server's record of a table ended before its first deal ended (rooms.record())."""
    return {"format": "belote-game/1", "preset": "coinche", "options": {}, "seed": seed,
            "first_dealer": int(first_dealer_of(seed)), "deals": [], "scores": [0, 0],
            "held": 0, "over": False, "winner": None, "commitment": commitment(seed),
            "ended": True, **over}


def _played(seed: int = 3) -> dict:
    """A one-deal coinche game dealt from ``seed`` with its commitment, random legal play
    (seed 3, Random(7): one deal, played out, not passed out)."""
    game = Game(Rules.preset("coinche", game_end="deals", deals=1), seed=seed,
                commitment=commitment(seed))
    rng = random.Random(7)
    while not game.is_over():
        game.play(random_action(game.current, rng))
    return json.loads(dumps(game_to_record(game)))


def _file(tmp_path, rec: dict, name: str = "rec.json"):
    path = tmp_path / name
    path.write_text(json.dumps(rec), encoding="utf-8")
    return str(path)


# -- 1. a table ended before its first deal ended ----------------------------------------------

def test_the_engine_checks_the_commitment_and_first_dealer_of_an_ended_record():
    report = verify_record(_ended())
    assert report.verified and report.ended and report.deals == ()
    assert report.to_json()["packs_checked"] == 0
    # a commitment that is not the seed's: a mismatch, named
    bad = verify_record(_ended(commitment="0" * 64))
    assert not bad.verified
    assert bad.first_mismatch is not None
    assert bad.first_mismatch.code == "provenance.commitment_differs"
    # a first dealer the seed does not draw: a mismatch too
    other = (int(first_dealer_of(SEED)) + 1) % 4
    wrong = verify_record(_ended(first_dealer=other))
    assert wrong.first_mismatch is not None
    assert wrong.first_mismatch.code == "provenance.first_dealer_differs"
    assert wrong.first_mismatch.params == {"recorded": other,
                                           "expected": int(first_dealer_of(SEED))}


def test_a_record_of_no_deal_without_ended_stays_refused():
    rec = _ended()
    del rec["ended"]
    assert not ended_without_deal(rec)
    with pytest.raises(RecordError) as e:
        verify_record(rec)
    assert e.value.code == "record.no_deal"
    assert not ended_without_deal({**_ended(), "ended": "yes"})  # true only


def test_verify_of_an_ended_record_exit_codes_and_words(runner, tmp_path):
    r = runner.invoke(app, ["verify", _file(tmp_path, _ended())])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-2:] == [
        "Aucune donne finie : la table a été terminée avant la fin de la première donne, "
        "aucun paquet n'est vérifié.",
        "Vérifiée : l'engagement est celui de la graine ; aucune donne finie, aucun paquet "
        "vérifié."]
    r = runner.invoke(app, ["verify", "--lang", "en", _file(tmp_path, _ended())])
    assert r.stdout.splitlines()[-2:] == [
        "No deal finished: the table was ended before its first deal ended, so no pack was "
        "checked.",
        "Verified: the commitment is that of the seed; no deal finished, no pack checked."]
    r = runner.invoke(app, ["verify", _file(tmp_path, _ended(commitment="0" * 64))])
    assert r.exit_code == 1, r.output
    assert r.stdout.splitlines()[-1] == (
        f"Non vérifiée : l'engagement {'0' * 64} n'est pas celui de la graine "
        f"({commitment(SEED)}).")
    rec = _ended()
    del rec["ended"]
    r = runner.invoke(app, ["verify", _file(tmp_path, rec)])
    assert r.exit_code == 2
    assert "deals : la partie n'a aucune donne" in r.stderr


def test_check_of_an_ended_record_without_players(runner, tmp_path):
    """An older server's record (no ``players``) of an online table: seats by number."""
    r = runner.invoke(app, ["check", "--lang", "en", _file(tmp_path, _ended())])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        "No deal finished: the table was ended before its first deal ended; nothing to "
        "referee.",
        "Marked: 0 – 0",
        "Seats 0 to 3 in playing order (online table); team 0 = seats 0 and 2, team 1 = "
        "seats 1 and 3."]


# -- 2. wording -----------------------------------------------------------------------------------

def test_verify_says_the_pack_for_one_deal(runner, tmp_path):
    rec = _played()
    assert len(rec["deals"]) == 1
    r = runner.invoke(app, ["verify", _file(tmp_path, rec)])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == ("Vérifiée : l'engagement et le paquet sont ceux de "
                                         "la graine.")
    r = runner.invoke(app, ["verify", "--json", "--lang", "en", _file(tmp_path, rec)])
    assert json.loads(r.stdout)["message"] == ("Verified: the commitment and the pack are "
                                               "those of the seed.")


@pytest.mark.parametrize("args", [
    ["serve", "--lang", "de", "-h"], ["serve", "-h", "--lang", "de"],
    ["check", "--lang=xx", "--help"], ["--lang", "de", "-h"], ["-h", "--lang", "de"],
    ["i18n", "export", "--lang", "de", "-h"], ["verify", "--lang", " DE ", "-h"]])
def test_help_with_a_bad_lang_is_refused_as_without_help(runner, args):
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    bad = "xx" if "--lang=xx" in args else "de"
    assert f"erreur : valeur invalide pour --lang : fr ou en attendu, pas '{bad}'" in r.stderr
    assert "Options" not in r.stdout  # no help printed


def test_help_with_a_good_lang_still_shows(runner):
    r = runner.invoke(app, ["serve", "--lang", "EN", "-h"])
    assert r.exit_code == 0 and "Seconds a bot's turn lasts" in r.stdout
    r = runner.invoke(app, ["check", "-h", "--", "--lang"])  # after --: an argument
    assert r.exit_code == 0, r.output


def test_serve_help_decimals_as_each_language_writes_them(runner):
    fr = " ".join(runner.invoke(app, ["serve", "-h"]).stdout.split())
    assert "[par défaut : 60 ; au moins 0]" in fr  # --takeover-after 60.0
    assert "[par défaut : 0,6 ; au moins 0]" in fr  # --bot-delay 0.6
    assert "[par défaut : 604800 ; au moins 0]" in fr  # --keep-idle, one week
    assert "60.0" not in fr and "0.6" not in fr and "604800.0" not in fr
    en = " ".join(runner.invoke(app, ["serve", "--lang", "en", "-h"]).stdout.split())
    assert "[default: 60; x>=0]" in en and "[default: 0.6; x>=0]" in en
    assert "[default: 604800; x>=0]" in en


# -- 3. the seats of an online table's record -----------------------------------------------

def test_record_players_reads_what_it_can():
    assert record_players({"format": "belote-game/1"}) is None  # belote play's: seat 0 is you
    assert record_players(_ended()) == []  # online (a commitment), nobody named
    assert record_players(_ended(players=PLAYERS)) == [
        (0, "Alice", "human"), (1, "heuristic", "bot"), (2, "[b]Bob[/b]", "human"),
        (3, "", "open")]
    odd = [{"seat": 5, "name": "x", "kind": "human"}, "x", {"seat": 1, "name": 3},
           {"seat": 2, "name": "Eve\x1b[2J", "kind": "human"},
           {"seat": 2, "name": "Mallory", "kind": "human"}]
    assert record_players({"players": odd}) == [(2, "Eve[2J", "human")]  # first of seat 2


def test_check_names_the_seats_of_an_online_table(runner, tmp_path):
    rec = _played()
    r = runner.invoke(app, ["check", _file(tmp_path, rec)])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == SEATS_NUMBERED
    r = runner.invoke(app, ["check", _file(tmp_path, {**rec, "players": PLAYERS})])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == SEATS_NAMED
    # a record of belote play, or a deal record: seat 0 is the person who played
    r = runner.invoke(app, ["check", GOLDEN_DEAL])
    assert r.stdout.splitlines()[-1] == SEATS_VOUS
    del rec["commitment"]
    r = runner.invoke(app, ["check", _file(tmp_path, rec)])
    assert r.stdout.splitlines()[-1] == SEATS_VOUS


def test_analyse_names_the_seats_of_an_online_table(runner, tmp_path):
    path = _file(tmp_path, {**_played(), "players": PLAYERS})
    r = runner.invoke(app, ["analyse", path, "--deal", "1"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == SEATS_NAMED


def test_replay_names_the_seats_of_an_online_table():
    rec = {**_played(), "players": PLAYERS}
    steps = load_steps(rec)
    app_ = ReplayApp(steps, lang="fr", players=record_players(rec))
    # markup escaped: the board reads [b]Bob[/b] as text
    assert app_.seats_legend() == SEATS_NAMED.replace("[b]", "\\[b]").replace("[/b]",
                                                                                "\\[/b]")
    assert ReplayApp(steps, lang="en", players=[]).seats_legend() == (
        "Seats 0 to 3 in playing order (online table); team 0 = seats 0 and 2, team 1 = "
        "seats 1 and 3.")
    assert ReplayApp(steps, lang="fr").seats_legend() == (
        "À la table de belote play (--seat 0) : 0 Vous · 1 Droite · 2 Partenaire · 3 Gauche")
