"""One clock thread for every room's deadlines (a person's takeover clock).

A ``threading.Timer`` a deadline is one OS thread each (17.5 KiB resident, 8 MiB of stack
reserved): 2,000 tables whose people are not connected held 8,000 of them (bench/server.py,
docs/performance.md "Server"). :class:`Clock` keeps the deadlines in a heap, waited on by one
daemon thread started at the first :meth:`Clock.call_later`; a callback runs on that thread,
so it must not block for long (a takeover only seats a bot). It is the
:class:`~belote.table.session.SessionClock` of every room's session.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


def _nothing(*_args: Any) -> None:
    """A cancelled alarm's callback."""


class Alarm:
    """A deadline of a :class:`Clock`; :meth:`cancel` before it is due and it never runs."""

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.fn, self.args = fn, args
        self.cancelled = False

    def cancel(self) -> None:
        """Never run it; let go of its callback at once (a cancelled alarm stays in the
        heap until its time, and must not keep its room, dropped from memory, alive)."""
        self.cancelled = True
        self.fn, self.args = _nothing, ()


class Clock:
    """Deadlines in seconds of ``time.monotonic``, run in due order (ties: in the order they
    were set) on the clock's one thread; a callback that raises is logged, and the clock goes
    on."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int, Alarm]] = []
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def now(self) -> float:
        """The clock's time: seconds of ``time.monotonic``."""
        return time.monotonic()

    def call_later(self, delay: float, fn: Callable[..., Any], *args: Any) -> Alarm:
        """Run ``fn(*args)`` in ``delay`` seconds (>= 0); returns its :class:`Alarm`."""
        alarm = Alarm(fn, args)
        with self._cond:
            heapq.heappush(self._heap, (time.monotonic() + delay, next(self._order), alarm))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="belote-clock",
                                                daemon=True)
                self._thread.start()
            self._cond.notify()
        return alarm

    def pending(self) -> int:
        """The deadlines set and not yet due, cancelled ones included."""
        with self._cond:
            return len(self._heap)

    def _next(self) -> Alarm:
        with self._cond:
            while True:
                now = time.monotonic()
                if self._heap and self._heap[0][0] <= now:
                    return heapq.heappop(self._heap)[2]
                self._cond.wait(self._heap[0][0] - now if self._heap else None)

    def _run(self) -> None:
        while True:
            alarm = self._next()
            if alarm.cancelled:
                continue
            try:
                alarm.fn(*alarm.args)
            except Exception:  # noqa: BLE001 -- one room's failure must not stop the others'
                log.exception("a clock callback failed")


#: the server's clock (every room's takeover deadlines)
CLOCK = Clock()

__all__ = ["CLOCK", "Alarm", "Clock"]
