"""The expert bot's bidding by simulation (belote.bots.simbid): worlds that fit the auction,
scores computed with the preset's own scoring, and clear bids, passes and doubles on hands
whose answer is not in doubt."""

import dataclasses
import random

import pytest

from belote.bots.expert import ExpertBot
from belote.bots.simbid import CAUTION, PASS_CEILING, BidSimulator, _World, fits, read_auction
from belote.engine import Deal, Rules, Trump, shuffled_deck
from belote.engine.annonces import find_annonces
from belote.engine.cards import deck_mask, iter_cards, parse_hand, popcount
from belote.engine.scoring import Contract


def _deal(preset, dealer, first_hand, seed=0):
    """An auction deal whose first bidder (the seat after the dealer) holds ``first_hand``;
    the other cards are dealt at random (unseen by that seat anyway)."""
    rules = Rules.preset(preset)
    return rules, Deal.from_hands(rules, dealer, _fill(rules, (dealer + 1) % 4, first_hand, seed))


def _two_round_view(hand_text, turned):
    """The first bidder's view of a two-round deal, holding ``hand_text`` (5 cards) with
    ``turned`` the turned card (the view is what the bot sees: plain data)."""
    rules = Rules.preset("classique")
    d = Deal.deal(rules, 3, shuffled_deck(rules, random.Random(0)))
    return dataclasses.replace(d.view(0), hand=hand_text.split(), turned=turned)


def _fill(rules, seat, hand_text, seed):
    own = parse_hand(hand_text)
    rest = deck_mask(rules.deck) & ~own
    cards = list(iter_cards(rest))
    random.Random(seed).shuffle(cards)
    n = popcount(own)
    hands = [0, 0, 0, 0]
    hands[seat] = own
    k = 0
    for s in range(4):
        if s == seat:
            continue
        for c in cards[k:k + n]:
            hands[s] |= 1 << c
        k += n
    return hands


def test_a_hand_full_of_trumps_opens_high_in_coinche():
    # J 9 A 10 K Q of hearts and two aces: the six best trumps, every plain ace but one
    _rules, d = _deal("coinche", 3, "JH 9H AH TH KH QH AS AC")
    a = ExpertBot(seed=1).act(d.view(0))
    words = a.split()
    assert words[-1] == "H"
    assert words[0] == "capot" or int(words[0]) >= 120


def test_a_hand_without_honours_passes_an_open_auction():
    _rules, d = _deal("coinche", 3, "7S 8S 7H 8H 7D 8D 9C 7C")
    assert ExpertBot(seed=1).act(d.view(0)) == "pass"


def test_two_rounds_take_with_the_top_trumps_and_pass_without():
    # turned jack of hearts, holding 9 A 10 of hearts and two aces: take
    view = _two_round_view("9H AH TH AS AC", "JH")
    assert view.legal == ["take", "pass"]
    assert ExpertBot(seed=1).act(view) == "take"
    # turned 7 of hearts, nothing in hand: pass
    assert ExpertBot(seed=1).act(_two_round_view("7S 8D 9C 7C 8C", "7H")) == "pass"


def test_doubles_an_opponent_contract_it_can_break():
    # seat 0 bids 160 spades; seat 1 holds J 9 A 10 of spades and three aces: contre
    rules = Rules.preset("coinche")
    hands = _fill(rules, 1, "JS 9S AS TS AH AD AC TC", 3)
    d = Deal.from_hands(rules, 3, hands)
    d.play("160 S")
    assert ExpertBot(seed=2).act(d.view(1)) == "contre"


def test_worlds_fit_the_inferred_constraints():
    rules, d = _deal("coinche", 3, "7S 8S 7H 8H 7D 8D 9C 7C")
    sim = BidSimulator(d.view(0), rules, None, random.Random(5), 12)
    cons = [(1, Trump.S, 40, 10**6), (2, None, 0, 60)]
    sim.deal(False, cons)
    assert len(sim.worlds) == 12
    for w in sim.worlds:
        assert w.hands[0] == parse_hand("7S 8S 7H 8H 7D 8D 9C 7C")
        assert sum(popcount(h) for h in w.hands) == 32
        assert w.hands[0] | w.hands[1] | w.hands[2] | w.hands[3] == (1 << 32) - 1
        assert all(fits(w.hands[c[0]], c, 32) for c in cons)


def test_reading_an_auction():
    """Seen from seat 0: seat 1 passed the open auction (below PASS_CEILING in every suit),
    seat 2 opened 80 S (at least 35 in spades), seat 3 overbid 100 H (55 in hearts), seat 2's
    raise to 110 S says nothing new (its first bid tells its hand), seat 3 doubled it (25 in
    spades, the doubled trump). Seat 0's own pass is no constraint."""
    bids = [(0, "pass"), (1, "pass"), (2, "80 S"), (3, "100 H"), (0, "pass"), (1, "pass"),
            (2, "110 S"), (3, "contre")]
    a = read_auction(bids, 0)
    assert a.best_bid == (2, "110 S") and a.mult == 2
    assert a.constraints == [(2, Trump.S, 35, 10**6), (3, Trump.H, 55, 10**6),
                             (1, None, 0, PASS_CEILING), (3, Trump.S, 25, 10**6)]
    # seen from seat 3: its own bid and contre are no constraints, seat 0's pass is one
    b = read_auction(bids, 3)
    assert b.constraints == [(2, Trump.S, 35, 10**6), (0, None, 0, PASS_CEILING),
                             (1, None, 0, PASS_CEILING)]
    # team 1 barred after two misdeals (002 §VIII.A): seat 1's pass was forced, not weak
    c = read_auction(bids, 0, barred_team=1)
    assert (1, None, 0, PASS_CEILING) not in c.constraints and len(c.constraints) == 3


@pytest.mark.parametrize("raw,expected", [
    # coinche (001): made 100 H, no belote, no annonce: taker marks points + C, defence its
    # points, both rounded to the ten. Raw double-dummy 130 for team 0, minus CAUTION (10):
    # 120 + 100 = 220 against 42 -> 40: difference 180
    (130, 180),
    # raw 90 -> 80 after caution: short of 100, failed: defence marks 160 + 100 = 260
    (90, -260),
    # every point (capot, no caution): 250 + 100 = 350 to team 0
    (162, 350),
])
def test_simulated_value_uses_the_preset_scoring(raw, expected):
    assert CAUTION == 10
    rules = Rules.preset("coinche")
    hands = [parse_hand(h) for h in ("KS 7S JH 9H 8D AC TC 8C", "QS 8S 7H KD 7D KC JC 7C",
                                      "TS AH TH 8H AD TD JD 9C", "AS JS 9S KH QH QD 9D QC")]
    assert not any(find_annonces(h, Trump.H) for h in hands)  # no annonce to count
    sim = BidSimulator(Deal.from_hands(rules, 3, hands).view(0), rules, None,
                       random.Random(0), 1)
    # seat 3 holds K and Q of hearts: the belote (20) goes to team 1 in every case
    sim.worlds = [_World(hands, {Trump.H: raw})]
    v, made = sim.value(Contract(0, Trump.H, 100))
    assert v == expected - 20
    assert made == (raw != 90)


def test_bidding_keeps_to_the_time_limit_and_the_level():
    """Out of time, each contract kind is judged on the worlds already solved (at least
    one); the level sets the bidding worlds (2/5 of the card-play worlds, at least 2)."""
    _rules, d = _deal("coinche", 3, "JH 9H AH TH KH QH AS AC")
    bot = ExpertBot(seed=1, time_limit_ms=0.001)
    assert bot.act(d.view(0)) in d.view(0).legal
    worlds = bot._bid_worlds[1]
    assert len(worlds) == 8
    assert sum(1 for w in worlds if w.points) == 1
    assert ExpertBot(worlds=5).bid_worlds == 2 and ExpertBot(worlds=50).bid_worlds == 20
