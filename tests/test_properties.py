"""Property tests over random legal deals, for every preset (hypothesis picks the seeds).

Each example draws a seed; ``random.Random(seed)`` shuffles the pack (``shuffled_deck``), picks
the dealer and picks every action among the legal ones, so a failing example names its seed.
Properties (docs/sources.md §1, §4, docs/records.md):

* the card points of a played deal sum to the contract kind's total: 162 (002 §III), Sans Atout
  162 with the ace at 19 (002 annex) or 130 with the ace at 11 (004), Tout Atout 258 (004);
* the legal set is never empty while the deal is not over;
* the same seed gives the same pack and the same deal;
* deal and game records round-trip exactly through JSON text;
* a random legal deal is judged regular by ``check_deal``, with the same result;
* every card of ``legal_card_mask`` is accepted by ``Deal.play``; every other held card is
  refused with ``IllegalAction`` and leaves the deal unchanged.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.engine import (
    PRESET_NAMES,
    Deal,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Rules,
    Trump,
    shuffled_deck,
)
from belote.engine.cards import iter_cards
from belote.engine.game import Game
from belote.engine.record import check_deal, deal_to_record, game_from_record, game_to_record

EXAMPLES = 40
# derandomize: the same examples on every run (CI gives the same verdict twice); database=None:
# nothing written to .hypothesis/
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)

#: every preset, plus ffb with its Sans Atout / Tout Atout option (002 annex)
VARIANTS = [(name, {}) for name in PRESET_NAMES] + [("ffb", {"sa_ta": True})]
IDS = [name + ("+sa_ta" if opts else "") for name, opts in VARIANTS]


def rules_of(name: str, opts: dict) -> Rules:
    return Rules.preset(name, **opts)


def choose(deal: Deal, rng: random.Random):
    """A random legal action; in the bidding, pass half of the time (else auctions climb to
    the top and almost every deal is a capot bid)."""
    acts = list(deal.legal_actions())
    assert acts, "no legal action while the deal is not over"
    if deal.phase == Phase.BIDDING and rng.random() < 0.5 and Pass() in acts:
        return Pass()
    return rng.choice(acts)


def random_deal(rules: Rules, seed: int, stop_after: int | None = None,
                check_each_step=None, bids: tuple[str, ...] = ()) -> Deal:
    """Deal from ``seed`` and play random legal actions (all of them, or ``stop_after``),
    after the given ``bids`` if any."""
    rng = random.Random(seed)
    deck = shuffled_deck(rules, rng)
    d = Deal.deal(rules, rng.randrange(4), deck)
    for b in bids:
        d.play(b)
    n = 0
    while not d.is_over() and (stop_after is None or n < stop_after):
        if check_each_step is not None:
            check_each_step(d, rng)
        d.play(choose(d, rng))
        n += 1
    return d


def expected_total(rules: Rules, trump: Trump) -> int:
    """Card points of the pack with dix de der, from the seeds (not from the engine's tables)."""
    if trump == Trump.TA:
        return 4 * 62 + 10                       # 004: 258
    if trump == Trump.SA:
        return 4 * (rules.sa_ace_points + 19) + 10  # 002 annex: 162 (ace 19); 004: 130 (ace 11)
    return 62 + 3 * 30 + 10                      # 002 §III, 003 (sixes worth 0): 162


@pytest.mark.parametrize("name,opts", VARIANTS, ids=IDS)
@SETTINGS
@given(seed=SEEDS)
def test_card_points_sum_to_the_contract_total(name, opts, seed):
    rules = rules_of(name, opts)
    d = random_deal(rules, seed)
    assert d.is_over()
    if d.passed_out:
        assert d.points == [0, 0] and not d.plays
        return
    assert d.tt.total == expected_total(rules, d.trump)
    assert sum(d.points) == d.tt.total
    assert len(d.tricks) == rules.hand_size and sum(d.tricks_won) == rules.hand_size
    assert len(d.plays) == rules.deck
    assert sorted(c for _s, c in d.plays) == list(range(rules.deck))


SA_TA = [("retourne", {}, ("pass",) * 4 + ("SA",), "SA", 130),
         ("retourne", {}, ("pass",) * 4 + ("TA",), "TA", 258),
         ("ffb", {"sa_ta": True}, ("80 SA", "pass", "pass", "pass"), "SA", 162),
         ("ffb", {"sa_ta": True}, ("90 TA", "pass", "pass", "pass"), "TA", 258)]


@pytest.mark.parametrize("name,opts,bids,kind,total", SA_TA,
                         ids=["retourne-SA", "retourne-TA", "ffb-SA", "ffb-TA"])
@settings(max_examples=20, deadline=None, database=None, derandomize=True)
@given(seed=SEEDS)
def test_sans_atout_tout_atout_totals(name, opts, bids, kind, total, seed):
    """130 (ace 11) / 258 in retourne (004), 162 (ace 19) / 258 in ffb (002 annex)."""
    rules = rules_of(name, opts)
    d = random_deal(rules, seed, bids=bids)
    assert d.trump == Trump.parse(kind)
    assert d.is_over() and d.tt.total == total == sum(d.points)


@pytest.mark.parametrize("name,opts", VARIANTS, ids=IDS)
@SETTINGS
@given(seed=SEEDS)
def test_legal_set_never_empty_before_the_end(name, opts, seed):
    rules = rules_of(name, opts)

    def check(d: Deal, _rng):
        assert len(d.legal_actions()) > 0
        if d.phase == Phase.PLAY:
            mask = d.legal_card_mask()
            assert mask != 0
            assert mask & ~d.hands[d.to_move] == 0

    d = random_deal(rules, seed, check_each_step=check)
    assert d.is_over() and len(d.legal_actions()) == 0


@pytest.mark.parametrize("name,opts", VARIANTS, ids=IDS)
@SETTINGS
@given(seed=SEEDS)
def test_same_seed_same_deal(name, opts, seed):
    rules = rules_of(name, opts)
    a = shuffled_deck(rules, random.Random(seed))
    b = shuffled_deck(rules, random.Random(seed))
    assert a == b
    assert sorted(a) == list(range(rules.deck))
    assert deal_to_record(random_deal(rules, seed)) == deal_to_record(random_deal(rules, seed))


@pytest.mark.parametrize("name,opts", VARIANTS, ids=IDS)
@SETTINGS
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=60))
def test_deal_record_round_trips(name, opts, seed, cut):
    """Finished and in-progress deals: record → JSON text → check_deal → record, equal."""
    rules = rules_of(name, opts)
    for stop in (None, cut):
        d = random_deal(rules, seed, stop_after=stop)
        rec = deal_to_record(d)
        back = json.loads(json.dumps(rec))
        assert back == rec
        again = deal_to_record(check_deal(back).deal)
        assert again == rec


def test_declared_annonce_before_the_first_card_round_trips():
    """Found by the round-trip property (coinche, in-progress deals): a seat that has declared
    its annonces (001: "chaque joueur annonce en posant sa première carte") but not yet played
    that card. docs/records.md: "Reading then writing a record gives the same JSON (exact
    round-trip)"."""
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 0, shuffled_deck(rules, random.Random(0)))
    for b in ("80 S", "pass", "pass", "pass"):
        d.play(b)
    declare = [a for a in d.legal_actions() if str(a).startswith("declare")]
    assert [str(a) for a in declare] == ["declare 7S 8S 9S"]
    d.play(declare[0])
    rec = deal_to_record(d)
    assert rec["annonces"] == {"1": [["7S", "8S", "9S"]]}
    again = deal_to_record(check_deal(json.loads(json.dumps(rec))).deal)
    assert again["annonces"] == rec["annonces"]
    assert again == rec


@pytest.mark.parametrize("name,opts", VARIANTS, ids=IDS)
@settings(max_examples=12, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, steps=st.integers(min_value=0, max_value=700))
def test_game_record_round_trips(name, opts, seed, steps):
    rules = rules_of(name, opts)
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    n = 0
    while not g.is_over() and n < steps:
        g.play(choose(g.current, rng))
        n += 1
    rec = game_to_record(g)
    back = json.loads(json.dumps(rec))
    assert back == rec
    g2 = game_from_record(back)
    assert game_to_record(g2) == rec
    assert g2.scores == g.scores and g2.is_over() == g.is_over()


@pytest.mark.parametrize("name,opts", VARIANTS, ids=IDS)
@SETTINGS
@given(seed=SEEDS)
def test_random_legal_deal_is_regular_with_the_same_score(name, opts, seed):
    rules = rules_of(name, opts)
    d = random_deal(rules, seed)
    report = check_deal(json.loads(json.dumps(deal_to_record(d))))
    assert report.legal, report.irregularity
    assert report.irregularity is None
    if d.passed_out:
        assert report.result is None and report.deal.passed_out
        return
    assert report.result is not None
    assert report.result.score == d.result.score
    assert report.result.to_json() == d.result.to_json()
    assert report.deal.points == d.points


@pytest.mark.parametrize("name,opts", VARIANTS, ids=IDS)
@SETTINGS
@given(seed=SEEDS)
def test_play_accepts_exactly_the_legal_card_mask(name, opts, seed):
    rules = rules_of(name, opts)
    seen = {"legal": 0, "refused": 0}

    def check(d: Deal, rng: random.Random):
        if d.phase != Phase.PLAY:
            return
        mask = d.legal_card_mask()
        seat = d.to_move
        hand = d.hands[seat]
        before = deal_to_record(d)
        for card in iter_cards(hand):
            if (mask >> card) & 1:
                e = d.clone()
                e.play(Play(card))          # accepted
                assert e.plays[-1] == (seat, card)
                seen["legal"] += 1
            else:
                with pytest.raises(IllegalAction) as exc:
                    d.play(Play(card))
                assert exc.value.rule not in ("illegal", None)
                assert str(exc.value)
                seen["refused"] += 1
        assert deal_to_record(d) == before   # refusals leave the deal as it was
        # a card not held is refused too
        others = [c for c in range(rules.deck) if not (hand >> c) & 1]
        if others:
            with pytest.raises(IllegalAction):
                d.play(Play(rng.choice(others)))

    d = random_deal(rules, seed, check_each_step=check)
    if not d.passed_out:
        assert seen["legal"] >= rules.deck
