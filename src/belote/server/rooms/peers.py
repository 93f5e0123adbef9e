"""Several server processes on one PostgreSQL database (:mod:`belote.server.fanout`), as a
room sees them: who runs a table, catching up with the actions the others logged, re-reading
what the others changed.

Each process holds its own Room of a table; the holder of the table's advisory lock
(``owner``) runs its bots and takeover clocks, the others' tables have remote seats only. Any
process judges and logs the actions of the people connected to it (the log's primary key
makes one writer win a seq; the loser rebuilds from the log: :meth:`PeerSync.resync`); each
replays the rows the others wrote (:meth:`PeerSync.catch_up`) and re-reads the seats and
status another changed (:meth:`PeerSync.reload`); ``elsewhere`` are the seats connected to
another process (:meth:`PeerSync.sync_presence`).
"""

from __future__ import annotations

import functools
import logging
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ...engine.errors import BeloteError
from ...engine.game import Game
from ...engine.rules import Rules
from ...table import Table
from ...table.session import SeatKind, TableStatus
from ..store import RoomData, SeatData, SqlStore
from . import wire
from .lobby import seated_players, session_seat
from .parts import Peers

if TYPE_CHECKING:
    from ...table.session import Session
    from .journal import Journal

log = logging.getLogger("belote.server.rooms")


def _holder(seat: SeatData) -> tuple[str, str, str | None, str | None]:
    """Who holds a seat (who is connected is not read from the database: see
    :meth:`PeerSync.sync_presence`)."""
    return seat.kind, seat.name, seat.bot_level, seat.token_hash


class SyncHost(Protocol):
    """What a :class:`PeerSync` asks of its room (under the room's lock where it says so)."""

    @property
    def table(self) -> Table | None:
        """The room's table (None: the room does not play)."""

    @property
    def peers(self) -> Peers | None:
        """The other processes (None: one process)."""

    def rebuild(self, game: Game) -> None:
        """Under the lock: play on from ``game`` (the table closed, a new one started when
        the room plays)."""

    def started(self) -> None:
        """Under the lock: the session started; the room starts its table."""

    def stopped(self, close_table: bool) -> None:
        """Under the lock: the session ended; the room stops its table if ``close_table``."""

    def broadcast(self, event: wire.WireModel) -> None:
        """Tell every connection of ``event``."""


@dataclass(frozen=True)
class Reloaded:
    """What :meth:`PeerSync.reload` found another process changed, for its room to tell its
    connections and act on: the ``seats`` whose holder changed, ``ended`` (the table was
    ended there), ``full`` (a person took the last open seat there: the table may start by
    itself, as a join here makes it)."""

    seats: tuple[int, ...] = ()
    ended: bool = False
    full: bool = False


class PeerSync:
    """How a room (:class:`SyncHost`) follows the other processes: its stored ``data``
    (``rules`` its game's) and log (``journal``: the rows caught up noted in its
    ``clients``) in ``store``, its ``session``, under the room's ``lock``."""

    def __init__(self, host: SyncHost, data: RoomData, rules: Rules, store: SqlStore,
                 journal: Journal, session: Session, lock: threading.RLock) -> None:
        self.host, self.data, self.rules, self.store = host, data, rules, store
        self.journal, self.session, self.lock = journal, session, lock

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def logged(self) -> int:
        """The seq of the last action of the log this room's game holds."""
        return self.journal.logged

    def catch_up(self) -> None:
        """Apply the actions other processes logged after :attr:`logged`, in order, through
        the table (:meth:`Table.replay <belote.table.Table.replay>`: the journal records
        them without writing), so that this process's connections hear their events and
        views exactly as the writer's do; the writer acks them. Rebuilds the room first
        when it lost a race for a seq (:meth:`resync`). A row the engine refuses (a log
        this game cannot follow) is logged and stops the catching up."""
        journal = self.journal
        with self.lock:
            if journal.stale:
                self.resync()
                return
            table = self.host.table
            if table is None or journal.broken:
                return
            for seq, seat, action, client_seq in self.store.actions_after(self.id,
                                                                           journal.logged):
                journal.clients.note(seat, client_seq)
                journal.acting.replay = seq
                try:
                    table.replay(seat, action, skip=functools.partial(journal.holds, seq))
                except (BeloteError, ValueError):
                    if not journal.stale:
                        log.exception("table %s: log row %d cannot be replayed", self.id, seq)
                    break
                finally:
                    journal.acting.replay = None
            stale = journal.stale
        if stale:
            self.resync()

    def resync(self) -> Table | None:
        """The room lost a race for a seq (another process logged it first; the game holds
        an action the log does not): rebuild the game from the log up to :attr:`logged`
        (what every connection heard), start a new table, then :meth:`catch_up` the rest.
        Returns the table (None: the room does not play). Nothing when not stale."""
        with self.lock:
            if self.journal.stale:
                data = self.store.room(self.id)
                game = Game(self.rules, seed=self.data.seed)
                for seq, seat, action, _client_seq in data.actions if data else []:
                    if seq > self.journal.logged:
                        break
                    game.play(action, seat)
                log.info("table %s: another process logged action %d first; rebuilt from "
                         "the log", self.id, self.journal.logged + 1)
                self.journal.stale = False
                self.session.stop_clocks()
                self.host.rebuild(game)
        self.catch_up()
        with self.lock:
            return self.host.table

    def reload(self) -> Reloaded | None:
        """Another process changed the room's status, seats or connections: read them again
        (None: the room is not stored); a room that started there starts its table here
        (``started``), one ended there stops (``stopped``), and who is connected elsewhere
        is read (:meth:`sync_presence`). Returns the rest for the room to act on
        (:class:`Reloaded`: :meth:`Room.reload <belote.server.rooms.Room.reload>`)."""
        state = self.store.room_state(self.id)
        if state is None:
            return None
        status, ended, seats = state
        with self.lock:
            changed = [s.seat for s, old in zip(seats, self.data.seats, strict=True)
                       if _holder(s) != _holder(old)]
            self.data.seats = seats
            # (a waiting session has no table: started only once, never back to waiting)
            synced = self.session.sync_from([session_seat(s) for s in seats],
                                            TableStatus(status), ended)
            if synced.started:
                self.host.started()
            elif synced.stopped:
                self.host.stopped(close_table=self.session.ended)
            found = Reloaded(tuple(changed), synced.stopped and self.session.ended,
                             synced.full)
        peers = self.host.peers
        if peers is not None:
            self.sync_presence(peers.elsewhere(self.id))
        return found

    def sync_presence(self, elsewhere: set[int]) -> None:
        """``elsewhere``: the seats another process holds a connection of now
        (:meth:`Session.sync_elsewhere <belote.table.session.Session.sync_elsewhere>`: the
        process that runs the table stops the takeover clock of a person connected
        elsewhere, and starts it for one gone from everywhere); the connections are told of
        each seat that changed."""
        with self.lock:
            changed = self.session.sync_elsewhere(elsewhere)
        for seat in sorted(changed):
            self.host.broadcast(wire.SeatEvent(seat=seat))

    def become_owner(self) -> None:
        """This process runs the table from now on (its former runner ended): its bots
        take their seats, the absent people's clocks start."""
        with self.lock:
            if self.session.runs_clocks:
                return
            self.session.runs_clocks = True
            log.info("table %s: this process runs it now", self.id)
            table = self.host.table
            if table is not None and self.session.status == TableStatus.PLAYING:
                table.store = self.store
                players = seated_players(self.session.seats, self.data.seed)
                for s in self.session.seats:
                    if s.kind == SeatKind.BOT:
                        table.join(s.seat, players[s.seat])
                self.session.run_clocks()


__all__ = ["PeerSync", "Peers", "Reloaded", "SyncHost"]
