"""The throwaway PostgreSQL server of the tests (``tests/support/postgres.py``): a real
server answers SQLAlchemy on 127.0.0.1, and the fixture fails (never skips silently) when
PostgreSQL is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from support import postgres


def test_the_fixture_serves_a_real_postgresql_database(postgres_url):
    """The throwaway server's address, database and role are the fixture's own unless
    BELOTE_TEST_POSTGRES_URL names another server (then they are that URL's)."""
    url = make_url(postgres_url)
    own_server = not os.environ.get(postgres.URL_ENV)
    assert url.drivername == "postgresql+psycopg"
    if own_server:
        assert url.host == "127.0.0.1" and url.database == "belote"
    engine = create_engine(postgres_url)
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE probe (n integer PRIMARY KEY, word text)"))
            conn.execute(text("INSERT INTO probe VALUES (1, 'belote'), (2, 'rebelote')"))
        with engine.connect() as conn:
            assert conn.execute(text("SELECT word FROM probe ORDER BY n")).scalars().all() \
                == ["belote", "rebelote"]
            if own_server:
                assert conn.execute(text("SELECT current_user")).scalar() == "belote"
            assert conn.execute(text("SHOW server_version")).scalar()
            conn.execute(text("DROP TABLE probe"))
            conn.commit()
    finally:
        engine.dispose()


def test_missing_binaries_fail_with_a_clear_message(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(postgres, "Path", _NoSystemPostgres)
    with pytest.raises(postgres.PostgresUnavailable) as e:
        postgres.find_bin_dir()
    assert "apt-get install postgresql" in str(e.value) and postgres.SKIP_ENV in str(e.value)


class _NoSystemPostgres(type(Path())):  # type: ignore[misc]
    """A Path whose /usr/lib/postgresql holds nothing."""

    def glob(self, pattern):
        return iter(()) if str(self) == "/usr/lib/postgresql" else super().glob(pattern)


def test_the_fixture_fails_and_does_not_skip_without_postgresql(tmp_path):
    """A session whose PostgreSQL is missing reports an error, not a skip; with
    BELOTE_TEST_NO_POSTGRES=1 it skips with the reason."""
    here = Path(__file__).parent
    probe = tmp_path / "test_probe.py"
    probe.write_text("def test_probe(postgres_url):\n    pass\n", encoding="utf-8")
    (tmp_path / "conftest.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(here)!r})\n"
        "from support import postgres\n"
        "def _missing():\n"
        "    raise postgres.PostgresUnavailable('PostgreSQL is needed by these tests and was "
        "not found')\n"
        "postgres.find_bin_dir = _missing\n"
        f"exec(open({str(here / 'conftest.py')!r}).read())\n", encoding="utf-8")
    env = {**os.environ, "HOME": str(tmp_path)}
    env.pop(postgres.SKIP_ENV, None)
    env.pop(postgres.URL_ENV, None)
    run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir",
           str(tmp_path), str(probe)]
    r = subprocess.run(run, capture_output=True, text=True, cwd=tmp_path, env=env,
                       timeout=120, check=False)
    assert r.returncode != 0 and "1 error" in r.stdout, r.stdout
    assert "PostgreSQL is needed by these tests and was not found" in r.stdout
    env[postgres.SKIP_ENV] = "1"
    r = subprocess.run(run + ["-rs"], capture_output=True, text=True, cwd=tmp_path, env=env,
                       timeout=120, check=False)
    assert r.returncode == 0 and "1 skipped" in r.stdout, r.stdout
    assert "BELOTE_TEST_NO_POSTGRES=1: the PostgreSQL tests are skipped" in r.stdout
