"""The server's SQL store: rooms, seats and the action log, and the
:class:`~belote.table.store.GameStore` protocol (``save`` / ``load`` / ``list``) over the
``games`` table (schema: :mod:`belote.db.rooms`, :mod:`belote.db.games`).

Every write is committed before its call returns: a row written is durable (SQLite
``synchronous=FULL``, PostgreSQL's commit) when the call returns, so that an action logged is
never lost to a ``kill -9`` after its event went out. Callable from any thread.

Group commit. The writes of every thread share transactions (:class:`GroupCommit`): a write
is queued; if no transaction is being written, its caller becomes the *leader*, takes every
write queued, applies them all in one session and commits once (one ``fsync`` for the lot),
then wakes their callers; the writes queued meanwhile wait for the next leader, one of their
own callers. A caller returns only once the transaction holding its write is committed. The
batch's action rows are inserted in one statement that skips a row whose number is logged
already (``INSERT … ON CONFLICT (room_id, seq) DO NOTHING RETURNING room_id, seq``, SQLite
and PostgreSQL alike): an action number another process logged first refuses that write
only (its caller gets :class:`ActionLogged`, an ``IntegrityError``), and the batch's other
writes commit at once, with nothing written again. When a batch of several writes fails on
another constraint (nothing of it is written: a room id taken, say), the leader writes each
of them again in a transaction of its own, so that the bad write fails its own caller only;
any other failure (the database itself: the disk, the connection) fails every caller of the
batch with the batch's error at once, without retrying each write against a failing
database.
On PostgreSQL, where another process's batches write the same rooms, a batch first locks
the ``rooms`` rows of every room its writes touch, in the order of their ids
(``SELECT … ORDER BY id FOR NO KEY UPDATE``): two batches that write rooms A and B in
opposite orders (process 1 notes a connection at A then one at B, process 2 at B then at A)
would each hold a row the other waits for, a deadlock PostgreSQL breaks by failing one
whole batch; taken in one order, the second batch waits for the first.
The writes of one caller are in the order it made them; a room writes its log one action at
a time (``Room._journal``), so its rows stay in order. Alone, a write costs one commit as
before; under load (bench/server.py, 200 tables) dozens of actions share one.

On SQLite, the leader also holds :attr:`SqlStore.write_lock` (one writer: a connection that
finds the write lock taken sleeps in its busy handler, 1 to 100 ms steps, instead of taking
it when it is freed).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import os
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Table, func, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ..db import open_database, sqlite_file, utcnow
from ..db.games import GameRow
from ..db.rooms import ActionRow, RoomRow, SeatRow
from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.record import dumps, game_from_record, game_to_record
from ..table.session import SeatKind, TableStatus
from ..table.store import LoadedGame, StoredGame, check_game_id
from .group_commit import GroupCommit, Write

#: where a batch's session keeps its action rows (``Session.info``)
_ACTION_ROWS = "belote.actions"
#: the action log's table (its Core insert: :meth:`SqlStore._transaction`)
_ACTIONS = cast(Table, ActionRow.__table__)
#: the PostgreSQL channel on which the server's processes hear that a table changed
#: (:mod:`belote.server.fanout`); a payload is ``"<room id>:<seq>"`` (action ``seq`` was
#: logged) or ``"<room id>:room"`` (its status, seats or connections changed): ids only
CHANNEL = "belote_tables"
#: the payload's tail of a change of the room's row, seats or connections
ROOM_CHANGED = "room"


def token_hash(token: str) -> str:
    """The SHA-256 hex of a seat token: what the database keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class SeatData:
    """A seat as stored: who holds it (its ``kind``, stored as the enum's value)."""

    seat: int
    name: str
    kind: SeatKind
    bot_level: str | None = None
    token_hash: str | None = None
    connected: bool = False


@dataclass
class RoomData:
    """A room as stored (see :mod:`belote.db.rooms`), its seats and its action log
    ``(seq, seat, action, client_seq)``; ``active`` the time of its last activity (UNIX
    seconds: the latest of its creation, its last action, its last connection opened or
    closed, join or bot seated; None for a room not stored yet: now)."""

    id: str
    code: str
    preset: str
    options: dict[str, Any]
    status: TableStatus
    ended: bool
    seed: int
    commitment: str
    creator_seat: int
    settings: dict[str, Any]
    seats: list[SeatData]
    actions: list[tuple[int, int, str, int | None]]
    active: float | None = None


class ActionLogged(IntegrityError):
    """Action ``seq`` of room ``room_id`` is logged already (another process logged that
    number first): this write was refused, the rest of its batch committed. An
    ``IntegrityError`` (a conflict of the log's primary key)."""

    def __init__(self, room_id: str, seq: int) -> None:
        self.room_id, self.seq = room_id, seq
        super().__init__("INSERT INTO actions … ON CONFLICT (room_id, seq) DO NOTHING",
                         {"room_id": room_id, "seq": seq},
                         ValueError(f"action {seq} of room {room_id} is logged already"))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.room_id, self.seq)


@dataclass(eq=False)
class _LogRow:
    """An action row of a batch (:meth:`SqlStore._log_action`): its ``values``, and whether
    the batch's insert ``refused`` it (its number was logged already)."""

    values: dict[str, Any]
    refused: bool = False


#: log rows ``(seq, seat, action, client_seq)``, and seats (names the class's ``list`` hides)
_LogRows = list[tuple[int, int, str, int | None]]
_Seats = list[SeatData]


class SqlStore:
    """The server's store on a database URL (migrated when opened; see
    :func:`belote.db.open_database`)."""

    def __init__(self, url: str | None = None, *, engine: Engine | None = None) -> None:
        if engine is None:
            if url is None:
                raise ValueError("a store needs a database URL or an engine")
            engine = open_database(url)
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)
        dialect = postgresql if engine.dialect.name == "postgresql" else sqlite
        #: the batch's insert of action rows (:meth:`_insert_actions`), built once
        self._insert = dialect.insert(_ACTIONS).on_conflict_do_nothing(
            index_elements=["room_id", "seq"]).returning(_ACTIONS.c.room_id, _ACTIONS.c.seq)
        #: held while a transaction writes, on SQLite only (its single writer: see above)
        self.write_lock: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else contextlib.nullcontext())
        #: whether a write tells the other processes (PostgreSQL's NOTIFY; never on SQLite)
        self.notifies = engine.dialect.name == "postgresql"
        #: every write goes through it (see the module docstring)
        self.group = GroupCommit(self._transaction,
                                 lock=_lock_rooms if self.notifies else None,
                                 retry_alone=lambda e: isinstance(e, IntegrityError))
        #: the SQLite file opened (None: another database) and its (device, inode)
        self._file = sqlite_file(engine.url)
        self._file_id = _identity(self._file) if self._file is not None else None

    def check(self) -> None:
        """A cheap look that the database still serves (``GET /api/health``): ``SELECT 1``,
        and on SQLite that the file opened is still the one at its path (a file deleted or
        replaced while the server runs takes the writes on to the unlinked file, all lost at
        the next start). Raises ``sqlalchemy.exc.SQLAlchemyError``, or FileNotFoundError
        when the file is gone or another is in its place."""
        if self._file is not None and _identity(self._file) != self._file_id:
            raise FileNotFoundError(f"the database file {self._file} is gone or replaced")
        with self.engine.connect() as c:
            c.execute(text("SELECT 1"))

    def _open(self) -> Session:
        return self._session()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A session in a transaction, committed on leaving (the action rows of
        :meth:`_log_action` inserted first: :meth:`_insert_actions`), under
        :attr:`write_lock`."""
        with self.write_lock, self._open() as s, s.begin():
            yield s
            rows = s.info.pop(_ACTION_ROWS, None)
            if rows:
                self._insert_actions(s, rows)

    def _insert_actions(self, s: Session, rows: list[_LogRow]) -> None:
        """In a batch's transaction: insert ``rows`` in one statement (Core's insert: the
        ORM's bulk insert took 14 % of the server's time), skipping each whose number is
        logged already (``ON CONFLICT DO NOTHING``; two rows of one number in the batch: the
        first is written), which is marked ``refused``; each row written is told to the
        other processes (:meth:`notify`, delivered at the commit)."""
        written = {(r.room_id, r.seq) for r in
                   s.connection().execute(self._insert, [row.values for row in rows])}
        for row in rows:
            key = (row.values["room_id"], row.values["seq"])
            row.refused = key not in written
            if not row.refused:
                written.discard(key)  # a second row of this number was not written
                self.notify(s, *key)

    def _write(self, write: Write, room: str | None = None) -> None:
        """Apply ``write`` (of the room ``room``: its row, seats, log and game only) in a
        group commit's transaction (:class:`GroupCommit`); returns once it is committed.
        Raises the batch's error."""
        self.group.run(write, room)

    # -- rooms ------------------------------------------------------------------------------
    def create_room(self, room: RoomData) -> None:
        """Insert a room and its four seats (one transaction)."""
        def write(s: Session) -> None:
            s.add(RoomRow(id=room.id, code=room.code, preset=room.preset,
                          options=room.options, status=room.status, ended=room.ended,
                          seed=str(room.seed), commitment=room.commitment,
                          creator_seat=room.creator_seat, settings=room.settings))
            s.flush()
            for seat in room.seats:
                s.add(_seat_row(room.id, seat))
        self._write(write, room.id)

    def code_taken(self, code: str) -> bool:
        with self._open() as s:
            return s.scalar(select(func.count()).select_from(RoomRow)
                            .where(RoomRow.code == code)) != 0

    def save_seat(self, room_id: str, seat: SeatData) -> None:
        """Rewrite one seat (a join, a bot seated); the room is active now."""
        def write(s: Session) -> None:
            s.merge(_seat_row(room_id, seat))
            _touch(s, room_id)
            self.notify(s, room_id, ROOM_CHANGED)
        self._write(write, room_id)

    def set_connected(self, room_id: str, seat: int, connected: bool) -> None:
        """A seat's connection opened or closed; the room is active now. A hint (nothing
        reads ``connected`` back: a restart has every person away), committed with the
        other writes of its batch."""
        def write(s: Session) -> None:
            s.execute(update(SeatRow).where(SeatRow.room_id == room_id, SeatRow.seat == seat)
                      .values(connected=connected))
            _touch(s, room_id)
            self.notify(s, room_id, ROOM_CHANGED)
        self._write(write, room_id)

    def set_status(self, room_id: str, status: TableStatus, ended: bool = False) -> None:
        def write(s: Session) -> None:
            s.execute(update(RoomRow).where(RoomRow.id == room_id)
                      .values(status=status, ended=ended))
            self.notify(s, room_id, ROOM_CHANGED)
        self._write(write, room_id)

    def append_action(self, room_id: str, seq: int, seat: int, action: str,
                      client_seq: int | None) -> None:
        """Log action ``seq`` (1, 2, …) of a room, committed when this returns (in a group
        commit with other threads' writes: :class:`GroupCommit`; the other processes told
        in the same transaction: :meth:`notify`). Raises :class:`ActionLogged`
        (an ``sqlalchemy.exc.IntegrityError``) when ``seq`` is already logged (this write
        only: the others of its batch are committed), and the batch's error when its
        transaction fails (then no write of the batch is in the database)."""
        row = _LogRow({"room_id": room_id, "seq": seq, "seat": seat, "action": action,
                       "client_seq": client_seq, "created": utcnow()})
        self._write(lambda s: self._log_action(s, row), room_id)
        if row.refused:
            raise ActionLogged(room_id, seq)

    def _log_action(self, s: Session, row: _LogRow) -> None:
        """In a batch's transaction: what one logged action writes. Its row joins the
        batch's rows, inserted together at the end (:meth:`_insert_actions`: one statement
        for the batch, then a ``NOTIFY`` a row written, which PostgreSQL delivers at the
        batch's commit)."""
        row.refused = False  # (a batch written again write by write runs this again)
        s.info.setdefault(_ACTION_ROWS, []).append(row)

    def rooms(self, statuses: Sequence[TableStatus] = (TableStatus.WAITING,
                                                        TableStatus.PLAYING)) -> list[RoomData]:
        """The rooms in these statuses, with their seats and logs, oldest first."""
        with self._open() as s:
            rows = s.scalars(select(RoomRow).where(RoomRow.status.in_(list(statuses)))
                             .order_by(RoomRow.created)).all()
            return [self._room(s, row) for row in rows]

    def room(self, room_id: str) -> RoomData | None:
        with self._open() as s:
            row = s.get(RoomRow, room_id)
            return None if row is None else self._room(s, row)

    def _room(self, s: Session, row: RoomRow) -> RoomData:
        seats = s.scalars(select(SeatRow).where(SeatRow.room_id == row.id)
                          .order_by(SeatRow.seat)).all()
        actions = s.execute(select(ActionRow.seq, ActionRow.seat, ActionRow.action,
                                   ActionRow.client_seq).where(ActionRow.room_id == row.id)
                            .order_by(ActionRow.seq)).all()
        last_action = s.scalar(select(func.max(ActionRow.created))
                               .where(ActionRow.room_id == row.id))
        active = max(_seconds(t) for t in (row.created, row.active, last_action)
                     if t is not None)
        return RoomData(
            id=row.id, code=row.code, preset=row.preset, options=dict(row.options),
            status=TableStatus(row.status), ended=row.ended, seed=int(row.seed),
            commitment=row.commitment, creator_seat=row.creator_seat,
            settings=dict(row.settings),
            seats=[SeatData(r.seat, r.name, SeatKind(r.kind), r.bot_level, r.token_hash,
                            r.connected) for r in seats],
            actions=[(a.seq, a.seat, a.action, a.client_seq) for a in actions],
            active=active)

    # -- the GameStore protocol -------------------------------------------------------------
    def save(self, game_id: str, game: Game, settings: Mapping[str, Any]) -> str:
        """Write ``game``'s record (``belote-game/1``, the seed included: the database is the
        server's own) under ``game_id``; returns ``"games/<id>"``. Raises ValueError
        ``store.bad_id`` for an id that is not a plain name, ``sqlalchemy.exc.SQLAlchemyError``
        when the database fails."""
        check_game_id(game_id)
        text = dumps(game_to_record(game))
        row = GameRow(id=game_id, preset=game.rules.preset_name,
                      finished=game.current is None, record=text, settings=dict(settings))
        self._write(lambda s: s.merge(row), game_id)  # a room's game is saved under its id
        return f"games/{game_id}"

    def load(self, game_id: str | None = None) -> LoadedGame:
        """The game ``game_id``, or the most recently saved game in progress when None.
        Raises RecordError ``store.no_such_game`` / ``store.no_saved_game``, or the record's
        own."""
        import json
        with self._open() as s:
            if game_id is None:
                row = s.scalars(select(GameRow).where(GameRow.finished.is_(False))
                                .order_by(GameRow.updated.desc())).first()
                if row is None:
                    raise RecordError("no saved game to resume (database)",
                                      code="store.no_saved_game", params={"path": "database"})
            else:
                row = s.get(GameRow, game_id)
                if row is None:
                    raise RecordError(f"no saved game {game_id} in the database",
                                      code="store.no_such_game",
                                      params={"id": game_id, "path": "database"})
            game = game_from_record(json.loads(row.record))
            return LoadedGame(row.id, game, dict(row.settings))

    def list(self) -> list[StoredGame]:
        """Every game kept, by id."""
        with self._open() as s:
            rows = s.execute(select(GameRow.id, GameRow.finished).order_by(GameRow.id)).all()
        return [StoredGame(r.id, r.finished, f"games/{r.id}") for r in rows]

    def record_text(self, game_id: str) -> str | None:
        """The stored record of ``game_id`` as JSON text (None when there is none)."""
        with self._open() as s:
            row = s.get(GameRow, game_id)
            return None if row is None else row.record

    def dispose(self) -> None:
        self.engine.dispose()

    # -- several processes on one database (belote.server.fanout) ----------------------------
    def notify(self, s: Session, room_id: str, what: int | str) -> None:
        """On PostgreSQL, in ``s``'s transaction: ``pg_notify(CHANNEL, '<room_id>:<what>')``
        (``what``: an action's seq, or :data:`ROOM_CHANGED`). PostgreSQL delivers it to every
        listening session once the transaction commits, never if it rolls back. Ids only:
        never a card, a seed or a token. Nothing on SQLite (one process)."""
        if self.notifies:
            s.execute(text("SELECT pg_notify(:channel, :payload)"),
                      {"channel": CHANNEL, "payload": f"{room_id}:{what}"})

    def actions_after(self, room_id: str, seq: int) -> _LogRows:
        """The log of ``room_id`` after action ``seq``: ``(seq, seat, action, client_seq)``
        in order."""
        with self._open() as s:
            rows = s.execute(select(ActionRow.seq, ActionRow.seat, ActionRow.action,
                                    ActionRow.client_seq)
                             .where(ActionRow.room_id == room_id, ActionRow.seq > seq)
                             .order_by(ActionRow.seq)).all()
        return [(r.seq, r.seat, r.action, r.client_seq) for r in rows]

    def room_state(self, room_id: str) -> tuple[TableStatus, bool, _Seats] | None:
        """A room's ``(status, ended, seats)`` as stored now (None: no such room)."""
        with self._open() as s:
            row = s.get(RoomRow, room_id)
            if row is None:
                return None
            seats = s.scalars(select(SeatRow).where(SeatRow.room_id == room_id)
                              .order_by(SeatRow.seat)).all()
            return TableStatus(row.status), row.ended, [
                SeatData(r.seat, r.name, SeatKind(r.kind), r.bot_level, r.token_hash,
                         r.connected) for r in seats]

    def claim_seat(self, room_id: str, seat: SeatData) -> bool:
        """Give open seat ``seat.seat`` of a waiting room to ``seat`` (a join, a bot seated)
        if it is still open and the room still waiting, in one conditional ``UPDATE``: of
        two processes claiming one seat, one wins. Returns whether this one did (the room
        is then active now, and the others told)."""
        waiting = select(RoomRow.status).where(RoomRow.id == room_id).scalar_subquery()
        won = [False]  # set by the write in the transaction that commits (a batch's, or alone)

        def write(s: Session) -> None:
            done = s.execute(
                update(SeatRow).where(SeatRow.room_id == room_id, SeatRow.seat == seat.seat,
                                      SeatRow.kind == SeatKind.OPEN, waiting == TableStatus.WAITING)
                .values(name=seat.name, kind=seat.kind, bot_level=seat.bot_level,
                        token_hash=seat.token_hash, connected=seat.connected))
            won[0] = cast(Any, done).rowcount == 1
            if won[0]:
                _touch(s, room_id)
                self.notify(s, room_id, ROOM_CHANGED)
        self._write(write, room_id)
        return won[0]

    def try_write(self) -> None:
        """A write statement in a transaction rolled back (it takes the write lock; a
        read-only database or server refuses it): nothing is left behind. Raises
        ``SQLAlchemyError`` when the database cannot be written."""
        with self.write_lock, self.engine.connect() as c, c.begin() as transaction:
            c.execute(text("UPDATE rooms SET id = id WHERE 1 = 0"))
            transaction.rollback()

    def rooms_present(self, room_ids: Sequence[str]) -> set[str]:
        """Which of ``room_ids`` are stored rooms."""
        if not room_ids:
            return set()
        with self._open() as s:
            return set(s.scalars(select(RoomRow.id).where(RoomRow.id.in_(list(room_ids)))))

    def room_of_code(self, code: str) -> str | None:
        """The id of the room whose invite code is ``code`` (None: none)."""
        with self._open() as s:
            return s.scalar(select(RoomRow.id).where(RoomRow.code == code))


def _identity(path: Path) -> tuple[int, int] | None:
    """``(device, inode)`` of the file at ``path``; None when there is none."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


def _lock_rooms(s: Session, room_ids: list[str]) -> None:
    """In a batch's transaction on PostgreSQL: lock the ``rooms`` rows of ``room_ids``
    (sorted) in that order, as an ``UPDATE`` of the row does (``FOR NO KEY UPDATE``: an
    action's foreign key may still read the row)."""
    s.execute(select(RoomRow.id).where(RoomRow.id.in_(room_ids)).order_by(RoomRow.id)
              .with_for_update(key_share=True))


def _touch(s: Session, room_id: str) -> None:
    s.execute(update(RoomRow).where(RoomRow.id == room_id).values(active=dt.datetime.now(dt.UTC)))


def _seconds(when: dt.datetime) -> float:
    """UNIX seconds of a stored time (SQLite gives it back naive: it was UTC)."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return when.timestamp()


def _seat_row(room_id: str, seat: SeatData) -> SeatRow:
    return SeatRow(room_id=room_id, seat=seat.seat, name=seat.name, kind=seat.kind,
                   bot_level=seat.bot_level, token_hash=seat.token_hash,
                   connected=seat.connected)


__all__ = ["CHANNEL", "ROOM_CHANGED", "ActionLogged", "GroupCommit", "RoomData", "SeatData",
           "SeatKind", "SqlStore", "TableStatus", "Write", "token_hash"]
