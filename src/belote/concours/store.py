"""The concours in the database of ``belote serve`` (SQLAlchemy 2; the server's Alembic
migration ``0003`` creates these tables, :func:`belote.server.db.open_database` runs it).

Tables:

* ``concours``: one row a concours: ``id`` (its public code, 6 letters and digits), ``key``
  (the organiser's secret of the web pages), ``name``, ``date``, ``place``, ``preset`` and
  ``options`` (JSON), ``format`` (``melee`` | ``equipes``), ``parties``, ``deals`` (deals a
  partie) or ``target`` (a target score a partie), ``leftover`` (``bye`` | ``bot``), ``bye``
  (the points of a bye: null for the partie's average), ``online``, ``lot`` (the seed of the
  last tie-break), ``prizes`` (JSON list), ``created``.
* ``concours_entrants``: the players (mêlée) or pairs (équipes), numbered from 1:
  ``name``, ``members`` (JSON list), ``joined`` (first partie), ``withdrawn`` (first partie
  missed, or null).
* ``concours_parties``: one row a partie drawn: ``seed``, ``tables`` (JSON: a list of
  ``[side0, side1]``, each a list of entrant ids, null a bot), ``out`` (JSON list of ids),
  ``rooms`` (JSON: the online room id of each table, or null).
* ``concours_scores``: the score entries, never deleted (the audit trail): ``partie``,
  ``table``, ``deal`` (null: the partie's totals), ``a`` and ``b`` (side 0's and side 1's
  points), ``source`` (``cli`` | ``web`` | ``online``), ``created``, ``undone`` (when undone,
  or null). A line's value is its newest entry not undone.
* ``concours_log``: every change (registration, rename, withdrawal, draw, score, undo) with
  its facts (JSON), in order.

Every change is one transaction, committed before the caller returns.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from .errors import ConcoursError
from .model import Entrant, Format, Leftover, PartieDraw, TableDraw

T = TypeVar("T")


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def iso(when: dt.datetime) -> str:
    """``when`` in ISO 8601 with its offset (SQLite gives back times without their zone:
    they are UTC, as written)."""
    return (when if when.tzinfo else when.replace(tzinfo=dt.UTC)).isoformat()


class Base(DeclarativeBase):
    pass


class ConcoursRow(Base):
    __tablename__ = "concours"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(120))
    date: Mapped[str] = mapped_column(String(40), default="")
    place: Mapped[str] = mapped_column(String(120), default="")
    preset: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    format: Mapped[str] = mapped_column(String(16))
    parties: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    target: Mapped[int | None] = mapped_column(Integer, nullable=True)
    leftover: Mapped[str] = mapped_column(String(8))
    bye: Mapped[int | None] = mapped_column(Integer, nullable=True)
    online: Mapped[bool] = mapped_column(Boolean, default=False)
    lot: Mapped[int] = mapped_column(BigInteger)
    prizes: Mapped[list[str]] = mapped_column(JSON)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EntrantRow(Base):
    __tablename__ = "concours_entrants"

    concours_id: Mapped[str] = mapped_column(ForeignKey("concours.id", ondelete="CASCADE"),
                                             primary_key=True)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(130))
    members: Mapped[list[str]] = mapped_column(JSON)
    joined: Mapped[int] = mapped_column(Integer)
    withdrawn: Mapped[int | None] = mapped_column(Integer, nullable=True)


class PartieRow(Base):
    __tablename__ = "concours_parties"

    concours_id: Mapped[str] = mapped_column(ForeignKey("concours.id", ondelete="CASCADE"),
                                             primary_key=True)
    partie: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    tables: Mapped[list[Any]] = mapped_column(JSON)
    out: Mapped[list[int]] = mapped_column(JSON)
    rooms: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ScoreRow(Base):
    __tablename__ = "concours_scores"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    concours_id: Mapped[str] = mapped_column(ForeignKey("concours.id", ondelete="CASCADE"),
                                             index=True)
    partie: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    deal: Mapped[int | None] = mapped_column(Integer, nullable=True)
    a: Mapped[int] = mapped_column(Integer)
    b: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String(16))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    undone: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LogRow(Base):
    __tablename__ = "concours_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    concours_id: Mapped[str] = mapped_column(ForeignKey("concours.id", ondelete="CASCADE"),
                                             index=True)
    what: Mapped[str] = mapped_column(String(32))
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


@dataclass(frozen=True)
class ScoreEntry:
    """One score entry as stored: its ``id`` (order of entry), partie, table, ``deal``
    (None: the partie's totals), the two sides' points, its source, when, and when undone
    (None: in force unless a newer entry of the same line replaced it)."""

    id: int
    partie: int
    table: int
    deal: int | None
    a: int
    b: int
    source: str
    created: dt.datetime
    undone: dt.datetime | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "partie": self.partie, "table": self.table, "deal": self.deal,
                "points": [self.a, self.b], "source": self.source,
                "created": iso(self.created),
                "undone": iso(self.undone) if self.undone else None}


@dataclass
class ConcoursData:
    """A concours as read from the store, whole: its settings, entrants (by id), the
    parties drawn (in order, each with its online rooms) and every score entry (in order)."""

    id: str
    key: str
    name: str
    date: str
    place: str
    preset: str
    options: dict[str, Any]
    format: Format
    parties: int
    deals: int | None
    target: int | None
    leftover: Leftover
    bye: int | None
    online: bool
    lot: int
    prizes: list[str]
    created: dt.datetime
    entrants: dict[int, Entrant] = field(default_factory=dict)
    draws: list[PartieDraw] = field(default_factory=list)
    rooms: dict[int, list[str | None]] = field(default_factory=dict)
    scores: list[ScoreEntry] = field(default_factory=list)
    _by_table: dict[tuple[int, int], list[ScoreEntry]] | None = field(
        default=None, repr=False, compare=False)

    def entries_of(self, partie: int, table: int) -> list[ScoreEntry]:
        """The score entries of one table of one partie, in order (an index built on first
        use: :attr:`scores` must not change afterwards)."""
        if self._by_table is None:
            self._by_table = {}
            for e in self.scores:
                self._by_table.setdefault((e.partie, e.table), []).append(e)
        return self._by_table.get((partie, table), [])

    @property
    def next_partie(self) -> int:
        """The number of the next partie to draw (1 before any draw)."""
        return len(self.draws) + 1

    def settings_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "date": self.date, "place": self.place,
                "preset": self.preset, "options": dict(self.options),
                "format": str(self.format), "parties": self.parties, "deals": self.deals,
                "target": self.target, "leftover": str(self.leftover), "bye": self.bye,
                "online": self.online, "prizes": list(self.prizes),
                "created": iso(self.created)}


def _failed(e: SQLAlchemyError) -> ConcoursError:
    """A database failure as a refusal the front ends word (``concours.database``; the
    reason is the error's kind, never its text: it may hold a URL with a password)."""
    return ConcoursError(f"the database failed ({type(e).__name__}); nothing was changed",
                         code="concours.database", params={"reason": type(e).__name__})


def _busy(e: OperationalError) -> bool:
    """Whether ``e`` is SQLite's "the database is locked / busy" (another writer)."""
    words = str(e.orig).lower()
    return "locked" in words or "busy" in words


def new_id() -> str:
    """A concours's public code: 6 characters of an alphabet without 0/O, 1/I/L."""
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


def _draw_of(row: PartieRow) -> PartieDraw:
    tables = tuple(TableDraw(i + 1, (tuple(sides[0]), tuple(sides[1])))
                   for i, sides in enumerate(row.tables))
    return PartieDraw(row.partie, row.seed, tables, tuple(row.out))


def _draw_json(draw: PartieDraw) -> list[Any]:
    return [[list(t.sides[0]), list(t.sides[1])] for t in draw.tables]


class ConcoursStore:
    """The concours of one database. Every method is one transaction; a write returns once
    committed. Raises ``sqlalchemy.exc.SQLAlchemyError`` when the database fails (the
    callers word it)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session in a transaction, committed on leaving (rolled back on an error)."""
        with self._session() as s, s.begin():
            yield s

    def run(self, write: Callable[[Session], T]) -> T:
        """``write(session)`` in one transaction, committed before it returns; run again
        (up to 8 times, waiting a little longer each time) when another process holds the
        database (SQLite's "database is locked" when the server and a command write at the
        same moment): ``write`` must read what it needs inside the transaction. Raises
        what ``write`` raises, or ConcoursError ``concours.database`` when the database
        fails."""
        for attempt in range(8):
            try:
                with self.transaction() as s:
                    return write(s)
            except OperationalError as e:
                if attempt == 7 or not _busy(e):
                    raise _failed(e) from e
                time.sleep(0.05 * 2 ** attempt)
            except SQLAlchemyError as e:
                raise _failed(e) from e
        raise AssertionError("unreachable")

    # -- reading ----------------------------------------------------------------------------
    def read(self, look: Callable[[Session], T]) -> T:
        """``look(session)`` in a session of its own. Raises ConcoursError
        ``concours.database`` when the database fails."""
        try:
            with self._session() as s:
                return look(s)
        except SQLAlchemyError as e:
            raise _failed(e) from e

    def ids(self) -> list[tuple[str, str, dt.datetime]]:
        """Every concours: (id, name, created), newest first."""
        rows = self.read(lambda s: s.execute(
            select(ConcoursRow.id, ConcoursRow.name, ConcoursRow.created)
            .order_by(ConcoursRow.created.desc())).all())
        return [(r[0], r[1], r[2]) for r in rows]

    def load(self, concours_id: str, s: Session | None = None, *,
             table: tuple[int, int] | None = None) -> ConcoursData | None:
        """The concours ``concours_id`` whole, or None when there is none; with ``table``
        (partie, table), only that table's score entries."""
        if s is None:
            return self.read(lambda own: self.load(concours_id, own, table=table))
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

    def log(self, concours_id: str) -> list[tuple[dt.datetime, str, dict[str, Any]]]:
        """The concours's changes in order: (when, what, facts)."""
        rows = self.read(lambda s: s.scalars(
            select(LogRow).where(LogRow.concours_id == concours_id).order_by(LogRow.id)).all())
        return [(r.created, r.what, dict(r.facts)) for r in rows]

    # -- writing (each inside :meth:`transaction`, given its session) -------------------------
    @staticmethod
    def note(s: Session, concours_id: str, what: str, **facts: Any) -> None:
        s.add(LogRow(concours_id=concours_id, what=what, facts=facts))

    @staticmethod
    def insert_concours(s: Session, data: ConcoursData) -> None:
        s.add(ConcoursRow(
            id=data.id, key=data.key, name=data.name, date=data.date, place=data.place,
            preset=data.preset, options=data.options, format=str(data.format),
            parties=data.parties, deals=data.deals, target=data.target,
            leftover=str(data.leftover), bye=data.bye, online=data.online, lot=data.lot,
            prizes=data.prizes, created=data.created))

    @staticmethod
    def lock(s: Session, concours_id: str) -> None:
        """Take the concours's write lock for the rest of the transaction, before anything
        is read: a no-op UPDATE of its row (PostgreSQL locks the row; SQLite takes the
        database's write lock at a transaction's first write, and its reads then see the
        database as the writes will find it)."""
        s.execute(update(ConcoursRow).where(ConcoursRow.id == concours_id)
                  .values(lot=ConcoursRow.lot))

    @staticmethod
    def id_taken(s: Session, concours_id: str) -> bool:
        return s.get(ConcoursRow, concours_id) is not None

    @staticmethod
    def update_concours(s: Session, concours_id: str, **values: Any) -> None:
        row = s.get(ConcoursRow, concours_id)
        assert row is not None
        for name, value in values.items():
            setattr(row, name, value)

    @staticmethod
    def insert_entrant(s: Session, concours_id: str, entrant: Entrant) -> None:
        s.add(EntrantRow(concours_id=concours_id, id=entrant.id, name=entrant.name,
                         members=list(entrant.members), joined=entrant.joined,
                         withdrawn=entrant.withdrawn))

    @staticmethod
    def next_entrant_id(s: Session, concours_id: str) -> int:
        top = s.scalar(select(func.max(EntrantRow.id))
                       .where(EntrantRow.concours_id == concours_id))
        return (top or 0) + 1

    @staticmethod
    def update_entrant(s: Session, concours_id: str, entrant: Entrant) -> None:
        row = s.get(EntrantRow, (concours_id, entrant.id))
        assert row is not None
        row.name, row.members = entrant.name, list(entrant.members)
        row.joined, row.withdrawn = entrant.joined, entrant.withdrawn

    @staticmethod
    def insert_draw(s: Session, concours_id: str, draw: PartieDraw,
                    rooms: list[str | None] | None = None) -> None:
        s.add(PartieRow(concours_id=concours_id, partie=draw.partie, seed=draw.seed,
                        tables=_draw_json(draw), out=list(draw.out), rooms=rooms))

    @staticmethod
    def delete_draw(s: Session, concours_id: str, partie: int) -> None:
        row = s.get(PartieRow, (concours_id, partie))
        if row is not None:
            s.delete(row)

    @staticmethod
    def set_rooms(s: Session, concours_id: str, partie: int, rooms: list[str | None]) -> None:
        row = s.get(PartieRow, (concours_id, partie))
        assert row is not None
        row.rooms = list(rooms)

    @staticmethod
    def insert_score(s: Session, concours_id: str, partie: int, table: int, deal: int | None,
                     a: int, b: int, source: str) -> int:
        row = ScoreRow(concours_id=concours_id, partie=partie, table=table, deal=deal, a=a,
                       b=b, source=source)
        s.add(row)
        s.flush()
        return row.id

    @staticmethod
    def undo_score(s: Session, entry_id: int) -> dt.datetime:
        """Mark the entry undone now; returns when."""
        row = s.get(ScoreRow, entry_id)
        assert row is not None
        row.undone = utcnow()
        return row.undone


