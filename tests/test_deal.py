"""The deal state machine: dealing a given pack, two-round bidding, the auction, checked play
with the rule named, belote, annonces, a whole hand-computed deal, and per-seat views.

Seeds are cited as ``seed 000 "…"`` (the French rule texts in /work/shared/seeds) and the
digest as ``docs/sources.md §n``. Seats are 0..3 in playing order; ``(dealer + 1) % 4`` is the
dealer's right, speaks first and leads trick 1; seats 0 and 2 are team 0.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from belote.engine import (
    Bid,
    Capot,
    Choose,
    Deal,
    Declare,
    Generale,
    IllegalAction,
    Phase,
    Play,
    Rules,
    Trump,
    WrongTurn,
    card_str,
    iter_cards,
    parse_card,
    parse_hand,
    shuffled_deck,
)
from belote.engine.actions import BELOTE, DOUBLE, PASS, REDOUBLE, TAKE, parse_action
from belote.engine.cards import parse_cards

# -- helpers -------------------------------------------------------------------------------

def C(text: str) -> int:
    return parse_card(text)


def H(text: str) -> int:
    return parse_hand(text)


def deck_of(text: str) -> list[int]:
    return parse_cards(text)


def run(deal: Deal, script: str) -> None:
    """Send every action of ``script`` through the checked ``play``: actions are separated by
    commas when there is one (auction bids have two words), else by spaces; "|" separates
    tricks for the reader and is ignored."""
    text = script.replace("|", " ")
    toks = text.split(",") if "," in text else text.split()
    for tok in toks:
        deal.play(tok.strip())


def hand_texts(deal: Deal) -> list[set[str]]:
    return [{card_str(c) for c in iter_cards(h)} for h in deal.hands]


def cards_set(text: str) -> set[str]:
    return {card_str(c) for c in parse_cards(text)}


# A fixed 32-card pack, top card first (all 32 cards once each: 8 per suit).
PACK = deck_of(
    "AS 7H KD 9C TS JH 8D QC 7S AH TD JC 8S KH 9D AC "
    "QS 9H JD TC KS QH AD 7C JS TH QD 8C 9S 8H 7D KC")


# -- dealing -------------------------------------------------------------------------------

def test_fixed_pack_is_a_full_pack():
    assert sorted(PACK) == list(range(32))


def test_deal_3_2_from_dealers_right_turns_21st_card():
    # seed 000 "Le donneur distribue à chacun trois cartes, puis deux … Il pose le reste du
    # paquet sur la table en retournant la première carte"; "Le premier à parler est le joueur
    # à droite du donneur" → dealer 2 serves seats 3, 0, 1, 2 in that order (docs/sources.md §1).
    # Packet 3: s3 AS 7H KD | s0 9C TS JH | s1 8D QC 7S | s2 AH TD JC
    # Packet 2: s3 8S KH    | s0 9D AC    | s1 QS 9H    | s2 JD TC
    # 21st card (index 20): KS, turned face up.
    d = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    assert d.phase == Phase.BIDDING
    assert d.turned == C("KS")
    assert hand_texts(d) == [cards_set("9C TS JH 9D AC"), cards_set("8D QC 7S QS 9H"),
                             cards_set("AH TD JC JD TC"), cards_set("AS 7H KD 8S KH")]
    assert d.to_move == 3


def test_taker_gets_turned_card_plus_two_others_three_in_order():
    # seed 000 "le donneur finit la distribution en commençant par donner au preneur la carte
    # retournée du paquet, puis en donnant à chacun, dans l'ordre trois cartes (deux pour le
    # preneur)". Stock after KS: QH AD 7C | JS TH QD | 8C 9S | 8H 7D KC.
    # Seat 1 takes in round 1: s3 += QH AD 7C, s0 += JS TH QD, s1 += KS 8C 9S, s2 += 8H 7D KC.
    d = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    run(d, "pass pass take")
    assert d.phase == Phase.PLAY
    assert d.contract.taker == 1 and d.contract.trump == Trump.S
    assert hand_texts(d) == [
        cards_set("9C TS JH 9D AC JS TH QD"),
        cards_set("8D QC 7S QS 9H KS 8C 9S"),
        cards_set("AH TD JC JD TC 8H 7D KC"),
        cards_set("AS 7H KD 8S KH QH AD 7C")]
    # seed 000 "Le joueur à droite du donneur lance la carte de son choix"
    assert d.to_move == 3 and d.leader == 3


def test_round_two_taker_also_gets_turned_card():
    # seed 003 "Celui qui choisit une autre couleur d'atout doit tout de même prendre la carte
    # qui est exposée"; 004 "Celui qui choisit un autre atout reçoit la carte retournée".
    # Dealer 2 chooses hearts in round 2: s3 += QH AD 7C, s0 += JS TH QD, s1 += 8C 9S 8H,
    # s2 (taker) += KS 7D KC.
    d = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    run(d, "pass pass pass pass  pass pass pass H")
    assert d.contract.taker == 2 and d.contract.trump == Trump.H
    assert hand_texts(d) == [
        cards_set("9C TS JH 9D AC JS TH QD"),
        cards_set("8D QC 7S QS 9H 8C 9S 8H"),
        cards_set("AH TD JC JD TC KS 7D KC"),
        cards_set("AS 7H KD 8S KH QH AD 7C")]


def test_deal_2_3_packets():
    # seed 000 "trois cartes, puis deux (ou l'inverse)"; 002 §IV.C "3 cartes chacun puis 2 ou
    # inversement". Packets 2-3, dealer 2: s3 AS 7H | s0 KD 9C | s1 TS JH | s2 8D QC, then
    # s3 7S AH TD | s0 JC 8S KH | s1 9D AC QS | s2 9H JD TC; the 21st card is still KS.
    d = Deal.deal(Rules.preset("classique", packets=(2, 3)), dealer=2, deck=PACK)
    assert d.turned == C("KS")
    assert hand_texts(d) == [cards_set("KD 9C JC 8S KH"), cards_set("TS JH 9D AC QS"),
                             cards_set("8D QC 9H JD TC"), cards_set("AS 7H 7S AH TD")]


def test_simplifiee_36_cards_21st_turned_nine_each():
    # seed 003 "On distribue en premier lieu 5 cartes aux 4 joueurs … Le distributeur retourne
    # la 21eme carte"; 36 cards, 9 each (docs/sources.md §2: taker turned + 3, others 4).
    # Pack by suit 6..A; dealer 0 serves 1, 2, 3, 0.
    # 3: s1 6S 7S 8S | s2 9S TS JS | s3 QS KS AS | s0 6H 7H 8H
    # 2: s1 9H TH | s2 JH QH | s3 KH AH | s0 6D 7D;  21st card: 8D.
    # Seat 3 takes: s1 += 9D TD JD QD, s2 += KD AD 6C 7C, s3 += 8D 8C 9C TC, s0 += JC QC KC AC.
    pack = deck_of("6S 7S 8S 9S TS JS QS KS AS 6H 7H 8H 9H TH JH QH KH AH "
                   "6D 7D 8D 9D TD JD QD KD AD 6C 7C 8C 9C TC JC QC KC AC")
    r = Rules.preset("simplifiee")
    d = Deal.deal(r, dealer=0, deck=pack)
    assert d.turned == C("8D")
    assert [len(h) for h in hand_texts(d)] == [5, 5, 5, 5]
    run(d, "pass pass take")
    assert d.contract.taker == 3 and d.contract.trump == Trump.D
    assert hand_texts(d) == [
        cards_set("6H 7H 8H 6D 7D JC QC KC AC"),
        cards_set("6S 7S 8S 9H TH 9D TD JD QD"),
        cards_set("9S TS JS JH QH KD AD 6C 7C"),
        cards_set("QS KS AS KH AH 8D 8C 9C TC")]


def test_direct_deal_3_3_2_no_turned_card():
    # 002 §IV.C (8 cards, 3 then 3 then 2 here), bidding deals have no turned card
    # (docs/sources.md §2). Dealer 1 serves 2, 3, 0, 1.
    # 3: s2 AS 7H KD | s3 9C TS JH | s0 8D QC 7S | s1 AH TD JC
    # 3: s2 8S KH 9D | s3 AC QS 9H | s0 JD TC KS | s1 QH AD 7C
    # 2: s2 JS TH    | s3 QD 8C    | s0 9S 8H    | s1 7D KC
    d = Deal.deal(Rules.preset("coinche"), dealer=1, deck=PACK)
    assert d.turned is None
    assert hand_texts(d) == [cards_set("8D QC 7S JD TC KS 9S 8H"),
                             cards_set("AH TD JC QH AD 7C 7D KC"),
                             cards_set("AS 7H KD 8S KH 9D JS TH"),
                             cards_set("9C TS JH AC QS 9H QD 8C")]
    assert d.to_move == 2 and d.phase == Phase.BIDDING


def test_deal_refuses_an_incomplete_pack():
    with pytest.raises(IllegalAction) as e:
        Deal.deal(Rules.preset("classique"), dealer=0, deck=PACK[:-1])
    assert e.value.rule == "bad_deck"


# -- two-round bidding ---------------------------------------------------------------------

def test_round_one_take_or_pass_from_dealers_right():
    # seed 000 "chaque joueur peut tour à tour choisir de prendre à la couleur d'atout qui
    # correspond à la carte retournée … ou bien de passer. Le premier à parler est le joueur à
    # droite du donneur, le dernier … le donneur lui-même."
    d = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    legal = d.legal_actions()
    assert list(legal) == [TAKE, PASS]
    assert len(legal) == 2
    assert TAKE in legal and PASS in legal and Choose(Trump.H) not in legal
    order = []
    for _ in range(4):
        order.append(d.to_move)
        d.play("pass")
    assert order == [3, 0, 1, 2]
    assert d.round == 2 and d.to_move == 3


def test_round_one_refuses_another_suit():
    d = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    with pytest.raises(IllegalAction) as e:
        d.play("H")
    assert e.value.rule == "bid_round1"
    assert d.bids == [] and d.to_move == 3


def test_round_two_offers_the_three_other_suits():
    # seed 001 "Deuxième tour : si tout le monde a passé, chacun peut choisir l'une des trois
    # autres couleurs, ou passer." Turned KS → H, D, C.
    d = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    run(d, "pass pass pass pass")
    legal = d.legal_actions()
    assert list(legal) == [Choose(Trump.H), Choose(Trump.D), Choose(Trump.C), PASS]
    with pytest.raises(IllegalAction) as e:
        d.play("S")
    assert e.value.rule == "bid_round2"
    with pytest.raises(IllegalAction) as e:
        d.play("take")
    assert e.value.rule == "bid_round2"
    with pytest.raises(IllegalAction) as e:
        d.play("SA")  # no SA/TA in classique (docs/sources.md §10)
    assert e.value.rule == "bid_round2"


def test_round_two_offers_sa_ta_in_retourne():
    # seed 004 "Au jeu à sans atout … Au jeu à tout atout"; docs/sources.md §3 and §10 (retourne:
    # SA/TA yes, round 2).
    d = Deal.deal(Rules.preset("retourne"), dealer=2, deck=PACK)
    run(d, "pass pass pass pass")
    assert list(d.legal_actions()) == [Choose(Trump.H), Choose(Trump.D), Choose(Trump.C),
                                       Choose(Trump.SA), Choose(Trump.TA), PASS]
    d.play("TA")
    assert d.contract.trump == Trump.TA and d.contract.taker == 3


def test_two_parses_as_pass():
    # seed 003 "S'il ne désire pas faire atout : il dit « 2 »."
    assert parse_action("2") == PASS
    d = Deal.deal(Rules.preset("simplifiee"), dealer=0, deck=list(range(36)))
    d.play("2")
    assert d.bids == [(1, PASS)]
    assert d.to_move == 2


def test_all_pass_twice_is_passed_out():
    # seed 000 "Si personne n'a pris au terme de ces deux tours de table, les cartes sont
    # ramassées et redistribuées"; 003 "Si aucun atout n'est proposé au 2eme tour, …
    # redistribue"
    d = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    run(d, "pass 2 pass pass  pass pass 2 pass")
    assert d.passed_out is True
    assert d.is_over() and d.phase == Phase.DONE
    assert d.contract is None and d.result is None
    assert len(d.legal_actions()) == 0
    with pytest.raises(IllegalAction) as e:
        d.play("pass")
    assert e.value.rule == "deal_over"


def test_take_in_round_one_ends_bidding_at_once():
    d = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    d.play("take")
    assert d.phase == Phase.PLAY
    assert d.contract.taker == 3 and d.contract.trump == Trump.S
    assert d.contract.value == 0 and d.contract.doubled == 1
    assert d.bids == [(3, TAKE)]


# -- auction -------------------------------------------------------------------------------

def auction(preset: str = "contree", dealer: int = 1) -> Deal:
    return Deal.deal(Rules.preset(preset), dealer=dealer, deck=PACK)


def test_auction_opening_legal_bids_contree():
    # seed 001 "annoncer un contrat : un nombre de points, de 80 à 360 par dizaines, et une
    # couleur"; Capot and Générale; no contre without a bid. 1 pass + 29 values × 4 suits +
    # 4 capots + 4 générales = 125 actions.
    d = auction()
    legal = d.legal_actions()
    assert len(legal) == 125
    assert Bid(80, Trump.H) in legal and Bid(360, Trump.C) in legal
    assert Bid(370, Trump.H) not in legal and Bid(70, Trump.H) not in legal
    assert Bid(85, Trump.H) not in legal
    assert Capot(Trump.S) in legal and Generale(Trump.D) in legal
    assert DOUBLE not in legal and REDOUBLE not in legal


def test_auction_ffb_80_to_160_capot_no_generale():
    # 002 §V.A "annoncer un contrat de 80 à 160, ou bien annoncer un capot. Les enchères se
    # font par tranche de 10 points" → 1 + 9 × 4 + 4 = 41
    d = auction("ffb")
    legal = d.legal_actions()
    assert len(legal) == 41
    assert Bid(160, Trump.S) in legal and Bid(170, Trump.S) not in legal
    assert Capot(Trump.H) in legal and Generale(Trump.H) not in legal
    with pytest.raises(IllegalAction) as e:
        d.play("170 S")
    assert e.value.rule == "bid_value"


def test_auction_bids_must_go_above_the_current_bid():
    # seed 001 "toujours au-dessus de l'enchère en cours"; 002 §V.A "par tranche de 10 points"
    d = auction()
    d.play("100 H")  # seat 2
    legal = d.legal_actions()
    assert Bid(100, Trump.S) not in legal and Bid(90, Trump.S) not in legal
    assert Bid(110, Trump.S) in legal
    assert len(legal) == 1 + 26 * 4 + 4 + 4 + 1  # pass, 110..360, capots, générales, contre
    with pytest.raises(IllegalAction) as e:
        d.play("100 S")
    assert e.value.rule == "bid_too_low"
    with pytest.raises(IllegalAction) as e:
        d.play("105 S")
    assert e.value.rule == "bid_value"
    with pytest.raises(IllegalAction) as e:
        d.play("take")
    assert e.value.rule == "bad_bid"
    d.play("110 S")
    assert d.best == (3, Bid(110, Trump.S))


def test_capot_and_generale_rank_above_every_number():
    # The engine's documented choice (docs/sources.md §3): a Capot is above any number, a Générale
    # above a Capot.
    d = auction()
    d.play("capot H")  # seat 2
    legal = d.legal_actions()
    assert not any(isinstance(a, Bid) for a in legal)
    assert not any(isinstance(a, Capot) for a in legal)
    assert Generale(Trump.S) in legal and DOUBLE in legal and PASS in legal
    with pytest.raises(IllegalAction) as e:
        d.play("360 S")
    assert e.value.rule == "bid_too_low"
    d.play("generale S")  # seat 3
    legal = d.legal_actions()
    assert not any(isinstance(a, (Bid, Capot, Generale)) for a in legal)
    assert list(legal) == [PASS, DOUBLE]
    run(d, "pass pass pass")
    assert d.phase == Phase.PLAY
    c = d.contract
    assert (c.taker, c.trump, c.kind, c.value, c.doubled) == (3, Trump.S, "generale", 500, 1)


def test_capot_contract_value_250():
    # seed 001 "le Capot, qui vaut 250"; 002 §V.A "annoncer un capot"
    d = auction("ffb")
    run(d, "90 D, capot C, pass, pass, pass")
    c = d.contract
    assert (c.taker, c.trump, c.kind, c.value, c.doubled) == (3, Trump.C, "capot", 250, 1)


def test_contre_only_by_an_opponent():
    # seed 001 "contrer l'enchère d'un adversaire"
    d = auction()
    d.play("80 H")  # seat 2
    d.play("pass")  # seat 3
    assert DOUBLE not in d.legal_actions()  # seat 0, partner of the bidder
    with pytest.raises(IllegalAction) as e:
        d.play("contre")
    assert e.value.rule == "double"
    d.play("pass")  # seat 0
    assert DOUBLE in d.legal_actions()  # seat 1, opponent
    d.play("contre")
    assert d.doubled == 2


def test_no_bid_after_contre_and_surcontre_ends_at_once():
    # seed 001 "contrer … et plus personne ne peut enchérir ; surcontrer, pour l'équipe
    # contrée : les points sont multipliés par 4, et les enchères s'arrêtent aussitôt"
    d = auction()
    run(d, "80 H, contre")  # seat 2 bids, seat 3 doubles
    assert d.to_move == 0
    assert list(d.legal_actions()) == [PASS, REDOUBLE]  # seat 0, the doubled team
    with pytest.raises(IllegalAction) as e:
        d.play("90 S")
    assert e.value.rule == "bid_after_double"
    with pytest.raises(IllegalAction) as e:
        d.play("capot S")
    assert e.value.rule == "bid_after_double"
    d.play("pass")  # seat 0
    assert list(d.legal_actions()) == [PASS]  # seat 1, the doubling team: no surcontre
    with pytest.raises(IllegalAction) as e:
        d.play("surcontre")
    assert e.value.rule == "redouble"
    d.play("pass")  # seat 1
    d.play("surcontre")  # seat 2, the bidder
    assert d.phase == Phase.PLAY
    c = d.contract
    assert (c.taker, c.trump, c.value, c.kind, c.doubled) == (2, Trump.H, 80, "normal", 4)
    assert d.to_move == 2  # dealer 1's right leads


def test_three_passes_after_a_contre_end_the_auction_doubled():
    d = auction()
    run(d, "pass, 120 D, contre, pass, pass")
    assert d.phase == Phase.BIDDING  # only two passes after the contre
    d.play("pass")
    c = d.contract
    assert (c.taker, c.trump, c.value, c.doubled) == (3, Trump.D, 120, 2)


def test_three_passes_after_a_bid_end_the_auction():
    # 002 §V.B "Les enchères se terminent après 3 « Passe » consécutifs. Un joueur ne peut
    # donc surenchérir sur lui-même si tous les autres joueurs ont passé."
    d = auction()
    run(d, "pass, 90 S, 100 H, pass, pass")  # seats 2, 3, 0, 1, 2
    assert d.phase == Phase.BIDDING and d.to_move == 3
    d.play("pass")
    assert d.phase == Phase.PLAY
    c = d.contract
    assert (c.taker, c.trump, c.value, c.kind, c.doubled) == (0, Trump.H, 100, "normal", 1)
    assert [s for s, _ in d.bids] == [2, 3, 0, 1, 2, 3]


def test_four_initial_passes_pass_the_deal_out():
    # seed 001 "Si les quatre joueurs passent d'emblée, on redistribue."
    d = auction()
    run(d, "pass pass pass")
    assert not d.is_over()
    d.play("pass")
    assert d.passed_out and d.is_over() and d.contract is None


def test_auction_refuses_card_and_two_round_actions():
    d = auction()
    with pytest.raises(IllegalAction) as e:
        d.play("AS")
    assert e.value.rule == "bidding_not_over"
    with pytest.raises(IllegalAction) as e:
        d.play("contre")
    assert e.value.rule == "double"


# -- wrong turn and illegal cards ----------------------------------------------------------

def from_hands(preset: str, dealer: int, hands: list[str], turned: str) -> Deal:
    return Deal.from_hands(Rules.preset(preset), dealer, [H(h) for h in hands], C(turned))


# Trump hearts, dealer 3 (seat 0 speaks first and leads), seat 0 takes the turned 8H.
HANDS_E = ["AS KS 8H JH 7D 8D 7C 8C",
           "7H 9H TD JD QD 9C TC JC",
           "KH TH 9D KD AD QC KC AC",
           "7S 8S 9S TS JS QS AH QH"]


def deal_e(preset: str = "classique") -> Deal:
    d = from_hands(preset, 3, HANDS_E, "8H")
    d.play("take")
    assert d.contract.trump == Trump.H and d.to_move == 0
    return d


def test_hands_e_is_a_full_pack():
    assert sorted(c for h in HANDS_E for c in parse_cards(h)) == list(range(32))


def test_wrong_turn_is_refused():
    d = deal_e()
    with pytest.raises(WrongTurn) as e:
        d.play("7H", seat=1)
    assert isinstance(e.value, IllegalAction) and isinstance(e.value, ValueError)
    assert e.value.rule == "wrong_turn" and e.value.seat == 1
    assert d.plays == []
    d.play("AS", seat=0)
    assert d.to_move == 1
    d2 = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    with pytest.raises(WrongTurn):
        d2.play("take", seat=0)
    assert d2.bids == []


def test_must_follow_suit():
    # seed 000 "Chaque joueur tour à tour fournit à la couleur demandée s'il le peut."
    d = deal_e()
    d.play("7D")
    with pytest.raises(IllegalAction) as e:
        d.play("9C")
    assert isinstance(e.value, ValueError)
    assert e.value.rule == "follow_suit" and e.value.seat == 1
    assert "you must follow suit" in str(e.value) and "Diamonds" in str(e.value)
    assert set(d.legal_actions()) == {Play(C("TD")), Play(C("JD")), Play(C("QD"))}


def test_must_ruff_when_an_opponent_is_master():
    # seed 000 "Si un joueur ne le peut pas, il doit couper avec la couleur d'atout."
    d = deal_e()
    d.play("AS")
    assert set(d.legal_actions()) == {Play(C("7H")), Play(C("9H"))}
    with pytest.raises(IllegalAction) as e:
        d.play("9C")
    assert e.value.rule == "must_ruff"
    assert "you must trump" in str(e.value)


def test_must_overruff_an_opponents_ruff():
    # seed 000 "Si un pli a déjà été coupé par un adversaire, le joueur qui ne peut fournir à
    # la couleur demandée est obligé de surcouper"; docs/sources.md §4 message.
    d = deal_e()
    run(d, "AS 7H")
    assert set(d.legal_actions()) == {Play(C("KH")), Play(C("TH"))}
    with pytest.raises(IllegalAction) as e:
        d.play("AC")
    assert e.value.rule == "must_overruff" and e.value.seat == 2
    assert str(e.value).startswith("you must overtrump: an opponent has ruffed")
    assert "7H" in str(e.value)


def test_underruff_forced_in_classique_free_in_concours():
    # seed 001 "Si un atout est déjà posé, vous devez surcouper, ou sous-couper si vous ne
    # pouvez pas monter"; seed 004 "Si on ne peut pas surcouper, on n'est pas obligé de sous
    # couper, on peut défausser"; docs/sources.md §10: must underruff yes in classique, no in
    # concours.
    d = deal_e("classique")
    run(d, "AS 9H")
    assert set(d.legal_actions()) == {Play(C("KH")), Play(C("TH"))}
    with pytest.raises(IllegalAction) as e:
        d.play("AC")
    assert e.value.rule == "must_underruff"
    assert "you must play a trump, even a lower one" in str(e.value)
    d2 = deal_e("concours")
    run(d2, "AS 9H")
    assert {a.card for a in d2.legal_actions() if isinstance(a, Play)} == \
        set(parse_cards(HANDS_E[2]))
    d2.play("AC")
    assert d2.trick == [C("AS"), C("9H"), C("AC")]


def test_partner_master_frees_the_player():
    # seed 000 "Un joueur qui ne peut fournir n'est toutefois pas obligé de couper lorsque son
    # partenaire est déjà maître sur le pli."
    d = deal_e()
    run(d, "7D QD 9D")  # seat 1's QD wins so far; seat 3 (its partner) has no diamond
    assert {a.card for a in d.legal_actions() if isinstance(a, Play)} == \
        set(parse_cards(HANDS_E[3]))
    d.play("7S")
    assert d.tricks[0][2] == 1


def test_must_overtrump_even_over_the_partner():
    # seed 004 "Si la couleur demandée est l'atout, on MONTE y compris sur son partenaire";
    # 002 §VI.3. Seat 0 leads KH, seat 1 plays its only trump 7H, seat 2 (partner of the
    # winning seat 0) must play 9H, not QH.
    hands = ["KH 7S 8S 9S 7D 8D 7C 8C",
             "7H TS JS QS 9D TD 9C TC",
             "9H QH KS AS JD QD JC QC",
             "JH AH TH 8H KD AD KC AC"]
    assert sorted(c for h in hands for c in parse_cards(h)) == list(range(32))
    d = from_hands("classique", 3, hands, "KH")
    run(d, "take KH 7H")
    assert list(d.legal_actions()) == [Play(C("9H"))]
    with pytest.raises(IllegalAction) as e:
        d.play("QH")
    assert e.value.rule == "must_overtrump"
    assert "you must play a higher trump" in str(e.value) and "KH" in str(e.value)


def test_card_not_held_and_bidding_words_in_play_are_refused():
    d = deal_e()
    with pytest.raises(IllegalAction) as e:
        d.play("7S")
    assert e.value.rule == "not_held"
    with pytest.raises(IllegalAction) as e:
        d.play("pass")
    assert e.value.rule == "bidding_over"


def test_unchecked_apply_does_not_validate_card_rules():
    # apply is the fast path for search: it trusts the caller.
    d = deal_e()
    d.apply(Play(C("7D")))
    d.apply(Play(C("9C")))  # would be refused by play(): seat 1 holds diamonds
    assert d.trick == [C("7D"), C("9C")] and d.to_move == 2


# -- a whole deal, worked out by hand ------------------------------------------------------

# Trump hearts (turned AH taken by seat 1 in round 1), dealer 3: seat 0 leads trick 1.
# Seat 2 (defence) holds KH and QH: the belote.
HANDS_A = ["AS TS KS 7S AD 7H 8H JC",
           "JH 9H AH AC TC 7D 8S 9S",
           "TH KH QH KC QC 9C TD 8D",
           "QS JS KD QD JD 9D 8C 7C"]
# The play, trick by trick (leader first), points per docs/sources.md §1 / 002 §III:
#  1 s0 AS  s1 8S  s2 8D  s3 JS  → s0 (AS)   11+0+0+2   = 13  team 0  (s2 free: partner master)
#  2 s0 TS  s1 9S  s2 9C  s3 QS  → s0 (TS)   10+0+0+3   = 13  team 0
#  3 s0 KS  s1 9H  s2 QH* s3 7C  → s1 (9H)    4+14+3+0  = 21  team 1  (s1 must ruff; s2 cannot
#                                  overruff the 9H: classique makes it underruff, belote said)
#  4 s1 JH  s2 KH  s3 8C  s0 7H  → s1 (JH)   20+4+0+0   = 24  team 1  (s3: trump led, discard)
#  5 s1 AH  s2 TH  s3 9D  s0 8H  → s1 (AH)   11+10+0+0  = 21  team 1
#  6 s1 AC  s2 KC  s3 JD  s0 JC  → s1 (AC)   11+4+2+2   = 19  team 1
#  7 s1 TC  s2 QC  s3 QD  s0 7S  → s1 (TC)   10+3+3+0   = 16  team 1
#  8 s1 7D  s2 TD  s3 KD  s0 AD  → s0 (AD)    0+10+4+11 = 25  team 0, +10 dix de der
# Team 0: 13+13+25+10 = 61; team 1: 21+24+21+19+16 = 101; 61 + 101 = 162 (002 §III).
PLAY_A = ("AS 8S 8D JS | TS 9S 9C QS | KS 9H belote QH 7C | JH KH 8C 7H | AH TH 9D 8H | "
          "AC KC JD JC | TC QC QD 7S | 7D TD KD AD")
WINNERS_A = [0, 0, 1, 1, 1, 1, 1, 0]


def deal_a(preset: str = "classique") -> Deal:
    d = from_hands(preset, 3, HANDS_A, "AH")
    run(d, "pass take")
    return d


def test_hands_a_is_a_full_pack():
    assert sorted(c for h in HANDS_A for c in parse_cards(h)) == list(range(32))


def test_whole_deal_by_hand():
    d = deal_a()
    assert d.contract.taker == 1 and d.contract.trump == Trump.H
    run(d, PLAY_A)
    assert d.is_over() and d.phase == Phase.DONE
    assert [w for _ld, _cs, w in d.tricks] == WINNERS_A
    assert [ld for ld, _cs, _w in d.tricks] == [0, 0, 0, 1, 1, 1, 1, 1]
    assert d.tricks_won == [3, 5, 0, 0]
    assert d.points == [61, 101] and sum(d.points) == 162
    assert d.belotes == [(2, int(Trump.H))]
    r = d.result
    assert r.belote == [20, 0]
    # seed 000 a) "Si le camp du preneur obtient plus de la moitié des points, chaque camp
    # marque le nombre de points obtenu": taker 101 > defence 61 + 20 belote = 81 (001: the
    # belote "s'ajoute au score" of the team holding it, here the defence).
    assert r.made is True and r.litige is False and r.capot is None
    assert r.score == [81, 101]


def test_whole_deal_without_saying_belote_scores_no_belote():
    # seed 000 "Si il oublie de le dire, il ne marque pas les 20 points."
    d = deal_a()
    run(d, PLAY_A.replace("belote ", ""))
    assert d.belotes == []
    assert d.result.belote == [0, 0]
    assert d.points == [61, 101]
    assert d.result.score == [61, 101]


def test_whole_deal_concours_same_tricks():
    # The scripted play is legal in concours too (underruffing is allowed, not forced, 004),
    # and the made contract scores the same (seed 000 a)).
    d = deal_a("concours")
    run(d, PLAY_A)
    assert [w for _ld, _cs, w in d.tricks] == WINNERS_A
    assert d.result.score == [81, 101]


# -- belote --------------------------------------------------------------------------------

def test_belote_offered_only_with_first_of_king_queen_of_trump():
    # seed 000 "Le joueur qui possède dans son jeu à la fois le roi et la dame d'atout fait
    # marque 20 points … si il dit « belote » en jouant une première fois l'une de ces cartes"
    d = deal_a()
    run(d, "AS 8S")  # seat 2: no spade, partner master → any card, K/Q of trump among them
    legal = d.legal_actions()
    assert BELOTE in legal
    d.play("belote")
    assert d.to_move == 2 and d.trick == [C("AS"), C("8S")]
    # having said it, only the king or queen of trump may follow
    assert set(d.legal_actions()) == {Play(C("KH")), Play(C("QH"))}
    with pytest.raises(IllegalAction) as e:
        d.play("8D")
    assert e.value.rule == "belote_card"
    d.play("KH")
    assert d.belotes == [(2, int(Trump.H))]
    run(d, "JS")  # trick 1 complete: the KH ruffed the AS, seat 2 wins and leads
    assert d.tricks[0][2] == 2 and d.to_move == 2
    # holding only the queen now: no second belote ("rebelote" is part of the same 20)
    assert BELOTE not in d.legal_actions()
    assert Play(C("QH")) in d.legal_actions()


def test_belote_not_offered_when_king_queen_cannot_be_played():
    d = deal_a()
    run(d, "AD 7D")  # seat 2 must follow diamonds: TD or 8D
    legal = d.legal_actions()
    assert set(legal) == {Play(C("TD")), Play(C("8D"))}
    assert BELOTE not in legal
    with pytest.raises(IllegalAction) as e:
        d.play("belote")
    assert e.value.rule == "belote"


def test_belote_refused_without_both_cards():
    d = deal_a()
    assert BELOTE not in d.legal_actions()  # seat 0 holds neither KH nor QH
    with pytest.raises(IllegalAction) as e:
        d.play("rebelote")
    assert e.value.rule == "belote"
    assert "king and queen of trump" in str(e.value)


def test_tout_atout_several_belotes():
    # 002 annex "Tout Atout … il peut y avoir jusqu'à 4 Belotes"; docs/sources.md §5 (20 a pair).
    # Retourne, turned 7D, all pass round 1, seat 0 (dealer 3's right) chooses TA in round 2.
    hands = ["KS QS KH QH AS AH 7D 8D",
             "7S 8S 9S TS 7H 8H 9D TD",
             "JS 9H TH JH JD KD 7C 8C",
             "QD AD 9C TC JC QC KC AC"]
    assert sorted(c for h in hands for c in parse_cards(h)) == list(range(32))
    d = from_hands("retourne", 3, hands, "7D")
    run(d, "pass pass pass pass TA")
    assert d.contract.trump == Trump.TA and d.to_move == 0
    assert BELOTE in d.legal_actions()
    d.play("belote")
    # both pairs are trump in TA: any of the four may be the first card of a belote
    # (seat 0 may still declare its two tierces Q K A, 004: retourne has annonces)
    assert {a for a in d.legal_actions() if not isinstance(a, Declare)} == \
        {Play(C(x)) for x in ("KS", "QS", "KH", "QH")}
    d.play("KS")
    # trick 1: s1 must beat the KS if able (002 annex "on est toujours obligé de monter sur la
    # carte qui tient"): 9S or TS, not 7S; s2 JS beats the TS; s3 has no spade: free
    # ("il est également impossible de couper")
    assert {a for a in d.legal_actions() if isinstance(a, Play)} == {Play(C("9S")),
                                                                      Play(C("TS"))}
    with pytest.raises(IllegalAction) as e:
        d.play("7S")
    assert e.value.rule == "must_beat"
    run(d, "TS JS QD")
    assert d.tricks[0][2] == 2
    # trick 2: s2 leads JD, s3 AD, s0 7D, s1 9D → JD wins (seat 2)
    run(d, "JD AD 7D 9D")
    # trick 3: s2 leads 7C, s3 must beat 7C: any club (all beat 7C); plays AC; s0 no club:
    # free: belote with KH; s1 no club: 7H
    run(d, "7C AC belote KH 7H")
    assert d.belotes == [(0, 0), (0, 1)]
    while not d.is_over():
        d.play(next(a for a in d.legal_actions() if isinstance(a, Play)))
    assert d.result.belote == [40, 0]


# -- annonces ------------------------------------------------------------------------------

# Trump hearts (turned 8H taken by seat 1), dealer 0: seat 1 leads. Every trick is one suit.
# Carrés (docs/sources.md §6, 004 table): s0 9s (150) + Ks (100); s1 Js (200) (8s worth nothing,
# 001 "Un carré de 8 ou de 7 ne vaut rien"); s2 10s (100) (7s nothing); s3 As (100) + Qs (100).
HANDS_ANN = ["9S KS 9H KH 9D KD 9C KC",
             "JS 8S JH 8H JD 8D JC 8C",
             "TS 7S TH 7H TD 7D TC 7C",
             "AS QS AH QH AD QD AC QC"]
# Play (seats 1 and 3 declare with their first card here, seat 0 too, seat 2 does not):
#  1 s1 JH  s2 TH  s3 AH  s0 9H → s1 (JH)  20+10+11+14 = 55  team 1
#  2 s1 8H  s2 7H  s3 QH  s0 KH → s0 (KH)  0+0+3+4     =  7  team 0 (trump led: must go over)
#  3 s0 9S  s1 JS  s2 TS  s3 AS → s3 (AS)  0+2+10+11   = 23  team 1
#  4 s3 QS  s0 KS  s1 8S  s2 7S → s0 (KS)  3+4+0+0     =  7  team 0
#  5 s0 KD  s1 JD  s2 TD  s3 AD → s3 (AD)  4+2+10+11   = 27  team 1
#  6 s3 QD  s0 9D  s1 8D  s2 7D → s3 (QD)  3           =  3  team 1
#  7 s3 AC  s0 KC  s1 JC  s2 TC → s3 (AC)  11+4+2+10   = 27  team 1
#  8 s3 QC  s0 9C  s1 8C  s2 7C → s3 (QC)  3 + 10 dix de der = 13  team 1
# Team 0: 7 + 7 = 14; team 1: 55+23+27+3+27+13 = 148; sum 162.
PLAY_ANN_REST = ("| 8H 7H QH KH | 9S JS TS AS | QS KS 8S 7S | KD JD TD AD | QD 9D 8D 7D | "
                 "AC KC JC TC | QC 9C 8C 7C")


def deal_ann() -> Deal:
    d = from_hands("annonces", 0, HANDS_ANN, "8H")
    d.play("take")
    assert d.contract.taker == 1 and d.to_move == 1
    return d


def test_hands_ann_is_a_full_pack():
    assert sorted(c for h in HANDS_ANN for c in parse_cards(h)) == list(range(32))


def test_declare_offered_with_the_best_split_before_first_card():
    # seed 001 "chaque joueur annonce en posant sa première carte … toutes celles de sa main,
    # sans utiliser deux fois la même carte"
    d = deal_ann()
    decl = [a for a in d.legal_actions() if isinstance(a, Declare)]
    assert decl == [Declare((H("JS JH JD JC"),))]
    d.play("declare JS JH JD JC")
    assert [(a.kind, a.points) for a in d.declared[1]] == [("carre", 200)]
    assert not any(isinstance(a, Declare) for a in d.legal_actions())  # once only
    d.play("JH")
    d.play("TH")  # seat 2
    decl3 = [a for a in d.legal_actions() if isinstance(a, Declare)]
    assert len(decl3) == 1
    assert {g for g in decl3[0].groups} == {H("AS AH AD AC"), H("QS QH QD QC")}
    d.play(decl3[0])
    assert sorted(a.points for a in d.declared[3]) == [100, 100]
    d.play("AH")
    decl0 = [a for a in d.legal_actions() if isinstance(a, Declare)]
    assert len(decl0) == 1
    assert {g for g in decl0[0].groups} == {H("9S 9H 9D 9C"), H("KS KH KD KC")}


def test_declare_refused_after_first_card_and_when_bad():
    d = deal_ann()
    with pytest.raises(IllegalAction) as e:
        d.play("declare JS QS KS")  # not held
    assert e.value.rule == "bad_annonce"
    with pytest.raises(IllegalAction) as e:
        d.play("declare JS JH 8H")  # not a combination
    assert e.value.rule == "bad_annonce"
    with pytest.raises(IllegalAction) as e:
        d.play("declare 8S 8H 8D 8C")  # 001 "Un carré de 8 ou de 7 ne vaut rien"
    assert e.value.rule == "bad_annonce"
    with pytest.raises(IllegalAction) as e:
        d.play("declare JS JH JD JC / JS JH JD JC")  # 001 "sans utiliser deux fois la même carte"
    assert e.value.rule == "bad_annonce"
    assert 1 not in d.declared
    run(d, "JH TH AH 9H")  # trick 1, nobody declared
    assert d.to_move == 1
    assert not any(isinstance(a, Declare) for a in d.legal_actions())
    with pytest.raises(IllegalAction) as e:
        d.play("declare JS JH JD JC")
    assert e.value.rule == "annonce_late"
    # seat 0 played its 9H in trick 1 and still holds the four kings: too late all the same
    run(d, "8H 7H QH")
    assert d.to_move == 0
    assert list(d.legal_actions()) == [Play(C("KH"))]  # trump led: must beat the QH
    with pytest.raises(IllegalAction) as e:
        d.play("declare KS KH KD KC")
    assert e.value.rule == "annonce_late"
    assert d.declared == {}


def test_declare_in_a_game_without_annonces_is_refused():
    # docs/sources.md §10: classique has no annonces (000 "Le concours est sans annonces").
    d = from_hands("classique", 0, HANDS_ANN, "8H")
    d.play("take")
    assert not any(isinstance(a, Declare) for a in d.legal_actions())
    with pytest.raises(IllegalAction) as e:
        d.play("declare JS JH JD JC")
    assert e.value.rule == "no_annonces"


def test_best_annonce_team_scores_all_its_annonces():
    # seed 001 "seule l'équipe qui détient la meilleure annonce compte des points, pour ses
    # deux joueurs. Les annonces de l'autre équipe ne valent rien." Best: s1's carré of J
    # (001 "Entre deux carrés, l'ordre est Valets, 9, As, 10, Rois, Dames") → team 1 scores
    # 200 + 100 + 100 = 400; team 0's 9s and Ks (250) count nothing.
    # Taker team 1: 148 + 400 = 548 > 14 → made, each its points (000 a).
    d = deal_ann()
    d.play("declare JS JH JD JC")
    run(d, "JH TH")
    d.play("declare AS AH AD AC / QS QH QD QC")
    d.play("AH")
    d.play("declare 9S 9H 9D 9C / KS KH KD KC")
    d.play("9H")
    run(d, PLAY_ANN_REST)
    assert [w for _ld, _cs, w in d.tricks] == [1, 0, 3, 0, 3, 3, 3, 3]
    assert d.points == [14, 148]
    r = d.result
    assert r.annonce_team == 1
    assert r.annonces == [0, 400]
    assert r.made is True
    assert r.score == [14, 548]


def test_best_annonce_to_the_defence_sinks_the_taker():
    # Without seat 1's declaration the best is s0's carré of 9 (150; "Valets, 9, As…") →
    # team 0 scores its 150 + 100; seat 3's carrés count nothing. 001 "Le contrat se juge
    # alors annonces comprises": taker 148 < 14 + 250 → failed; "Chute ou capot : ces points
    # passent à l'équipe qui gagne la donne": defence 162 + 250 = 412, taker 0.
    d = deal_ann()
    run(d, "JH TH")
    d.play("declare AS AH AD AC / QS QH QD QC")
    d.play("AH")
    d.play("declare 9S 9H 9D 9C / KS KH KD KC")
    d.play("9H")
    run(d, PLAY_ANN_REST)
    r = d.result
    assert r.annonce_team == 0
    assert r.annonces == [250, 0]
    assert r.made is False
    assert r.score == [412, 0]


# -- views ---------------------------------------------------------------------------------

_TOKEN = re.compile(r"[0-9A-Za-z]+")


def _tokens(obj) -> set[str]:
    return set(_TOKEN.findall(json.dumps(obj)))


def _public_cards(deal: Deal) -> set[int]:
    """Cards of a hand that every seat may know: the turned card (shown face up, 000, and
    known to go to the taker) and declared annonce cards once trick 1 is complete (001
    "montre sa combinaison au début du deuxième pli")."""
    out = set()
    if deal.turned is not None:
        out.add(deal.turned)
    if deal.tricks:
        for lst in deal.declared.values():
            for a in lst:
                out |= set(iter_cards(a.cards))
    return out


def _check_views(deal: Deal) -> int:
    checked = 0
    public = _public_cards(deal)
    for seat in range(4):
        v = deal.view(seat)
        js = v.to_json()
        json.dumps(js)  # JSON-ready
        assert set(js["hand"]) == {card_str(c) for c in iter_cards(deal.hands[seat])}
        toks = _tokens(js)
        for other in range(4):
            if other == seat:
                continue
            for c in iter_cards(deal.hands[other]):
                if c in public:
                    continue
                assert card_str(c) not in toks, (seat, other, card_str(c), js)
                checked += 1
    return checked


@pytest.mark.parametrize("preset", ["classique", "annonces", "retourne", "simplifiee",
                                    "contree", "coinche", "ffb", "concours"])
def test_views_never_show_another_seats_unplayed_cards(preset):
    r = Rules.preset(preset)
    rng = random.Random(f"views/{preset}")
    checked = 0
    states = 0
    for i in range(12):
        d = Deal.deal(r, i % 4, shuffled_deck(r, rng))
        while True:
            checked += _check_views(d)
            states += 1
            if d.is_over():
                break
            legal = list(d.legal_actions())
            if PASS in legal and d.phase == Phase.BIDDING and rng.random() < 0.6:
                d.play(PASS)
            else:
                d.play(rng.choice(legal))
    assert states > 100 and checked > 1000


def test_view_shows_own_hand_and_turned_card_during_bidding():
    # seed 000 "en retournant la première carte pour la rendre visible"
    d = Deal.deal(Rules.preset("classique"), dealer=2, deck=PACK)
    for seat in range(4):
        v = d.view(seat).to_json()
        assert v["turned"] == "KS"
        assert v["hand_sizes"] == [5, 5, 5, 5]
        assert v["phase"] == "bidding" and v["dealer"] == 2 and v["to_move"] == 3
    assert set(d.view(1).hand) == cards_set("8D QC 7S QS 9H")
    assert d.view(3).legal == ["take", "pass"]
    assert d.view(0).legal == []
    run(d, "pass pass pass pass")  # round 2: still face up
    for seat in range(4):
        assert d.view(seat).to_json()["turned"] == "KS"
    assert d.view(3).legal == ["H", "D", "C", "pass"]
    assert d.view(1).bids == [[3, "pass"], [0, "pass"], [1, "pass"], [2, "pass"]]


def test_view_after_play_shows_public_facts():
    d = deal_a()
    run(d, "AS 8S belote KH")
    v = d.view(0).to_json()
    assert v["trick"] == [[0, "AS"], [1, "8S"], [2, "KH"]]
    assert v["belotes"] == [[2, "H"]]
    assert v["hand_sizes"] == [7, 7, 7, 8]
    assert v["contract"]["taker"] == 1 and v["contract"]["trump"] == "H"
    assert v["legal"] == []
    assert set(d.view(3).legal) == {"QS", "JS"}


def test_annonce_cards_hidden_from_others_during_trick_one():
    # seed 001 "chaque joueur annonce en posant sa première carte, et montre sa combinaison au
    # début du deuxième pli": the kind is said at once, the cards are shown only when the second
    # trick starts. A carré's points would name its rank (200 = jacks, 150 = nines), so they are
    # hidden with its cards until then (docs/rules-notes.md).
    d = deal_ann()
    d.play("declare JS JH JD JC")
    run(d, "JH TH AH")  # trick 1 not complete
    own = d.view(1).annonces["1"]
    assert own == [{"kind": "carre", "points": 200, "cards": "JS JH JD JC"}]
    for seat in (0, 2, 3):
        ann = d.view(seat).annonces["1"]
        assert ann == [{"kind": "carre", "points": None, "cards": None}]
        assert not ({"JS", "JD", "JC"} & _tokens(d.view(seat).to_json()))
    d.play("9H")  # trick 1 complete: the second trick starts
    for seat in (0, 2, 3):
        assert d.view(seat).annonces["1"] == [
            {"kind": "carre", "points": 200, "cards": "JS JH JD JC"}]


def test_view_of_a_bad_seat_is_refused():
    d = deal_a()
    with pytest.raises(ValueError):
        d.view(4)


def test_clone_is_independent():
    d = deal_a()
    e = d.clone()
    run(e, "AS 8S")
    assert d.trick == [] and d.to_move == 0
    assert e.trick == [C("AS"), C("8S")]
