"""Fixtures of the browser tests: Debian's Chromium under Playwright (tests/support/browser.py)
and a real ``belote serve`` process on loopback (tests/server/serverkit.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from serverkit import ServerProcess  # noqa: E402
from support.browser import SKIP_ENV, ChromiumUnavailable, find_chromium, launch_args  # noqa: E402


@pytest.fixture(scope="module")
def browser():
    """One Chromium for a module's tests (not the session's: Playwright's sync API keeps an
    event loop running in the thread until it stops, and the TUI's tests, run later on the same
    xdist worker, need ``asyncio.run``). Fails when Chromium is missing, unless
    ``BELOTE_TEST_NO_BROWSER=1`` (then the browser tests are skipped)."""
    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip(f"{SKIP_ENV}=1: the browser tests are skipped")
    try:
        program = find_chromium()
    except ChromiumUnavailable as e:
        pytest.fail(str(e), pytrace=False)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(program), args=launch_args())
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory):
    """A server for a module's browser tests: SQLite, bots at a short delay."""
    proc = ServerProcess(f"sqlite:///{tmp_path_factory.mktemp('web') / 'web.db'}",
                         "--bot-delay", "0.02")
    yield proc
    proc.stop()


@pytest.fixture
def page_errors():
    """A list the tests fill with the page's script errors (none is allowed)."""
    return []
