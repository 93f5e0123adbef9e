"""Misdeals (seed 002 §VIII.A, docs/sources.md §2): "Si le donneur commet une irrégularité en
distribuant
les cartes … il doit simplement redistribuer les cartes. En cas de seconde irrégularité
consécutive, l'équipe ayant commis la faute se verra pénalisée et interdite de toute prise sur
cette seconde donne … En cas de troisième irrégularité consécutive, 160 points sont donnés à
l'équipe adverse." 004: "En cas de fausse donne, il y a redonne par le même joueur, sans
pénalité."
"""

import json

import pytest

from belote.engine import IllegalAction, Rules
from belote.engine.actions import PASS, Bid, Double
from belote.engine.cards import Trump
from belote.engine.game import Game
from belote.engine.record import check_deal, deal_to_record, game_from_record, game_to_record


def test_first_misdeal_same_dealer_no_penalty():
    g = Game(Rules.preset("ffb"), seed=3, first_dealer=2)
    g.misdeal()
    assert g.dealer == 2  # 002 §VIII.A: "il doit simplement redistribuer" (same dealer)
    assert g.scores == [0, 0]
    assert g.current.barred_team is None


def test_second_misdeal_bars_the_dealers_team_from_taking():
    g = Game(Rules.preset("ffb"), seed=3, first_dealer=2)  # dealer 2: team 0 is at fault
    g.misdeal()
    g.misdeal()
    d = g.current
    assert d.barred_team == 0
    # seat 3 (team 1) speaks first and may bid
    assert Bid(80, Trump.H) in d.legal_actions()
    d.play("80 H")
    # seat 0 (team 0) may not take: pass, or double the opponents' bid (a double is no "prise")
    assert set(d.legal_actions()) == {PASS, Double()}
    with pytest.raises(IllegalAction) as e:
        d.play("90 S")
    assert e.value.rule == "barred"


def test_third_misdeal_gives_160_to_the_other_team():
    g = Game(Rules.preset("ffb"), seed=3, first_dealer=1)  # dealer 1: team 1 is at fault
    g.misdeal()
    g.misdeal()
    g.misdeal()
    assert g.scores == [160, 0]
    assert g.dealer == 1  # still the same dealer, counter reset
    assert g.current.barred_team is None


def test_misdeal_count_resets_after_a_regular_deal():
    g = Game(Rules.preset("ffb"), seed=3, first_dealer=0)
    g.misdeal()
    while len(g.deals) < 2:  # play the redealt deal to its end (passed out or played)
        g.play(g.legal_actions()[0])
    assert g.dealer == 1
    g.misdeal()
    assert g.current.barred_team is None  # "consécutive": the misdeal before no longer counts
    g.misdeal()
    assert g.current.barred_team == 1  # dealer 1's team, at its second misdeal in a row


def test_no_penalty_without_the_ffb_rule():
    # 004: "redonne par le même joueur, sans pénalité"
    g = Game(Rules.preset("retourne"), seed=3, first_dealer=0)
    for _ in range(3):
        g.misdeal()
    assert g.scores == [0, 0]
    assert g.current.barred_team is None
    assert g.dealer == 0


def test_misdeal_only_before_the_first_bid():
    g = Game(Rules.preset("ffb"), seed=3, first_dealer=0)
    g.play("pass")
    with pytest.raises(IllegalAction) as e:
        g.misdeal()
    assert e.value.rule == "misdeal_late"


def test_misdeals_round_trip_in_game_and_deal_records():
    g = Game(Rules.preset("ffb"), seed=4, first_dealer=0)
    g.misdeal()
    g.misdeal()
    g.play("80 S")  # seat 1, team 1: allowed
    rec = game_to_record(g)
    assert rec["deals"][0]["misdeal"] is True
    assert rec["deals"][2]["barred_team"] == 0
    again = game_to_record(game_from_record(json.loads(json.dumps(rec))))
    assert again == rec
    rep = check_deal(deal_to_record(g.current))
    assert rep.deal.barred_team == 0
    assert rep.legal
