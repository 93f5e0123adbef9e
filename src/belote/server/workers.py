"""The server's bot workers: a few threads decide for the bots of every room, and the
experts search in a few processes.

Each room's :class:`~belote.table.Table` gets a pool of :class:`BotWorkers` as its
``executor`` and the server's clock (:data:`~belote.server.clock.CLOCK`) as its
``call_later``: a bot's decision is one task of the pool, and the rest of ``bot_delay`` is
waited by the clock, not by a sleeping worker. So the threads do not grow with the tables (a
thread a table was 17.5 KiB resident and 8 MiB of stack reserved, docs/performance.md
"Server"), and a table decides one bot at a time.

Two pools. :attr:`BotWorkers.quick`, :func:`pool_size` threads (two a processor core, at least
4: a bot's task also commits its action to the room's log and tells the room's connections,
which waits on the database more than it computes), serves the tables without an expert.
The tables with an expert are served by :attr:`BotWorkers.search` (one thread a search
process), whose expert decisions run in :class:`SearchProcesses`, one process a core: an
expert's search is Python as much as solver (the worlds drawn, the auction simulated), and
in the server's process it held the GIL that the event loop needs (bench/bot_pool.py: a table
of three experts multiplied another table's people's latency; docs/performance.md "Bots on
the server's pool"). The search processes run at a lower priority (:data:`SEARCH_NICE`), so
that on a busy machine the server's own threads are served first, and end with the server
(even killed). A search process receives the seat's view and the decision's seed only
(:func:`~belote.table.table.decision_seed`, one-way), never the deal or the table's seed.

Repeatable decisions: a table reseeds each bot before each decision and the expert forgets
its earlier decisions (:meth:`~belote.bots.Bot.reseed`), so a decision is a function of the
bot's level, its seed and the view, wherever it runs; the expert's 1.5 s wall-clock limit
(:data:`~belote.table.table.TABLE_TIME_LIMIT_MS`) still makes it depend on the load.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from ..bots import Bot, ExpertBot, bot_class, make_bot, parse_bot
from ..bots.expert import available_cores

if TYPE_CHECKING:
    from ..engine.views import SeatView

log = logging.getLogger(__name__)

#: threads of the quick pool at least (a database commit waits more than it computes)
MIN_THREADS = 4


def pool_size() -> int:
    """The threads of the quick pool: twice the processor cores the process may use
    (:func:`~belote.bots.expert.available_cores`), at least :data:`MIN_THREADS`."""
    return max(MIN_THREADS, 2 * available_cores())


# -- in a search process ----------------------------------------------------------------------

#: a search process's experts, by (level, time limit): made at their first decision
_EXPERTS: dict[tuple[str, float | None], Bot] = {}


#: the niceness a search process adds to its own (the server's threads go first)
SEARCH_NICE = 10


def _warm() -> None:
    """A search process's initializer: end with the server (:func:`_end_with_parent`),
    lower its priority by :data:`SEARCH_NICE` (the scheduler serves the server's process
    first: people's actions before bots' searches), then load the solver's compiled
    search."""
    _end_with_parent()
    with contextlib.suppress(OSError, AttributeError):  # a system without nice: as it is
        os.nice(SEARCH_NICE)
    from ..solver import warm_up
    warm_up()


def _end_with_parent() -> None:
    """Exit this process as soon as its parent (the server) is gone, however it ended
    (``kill -9`` included): a daemon thread waits on the parent's sentinel. Without it, a
    worker of a killed server waited for work for ever (the queue's pipe stays open: every
    worker holds both of its ends)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="belote-parent-watch", daemon=True).start()


def _decide(level: str, time_limit_ms: float | None, seed: int, view: SeatView) -> str:
    """In a search process: the action of an expert of ``level`` reseeded ``seed`` (it then
    remembers nothing of its earlier decisions) from ``view``."""
    bot = _EXPERTS.get((level, time_limit_ms))
    if bot is None:
        bot = _EXPERTS[(level, time_limit_ms)] = make_bot(level, time_limit_ms=time_limit_ms)
        if isinstance(bot, ExpertBot):
            bot.threads = 1
    bot.reseed(seed)
    return bot.act(view)


# -- in the server ----------------------------------------------------------------------------

class SearchProcesses:
    """The processes the experts search in (``size``, default one a core), started at the
    first decision (``spawn``: a new interpreter, nothing of the server's state inherited),
    each loading the solver first. A pool broken by a process that died is made again once
    for the decision that found it broken."""

    def __init__(self, size: int | None = None) -> None:
        self.size = size or available_cores()
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self, broken: ProcessPoolExecutor | None = None) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is not None and self._pool is broken:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.size, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_warm)
            return self._pool

    def decide(self, level: str, time_limit_ms: float | None, seed: int,
               view: SeatView) -> str:
        """An expert's action in a search process (blocks the calling thread until it is
        in). Raises what the expert raised, or ``BrokenProcessPool`` when a new pool broke
        too."""
        pool = self._executor()
        try:
            return pool.submit(_decide, level, time_limit_ms, seed, view).result()
        except BrokenProcessPool:
            log.warning("a search process died; the search processes are started again")
            pool = self._executor(broken=pool)
            return pool.submit(_decide, level, time_limit_ms, seed, view).result()

    def shutdown(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


class SearchBot(Bot):
    """An expert of ``level`` whose decisions are made in :class:`SearchProcesses`: its
    :meth:`act` hands the view and the decision's seed (the last :meth:`reseed`'s, else a
    draw of its own generator) to a search process and waits for the action."""

    def __init__(self, level: str, processes: SearchProcesses, seed: int | None = None,
                 time_limit_ms: float | None = None) -> None:
        super().__init__(seed, time_limit_ms)
        parse_bot(level)  # BotError for a bad level
        self.level = level
        self._processes = processes
        self._seed: int | None = None

    @property
    def label(self) -> str:
        return self.level

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self._seed = seed

    def act(self, view: SeatView) -> str:
        seed, self._seed = self._seed, None
        if seed is None:
            seed = self.rng.getrandbits(64)
        return self._processes.decide(self.level, self.time_limit_ms, seed, view)


class BotWorkers:
    """The pools of every room's bots (see the module docstring), each made at its first use
    (a server with no bot starts no thread, one with no expert no process); :meth:`shutdown`
    stops them (a later use makes new ones)."""

    def __init__(self, size: int | None = None, processes: int | None = None) -> None:
        self.size = size
        self.processes = SearchProcesses(processes)
        self._lock = threading.Lock()
        self._quick: ThreadPoolExecutor | None = None
        self._search: ThreadPoolExecutor | None = None

    @property
    def quick(self) -> ThreadPoolExecutor:
        """The pool of the tables without an expert."""
        with self._lock:
            if self._quick is None:
                self._quick = ThreadPoolExecutor(max_workers=self.size or pool_size(),
                                                 thread_name_prefix="belote-bots")
            return self._quick

    @property
    def search(self) -> ThreadPoolExecutor:
        """The pool of the tables with an expert: a thread a search process."""
        with self._lock:
            if self._search is None:
                self._search = ThreadPoolExecutor(max_workers=self.processes.size,
                                                  thread_name_prefix="belote-search")
            return self._search

    def executor_for(self, levels: list[str]) -> Executor:
        """The pool of a table whose bots are of ``levels``."""
        return self.search if any(is_searching(level) for level in levels) else self.quick

    def bot(self, level: str, seed: int, time_limit_ms: float | None) -> Bot:
        """A bot of ``level`` for a room (BotError for a bad level): a :class:`SearchBot` for
        an expert, else ``make_bot``."""
        if is_searching(level):
            return SearchBot(level, self.processes, seed, time_limit_ms)
        return make_bot(level, seed=seed, time_limit_ms=time_limit_ms)

    def shutdown(self) -> None:
        """Stop the pools and the search processes: the decisions not started are dropped
        (their seats wait), the ones under way end."""
        with self._lock:
            pools, self._quick, self._search = [self._quick, self._search], None, None
        for pool in pools:
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self.processes.shutdown()


def is_searching(level: str) -> bool:
    """Whether a bot of ``level`` decides in a search process (:attr:`Bot.process_pool
    <belote.bots.base.Bot.process_pool>`: the expert)."""
    return bot_class(level).process_pool


#: the server's bot pools (every room's bots)
WORKERS = BotWorkers()

__all__ = ["MIN_THREADS", "SEARCH_NICE", "WORKERS", "BotWorkers", "SearchBot", "SearchProcesses",
           "is_searching", "pool_size"]
