"""The garbage collector of a serving process: what has lived a while is frozen, so that
the cyclic collector's pauses do not grow with the tables held.

CPython's cyclic collector stops every thread while it walks a generation; its oldest
generation holds every long-lived object (each table's game, views, seats and sockets), so a
full collection walks the whole heap, and it runs whenever that generation has grown by a
quarter. :class:`Collector` moves every object that has survived into the permanent generation
(``gc.freeze()``, a constant-time splice) every :data:`FREEZE_EVERY` seconds: the collections
in between walk only what was made since. Reference counting still frees a frozen object
that nothing refers to; only a *cycle* that became garbage after it was frozen waits for the
full collection, which :class:`Collector` runs every :data:`FULL_EVERY` seconds
(``gc.unfreeze()``, ``gc.collect()``, then freeze again): one pause of the whole heap that
often instead of one every few seconds. A daemon thread; :func:`start` once a process.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

#: seconds between two freezes of what survived (an automatic full collection walks what
#: survived since the last freeze)
FREEZE_EVERY = 2.0
#: seconds between two full collections (frozen cycles freed)
FULL_EVERY = 600.0


class Collector:
    """Freezes the survivors every ``freeze_every`` seconds and runs a full collection every
    ``full_every`` seconds, on its own daemon thread once :meth:`start` is called;
    :meth:`tick` is one step (``now``: seconds of ``clock``, ``time.monotonic`` by default;
    the first full collection is due ``full_every`` seconds after the collector is made)."""

    def __init__(self, freeze_every: float = FREEZE_EVERY,
                 full_every: float = FULL_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.freeze_every, self.full_every = freeze_every, full_every
        self._clock = clock
        self._last_full = clock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: full collections run, and the objects the last one found unreachable
        self.full_runs = 0
        self.last_freed = 0

    def tick(self, now: float) -> None:
        """Freeze what survived; first, when ``full_every`` has passed since the last full
        collection, unfreeze everything and collect it all."""
        if now - self._last_full >= self.full_every:
            self._last_full = now
            gc.unfreeze()
            t0 = time.perf_counter()
            self.last_freed = gc.collect()
            self.full_runs += 1
            log.debug("full collection: %d unreachable, %.0f ms", self.last_freed,
                      (time.perf_counter() - t0) * 1e3)
        gc.freeze()

    def start(self) -> None:
        """Freeze what the process holds now (its modules, the rooms restored) and go on
        every ``freeze_every`` seconds on a daemon thread until :meth:`stop`."""
        if self._thread is not None:
            return
        gc.collect()
        gc.freeze()
        self._thread = threading.Thread(target=self._run, name="belote-collector",
                                        daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.freeze_every):
            self.tick(self._clock())

    def stop(self) -> None:
        """Stop the thread, and give the frozen objects back to the collector."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
            self._thread = None
        gc.unfreeze()


__all__ = ["FREEZE_EVERY", "FULL_EVERY", "Collector"]
