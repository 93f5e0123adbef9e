"""The expert bot: Perfect Information Monte Carlo card play over the double-dummy solver.

For each decision it deals the unseen cards into worlds consistent with what its seat knows
(:mod:`belote.bots.worlds`), solves each world exactly and plays the card with the best total
value, racing the cards over the worlds (:mod:`belote.bots.racing`). It sees only its seat's
view.

It bids by simulation (:mod:`belote.bots.simbid`): the unseen cards dealt into worlds that fit
the auction, each candidate contract solved and scored with the preset's scoring, the action
with the best mean score difference chosen (take / name a suit, bid, capot, contre, surcontre).
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, TypeVar

from ..engine.cards import (
    SUIT_OF,
    Trump,
    TrumpTables,
    card_str,
)
from ..engine.views import SeatView
from . import racing
from .base import Bot, BotError
from .worlds import WorldSampler

if TYPE_CHECKING:
    from ..solver import Position, Solver, SolveResult
    from .simbid import _World

_T = TypeVar("_T")
_R = TypeVar("_R")


#: the worlds of a decision: by default (``expert`` is ``expert:20``), and at most
DEFAULT_WORLDS = 20
MAX_WORLDS = 500
#: milliseconds an expert thinks a decision at a table with people (when not repeatable)
TABLE_TIME_LIMIT_MS = 1500.0

#: threads an expert may use (each with a solver table of about 10 MB)
MAX_THREADS = 64
#: card play uses the threads from this many cards in hand on: smaller worlds are solved in
#: less time than a hand-off to another thread takes (bench/expert.py: no gain up to 5)
THREADS_MIN_CARDS = 6


def default_threads() -> int:
    """The processor cores this process may use (:func:`available_cores`), at most 4: the
    expert's default ``threads``."""
    return max(1, min(4, available_cores()))


def available_cores() -> int:
    """The processor cores this process may use, at least 1: the cores it may run on, fewer
    if a container's CPU quota (cgroup v2 ``cpu.max``) allows fewer."""
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    try:
        with open("/sys/fs/cgroup/cpu.max") as f:
            quota, period = f.read().split()[:2]
        if quota != "max":
            n = min(n, int(quota) // int(period))
    except (OSError, ValueError):
        pass
    return max(1, n)


def _check_race_z(race_z: object) -> float:
    if isinstance(race_z, bool) or not isinstance(race_z, (int, float)) or \
            not 0 <= race_z <= 100:
        raise BotError(f"race_z: standard errors from 0 (off) to 100, not {race_z!r}",
                       code="bot.bad_race_z", params={"value": repr(race_z)})
    return race_z


def _check_threads(threads: object) -> int:
    if not isinstance(threads, int) or isinstance(threads, bool) or \
            not 1 <= threads <= MAX_THREADS:
        raise BotError(f"threads: 1 to {MAX_THREADS}, not {threads!r}", code="bot.bad_threads",
                       params={"max": MAX_THREADS, "value": repr(threads)})
    return threads


def _check_count(name: str, value: object) -> int:
    """``value`` when it is an ``int`` of at least 1 (``name``: the option, for the error)."""
    if not isinstance(value, int) or value < 1:
        raise BotError(f"{name}: at least 1, not {value!r}", code="bot.bad_count",
                       params={"name": name, "value": repr(value)})
    return value


def _solved(fn: Callable[[Solver, _T], _R], solver: Solver, pos: _T) -> _R:
    """``fn(solver, pos)`` on an empty table (a world of its own, see :meth:`ExpertBot._map`)."""
    solver.clear()
    return fn(solver, pos)


class ExpertBot(Bot):
    """PIMC card play over ``worlds`` worlds a decision (default 20), or fewer when
    ``time_limit_ms`` runs out (at least one), each world solved with a ``capot_bonus``
    (default 90 points: a capot marks about 250 where the cards hold 162, in every scoring);
    bidding by simulation over ``bid_worlds`` worlds (default: 2/5 of ``worlds``, at least 2:
    8 for the default level) solved for the two contract kinds the hand rates best (and the
    standing bid's), within ``time_limit_ms`` too.

    ``max_worlds`` (off by default): a close decision, where the best card's lead over another
    is within twice its standard error over the worlds drawn, draws more worlds, half a level
    at a time, up to this many (``max_worlds=60`` with 20 worlds: a first lead often takes all
    60). ``play_model`` (on by default): the worlds also prefer opponents whose past cards a
    sensible player would have chosen (see :class:`WorldSampler`).

    ``race_z`` (default 1.0; 0: off): racing in card play. From ``RACE_MIN`` worlds on, a
    card class whose mean deficit to the best class, world by world, is more than ``race_z``
    standard errors above zero is no longer solved in later worlds, and once one class is
    left no more worlds are drawn (the decision then rests on fewer than ``worlds``). A
    world's classes follow the worlds before the ``RACE_LAG`` that precede it, so the card
    does not depend on ``threads`` (see ``docs/ai.md``).

    ``threads``: worlds solved at once (card play from ``THREADS_MIN_CARDS`` cards in hand,
    and bidding), each thread with its own solver and table (about 10 MB each); default
    :func:`default_threads` (the processor cores this process may use, at most 4). The
    worlds are drawn in the same order whatever the number of threads and each is solved
    exactly, so the card chosen is the same (with no ``time_limit_ms``: with one, the worlds
    solved in time may differ); only the time changes. :meth:`close` stops the threads at
    once (else they end with the bot).

    Repeatable decisions: a wall-clock limit makes the decisions depend on the machine's load.
    With ``repeatable`` (see :class:`~belote.bots.base.Bot`) ``time_limit_ms`` is not read, and
    the same seed and views give the same actions on any machine and any ``threads``; the
    search is then capped by counts only: the worlds, and ``max_nodes`` if given.
    ``max_nodes`` (off by default): a decision draws no more worlds once the worlds solved for
    it have visited this many solver nodes (card play: counted on the worlds before the
    ``RACE_LAG`` that precede the next one, as racing is; bidding: once spent, the contract
    kinds left are judged on one world each, as when out of time).

    A bot makes one decision at a time: call :meth:`act` from one thread at a time (one bot
    per seat and table; a :class:`~belote.solver.Solver` is not thread-safe either).

    Raises :class:`~belote.bots.base.BotError` (a ValueError) on ``worlds``, ``max_worlds``
    or ``max_nodes`` below 1 (or not an ``int``), on ``threads`` not an ``int`` from 1 to
    ``MAX_THREADS`` (64), and on ``race_z`` not a number from 0 to 100."""

    name = "expert"
    strength = 2
    #: ``expert:N``: N worlds a card-play decision
    levels = (1, DEFAULT_WORLDS, MAX_WORLDS)
    uses_solver = True
    table_time_limit_ms = TABLE_TIME_LIMIT_MS
    process_pool = True
    gives_hints = True

    def __init__(self, seed: int | None = None, time_limit_ms: float | None = None,
                 worlds: int = DEFAULT_WORLDS, bid_worlds: int | None = None, capot_bonus: int = 90,
                 max_worlds: int | None = None, play_model: bool = True,
                 threads: int | None = None, race_z: float = 1.0,
                 max_nodes: int | None = None, repeatable: bool = False) -> None:
        super().__init__(seed, time_limit_ms, repeatable)
        self.race_z = _check_race_z(race_z)
        self.threads = _check_threads(default_threads() if threads is None else threads)
        self._pool: ThreadPoolExecutor | None = None
        self._local: threading.local | None = None
        self.play_model = bool(play_model)
        self.worlds = _check_count("worlds", worlds)
        # close decisions draw more worlds, up to this many (off by default)
        if max_worlds is not None:
            _check_count("max_worlds", max_worlds)
        self.max_worlds = max(worlds, max_worlds or worlds)
        self.max_nodes = None if max_nodes is None else _check_count("max_nodes", max_nodes)
        # the level (worlds) sets the bidding worlds too: 20 -> 8, 5 -> 2
        self.bid_worlds = bid_worlds if bid_worlds is not None else max(2, (worlds * 2 + 2) // 5)
        self.capot_bonus = capot_bonus
        self._bid_worlds: tuple[tuple[object, ...], list[_World]] | None = None
        self._solver: Solver | None = None
        self._after_belote: int | None = None
        #: after :meth:`choose`: each legal card's mean value (the team's card points of the
        #: deal, points won included) over the worlds that solved it, and how many worlds
        #: were drawn; empty when no world was needed (one card, or all worth the same)
        self.last_means: dict[int, float] = {}
        self.last_worlds = 0

    @property
    def card_after_belote(self) -> int | None:
        """After :meth:`act` said ``"belote"``: the card it is said with (played next)."""
        return self._after_belote

    @property
    def solver(self) -> Solver:
        """The solver of the bot's own thread (made on first use)."""
        if self._solver is None:
            from ..solver import Solver
            self._solver = Solver()
        return self._solver

    def _deadline(self, t0: float) -> float | None:
        """The ``time.perf_counter()`` value a decision started at ``t0`` must end by, or None
        (no time limit, or :attr:`repeatable`: no wall clock)."""
        if self.time_limit_ms is None or self.repeatable:
            return None
        return t0 + self.time_limit_ms / 1000

    def _map(self, fn: Callable[[Solver, _T], _R], positions: Iterable[_T],
             deadline: float | None, parallel: bool = True, ahead: int | None = None,
             sink: Callable[[_R], None] | None = None) -> list[_R]:
        """``fn(solver, position)`` for each position of the iterable ``positions`` (one
        world each), the results in order. With ``threads`` > 1 and ``parallel`` the worlds
        are solved by a pool (the kernel releases the GIL; each thread has its own solver)
        while the next worlds are drawn. Past ``deadline`` (a ``time.perf_counter()`` value)
        no world is solved but the first: the results are then the first ones only.

        ``sink(result)`` is called on each result, in order, as soon as it is in (before the
        next position is drawn on one thread); with ``ahead`` at most that many worlds are
        drawn and not yet in (default: all are drawn at once), so that ``positions`` may
        depend on the results up to ``ahead`` worlds before the one it draws, whatever the
        number of threads.

        Each world starts on an empty table (:meth:`Solver.clear`, a new epoch: no cost):
        another world's positions almost never come again, and kept they held the table's
        first slots (the deeper position stays) decision after decision (1.4 % fewer nodes
        over the four cards of 30 tricks 1, one thread; the values are exact either way)."""
        it = iter(positions)

        def more(done: int) -> _T | None:
            # the next world, drawn only while there is time (drawing one with the play
            # model takes a few milliseconds); None when there is no more
            if done and deadline is not None and time.perf_counter() > deadline:
                return None
            return next(it, None)

        if self.threads == 1 or not parallel:
            out: list[_R] = []
            while (pos := more(len(out))) is not None:
                out.append(_solved(fn, self.solver, pos))
                if sink is not None:
                    sink(out[-1])
            return out
        return self._map_pool(fn, more, deadline, ahead, sink)

    def _map_pool(self, fn: Callable[[Solver, _T], _R], more: Callable[[int], _T | None],
                  deadline: float | None, ahead: int | None,
                  sink: Callable[[_R], None] | None) -> list[_R]:
        """:meth:`_map` on the pool: ``more(done)`` draws the next position (None: no more),
        ``done`` the worlds drawn so far."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.threads,
                                            thread_name_prefix="belote-expert")
            self._local = threading.local()
        local = self._local
        pool = self._pool
        assert local is not None  # made with the pool

        def task(pos: _T, first: bool) -> _R | None:
            # tasks start in order: once one is past the deadline, so are all after it
            if not first and deadline is not None and time.perf_counter() > deadline:
                return None
            solver: Solver | None = getattr(local, "solver", None)
            if solver is None:
                from ..solver import Solver
                solver = local.solver = Solver()
            return _solved(fn, solver, pos)

        jobs: deque[Future[_R | None]] = deque()  # submitted, result not yet taken
        out: list[_R] = []
        try:
            while True:
                while ahead is None or len(jobs) < ahead:
                    pos = more(len(out) + len(jobs))
                    if pos is None:
                        break
                    jobs.append(pool.submit(task, pos, not out and not jobs))
                if not jobs:
                    break
                res = jobs.popleft().result()
                if res is None:  # past the deadline: so are the worlds after it
                    break
                out.append(res)
                if sink is not None:
                    sink(res)
        finally:  # an interrupt (Ctrl-C) or an error: the worlds not started are dropped
            for j in jobs:
                j.cancel()
        return out

    def close(self) -> None:
        """Stop the bot's threads (the worlds not started are dropped) and free their
        solvers; the bot still works afterwards (a new pool is made when needed)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self._local = None

    def reseed(self, seed: int) -> None:
        """:meth:`Bot.reseed <belote.bots.base.Bot.reseed>`, and forget what earlier decisions
        left: the worlds of an earlier turn of the auction (so a bid is simulated on fresh
        worlds) and the card chosen before saying belote (so the card after it is chosen
        again, between the king and the queen the belote binds to)."""
        super().reseed(seed)
        self._bid_worlds = None
        self._after_belote = None

    def _bid_points(self, positions: list[Position],
                    deadline: float | None) -> list[tuple[int, int]]:
        """Team 0's card points in each position (bidding simulation) and the solver nodes
        each took, see :meth:`_map`."""
        from .simbid import TOLERANCE

        def points(solver: Solver, pos: Position) -> tuple[int, int]:
            n0 = solver.nodes
            value = solver.future(pos, tolerance=TOLERANCE)
            return value, solver.nodes - n0
        return self._map(points, positions, deadline)

    def act(self, view: SeatView) -> str:
        legal = view.legal
        if not legal:
            raise BotError(f"seat {view.seat} has nothing to play: it is not its turn",
                           code="bot.not_its_turn", params={"seat": view.seat})
        if len(legal) == 1:
            return legal[0]
        if view.phase == "bidding":
            return self._bid(view)
        for a in legal:
            if a.startswith("declare"):
                return a
        cards = view.legal_card_ids()
        if len(cards) == 1:
            card = cards[0]
        elif self._after_belote is not None and self._after_belote in cards and \
                "belote" not in legal:
            card = self._after_belote  # chosen before saying belote (same decision)
        else:
            card = self.choose(view, cards)
        self._after_belote = None
        if "belote" in legal and card_str(card) in view.belote_cards:
            # belote is said with the first of the king and queen of trump played
            # (docs/sources.md §5), so only when the card chosen may carry it: saying it
            # binds the card
            self._after_belote = card
            return "belote"
        return card_str(card)

    def _bid(self, view: SeatView) -> str:
        """A bidding decision by simulation (:mod:`belote.bots.simbid`)."""
        from .simbid import bid_auction, bid_two_rounds
        rules = view.rules()
        bid = bid_two_rounds if rules.bidding == "two_rounds" else bid_auction
        # worlds solved at an earlier turn of the same auction are reused when they fit
        key = (tuple(view.hand), view.dealer, view.turned, view.preset)
        prev = self._bid_worlds[1] if self._bid_worlds and self._bid_worlds[0] == key \
            else None
        deadline = self._deadline(time.perf_counter())
        action, worlds = bid(view, rules, self.solver, self.rng, self.bid_worlds, prev,
                             deadline, self._bid_points, max_nodes=self.max_nodes)
        self._bid_worlds = (key, worlds)
        return action

    @property
    def label(self) -> str:
        return self.name if self.worlds == DEFAULT_WORLDS else f"{self.name}:{self.worlds}"

    @staticmethod
    def _representatives(cards: list[int], tt: TrumpTables, gone: int) -> dict[int, int]:
        """Cards worth the same in every world: same suit, same points, and every card
        between them in the contract's order (``tt``) already played in an earlier trick
        (``gone``, a mask). Each card maps to the one solved for its class."""
        rep: dict[int, int] = {}
        for c in sorted(cards, key=lambda c: -tt.strength[c]):
            rep[c] = c
            for d in list(rep):  # stronger cards already placed
                if d != c and SUIT_OF[d] == SUIT_OF[c] and tt.points[d] == tt.points[c]:
                    between = tt.higher[c] & ~tt.higher[d] & ~(1 << d)
                    if between & ~gone == 0:
                        rep[c] = rep[d]
                        break
        return rep

    def choose(self, view: SeatView, cards: list[int]) -> int:
        """The card to play among ``cards`` (the legal cards, at least two): the best total
        value over the worlds (see the class docstring)."""
        from ..solver import Position
        rules = view.rules()
        assert view.contract is not None  # card play: a contract stands
        trump = Trump.parse(view.contract["trump"])
        sampler = WorldSampler(view, self.rng, self.play_model)
        tt = sampler.tt
        assert tt is not None
        leader = view.trick[0][0] if view.trick else \
            (view.tricks[-1]["winner"] if view.tricks else (view.dealer + 1) % 4)
        trick = [c for _s, c in view.trick_cards()]
        rep = self._representatives(cards, tt, sampler.gone)
        t0 = time.perf_counter()
        classes = sorted(set(rep.values()))
        self.last_means, self.last_worlds = {}, 0
        if len(classes) == 1:  # every card worth the same in every world: nothing to solve
            return self._pick(cards, dict.fromkeys(cards, 0), tt)
        index = {k: j for j, k in enumerate(classes)}
        # per world: the value of each class, None for a class no longer solved (racing)
        rows: list[list[int | None]] = []
        nodes: list[int] = []  # per world: the solver nodes it took
        active = list(classes)  # the classes still solved
        drawn = 0
        spent = False  # max_nodes reached: no more worlds

        def best() -> int:  # the card chosen on the worlds so far, among the classes left
            live = [c for c in cards if rep[c] in active]
            sums = {k: sum(racing.value(r, index[k]) for r in rows) for k in {rep[c] for c in live}}
            return self._pick(live, {c: sums[rep[c]] for c in live}, tt)

        half = max(1, self.worlds // 2)
        deadline = self._deadline(t0)

        def draw(k: int) -> Iterator[tuple[Position, set[int]]]:
            # each world with the classes still in the race on the worlds before the
            # RACE_LAG that precede it (the same whatever the threads: see _map's ahead)
            nonlocal active, drawn, spent
            for _ in range(k):
                m = drawn - racing.RACE_LAG
                if self.race_z and m >= racing.RACE_MIN and len(active) > 1:
                    active = racing.race(rows[:m], active, index, self.race_z)
                    if len(active) == 1:  # the race is run: no world can change the card
                        return
                if self.max_nodes is not None and m > 0 and sum(nodes[:m]) >= self.max_nodes:
                    spent = True
                    return
                drawn += 1
                yield (Position(sampler.sample(), trump, rules, leader, trick,
                                list(view.points), list(sampler.tricks_won)), set(active))

        def solve(s: Solver, world: tuple[Position, set[int]]) -> SolveResult:
            return s.solve(world[0], capot_bonus=self.capot_bonus, cards=world[1])

        def sink(res: SolveResult) -> None:
            rows.append([res.values.get(k) for k in classes])
            nodes.append(res.nodes)

        while len(rows) < self.max_worlds:
            n = len(rows)
            # the worlds up to the next stopping check
            nxt = self.worlds if n < self.worlds else n + half
            self._map(solve, draw(min(nxt, self.max_worlds) - n), deadline,
                      len(view.hand) >= THREADS_MIN_CARDS, racing.RACE_LAG, sink)
            n = len(rows)
            if len(active) == 1 or spent:
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
            # past the level, every half level: stop unless the decision is still close
            if self.worlds <= n < self.max_worlds and \
                    not racing.close(rows, index[rep[best()]], [index[k] for k in active]):
                break
        self.last_means, self.last_worlds = racing.means(cards, rep, index, rows), len(rows)
        return best()

    @staticmethod
    def _pick(cards: list[int], totals: dict[int, int], tt: TrumpTables) -> int:
        """The card with the best total over the worlds; among cards the worlds cannot tell
        apart (equal totals), the one giving the fewest points (``tt``: the contract's
        tables), then the weakest (a plain card before a trump, then by rank): a
        double-dummy tie says no world needs the stronger card, and the real play, which
        guesses, may."""
        return max(cards, key=lambda c: (totals[c], -tt.points[c], -((tt.ruff_mask >> c) & 1),
                                         -tt.strength[c], -c))

