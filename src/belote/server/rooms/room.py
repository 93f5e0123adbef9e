"""One room: the glue of a :class:`~belote.table.Table` (the game), a
:class:`~belote.table.session.Session` (the seats, the start and end, presence and takeover),
the room's :class:`~.journal.Journal` (the action log) and its connections.

While the room waits, people join open seats; once started, people play through
:meth:`Room.act` as :meth:`~belote.table.Player.remote` seats and bots on the server's bot
pools (:mod:`belote.server.workers`), a ``bot_delay`` at least a decision (no thread asleep).

Locks. The room's lock (:attr:`Room.lock`, which the session's clock callback takes too) may
be held while calling the table (which takes the table's lock); the journal runs under the
table's lock, so it takes only its own lock (innermost), never the room's.

What a connection hears (:meth:`Room.snapshot`, the events): the event's wire model
(:func:`~belote.server.protocol.wire_event`, never the deal itself), the seat's own view
(``Table.view(seat)``), or for a spectator the deal's public view (:meth:`Deal.public_view
<belote.engine.deal.Deal.public_view>`: no hand at all); every message is written by
:mod:`.wire`. The seed stays in the database until the table is over.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from ...engine.actions import parse_record_action
from ...engine.errors import BeloteError
from ...engine.game import Game
from ...engine.rules import Rules
from ...engine.views import SeatView
from ...table import Player, Table
from ...table import events as ev
from ...table.match import derive_seed
from ...table.session import SeatKind, Session, TableStatus
from .. import spans
from ..clock import CLOCK
from ..errors import ServerError
from ..protocol import SeatInfo, TableInfo, wire_event
from ..store import RoomData, SqlStore
from ..workers import WORKERS
from . import wire
from .journal import LOG_CONFLICT, Journal, storage_failed
from .lobby import Lobby, Seated, seated_players, session_seat
from .parts import Connection, Peers, Settings
from .peers import PeerSync
from .views import Views

log = logging.getLogger("belote.server.rooms")

#: the bot that plays for an absent person
TAKEOVER_BOT = "heuristic"

def _nothing() -> None:
    """No subscription yet."""


class Room:
    """One table (see the module docstring). Build with :meth:`Rooms.create
    <belote.server.rooms.Rooms.create>` or from the store; every method may be called from
    any thread. Its jobs are parts it holds: :attr:`lobby` (seating, start and end),
    :attr:`journal` (the action log), :attr:`sync` (the other processes), :attr:`views` (what
    each connection sees); the room is their host (:class:`~.lobby.LobbyHost`,
    :class:`~.peers.SyncHost`, :class:`~.views.ViewHost`). The lobby returns what it did
    (a start, an end, a seat taken), which the room acts on: its table, its connections."""

    def __init__(self, data: RoomData, store: SqlStore, settings: Settings) -> None:
        self.data, self.store, self.settings = data, store, settings
        self.rules = Rules.preset(self.data.preset, **self.data.options)
        self.game = Game(self.rules, seed=self.data.seed)
        self.table: Table | None = None
        #: drops this room's subscription to its table
        self.unsubscribe: Callable[[], None] = _nothing
        for _seq, seat, action, _client_seq in self.data.actions:
            self.game.play(action, seat)
        self.lock = threading.RLock()
        self.journal = Journal(store, data.id, len(self.data.actions), self.touch,
                               rows=self.data.actions)
        self.session = Session([session_seat(s) for s in data.seats], CLOCK,
                               takeover_after=settings.takeover_after,
                               creator=data.creator_seat, table_id=data.id,
                               status=TableStatus(data.status), ended=data.ended,
                               take_over=self._take_over, hand_back=self._hand_back,
                               lock=self.lock)
        self.lobby = Lobby(self, data, store, self.session, self.lock, settings)
        self.sync = PeerSync(self, data, self.rules, store, self.journal, self.session,
                             self.lock)
        self._conns: dict[int, Connection] = {}
        self._spectators: set[Connection] = set()
        #: what each connection sees (:mod:`.views`)
        self.views = Views(self, self.journal)
        #: set by :class:`Rooms`: called with this room when it is found broken (an action
        #: arrives), to rebuild it from the log (:meth:`Rooms.recover`)
        self.on_broken: Callable[[Room], object] | None = None
        #: replaced by a room rebuilt from the log: nothing is done here any more
        self.retired = False
        #: set by :class:`Rooms`: called with this room when it may be over and unwatched
        #: (game or table ended, last connection closed): :meth:`Rooms.drop`
        self.on_done: Callable[[Room], object] | None = None
        #: set by :class:`Rooms`: the other processes (None: one process)
        self.peers: Peers | None = None
        #: UNIX seconds of the last activity (the registry's module docstring)
        self.active = self.data.active if self.data.active is not None else time.time()
        #: set by :class:`Rooms` (its ``observers``): called with this room and each event
        #: once the connections are told, not under the room's lock (on the table's
        #: delivering thread: it must return at once; what it raises is logged)
        self.observers: list[Callable[[Room, ev.Event], object]] = []

    # -- reading ----------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.data.id

    @property
    def status(self) -> TableStatus:
        return self.session.status

    @property
    def broken(self) -> bool:
        """The log could not be written: the table stopped (rebuilt from the log once the
        store answers again: :meth:`Rooms.recover`)."""
        return self.journal.broken

    @broken.setter
    def broken(self, value: bool) -> None:
        self.journal.broken = value

    @property
    def log_seq(self) -> int:
        """The actions logged that every connection has heard of."""
        return self.journal.log_seq

    @property
    def owner(self) -> bool:
        """Several processes (``peers``): whether this one runs the table's bots and clocks
        (the others replay its log: :meth:`catch_up`)."""
        return self.session.runs_clocks

    @owner.setter
    def owner(self, value: bool) -> None:
        self.session.runs_clocks = value

    @property
    def elsewhere(self) -> set[int]:
        """The seats connected to another process."""
        return self.session.elsewhere

    def touch(self) -> None:
        self.active = time.time()

    def _mirror(self) -> None:
        """The session's status as the stored room's (``data``, read by others)."""
        self.data.status = self.session.status
        self.data.ended = self.session.ended

    def watched(self) -> bool:
        """Whether this process holds a connection of the room (a seat's or a
        spectator's)."""
        with self.lock:
            return bool(self._conns or self._spectators)

    def done(self) -> None:
        """Not under the lock: tell :class:`Rooms` that the room may be over and unwatched
        (it is dropped from memory then)."""
        if self.on_done is not None and self.status == TableStatus.OVER:
            self.on_done(self)

    # -- the parts' host (LobbyHost, SyncHost) ------------------------------------------------
    def refresh(self) -> bool:
        if self.peers is None:
            return False
        self.reload()
        return True

    def reload(self) -> None:
        """Read again what another process changed (:meth:`PeerSync.reload`), then tell
        every connection of it; a table full there starts here (as a join here does)."""
        found = self.sync.reload()
        if found is None:
            return
        for seat in found.seats:
            self.broadcast(wire.SeatEvent(seat=seat))
        if found.ended:
            self.broadcast(wire.TABLE_ENDED)
        if found.full:
            self.start_by_itself()
        self.done()

    def started(self) -> None:
        """Under the lock: the session started (the lobby's or another process's start);
        the table starts."""
        self._mirror()
        self._start_table()

    def stopped(self, close_table: bool) -> None:
        """Under the lock: the session ended; the table closes if ``close_table``."""
        self._mirror()
        if close_table and self.table is not None:
            self.table.close()

    def rebuild(self, game: Game) -> None:
        if self.table is not None:
            self.table.close()
        self.game, self.table = game, None
        if self.session.status == TableStatus.PLAYING:
            self._start_table()

    # -- the lobby's requests: what it did, acted on here ------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        return self.lobby.seat_of(token)

    def admit(self, token: str | None) -> int | None:
        with self.lock:
            watching = len(self._spectators)
        return self.lobby.admit(token, watching)

    def start(self, token: str | None) -> None:
        """The creator starts the table. Raises ``server.not_creator``, ``server.open_seats``
        (409) while a seat is open; a table already playing is left as it is."""
        self.lobby.check_creator(token)
        self.start_by_itself(strict=True)

    def start_by_itself(self, strict: bool = False) -> None:
        """Start the table once no seat is open (:meth:`Lobby.start_by_itself`)."""
        with self.lock:
            if self.lobby.start_by_itself(strict):
                self.started()

    def end(self, token: str | None) -> None:
        """The creator ends the table (status ``over``, ``ended``; its seed is revealed)."""
        self.lobby.check_creator(token)
        with self.lock:
            if self.session.status == TableStatus.OVER or not self.lobby.stop():
                return
            self.stopped(close_table=True)
        self.broadcast(wire.TABLE_ENDED)
        self.done()

    def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """:meth:`Lobby.join`: the seat taken is told, and a table whose seats are then all
        taken starts by itself. Returns the seat and its new token."""
        seated = self._seated(self.lobby.join(name, seat))
        self.start_by_itself()
        assert seated.token is not None
        return seated.seat, seated.token

    def seat_bot(self, token: str | None, seat: int, level: str) -> None:
        self._seated(self.lobby.seat_bot(token, seat, level))

    def _seated(self, seated: Seated) -> Seated:
        """A seat the lobby gave: the room is active, every connection told."""
        self.touch()
        self.broadcast(wire.SeatEvent(seat=seated.seat))
        return seated

    def close_if_idle(self, keep_idle: float, now: float | None = None) -> bool:
        """Close the room (status ``over``, ``ended``, as :meth:`end` does) when it is
        waiting or playing, has no connection and saw no activity for ``keep_idle`` seconds
        up to ``now`` (UNIX seconds; default: now). Returns whether it closed it."""
        now = time.time() if now is None else now
        with self.lock:
            if self.status == TableStatus.OVER or self._conns or self._spectators or \
                    now - self.active < keep_idle:
                return False
            if self.lobby.stop():
                self.stopped(close_table=True)
        log.info("table %s: idle for %.0f s, closed", self.id, now - self.active)
        self.done()
        return True

    def seat_infos(self) -> list[SeatInfo]:
        return [SeatInfo(**d) for d in self._seat_dicts()]

    def _seat_dicts(self) -> list[dict[str, Any]]:
        with self.lock:
            return [wire.seat_fields(s, self.session.presence(s.seat))
                    for s in self.session.seats]

    def scores(self) -> list[int]:
        """The scores (an action the log refused is never applied: the table judges an
        action, logs it, then applies it)."""
        return list(self.game.scores)

    def info(self, seat: int | None = None) -> TableInfo:
        """The table's public facts (the invite code for a seated player, the seed once
        over). Raises ``server.storage_failed`` (503) while the room is broken (its log
        could not be written: what the table is, is not known until it is rebuilt from the
        log, :meth:`Rooms.recover`)."""
        if self.broken:
            raise storage_failed()
        over = self.status == TableStatus.OVER
        seated = seat is not None
        return TableInfo(
            table=self.id, status=self.status,
            preset=self.data.preset, options=self.data.options,
            commitment=self.data.commitment, seed=str(self.data.seed) if over else None,
            creator_seat=self.session.creator, code=self.data.code if seated else None,
            invite=self.data.settings.get("invite") if seated else None,
            deals_played=len(self.game.deals), ended=self.session.ended)

    def view_json(self, seat: int | None) -> tuple[int, dict[str, Any] | None]:
        """The view a connection of ``seat`` (None: a spectator) may see now, and the index
        of the deal it shows (in the game's deals, every deal counted: the events'
        ``deal_index``); the view is None while the table waits and once the game is
        over."""
        index, view = self.views.of(seat)
        return index, None if view is None else view.to_json()

    def playing_view(self, seat: int) -> SeatView | None:
        """``seat``'s view of the deal in play (None between deals). Raises
        ``server.not_playing`` (409) unless the table plays."""
        with self.lock:
            if self.status != TableStatus.PLAYING or self.table is None:
                raise self._not_playing()
            return self.table.view(seat)

    def _not_playing(self) -> ServerError:
        return ServerError("the table is not playing", code="server.not_playing",
                           status=409, params={"status": str(self.status)})

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        with self.lock:
            deal_index, view = self.view_json(seat)
            return wire.snapshot(seat=seat, view=view, view_deal=deal_index,
                                 table=self.info(seat), seats=self.seat_infos(),
                                 scores=self.scores(),
                                 last_seq=self.journal.clients.last(seat),
                                 held=self.game.held)

    def record(self) -> dict[str, Any]:
        """The ``belote-game/1`` record (:func:`~belote.engine.record.codec.game_to_record`):
        once the game is over, the whole game with its ``seed``; before, its finished deals
        only (they do not change while bots play on), with ``seed`` null until the table is
        over (ended). Only what the log holds: an action the log refused is never applied
        to the game. Then ``commitment``, and ``players``: ``[{"seat", "name", "kind"}]``,
        who sat where (a bot named by its level, an open seat ``""``; docs/records.md)."""
        with self.lock:
            over = self.game.is_over() or self.status == TableStatus.OVER
            return wire.record(self.game, over, self.data.commitment, self.session.seats,
                               self.session.ended)

    # -- connections ------------------------------------------------------------------------
    def attach(self, conn: Connection) -> None:
        """Add a connection; its first message is the snapshot (once the log failed:
        ``server.storage_failed``, then the end; a spectator over ``max_spectators``:
        ``server.too_many_spectators``, then the end). A second connection of the same seat
        replaces the first (told ``server.replaced``, then closed); a person back from an
        absence takes the seat back from the bot (:meth:`Session.connect`)."""
        seat = conn.seat
        with self.lock:
            if self.broken:  # its game may hold an action the log lacks: no view of it
                conn.send(wire.error("server.storage_failed", "the table's storage failed",
                                     conn.lang))
                conn.close()
                return
            old = None
            if seat is None:
                if len(self._spectators) >= self.settings.max_spectators:  # since admit()
                    error = self.lobby.too_many_spectators()
                    conn.send(wire.error(error.code, str(error), conn.lang,
                                         **dict(error.params)))
                    conn.close()
                    return
                self._spectators.add(conn)
            else:
                # the seat as it is after his return, in his snapshot: the bot playing for
                # him gives it back first (its seat event goes to the others only)
                self.session.connect(seat)
                old = self._conns.get(seat)
                self._conns[seat] = conn
                if old is None:
                    self._present(seat, True)
            conn.send(self.snapshot(seat))
            self.active = time.time()
        if old is not None:
            old.send(wire.error("server.replaced", "this seat was opened elsewhere", old.lang))
            old.close()
        if seat is not None:
            self.store.set_connected(self.id, seat, True)
            self.broadcast(wire.SeatEvent(seat=seat))

    def detach(self, conn: Connection) -> None:
        """Remove a connection; a person's seat turns ``away`` (a bot plays it after
        ``takeover_after`` seconds while the table plays). The last connection of a room
        over lets it be dropped from memory (:meth:`Rooms.drop`)."""
        seat = conn.seat
        with self.lock:
            self.active = time.time()
            if seat is None:
                self._spectators.discard(conn)
            elif self._conns.get(seat) is not conn:
                return  # replaced by a newer connection
            else:
                del self._conns[seat]
                self._present(seat, False)
                self.session.disconnect(seat)
        if seat is not None:
            if not self.broken:  # a hint: a broken room writes nothing more
                self.store.set_connected(self.id, seat, False)
            self.broadcast(wire.SeatEvent(seat=seat))
        self.done()

    def _take_over(self, seat: int) -> None:
        """The session's ``take_over`` (under the lock): a bot plays for ``seat``'s absent
        person, its decisions seeded by the table (``decision_seed``), as every bot's."""
        if self.table is None:
            return
        bot = WORKERS.bot(TAKEOVER_BOT, derive_seed("takeover", self.data.seed, seat), None)
        log.info("table %s: a bot plays for seat %d", self.id, seat)
        self.table.join(seat, Player.of_bot(bot, self.session.seats[seat].name))

    def _hand_back(self, seat: int) -> None:
        """The session's ``hand_back`` (under the lock): the seat waits for its person."""
        if self.table is not None:
            log.info("table %s: seat %d is back with its person", self.id, seat)
            self.table.join(seat, Player.remote(self.session.seats[seat].name))

    def broadcast(self, event: wire.WireModel) -> None:
        """Send ``event`` with each connection's own view to every connection (nothing once
        the log failed: the game may hold an action the log lacks), written by :mod:`.wire`
        once but for its view, each view written once per state of the game
        (:meth:`Views.text <.views.Views.text>`: the events of one action and every spectator
        share it)."""
        with self.lock:
            if self.broken:
                return
            conns = self._connections()
            head = wire.event_head(event)
            tail = wire.event_tail(self._seat_dicts(), self.scores(), self.status,
                                   self.log_seq, self.game.held)
            seats = len({c.seat for c in conns if c.seat is not None})  # views to write
            for conn in conns:
                deal_index, view = self.views.text(conn.seat, together=seats > 1)
                conn.send_json(wire.event_text(head, view, deal_index, tail))

    def send_to(self, seat: int, message: dict[str, Any]) -> None:
        with self.lock:
            conn = self._conns.get(seat)
        if conn is not None:
            conn.send(message)

    # -- the game ---------------------------------------------------------------------------
    def _start_table(self) -> None:
        """Under the lock: the table, subscribed and started (bots on the server's pools;
        in a process that does not run it, every seat remote, only the log saved)."""
        levels = [s.bot or "heuristic" for s in self.session.seats if s.kind == SeatKind.BOT]
        players = seated_players(self.session.seats, self.data.seed) if self.owner else \
            [Player.remote(s.name) for s in self.session.seats]
        table = Table(self.game, players, store=self.store if self.owner else None,
                      game_id=self.id,
                      settings={"room": self.id}, bot_delay=self.settings.bot_delay,
                      journal=self.journal.write, executor=WORKERS.executor_for(levels),
                      call_later=CLOCK.call_later)
        self.unsubscribe = table.subscribe(self._on_event)
        self.table = table
        self.session.wake()
        table.start()

    def resume(self) -> None:
        """The table of a playing room read from the store, started unless it is already."""
        with self.lock:
            if self.status == TableStatus.PLAYING and self.table is None:
                self._start_table()

    def act(self, seat: int, action: str, client_seq: int) -> bool:
        """``seat``'s action numbered ``client_seq`` by its client. False for a number seen
        here or logged by another process (:meth:`Journal.logged_after`): nothing applied,
        the caller answers ``duplicate``. Raises ``server.not_playing`` (409),
        ``server.storage_failed`` (503: the log failed; the table stops), or the table's
        refusal (``WrongTurn``, ``IllegalAction``, ``ActionError``, ``action.not_record_text``)."""
        spans.mark("thread")
        with self.lock:
            if not self.journal.clients.claim(seat, client_seq):
                return False
            broken, before = self.broken, self.journal.logged  # the log this number met
        parsed = parse_record_action(action)  # the record text only, as view.legal has it
        if broken:  # the room is rebuilt from the log if the store answers again; this
            # connection (of the old room) is then closed: its client reconnects
            if self.on_broken is not None:
                self.on_broken(self)
            raise storage_failed()
        with self.lock:
            if self.status != TableStatus.PLAYING or self.table is None:
                raise self._not_playing()
            table = self.table
        # not under the room's lock: the others' messages do not wait for this log write
        for attempt in range(2):
            self.journal.acting.pending = (seat, client_seq)
            try:
                table.act(seat, parsed)  # parsed once: the table judges the action itself
                spans.mark("acted")
                return True
            except BeloteError as e:  # refused: this very action, caught up from the other
                if e.code != LOG_CONFLICT or attempt:  # process meanwhile, is a duplicate
                    if self.journal.logged_after(before, seat, action, client_seq):
                        return False
                    raise
            finally:
                self.journal.acting.pending = None
            resynced = self.sync.resync()  # another process logged that seq first: judge again
            if self.journal.logged_after(before, seat, action, client_seq, reread=True):
                return False  # this very action, sent through both: a duplicate, as here
            if resynced is None:
                raise self._not_playing()
            table = resynced
        return True

    def _on_event(self, event: ev.Event) -> None:
        """The table's callback (its delivering thread): tell every connection of an event
        (an action's is logged already: :meth:`Journal.write`), then ack a person's action
        to its seat; the game's end marks the room over (dropped from memory once
        unwatched: :meth:`Rooms.drop`); a failed log breaks the room."""
        with self.lock:
            if isinstance(event, ev.JournalFailed):
                if event.code != LOG_CONFLICT:  # a conflict: the room is rebuilt (sync.resync)
                    self._break()
                return
            if self.broken:
                return
            ack = None
            if isinstance(event, ev.ActionApplied):
                client_seq = self.journal.heard(event)
                if client_seq is not None:
                    ack = wire.ack(client_seq)
            elif isinstance(event, ev.BotFailed | ev.SaveFailed):
                log.error("table %s: %r", self.id, event)  # the seat waits (a bug to report)
            elif isinstance(event, ev.GameEnded):
                self.store.set_status(self.id, TableStatus.OVER)
                self.session.finish()
                self._mirror()
            model = wire_event(event)
            if model is not None:
                self.broadcast(model)
            if ack is not None and isinstance(event, ev.ActionApplied):
                self.send_to(event.seat, ack)
        for observer in self.observers:
            try:
                observer(self, event)
            except Exception:
                log.exception("table %s: an observer of its events failed", self.id)
        if isinstance(event, ev.GameEnded):
            self.done()

    def _break(self) -> None:
        """Under the lock: the log failed; stop the table, tell every connection."""
        log.error("table %s: the action log failed; the table stops", self.id)
        self.broken = True
        self.session.halt()  # no bot takes a seat of the closed table (table.closed)
        if self.table is not None:
            self.table.close()
        for conn in self._connections():
            conn.send(wire.error("server.storage_failed", "the table's storage failed",
                                 conn.lang))

    def retire(self) -> None:
        """This broken room was rebuilt from the log as a new room (:meth:`Rooms.recover`):
        stop it for good and close its connections (each was told
        ``server.storage_failed`` when the log failed), so that their clients connect
        again and get the new room's snapshot."""
        with self.lock:
            self.broken = self.retired = True
        self.close()

    def seats_here(self) -> list[int]:
        """The seats this process holds a connection of."""
        with self.lock:
            return sorted(self._conns)

    def _present(self, seat: int, here: bool) -> None:
        """Under the lock: tell the peers that this process holds a connection of ``seat``
        (``here``) or none any more; a failure is logged (it only makes the others see the
        person away)."""
        if self.peers is None:
            return
        try:
            if here:
                self.peers.hold(self.id, seat)
            else:
                self.peers.release(self.id, seat)
        except Exception:
            log.exception("table %s: the other processes cannot be told of seat %d",
                          self.id, seat)

    def _connections(self) -> list[Connection]:
        """Under the lock: every connection, the seats' then the spectators'."""
        return [*self._conns.values(), *self._spectators]

    def close(self) -> None:
        """Stop the bots and the clocks (the server stops; the room stays in the store)."""
        with self.lock:
            self.session.stop_clocks()
            if self.table is not None:
                self.table.close()
            conns = self._connections()
        for conn in conns:
            conn.close()


__all__ = ["TAKEOVER_BOT", "Connection", "Room", "Settings", "session_seat"]
