"""Fixtures of the server's tests: the database URL (one fixture, parametrized: SQLite, and
PostgreSQL when the suite has one) and a real server process on loopback.

PostgreSQL joins the parameters when ``tests/support/postgres.py`` is there (its session
fixture ``postgres_url`` starts a throwaway cluster) or when ``BELOTE_TEST_POSTGRES_URL``
names a running server; each test module then gets a database of its own on it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from serverkit import ServerProcess

#: a PostgreSQL server to use (the name tests/support/postgres.py reads too)
URL_ENV = "BELOTE_TEST_POSTGRES_URL"
DATABASES = ["sqlite"]
if (Path(__file__).resolve().parents[1] / "support" / "postgres.py").exists() or \
        os.environ.get(URL_ENV):
    DATABASES.append("postgresql")


def _postgres_database(request) -> str:
    """A new, empty database on the suite's PostgreSQL server; its URL."""
    from support.postgres import new_database
    return new_database(os.environ.get(URL_ENV) or request.getfixturevalue("postgres_url"))


@pytest.fixture(scope="module", params=DATABASES)
def database_url(request, tmp_path_factory) -> str:
    """A fresh database for a test module: an SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('db') / 'server.db'}"
    return _postgres_database(request)


@pytest.fixture(params=DATABASES)
def fresh_url(request, tmp_path) -> str:
    """An empty database of the test's own (SQLite, PostgreSQL)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.db'}"
    return _postgres_database(request)


@pytest.fixture(scope="module")
def server(database_url):
    """One server for a module's tests (bots at once, a takeover after 60 s)."""
    proc = ServerProcess(database_url)
    yield proc
    proc.stop()
