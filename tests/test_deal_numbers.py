"""One deal numbering and one seat naming across the game and the tools (issue 16 item 6):
``check`` names each deal of a game "Donne N" / "Deal N" as the game and ``analyse --deal N``
count them (every deal, passed-out ones too), says which seat is which at the game's table, and
uses the game's labels "Marqué" / "Marked", "Annonces retenues" / "Annonces that count"."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from belote import i18n
from belote.cli import app
from belote.engine import Rules, random_action
from belote.engine.game import Game
from belote.engine.record import game_to_record

GOLDEN = Path(__file__).parent / "golden"
SEATS = {"fr": "Sièges : 0 = Vous (à la table de belote play --seat 0), 1 = Droite, "
               "2 = Partenaire, 3 = Gauche ; équipe 0 = sièges 0 et 2.",
         "en": "Seats: 0 = You (at the table of belote play --seat 0), 1 = Right, 2 = Partner, "
               "3 = Left; team 0 = seats 0 and 2."}


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    """A classique game of six deals, the third passed out (two bidding rounds of passes),
    then a seventh deal begun: the record holds seven deals."""
    game = Game(Rules.preset("classique"), seed=3, first_dealer=0)
    rng = random.Random(1)
    while len(game.deals) < 6:
        deal = game.current
        passing = len(game.deals) == 2 and deal.phase.value == "bidding"
        game.play("pass" if passing else random_action(deal, rng))
    path = tmp_path_factory.mktemp("numbers") / "game.json"
    path.write_text(json.dumps(game_to_record(game)), encoding="utf-8")
    return game, path


def test_check_names_each_deal_by_its_number_in_the_game(game_file):
    game, path = game_file
    assert [d.passed_out for d in game.deals] == [False, False, True, False, False, False]
    r = CliRunner().invoke(app, ["check", str(path)])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert [line.split(".")[0] for line in lines[:7]] == [f"Donne {n}" for n in range(1, 8)]
    assert "Tous ont passé" in lines[2]  # the passed-out deal keeps its number, 3
    for n in (1, 2, 4, 5, 6):  # the game's deal n (game.deals[n - 1], the table's "Donne n")
        a, b = game.deals[n - 1].result.score
        assert lines[n - 1].split()[2:5] == [str(a), "–", str(b)]
    assert lines[7] == f"Marqué : {game.scores[0]} – {game.scores[1]}"
    assert lines[8] == SEATS["fr"]
    en = CliRunner().invoke(app, ["check", str(path), "--lang", "en"]).stdout.splitlines()
    assert en[3].startswith("Deal 4. ") and en[8] == SEATS["en"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_analyse_deal_n_is_checks_deal_n(game_file, lang):
    game, path = game_file
    r = CliRunner().invoke(app, ["analyse", str(path), "--deal", "4", "--lang", lang])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].strip() == {"fr": "Analyse en double mort, donne 4",
                                "en": "Double-dummy analysis, deal 4"}[lang]
    # the same deal as check's line 4: its taker (game.deals[3]'s contract)
    taker = game.deals[3].contract.taker
    check = CliRunner().invoke(app, ["check", str(path), "--lang", lang]).stdout.splitlines()
    seat = {"fr": f"siège {taker}", "en": f"seat {taker}"}[lang]
    assert seat in check[3] and any(seat in line for line in lines)
    assert lines[-1] == SEATS[lang]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_check_of_a_deal_uses_the_games_labels_and_names_the_seats(lang):
    # ffb_made_rounded (002 §VII.A.1): 92 – 70 card points, marked 90 – 70
    r = CliRunner().invoke(app, ["check", str(GOLDEN / "ffb_made_rounded.json"), "--lang",
                                 lang])
    assert r.exit_code == 0, r.output
    rows = {line.strip("│ ").split("│")[0].strip(): line.strip("│ ").split("│")[1:]
            for line in r.stdout.splitlines() if line.startswith("│")}
    marked, counted = {"fr": ("Marqué", "Annonces retenues"),
                       "en": ("Marked", "Annonces that count")}[lang]
    # the game's own words (the table's summary of a deal)
    assert (marked, counted) == (i18n.tr("tui.marked", lang), i18n.tr("tui.annonces_counted",
                                                                        lang))
    assert [c.strip() for c in rows[marked]] == ["90", "70"]
    assert [c.strip() for c in rows[counted]] == ["0", "0"]
    assert r.stdout.splitlines()[-1] == SEATS[lang]
