"""Several ``belote serve`` processes on one PostgreSQL database (issue 17 item 11;
docs/deploy.md, "Several processes").

The action log is the state; this module only tells each process when the log or a room
changed, and which process runs which table.

* **Notifications.** Every write of the store notifies, in its own transaction,
  ``pg_notify('belote_tables', '<room id>:<seq>')`` for an action logged and
  ``'<room id>:room'`` for a room's status, seats or connections
  (:meth:`SqlStore.notify <belote.server.store.SqlStore.notify>`; ids only). A
  :class:`Fanout` ``LISTEN`` s on one dedicated connection, on its own thread, and for each
  room it holds in memory calls :meth:`Room.catch_up <belote.server.rooms.Room.catch_up>`
  (the new log rows replayed on its copy of the game: its connections get their events and
  views) or :meth:`Room.reload <belote.server.rooms.Room.reload>`.
* **Who runs a table** (its bots, its takeover clocks): the process that holds the session
  advisory lock ``pg_try_advisory_lock(hashtextextended('belote-table:<id>', 0))`` on its
  second dedicated connection (:meth:`own`). The creating process takes it; a process that
  restores or loads a table nobody holds takes it; every :data:`TICK` seconds the listener
  thread tries the tables it holds without running them and the waiting or playing tables
  nobody holds (their runner's session ended: it died), and runs those it gets
  (:meth:`Room.become_owner <belote.server.rooms.Room.become_owner>`).
* **Who is connected**: a process that holds a connection of a seat holds the shared
  advisory lock ``'belote-seat:<id>:<seat>'`` (:meth:`hold`); another process reads it with an
  exclusive try-lock in a transaction released at once (:meth:`elsewhere`). A process that
  dies loses its locks with its session: its connections count no more.

Every lock lives on one connection of this process (``_locks``), used under a Python lock;
the listener's connection only listens. A database connection lost is retried every
:data:`TICK` seconds; once it is back, its locks are taken again and every room held catches
up (notifications sent meanwhile are not kept by PostgreSQL).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
from typing import Any

import psycopg

from .protocol import RoomStatus
from .rooms import Room, Rooms
from .store import CHANNEL, ROOM_CHANGED, SqlStore

log = logging.getLogger(__name__)

#: seconds between two looks for tables nobody runs (and for connections gone with a process)
TICK = 1.0
#: the prefix of a table's advisory-lock key (the process holding it runs the table)
TABLE_KEY = "belote-table:"
#: the prefix of a seat's advisory-lock key (held shared by each process with a connection)
SEAT_KEY = "belote-seat:"

_TRY_TABLE = "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))"
_UNLOCK_TABLE = "SELECT pg_advisory_unlock(hashtextextended(%s, 0))"
_HOLD_SEAT = "SELECT pg_advisory_lock_shared(hashtextextended(%s, 0))"
_RELEASE_SEAT = "SELECT pg_advisory_unlock_shared(hashtextextended(%s, 0))"
_SEATS_FREE = ("SELECT n, pg_try_advisory_xact_lock(hashtextextended(k, 0)) "
               "FROM unnest(%s::text[]) WITH ORDINALITY AS t(k, n)")
# the open tables not held here whose lock is free (taken by this query): MATERIALIZED so that
# the lock is tried on those rows only
_ORPHANS = ("WITH c AS MATERIALIZED (SELECT id FROM rooms WHERE status IN ('waiting', "
            "'playing') AND NOT (id = ANY(%s))) SELECT id FROM c "
            f"WHERE pg_try_advisory_lock(hashtextextended('{TABLE_KEY}' || id, 0))")


def conninfo(store: SqlStore) -> str:
    """The libpq URL of the store's PostgreSQL database (its password included: never
    logged)."""
    return store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


def seat_key(room_id: str, seat: int) -> str:
    return f"{SEAT_KEY}{room_id}:{seat}"


def _broken(conn: psycopg.Connection[Any]) -> bool:
    return bool(conn.closed or conn.broken)


class Fanout:
    """The :class:`~belote.server.rooms.Peers` of one process over PostgreSQL (the module
    docstring): ``Rooms(store, settings, peers=fanout)``, then :meth:`start` (before
    ``Rooms.restore``: it takes the tables it restores), :meth:`close` at the end (its
    locks released: another process takes its tables). Raises ``psycopg.Error`` when the
    database cannot be reached."""

    def __init__(self, store: SqlStore, tick: float = TICK) -> None:
        self.store = store
        self.tick = tick
        self.rooms: Rooms | None = None
        self._url = conninfo(store)
        #: this process, in the name of its database sessions (``pg_stat_activity``)
        self.name = f"belote-{secrets.token_hex(4)}"
        self._locks = self._connect("locks")
        self._listener = self._connect("listen")
        self._lock = threading.Lock()
        self._owned: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _connect(self, role: str) -> psycopg.Connection[Any]:
        conn = psycopg.connect(self._url, autocommit=True,
                               application_name=f"{self.name}-{role}")
        if role == "listen":
            conn.execute(f"LISTEN {CHANNEL}")
        return conn

    # -- Peers ------------------------------------------------------------------------------
    def own(self, room_id: str) -> bool:
        """Whether this process runs ``room_id``, taking its lock when it is free."""
        with self._lock:
            if room_id in self._owned:
                return True
            row = self._locks.execute(_TRY_TABLE, (TABLE_KEY + room_id,)).fetchone()
            if row is not None and row[0]:
                self._owned.add(room_id)
                return True
            return False

    def disown(self, room_id: str) -> None:
        """Let go of the lock of ``room_id`` (over, dropped from memory): a session holds
        each lock in PostgreSQL's shared lock table, which finished tables would fill."""
        with self._lock:
            if room_id in self._owned:
                self._owned.discard(room_id)
                self._locks.execute(_UNLOCK_TABLE, (TABLE_KEY + room_id,))

    def hold(self, room_id: str, seat: int) -> None:
        with self._lock:
            self._locks.execute(_HOLD_SEAT, (seat_key(room_id, seat),))

    def release(self, room_id: str, seat: int) -> None:
        with self._lock:
            self._locks.execute(_RELEASE_SEAT, (seat_key(room_id, seat),))

    def elsewhere(self, room_id: str) -> set[int]:
        keys = [seat_key(room_id, seat) for seat in range(4)]
        with self._lock, self._locks.transaction():
            rows = self._locks.execute(_SEATS_FREE, (keys,)).fetchall()
        return {int(n) - 1 for n, free in rows if not free}

    # -- the listener thread ---------------------------------------------------------------
    def start(self, rooms: Rooms) -> None:
        """Listen for ``rooms`` on a daemon thread until :meth:`close`."""
        self.rooms = rooms
        self._thread = threading.Thread(target=self._run, name="belote-fanout", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                for note in self._listener.notifies(timeout=self.tick):
                    self.dispatch(note.payload)
                self.claim()
            except psycopg.Error:
                if self._stop.is_set():
                    return
                log.exception("the database connection of the notifications failed")
                self._reconnect()
            except Exception:  # a bug in one room: logged, the others are still served
                log.exception("a notification could not be handled")

    def _reconnect(self) -> None:
        """Reopen the connections that broke (every :attr:`tick` seconds until both work):
        the locks' one first (its locks were released with its session: taken again,
        :meth:`_relock`), then the listening one, and catch every room held up (what was
        notified meanwhile is lost)."""
        while not self._stop.wait(self.tick):
            try:
                if _broken(self._locks):
                    with self._lock:
                        self._locks = self._connect("locks")
                        self._owned.clear()
                    self._relock()
                if _broken(self._listener):
                    with contextlib.suppress(psycopg.Error):
                        self._listener.close()
                    self._listener = self._connect("listen")
                assert self.rooms is not None
                for room in self.rooms.held_rooms():
                    room.sync.catch_up()
                return
            except psycopg.Error:
                log.warning("the database cannot be reached yet", exc_info=True)

    def _relock(self) -> None:
        """Take again the locks of a new session: each table this process runs (one that
        another process took meanwhile is logged: both run it, the log's primary key keeps it
        single) and each seat it holds a connection of."""
        assert self.rooms is not None
        for room in self.rooms.held_rooms():
            if room.owner and room.status != RoomStatus.OVER and not self.own(room.id):
                log.warning("table %s: another process took it while the database was away",
                            room.id)
            for seat in room.seats_here():
                self.hold(room.id, seat)

    def dispatch(self, payload: str) -> None:
        """Handle one notification ``'<room id>:<seq>'`` or ``'<room id>:room'`` (a room this
        process does not hold is no concern of it; its own notifications find nothing new)."""
        assert self.rooms is not None
        room_id, _, what = payload.rpartition(":")
        room = self.rooms.held(room_id)
        if room is None:
            return
        if what == ROOM_CHANGED:
            room.reload()
        elif what.isdigit() and int(what) > room.journal.logged:
            room.sync.catch_up()

    def claim(self) -> None:
        """Run the tables nobody runs any more: those held here (their runner died) and the
        open tables of the database that no process holds (loaded, then run); look again at
        who is connected where for a room with people connected elsewhere (a process that
        died holds none any more)."""
        assert self.rooms is not None
        held = self.rooms.held_rooms()
        for room in held:
            if not room.owner and room.status != RoomStatus.OVER and self.own(room.id):
                room.sync.become_owner()
            if room.elsewhere:
                room.sync.sync_presence(self.elsewhere(room.id))
        with self._lock:
            ids = [r.id for r in held] + sorted(self._owned)
            orphans = [row[0] for row in self._locks.execute(_ORPHANS, (ids,)).fetchall()]
            self._owned.update(orphans)
        for room_id in orphans:
            log.info("table %s: nobody ran it; this process does now", room_id)
            self._load(room_id)

    def _load(self, room_id: str) -> Room | None:
        assert self.rooms is not None
        try:
            return self.rooms.get(room_id)
        except Exception:
            log.exception("table %s cannot be rebuilt from its log", room_id)
            return None

    def close(self) -> None:
        """Stop listening and end both sessions (every lock of this process released)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(self.tick * 3)
        for conn in (self._listener, self._locks):
            with contextlib.suppress(psycopg.Error):
                conn.close()


__all__ = ["SEAT_KEY", "TABLE_KEY", "TICK", "Fanout", "conninfo", "seat_key"]
