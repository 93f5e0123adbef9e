"""Fixtures of the server's tests: the database URL (one fixture, so that PostgreSQL joins
SQLite by one more parameter) and a real server process on loopback."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from serverkit import ServerProcess

#: the databases the tests run on; PostgreSQL joins once tests/support/postgres.py (a
#: throwaway cluster: initdb, pg_ctl) is there
DATABASES = ["sqlite"]
_PG = Path(__file__).resolve().parents[1] / "support" / "postgres.py"
if _PG.exists():
    DATABASES.append("postgresql")


def _postgres_url() -> str:
    spec = importlib.util.spec_from_file_location("belote_test_postgres", _PG)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.postgres_url())


def make_url(kind: str, folder: Path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{folder / 'server.db'}"
    return _postgres_url()


@pytest.fixture(scope="module", params=DATABASES)
def database_url(request, tmp_path_factory) -> str:
    """A fresh database for a test module: an SQLite file, or a PostgreSQL database."""
    return make_url(request.param, tmp_path_factory.mktemp("db"))


@pytest.fixture(scope="module")
def server(database_url):
    """One server for a module's tests (bots at once, a takeover after 60 s)."""
    proc = ServerProcess(database_url)
    yield proc
    proc.stop()
