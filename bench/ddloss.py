"""Where the bots lose points: the double-dummy loss of every card played.

    python bench/ddloss.py --deals 25                       # expert against heuristic
    python bench/ddloss.py --deals 50 --alt max_worlds=60   # and a variant, paired

Plays card-play-only duplicate deals as ``belote arena --play-only`` does (the contract bid by
four heuristic bots imposed at both tables; A at seats 0 and 2, then at 1 and 3). At every card
decision with a choice, the real position (all four hands: the oracle's view, never a bot's) is
solved and the decision's **loss** recorded: the best card's value minus the value of the card
played, in card points for the player's team (dix de der included, no capot bonus) with every
later card played double-dummy. A perfect player with all hands open loses 0; a player who
must guess loses some even when it plays well, so the figures compare players, they do not
grade one.

``--alt key=value,…``: a second expert, A's level with these ``ExpertBot`` options changed
(``worlds``, ``max_worlds``, ``capot_bonus``, ``play_model`` 0 or 1, ``race_z`` a
number, 0 for no racing), is asked at the very decisions A faces, with the same random state, and
its card scored the same way: a paired comparison, far less noisy than a match (A's card is the
one played). Prints JSON: per side the loss per deal, by role (taker's side, defence), by
position in the trick and by trick; with ``--alt`` the mean loss difference per decision
(A minus the variant) with its 95% confidence interval.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys


def _ci(xs: list[float]) -> list[float]:
    if len(xs) < 2:
        return [float("nan"), float("nan")]
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return [m - h, m + h]


def _alt_options(text: str) -> dict:
    """``key=value,…`` with whole numbers: worlds and max_worlds 1..500, capot_bonus
    0..10000, play_model 0 or 1; race_z a decimal 0..100 (0: every card solved in every
    world); each key once. Raises ValueError with a message naming the option."""
    bounds = {"worlds": (1, 500), "max_worlds": (1, 500), "capot_bonus": (0, 10000),
              "play_model": (0, 1), "race_z": (0, 100)}
    out = {}
    for part in filter(None, text.split(",")):
        key, sep, value = part.partition("=")
        if not sep or key not in bounds:
            raise ValueError(f"--alt: key=value with {', '.join(bounds)}, not {part!r}")
        if key in out:
            raise ValueError(f"--alt: {key} given twice")
        decimal = key == "race_z" and value.count(".") == 1
        digits = value.replace(".", "", 1) if decimal else value
        if not (digits.isascii() and digits.isdigit()):
            kind = "number" if key == "race_z" else "whole number"
            raise ValueError(f"--alt: {key} takes a {kind}, not {value!r}")
        lo, hi = bounds[key]
        number = float(value) if decimal else int(value)
        if not lo <= number <= hi:
            raise ValueError(f"--alt: {key} from {lo} to {hi}, not {value}")
        out[key] = number
    if not out:
        raise ValueError(f"--alt: no option given ({', '.join(bounds)})")
    return out


class _Keyed:
    """A bot whose random state is set from the decision's place (``<prefix>/<trick>/<cards
    in the trick>``) before each decision, so that A and its variant draw the same."""

    def __init__(self, bot, prefix: str) -> None:
        self.bot, self.prefix = bot, prefix
        self.label = bot.label

    def act(self, view):
        self.bot.rng = random.Random(_key(self.prefix, len(view.tricks), len(view.trick)))
        return self.bot.act(view)


def _key(prefix: str, trick: int, cards: int) -> str:
    return f"{prefix}/{trick}/{cards}"


def _play_scored(d, seats, solver, rows, key_prefix) -> None:
    """Play the card play of ``d`` through ``belote.table.match.play_deal`` (bots by seat:
    ``(side, bot, variant)``), each card a seat chose among two or more scored against the
    best double-dummy card into ``rows`` (the match's ``on_action`` hook sees the deal
    before the card is applied: the oracle's view, never a bot's)."""
    from belote.bots import decide
    from belote.engine.cards import parse_card
    from belote.solver import Position
    from belote.table.match import play_deal

    def score(d, s, action) -> None:
        side, _bot, variant = seats[s]
        cards = [a for a in map(str, d.legal_actions())
                 if a != "belote" and not a.startswith("declare")]
        if len(cards) < 2 or action not in cards:
            return
        vals = solver.solve(Position.from_deal(d)).values
        best = max(vals.values())
        row = {"side": side, "trick": d.trick_number, "pos": len(d.trick),
               "taker": d.contract.team == s % 2,
               "loss": best - vals[parse_card(action)]}
        if variant is not None:
            # the same random state as A had for this decision: the variant differs by
            # its options only
            variant.rng = random.Random(_key(key_prefix, d.trick_number, len(d.trick)))
            va, _t = decide(variant, d, s)
            row["alt_loss"] = best - vals[parse_card(va)] if va in cards else row["loss"]
        rows.append(row)

    bots = [_Keyed(bot, key_prefix) if variant is not None else bot
            for _side, bot, variant in (seats[s] for s in range(4))]
    play_deal(d, bots, on_action=score)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", default="coinche")
    ap.add_argument("--deals", type=int, default=25)
    ap.add_argument("--first", type=int, default=0, help="index of the first deal")
    ap.add_argument("--seed", type=int, default=1, help="the same seed deals the same packs")
    ap.add_argument("--a", default="expert", help="bot A (default: expert)")
    ap.add_argument("--b", default="heuristic", help="bot B")
    ap.add_argument("--alt", default="", help="a variant of the expert: key=value,…")
    args = ap.parse_args(argv)
    from belote.bots import ExpertBot, make_bot, parse_bot
    from belote.engine import Deal, Rules, shuffled_deck
    from belote.solver import Solver
    from belote.table.match import bot_seed, duplicate_side, impose_auction
    try:
        rules = Rules.preset(args.preset)
        parse_bot(args.a)
        parse_bot(args.b)
        alt = None
        if args.alt:
            name, level = parse_bot(args.a)
            if name != "expert":
                raise ValueError("--alt compares a variant of an expert: --a must be expert "
                                 "or expert:N")
            alt = {**level, **_alt_options(args.alt)}  # A's level, then the options
            if "max_worlds" in alt and alt["max_worlds"] < alt.get("worlds", 20):
                raise ValueError(f"--alt: max_worlds={alt['max_worlds']} is below the "
                                 f"{alt.get('worlds', 20)} worlds of the level: no change")
            ExpertBot(**alt)  # its own checks
        if args.deals < 1 or args.first < 0:
            raise ValueError("--deals >= 1, --first >= 0")
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    solver = Solver()
    rows: list[dict] = []
    deals = 0
    for i in range(args.first, args.first + args.deals):
        deck = shuffled_deck(rules, random.Random(f"{args.seed}/{i}"))
        bids = None
        for swap in (False, True):
            seats = {}
            for s in range(4):
                side = duplicate_side(s, swap)
                sd = bot_seed(args.seed, i, s)
                bot = make_bot(args.a if side == "a" else args.b, sd)
                variant = ExpertBot(seed=sd, **alt) if alt is not None and side == "a" \
                    else None
                seats[s] = (side, bot, variant)
            d = Deal.deal(rules, i % 4, list(deck))
            bids = impose_auction(d, bids, args.seed)
            if d.passed_out:
                break
            if not swap:
                deals += 1
            _play_scored(d, seats, solver, rows, f"{args.seed}/{i}/{swap}")
        print(f"\r{i - args.first + 1}/{args.deals} deals", end="", file=sys.stderr,
              flush=True)
    print(file=sys.stderr)
    if not deals:
        print("error: every deal was passed out", file=sys.stderr)
        return 1
    out: dict = {"preset": args.preset, "deals": deals, "a": args.a, "b": args.b}
    for side in ("a", "b"):
        rs = [r for r in rows if r["side"] == side]

        def per_deal(pred, rs=rs):
            return round(sum(r["loss"] for r in rs if pred(r)) / deals, 2)
        out[side] = {
            "decisions": len(rs),
            "loss_per_deal": per_deal(lambda r: True),
            "taker_side": per_deal(lambda r: r["taker"]),
            "defence": per_deal(lambda r: not r["taker"]),
            "by_position": {p: per_deal(lambda r, k=k: r["pos"] == k)
                            for k, p in enumerate(("lead", "second", "third", "fourth"))},
            "by_trick": [per_deal(lambda r, t=t: r["trick"] == t)
                         for t in range(rules.hand_size)],
        }
    if alt is not None:
        diffs = [r["loss"] - r["alt_loss"] for r in rows if "alt_loss" in r]
        out["alt"] = {"options": alt, "decisions": len(diffs),
                      "differ": sum(1 for x in diffs if x),
                      "loss_a_minus_alt": statistics.mean(diffs) if diffs else 0.0,
                      "ci95": _ci(diffs)}
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
