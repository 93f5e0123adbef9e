"""Opening the database: an engine on a URL (an SQLite file, the default, or PostgreSQL),
its schema brought to the newest revision (the Alembic chain of :mod:`belote.db.migrations`),
and a URL's failures worded as a refusal (:func:`open_url`).

Written for any SQLAlchemy database: SQLite (``sqlite:///PATH``, the default) and PostgreSQL
(``postgresql+psycopg://…``) are the two tested.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any, NoReturn

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Engine, make_url

from ..engine.errors import BeloteError

MIGRATIONS = Path(__file__).parent / "migrations"


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


#: connections an SQLite engine keeps by default (SQLAlchemy's pool size)
POOL_SIZE = 5


def make_engine(url: str, pool_size: int = POOL_SIZE) -> Engine:
    """An engine on ``url`` (``sqlite:///PATH``, ``postgresql+psycopg://…``). On SQLite
    its pool keeps ``pool_size`` connections, and as many more at once beyond them: a
    caller with N threads that may each read at once passes N, so that none waits for a
    connection (SQLite's are a file handle each; a PostgreSQL pool keeps SQLAlchemy's
    default, 5 and 10 more, the server's connections being counted). An SQLite file
    is opened once here with the umask 077, so that a new database (and its ``-wal`` and
    ``-shm`` files, which SQLite creates with the database's mode) is born 0600: it holds the
    secret seed of every table in progress; an existing one is made 0600 too
    (:func:`make_private`). Its folder must exist (a typo in a path must not make a fresh
    empty database). Raises ``sqlalchemy.exc.ArgumentError`` for a URL it cannot read,
    ``ModuleNotFoundError`` for a driver not installed, ``sqlalchemy.exc.OperationalError``
    for a file that cannot be opened, OSError for a mode that cannot be changed."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10},
                           pool_size=pool_size, max_overflow=pool_size)
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


def open_database(url: str, pool_size: int = POOL_SIZE) -> Engine:
    """:func:`make_engine` (``pool_size``) then :func:`migrate`."""
    engine = make_engine(url, pool_size)
    migrate(engine)
    return engine


#: the file of the default database in the data folder (``belote serve``, ``belote concours``)
DEFAULT_FILE = "server.db"


def default_url(folder: Path) -> str:
    """``sqlite:///<folder>/server.db``: the default database in the data folder ``folder``
    (:func:`belote.table.store.data_dir`)."""
    return f"sqlite:///{folder / DEFAULT_FILE}"


def safe_url(url: str) -> str:
    """``url`` without its password (for messages and logs)."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 -- a URL SQLAlchemy cannot read: shown as given
        return url


def open_url(url: str, pool_size: int = POOL_SIZE) -> Engine:
    """:func:`open_database` on ``url`` (``pool_size``), its failures as a refusal: raises
    BeloteError ``server.bad_database`` (``url`` without its password, ``reason``: the
    error's kind) when the URL cannot be read, its driver is missing, the database cannot
    be reached, written or migrated (a schema revision this version does not know: a newer
    belote's database, or another program's), or is neither SQLite (3.35 or newer) nor
    PostgreSQL."""
    from alembic.util.exc import CommandError
    from sqlalchemy.exc import SQLAlchemyError
    try:
        engine = open_database(url, pool_size)
    except (SQLAlchemyError, ModuleNotFoundError, OSError, CommandError) as e:
        _refuse(url, type(e).__name__)
    if engine.dialect.name not in ("sqlite", "postgresql"):
        engine.dispose()
        _refuse(url, f"not SQLite nor PostgreSQL: {engine.dialect.name}")
    if engine.dialect.name == "sqlite" and sqlite3.sqlite_version_info < SQLITE_AT_LEAST:
        engine.dispose()  # its inserts' RETURNING (the action log) needs 3.35
        _refuse(url, f"SQLite {sqlite3.sqlite_version}, older than 3.35")
    return engine


#: the oldest SQLite library the server's store works on (``INSERT … RETURNING``)
SQLITE_AT_LEAST = (3, 35, 0)


def _refuse(url: str, reason: str) -> NoReturn:
    shown = safe_url(url)
    raise BeloteError(f"the database cannot be used: {shown} ({reason})",
                      code="server.bad_database",
                      params={"url": shown, "reason": reason}) from None


__all__ = ["DEFAULT_FILE", "MIGRATIONS", "POOL_SIZE", "SQLITE_SUFFIXES", "default_url",
           "make_engine", "make_private", "migrate", "open_database", "open_url", "safe_url",
           "sqlite_file"]
