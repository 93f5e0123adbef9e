"""The database floor (docs/architecture.md): one declarative :class:`~.base.Base` for every
table, the engine on a URL (:mod:`.connect`: an SQLite file by default, PostgreSQL), the
Alembic chain (:mod:`.migrations`, run at every opening) and the models by owner:

* :mod:`.rooms`: the online tables (``rooms``, ``seats``, ``actions``; :mod:`belote.server`);
* :mod:`.games`: the saved games (``games``; the server's GameStore);
* :mod:`.concours`: the club concours (``concours``, ``concours_entrants``,
  ``concours_parties``, ``concours_scores``, ``concours_log``; :mod:`belote.concours`).

Floor: below :mod:`belote.concours` and :mod:`belote.server`, which use it; imports
:mod:`belote.engine` (its errors) only.
"""

from __future__ import annotations

from . import concours, games, rooms
from .base import Base, utcnow
from .connect import (
    DEFAULT_FILE,
    MIGRATIONS,
    SQLITE_SUFFIXES,
    default_url,
    make_engine,
    make_private,
    migrate,
    open_database,
    open_url,
    safe_url,
    sqlite_file,
)

__all__ = ["DEFAULT_FILE", "MIGRATIONS", "SQLITE_SUFFIXES", "Base", "concours", "default_url",
           "games", "make_engine", "make_private", "migrate", "open_database", "open_url",
           "rooms", "safe_url", "sqlite_file", "utcnow"]
