"""The server's bot workers: one pool of threads decides for the bots of every room.

Each room's :class:`~belote.table.Table` gets the pool as its ``executor`` and the server's
clock (:data:`~belote.server.clock.CLOCK`) as its ``call_later``: a bot's decision is one task
of the pool, and the rest of ``bot_delay`` is waited by the clock, not by a sleeping worker.
So the threads do not grow with the tables (a thread each was 17.5 KiB resident and 8 MiB of
stack reserved, see docs/performance.md "Server"), and a table decides one bot at a time.

The pool has :func:`pool_size` threads: two a processor core the process may use, at least 4.
A bot's task also writes its action to the room's log (a commit) and tells the room's
connections, which wait on the database more than they compute. An expert searches in one
thread (``threads=1``: its worlds one after the other, within its time limit), so that its
search takes one worker, never a pool of its own; the solver's kernel releases the GIL, and
the measure of bench/bot_pool.py (docs/performance.md "Bots on the server's pool") shows
that a table of three experts does not hold up another table's people.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from ..bots import Bot, ExpertBot, make_bot
from ..bots.expert import available_cores

#: threads of the pool at least (a database commit waits more than it computes)
MIN_THREADS = 4


def pool_size() -> int:
    """The threads of the bot pool: twice the processor cores the process may use
    (:func:`~belote.bots.expert.available_cores`), at least :data:`MIN_THREADS`."""
    return max(MIN_THREADS, 2 * available_cores())


class BotWorkers:
    """The pool of every room's bot decisions, made at its first use (a server with no bot
    starts no thread); :meth:`shutdown` stops it (a later use makes a new one)."""

    def __init__(self, size: int | None = None) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None

    @property
    def executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=self.size or pool_size(),
                                                thread_name_prefix="belote-bots")
            return self._pool

    def shutdown(self) -> None:
        """Stop the pool: the decisions not started are dropped (their seats wait), the
        ones under way end."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def server_bot(level: str, seed: int, time_limit_ms: float | None) -> Bot:
    """A bot of ``level`` for a room (``make_bot``: BotError for a bad level), an expert
    searching in one thread (see the module docstring)."""
    bot = make_bot(level, seed=seed, time_limit_ms=time_limit_ms)
    if isinstance(bot, ExpertBot):
        bot.threads = 1
    return bot


#: the server's bot pool (every room's bots)
WORKERS = BotWorkers()

__all__ = ["MIN_THREADS", "WORKERS", "BotWorkers", "pool_size", "server_bot"]
