"""The concours's SQL store: :class:`SqlConcoursStore`, the
:class:`~belote.concours.data.ConcoursStore` protocol of
:class:`~belote.concours.manager.Manager` over the tables of :mod:`belote.db.concours`
(migration ``0003``; :func:`belote.db.open_database` runs it), one transaction a
:class:`SqlWrites`.

Every change is one transaction, committed before the caller returns; SQLite's "database
is locked" (the server and a command writing at the same moment) is waited out
(:meth:`SqlConcoursStore.run`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from sqlalchemy import Text, cast, func, or_, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from ..db.base import utcnow
from ..db.concours import ConcoursRow, EntrantRow, LogRow, PartieRow, ScoreRow
from .data import ConcoursData, ScoreEntry
from .errors import ConcoursError
from .model import Entrant, Format, Leftover, PartieDraw, TableDraw

T = TypeVar("T")
#: what changes whenever a concours does: its newest log row, its newest score entry, its
#: parties' rooms (JSON text)
Stamp = tuple[int, int, str]
#: the prefix of the advisory locks of :meth:`SqlConcoursStore.exclusive`
LOCK_KEY = "belote-concours:"


def _null(column: Any) -> Any:
    """``column IS NULL``, or the JSON ``null`` SQLAlchemy writes for None."""
    return or_(column.is_(None), func.coalesce(cast(column, Text), "null") == "null")


def _failed(e: SQLAlchemyError) -> ConcoursError:
    """A database failure as a refusal the front ends word (``concours.database``; the
    reason is the error's kind, never its text: it may hold a URL with a password)."""
    return ConcoursError(f"the database failed ({type(e).__name__}); nothing was changed",
                         code="concours.database", params={"reason": type(e).__name__})


def _busy(e: OperationalError) -> bool:
    """Whether ``e`` is SQLite's "the database is locked / busy" (another writer)."""
    words = str(e.orig).lower()
    return "locked" in words or "busy" in words


def _draw_of(row: PartieRow) -> PartieDraw:
    tables = tuple(TableDraw(i + 1, (tuple(sides[0]), tuple(sides[1])))
                   for i, sides in enumerate(row.tables))
    return PartieDraw(row.partie, row.seed, tables, tuple(row.out))


def draw_json(draw: PartieDraw) -> list[Any]:
    """The ``tables`` column of a draw: ``[[side0 ids], [side1 ids]]`` a table."""
    return [[list(t.sides[0]), list(t.sides[1])] for t in draw.tables]


def load(s: Session, concours_id: str, *,
         table: tuple[int, int] | None = None) -> ConcoursData | None:
    """The concours ``concours_id`` read in session ``s`` (None: there is none); with
    ``table`` (partie, table), only that table's score entries."""
    row = s.get(ConcoursRow, concours_id)
    if row is None:
        return None
    data = ConcoursData(
        id=row.id, key=row.key, name=row.name, date=row.date, place=row.place,
        preset=row.preset, options=dict(row.options), format=Format(row.format),
        parties=row.parties, deals=row.deals, target=row.target,
        leftover=Leftover(row.leftover), bye=row.bye, online=row.online, lot=row.lot,
        prizes=list(row.prizes), created=row.created)
    for e in s.scalars(select(EntrantRow).where(EntrantRow.concours_id == concours_id)
                       .order_by(EntrantRow.id)):
        data.entrants[e.id] = Entrant(e.id, e.name, tuple(e.members), e.joined, e.withdrawn)
    for p in s.scalars(select(PartieRow).where(PartieRow.concours_id == concours_id)
                       .order_by(PartieRow.partie)):
        data.draws.append(_draw_of(p))
        if p.rooms is not None:
            data.rooms[p.partie] = list(p.rooms)
    query = select(ScoreRow).where(ScoreRow.concours_id == concours_id)
    if table is not None:
        query = query.where(ScoreRow.partie == table[0], ScoreRow.table == table[1])
    for sc in s.scalars(query.order_by(ScoreRow.id)):
        data.scores.append(ScoreEntry(sc.id, sc.partie, sc.table, sc.deal, sc.a, sc.b,
                                      sc.source, sc.created, sc.undone))
    return data


class SqlWrites:
    """One transaction of a :class:`SqlConcoursStore` (the
    :class:`~belote.concours.data.ConcoursWrites` protocol) on its ``session``."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def lock(self, concours_id: str) -> None:
        """Take the concours's write lock for the rest of the transaction, before anything
        is read: a no-op UPDATE of its row (PostgreSQL locks the row; SQLite takes the
        database's write lock at a transaction's first write, and its reads then see the
        database as the writes will find it)."""
        self.session.execute(update(ConcoursRow).where(ConcoursRow.id == concours_id)
                             .values(lot=ConcoursRow.lot))

    def load(self, concours_id: str, *, table: tuple[int, int] | None = None,
             lock: bool = False) -> ConcoursData | None:
        if lock:
            self.lock(concours_id)
        return load(self.session, concours_id, table=table)

    def note(self, concours_id: str, what: str, **facts: Any) -> None:
        self.session.add(LogRow(concours_id=concours_id, what=what, facts=facts))

    def claim_rooms(self, concours_id: str, partie: int, rooms: list[str | None],
                    tables: list[Any]) -> bool:
        """Write ``rooms`` as the rooms of ``partie`` when it has none and its tables are
        still ``tables`` (:func:`draw_json`: a partie drawn again since it was read is left
        alone); noted in the log. Returns whether they were written."""
        self.lock(concours_id)  # as every change: after a draw taken back
        row = self.session.get(PartieRow, (concours_id, partie))
        if row is None or [[list(side) for side in t] for t in row.tables] != tables:
            return False
        done = self.session.execute(update(PartieRow).where(
            PartieRow.concours_id == concours_id, PartieRow.partie == partie,
            _null(PartieRow.rooms)).values(rooms=rooms))
        won = bool(getattr(done, "rowcount", 0) == 1)
        if won:
            self.note(concours_id, "rooms", partie=partie, rooms=rooms)
        return won

    def insert_concours(self, data: ConcoursData) -> None:
        self.session.add(ConcoursRow(
            id=data.id, key=data.key, name=data.name, date=data.date, place=data.place,
            preset=data.preset, options=data.options, format=str(data.format),
            parties=data.parties, deals=data.deals, target=data.target,
            leftover=str(data.leftover), bye=data.bye, online=data.online, lot=data.lot,
            prizes=data.prizes, created=data.created))

    def id_taken(self, concours_id: str) -> bool:
        return self.session.get(ConcoursRow, concours_id) is not None

    def update_concours(self, concours_id: str, **values: Any) -> None:
        row = self.session.get(ConcoursRow, concours_id)
        assert row is not None
        for name, value in values.items():
            setattr(row, name, value)

    def insert_entrant(self, concours_id: str, entrant: Entrant) -> None:
        self.session.add(EntrantRow(concours_id=concours_id, id=entrant.id, name=entrant.name,
                                    members=list(entrant.members), joined=entrant.joined,
                                    withdrawn=entrant.withdrawn))

    def next_entrant_id(self, concours_id: str) -> int:
        top = self.session.scalar(select(func.max(EntrantRow.id))
                                  .where(EntrantRow.concours_id == concours_id))
        return (top or 0) + 1

    def update_entrant(self, concours_id: str, entrant: Entrant) -> None:
        row = self.session.get(EntrantRow, (concours_id, entrant.id))
        assert row is not None
        row.name, row.members = entrant.name, list(entrant.members)
        row.joined, row.withdrawn = entrant.joined, entrant.withdrawn

    def insert_draw(self, concours_id: str, draw: PartieDraw,
                    rooms: list[str | None] | None = None) -> None:
        self.session.add(PartieRow(concours_id=concours_id, partie=draw.partie,
                                   seed=draw.seed, tables=draw_json(draw), out=list(draw.out),
                                   rooms=rooms))

    def delete_draw(self, concours_id: str, partie: int) -> None:
        row = self.session.get(PartieRow, (concours_id, partie))
        if row is not None:
            self.session.delete(row)

    def set_rooms(self, concours_id: str, partie: int, rooms: list[str | None]) -> None:
        row = self.session.get(PartieRow, (concours_id, partie))
        assert row is not None
        row.rooms = list(rooms)

    def insert_score(self, concours_id: str, partie: int, table: int, deal: int | None,
                     a: int, b: int, source: str) -> ScoreEntry:
        row = ScoreRow(concours_id=concours_id, partie=partie, table=table, deal=deal, a=a,
                       b=b, source=source, created=utcnow())
        self.session.add(row)
        self.session.flush()
        return ScoreEntry(row.id, partie, table, deal, a, b, source, row.created)

    def undo_score(self, entry_id: int) -> dt.datetime:
        row = self.session.get(ScoreRow, entry_id)
        assert row is not None
        row.undone = utcnow()
        return row.undone


class SqlConcoursStore:
    """The concours of one database (the :class:`~belote.concours.data.ConcoursStore`
    protocol). Every method is one transaction; a write returns once committed. Raises
    ConcoursError ``concours.database`` when the database fails."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A session in a transaction, committed on leaving (rolled back on an error)."""
        with self._session() as s, s.begin():
            yield s

    def _run_sql(self, write: Callable[[Session], T]) -> T:
        """``write(session)`` in one transaction, committed before it returns; run again
        (up to 8 times, waiting a little longer each time) when another process holds the
        database (SQLite's "database is locked" when the server and a command write at the
        same moment): ``write`` must read what it needs inside the transaction. Raises
        what ``write`` raises, or ConcoursError ``concours.database`` when the database
        fails."""
        for attempt in range(8):
            try:
                with self._transaction() as s:
                    return write(s)
            except OperationalError as e:
                if attempt == 7 or not _busy(e):
                    raise _failed(e) from e
                time.sleep(0.05 * 2 ** attempt)
            except SQLAlchemyError as e:
                raise _failed(e) from e
        raise AssertionError("unreachable")

    def run(self, write: Callable[[SqlWrites], T]) -> T:
        """``write`` in one transaction (:meth:`_run_sql`), as a :class:`SqlWrites`."""
        return self._run_sql(lambda s: write(SqlWrites(s)))

    @contextlib.contextmanager
    def exclusive(self, key: str) -> Iterator[None]:
        """On PostgreSQL, the transaction advisory lock ``belote-concours:<key>`` held
        (waited for) while the block runs; nothing on SQLite (one server process)."""
        if self.engine.dialect.name != "postgresql":
            yield
            return
        with self.engine.connect() as c, c.begin():
            c.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))"),
                      {"k": LOCK_KEY + key})
            yield

    # -- reading ----------------------------------------------------------------------------
    def _read(self, look: Callable[[Session], T]) -> T:
        """``look(session)`` in a session of its own. Raises ConcoursError
        ``concours.database`` when the database fails."""
        try:
            with self._session() as s:
                return look(s)
        except SQLAlchemyError as e:
            raise _failed(e) from e

    def ids(self) -> list[tuple[str, str, dt.datetime]]:
        rows = self._read(lambda s: s.execute(
            select(ConcoursRow.id, ConcoursRow.name, ConcoursRow.created)
            .order_by(ConcoursRow.created.desc())).all())
        return [(r[0], r[1], r[2]) for r in rows]

    def load(self, concours_id: str, *,
             table: tuple[int, int] | None = None) -> ConcoursData | None:
        return self._read(lambda s: load(s, concours_id, table=table))

    def key_of(self, concours_id: str) -> str | None:
        """The organiser's key of ``concours_id`` (None: no such concours)."""
        return self._read(lambda s: s.scalar(
            select(ConcoursRow.key).where(ConcoursRow.id == concours_id)))

    def stamp(self, concours_id: str) -> Stamp | None:
        """What changes whenever the concours does (:data:`Stamp`; every change the manager
        makes notes a log row in the same transaction); None when there is no such
        concours."""
        def look(s: Session) -> Stamp | None:
            log = s.scalar(select(func.max(LogRow.id)).where(LogRow.concours_id == concours_id))
            score = s.scalar(select(func.max(ScoreRow.id))
                             .where(ScoreRow.concours_id == concours_id))
            rooms = s.scalars(select(PartieRow.rooms).where(PartieRow.concours_id == concours_id)
                              .order_by(PartieRow.partie)).all()
            if log is None:
                return None
            return int(log), int(score or 0), json.dumps(list(rooms))
        return self._read(look)

    def online_ids(self) -> list[str]:
        """The ids of the online concours."""
        return list(self._read(lambda s: s.scalars(
            select(ConcoursRow.id).where(ConcoursRow.online.is_(True))).all()))

    def pending_parties(self) -> list[tuple[str, int]]:
        """``(concours id, partie)`` of every partie of an online concours drawn without
        rooms, oldest first (one query)."""
        rows = self._read(lambda s: s.execute(
            select(PartieRow.concours_id, PartieRow.partie)
            .join(ConcoursRow, ConcoursRow.id == PartieRow.concours_id)
            .where(ConcoursRow.online.is_(True), _null(PartieRow.rooms))
            .order_by(PartieRow.created)).all())
        return [(r[0], r[1]) for r in rows]

    def log(self, concours_id: str) -> list[tuple[dt.datetime, str, dict[str, Any]]]:
        rows = self._read(lambda s: s.scalars(
            select(LogRow).where(LogRow.concours_id == concours_id).order_by(LogRow.id)).all())
        return [(r.created, r.what, dict(r.facts)) for r in rows]


__all__ = ["LOCK_KEY", "SqlConcoursStore", "SqlWrites", "Stamp", "draw_json", "load"]
