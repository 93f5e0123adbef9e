"""simulate / arena keep running sums, not per-deal lists (issue 16 item 7: memory grew with
``--deals``); the figures they report stay those of the list-based computation, to the bit."""

from __future__ import annotations

import json
import random
import statistics
from fractions import Fraction

import pytest

from belote.bots import make_bot
from belote.engine import Deal, Rules, shuffled_deck
from belote.table import match
from belote.table.match import arena, mean_ci, simulate
from belote.table.stats import DecisionTimes, RunningMean


def test_running_mean_by_hand():
    # 0, 10, 20: count 3, mean 10, squared deviations 100 + 0 + 100 = 200; the interval is
    # mean_ci's: 1.96 * sqrt(200 / 2) / sqrt(3) = 11.3161...
    r = RunningMean()
    for x in (0, 10, 20):
        r.add(x)
    assert (r.count, r.mean, r.m2) == (3, 10, 200)
    m, lo, hi = r.ci()
    assert (m, lo, hi) == mean_ci([0, 10, 20]) and abs(hi - 10 - 11.3161) < 1e-4
    one = RunningMean()
    one.add(7)
    assert one.ci() == (7, None, None) and RunningMean().ci() == (0.0, None, None)
    # halves and floats are added exactly (Welford in rationals)
    h = RunningMean()
    for x in (0.5, -1.5, 0.1):
        h.add(x)
    assert h.mean == (Fraction(0.5) + Fraction(-1.5) + Fraction(0.1)) / 3


def test_running_statistics_equal_the_list_formulas_to_the_bit():
    rng = random.Random(16)
    for n in range(0, 40):
        for values in ([rng.randrange(-500, 500) for _ in range(n)],
                       [rng.randrange(-1000, 1000) / 2 for _ in range(n)],
                       [rng.random() for _ in range(n)]):
            r = RunningMean()
            for x in values:
                r.add(x)
            assert r.ci() == mean_ci(values)
        times = [rng.random() * rng.choice((0.01, 1.0, 300.0)) for _ in range(n)]
        t = DecisionTimes()
        for x in times:
            t.add(x)
        assert t.count == n
        assert t.mean() == (statistics.fmean(times) if times else 0.0)
        assert t.longest == (max(times) if times else 0.0)


@pytest.fixture
def fixed_times(monkeypatch):
    """Bots' decisions timed by a seeded generator (the same times at every run), so that the
    running and the list-based reports can be compared on the same decisions."""
    real = match.decide

    def reset():
        clock = random.Random(5)

        def decide(bot, deal, seat):
            action, _ms = real(bot, deal, seat)
            return action, clock.random() * 3
        monkeypatch.setattr(match, "decide", decide)
    return reset


def _list_simulation(rules, names, deals, seed):
    """The statistics of simulate as computed before (a list per team, per seat), from the
    same deals: to_json's figures."""
    bots = [make_bot(n, seed=seed * 10 + i) for i, n in enumerate(names)]
    scores, diffs, ms = [[], []], [], [[], [], [], []]
    for i in range(deals):
        d = Deal.deal(rules, i % 4, shuffled_deck(rules, random.Random(f"{seed}/{i}")))
        match.play_deal(d, bots, lambda seat, t: ms[seat].append(t))
        score = [0, 0] if d.passed_out else list(d.result.score)
        scores[0].append(score[0])
        scores[1].append(score[1])
        diffs.append(score[0] - score[1])
    return ([mean_ci(s) for s in scores], mean_ci(diffs),
            [(len(t), statistics.fmean(t), max(t)) for t in ms])


def test_simulate_reports_the_list_based_figures(fixed_times):
    rules = Rules.preset("coinche")
    names = ["heuristic", "random", "heuristic", "random"]
    fixed_times()
    report = simulate(rules, [make_bot(n, seed=9 * 10 + i) for i, n in enumerate(names)],
                      names, 80, 9)
    data = report.to_json()
    fixed_times()
    teams, diff, seats = _list_simulation(rules, names, 80, 9)
    assert [(t["mean_score"], *t["ci95"]) for t in data["teams"]] == teams
    assert (data["diff"]["mean"], *data["diff"]["ci95"]) == diff
    assert [(p["decisions"], p["ms_mean"], p["ms_max"]) for p in data["ms_per_decision"]] == seats
    # nothing per deal is kept: 80 deals are counts in running sums
    assert report.diffs.count == 80 and report.teams[0].scores.count == 80
    assert not any(isinstance(v, list) and len(v) >= 80 for v in vars(report).values())


def _list_arena(rules, deals, seed, play_only):
    """arena's figures as computed before (lists of diffs, shares and times)."""
    def make(name):
        return lambda s: make_bot(name, s)
    diffs, shares, ms = [], [], {"a": [], "b": []}
    for i in range(deals):
        results, deal_ms = match._play_duplicate(rules, make("heuristic"), make("random"), i,
                                                 seed, play_only)
        diffs.append((results[0].diff + results[1].diff) / 2)
        if play_only and results[0].total:
            shares.append((results[0].points + results[1].points)
                          / (results[0].total + results[1].total))
        for k in ms:
            ms[k] += deal_ms[k]
    return mean_ci(diffs), mean_ci(shares), {k: statistics.fmean(v) for k, v in ms.items()}


@pytest.mark.parametrize("play_only", [False, True])
def test_arena_reports_the_list_based_figures(fixed_times, play_only):
    rules = Rules.preset("coinche")
    fixed_times()
    rows = []
    report = arena(rules, lambda s: make_bot("heuristic", s), lambda s: make_bot("random", s),
                   ("heuristic", "random"), 30, 4, play_only, on_deal=rows.append)
    data = report.to_json()
    fixed_times()
    diff, share, times = _list_arena(rules, 30, 4, play_only)
    assert (data["mean_diff"], *data["ci95"]) == diff
    assert data["ms_per_decision"] == times
    if play_only:
        assert (data["points_share"]["mean"], *data["points_share"]["ci95"]) == share
    # per-deal rows: this deal's figures only, summing to the report's
    assert [r["deal"] for r in rows] == list(range(30))
    assert sum(r["taken"]["a"] + r["taken"]["b"] for r in rows) == sum(data["taken"].values())
    assert sum(r["ms"]["a"][1] for r in rows) == report.ms["a"].count
    assert json.dumps(data)  # JSON-ready
    assert report.diffs.count == 30
