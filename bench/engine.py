"""Random legal deals played per second, per preset, through ``belote.table.match``: dealing,
bidding, card play and scoring.

    python bench/engine.py              # 2000 deals per preset
    python bench/engine.py --deals 500 --seed 7

Each deal is played by ``belote.table.match.play_deal`` with four ``RandomBot`` s (any legal
action of the seat's view, equal chances: no search), as ``belote simulate`` plays its deals:
every decision from the seat's ``SeatView``, every action through the checked ``Deal.play``
(the validation untrusted input gets). The time is split with the match's ``on_decision``
hook: *views + bots* (building each seat's view and the random choice, which ``on_decision``
times) and *engine* (the rest: dealing, parsing and checking each action, applying it,
scoring). Passed-out deals count as deals (they are dealt and bid).
One thread; figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from belote.bots import RandomBot
from belote.engine import PRESET_NAMES, Deal, Rules, shuffled_deck
from belote.table.match import derive_seed, play_deal


def run(preset: str, deals: int, seed: int) -> tuple[float, float, float, float]:
    """``deals`` random deals of ``preset``: deals per second, decisions per deal, and the
    milliseconds per deal spent in the engine and in the views and bots."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    bots = [RandomBot(seed=derive_seed("bench-engine", seed, s)) for s in range(4)]
    decided: list[float] = []
    t0 = time.perf_counter()
    for i in range(deals):
        deal = Deal.deal(rules, i % 4, shuffled_deck(rules, rng))
        play_deal(deal, bots, lambda _seat, ms: decided.append(ms))
    total_ms = (time.perf_counter() - t0) * 1000
    views_ms = sum(decided)
    return (deals / (total_ms / 1000), len(decided) / deals, (total_ms - views_ms) / deals,
            views_ms / deals)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000,
                    help="deals per preset (default 2000)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.deals <= 0:
        ap.error("--deals must be positive")
    print(f"# belote engine benchmark: {args.deals} random legal deals per preset through "
          f"belote.table.match, seed {args.seed}")
    print(f"# Python {platform.python_version()} on {platform.machine()}, one thread")
    print("| preset | deals/s | decisions a deal | engine ms a deal | views + bots ms a deal |")
    print("|---|---:|---:|---:|---:|")
    for p in PRESET_NAMES:
        rate, decisions, engine_ms, views_ms = run(p, args.deals, args.seed)
        print(f"| {p} | {rate:,.0f} | {decisions:.1f} | {engine_ms:.3f} | {views_ms:.3f} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
