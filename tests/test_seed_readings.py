"""Cases where a seed says more than the topics of docs/sources.md, found by attacking the engine.
Each test quotes the seed it follows; docs/rules-notes.md lists them."""

import pytest

from belote.engine import IllegalAction, Rules, parse_card, parse_hand, tables
from belote.engine.actions import Choose
from belote.engine.annonces import best_team, classify, validate_declaration
from belote.engine.cards import Trump
from belote.engine.deal import Deal
from belote.engine.play import PlayRules, legal_cards
from belote.engine.record import check_deal
from belote.engine.scoring import Contract, score_deal


def hand(text):
    return parse_hand(text)


def cards(text):
    return [parse_card(c) for c in text.split()]


# -- 003: partner master, trump led ---------------------------------------------------------

def test_simplifiee_need_not_overtrump_a_master_partner():
    # 003: "Si son partenaire est le maître on n'est pas obligé de monter sur son partenaire"
    # Hearts trump; partner led AH, the opponent followed 8H: the partner is master.
    r = Rules.preset("simplifiee")
    mask, _ = legal_cards(hand("9H 7H AS"), cards("AH 8H"), tables(Trump.H, ncards=36),
                          PlayRules.of(r))
    assert mask == hand("9H 7H")  # any trump, not only the 9 that beats the ace


def test_classique_must_overtrump_even_the_partner():
    # 001: "L'atout est demandé : vous jouez atout, et vous montez au-dessus du plus fort atout
    # déjà posé si vous le pouvez" (no partner exception); 004 §1a "y compris sur son partenaire"
    r = Rules.preset("classique")
    mask, rule = legal_cards(hand("9H 7H AS"), cards("AH 8H"), tables(Trump.H),
                             PlayRules.of(r))
    assert mask == hand("9H")
    assert rule == "must_overtrump"


# -- 000: second round "la couleur d'atout de son choix" -------------------------------------

def test_concours_second_round_may_name_the_turned_suit():
    # 000: "Cette fois, chacun a tour à tour la possibilité de prendre à la couleur d'atout de
    # son choix." (001 restricts round 2 to "l'une des trois autres couleurs")
    r = Rules.preset("concours")
    deck = list(range(32))
    d = Deal.deal(r, 3, deck)
    turned_suit = Trump(d.turned >> 3)
    for _ in range(4):
        d.play("pass")
    assert Choose(turned_suit) in d.legal_actions()
    c = Deal.deal(Rules.preset("classique"), 3, deck)
    for _ in range(4):
        c.play("pass")
    assert Choose(turned_suit) not in c.legal_actions()
    assert len([a for a in c.legal_actions() if isinstance(a, Choose)]) == 3


# -- 001: one cent for six or more in a row --------------------------------------------------

def test_a_run_of_eight_cannot_be_split_into_cent_and_tierce():
    # 001: "Six cartes ou plus qui se suivent ne font qu'un seul Cent."
    h = hand("7H 8H 9H TH JH QH KH AH")
    with pytest.raises(IllegalAction) as e:
        validate_declaration(h, [hand("7H 8H 9H TH JH"), hand("QH KH AH")], Trump.S)
    assert "single cent" in str(e.value)
    (a,) = validate_declaration(h, [h], Trump.S)
    assert a.points == 100


def test_non_touching_sequences_of_one_suit_are_two_annonces():
    # 7 8 9 and J Q K of hearts do not touch (the 10 is missing): two tierces, 40 points
    h = hand("7H 8H 9H JH QH KH AS AD")
    anns = validate_declaration(h, [hand("7H 8H 9H"), hand("JH QH KH")], Trump.S)
    assert [a.points for a in anns] == [20, 20]


# -- 004: the longer sequence wins -----------------------------------------------------------

def test_retourne_longer_run_beats_a_higher_shorter_one():
    # 004: "La suite la plus longue l'emporte." A run of six to the queen (seat 0) beats a run
    # of five to the king (seat 1); both are worth one cent.
    six = classify(hand("7H 8H 9H TH JH QH"), Trump.C)
    five = classify(hand("9S TS JS QS KS"), Trump.C)
    assert six.points == five.points == 100
    assert best_team({0: [six], 1: [five]}, Trump.C, 0, "trump_else_cancel", by_length=True) == 0
    # 001: "on regarde les points, puis la carte la plus haute": the king's cent wins
    assert best_team({0: [six], 1: [five]}, Trump.C, 0, "play_order", by_length=False) == 1
    assert Rules.preset("retourne").sequence_order == "length"
    assert Rules.preset("annonces").sequence_order == "points"


# -- 002 §VIII.B: the penalty is for irregular card play ---------------------------------------

def _ffb_record(**extra):
    # seat 0 (dealer 3 → seat 0 leads) takes 80 S; hands chosen so that play is trivial
    rec = {"format": "belote-deal/1", "preset": "ffb", "options": {}, "dealer": 3,
           "hands": ["JS 9S AS TS KS QS 8S 7S", "AH TH KH QH JH 9H 8H 7H",
                     "AD TD KD QD JD 9D 8D 7D", "AC TC KC QC JC 9C 8C 7C"],
           "bids": ["80 S", "pass", "pass", "pass"], "belote": "auto", "annonces": "auto",
           "plays": []}
    rec.update(extra)
    return rec


def test_ffb_false_belote_claim_is_flagged_but_not_a_card_penalty():
    # 002 §VIII.B speaks of "coup de carte irrégulier (mauvaise couleur, …)"; a belote claimed
    # without the K+Q is irregular but is no card-play fault: no 160 penalty.
    plays = []
    order = ["JS", "AH", "AD", "AC", "9S", "TH", "TD", "TC", "AS", "KH", "KD", "KC",
             "TS", "QH", "QD", "QC", "KS", "JH", "JD", "JC", "QS", "9H", "9D", "9C",
             "8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"]
    plays = order
    rep = check_deal(_ffb_record(plays=plays, belote=[0, 1]))
    assert not rep.legal
    assert rep.irregularity["rule"] == "belote_not_held"
    assert rep.result.penalty is None
    # team 0 took every trick: capot not bid, 250 (002 §VII.A.4) + its belote 20
    assert rep.result.score == [270, 0]


# -- 002 annex: carrés in SA/TA may be counted with ffb scoring -------------------------------

def test_ffb_may_count_annonces():
    # 002 annex: "Les carrés d'As valent 200 points. Les carrés de Dix valent 150 points."
    r = Rules.preset("ffb", sa_ta=True, annonces=True)
    assert r.annonces
    # SA contract 80 made by team 0 with 100 card points and a carré of aces (200) of team 0:
    # points faits: taker marks its points 100 + the annonce 200 = 300, defence 62 → 60
    res = score_deal(r, Contract(0, Trump.SA, 80), [100, 62], [4, 2, 2, 0], [0, 0], 0, 200, 162)
    assert res.made
    assert res.score == [300, 60]
