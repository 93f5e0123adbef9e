"""The server's database schema (SQLAlchemy 2) and how it is opened and migrated.

Tables (the Alembic migrations in ``migrations/versions`` create them; :func:`open_database`
runs them at start, so a new SQLite file needs nothing installed):

* ``rooms``: one row a table (room): ``id``, invite ``code``, ``preset`` and ``options``
  (JSON), ``status`` (``waiting`` | ``playing`` | ``over``), ``ended`` (closed before its
  game ended: by its creator, or idle for ``--keep-idle``), the secret ``seed`` (256 bits,
  as decimal text: never sent before the end), its ``commitment`` (SHA-256 hex),
  ``creator_seat``, ``settings`` (JSON: bot delay…),
  ``created`` (UTC), ``active`` (UTC: the last connection opened or closed, join or bot
  seated; null until then; with the last action's ``created``, what ``--keep-idle`` reads).
* ``seats``: four rows a room: ``name``, ``kind`` (``open`` | ``human`` | ``bot``),
  ``bot_level``, ``token_hash`` (the SHA-256 hex of the seat token: the token itself is never
  stored), ``connected``.
* ``actions``: the action log, ``(room_id, seq)`` from 1: ``seat``, ``action`` (record text),
  ``client_seq`` (the sequence number the client sent, None for a bot), ``created``. A room is
  rebuilt by replaying it on ``Game(rules, seed)``.
* ``games``: the :class:`~belote.table.store.GameStore` records (``belote-game/1`` JSON text),
  by id, with their table ``settings`` and ``finished``.

Written for any SQLAlchemy database: SQLite (the default) and PostgreSQL
(``postgresql+psycopg://…``) are the two tested.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
)
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS = Path(__file__).parent / "migrations"


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    pass


class RoomRow(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True, index=True)
    preset: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    ended: Mapped[bool] = mapped_column(Boolean, default=False)
    seed: Mapped[str] = mapped_column(Text)
    commitment: Mapped[str] = mapped_column(String(64))
    creator_seat: Mapped[int] = mapped_column(Integer)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    active: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(8))
    bot_level: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    connected: Mapped[bool] = mapped_column(Boolean, default=False)


class ActionRow(Base):
    __tablename__ = "actions"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"),
                                         primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    client_seq: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    preset: Mapped[str] = mapped_column(String(40))
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    record: Mapped[str] = mapped_column(Text)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 onupdate=utcnow)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Every SQLite connection: foreign keys on, a write-ahead log, a commit durable once it
    returns (``synchronous=FULL``), and a wait for a busy lock rather than an error."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def sqlite_file(url: str | URL) -> Path | None:
    """The file of an SQLite database URL (``sqlite:///PATH``: relative to the current
    folder; ``sqlite:////PATH`` absolute); None for another database, an in-memory one
    (``sqlite://``, ``sqlite:///:memory:``) or a URI filename (``?uri=true``). Raises
    ``sqlalchemy.exc.ArgumentError`` for a URL it cannot read."""
    url = make_url(url)
    if url.get_backend_name() != "sqlite" or url.query.get("uri"):
        return None
    database = url.database
    if not database or database == ":memory:":
        return None
    return Path(database)


#: the files of one SQLite database in WAL mode: the database and its two companions
SQLITE_SUFFIXES = ("", "-wal", "-shm")


def make_private(path: Path) -> None:
    """Read and write for the owner only (0600) on ``path`` and its ``-wal`` and ``-shm``
    files, those that exist and belong to this process's user (a file of another user is
    left alone: it cannot be changed). POSIX only (elsewhere nothing is done). Raises
    OSError when a mode cannot be changed."""
    if os.name != "posix":
        return
    for suffix in SQLITE_SUFFIXES:
        name = f"{path}{suffix}"
        try:
            st = os.stat(name)
        except FileNotFoundError:
            continue
        if st.st_mode & 0o077 and st.st_uid == os.geteuid():
            os.chmod(name, 0o600)


def make_engine(url: str) -> Engine:
    """An engine on ``url`` (``sqlite:///PATH``, ``postgresql+psycopg://…``). An SQLite file
    is opened once here with the umask 077, so that a new database (and its ``-wal`` and
    ``-shm`` files, which SQLite creates with the database's mode) is born 0600: it holds the
    secret seed of every table in progress; an existing one is made 0600 too
    (:func:`make_private`). Its folder must exist (a typo in a path must not make a fresh
    empty database). Raises ``sqlalchemy.exc.ArgumentError`` for a URL it cannot read,
    ``ModuleNotFoundError`` for a driver not installed, ``sqlalchemy.exc.OperationalError``
    for a file that cannot be opened, OSError for a mode that cannot be changed."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
    event.listen(engine, "connect", _sqlite_pragmas)
    path = sqlite_file(url)
    if path is not None:
        old = os.umask(0o077)
        try:
            with engine.connect():  # creates the file, and its -wal and -shm (WAL mode)
                pass
        finally:
            os.umask(old)
        make_private(path)
    return engine


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic ``upgrade head``, the migrations
    shipped in the package). Raises ``sqlalchemy.exc.OperationalError`` when the database
    cannot be reached or written."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_database(url: str) -> Engine:
    """:func:`make_engine` then :func:`migrate`."""
    engine = make_engine(url)
    migrate(engine)
    return engine


__all__ = ["ActionRow", "Base", "GameRow", "MIGRATIONS", "RoomRow", "SQLITE_SUFFIXES", "SeatRow",
           "make_engine", "make_private", "migrate", "open_database", "sqlite_file", "utcnow"]
