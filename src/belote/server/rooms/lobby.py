"""A room's lobby: who may take a seat, start the table or end it, and the credentials of
its seats (the :class:`~belote.table.session.Session`'s seating rules, with the store's
writes and the server's refusals)."""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...table.session import SeatKind, SessionError, SessionSeat, TableStatus
from ..errors import ServerError, bad_token, not_creator
from ..store import RoomData, SeatData, SqlStore, token_hash
from . import wire
from .credentials import bot_name, check_name, clean_token

if TYPE_CHECKING:
    from ...table import Table
    from ...table.session import Session
    from .parts import Connection, Peers, Settings

log = logging.getLogger("belote.server.rooms")
#: the HTTP status of each refusal of the session (:class:`SessionError`)
_STATUS = {"table.bad_seat": 422}


def session_seat(seat: SeatData) -> SessionSeat:
    """A stored seat as the session holds it (the token's hash its credential)."""
    return SessionSeat(seat.seat, seat.name, SeatKind(seat.kind), seat.bot_level,
                       seat.token_hash)


@contextlib.contextmanager
def _served() -> Iterator[None]:
    """The session's refusals as the server's (:class:`ServerError`, 409 but
    ``table.bad_seat`` 422)."""
    try:
        yield
    except SessionError as e:
        raise ServerError(str(e), code=e.code, status=_STATUS.get(e.code, 409),
                          params=dict(e.params)) from None


class Lobby:
    """The seating part of a :class:`~belote.server.rooms.Room`."""

    if TYPE_CHECKING:
        data: RoomData
        store: SqlStore
        settings: Settings
        table: Table | None
        lock: threading.RLock
        session: Session
        peers: Peers | None
        active: float
        _conns: dict[int, Connection]
        _spectators: set[Connection]

        @property
        def id(self) -> str: ...
        @property
        def status(self) -> TableStatus: ...
        def reload(self) -> None: ...
        def broadcast(self, event: wire.WireModel) -> None: ...
        def _mirror(self) -> None: ...
        def _start_table(self) -> None: ...
        def _done(self) -> None: ...

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token``; raises ``server.bad_token`` for a token that is
        no seat's (None, a spectator, gives None)."""
        if token is None:
            return None
        cleaned = clean_token(token)
        if cleaned is None:
            raise bad_token()
        digest = token_hash(cleaned)
        for attempt in range(2):
            seat = self.session.seat_of(digest)
            if seat is not None:
                return seat
            if self.peers is None or attempt:
                break
            self.reload()  # a join through another process, not heard of yet
        raise bad_token()

    def admit(self, token: str | None) -> int | None:
        """The seat a connection with ``token`` takes (:meth:`seat_of`; None: a spectator).
        Raises ``server.bad_token``, and ``server.too_many_spectators`` (429) for a
        spectator when ``max_spectators`` watch already (:meth:`attach` checks again)."""
        seat = self.seat_of(token)
        if seat is None:
            with self.lock:
                if len(self._spectators) >= self.settings.max_spectators:
                    raise self._too_many_spectators()
        return seat

    def _too_many_spectators(self) -> ServerError:
        limit = self.settings.max_spectators
        return ServerError(f"this table already has {limit} spectators",
                           code="server.too_many_spectators", status=429,
                           params={"max": limit})

    def _creator(self, token: str | None) -> None:
        """Raise ``server.bad_token`` without a seat's token, ``server.not_creator`` for
        another seat's."""
        if token is None:
            raise bad_token()
        if self.seat_of(token) != self.session.creator:
            raise not_creator()

    def start(self, token: str | None) -> None:
        """The creator starts the table. Raises ``server.not_creator``, ``server.open_seats``
        (409) while a seat is open; a table already playing is left as it is."""
        self._creator(token)
        self.start_by_itself(strict=True)

    def start_by_itself(self, strict: bool = False) -> None:
        """Start the table once no seat is open (:meth:`Session.start`: ``strict`` raises
        ``server.table_over`` and ``server.open_seats``, 409)."""
        with self.lock, _served():
            if self.session.start(strict, self._store_playing):
                self._mirror()
                self._start_table()

    def _store_playing(self) -> None:
        self.store.set_status(self.id, TableStatus.PLAYING.value)

    def _stop(self) -> None:
        """Under the lock: the table ended (status ``over``, ``ended``, stored)."""
        self.session.end(lambda: self.store.set_status(self.id, TableStatus.OVER.value, ended=True))
        self._mirror()
        if self.table is not None:
            self.table.close()

    def end(self, token: str | None) -> None:
        """The creator ends the table (status ``over``, ``ended``; its seed is revealed)."""
        self._creator(token)
        with self.lock:
            if self.status == TableStatus.OVER:
                return
            self._stop()
        self.broadcast(wire.TABLE_ENDED)
        self._done()

    def close_if_idle(self, keep_idle: float, now: float | None = None) -> bool:
        """Close the room (status ``over``, ``ended``, as :meth:`end` does) when it is waiting
        or playing, has no connection and saw no activity for ``keep_idle`` seconds up to
        ``now`` (UNIX seconds; default: now). Returns whether it closed it."""
        now = time.time() if now is None else now
        with self.lock:
            if self.status == TableStatus.OVER or self._conns or self._spectators or \
                    now - self.active < keep_idle:
                return False
            self._stop()
        log.info("table %s: idle for %.0f s, closed", self.id, now - self.active)
        self._done()
        return True

    def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Seat a person at ``seat`` (None: the first open one); returns the seat and its new
        token. Raises ``server.not_waiting`` (409) once started, ``server.seat_taken`` (409),
        ``server.no_open_seat`` (409), ``server.bad_name`` (422). A table whose seats are
        then all taken starts by itself."""
        name = check_name(name)
        token = secrets.token_urlsafe(32)
        seat = self._fill(seat, SeatData(0, name, SeatKind.HUMAN.value,
                                         token_hash=token_hash(token)))
        self.start_by_itself()
        return seat, token

    def seat_bot(self, token: str | None, seat: int, level: str) -> None:
        """The creator puts a bot of ``level`` at an open ``seat``."""
        self._creator(token)
        level = bot_name(level)
        self._fill(seat, SeatData(0, level, SeatKind.BOT.value, bot_level=level))

    def _fill(self, seat: int | None, data: SeatData) -> int:
        """Put ``data`` at an open ``seat`` of a waiting table (stored, then told); returns
        the seat. Raises what :meth:`Session.place` raises (409; 422 ``table.bad_seat``):
        ``server.table_over`` once over, ``server.not_waiting`` once started,
        ``server.seat_taken``, ``server.no_open_seat``."""
        with self.lock, _served():
            data.seat = self.session.place(seat)
            if not self.store.claim_seat(self.id, data):  # taken through another process
                self._claim_again(seat, data)
            self.data.seats[data.seat] = data
            self.session.sit(session_seat(data))
            self.active = time.time()
        self.broadcast(wire.SeatEvent(seat=data.seat))
        return data.seat

    def _claim_again(self, asked: int | None, data: SeatData) -> None:
        """Under the lock: the seat :meth:`_fill` chose was taken through another process;
        read the seats again and, when the person asked for no seat in particular, claim the
        next open one (once). Raises ``server.seat_taken`` (409), ``server.no_open_seat``."""
        self.reload()
        if asked is None and self.status == TableStatus.WAITING:
            data.seat = self.session.place(None)
            if self.store.claim_seat(self.id, data):
                return
        raise ServerError(f"seat {data.seat} is taken", code="server.seat_taken", status=409,
                          params={"seat": data.seat})

