"""The one declarative base of every table of the database, and the time its rows carry."""

from __future__ import annotations

import datetime as dt

from sqlalchemy.orm import DeclarativeBase


def utcnow() -> dt.datetime:
    """Now, in UTC with its zone (the ``created`` / ``updated`` columns)."""
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    """The base of every model (:mod:`.rooms`, :mod:`.games`, :mod:`.concours`): one
    metadata, the schema the Alembic chain (:mod:`belote.db.migrations`) builds."""


__all__ = ["Base", "utcnow"]
