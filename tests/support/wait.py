"""Waiting in a test without a fixed sleep: poll a condition until a deadline.

A test on a loaded machine must not guess how long something takes. :func:`wait_until` polls
a condition until it holds or a deadline passes (then it fails, saying what it waited for);
:func:`stays_true` is for the rare check that something does *not* happen within a time the
code under test counts itself (a takeover clock of another process, a poll's period): it polls
the condition for that long and fails as soon as it stops holding.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

#: seconds a test waits for what it expects by default (a loaded CI machine)
WAIT = 60.0
#: seconds between two looks at the condition
EVERY = 0.01


def wait_until(condition: Callable[[], T], timeout: float = WAIT, what: str = "a condition",
               every: float = EVERY) -> T:
    """Poll ``condition()`` every ``every`` seconds until it returns a true value, and return
    that value; raise ``AssertionError("waited <timeout> s for <what>")`` when ``timeout``
    seconds pass first (the condition is looked at once more at the deadline)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        time.sleep(every)


def stays_true(condition: Callable[[], object], seconds: float, what: str = "a condition",
               every: float = EVERY) -> None:
    """Poll ``condition()`` for ``seconds`` seconds; raise ``AssertionError`` naming ``what``
    the first time it is false. For what must not happen within a delay the code counts
    itself (the delay is the code's, not a guess of how long the machine takes)."""
    deadline = time.monotonic() + seconds
    while True:
        if not condition():
            raise AssertionError(f"no longer true: {what}")
        if time.monotonic() >= deadline:
            return
        time.sleep(every)


__all__ = ["EVERY", "WAIT", "stays_true", "wait_until"]
