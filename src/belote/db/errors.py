"""The database's errors and engine type, as the floors above name them (only :mod:`belote.db`
and the stores import SQLAlchemy: tests/test_architecture.py)."""

from __future__ import annotations

from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError, SQLAlchemyError

__all__ = ["ArgumentError", "Engine", "IntegrityError", "OperationalError", "SQLAlchemyError"]
