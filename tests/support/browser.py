"""Debian's Chromium for the browser tests (issue 18 item 6), driven by Playwright for Python.

:func:`find_chromium` returns the browser program: ``$BELOTE_CHROMIUM``, else ``chromium`` (or
``chromium-browser``) on ``$PATH`` (Debian's ``chromium`` package; ``.ci/run`` installs it).
Playwright's own downloaded browsers are not used: the tests run offline. As root, Chromium
needs ``--no-sandbox``.

The ``browser`` fixture (``tests/web/conftest.py``) fails when no Chromium is found, unless
``BELOTE_TEST_NO_BROWSER=1`` asks to skip the browser tests.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: set to 1 to skip the browser tests (they fail when Chromium is missing otherwise)
SKIP_ENV = "BELOTE_TEST_NO_BROWSER"
#: a Chromium program to use instead of the one on $PATH
PROGRAM_ENV = "BELOTE_CHROMIUM"


class ChromiumUnavailable(RuntimeError):
    """No Chromium program was found (the message says where it looked)."""


def find_chromium() -> Path:
    """The Chromium program. Raises :class:`ChromiumUnavailable` naming what was searched."""
    named = os.environ.get(PROGRAM_ENV)
    if named:
        if Path(named).exists():
            return Path(named)
        raise ChromiumUnavailable(f"{PROGRAM_ENV}={named}: no such program")
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return Path(found)
    raise ChromiumUnavailable("no chromium on $PATH: install Debian's chromium package "
                              f"(apt-get install chromium), set {PROGRAM_ENV}, or set "
                              f"{SKIP_ENV}=1 to skip the browser tests")


def launch_args() -> list[str]:
    """Chromium's arguments: no sandbox as root (Chromium refuses to start otherwise)."""
    return ["--no-sandbox"] if os.geteuid() == 0 else []
