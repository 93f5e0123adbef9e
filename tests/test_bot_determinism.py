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
