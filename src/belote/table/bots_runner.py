"""How the bots of a :class:`~belote.table.Table` decide: the :class:`BotRunner` the table
owns (its worker thread, or tasks of a shared executor), what it asks of its table
(:class:`BotHost`), and each decision's seed.

Where a bot decides: on the table's own worker thread (the default: the terminal table), or,
given ``executor`` (a :class:`concurrent.futures.Executor` that many tables share: the
server's pool), as one task of that executor a decision, so that a thousand tables need no
thousand threads. A table asks one decision at a time (its bots never decide at once), from
the seat's view (``deal.view(seat)``, never the deal) without the table's lock. With an
executor, ``bot_delay`` holds no worker asleep: what is left of it once the bot has decided
is waited by ``call_later`` (the server's clock; default a :class:`threading.Timer`), which
then hands the action back to the executor. The bot's action then goes through the table's
checked path, as a person's; a decision asked for a state the table has left is dropped.

Bots' randomness. Before each decision the bot is reseeded (:meth:`~belote.bots.Bot.reseed`)
with ``derive_seed("decision", game.seed, deal_index, seat, actions)``, ``actions`` the
number of actions of the deal so far (bids, annonces declared, belotes said, cards played):
one-way (a bot that knew it could not rebuild the packs), and the same however the table got
there. A table rebuilt from its actions (a restart: the server replays its log; ``belote play
--resume``) therefore plays exactly what the uninterrupted table would have, for every bot
whose decisions depend on its seed and views only: the random and heuristic bots, and the
expert without a wall-clock limit (``repeatable``; a node or world budget caps it). An expert
under ``time_limit_ms`` is not repeatable: the worlds it solves in time depend on the
machine's load.

Failures are logged to the logger ``belote.table.table`` (the table's).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Protocol

from ..bots import Bot
from ..bots.expert import TABLE_TIME_LIMIT_MS
from ..engine.seats import Seat
from ..engine.views import SeatView
from .events import Event, bot_failed
from .match import derive_seed

log = logging.getLogger("belote.table.table")


class Cancellable(Protocol):
    """What ``call_later`` returns: a deadline that :meth:`cancel` drops before it is due."""

    def cancel(self) -> None: ...


#: ``call_later(seconds, fn, *args)``: run ``fn(*args)`` once ``seconds`` have passed, on a
#: thread of the scheduler's (it must not run ``fn`` on the caller's thread); the server's
#: ``Clock.call_later``
CallLater = Callable[..., Cancellable]


@dataclass(frozen=True)
class Turn:
    """A bot's turn, as its table gives it: the ``bot`` of ``seat``, the seat's ``view``
    (never the deal), the decision's ``seed`` (:func:`decision_seed`)."""

    bot: Bot
    seat: Seat
    view: SeatView
    seed: int


class BotHost(Protocol):
    """What a :class:`BotRunner` asks of its table. Every call is made under :attr:`lock`
    but :meth:`flush`."""

    @property
    def lock(self) -> threading.Condition:
        """The table's lock (the runner waits on it and notifies it)."""

    @property
    def closed(self) -> bool:
        """Whether the table takes no action any more."""

    @property
    def version(self) -> int:
        """Bumped by every change of the game: a decision asked at another version is
        dropped."""

    def bot_to_move(self) -> Seat | None:
        """The seat whose bot is to act now, None when no bot is (the table not started,
        closed, held between deals, the game over, a person's turn)."""

    def turn(self, seat: Seat) -> Turn:
        """The turn of ``seat``'s bot (:meth:`bot_to_move` gave ``seat``)."""

    def play(self, seat: Seat, action: str) -> None:
        """The bot's action through the table's checked path. Raises a ValueError for an
        action the engine refuses, :meth:`journal_error`'s exception when the journal
        failed (the table is then closed)."""

    def journal_error(self) -> BaseException | None:
        """What the table's journal raised (the table is closed), None while it holds."""

    def queue(self, event: Event) -> None:
        """Queue ``event`` for the table's subscribers."""

    def flush(self) -> None:
        """Not under the lock: deliver the queued events."""


class BotsReleased:
    """The bots' side of a released table (:meth:`BotRunner.release`): closed,
    no bot to move, nothing delivered; no reference to the table."""

    closed, version = True, -1

    def __init__(self, lock: threading.Condition) -> None:
        self.lock = lock

    def bot_to_move(self) -> Seat | None:
        return None

    def turn(self, seat: Seat) -> Turn:
        raise RuntimeError("the table is released")

    def play(self, seat: Seat, action: str) -> None:
        raise RuntimeError("the table is released")

    def journal_error(self) -> BaseException | None:
        return None

    def queue(self, event: Event) -> None:
        pass

    def flush(self) -> None:
        pass


class BotRunner:
    """The bots of one table (:class:`BotHost`): one decision at a time, on a worker thread
    of its own, or (``executor``) as tasks of a shared executor, a turn lasting at least
    ``bot_delay`` seconds (with an executor, its rest waited by ``call_later``). Every
    method runs under the host's lock unless it says otherwise."""

    def __init__(self, host: BotHost, *, bot_delay: float = 0.0,
                 executor: Executor | None = None,
                 call_later: CallLater | None = None) -> None:
        self.host = host
        self.bot_delay = bot_delay
        self._lock = host.lock
        self._executor = executor
        self._call_later: CallLater = call_later or default_call_later
        #: the seat whose bot is deciding now (None: none)
        self.thinking: Seat | None = None
        self._failed_at: int | None = None  # the version at which a bot failed (it waits)
        self._worker: threading.Thread | None = None
        self._alarm: Cancellable | None = None  # the rest of bot_delay, waited (executor)

    def release(self) -> None:
        """Its table closed and dropped: the runner lets go of the table (its host becomes a
        :class:`BotsReleased`), so that reference counting frees the table with no cyclic
        collection."""
        with self._lock:
            self.host = BotsReleased(self._lock)

    @property
    def delayed(self) -> bool:
        """Whether a bot's action waits out the rest of ``bot_delay`` (an executor's)."""
        return self._alarm is not None

    def due(self) -> bool:
        """Whether a bot is to act (one that failed at this version waits)."""
        return self._failed_at != self.host.version and self.host.bot_to_move() is not None

    def kick(self) -> None:
        """If a bot is due and none is deciding, have it decide (start the worker thread,
        or hand the decision to the executor)."""
        if self.host.closed or self.thinking is not None or not self.due():
            return
        if self._executor is None:
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="belote-table-bots",
                                                daemon=True)
                self._worker.start()
            return
        job = self._job()
        try:
            self._executor.submit(self._pool_decide, job)
        except RuntimeError as e:  # an executor shut down (the server stops): the seat waits
            self.thinking = None
            self._failed_at = self.host.version
            log.error("the bot of seat %d cannot decide: %s", job.turn.seat, e)

    def stop(self) -> threading.Thread | None:
        """The table closed: a bot's action waiting out ``bot_delay`` is dropped. Returns
        the worker thread (the caller may join it, not under the lock)."""
        if self._alarm is not None:
            self._alarm.cancel()
            self._alarm = None
            self.thinking = None
        return self._worker

    def _job(self) -> _Job:
        """A bot being due: its decision to make; the seat is then :attr:`thinking`."""
        seat = self.host.bot_to_move()
        assert seat is not None
        self.thinking = seat
        return _Job(self.host.turn(seat), self.host.version, time.monotonic())

    # -- the worker thread -------------------------------------------------------------------
    def _work(self) -> None:
        try:
            self._work_loop()
        finally:
            with self._lock:  # a worker that ended lets the next change start another
                if self._worker is threading.current_thread():
                    self._worker = None

    def _work_loop(self) -> None:
        host = self.host
        while True:
            with self._lock:
                while not host.closed and (self.thinking is not None or not self.due()):
                    self._lock.wait()
                if host.closed:
                    return
                job = self._job()
            action, failed = _decide(job.turn)
            left = self.bot_delay - (time.monotonic() - job.started)
            if left > 0:
                with self._lock:
                    self._lock.wait_for(lambda: host.closed, left)
            with self._lock:
                self._conclude(job, action, failed)
            host.flush()

    # -- the executor's tasks ----------------------------------------------------------------
    def _pool_decide(self, job: _Job) -> None:
        """A task of the executor: decide, then play at once, or once the rest of
        ``bot_delay`` is waited (by ``call_later``, not on this thread)."""
        action, failed = _decide(job.turn)
        left = self.bot_delay - (time.monotonic() - job.started)
        with self._lock:
            if left > 0 and not self.host.closed and self.host.version == job.version:
                self._alarm = self._call_later(left, self._pool_wake, job, action, failed)
                return
        self._pool_play(job, action, failed)

    def _pool_wake(self, job: _Job, action: str, failed: Exception | None) -> None:
        """``call_later``'s callback: hand the bot's action back to the executor (the
        scheduler's thread delivers no event)."""
        with self._lock:
            self._alarm = None
            if self.host.closed:
                return
        assert self._executor is not None
        try:
            self._executor.submit(self._pool_play, job, action, failed)
        except RuntimeError:  # the executor shut down meanwhile: played here, as a last resort
            self._pool_play(job, action, failed)

    def _pool_play(self, job: _Job, action: str, failed: Exception | None) -> None:
        with self._lock:
            try:
                self._conclude(job, action, failed)
            except Exception:  # a bug below (no task's exception is ever read): logged, the
                self._failed_at = self.host.version  # seat waits
                log.exception("the bot action of seat %d could not be played", job.turn.seat)
            self.kick()  # the next bot (a dropped decision: the same bot, again)
        self.host.flush()

    def _conclude(self, job: _Job, action: str, failed: Exception | None) -> None:
        """Play the bot's ``action`` unless the table moved on since the decision was asked
        (then it is dropped); a bot that failed (``failed``, or an action the engine
        refuses) makes its seat wait, told by :class:`BotFailed`."""
        host, seat = self.host, job.turn.seat
        self.thinking = None
        self._lock.notify_all()
        if host.closed or host.version != job.version:
            return  # the table moved on meanwhile
        if failed is None:
            try:
                host.play(seat, action)
                return
            except Exception as e:
                if e is host.journal_error():  # the table is closed: no bot plays again
                    log.error("the journal failed on the bot action of seat %d; the "
                              "table is closed", seat, exc_info=e)
                    return
                if not isinstance(e, ValueError):
                    raise
                failed = e
        self._failed_at = host.version
        log.error("the bot of seat %d failed", seat, exc_info=failed)
        host.queue(bot_failed(seat, failed))


@dataclass(frozen=True)
class _Job:
    """A bot's decision to make: its :class:`Turn`, the table's ``version`` it is for, when
    it was asked (``time.monotonic()``)."""

    turn: Turn
    version: int
    started: float


def _decide(turn: Turn) -> tuple[str, Exception | None]:
    """The bot's action for ``turn`` (reseeded first), or its exception (a bot's bug: the
    seat then waits)."""
    try:
        turn.bot.reseed(turn.seed)
        return turn.bot.act(turn.view), None
    except Exception as e:
        return "", e


def decision_seed(seed: int, deal_index: int, seat: Seat | int, actions: int) -> int:
    """The seed of a bot's decision at a table: ``derive_seed("decision", seed, deal_index,
    seat, actions)``, ``seed`` the game's, ``actions`` the deal's so far
    (:func:`~belote.engine.views.action_count`; one-way: it does not reveal the game's
    seed)."""
    return derive_seed("decision", seed, deal_index, int(seat), actions)


def default_call_later(delay: float, fn: Callable[..., object],
                       *args: object) -> threading.Timer:
    """The default ``call_later``: a daemon :class:`threading.Timer`, started."""
    timer = threading.Timer(delay, fn, args)
    timer.daemon = True
    timer.start()
    return timer


__all__ = ["TABLE_TIME_LIMIT_MS", "BotHost", "BotRunner", "BotsReleased", "CallLater",
           "Cancellable", "Turn",
           "decision_seed", "default_call_later"]
