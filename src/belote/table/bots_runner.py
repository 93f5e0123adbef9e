"""How the bots of a :class:`~belote.table.Table` decide: the :class:`BotRunner` part of
the table (its worker thread, or tasks of a shared executor), and each decision's seed.

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
from ..engine.actions import Action
from ..engine.deal import Phase
from ..engine.game import Game
from ..engine.seats import Seat
from ..engine.views import SeatView, action_count
from .events import Event, bot_failed
from .match import derive_seed
from .players import Player

log = logging.getLogger("belote.table.table")


class Cancellable(Protocol):
    """What ``call_later`` returns: a deadline that :meth:`cancel` drops before it is due."""

    def cancel(self) -> None: ...


#: ``call_later(seconds, fn, *args)``: run ``fn(*args)`` once ``seconds`` have passed, on a
#: thread of the scheduler's (it must not run ``fn`` on the caller's thread); the server's
#: ``Clock.call_later``
CallLater = Callable[..., Cancellable]


class BotRunner:
    """The bots' part of a :class:`~belote.table.Table` (a base class: the table holds the
    state below and its lock, and applies an action with ``_apply``). Every method runs under
    the table's lock unless it says otherwise."""

    _game: Game
    _players: list[Player | None]
    _lock: threading.Condition
    _closed: bool
    _started: bool
    _held: bool
    _version: int
    _failed_at: int | None
    _thinking: Seat | None
    _worker: threading.Thread | None
    _executor: Executor | None
    _call_later: CallLater
    _alarm: Cancellable | None
    _journal_error: BaseException | None
    bot_delay: float

    def _apply(self, seat: Seat, action: Action | str) -> None:
        raise NotImplementedError  # the table's checked path

    def _queue(self, event: Event) -> None:
        raise NotImplementedError  # the table's event queue

    def _flush(self) -> None:
        raise NotImplementedError  # the table's delivery (outside the lock)

    def _kick(self) -> None:
        """Under the lock: if a bot is due and none is deciding, have it decide (start the
        worker thread, or hand the decision to the executor)."""
        if self._closed or self._thinking is not None or not self._bot_due():
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
            self._thinking = None
            self._failed_at = self._version
            log.error("the bot of seat %d cannot decide: %s", job.seat, e)

    def _bot_due(self) -> bool:
        d = self._game.current
        if not self._started or self._closed or self._held or d is None or \
                d.phase == Phase.DONE or self._failed_at == self._version:
            return False
        player = self._players[d.seat_to_move()]
        return player is not None and player.bot is not None

    def _job(self) -> _Job:
        """Under the lock, a bot being due: its decision to make (the seat's view, the
        version it is for, the decision's seed); the seat is then :attr:`thinking`."""
        deal = self._game.current
        assert deal is not None
        seat = deal.seat_to_move()
        player = self._players[seat]
        assert player is not None and player.bot is not None
        seed = decision_seed(self._game.seed, len(self._game.deals), seat, action_count(deal))
        self._thinking = seat
        return _Job(player.bot, deal.view(seat), seat, self._version, seed, time.monotonic())

    # -- the worker thread -------------------------------------------------------------------
    def _work(self) -> None:
        try:
            self._work_loop()
        finally:
            with self._lock:  # a worker that ended lets the next change start another
                if self._worker is threading.current_thread():
                    self._worker = None

    def _work_loop(self) -> None:
        while True:
            with self._lock:
                while not self._closed and (self._thinking is not None or not self._bot_due()):
                    self._lock.wait()
                if self._closed:
                    return
                job = self._job()
            action, failed = _decide(job)
            left = self.bot_delay - (time.monotonic() - job.started)
            if left > 0:
                with self._lock:
                    self._lock.wait_for(lambda: self._closed, left)
            with self._lock:
                self._conclude(job, action, failed)
            self._flush()

    # -- the executor's tasks ----------------------------------------------------------------
    def _pool_decide(self, job: _Job) -> None:
        """A task of the executor: decide, then play at once, or once the rest of
        ``bot_delay`` is waited (by ``call_later``, not on this thread)."""
        action, failed = _decide(job)
        left = self.bot_delay - (time.monotonic() - job.started)
        with self._lock:
            if left > 0 and not self._closed and self._version == job.version:
                self._alarm = self._call_later(left, self._pool_wake, job, action, failed)
                return
        self._pool_play(job, action, failed)

    def _pool_wake(self, job: _Job, action: str, failed: Exception | None) -> None:
        """``call_later``'s callback: hand the bot's action back to the executor (the
        scheduler's thread delivers no event)."""
        with self._lock:
            self._alarm = None
            if self._closed:
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
                self._failed_at = self._version  # seat waits
                log.exception("the bot action of seat %d could not be played", job.seat)
            self._kick()  # the next bot (a dropped decision: the same bot, again)
        self._flush()

    def _conclude(self, job: _Job, action: str, failed: Exception | None) -> None:
        """Under the lock: play the bot's ``action`` unless the table moved on since the
        decision was asked (then it is dropped); a bot that failed (``failed``, or an action
        the engine refuses) makes its seat wait, told by :class:`BotFailed`."""
        seat = job.seat
        self._thinking = None
        self._lock.notify_all()
        if self._closed or self._version != job.version:
            return  # the table moved on meanwhile
        if failed is None:
            try:
                self._apply(seat, action)
                return
            except Exception as e:
                if e is self._journal_error:  # the table is closed: no bot plays again
                    log.error("the journal failed on the bot action of seat %d; the "
                              "table is closed", seat, exc_info=e)
                    return
                if not isinstance(e, ValueError):
                    raise
                failed = e
        self._failed_at = self._version
        log.error("the bot of seat %d failed", seat, exc_info=failed)
        self._queue(bot_failed(seat, failed))


@dataclass(frozen=True)
class _Job:
    """A bot's decision to make: the ``bot`` of ``seat``, the seat's ``view``, the table's
    ``version`` it is for, its ``seed`` (:func:`decision_seed`), when it was asked
    (``time.monotonic()``)."""

    bot: Bot
    view: SeatView
    seat: Seat
    version: int
    seed: int
    started: float


def _decide(job: _Job) -> tuple[str, Exception | None]:
    """The bot's action for ``job`` (reseeded first), or its exception (a bot's bug: the
    seat then waits)."""
    try:
        job.bot.reseed(job.seed)
        return job.bot.act(job.view), None
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


__all__ = ["TABLE_TIME_LIMIT_MS", "BotRunner", "CallLater", "Cancellable",
           "decision_seed", "default_call_later"]
