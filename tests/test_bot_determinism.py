"""The expert's decisions stay the same across refactors: actions recorded before the bots
were typed and their long functions split (tests/data/expert_actions.json) are replayed."""

import json
import random
from pathlib import Path

import pytest

from belote.bots import ExpertBot
from belote.engine import Deal, Rules, shuffled_deck

CASES = json.loads((Path(__file__).parent / "data" / "expert_actions.json").read_text())["cases"]


def _play(preset: str, seed: int, threads: int, **options: object) -> list[str]:
    rules = Rules.preset(preset)
    deck = shuffled_deck(rules, random.Random(f"expert-fixed/{seed}"))
    d = Deal.deal(rules, seed % 4, deck)
    bots = [ExpertBot(seed=10 * seed + s, threads=threads, **options) for s in range(4)]
    actions = []
    try:
        while d.legal_actions():
            s = d.to_move
            a = bots[s].act(d.view(s))
            actions.append(a)
            d.play(a, s)
    finally:
        for b in bots:
            b.close()
    return actions


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['preset']}-{c['seed']}")
def test_a_fixed_seed_gives_the_recorded_expert_actions(case):
    got = _play(case["preset"], case["seed"], case["threads"], **case["options"])
    assert got == case["actions"]


def _views(preset: str, seed: int, bids: int, cards: int) -> list:
    """Views of the first deal from ``seed`` on, played by heuristic bots, that gives
    ``bids`` bidding views, then ``cards`` card-play views with at least two cards to choose
    from (a passed-out deal gives no card-play view)."""
    from belote.bots import HeuristicBot
    rules = Rules.preset(preset)
    while True:
        d = Deal.deal(rules, seed % 4, shuffled_deck(rules, random.Random(f"repeatable/{seed}")))
        players = [HeuristicBot(seed=s) for s in range(4)]
        views: list = []
        want = {"bidding": bids, "play": cards}
        while d.legal_actions():
            s = d.to_move
            v = d.view(s)
            if len(v.legal) > 1 and want.get(v.phase, 0) > 0:
                want[v.phase] -= 1
                views.append(v)
            d.play(players[s].act(v), s)
        if len(views) == bids + cards:
            return views
        seed += 1


@pytest.mark.parametrize("preset", ["coinche", "classique"])
def test_a_repeatable_expert_ignores_the_wall_clock(preset):
    """Issue 16 item 6 (--seed): with ``repeatable`` the time limit is not read, so a limit
    far too short to solve a world (a microsecond) gives the same bids and cards as no limit;
    a node budget caps the search instead, the same on one thread and on two."""
    views = _views(preset, 3, 2, 4)
    assert len(views) == 6
    for v in views:
        free = ExpertBot(seed=7, worlds=6, threads=1)
        tight = ExpertBot(seed=7, worlds=6, threads=2, time_limit_ms=0.001, repeatable=True)
        assert tight.act(v) == free.act(v)
        one = ExpertBot(seed=7, worlds=6, threads=1, max_nodes=20_000, repeatable=True,
                        time_limit_ms=0.001)
        two = ExpertBot(seed=7, worlds=6, threads=2, max_nodes=20_000)
        assert one.act(v) == two.act(v)
        for b in (free, tight, one, two):
            b.close()


def test_a_node_budget_solves_fewer_worlds_the_same_on_any_threads():
    """``max_nodes`` stops drawing worlds once the worlds before the RACE_LAG that precede the
    next one have visited that many nodes: a budget of one node gives RACE_LAG + 1 worlds
    (the first world that could be counted is RACE_LAG + 1), whatever the threads."""
    from belote.bots.racing import RACE_LAG
    v = next(v for v in _views("coinche", 5, 0, 6) if len(v.hand) >= 6)
    for threads in (1, 2):
        bot = ExpertBot(seed=2, worlds=20, threads=threads, max_nodes=1, race_z=0)
        solved: list[int] = []
        original = bot._map

        def counting(fn, positions, *a, _orig=original, _solved=solved, **k):
            out = _orig(fn, positions, *a, **k)
            _solved.append(len(out))
            return out
        bot._map = counting  # type: ignore[method-assign]
        bot.act(v)
        assert sum(solved) == RACE_LAG + 1, threads
        bot.close()
