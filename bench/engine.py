"""Random legal deals played per second, per preset: dealing, bidding, card play and scoring.

    python bench/engine.py              # 2000 deals per preset
    python bench/engine.py --deals 500 --seed 7

Each deal is played by ``belote.engine.play_randomly`` with the ``uniform_action`` policy (any
legal action, equal chances: no bot, so the engine alone is timed). Two paths are timed:
``checked`` sends every action through ``Deal.play`` (the validation that untrusted input gets),
``fast`` applies with ``Deal.apply`` (what bots and search use). Passed-out deals count as
deals (they are dealt and bid).
One thread; figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from belote.engine import (
    PRESET_NAMES,
    Deal,
    Rules,
    play_randomly,
    shuffled_deck,
    uniform_action,
)


def run(preset: str, deals: int, seed: int, checked: bool) -> float:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for i in range(deals):
        deal = Deal.deal(rules, i % 4, shuffled_deck(rules, rng))
        play_randomly(deal, rng, uniform_action, checked=checked)
    return deals / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000,
                    help="deals per preset and path (default 2000)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.deals <= 0:
        ap.error("--deals must be positive")
    print(f"# belote engine benchmark: {args.deals} random legal deals per preset, "
          f"seed {args.seed}")
    print(f"# Python {platform.python_version()} on {platform.machine()}, one thread")
    print("| preset | checked deals/s | fast deals/s |")
    print("|---|---:|---:|")
    for p in PRESET_NAMES:
        c = run(p, args.deals, args.seed, True)
        f = run(p, args.deals, args.seed, False)
        print(f"| {p} | {c:,.0f} | {f:,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
