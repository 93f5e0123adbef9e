"""The unchecked ``Deal.apply`` alone, per preset: microseconds an action over random legal
deals replayed from their recorded actions (random playouts and record replays take this path).

    python bench/engine_apply.py              # 1000 deals per preset, best of 5 replays
    python bench/engine_apply.py --deals 300 --repeat 3

Each deal is first played once by ``belote.engine.randomplay.random_action`` (its actions
kept); the timed part replays every deal's actions on a fresh copy through ``Deal.apply``, no
policy and no legality check, once returning the events and once with ``events=False`` (no
event built; "-" for an engine without the flag). The copies are made before the clock
starts; the clock is the process's CPU time (``time.process_time``: on a loaded machine the
wait for a core is left out). One thread; figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import copy
import inspect
import platform
import random
import sys
import time

from belote.engine import PRESET_NAMES, Deal, Rules, shuffled_deck
from belote.engine.actions import Action
from belote.engine.randomplay import random_action


def recorded(preset: str, deals: int, seed: int) -> list[tuple[Deal, list[Action]]]:
    """``deals`` fresh deals of ``preset`` and the actions of one random play of each."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    out = []
    for i in range(deals):
        deal = Deal.deal(rules, i % 4, shuffled_deck(rules, rng))
        fresh = copy.deepcopy(deal)
        actions = []
        while not deal.is_over():
            action = random_action(deal, rng)
            deal.apply(action)
            actions.append(action)
        out.append((fresh, actions))
    return out


def replay_us(games: list[tuple[Deal, list[Action]]], repeat: int, **flags: bool) -> float:
    """The best of ``repeat`` replays of ``games`` (``Deal.apply(action, **flags)``):
    microseconds an action."""
    n = sum(len(actions) for _, actions in games)
    best = float("inf")
    for _ in range(repeat):
        copies = [(copy.deepcopy(deal), actions) for deal, actions in games]
        t0 = time.process_time()
        for deal, actions in copies:
            apply = deal.apply
            for action in actions:
                apply(action, **flags)
        best = min(best, time.process_time() - t0)
    return best / n * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1000, help="deals per preset (default 1000)")
    ap.add_argument("--repeat", type=int, default=5, help="replays, the best kept (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.deals <= 0 or args.repeat <= 0:
        ap.error("--deals and --repeat must be positive")
    print(f"# Deal.apply: {args.deals} random deals per preset replayed, best of "
          f"{args.repeat}, seed {args.seed}")
    print(f"# Python {platform.python_version()} on {platform.machine()}, one thread")
    quiet = "events" in inspect.signature(Deal.apply).parameters
    print("| preset | actions a deal | µs an action | µs, events=False |")
    print("|---|---:|---:|---:|")
    for p in PRESET_NAMES:
        games = recorded(p, args.deals, args.seed)
        per_deal = sum(len(a) for _, a in games) / len(games)
        told = replay_us(games, args.repeat)
        none = f"{replay_us(games, args.repeat, events=False):.2f}" if quiet else "-"
        print(f"| {p} | {per_deal:.1f} | {told:.2f} | {none} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
