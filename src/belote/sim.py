"""Bot-against-bot simulation (``belote simulate``): plays deals, reports per team.

Deal ``i`` is dealt by seat ``i % 4`` from a pack drawn from ``(seed, i)``: the same seed gives
the same deals whatever the bots. Every action goes through the checked ``Deal.play`` (bots are
untrusted), and bots see only their seat's view.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from .bots import Bot, decide
from .engine import Deal, Rules, shuffled_deck


@dataclass
class TeamStats:
    scores: list[int] = field(default_factory=list)
    taken: int = 0
    made: int = 0
    capots: int = 0
    litiges: int = 0

    def summary(self) -> dict:
        m, lo, hi = mean_ci(self.scores)
        return {"mean_score": m, "ci95": [lo, hi], "taken": self.taken, "made": self.made,
                "capots": self.capots, "litiges": self.litiges}


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and 95% confidence interval (normal approximation, 1.96 standard errors)."""
    if not xs:
        return 0.0, 0.0, 0.0
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, m, m
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


@dataclass
class SimReport:
    preset: str
    bots: list[str]
    deals: int
    passed_out: int
    teams: list[TeamStats]
    diffs: list[int]
    ms: list[list[float]]  # decision times per seat, milliseconds
    records: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        m, lo, hi = mean_ci(self.diffs)
        per_seat = []
        for s in range(4):
            t = self.ms[s]
            per_seat.append({"seat": s, "bot": self.bots[s], "decisions": len(t),
                             "ms_mean": statistics.fmean(t) if t else 0.0,
                             "ms_max": max(t) if t else 0.0})
        return {"preset": self.preset, "bots": list(self.bots), "deals": self.deals,
                "passed_out": self.passed_out,
                "teams": [t.summary() for t in self.teams],
                "diff": {"mean": m, "ci95": [lo, hi]},
                "ms_per_decision": per_seat}


def simulate(rules: Rules, bots: list[Bot], bot_names: list[str], deals: int, seed: int,
             keep_records: bool = False,
             progress: Callable[[int], None] | None = None) -> SimReport:
    """Play ``deals`` deals with ``bots`` at seats 0..3 and collect the statistics."""
    from .engine.record import deal_to_record
    teams = [TeamStats(), TeamStats()]
    diffs: list[int] = []
    ms: list[list[float]] = [[], [], [], []]
    passed = 0
    records = []
    for i in range(deals):
        d = Deal.deal(rules, i % 4, shuffled_deck(rules, random.Random(f"{seed}/{i}")))
        while not d.is_over:
            s = d.to_move
            action, t = decide(bots[s], d, s)
            ms[s].append(t)
            d.play(action, s)
        if d.passed_out:
            passed += 1
            score = [0, 0]
        else:
            res = d.result
            score = res.score
            tk = d.contract.team
            teams[tk].taken += 1
            teams[tk].made += bool(res.made)
            if res.capot is not None:
                teams[res.capot].capots += 1
            if res.litige:
                teams[tk].litiges += 1
        teams[0].scores.append(score[0])
        teams[1].scores.append(score[1])
        diffs.append(score[0] - score[1])
        if keep_records:
            records.append(deal_to_record(d))
        if progress:
            progress(i + 1)
    return SimReport(rules.preset, bot_names, deals, passed, teams, diffs, ms, records)
