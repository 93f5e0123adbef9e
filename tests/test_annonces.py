"""Annonces (declarations), docs/sources.md §6: what a hand declares and which team scores.

Expected values worked out by hand from seed 001 ("La belote avec annonces") and seed 004
("LES ANNONCES"), with the SA carrés of the 002 annex.
"""

from __future__ import annotations

import pytest

from belote.engine import IllegalAction, Trump
from belote.engine.annonces import (
    best_team,
    classify,
    find_annonces,
    team_points,
    validate_declaration,
)
from belote.engine.cards import KING, TEN, parse_hand


def found(hand: str, trump: Trump = Trump.H) -> list[tuple[str, int]]:
    """The annonces of ``hand`` as sorted (kind, points) pairs."""
    return sorted((a.kind, a.points) for a in find_annonces(parse_hand(hand), trump))


def ann(cards: str, trump: Trump = Trump.H):
    a = classify(parse_hand(cards), trump)
    assert a is not None, cards
    return a


# --------------------------------------------------------------------------------------------
# Sequences (004 "Les suites ... dans l'ordre 7, 8, 9, 10, V, D, R, As"; 001)
# --------------------------------------------------------------------------------------------

class TestSequences:
    def test_tierce_20(self):
        # 004 "La tierce, suite de 3 cartes, vaut 20 points"
        assert found("7S 8S 9S JD KC AH 7C 9D") == [("tierce", 20)]

    def test_tierce_ten_jack_queen(self):
        # 004 lists "10,V,D" and "D,R,As" among the tierces
        assert found("TH JH QH 7S 9D") == [("tierce", 20)]
        assert found("QC KC AC 7S 9D") == [("tierce", 20)]

    def test_cinquante_50(self):
        # 004 "La quarte, suite de 4 cartes, vaut 50 points, on annonce « CINQUANTE »"
        assert found("9D TD JD QD 7S 9C") == [("cinquante", 50)]

    def test_cent_100(self):
        # 004 "La quinte, suite de 5 cartes, vaut 100 points, on annonce « CENT »"
        assert found("TC JC QC KC AC 7S 9H") == [("cent", 100)]

    @pytest.mark.parametrize("hand", [
        "7S 8S 9S TS JS QS 9H 7D",      # six in a row
        "7S 8S 9S TS JS QS KS 9H",      # seven
        "7S 8S 9S TS JS QS KS AS",      # all eight
    ])
    def test_six_or_more_in_a_row_one_cent(self, hand):
        # 001 "Six cartes ou plus qui se suivent ne font qu'un seul Cent."
        assert found(hand) == [("cent", 100)]

    def test_natural_order_not_trump_order(self):
        # the sequence order is 7 8 9 10 V D R As even in trump (004): 9 J A is no sequence
        assert found("9H JH AH 7S 9D") == []
        # and J Q K is one, though the jack ranks first in trump
        assert found("JH QH KH 7S 9D") == [("tierce", 20)]

    def test_suits_do_not_mix(self):
        assert found("7S 8H 9S 8D 7C") == []

    def test_two_sequences_in_two_suits(self):
        # 001 "toutes celles de sa main": every annonce of the hand
        assert found("7S 8S 9S JD QD KD AD 8C") == [("cinquante", 50), ("tierce", 20)]

    def test_sequence_has_suit_and_top(self):
        a = ann("JD QD KD")
        assert a.kind == "tierce" and a.points == 20
        assert a.suit == 2  # diamonds
        assert a.top == KING  # the sequence's highest card, in natural order
        assert ann("7C 8C 9C TC").top == TEN

    def test_no_annonce(self):
        assert found("7S 9S JD KC AH 7C 9D QH") == []


# --------------------------------------------------------------------------------------------
# Carrés (004 table; 002 annex for SA)
# --------------------------------------------------------------------------------------------

class TestCarres:
    @pytest.mark.parametrize("rank,pts", [("J", 200), ("9", 150), ("A", 100), ("T", 100),
                                          ("K", 100), ("Q", 100)])
    def test_suit_contract_values(self, rank, pts):
        # 004 "Carrés ... Couleur et Tout Atout: Valets 200, Neufs 150, As 100, Dix 100,
        # Rois 100, Dames 100"
        hand = " ".join(rank + s for s in "SHDC") + " 7S 8D"
        assert found(hand, Trump.H) == [("carre", pts)]

    @pytest.mark.parametrize("rank,pts", [("J", 200), ("9", 150), ("A", 100), ("Q", 100)])
    def test_tout_atout_values(self, rank, pts):
        hand = " ".join(rank + s for s in "SHDC") + " 7S 8D"
        assert found(hand, Trump.TA) == [("carre", pts)]

    @pytest.mark.parametrize("rank,pts", [("A", 200), ("T", 150), ("J", 100), ("9", 100),
                                          ("K", 100), ("Q", 100)])
    def test_sans_atout_values(self, rank, pts):
        # 004 "Sans Atout: Valets 100, Neufs 100, As 200, Dix 150, Rois 100, Dames 100";
        # 002 annex "Les carrés d'As valent 200 points. Les carrés de Dix valent 150 points."
        hand = " ".join(rank + s for s in "SHDC") + " 7S 8D"
        assert found(hand, Trump.SA) == [("carre", pts)]

    @pytest.mark.parametrize("rank", ["8", "7"])
    def test_eights_and_sevens_nothing(self, rank):
        # 001 "Un carré de 8 ou de 7 ne vaut rien."
        hand = " ".join(rank + s for s in "SHDC") + " JS AD"
        assert found(hand, Trump.H) == []
        assert classify(parse_hand(" ".join(rank + s for s in "SHDC")), Trump.H) is None

    def test_two_carres(self):
        assert found("JS JH JD JC 9S 9H 9D 9C") == [("carre", 150), ("carre", 200)]


# --------------------------------------------------------------------------------------------
# A card serves in one annonce only (001, 004)
# --------------------------------------------------------------------------------------------

class TestCardUsedOnce:
    def test_carre_of_kings_and_a_tierce_120(self):
        # 001 "Un carré de Rois et une tierce font 120 points." The hearts 10 J Q K would be a
        # cinquante, but the KH serves in the carré: carré 100 + tierce 10 J Q = 120 (not 150).
        hand = "KS KH KD KC TH JH QH 7S"
        assert found(hand) == [("carre", 100), ("tierce", 20)]
        assert sum(p for _, p in found(hand)) == 120

    def test_tierce_to_the_king_lost_in_the_carre(self):
        # 004 "Une même carte NE peut PAS compter dans deux annonces (par exemple une Tierce au
        # roi + Carré de rois)": J Q K of hearts without its king is no tierce
        assert found("KS KH KD KC QH JH 7S 8D") == [("carre", 100)]

    def test_declaration_sharing_a_card_is_refused(self):
        hand = parse_hand("KS KH KD KC QH JH 7S 8D")
        groups = [parse_hand("KS KH KD KC"), parse_hand("JH QH KH")]
        with pytest.raises(IllegalAction):
            validate_declaration(hand, groups, Trump.H)

    def test_declaration_valid(self):
        hand = parse_hand("KS KH KD KC TH JH QH 7S")
        out = validate_declaration(hand, [parse_hand("KS KH KD KC"), parse_hand("TH JH QH")],
                                   Trump.H)
        assert sorted(a.points for a in out) == [20, 100]

    def test_declaration_of_cards_not_held(self):
        with pytest.raises(IllegalAction):
            validate_declaration(parse_hand("7S 8S 7D"), [parse_hand("7S 8S 9S")], Trump.H)

    def test_declaration_not_an_annonce(self):
        with pytest.raises(IllegalAction):
            validate_declaration(parse_hand("7S 8S TS"), [parse_hand("7S 8S TS")], Trump.H)


# --------------------------------------------------------------------------------------------
# Which team scores (001 "Qui marque", "La meilleure"; 004)
# --------------------------------------------------------------------------------------------

def carre(rank: str) -> str:
    return " ".join(rank + s for s in "SHDC")


def best(declared: dict[int, str | list[str]], trump: Trump = Trump.H, first: int = 0,
         tie: str = "play_order"):
    decl = {}
    for seat, groups in declared.items():
        if isinstance(groups, str):
            groups = [groups]
        decl[seat] = [ann(g, trump) for g in groups]
    return best_team(decl, trump, first, tie)


class TestBestTeam:
    def test_no_annonce(self):
        assert best_team({}, Trump.H, 0, "play_order") is None
        assert best_team({0: [], 1: []}, Trump.H, 0, "play_order") is None

    def test_single_annonce(self):
        assert best({3: "7S 8S 9S"}) == 1

    def test_carre_beats_cent(self):
        # 001 "un carré bat une suite"
        assert best({0: "7D 8D 9D TD JD", 1: "JS JH JD JC"}) == 1

    def test_carre_of_100_beats_cent_even_in_trump(self):
        # 004 "Les carrés (y compris ceux qui valent 100) annulent les suites des cinq cartes"
        assert best({0: "QS QH QD QC", 1: "TH JH QH KH AH"}) == 0
        assert best({0: "QS QH QD QC", 1: "TH JH QH KH AH"}, tie="trump_else_cancel") == 0

    @pytest.mark.parametrize("high,low", [("J", "9"), ("9", "A"), ("A", "T"), ("T", "K"),
                                          ("K", "Q"), ("J", "Q")])
    def test_carre_order(self, high, low):
        # 001 "Entre deux carrés, l'ordre est Valets, 9, As, 10, Rois, Dames."
        assert best({0: carre(high), 1: carre(low)}) == 0
        assert best({1: carre(high), 2: carre(low)}) == 1

    def test_sans_atout_carre_of_aces_beats_jacks(self):
        # 004 table, SA: As 200, Dix 150, Valets 100
        assert best({0: "JS JH JD JC", 1: "AS AH AD AC"}, Trump.SA) == 1
        assert best({0: "TS TH TD TC", 1: "JS JH JD JC"}, Trump.SA) == 0

    def test_longer_sequence_wins(self):
        # 004 "La suite la plus longue l'emporte"; 001 "on regarde les points": the low
        # cinquante (7 to 10) beats the tierce to the ace
        assert best({0: "QS KS AS", 1: "7D 8D 9D TD"}) == 1

    def test_higher_sequence_of_equal_length(self):
        # 004 "Ex : V, D, R l'emporte sur 8, 9, 10"
        assert best({0: "8S 9S TS", 1: "JD QD KD"}) == 1
        assert best({0: "8S 9S TS", 1: "JD QD KD"}, tie="trump_else_cancel") == 1

    def test_equal_points_higher_top_card(self):
        # 001 "on regarde les points, puis la carte la plus haute": a six-card run 7..Q is one
        # cent (100), the same points as a cent 9..K whose top card is higher
        assert best({0: "7S 8S 9S TS JS QS", 1: "9D TD JD QD KD"}) == 1

    def test_trump_sequence_beats_equal_plain(self):
        # 001 "puis l'atout"; 004 "la suite à l'atout l'emporte sur les autres couleurs"
        assert best({0: "JS QS KS", 1: "JH QH KH"}, Trump.H) == 1
        assert best({0: "JS QS KS", 1: "JH QH KH"}, Trump.H, tie="trump_else_cancel") == 1
        assert best({0: "JS QS KS", 1: "JH QH KH"}, Trump.S) == 0

    def test_higher_plain_beats_lower_trump(self):
        # the trump only decides between sequences of equal height (004)
        assert best({0: "8H 9H TH", 1: "JS QS KS"}, Trump.H) == 1

    def test_play_order_decides_001(self):
        # 001 "et enfin l'ordre de jeu": equal plain tierces, the first to play wins
        decl = {1: "JS QS KS", 2: "JD QD KD"}
        assert best(decl, first=1) == 1
        assert best(decl, first=2) == 0
        assert best(decl, first=3) == 1  # order 3, 0, 1, 2: seat 1 plays before seat 2
        assert best(decl, first=0) == 1  # order 0, 1, 2, 3

    def test_equal_plain_sequences_cancel_004(self):
        # 004 "dans les couleurs non atout elles s'annulent entre elles"
        decl = {1: "JS QS KS", 2: "JD QD KD"}
        assert best(decl, first=1, tie="trump_else_cancel") is None
        assert best(decl, first=2, tie="trump_else_cancel") is None

    def test_partner_equal_annonces_do_not_cancel(self):
        # the cancelling is between opponents (004 "annule les plus faibles de l'adversaire")
        assert best({0: "JS QS KS", 2: "JD QD KD"}, tie="trump_else_cancel") == 0

    def test_best_team_scores_all_its_annonces(self):
        # 001 "seule l'équipe qui détient la meilleure annonce compte des points, pour ses deux
        # joueurs"; 004 "protège les annonces plus faibles du partenaire": team 0 scores its
        # carré of jacks and the partner's tierce, team 1's cent is void
        decl = {0: [ann("JS JH JD JC")], 2: [ann("7C 8C 9C")], 1: [ann("9D TD JD QD KD")]}
        team = best_team(decl, Trump.H, 0, "play_order")
        assert team == 0
        assert team_points(decl, team) == 220

    def test_all_annonces_of_one_player_count(self):
        decl = {1: [ann("KS KH KD KC"), ann("TH JH QH")], 0: [ann("7D 8D 9D")]}
        assert best_team(decl, Trump.H, 0, "play_order") == 1
        assert team_points(decl, 1) == 120
