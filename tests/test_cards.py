"""Cards: parsing and printing, bad input, orders and point tables of every contract kind.

Expected values are worked out by hand from the rule texts (seeds 000–004, docs/sources.md §1).
"""

from __future__ import annotations

from itertools import pairwise, permutations

import pytest

from belote.engine import CardError, Rules, Trump, card_str, hand_str
from belote.engine.cards import (
    DECK32,
    DECK36,
    SUIT_MASK,
    deck_mask,
    iter_cards,
    parse_card,
    parse_cards,
    parse_hand,
    tables,
)
from belote.i18n import card_label


def cards(text: str) -> list[int]:
    return parse_cards(text)


def names(ids) -> list[str]:
    return [card_str(c) for c in ids]


# --------------------------------------------------------------------------------------------
# Parsing and printing (cards.py module docstring: rank first, suit last; T or 10; V D R in
# French display)
# --------------------------------------------------------------------------------------------

class TestParsePrint:
    def test_record_forms_round_trip(self):
        for text in ("JH", "TH", "7S", "AC", "QD", "KS", "9H", "8C"):
            assert card_str(parse_card(text)) == text

    def test_ten_written_10_or_T(self):
        assert parse_card("10H") == parse_card("TH")
        assert card_str(parse_card("10H")) == "TH"

    def test_lower_case_accepted(self):
        assert parse_card("7s") == parse_card("7S")
        assert parse_card("jh") == parse_card("JH")

    def test_french_display(self):
        # French names: Valet, Dame, Roi (seed 004 "7, 8, 9, 10, V, D, R, As")
        # (the catalog's rank.<R> and the suit's symbol)
        assert card_label(parse_card("JH"), "fr") == "V♥"
        assert card_label(parse_card("TH"), "fr") == "10♥"
        assert card_label(parse_card("QS"), "fr") == "D♠"
        assert card_label(parse_card("KD"), "fr") == "R♦"
        assert card_label(parse_card("AC"), "fr") == "A♣"
        assert card_label(parse_card("6C"), "fr") == "6♣"

    def test_french_display_parses_back(self):
        assert parse_card("V♥") == parse_card("JH")
        assert parse_card("10♥") == parse_card("TH")
        assert parse_card("D♠") == parse_card("QS")
        assert parse_card("R♦") == parse_card("KD")

    def test_english_display(self):
        assert card_label(parse_card("TS"), "en") == "10♠"
        assert card_label(parse_card("JH"), "en") == "J♥"

    def test_card_ids_follow_the_documented_encoding(self):
        # cards.py: suit*8 + index in 7 8 9 T J Q K A; suits S H D C; sixes are 32 + suit
        assert parse_card("7S") == 0
        assert parse_card("AS") == 7
        assert parse_card("JH") == 8 + 4
        assert parse_card("AC") == 31
        assert parse_card("6S") == 32
        assert parse_card("6C") == 35
        assert card_str(35) == "6C"

    def test_every_card_of_the_36_deck_round_trips(self):
        seen = set()
        for c in iter_cards(DECK36):
            text = card_str(c)
            assert parse_card(text) == c
            assert parse_card(card_label(c, "fr")) == c
            assert parse_card(card_label(c, "en")) == c
            seen.add(text)
        assert len(seen) == 36

    def test_parse_cards_spaces_and_commas(self):
        assert names(parse_cards("JH, 9H TH")) == ["JH", "9H", "TH"]
        assert parse_cards("") == []

    def test_parse_hand_is_a_mask(self):
        m = parse_hand("7S AS")
        assert m == (1 << 0) | (1 << 7)

    def test_hand_str_sorted_by_suit_then_strength(self):
        # suits S H D C; hearts trump: J above 9 above A (docs/sources.md §1 trump order)
        assert hand_str(parse_hand("AH 7S JH 9H AS"), Trump.H) == "AS 7S JH 9H AH"
        # no trump given: plain order, A first
        assert hand_str(parse_hand("JH AH 9H")) == "AH JH 9H"

    def test_trump_parse(self):
        assert Trump.parse("h") is Trump.H
        assert Trump.parse("♠") is Trump.S
        assert Trump.parse("SA") is Trump.SA
        assert Trump.parse("NT") is Trump.SA
        assert Trump.parse("ta") is Trump.TA
        assert str(Trump.TA) == "TA"


class TestBadCards:
    @pytest.mark.parametrize("text", ["ZH", "11S", "1H", "JX", "", "J", "10", "JHH", "H", "7Z"])
    def test_bad_card_raises_card_error(self, text):
        with pytest.raises(CardError):
            parse_card(text)

    def test_card_error_is_a_value_error(self):
        assert issubclass(CardError, ValueError)
        with pytest.raises(ValueError):
            parse_card("ZH")

    def test_message_names_the_bad_text(self):
        with pytest.raises(CardError, match="ZH"):
            parse_card("ZH")

    def test_duplicate_card_refused(self):
        with pytest.raises(CardError, match="JH"):
            parse_cards("JH 9H JH")
        with pytest.raises(CardError):
            parse_hand("TH 10H")  # the same card written twice

    def test_duplicates_allowed_when_asked(self):
        assert len(parse_cards("JH JH", unique=False)) == 2

    def test_bad_card_in_a_list(self):
        with pytest.raises(CardError):
            parse_cards("JH QX")

    def test_bad_trump(self):
        with pytest.raises(CardError):
            Trump.parse("X")


# --------------------------------------------------------------------------------------------
# Points (docs/sources.md §1; 002 §III; 004 "La valeur des cartes"; 003 for the 36-card deck)
# --------------------------------------------------------------------------------------------

TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def suit_points(tt, suit: str) -> int:
    return sum(tt.points[parse_card(r + suit)] for r in "789TJQKA")


class TestPoints:
    @pytest.mark.parametrize("rank,pts", sorted(TRUMP_POINTS.items()))
    def test_trump_card_points(self, rank, pts):
        # 002 §III "A l'atout: Valet 20, 9 14, As 11, 10 10, Roi 4, Dame 3, 8 0, 7 0"
        assert tables(Trump.H).points[parse_card(rank + "H")] == pts

    @pytest.mark.parametrize("rank,pts", sorted(PLAIN_POINTS.items()))
    def test_plain_card_points(self, rank, pts):
        # 002 §III "Hors atout: As 11, 10 10, Roi 4, Dame 3, Valet 2, 9/8/7 0"
        assert tables(Trump.H).points[parse_card(rank + "S")] == pts

    def test_suit_contract_totals(self):
        # 004: "62 points à l'atout et trois fois 30 points ... 162 points" (10 de der included)
        tt = tables(Trump.D)
        assert suit_points(tt, "D") == 62
        assert suit_points(tt, "S") == suit_points(tt, "H") == suit_points(tt, "C") == 30
        assert tt.total == 162

    @pytest.mark.parametrize("trump", [Trump.S, Trump.H, Trump.D, Trump.C])
    def test_every_suit_contract_is_162(self, trump):
        assert tables(trump).total == 162  # 002 §III "Le total des points du jeu est de 162"

    def test_sans_atout_ffb_ace_19_total_162(self):
        # 002 annex: "Les As valent 19 points afin de ramener les points du Paquet à 162."
        tt = tables(Trump.SA, 19)
        assert tt.points[parse_card("AS")] == 19
        assert tt.points[parse_card("JS")] == 2  # plain values: no trump in SA
        assert tt.points[parse_card("9H")] == 0
        assert suit_points(tt, "C") == 38
        assert tt.total == 4 * 38 + 10 == 162

    def test_sans_atout_retourne_ace_11_total_130(self):
        # 004: "Au jeu à sans atout il y a 4 couleurs à 30 points ... le total à 130 points"
        tt = tables(Trump.SA, 11)
        assert tt.points[parse_card("AH")] == 11
        assert suit_points(tt, "H") == 30
        assert tt.total == 130

    def test_presets_sa_ace_values(self):
        # docs/sources.md §10: SA ace 19 in ffb, 11 in retourne
        assert Rules.preset("ffb").sa_ace_points == 19
        assert Rules.preset("retourne").sa_ace_points == 11
        r = Rules.preset("retourne")
        assert tables(Trump.SA, r.sa_ace_points).total == 130

    def test_tout_atout_total_258(self):
        # 004: "4 couleurs à 62 points soit 248 points plus le 10 de Der soit 258 points"
        tt = tables(Trump.TA)
        for s in "SHDC":
            assert suit_points(tt, s) == 62
            assert tt.points[parse_card("J" + s)] == 20
            assert tt.points[parse_card("9" + s)] == 14
        assert tt.total == 258

    def test_dix_de_der_is_the_difference(self):
        # docs/sources.md §1: cards 152 + dix de der 10
        tt = tables(Trump.C)
        assert sum(tt.points[c] for c in iter_cards(DECK32)) == 152


# --------------------------------------------------------------------------------------------
# Orders (docs/sources.md §1: trump J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7; 001 "De la plus forte
# à la
# plus faible")
# --------------------------------------------------------------------------------------------

def order(tt, suit: str, ranks: str = "789TJQKA") -> list[str]:
    cs = [parse_card(r + suit) for r in ranks]
    return [card_str(c)[0] for c in sorted(cs, key=lambda c: -tt.strength[c])]


class TestOrders:
    def test_trump_order(self):
        assert order(tables(Trump.H), "H") == list("J9ATKQ87")

    def test_plain_order(self):
        assert order(tables(Trump.H), "S") == list("ATKQJ987")

    def test_sans_atout_plain_order_everywhere(self):
        # 002 annex: "As, Dix, Roi, Dame, Valet, Neuf, Huit, Sept, quelle que soit la couleur"
        tt = tables(Trump.SA)
        for s in "SHDC":
            assert order(tt, s) == list("ATKQJ987")
        assert tt.trump_mask == 0

    def test_tout_atout_trump_order_everywhere(self):
        # 002 annex: "Valet, Neuf, As, Dix, Roi, Dame, Huit, Sept"
        tt = tables(Trump.TA)
        for s in "SHDC":
            assert order(tt, s) == list("J9ATKQ87")

    def test_each_card_beats_the_next_one_in_its_order(self):
        tt = tables(Trump.H)
        trump = cards("JH 9H AH TH KH QH 8H 7H")
        plain = cards("AS TS KS QS JS 9S 8S 7S")
        for seq in (trump, plain):
            for hi, lo in pairwise(seq):
                assert tt.beats(hi, lo)
                assert not tt.beats(lo, hi)

    def test_trick_winner_highest_trump(self):
        # docs/sources.md §4.3 / 000: "ayant coupé avec la carte d'atout la plus forte, emporte le
        # pli"
        tt = tables(Trump.H)
        assert tt.winner_index(cards("AS 7H TS 8H")) == 3
        assert tt.winner_index(cards("AS 7H JH 8H")) == 2

    def test_trick_winner_highest_of_suit_led(self):
        # 001: "sans atout, c'est la plus forte carte de la couleur demandée"
        tt = tables(Trump.H)
        assert tt.winner_index(cards("KS AD TS 9S")) == 2  # the AD is a discard
        assert tt.winner_index(cards("9S AD AC TD")) == 0

    def test_no_ruffing_in_sans_atout_or_tout_atout(self):
        # 002 annex: SA "il est impossible de couper"; TA "Il est également impossible de couper"
        assert tables(Trump.SA).winner_index(cards("7S JH AD 8S")) == 3
        assert tables(Trump.TA).winner_index(cards("7S JH 9D 8S")) == 3


# --------------------------------------------------------------------------------------------
# The 36-card deck of the belote simplifiée (seed 003; docs/sources.md §1: a 6 is worth 0 and ranks
# below the 7)
# --------------------------------------------------------------------------------------------

class TestDeck36:
    def test_deck_sizes(self):
        assert len(list(iter_cards(deck_mask(32)))) == 32
        assert len(list(iter_cards(deck_mask(36)))) == 36
        assert not deck_mask(32) & parse_hand("6S 6H 6D 6C")
        for s in "SHDC":
            assert len(list(iter_cards(SUIT_MASK["SHDC".index(s)] & DECK36))) == 9

    def test_six_worth_zero(self):
        tt = tables(Trump.H, 19, 36)
        assert tt.points[parse_card("6H")] == 0  # trump six
        assert tt.points[parse_card("6S")] == 0  # plain six

    def test_total_still_162(self):
        # 003: "Le jeu se joue sur un total de 162 points."
        assert tables(Trump.H, 19, 36).total == 162

    def test_six_ranks_below_the_seven(self):
        tt = tables(Trump.H, 19, 36)
        assert order(tt, "H", "6789TJQKA") == list("J9ATKQ876")
        assert order(tt, "S", "6789TJQKA") == list("ATKQJ9876")
        assert tt.winner_index(cards("6S 7S")) == 1
        assert tt.winner_index(cards("6H 7H")) == 1

    def test_simplifiee_preset_uses_36_cards(self):
        r = Rules.preset("simplifiee")
        assert r.deck == 36
        assert r.hand_size == 9
        assert Rules.preset("classique").hand_size == 8


def test_card_label_reads_as_a_player_says_the_card():
    """French ranks in French (V, D, R: valet, dame, roi), English ranks otherwise; both with
    the suit's symbol and 10 for the ten; records keep the two-letter codes."""
    assert card_label(parse_card("JH"), "fr") == "V♥"
    assert card_label(parse_card("JH"), "en") == "J♥"
    assert card_label(parse_card("TS"), "en") == "10♠"
    assert card_label(parse_card("QD")) == "D♦"  # French by default
    assert card_str(parse_card("TS")) == "TS"


# --- the display order: one for the terminal table, the page and the replays ----------------

def _shown(hand: str, trump: Trump | None) -> str:
    from belote.engine.cards import display_order
    return " ".join(card_str(c) for c in display_order(parse_cards(hand), trump))


def test_before_the_contract_a_hand_shows_spades_hearts_clubs_diamonds_in_plain_order():
    # no trump yet: S H D C with colours alternating gives ♠ ♥ ♣ ♦; plain order A 10 K Q J 9 8 7
    assert _shown("7D JS AD 9H TC KS 8C AH", None) == "KS JS AH 9H TC 8C AD 7D"


def test_the_trump_suit_comes_first_then_the_colours_alternate():
    # hearts trump: ♥ first (trump order J 9 A 10 K Q 8 7), then black ♠, red ♦, black ♣
    assert _shown("AH 9H JH 7S AS 8D TC QD", Trump.H) == "JH 9H AH AS 7S QD 8D TC"
    # diamonds trump: ♦ ♠ ♥ ♣
    assert _shown("AH 9H 7S 8D TC QD JD", Trump.D) == "JD QD 8D 7S AH 9H TC"
    # clubs trump: ♣, then red ♥ (S H D C order among the other colour), then black ♠, red ♦
    assert _shown("AH 7S 8D TC 9C", Trump.C) == "9C TC AH 7S 8D"


def test_two_red_suits_and_one_black_put_the_black_one_between_them():
    # ♠ ♥ ♦ held and no trump among them: ♥ ♠ ♦ (♠ ♥ ♦ put the reds side by side); seen with
    # clubs trump (no club held) and during the bidding
    assert _shown("7S AH KH 9H AD TD", Trump.C) == "AH KH 9H 7S AD TD"
    assert _shown("8S KH QH TD 8D", None) == "KH QH 8S TD 8D"
    # the trump suit first, then the colours alternate from it: ♣ ♥ ♠ ♦
    assert _shown("AH 7S 8D TC 9C", Trump.C) == "9C TC AH 7S 8D"


def test_when_one_colour_is_missing_the_suits_follow_in_s_h_d_c_order():
    # spades trump, no red card: ♠ then ♣; hearts trump and no black card: ♥ then ♦
    assert _shown("AC 7S JS", Trump.S) == "JS 7S AC"
    assert _shown("8D AH 9H", Trump.H) == "9H AH 8D"


def test_every_suit_is_in_trump_order_in_tout_atout_and_plain_order_in_sans_atout():
    assert _shown("AS JS 9S AH JH", Trump.TA) == "JS 9S AS JH AH"
    assert _shown("AS JS 9S AH JH", Trump.SA) == "AS JS 9S AH JH"


def test_a_six_of_the_36_card_pack_is_the_lowest_card_of_its_suit():
    assert _shown("6H 7H JH", Trump.H) == "JH 7H 6H"
    assert _shown("6S 7S AS", None) == "AS 7S 6S"


def test_the_display_order_is_a_permutation_trump_first_colours_alternating():
    """For any hand and contract: the same cards; each suit in one run, strongest first; the
    trump suit of a suit contract first; two runs of one colour side by side only when no
    suit of the other colour is left to put between them."""
    from hypothesis import given
    from hypothesis import strategies as st

    from belote.engine.cards import RED_SUITS, SUIT_OF, display_order

    @given(st.sets(st.integers(0, 31), max_size=9),
           st.sampled_from([None, *Trump]))
    def check(hand: set[int], trump: Trump | None) -> None:
        shown = display_order(hand, trump)
        assert sorted(shown) == sorted(hand)
        runs = [SUIT_OF[c] for i, c in enumerate(shown) if i == 0 or SUIT_OF[shown[i - 1]]
                != SUIT_OF[c]]
        assert len(runs) == len(set(runs))
        strength = tables(trump).strength if trump is not None else None
        for a, b in pairwise(shown):
            if SUIT_OF[a] == SUIT_OF[b] and strength is not None:
                assert strength[a] > strength[b]
        if trump is not None and trump.is_suit and int(trump) in runs:
            assert runs[0] == int(trump)
        def clashes(order: tuple[int, ...] | list[int]) -> int:
            return sum((a in RED_SUITS) == (b in RED_SUITS) for a, b in pairwise(order))
        first = runs[:1] if trump is not None and trump.is_suit and int(trump) in runs else []
        fewest = min(clashes(first + list(p)) for p in
                     permutations([s for s in runs if s not in first]))
        assert clashes(runs) == fewest  # no order of these suits alternates better
    check()
