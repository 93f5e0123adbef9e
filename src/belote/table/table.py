"""A table: one :class:`~belote.engine.game.Game` and the four players at its seats.

The table is the session object every front end adapts (the terminal table today, the server
next): the front end sends a person's actions with :meth:`Table.act` and draws what the
table's events say; bots play by themselves on the table's worker thread; the table saves the
game in its store after every finished deal (and, with ``save_every_action``, after every
action).

Threads. One lock guards the game: every method may be called from any thread. A bot decides
from its seat's view (``deal.view(seat)``, never the deal) without the lock, so a bot's
decision never blocks the caller; its action then goes through the same checked path as a
person's. Where it decides (the table's worker thread, or tasks of a shared executor): its
:class:`~.bots_runner.BotRunner` (:attr:`Table.bots`). Events are delivered in order,
outside the lock, on the thread that caused them: the caller's thread for :meth:`act`,
:meth:`start`, :meth:`join`…, the worker thread (or an executor's thread) for a bot's action.
A subscriber that draws on a UI thread marshals (Textual: ``App.call_from_thread``, which
also holds the bot until the event is drawn). A subscriber may call the table's methods; it
must not wait for the worker (nor for a task of the executor). A subscriber that raises is
logged (logger ``belote.table.table``): the others still get the event, and the thread
delivering it goes on.

Bots' randomness: :mod:`belote.table.bots_runner`.

The journal. A front end that keeps its own log of the actions (the server's SQL action log)
gives the table a ``journal``: a trusted, in-process callable told ``(deal_index, seat,
action)`` of every action the engine accepts, ``action`` its full record string
(``str(parsed)``: ``"80 H"``, ``"KH"``, ``"declare 7C 8C 9C"``, the declared cards included,
so that the log replays). It is called under the table's lock, on the thread that applies the
action, once the engine judged it legal (``Deal.judge``) and BEFORE it is applied to the
game and any event of it is queued: a subscriber hears only actions the journal holds, and no
view shows an action the journal refused. It sees a declaration's cards: what it gets
must never be handed to a client, a spectator or a bot. It must not call the table, nor wait
for a lock that a thread may hold while calling the table. If it raises, the table closes (it
takes no action afterwards: the journal and the game cannot diverge), queues a public
:class:`~belote.table.events.JournalFailed` instead of the action's events, and the exception
propagates to :meth:`Table.act`'s caller (a person's action) or is logged (a bot's action, on
the worker thread, which then ends). The action is then not applied: the game stays as the
journal holds it (the server rebuilds the table from its log all the same).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from ..engine.actions import Action
from ..engine.deal import Deal, Phase
from ..engine.errors import BeloteError, IllegalAction
from ..engine.game import Game
from ..engine.seats import Seat, is_seat
from ..engine.views import PublicView, SeatView, action_count, double_words, seat_views
from .bots_runner import (
    TABLE_TIME_LIMIT_MS,
    BotRunner,
    CallLater,
    Cancellable,
    Turn,
    decision_seed,
)
from .events import (
    Event,
    GameEnded,
    Saved,
    SaveFailed,
    SeatJoined,
    SeatLeft,
    deal_started,
    from_engine,
    journal_failed,
)
from .players import Player, PlayerKind, check_player, table_bots
from .store import GameStore, check_game_id

#: where a subscriber's exception is reported (the table goes on delivering)
log = logging.getLogger(__name__)


Subscriber = Callable[[Event], None]


#: the journal of a table: ``(deal_index, seat, action record string)``; see the module
#: docstring (it sees a declaration's cards: never for a client)
Journal = Callable[[int, Seat, str], None]


def _check_seat(seat: object) -> Seat:
    """``seat`` as a :class:`Seat` if it is a seat 0..3 (an ``int``, not a ``bool``); raises
    :class:`~belote.engine.errors.BeloteError` ``table.bad_seat`` (``seat``: its repr)."""
    if not is_seat(seat):
        raise BeloteError(f"a seat is 0, 1, 2 or 3, not {seat!r}", code="table.bad_seat",
                          params={"seat": repr(seat)})
    assert isinstance(seat, int)
    return Seat(seat)


def _check_open(closed: bool, seat: Seat) -> None:
    """Raise ``table.closed`` (an IllegalAction) once the table is closed."""
    if closed:
        raise _illegal("the table is closed", "table.closed", seat)


def _illegal(message: str, code: str, seat: Seat) -> IllegalAction:
    return IllegalAction(message, rule=code.split(".")[-1], seat=seat, code=code,
                         params={"seat": seat})


class Table:
    """A game and four :class:`Player` s; see the module docstring for the threads.

    :param game: the game (new or resumed); the table owns it from now on.
    :param players: four players, seat 0 first.
    :param store: where to save (None: never saved); ``game_id`` and ``settings`` (JSON-ready
        table settings, e.g. who sits where) are saved with the record.
    :param bot_delay: seconds a bot's turn lasts at least (its thinking included), so that
        people can follow; 0 plays at once.
    :param hold_between_deals: after a deal ends, bots wait for :meth:`resume` (a front end
        shows the deal's result first). People may act at any time.
    :param save_every_action: save after every action, not only after every deal.
    :param journal: told every accepted action with its full record string, before any of
        its events (see the module docstring: it sees a declaration's cards, and a journal
        that raises closes the table).
    :param executor: where bots decide (None: the table's own worker thread), and
        ``call_later``: its :class:`~.bots_runner.BotRunner`'s. Never shut down by the table.
    :raises BeloteError: (a ValueError) ``table.player_count`` (``count``) unless there
        are four players; ``table.bad_player`` (``seat``, ``value``: its repr) for one that
        is no :class:`Player` of a :class:`PlayerKind`; ``table.bot_player`` (``seat``)
        unless each bot player, and only a bot player, holds a bot; ``store.bad_id`` when
        there is a store and ``game_id`` is not a plain name (letters, digits, ``-``), so
        that no save can fail on it after a move.
    """

    def __init__(self, game: Game, players: Sequence[Player], *, store: GameStore | None = None,
                 game_id: str = "", settings: Mapping[str, Any] | None = None,
                 bot_delay: float = 0.0, hold_between_deals: bool = False,
                 save_every_action: bool = False, journal: Journal | None = None,
                 executor: Executor | None = None, call_later: CallLater | None = None) -> None:
        if len(players) != 4:
            raise BeloteError(f"a table has four players, not {len(players)}",
                              code="table.player_count", params={"count": len(players)})
        for seat, p in enumerate(players):
            check_player(seat, p)
        if store is not None:
            check_game_id(game_id)
        self._game = game
        self._players: list[Player | None] = list(players)
        self.store = store
        self.game_id = game_id
        self.settings: dict[str, Any] = dict(settings or {})
        self.hold_between_deals = hold_between_deals
        self.save_every_action = save_every_action
        self._journal = journal
        self._journal_error: BaseException | None = None  # what the journal raised (closed)
        self._lock = threading.Condition(threading.RLock())
        self._subscribers: list[Subscriber] = []
        self._pending: deque[Event] = deque()
        self._undelivered = 0
        self._flushing = threading.Lock()
        self._version = 0  # bumped by every change of the game: a bot's stale decision is dropped
        self._held = False
        self._started = False
        self._closed = False
        #: the table's bots (:mod:`belote.table.bots_runner`)
        self.bots = BotRunner(_BotSide(self), bot_delay=bot_delay, executor=executor,
                              call_later=call_later)
        #: where the last save went, and whether the game changed since (a failed save)
        self.saved_to: str | None = None
        self.unsaved = False

    # -- reading ---------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game (read it under no assumption of stability while bots play: use
        :meth:`view`, or read it in an event's callback)."""
        return self._game

    @property
    def deal(self) -> Deal | None:
        """The deal being played (None once the game is over): every hand and the stock, for
        a front end in the same process as the whole game (the terminal table). A front end
        that serves seats (the server) reads :meth:`view` instead."""
        return self._game.current

    def finished_deal(self, deal_index: int) -> Deal:
        """The finished deal ``deal_index`` of the game's deals (every deal counted), played to
        its end: every card of it is public now that it is over.

        A deal that was never played (passed out: docs/sources.md §2, 003, 004; or misdealt: 002
        §VIII.A) is refused: its hands were never shown at the table, so nothing but its
        result is told (:class:`~belote.table.events.DealEnded`).

        Raises :class:`~belote.engine.errors.BeloteError` ``table.no_such_deal`` (``index``:
        its repr) unless that deal is over, ``table.deal_not_played`` (``index``) for a deal
        passed out or misdealt."""
        with self._lock:
            deal = self._finished_at(deal_index)
            if deal.passed_out or deal.misdealt:
                raise BeloteError(f"deal {deal_index} was not played: its hands are not shown",
                                  code="table.deal_not_played", params={"index": deal_index})
            return deal

    def finished_view(self, deal_index: int, seat: Seat | int) -> SeatView:
        """``seat``'s view of the finished deal ``deal_index`` (every deal counted): a deal
        played out shows its tricks and no hand left; a deal never played (passed out,
        misdealt) the seat's own hand alone, as it was dealt. Raises
        :class:`~belote.engine.errors.BeloteError` ``table.no_such_deal`` unless that deal
        is over, ``table.bad_seat`` unless ``seat`` is 0..3."""
        seat = _check_seat(seat)
        with self._lock:
            return self._finished_at(deal_index).view(seat)

    def _finished_at(self, deal_index: int) -> Deal:
        """Under the lock: the finished deal ``deal_index``, or ``table.no_such_deal``."""
        deals = self._game.deals
        if type(deal_index) is not int or not 0 <= deal_index < len(deals):
            raise BeloteError(f"deal {deal_index!r} is not a finished deal of the game",
                              code="table.no_such_deal", params={"index": repr(deal_index)})
        return deals[deal_index]

    @property
    def deal_index(self) -> int:
        """The index of the current deal in the game's deals (every deal counted)."""
        return len(self._game.deals)

    @property
    def to_move(self) -> Seat | None:
        """The seat to act, None once the game is over."""
        with self._lock:
            d = self._game.current
            return d.to_move if d is not None and d.phase != Phase.DONE else None

    def player(self, seat: Seat | int) -> Player | None:
        """The player of ``seat`` (None while the seat is empty). Raises ``table.bad_seat``
        unless ``seat`` is 0..3."""
        return self._players[_check_seat(seat)]

    def view(self, seat: Seat | int) -> SeatView | None:
        """What ``seat`` may know of the current deal (None once the game is over). Raises
        ``table.bad_seat`` unless ``seat`` is 0..3."""
        seat = _check_seat(seat)
        with self._lock:
            d = self._game.current
            return d.view(seat) if d is not None else None

    def views(self) -> list[SeatView] | None:
        """``[view(s) for s in 0..3]`` at once, sharing their public lists (for reading only:
        :func:`~belote.engine.views.seat_views`); None once the game is over."""
        with self._lock:
            return None if (d := self._game.current) is None else seat_views(d)

    def public_view(self) -> PublicView | None:
        """What a spectator may know of the current deal (None once the game is over):
        :meth:`Deal.public_view <belote.engine.deal.Deal.public_view>` (no card of a hand not
        yet played; the annonces as the other seats hear them)."""
        with self._lock:
            return None if (d := self._game.current) is None else d.public_view()

    def legal(self, seat: Seat | int) -> list[str]:
        """``seat``'s legal actions now (record strings; empty unless it is to move)."""
        view = self.view(seat)
        return list(view.legal) if view is not None else []

    @property
    def thinking(self) -> Seat | None:
        """The seat whose bot is deciding now, or None."""
        return self.bots.thinking

    @property
    def bot_delay(self) -> float:
        """Seconds a bot's turn lasts at least (its runner's)."""
        return self.bots.bot_delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self.bots.bot_delay = seconds

    @property
    def held(self) -> bool:
        """Whether bots wait for :meth:`resume` (after a deal, ``hold_between_deals``)."""
        return self._held

    @property
    def idle(self) -> bool:
        """No bot is due or thinking and every event is delivered: the table waits for a
        person (or the game is over)."""
        with self._lock:
            return self._quiet()

    # -- subscribing -----------------------------------------------------------------------
    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(event)`` for every event from now on (see the module docstring for
        the thread). Returns a function that unsubscribes it."""
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock, contextlib.suppress(ValueError):
                self._subscribers.remove(callback)
        return unsubscribe

    # -- acting ----------------------------------------------------------------------------
    def start(self) -> None:
        """Announce the seats and the current deal (:class:`SeatJoined`, :class:`DealStarted`)
        and let the bots play. A second call only wakes the bots (after the game was changed
        from outside: the test seam of a forced deal)."""
        with self._lock:
            if not self._started:
                self._started = True
                for seat, p in enumerate(self._players):
                    if p is not None:
                        self._queue(SeatJoined(Seat(seat), p.kind.value, p.name))
                if self._game.current is not None:
                    self._queue(deal_started(self._game.current, len(self._game.deals)))
                else:
                    self._queue(GameEnded(_pair(self._game.scores), self._game.winner))
            self._changed()
        self._flush()

    def act(self, seat: Seat | int, action: Action | str) -> None:
        """``seat``'s action (a person's or a remote player's), through the checked engine
        path (judged once, ``Deal.judge(action, seat)``, then ``Game.apply``). Raises
        :class:`~belote.engine.errors.WrongTurn` when it is not ``seat``'s turn,
        :class:`~belote.engine.errors.IllegalAction` (a ValueError) naming the rule broken,
        ``table.bot_seat`` when a bot holds ``seat``, ``table.empty_seat`` when nobody does,
        ``table.bad_seat`` unless ``seat`` is 0..3, ``table.closed`` after :meth:`close` (or
        after the journal failed); :class:`~belote.engine.actions.ActionError` for text that
        is no action; whatever the journal raised on this action (the table is then closed,
        its :class:`~belote.table.events.JournalFailed` delivered first). Returns once the
        action is applied and its events delivered (a subscriber's exception is logged, never
        raised here)."""
        seat = _check_seat(seat)
        with self._lock:
            _check_open(self._closed, seat)
            player = self._players[seat]
            if player is None:
                raise _illegal(f"seat {seat} is empty", "table.empty_seat", seat)
            if player is not None and player.kind == PlayerKind.BOT:
                raise _illegal(f"seat {seat} is played by a bot", "table.bot_seat", seat)
            failed = self._apply_told(seat, action)
        self._flush()
        if failed is not None:
            raise failed

    def replay(self, seat: Seat | int, action: Action | str,
               skip: Callable[[], bool] | None = None) -> bool:
        """An action another table sharing this one's journal accepted already (the
        server's other processes, which write one action log): applied through the same
        checked engine path as :meth:`act` whoever holds ``seat`` (a bot's decision under way
        is dropped), the journal told, its events delivered. ``skip`` is called under the
        table's lock first: when it returns True nothing is applied and this returns False
        (the journal holds the action already). Raises what :meth:`act` raises, except
        ``table.bot_seat`` and ``table.empty_seat``."""
        seat = _check_seat(seat)
        with self._lock:
            if self._closed:
                raise _illegal("the table is closed", "table.closed", seat)
            if skip is not None and skip():
                return False
            failed = self._apply_told(seat, action)
        self._flush()
        if failed is not None:
            raise failed
        return True

    def _apply_told(self, seat: Seat, action: Action | str) -> BaseException | None:
        """Under the lock: :meth:`_apply`; returns the journal's exception instead of raising
        it (the caller raises it once the events, :class:`JournalFailed` first, are
        delivered)."""
        try:
            self._apply(seat, action)
        except BaseException as e:
            if e is not self._journal_error:
                raise
            return e
        return None

    def resume(self) -> None:
        """Let the bots play on after a deal (``hold_between_deals``)."""
        with self._lock:
            self._held = False
            self._changed()
        self._flush()

    def refresh(self) -> None:
        """The game was changed from outside the table: drop any bot decision under way and
        let the bots look again."""
        with self._lock:
            self._changed()

    def join(self, seat: Seat | int, player: Player) -> None:
        """Seat ``player`` at ``seat`` (replacing whoever held it). Raises ``table.bad_seat``
        unless ``seat`` is 0..3, ``table.bad_player`` / ``table.bot_player`` as the
        constructor does, ``table.closed`` after :meth:`close`."""
        seat = _check_seat(seat)
        check_player(seat, player)
        with self._lock:
            _check_open(self._closed, seat)
            self._players[seat] = player
            self._queue(SeatJoined(Seat(seat), player.kind.value, player.name))
            self._changed()
        self._flush()

    def leave(self, seat: Seat | int) -> None:
        """Empty ``seat``: no action is taken for it until someone joins. Raises
        ``table.bad_seat`` unless ``seat`` is 0..3, ``table.closed`` after :meth:`close`."""
        seat = _check_seat(seat)
        with self._lock:
            _check_open(self._closed, seat)
            self._players[seat] = None
            self._queue(SeatLeft(Seat(seat)))
            self._changed()
        self._flush()

    def save(self) -> str | None:
        """Save the game now (None without a store). Raises the store's error (OSError for
        the file store); the game stays in memory and ``unsaved`` stays True."""
        with self._lock:
            if self.store is None:
                return None
            where = self.store.save(self.game_id, self._game, self.settings)
            self.saved_to, self.unsaved = where, False
            return where

    def close(self, timeout: float | None = 0.0) -> None:
        """Stop the bots (a decision under way is dropped); wait ``timeout`` seconds for the
        worker (None: until it ends; with an ``executor``, nothing is waited: the task under
        way drops its decision when it ends). The table takes no action afterwards."""
        with self._lock:
            self._closed = True
            worker = self.bots.stop()  # a bot's action waiting out bot_delay: dropped
            self._lock.notify_all()
        if worker is not None and worker is not threading.current_thread() and \
                (timeout is None or timeout > 0):
            worker.join(timeout)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until :attr:`idle` (the table waits for a person, or the game is over);
        False when ``timeout`` seconds passed first. Not from a subscriber."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while not self._quiet():
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._lock.wait(left)
            return True

    # -- inside (under the lock) -------------------------------------------------------------
    def _apply(self, seat: Seat, action: Action | str) -> None:
        """Judge ``seat``'s action once (``Deal.judge``), tell the journal, apply it
        (``Game.apply``, unchecked: judged already) and queue the table's events, built from
        the engine's (:func:`~belote.table.events.from_engine`)."""
        game = self._game
        deal = game.current
        if deal is None:
            raise IllegalAction("the game is over", rule="game_over", seat=seat)
        index = len(game.deals)
        parsed = deal.judge(action, seat)
        if self._journal is not None:  # judged, recorded, then applied: see the docstring
            self._write_journal(index, seat, str(parsed))
        during, after = from_engine(game.apply(parsed), index, double_words(game.rules))
        for event in during:
            self._queue(event)
        self._changed()
        if after:
            self._autosave()  # before the deal's end is told: a front end may then quit
            for event in after:
                self._queue(event)
            if game.current is not None:
                self._held = self.hold_between_deals
        elif self.save_every_action:
            self._autosave()
        else:
            self.unsaved = True

    def _write_journal(self, index: int, seat: Seat, action: str) -> None:
        """Tell the journal; if it raises, close the table, queue :class:`JournalFailed` and
        raise the journal's exception (kept in ``_journal_error``: see :meth:`act`)."""
        assert self._journal is not None
        try:
            self._journal(index, seat, action)
        except BaseException as e:
            self._closed = True
            self._journal_error = e
            self._lock.notify_all()
            self._queue(journal_failed(index, seat, e))
            raise

    def _autosave(self) -> None:
        if self.store is None:
            return
        try:
            where = self.store.save(self.game_id, self._game, self.settings)
        except Exception as e:  # every failure (OSError, StoreError…) is told, none escapes
            self.unsaved = True
            self._queue(SaveFailed(e))
            return
        self.saved_to, self.unsaved = where, False
        self._queue(Saved(where, self._game.current is None))

    def _queue(self, event: Event) -> None:
        self._pending.append(event)
        self._undelivered += 1

    def _changed(self) -> None:
        self._version += 1
        self._lock.notify_all()
        self.bots.kick()

    def _quiet(self) -> bool:
        """Under the lock: no bot is due or thinking and every event is delivered."""
        return self.bots.thinking is None and self._undelivered == 0 and not self.bots.due()

    def _bot_to_move(self) -> Seat | None:
        """Under the lock: :meth:`BotHost.bot_to_move <.bots_runner.BotHost.bot_to_move>`."""
        d = self._game.current
        if not self._started or self._closed or self._held or d is None or \
                d.phase == Phase.DONE:
            return None
        seat = d.seat_to_move()
        player = self._players[seat]
        return seat if player is not None and player.bot is not None else None

    def _turn(self, seat: Seat) -> Turn:
        """Under the lock, ``seat``'s bot being due: its turn (the seat's view, the
        decision's seed: :func:`~.bots_runner.decision_seed`)."""
        deal, player = self._game.current, self._players[seat]
        assert deal is not None and player is not None and player.bot is not None
        seed = decision_seed(self._game.seed, len(self._game.deals), seat, action_count(deal))
        return Turn(player.bot, seat, deal.view(seat), seed)

    def _flush(self) -> None:
        """Deliver the queued events in order; one thread at a time delivers (another's
        events are delivered by the thread already delivering)."""
        while True:
            if not self._flushing.acquire(blocking=False):
                return
            try:
                while True:
                    with self._lock:
                        if not self._pending:
                            break
                        event = self._pending.popleft()
                        subscribers = list(self._subscribers)
                    try:
                        for callback in subscribers:
                            _deliver(callback, event)
                    finally:
                        with self._lock:
                            self._undelivered -= 1
                            self._lock.notify_all()
            finally:
                self._flushing.release()
            with self._lock:
                if not self._pending:
                    return


class _BotSide:
    """A table as its :class:`~.bots_runner.BotRunner` sees it (a
    :class:`~.bots_runner.BotHost`)."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self.lock = table._lock
        self.bot_to_move, self.turn = table._bot_to_move, table._turn
        self.play, self.queue, self.flush = table._apply, table._queue, table._flush

    @property
    def closed(self) -> bool:
        return self._table._closed

    @property
    def version(self) -> int:
        return self._table._version

    def journal_error(self) -> BaseException | None:
        return self._table._journal_error


def _deliver(callback: Subscriber, event: Event) -> None:
    """``callback(event)``; its exception is logged (``belote.table.table``), so that the
    other subscribers still get the event and the thread delivering it goes on."""
    try:
        callback(event)
    except Exception:
        log.exception("a table subscriber raised on %s", type(event).__name__)


def _pair(values: Sequence[int]) -> tuple[int, int]:
    return values[0], values[1]


__all__ = ["TABLE_TIME_LIMIT_MS", "CallLater", "Cancellable", "Journal", "Player", "PlayerKind",
           "Subscriber", "Table", "decision_seed", "table_bots"]
