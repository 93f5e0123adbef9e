"""Fixtures of the concours's tests: an SQLite file migrated as the server's, and a manager
on it."""

from __future__ import annotations

import pytest

from belote.concours.manager import Manager
from belote.concours.store import SqlConcoursStore
from belote.db import open_database


@pytest.fixture
def db_url(tmp_path):
    """A new SQLite database file's URL."""
    return f"sqlite:///{tmp_path / 'concours.db'}"


@pytest.fixture
def manager(db_url):
    """The organiser's operations on :func:`db_url`, migrated."""
    engine = open_database(db_url)
    yield Manager(SqlConcoursStore(engine))
    engine.dispose()
