"""Whether the server's storage can still be written (``GET /api/health``): a database that
answers ``SELECT 1`` may refuse every write (a full disk, a read-only file or server).

:func:`write_probe` tries a write that leaves nothing behind: on an SQLite file, a file of
:data:`PROBE_BYTES` written and synced beside the database (SQLite's own writes go to the
same file system, and a transaction rolled back never reaches the disk), then on every
database a write statement in a transaction that is rolled back (a read-only database or
server refuses it)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..db import sqlite_file

if TYPE_CHECKING:
    from .store import SqlStore

#: bytes written by the file probe: a few SQLite pages and their WAL frames, what one
#: action's commit needs
PROBE_BYTES = 64 * 1024


def write_probe(store: SqlStore) -> None:
    """Try a write on ``store`` that leaves nothing behind (see the module docstring).
    Raises OSError (``ENOSPC``, ``EROFS``, ``EACCES``…) or
    ``sqlalchemy.exc.SQLAlchemyError`` when the storage cannot be written."""
    path = sqlite_file(store.engine.url)
    if path is not None:
        _file_probe(path.with_name(f".{path.name}.probe-{os.getpid()}"))
    store.try_write()


def _file_probe(path: Path) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            data = memoryview(bytes(PROBE_BYTES))
            while data:  # a short write: the next one says why
                data = data[os.write(fd, data):]
            os.fsync(fd)
        finally:
            os.close(fd)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)


__all__ = ["PROBE_BYTES", "write_probe"]
