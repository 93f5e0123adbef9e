"""Time of the concours draw (``belote.concours.draw.draw_partie``): a whole concours of
6 parties, each partie drawn from the ones before, for 400, 100 and 30 players à la mêlée
(byes, and bots for the leftover seats) and the same players as registered pairs (équipes,
ranked by a random order from the second partie).

    PYTHONPATH=src python3 bench/concours_draw.py                # 20 concours a row
    PYTHONPATH=src python3 bench/concours_draw.py --repeats 50 --parties 8 --players 400

Each repeat draws a fresh concours (seed ``--seed`` + repeat; partie k's seed is that + k).
Prints, per row, the median and mean of the whole 6-partie sequence in ms, the slowest
single partie seen, and what the draws achieved: partner repeats (mêlée) or rematches
(équipes) over all repeats, and the mean count of pairs of players facing each other again
in the last partie. One thread, pure Python; the load average and cores are printed with
the figures (docs/performance.md quotes them).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from belote.concours.draw import draw_partie, opponent_repeats
from belote.concours.model import Format, Leftover, PartieDraw


def concours(fmt: Format, entrants: int, parties: int, seed: int,
             leftover: Leftover) -> tuple[float, float, int, int]:
    """One concours: total ms, slowest partie ms, repeats named by the draws, opponent
    repeats of the last partie (mêlée)."""
    rng = random.Random(seed)
    ids = list(range(1, entrants + 1))
    history: list[PartieDraw] = []
    total = slowest = 0.0
    for k in range(parties):
        ranking = None
        if fmt == Format.EQUIPES and k:
            ranking = list(ids)
            rng.shuffle(ranking)  # outside the timing: the ranking is given
        t0 = time.perf_counter()
        draw = draw_partie(fmt, ids, history, seed + k, leftover=leftover, ranking=ranking)
        ms = (time.perf_counter() - t0) * 1000
        total += ms
        slowest = max(slowest, ms)
        history.append(draw)
    repeats = sum(len(d.repeats) for d in history)
    faced = opponent_repeats(history[-1], history[:-1]) if fmt == Format.MELEE else 0
    return total, slowest, repeats, faced


def row(fmt: Format, players: int, parties: int, repeats: int, seed: int,
        leftover: Leftover) -> str:
    entrants = players if fmt == Format.MELEE else players // 2
    runs = [concours(fmt, entrants, parties, seed + r * 1000, leftover) for r in range(repeats)]
    totals = [r[0] for r in runs]
    faced = f"{statistics.mean(r[3] for r in runs):.2f}" if fmt == Format.MELEE else "–"
    return (f"| {fmt} | {leftover} | {players} | {entrants} | {statistics.median(totals):.1f} "
            f"| {statistics.mean(totals):.1f} | {max(r[1] for r in runs):.1f} "
            f"| {sum(r[2] for r in runs)} | {faced} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, nargs="+", default=[400, 100, 30],
                    help="players per concours (default 400 100 30)")
    ap.add_argument("--parties", type=int, default=6, help="parties per concours (default 6)")
    ap.add_argument("--repeats", type=int, default=20,
                    help="concours drawn per row (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.repeats <= 0 or args.parties <= 0 or min(args.players) < 4:
        ap.error("--repeats and --parties must be positive, --players at least 4")
    load = os.getloadavg()
    print(f"# belote concours draw: {args.parties} parties a concours, {args.repeats} concours "
          f"a row, seed {args.seed}")
    print(f"# Python {platform.python_version()} on {platform.machine()}, one thread; "
          f"{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print("| format | leftover | players | entrants | median ms | mean ms | slowest partie ms "
          "| repeats | opponents again (last partie, mean) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for players in args.players:
        for fmt, leftover in ((Format.MELEE, Leftover.BYE), (Format.MELEE, Leftover.BOT),
                              (Format.EQUIPES, Leftover.BYE)):
            print(row(fmt, players, args.parties, args.repeats, args.seed, leftover),
                  flush=True)
    load = os.getloadavg()
    print(f"# load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
