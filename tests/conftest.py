"""Shared test set-up.

Every test gets its own data folder (``BELOTE_DATA_DIR``): nothing a test saves (a game in
progress, an archived game) may land in the user's real folder and replace their saved game.
Tests that need a particular folder set the variable again themselves."""

from __future__ import annotations

import os

import pytest

# pytest-xdist's workers are started with COLUMNS=80 and LINES=24 in their environment, which
# a plain run has not: the CLI reads COLUMNS when it is imported (belote.cli.output: the width
# of tables off a terminal), so a worker would test a fixed 80-column output
if os.environ.get("PYTEST_XDIST_WORKER"):
    for _name in ("COLUMNS", "LINES"):
        os.environ.pop(_name, None)


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path_factory.mktemp("belote-data")))


@pytest.fixture(scope="session")
def postgres_url():
    """The SQLAlchemy URL (``postgresql+psycopg://…``) of a throwaway PostgreSQL server for
    the whole session (``tests/support/postgres.py``), stopped at the end. Fails when
    PostgreSQL is not installed, unless ``BELOTE_TEST_NO_POSTGRES=1`` (then the test is
    skipped); ``BELOTE_TEST_POSTGRES_URL`` names a running server to use instead."""
    import os

    from support.postgres import SKIP_ENV, URL_ENV, PostgresUnavailable, start_cluster

    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip(f"{SKIP_ENV}=1: the PostgreSQL tests are skipped")
    if os.environ.get(URL_ENV):
        yield os.environ[URL_ENV]
        return
    try:
        cluster = start_cluster()
    except PostgresUnavailable as e:
        pytest.fail(str(e), pytrace=False)
    try:
        yield cluster.url
    finally:
        cluster.stop()
