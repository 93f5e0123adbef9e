"""Double-dummy solver speed: full 32-card deals from trick 1 (suit trump) and endgames of
4 cards a hand; p50, p90, p99 and max in milliseconds, one thread, JIT time apart.

    python bench/solver.py                 # 200 full deals, 1000 endgames
    python bench/solver.py --deals 50 --endgames 200
"""

from __future__ import annotations

import argparse
import random
import sys
import time


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--endgames", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.deals < 0 or args.endgames < 0 or args.deals + args.endgames == 0:
        print("error: --deals and --endgames >= 0, not both 0", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    from belote.engine import Deal, Rules, shuffled_deck
    from belote.engine.actions import Declare, SayBelote
    from belote.solver import Position, Solver
    solver = Solver()
    rules = Rules.preset("coinche")
    # JIT: the first solve compiles the kernel
    d = Deal.deal(rules, 0, shuffled_deck(rules, random.Random(0)))
    for a in ("80 H", "pass", "pass", "pass"):
        d.play(a)
    tj = time.perf_counter()
    solver.future(Position.from_deal(d).after(next(iter(_cards(d)))))
    jit_ms = (time.perf_counter() - t0) * 1000
    first_ms = 1000 * (time.perf_counter() - tj)
    print(f"# import + JIT compile: {jit_ms:.0f} ms (first solve {first_ms:.0f} ms)")
    rng = random.Random(args.seed)
    full = []
    for i in range(args.deals):
        d = Deal.deal(rules, i % 4, shuffled_deck(rules, rng))
        trump = "SHDC"[rng.randrange(4)]
        for a in (f"80 {trump}", "pass", "pass", "pass"):
            d.play(a)
        solver.clear()  # every deal from a cold table
        t = time.perf_counter()
        solver.future(Position.from_deal(d))
        full.append((time.perf_counter() - t) * 1000)
    ends = []
    for i in range(args.endgames):
        d = Deal.deal(rules, i % 4, shuffled_deck(rules, rng))
        for a in (f"80 {'SHDC'[rng.randrange(4)]}", "pass", "pass", "pass"):
            d.play(a)
        while len(d.tricks) < 4:
            acts = [a for a in d.legal_actions() if not isinstance(a, (SayBelote, Declare))]
            d.apply(rng.choice(acts))
        # endgames share one table (as in PIMC); full deals above start from a cleared one
        t = time.perf_counter()
        solver.future(Position.from_deal(d))
        ends.append((time.perf_counter() - t) * 1000)
    print("| positions | n | p50 ms | p90 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, xs in (("full deal, trick 1, suit trump", full), ("endgame, 4 cards a hand", ends)):
        if xs:
            print(f"| {name} | {len(xs)} | {pct(xs, 50):.2f} | {pct(xs, 90):.2f} | "
                  f"{pct(xs, 99):.2f} | {max(xs):.2f} |")
    return 0


def _cards(d):
    from belote.engine.actions import Play
    return [a.card for a in d.legal_actions() if isinstance(a, Play)]


if __name__ == "__main__":
    sys.exit(main())
