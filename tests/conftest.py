"""Shared test set-up.

Every test gets its own data folder (``BELOTE_DATA_DIR``): nothing a test saves (a game in
progress, an archived game) may land in the user's real folder and replace their saved game.
Tests that need a particular folder set the variable again themselves."""

from __future__ import annotations

import fcntl
import os
import tempfile
from pathlib import Path

import pytest

# pytest-xdist's workers are started with COLUMNS=80 and LINES=24 in their environment, which
# a plain run has not: the CLI reads COLUMNS when it is imported (belote.cli.output: the width
# of tables off a terminal), so a worker would test a fixed 80-column output
if os.environ.get("PYTEST_XDIST_WORKER"):
    for _name in ("COLUMNS", "LINES"):
        os.environ.pop(_name, None)

# With PYTHONDONTWRITEBYTECODE=1 (some machines set it) every Python process the suite starts
# (xdist's workers, each ``belote serve`` and ``belote`` subprocess) compiled belote's sources
# again. Their bytecode goes to a folder of the suite's own instead (PYTHONPYCACHEPREFIX:
# nothing is written next to the sources); what the tests run is the same.
if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX") \
        and not os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.pop("PYTHONDONTWRITEBYTECODE")
    os.environ["PYTHONPYCACHEPREFIX"] = os.path.join(
        tempfile.gettempdir(), f"belote-tests-pycache-{os.getuid()}")


#: folders whose modules share a server (or a browser) between their tests: under xdist each
#: such module runs whole on one worker (``--dist loadgroup``), which starts its servers once
SHARED_SERVERS = ("server", "web")
#: the longest single tests (``pytest --durations``), started right after the groups so that
#: no worker is left alone with one of them at the end
LONG = ("test_solver.py::test_warm_up_compiles_before_timing",
        "test_expert.py::test_bench_ddloss_reports_losses_and_refuses_bad_options",
        "test_bots.py::test_bots_play_a_thousand_deals_legally",
        "test_expert.py::test_threads_change_the_time_not_the_card",
        "test_fixio.py::test_the_record_cap_holds_about_90000_random_deals",
        "test_tui.py::test_the_log_ends_on_the_new_deal_when_the_person_must_bid",
        "test_cli.py::test_subprocess_output_that_cannot_be_written_exits_4_and_closed_streams",
        "test_tui.py::test_every_preset_plays_to_the_result_screen",
        "test_postgres_fixture.py::test_the_fixture_fails_and_does_not_skip_without_postgresql",
        "test_solver.py::test_solver_agrees_with_minimax_on_endgames",
        "test_solver.py::test_any_window_gives_a_true_bound",
        "test_cli.py::test_subprocess_output_closed_early_exits_141")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Under xdist (``-n``): the tests of a module of :data:`SHARED_SERVERS` form one group
    (``xdist_group``: one worker, the module's server started once instead of once a worker);
    these groups come first, then the :data:`LONG` tests, then the others one by one
    (``--no-loadscope-reorder`` keeps this order), so that neither worker finishes alone on a
    long module or test. The order within a module is kept; a plain run (``-n 0``) keeps the
    collection's."""
    if not hasattr(config, "workerinput"):  # not an xdist worker
        return
    tests = Path(__file__).parent
    rank = []
    for item in items:
        where = item.path.relative_to(tests) if item.path.is_relative_to(tests) else None
        folder = where.parts[0] if where is not None else ""
        if folder in SHARED_SERVERS:
            item.add_marker(pytest.mark.xdist_group(f"{folder}/{item.path.name}"))
            rank.append(0)
        else:
            name = f"{where}::{item.originalname}" if where is not None else ""
            rank.append(1 if name in LONG else 2)
    order = sorted(range(len(items)), key=rank.__getitem__)  # stable
    items[:] = [items[k] for k in order]


@pytest.fixture(scope="session", autouse=True)
def _solver_compiled_once(request, tmp_path_factory):
    """Under xdist: the solver's kernel is compiled (or loaded from numba's disk cache) by one
    worker at a time, at the start, so that on an empty cache (a fresh clone) one worker
    compiles it and the other loads what it saved, instead of both compiling at once."""
    if not hasattr(request.config, "workerinput"):
        return
    lock = tmp_path_factory.getbasetemp().parent / "solver-compile.lock"
    with open(lock, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        from belote.solver import warm_up
        warm_up()


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
