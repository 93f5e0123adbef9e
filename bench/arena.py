"""Long duplicate matches (expert against heuristic), written deal by deal so that a match can
run in parts, in parallel, and be summed up while it runs.

    # 1,000 deals of coinche with bidding, in two parts on two cores
    python bench/arena.py run --preset coinche --deals 500 --first 0   --out c0.jsonl &
    python bench/arena.py run --preset coinche --deals 500 --first 500 --out c1.jsonl &
    python bench/arena.py summary c0.jsonl c1.jsonl

    python bench/arena.py run --preset coinche --deals 1000 --play-only --out p.jsonl

    # without --out: bench/results/coinche-play-only-<commit>.jsonl (not committed, .gitignore)
    python bench/arena.py run --preset coinche --deals 1000 --play-only

Each line of an output file is one deal: {"match", "deal", "diff", "share", "taken", "made",
"ms"} (see belote.table.match.arena; "match" names the preset, bots, seed, worlds, mode and
the commit of the code that played, so that parts of different matches are never mixed: to
continue a file, run the commit it names, e.g. from `git worktree add`). `summary` prints the
figures of `belote arena --json` (mean difference A - B per deal with its 95% confidence interval,
contracts taken / made, milliseconds per decision, and in card-play-only mode A's share of the
card points) over every deal of the files, each deal counted once. A line cut short by a
stopped run is skipped (and played again on resume).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time

#: where a run writes without ``--out`` (ignored by git: the figures are in
#: docs/performance.md with the command and the commit that made them)
RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def default_out(preset: str, play_only: bool, commit: str) -> str:
    """``bench/results/<preset>[-play-only]-<commit>.jsonl`` (the folder made if missing)."""
    os.makedirs(RESULTS, exist_ok=True)
    return os.path.join(RESULTS, f"{preset}{'-play-only' if play_only else ''}-{commit}.jsonl")


def run(args) -> int:
    from belote.bots import make_bot, parse_bot
    from belote.engine import Rules
    from belote.table.match import arena

    try:
        rules = Rules.preset(args.preset)
        parse_bot(args.a)
        parse_bot(args.b)
        if args.deals < 1 or args.first < 0 or not 1 <= args.worlds <= 500:
            raise ValueError("--deals >= 1, --first >= 0, --worlds 1..500")
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    def maker(name):
        return lambda s: make_bot(name, s, worlds=args.worlds)

    match = {"preset": args.preset, "a": args.a, "b": args.b, "seed": args.seed,
             "worlds": args.worlds, "play_only": args.play_only, "commit": _commit()}
    if args.out is None:
        args.out = default_out(args.preset, args.play_only, match["commit"])
        print(f"writing {args.out}", file=sys.stderr)
    try:
        rows = _read([args.out]) if os.path.exists(args.out) else []
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for r in rows:
        if r.get("match") != match:
            print(f"error: {args.out} holds deals of another match ({r.get('match')}); "
                  "choose another --out", file=sys.stderr)
            return 2
    done = {r["deal"] for r in rows}
    todo = [i for i in range(args.first, args.first + args.deals) if i not in done]
    if not todo:
        print(f"all {args.deals} deals are already in {args.out}", file=sys.stderr)
        return 0
    t0 = time.perf_counter()
    try:
        out = open(args.out, "a")  # noqa: SIM115 - kept open for the whole run
    except OSError as e:
        print(f"error: cannot write {args.out}: {e.strerror}", file=sys.stderr)
        return 2
    if out.tell() > 0:
        with open(args.out, "rb") as f:
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                out.write("\n")  # after a line cut short by a stopped run
    with out:
        def write(d):
            out.write(json.dumps({"match": match, **d}) + "\n")
            out.flush()
        for n, i in enumerate(todo, 1):  # a part that was stopped goes on where it stopped
            arena(rules, maker(args.a), maker(args.b), (args.a, args.b), 1, args.seed,
                  args.play_only, first=i, on_deal=write)
            el = time.perf_counter() - t0
            # on a terminal one line rewritten; in a log file a line a deal
            tty = sys.stderr.isatty()
            line = f"{n}/{len(todo)} deals, {el / 60:.1f} min"
            print("\r" + line if tty else line, end="" if tty else "\n", file=sys.stderr,
                  flush=True)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    return 0


def _commit() -> str:
    """The commit of the code that plays (the ``belote`` package imported: a checkout of
    another commit on PYTHONPATH counts as that commit), ``+dirty`` when its sources differ
    from it, ``unknown`` outside a git checkout: deals of different code never mix."""
    import subprocess

    import belote
    src = os.path.dirname(os.path.abspath(belote.__file__))
    try:
        head = subprocess.run(["git", "-C", src, "rev-parse", "--short=7", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", src, "status", "--porcelain", "--", "."],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def _read(paths) -> list[dict]:
    """The deals of the files (the last one kept when a deal appears twice); a line cut
    short is skipped. Raises ValueError for a file that is not an arena output."""
    deals: dict[tuple, dict] = {}
    for path in paths:
        try:
            with open(path) as f:
                lines = f.read().splitlines()
        except OSError as e:
            raise ValueError(f"cannot read {path}: {e.strerror}") from None
        for k, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
            except ValueError:  # a line cut short by a run that was stopped: played again
                print(f"warning: {path}:{k}: incomplete line skipped", file=sys.stderr)
                continue
            try:
                nums = [d["diff"], d["taken"]["a"], d["taken"]["b"], d["made"]["a"],
                        d["made"]["b"], *d["ms"]["a"], *d["ms"]["b"]]
                if d["share"] is not None:
                    nums.append(d["share"])
                if not isinstance(d["deal"], int) or not all(
                        isinstance(x, (int, float)) and math.isfinite(x) for x in nums):
                    raise ValueError
            except (ValueError, KeyError, TypeError, IndexError):
                raise ValueError(f"{path}:{k}: not a deal of bench/arena.py") from None
            deals[json.dumps(d.get("match"), sort_keys=True), d["deal"]] = d
    return list(deals.values())


def summary(args) -> int:
    from belote.table.match import mean_ci

    try:
        rows = _read(args.files)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not rows:
        print("error: no deal in the files", file=sys.stderr)
        return 1
    matches = {json.dumps(d.get("match"), sort_keys=True) for d in rows}
    if len(matches) > 1:
        print(f"error: the files hold deals of {len(matches)} different matches: "
              + "; ".join(sorted(matches)), file=sys.stderr)
        return 2
    m, lo, hi = mean_ci([d["diff"] for d in rows])
    out = {**(rows[0].get("match") or {}), "deals": len(rows), "mean_diff": m, "ci95": [lo, hi],
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
    r = sub.add_parser("run", help="play deals, appending one line per deal to --out",
                       formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    r.add_argument("--a", default="expert", help="bot A (random, heuristic, expert, expert:N)")
    r.add_argument("--b", default="heuristic", help="bot B")
    r.add_argument("--preset", default="coinche", help="rules preset")
    r.add_argument("--deals", type=int, default=1000, help="deals in this part")
    r.add_argument("--first", type=int, default=0, help="index of the part's first deal")
    r.add_argument("--seed", type=int, default=1, help="the same seed deals the same packs")
    r.add_argument("--worlds", type=int, default=20, help="worlds of a plain expert")
    r.add_argument("--play-only", action="store_true",
                   help="both tables play the same contract (A's share of the card points)")
    r.add_argument("--out", help="JSON lines file (resumed if it exists); default "
                   "bench/results/<preset>[-play-only]-<commit>.jsonl, not committed")
    s = sub.add_parser("summary", help="figures over the deals of one or more output files")
    s.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    return run(args) if args.cmd == "run" else summary(args)


if __name__ == "__main__":
    sys.exit(main())
