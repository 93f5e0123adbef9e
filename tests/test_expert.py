"""The expert bot (PIMC over the solver): worlds consistent with the seat's knowledge, legal
play, and the duplicate arena."""

import json
import random

from typer.testing import CliRunner

from belote.bots import ExpertBot, HeuristicBot, make_bot
from belote.bots.expert import WorldSampler
from belote.cli import app
from belote.engine import Deal, Rules, shuffled_deck
from belote.engine.cards import SUIT_OF, iter_cards, parse_card, popcount
from belote.sim import arena


def _play_some(rules, rng, bots, until_cards):
    d = Deal.deal(rules, rng.randrange(4), shuffled_deck(rules, rng))
    while not d.is_over and len(d.plays) < until_cards:
        s = d.to_move
        d.play(bots[s].act(d.view(s)), s)
    return d


def test_sampled_worlds_fit_what_the_seat_knows():
    rng = random.Random(4)
    for preset in ("coinche", "classique", "retourne", "simplifiee"):
        rules = Rules.preset(preset)
        bots = [HeuristicBot(seed=i) for i in range(4)]
        for _ in range(30):
            d = _play_some(rules, rng, bots, rng.randrange(1, rules.deck - 4))
            if d.is_over or d.phase.value != "play":
                continue
            seat = d.to_move
            view = d.view(seat)
            sampler = WorldSampler(view, random.Random(1))
            played = 0
            for _s, c in d.plays:
                played |= 1 << c
            for _ in range(5):
                hands = sampler.sample()
                assert hands[seat] == d.hands[seat]  # its own hand
                assert [popcount(h) for h in hands] == [popcount(h) for h in d.hands]
                assert not any(h & played for h in hands)  # no played card
                union = hands[0] | hands[1] | hands[2] | hands[3]
                assert union == d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
                # a seat that did not follow a suit holds none of it
                for (leader, cards, _w) in d.tricks:
                    led = SUIT_OF[cards[0]]
                    for i, c in enumerate(cards[1:], 1):
                        if SUIT_OF[c] != led:
                            p = (leader + i) % 4
                            assert not any(SUIT_OF[x] == led for x in iter_cards(hands[p]))


def test_sampler_puts_a_said_belote_partner_card_in_its_hand():
    # seat 0 takes hearts holding KH and QH, says belote with KH: seat 1 must see QH in seat 0
    from belote.engine.cards import parse_hand
    rules = Rules.preset("coinche")
    hands = [parse_hand(h) for h in ("KH QH 7S 8S 9S TS JS QS", "AH TH 9H 8H 7C 8C 9C TC",
                                      "JH 7H AS KS AD TD KD QD", "AC KC QC JC JD 9D 8D 7D")]
    d = Deal.from_hands(rules, 3, hands)
    d.play("80 H")
    for _ in range(3):
        d.play("pass")
    d.play("belote")
    d.play("KH")
    sampler = WorldSampler(d.view(1), random.Random(2))
    for _ in range(10):
        assert (sampler.sample()[0] >> parse_card("QH")) & 1


def test_expert_plays_legal_deals_seeing_only_its_view():
    rules = Rules.preset("coinche")
    rng = random.Random(9)
    bots = [ExpertBot(seed=1, worlds=3), HeuristicBot(2), ExpertBot(seed=3, worlds=3),
            HeuristicBot(4)]
    for _ in range(2):
        d = Deal.deal(rules, rng.randrange(4), shuffled_deck(rules, rng))
        while not d.is_over:
            s = d.to_move
            a = bots[s].act(d.view(s))
            d.play(a, s)  # checked
        assert d.passed_out or sum(d.result.points) == 162


def test_arena_duplicate_is_symmetric_for_equal_bots():
    rules = Rules.preset("classique")
    rep = arena(rules, lambda s: make_bot("random", s), lambda s: make_bot("random", s),
                ("random", "random"), 60, seed=3)
    data = rep.to_json()
    assert data["deals"] == 60 and len(rep.diffs) == 60
    lo, hi = data["ci95"]
    assert lo <= data["mean_diff"] <= hi
    # heuristic against random: clearly ahead
    rep2 = arena(rules, lambda s: make_bot("heuristic", s), lambda s: make_bot("random", s),
                 ("heuristic", "random"), 120, seed=3)
    assert rep2.to_json()["ci95"][0] > 0


def test_arena_cli_json_and_play_only():
    r = CliRunner().invoke(app, ["arena", "--a", "heuristic", "--b", "random", "--preset",
                                 "coinche", "--deals", "20", "--play-only", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data) >= {"deals", "mean_diff", "ci95", "ms_per_decision", "points_share"}
    assert set(data["ms_per_decision"]) == {"a", "b"}
    assert 0 < data["points_share"]["mean"] < 1
    bad = CliRunner().invoke(app, ["arena", "--a", "oracle"])
    assert bad.exit_code == 2


def test_cards_worth_the_same_in_every_world_are_solved_once():
    """7S and 8S in one hand (nothing between them) are one card for PIMC; 7S and 9S are
    too once 8S has been played in an earlier trick, but not while 8S is unseen; KS and QS
    differ in points (4 and 3 in a plain suit) and stay apart."""
    from belote.engine import Trump
    from belote.engine.cards import parse_card as pc
    from belote.engine.cards import parse_hand, tables

    tt = tables(Trump.H)
    cards = [pc(c) for c in ("7S", "8S", "9S", "QS", "KS")]
    rep = ExpertBot._representatives(cards, tt, 0)
    assert rep[pc("7S")] == rep[pc("8S")] == rep[pc("9S")]
    assert rep[pc("QS")] == pc("QS") and rep[pc("KS")] == pc("KS")
    cards = [pc(c) for c in ("7S", "9S")]
    assert len(set(ExpertBot._representatives(cards, tt, 0).values())) == 2
    gone = parse_hand("8S AS TS JS")  # an earlier trick
    assert len(set(ExpertBot._representatives(cards, tt, gone).values())) == 1


def test_a_discard_when_bound_to_ruff_shows_no_trump():
    """RULES.md §4 / 002 §VI: a player who cannot follow must ruff when the opponents hold
    the trick. Seat 1 discards a club on the ace of spades led by seat 0 (an opponent,
    winning): seat 1 holds neither spades nor hearts (trumps), in every world seat 2 samples."""
    from belote.engine.cards import SUIT_MASK, parse_hand
    rules = Rules.preset("coinche")
    hands = [parse_hand(h) for h in ("AS KS QS JS 7D 8D 9D TD", "7C 8C 9C TC JC QC KC AC",
                                      "TS 9S 8S 7S AD KD QD JD", "7H 8H 9H TH JH QH KH AH")]
    d = Deal.from_hands(rules, 3, hands)
    for a in ("pass", "pass", "pass", "80 H", "pass", "pass", "pass", "AS", "7C"):
        d.play(a)
    sampler = WorldSampler(d.view(2), random.Random(3))
    assert sampler.void[1] & (SUIT_MASK[0] | SUIT_MASK[1]) == SUIT_MASK[0] | SUIT_MASK[1]
    for _ in range(10):
        assert sampler.sample()[1] & (SUIT_MASK[0] | SUIT_MASK[1]) == 0


def test_inferred_voids_always_hold_in_the_real_deal():
    """Whatever the sampler infers from the play (not following, not ruffing, not going
    over), the real hands agree: over random heuristic deals of every play-rule variant."""
    rng = random.Random(11)
    for preset, over in (("coinche", {}), ("classique", {}), ("simplifiee", {}),
                         ("ffb", {"sa_ta": True}), ("contree", {"must_beat_in_suit": True})):
        rules = Rules.preset(preset, **over)
        bots = [make_bot("random", i) for i in range(4)]  # random play meets every obligation
        for _ in range(40):
            d = _play_some(rules, rng, bots, rng.randrange(4, rules.deck - 1))
            if d.is_over or d.phase.value != "play":
                continue
            seat = d.to_move
            sampler = WorldSampler(d.view(seat), random.Random(1))
            for s in range(4):
                if s != seat:
                    assert d.hands[s] & sampler.void[s] == 0, (preset, s)



def test_worlds_give_the_taker_a_hand_that_backs_its_bid():
    """Bidding inference in card play: seat 3 bid 140 hearts; in the worlds seat 0 draws, the
    taker's hand backs about that (heuristic estimate at least 140 - 45), where a free deal of
    the same unseen cards seldom does (the real taker holds all eight hearts)."""
    from belote.engine import Trump
    from belote.engine.cards import parse_hand
    rules = Rules.preset("coinche")
    hands = [parse_hand(h) for h in ("AS KS QS 7D 8D 9D 7C 8C", "JS TS 9S 8S TD JD QD KD",
                                      "7S AD 9C TC JC QC KC AC", "JH 9H AH TH KH QH 8H 7H")]
    d = Deal.from_hands(rules, 2, hands)
    for a in ("140 H", "pass", "pass", "pass"):
        d.play(a)
    sampler = WorldSampler(d.view(0), random.Random(5))
    assert sampler.taker == 3 and sampler.taker_need == 95
    backed = [HeuristicBot.estimate(sampler.sample()[3], Trump.H) >= 95 for _ in range(20)]
    sampler.taker_need = None  # the same sampler without the inference
    free = [HeuristicBot.estimate(sampler.sample()[3], Trump.H) >= 95 for _ in range(20)]
    # rejection sampling (INFERENCE_TRIES deals at most a world): most worlds, not all
    assert sum(backed) >= 12 and sum(free) <= 5
