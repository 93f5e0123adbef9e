"""Bot-against-bot simulation (``belote simulate``): plays deals, reports per team.

Deal ``i`` is dealt by seat ``i % 4`` from a pack drawn from ``(seed, i)``: the same seed gives
the same deals whatever the bots. A bot's seed is derived one-way from the match's seed
(:func:`derive_seed`): nothing a bot receives reveals the packs. Every action goes through
the checked ``Deal.play`` (bots are untrusted), and bots see only their seat's view.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, HeuristicBot, decide
from ..engine import Deal, Phase, Rules, shuffled_deck
from ..engine.game import Game
from ..engine.seats import Seat
from .stats import DecisionTimes, RunningMean, mean_ci

__all__ = ["ArenaReport", "DecisionTimes", "OnAction", "OnDecision", "RunningMean", "SimReport",
           "TeamStats", "arena", "bot_seed", "derive_seed", "duplicate_side", "impose_auction",
           "mean_ci", "play_deal", "play_game", "simulate"]

#: called with ``(seat, milliseconds)`` after each bot decision
OnDecision = Callable[[Seat, float], None]
#: called with ``(deal, seat, action)`` before each action is applied: the live deal (every
#: hand: an oracle's view, for a benchmark or an analysis in the same process, never for a
#: bot or a client), the seat to move and the action its bot chose (a record string)
OnAction = Callable[[Deal, Seat, str], None]


def play_deal(deal: Deal, bots: Sequence[Bot], on_decision: OnDecision | None = None,
              on_action: OnAction | None = None,
              until: Callable[[Deal], bool] | None = None) -> Deal:
    """Let ``bots`` (seat 0 first) play ``deal`` to its end from where it stands (or until
    ``until(deal)`` is true: the bidding only, the first tricks…), each action through the
    checked ``Deal.play``; returns ``deal``. ``on_decision(seat, ms)`` receives each
    decision's time (the view's building included); ``on_action(deal, seat, action)`` sees
    each action before it is applied (:data:`OnAction`). Raises IllegalAction when a bot
    returns an action the rules refuse (a bot's bug)."""
    while deal.phase != Phase.DONE and not (until is not None and until(deal)):
        seat, action = _decide(deal, bots, on_decision)
        if on_action is not None:
            on_action(deal, seat, action)
        deal.play(action, seat)
    return deal


def play_game(game: Game, bots: Sequence[Bot], on_decision: OnDecision | None = None,
              on_action: OnAction | None = None) -> Game:
    """Let ``bots`` (seat 0 first) play ``game`` to its end, deal after deal, each action
    through the checked ``Game.play``; returns ``game``. See :func:`play_deal`."""
    while game.current is not None:
        deal = game.current
        seat, action = _decide(deal, bots, on_decision)
        if on_action is not None:
            on_action(deal, seat, action)
        game.play(action, seat)
    return game


def _decide(deal: Deal, bots: Sequence[Bot], on_decision: OnDecision | None) -> tuple[Seat, str]:
    """The seat to move in ``deal`` and the action its bot chooses from its view (the
    decision's time handed to ``on_decision``)."""
    seat = deal.seat_to_move()
    action, ms = decide(bots[seat], deal, seat)
    if on_decision is not None:
        on_decision(seat, ms)
    return seat, action


@dataclass
class TeamStats:
    """One team's figures in a simulation: its score per deal (running: count, mean, spread),
    contracts taken and made by it, capots it made, litiges on its contracts."""

    scores: RunningMean = field(default_factory=RunningMean)
    taken: int = 0
    made: int = 0
    capots: int = 0
    litiges: int = 0

    def summary(self) -> dict[str, Any]:
        m, lo, hi = mean_ci(self.scores)
        return {"mean_score": m, "ci95": [lo, hi], "taken": self.taken, "made": self.made,
                "capots": self.capots, "litiges": self.litiges}


@dataclass
class SimReport:
    """A simulation's figures, kept as running sums (constant memory whatever ``deals``):
    ``diffs`` team 0's score minus team 1's per deal, ``ms`` each seat's decision times
    (milliseconds), ``records`` every deal's record only when asked for."""

    preset: str
    bots: list[str]
    deals: int
    passed_out: int
    teams: list[TeamStats]
    diffs: RunningMean
    ms: list[DecisionTimes]  # per seat
    records: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        m, lo, hi = mean_ci(self.diffs)
        per_seat = []
        for s in range(4):
            t = self.ms[s]
            per_seat.append({"seat": s, "bot": self.bots[s], "decisions": t.count,
                             "ms_mean": t.mean(), "ms_max": t.longest})
        return {"preset": self.preset, "bots": list(self.bots), "deals": self.deals,
                "passed_out": self.passed_out,
                "teams": [t.summary() for t in self.teams],
                "diff": {"mean": m, "ci95": [lo, hi]},
                "ms_per_decision": per_seat}


def simulate(rules: Rules, bots: list[Bot], bot_names: list[str], deals: int, seed: int,
             keep_records: bool = False,
             progress: Callable[[int], None] | None = None,
             on_record: Callable[[dict[str, Any]], None] | None = None) -> SimReport:
    """Play ``deals`` deals with ``bots`` at seats 0..3 and collect the statistics
    (``keep_records``: every deal's record too; ``progress(n)`` after the ``n``-th deal).

    ``on_record`` receives each deal's record as the deal ends (``simulate --out`` writes it
    then, so that no record is held until the end)."""
    from ..engine.record import deal_to_record
    teams = [TeamStats(), TeamStats()]
    diffs = RunningMean()
    ms = [DecisionTimes() for _ in range(4)]
    passed = 0
    records = []
    for i in range(deals):
        d = Deal.deal(rules, i % 4, shuffled_deck(rules, random.Random(f"{seed}/{i}")))
        play_deal(d, bots, lambda seat, t: ms[seat].add(t))
        res = d.result
        if d.passed_out or res is None or d.contract is None:
            passed += 1
            score = [0, 0]
        else:
            score = list(res.score)
            tk = d.contract.team
            teams[tk].taken += 1
            teams[tk].made += bool(res.made)
            if res.capot is not None:
                teams[res.capot].capots += 1
            if res.litige:
                teams[tk].litiges += 1
        teams[0].scores.add(score[0])
        teams[1].scores.add(score[1])
        diffs.add(score[0] - score[1])
        if keep_records or on_record:
            record = deal_to_record(d)
            if keep_records:
                records.append(record)
            if on_record:
                on_record(record)
        if progress:
            progress(i + 1)
    return SimReport(rules.preset_name, bot_names, deals, passed, teams, diffs, ms, records)


@dataclass
class ArenaReport:
    """Duplicate match: every deal played twice, the teams' seats swapped. Running sums
    (constant memory whatever ``deals``): ``diffs`` per deal A's score minus B's averaged over
    the two tables; ``points_share`` (play-only mode) A's share of the card points per deal not
    passed out; ``ms`` each side's decision times (milliseconds)."""

    preset: str
    a: str
    b: str
    deals: int
    diffs: RunningMean
    taken: dict[str, int]
    made: dict[str, int]
    ms: dict[str, DecisionTimes]
    points_share: RunningMean
    play_only: bool

    def to_json(self) -> dict[str, Any]:
        m, lo, hi = mean_ci(self.diffs)
        out: dict[str, Any] = {"preset": self.preset, "a": self.a, "b": self.b, "deals": self.deals,
               "play_only": self.play_only, "mean_diff": m, "ci95": [lo, hi],
               "taken": dict(self.taken), "made": dict(self.made),
               "ms_per_decision": {k: v.mean() for k, v in self.ms.items()}}
        if self.play_only:
            sm, slo, shi = mean_ci(self.points_share)
            out["points_share"] = {"mean": sm, "ci95": [slo, shi]}
        return out


def duplicate_side(seat: Seat | int, swap: bool) -> str:
    """The side (``"a"`` or ``"b"``) at ``seat`` in a duplicate match: A holds seats 0 and 2 at
    the first table, 1 and 3 at the second (``swap``)."""
    return "a" if (seat % 2 == 0) != swap else "b"


def derive_seed(label: str, seed: int, *parts: int) -> int:
    """A bot's seed, one-way from the game's or match's ``seed``: the first 8 bytes (big
    endian, an int 0..2**64-1) of the SHA-256 of ``"belote/<label>/<seed>/<part>/…"``. The
    packs are drawn from ``seed`` itself (``Random(f"{seed}/{i}")``), so a bot that knows its
    own seed still cannot rebuild them: hidden information stays hidden."""
    text = "/".join(["belote", label, str(seed), *(str(p) for p in parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def bot_seed(seed: int, deal: int, seat: Seat | int) -> int:
    """The seed of the bot at ``seat`` for deal ``deal`` of a match seeded ``seed`` (the same at
    both tables of the deal): ``derive_seed("arena", seed, deal, seat)``."""
    return derive_seed("arena", seed, deal, seat)


def impose_auction(deal: Deal, bids: list[str] | None, seed: int) -> list[str]:
    """Card-play-only matches: at the first table (``bids`` None) four heuristic bots bid
    ``deal``; at the second the same ``bids`` are replayed. Returns the bids (record strings)."""
    if bids is None:
        bidders = [HeuristicBot(seed=derive_seed("bidder", seed, s)) for s in range(4)]
        play_deal(deal, bidders, until=lambda d: d.phase != Phase.BIDDING)
        return [str(a) for _s, a in deal.bids]
    for b in bids:
        deal.play(b)
    return bids


@dataclass(frozen=True)
class _TableOutcome:
    """One table of a duplicate deal, for side A: its score minus B's (``diff``), its card
    points and the deal's (``total``: 0 when passed out), the side that took and whether it
    made its contract."""

    diff: int
    points: int
    total: int
    taker_side: str | None
    made: bool


def _timer(ms: dict[str, list[float]], swap: bool) -> OnDecision:
    """An ``on_decision`` that files each time under its side (``"a"`` / ``"b"``)."""
    def record(seat: Seat, t: float) -> None:
        ms[duplicate_side(seat, swap)].append(t)
    return record


def _outcome(deal: Deal, swap: bool) -> _TableOutcome:
    a_team = 1 if swap else 0
    res, contract = deal.result, deal.contract
    if deal.passed_out or res is None or contract is None:
        return _TableOutcome(0, 0, 0, None, False)
    side = "a" if contract.team == a_team else "b"
    return _TableOutcome(res.score[a_team] - res.score[1 - a_team], res.points[a_team],
                         sum(res.points), side, bool(res.made))


def arena(rules: Rules, make_a: Callable[[int], Bot], make_b: Callable[[int], Bot],
          names: tuple[str, str], deals: int, seed: int, play_only: bool = False,
          progress: Callable[[int], None] | None = None, first: int = 0,
          on_deal: Callable[[dict[str, Any]], None] | None = None) -> ArenaReport:
    """Duplicate match of bot A against bot B.

    Deal ``i`` (``first <= i < first + deals``) is dealt from ``(seed, i)`` by seat ``i % 4``
    and played twice: A at seats 0 and 2 then at seats 1 and 3. With ``play_only`` both tables
    play the contract bid at the first table by two heuristic bots a side (the same contract
    imposed), and the report gives A's share of the card points. ``first`` lets a long match
    be split into parts (the same deals whatever the split); ``on_deal`` receives each deal's
    outcome as it ends: ``{"deal", "diff", "share", "taken", "made", "ms"}`` (``ms``: per side
    ``[total milliseconds, decisions]``)."""
    diffs = RunningMean()
    shares = RunningMean()
    taken = {"a": 0, "b": 0}
    made = {"a": 0, "b": 0}
    ms = {"a": DecisionTimes(), "b": DecisionTimes()}
    for i in range(first, first + deals):
        results, deal_ms = _play_duplicate(rules, make_a, make_b, i, seed, play_only)
        deal_taken = {"a": 0, "b": 0}
        deal_made = {"a": 0, "b": 0}
        for outcome in results:
            if outcome.taker_side is not None:
                deal_taken[outcome.taker_side] += 1
                deal_made[outcome.taker_side] += outcome.made
        for side in ("a", "b"):
            taken[side] += deal_taken[side]
            made[side] += deal_made[side]
            for t in deal_ms[side]:
                ms[side].add(t)
        diff = (results[0].diff + results[1].diff) / 2
        diffs.add(diff)
        share = None
        if play_only and results[0].total:
            share = (results[0].points + results[1].points) / (results[0].total
                                                                 + results[1].total)
            shares.add(share)
        if on_deal:
            on_deal({"deal": i, "diff": diff, "share": share, "taken": deal_taken,
                     "made": deal_made,
                     "ms": {k: [sum(v), len(v)] for k, v in deal_ms.items()}})
        if progress:
            progress(i - first + 1)
    return ArenaReport(rules.preset_name, names[0], names[1], deals, diffs, taken, made, ms, shares,
                       play_only)


def _play_duplicate(rules: Rules, make_a: Callable[[int], Bot], make_b: Callable[[int], Bot],
                    deal: int, seed: int, play_only: bool
                    ) -> tuple[list[_TableOutcome], dict[str, list[float]]]:
    """Deal number ``deal`` of a duplicate match seeded ``seed``, played at its two tables (see
    :func:`arena`): the two outcomes for side A, and each side's decision times in
    milliseconds (this deal's only)."""
    deck = shuffled_deck(rules, random.Random(f"{seed}/{deal}"))
    results: list[_TableOutcome] = []
    bids: list[str] | None = None
    ms: dict[str, list[float]] = {"a": [], "b": []}
    for swap in (False, True):
        bots = [(make_a if duplicate_side(s, swap) == "a" else make_b)(bot_seed(seed, deal, s))
                for s in range(4)]
        d = Deal.deal(rules, deal % 4, list(deck))
        if play_only:
            bids = impose_auction(d, bids, seed)
        play_deal(d, bots, _timer(ms, swap))
        results.append(_outcome(d, swap))
    return results, ms
