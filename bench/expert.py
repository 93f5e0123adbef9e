"""Expert bot (PIMC, 20 worlds) time per decision at trick 1 and over whole deals.

    python bench/expert.py              # 30 trick-1 leads (and the 3 cards after each), 10 whole
                                        # deals (coinche)
    python bench/expert.py --threads 1  # one thread (default: the expert's, up to 4 cores)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--worlds", type=int, default=20)
    ap.add_argument("--threads", type=int, default=None,
                    help="the expert's threads (default: its own, the cores up to 4)")
    args = ap.parse_args(argv)
    if args.decisions < 0 or args.deals < 0 or not 1 <= args.worlds <= 500 or \
            (args.threads is not None and not 1 <= args.threads <= 64):
        print("error: --decisions and --deals >= 0, --worlds from 1 to 500, --threads from 1 "
              "to 64", file=sys.stderr)
        return 2
    from belote.bots import ExpertBot, HeuristicBot
    from belote.engine import Deal, Phase, Rules, shuffled_deck
    from belote.table.match import play_deal
    rules = Rules.preset("coinche")
    bot = ExpertBot(seed=1, worlds=args.worlds, threads=args.threads)
    print(f"# threads: {bot.threads}")
    rng = random.Random(1)
    t = time.perf_counter()
    d = Deal.deal(rules, 0, shuffled_deck(rules, rng))
    for a in ("80 H", "pass", "pass", "pass"):
        d.play(a)
    bot.act(d.view(d.to_move))
    print(f"# first decision (JIT compile included): {1000 * (time.perf_counter() - t):.0f} ms")
    first = []
    seats = []  # the four cards of trick 1, the expert playing each seat in turn
    for _ in range(args.decisions):
        d = Deal.deal(rules, 0, shuffled_deck(rules, rng))
        for a in (f"80 {'SHDC'[rng.randrange(4)]}", "pass", "pass", "pass"):
            d.play(a)
        for k in range(4):
            s = d.to_move
            t = time.perf_counter()
            a = bot.act(d.view(s))
            seats.append(1000 * (time.perf_counter() - t))
            if k == 0:
                first.append(seats[-1])
            d.play(a, s)
    every = []
    others = [HeuristicBot(seed=s) for s in range(4)]
    players = [bot, others[1], bot, others[3]]  # the expert at seats 0 and 2
    for _ in range(args.deals):
        d = Deal.deal(rules, 0, shuffled_deck(rules, rng))

        def timed(seat, ms, d=d):  # the expert's card play (its view's building included)
            if seat % 2 == 0 and d.phase == Phase.PLAY:
                every.append(ms)
        play_deal(d, players, timed)
    first.sort()
    print("| decisions | n | p50 ms | p90 ms | max ms | mean ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, xs in ((f"trick 1 lead, {args.worlds} worlds", first),
                     ("trick 1, all four seats", sorted(seats)), ("whole deals", sorted(every))):
        if not xs:
            continue
        p90 = xs[min(len(xs) - 1, round(0.9 * (len(xs) - 1)))]  # nearest rank, as bench/solver
        print(f"| {name} | {len(xs)} | {xs[len(xs) // 2]:.0f} | {p90:.0f}"
              f" | {xs[-1]:.0f} | {statistics.fmean(xs):.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
