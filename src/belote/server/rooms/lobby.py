"""A room's lobby: who may take a seat, start the table or end it, and the credentials of
its seats (the :class:`~belote.table.session.Session`'s seating rules, with the store's
writes and the server's refusals)."""

from __future__ import annotations

import contextlib
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ...table import Player, table_bots
from ...table.session import SeatKind, SessionError, SessionSeat, TableStatus
from ..errors import ServerError, bad_token, not_creator
from ..store import RoomData, SeatData, SqlStore, token_hash
from ..workers import WORKERS
from .credentials import bot_name, check_name, clean_token

if TYPE_CHECKING:
    from ...table.session import Session
    from .parts import Settings

#: the HTTP status of each refusal of the session (:class:`SessionError`)
_STATUS = {"table.bad_seat": 422}


def session_seat(seat: SeatData) -> SessionSeat:
    """A stored seat as the session holds it (the token's hash its credential)."""
    return SessionSeat(seat.seat, seat.name, SeatKind(seat.kind), seat.bot_level,
                       seat.token_hash)


def seated_players(seats: list[SessionSeat], seed: int) -> list[Player]:
    """The players of a table run here: a remote player a person's seat, a bot a bot's
    (:func:`~belote.table.players.table_bots` on the server's pools, each seeded by its
    seat from the room's ``seed``; the table reseeds it before each decision, so that a room
    rebuilt from its log plays on as it would have: see :class:`~belote.table.Table`)."""
    players = [Player.remote(s.name) for s in seats]
    bots = [s for s in seats if s.kind == SeatKind.BOT]
    made = table_bots([s.bot or "heuristic" for s in bots], seed,
                      indices=[s.seat for s in bots], make=WORKERS.bot)
    for s, bot in zip(bots, made, strict=True):
        players[s.seat] = Player.of_bot(bot, s.name)
    return players


@contextlib.contextmanager
def _served() -> Iterator[None]:
    """The session's refusals as the server's (:class:`ServerError`, 409 but
    ``table.bad_seat`` 422)."""
    try:
        yield
    except SessionError as e:
        raise ServerError(str(e), code=e.code, status=_STATUS.get(e.code, 409),
                          params=dict(e.params)) from None


class LobbyHost(Protocol):
    """What a :class:`Lobby` asks of its room in the middle of a request: the seats read
    again. Everything else the lobby does is returned to the room, which acts on it (a
    start: its table; a seat taken: :class:`Seated`; an end: ``True`` from :meth:`Lobby.stop`)."""

    def refresh(self) -> bool:
        """Not under the lock: read the seats and status again when other processes share
        the room (a join through another); returns whether it did (False: one process)."""


@dataclass(frozen=True)
class Seated:
    """What :meth:`Lobby.join` and :meth:`Lobby.seat_bot` did: ``seat`` is taken (stored;
    the room tells its connections and is active now), ``token`` the person's new seat
    token (None: a bot's seat)."""

    seat: int
    token: str | None = None


class Lobby:
    """The seating of a room (:class:`LobbyHost`): its stored ``data`` (seats written in
    ``store``), its ``session`` (the seating rules), under the room's ``lock``; ``settings``
    the server's (the spectators' limit). Its calls return what they did (a start, an end,
    a seat taken: :class:`Seated`) for the room to act on; none tells the connections."""

    def __init__(self, host: LobbyHost, data: RoomData, store: SqlStore, session: Session,
                 lock: threading.RLock, settings: Settings) -> None:
        self.host, self.data, self.store, self.session = host, data, store, session
        self.lock, self.settings = lock, settings

    @property
    def id(self) -> str:
        return self.data.id

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
            if attempt or not self.host.refresh():  # a join through another process
                break
        raise bad_token()

    def admit(self, token: str | None, watching: int) -> int | None:
        """The seat a connection with ``token`` takes (:meth:`seat_of`; None: a spectator).
        Raises ``server.bad_token``, and ``server.too_many_spectators`` (429) for a
        spectator when ``watching`` spectators, ``max_spectators`` or more, watch already
        (:meth:`Room.attach <belote.server.rooms.Room.attach>` checks again)."""
        seat = self.seat_of(token)
        if seat is None and watching >= self.settings.max_spectators:
            raise self.too_many_spectators()
        return seat

    def too_many_spectators(self) -> ServerError:
        limit = self.settings.max_spectators
        return ServerError(f"this table already has {limit} spectators",
                           code="server.too_many_spectators", status=429,
                           params={"max": limit})

    def check_creator(self, token: str | None) -> None:
        """Not under the lock: raise ``server.bad_token`` without a seat's token,
        ``server.not_creator`` for another seat's."""
        if token is None:
            raise bad_token()
        if self.seat_of(token) != self.session.creator:
            raise not_creator()

    def start_by_itself(self, strict: bool = False) -> bool:
        """Start the table once no seat is open (:meth:`Session.start`, stored: ``strict``
        raises ``server.table_over`` and ``server.open_seats``, 409). Returns whether it
        started now (the room then starts its table, under the same hold of the lock)."""
        with self.lock, _served():
            return self.session.start(strict, self._store_playing)

    def _store_playing(self) -> None:
        self.store.set_status(self.id, TableStatus.PLAYING)

    def stop(self) -> bool:
        """Under the lock: end the table (status ``over``, ``ended``, stored). Returns
        whether it ended now (False: over already); the room then stops its table, under
        the same hold of the lock, and tells its connections."""
        return self.session.end(
            lambda: self.store.set_status(self.id, TableStatus.OVER, ended=True))

    def join(self, name: str, seat: int | None) -> Seated:
        """Seat a person at ``seat`` (None: the first open one); returns the seat and its new
        token. Raises ``server.not_waiting`` (409) once started, ``server.seat_taken`` (409),
        ``server.no_open_seat`` (409), ``server.bad_name`` (422). (A table whose seats are
        then all taken starts by itself: the room asks :meth:`start_by_itself`.)"""
        name = check_name(name)
        token = secrets.token_urlsafe(32)
        taken = self._fill(seat, SeatData(0, name, SeatKind.HUMAN,
                                          token_hash=token_hash(token)))
        return Seated(taken, token)

    def seat_bot(self, token: str | None, seat: int, level: str) -> Seated:
        """The creator puts a bot of ``level`` at an open ``seat``."""
        self.check_creator(token)
        level = bot_name(level)
        return Seated(self._fill(seat, SeatData(0, level, SeatKind.BOT, bot_level=level)))

    def _fill(self, seat: int | None, data: SeatData) -> int:
        """Put ``data`` at an open ``seat`` of a waiting table (stored); returns the seat.
        Raises what :meth:`Session.place` raises (409; 422 ``table.bad_seat``):
        ``server.table_over`` once over, ``server.not_waiting`` once started,
        ``server.seat_taken``, ``server.no_open_seat``."""
        with self.lock, _served():
            data.seat = self.session.place(seat)
            if not self.store.claim_seat(self.id, data):  # taken through another process
                self._claim_again(seat, data)
            self.data.seats[data.seat] = data
            self.session.sit(session_seat(data))
        return data.seat

    def _claim_again(self, asked: int | None, data: SeatData) -> None:
        """Under the lock: the seat :meth:`_fill` chose was taken through another process;
        read the seats again and, when the person asked for no seat in particular, claim the
        next open one (once). Raises ``server.seat_taken`` (409), ``server.no_open_seat``."""
        self.host.refresh()
        if asked is None and self.session.status == TableStatus.WAITING:
            data.seat = self.session.place(None)
            if self.store.claim_seat(self.id, data):
                return
        raise ServerError(f"seat {data.seat} is taken", code="server.seat_taken", status=409,
                          params={"seat": data.seat})
