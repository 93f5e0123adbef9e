"""Long duplicate matches (expert against heuristic), written deal by deal so that a match can
run in parts, in parallel, and be summed up while it runs.

    # 1,000 deals of coinche with bidding, in two parts on two cores
    python bench/arena.py run --preset coinche --deals 500 --first 0   --out c0.jsonl &
    python bench/arena.py run --preset coinche --deals 500 --first 500 --out c1.jsonl &
    python bench/arena.py summary c0.jsonl c1.jsonl

    python bench/arena.py run --preset coinche --deals 1000 --play-only --out p.jsonl

Each line of an output file is one deal: ``{"deal", "diff", "share", "taken", "made", "ms"}``
(see :func:`belote.sim.arena`). ``summary`` prints the figures of ``belote arena --json``
(mean difference A − B per deal with its 95% confidence interval, contracts taken / made,
milliseconds per decision, and in card-play-only mode A's share of the card points) over
every deal of the files, each deal counted once.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time


def run(args) -> int:
    from belote.bots import make_bot
    from belote.bots.expert import ExpertBot
    from belote.engine import Rules
    from belote.sim import arena

    rules = Rules.preset(args.preset)

    def maker(name):
        def make(s):
            return ExpertBot(seed=s, worlds=args.worlds) if name == "expert" else make_bot(name, s)
        return make

    done = set()
    try:
        with open(args.out) as f:
            done = {json.loads(line)["deal"] for line in f if line.strip()}
    except FileNotFoundError:
        pass
    t0 = time.perf_counter()
    with open(args.out, "a") as out:
        for i in range(args.first, args.first + args.deals):
            if i in done:  # a part that was stopped goes on where it stopped
                continue

            def write(d):
                out.write(json.dumps(d) + "\n")
                out.flush()
            arena(rules, maker(args.a), maker(args.b), (args.a, args.b), 1, args.seed,
                  args.play_only, first=i, on_deal=write)
            n = i - args.first + 1
            el = time.perf_counter() - t0
            print(f"\r{n}/{args.deals} deals, {el / 60:.1f} min", end="", file=sys.stderr,
                  flush=True)
    print(file=sys.stderr)
    return 0


def summary(args) -> int:
    from belote.sim import mean_ci

    deals = {}
    for path in args.files:
        with open(path) as f:
            for line in f:
                if line.strip():
                    d = json.loads(line)
                    deals[d["deal"]] = d
    rows = list(deals.values())
    if not rows:
        print("no deal in the files", file=sys.stderr)
        return 1
    m, lo, hi = mean_ci([d["diff"] for d in rows])
    out = {"deals": len(rows), "mean_diff": m, "ci95": [lo, hi],
           "taken": {k: sum(d["taken"][k] for d in rows) for k in ("a", "b")},
           "made": {k: sum(d["made"][k] for d in rows) for k in ("a", "b")},
           "ms_per_decision": {k: sum(d["ms"][k][0] for d in rows) /
                               max(1, sum(d["ms"][k][1] for d in rows)) for k in ("a", "b")}}
    shares = [d["share"] for d in rows if d["share"] is not None]
    if shares:
        sm, slo, shi = mean_ci(shares)
        out["points_share"] = {"mean": sm, "ci95": [slo, shi], "deals": len(shares),
                               "median": statistics.median(shares)}
    print(json.dumps(out, indent=2))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play deals, appending one line per deal to --out")
    r.add_argument("--a", default="expert")
    r.add_argument("--b", default="heuristic")
    r.add_argument("--preset", default="coinche")
    r.add_argument("--deals", type=int, default=1000)
    r.add_argument("--first", type=int, default=0)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--worlds", type=int, default=20)
    r.add_argument("--play-only", action="store_true")
    r.add_argument("--out", required=True)
    s = sub.add_parser("summary", help="figures over the deals of one or more output files")
    s.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    return run(args) if args.cmd == "run" else summary(args)


if __name__ == "__main__":
    sys.exit(main())
