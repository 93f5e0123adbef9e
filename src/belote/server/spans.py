"""Where an action's time goes inside the server: timestamps of each step of one action, kept
only when the environment variable :data:`ENV` names a file (off otherwise: one ``None`` test
a step).

An action's span is a dict of ``time.perf_counter()`` readings (seconds) under these keys, in
the order they happen:

* ``recv``: its frame read on the event loop (:mod:`belote.server.app`);
* ``thread``: the executor's thread started :meth:`Room.act <belote.server.rooms.Room.act>`;
* ``log``: the journal began its write (the table's lock held, the action judged);
* ``lead`` (when it led its group commit, with ``batch`` its size): its batch began;
* ``logged``: the write was committed (the group commit returned);
* ``queued``: the action's ``action`` event was handed to the actor's socket (any thread);
* ``acted``: :meth:`Room.act` returned (every event of the action handed to every socket);
* ``loop``: the event loop took the result of the thread back;
* ``sent``: the actor's ``action`` event was written to its socket (on the loop).

The span follows the action through a :mod:`contextvars` variable (with spans on, the
socket's action thread runs in a copy of the loop's context: ``sockets.Actions.run``).
:func:`dump` writes every span as one JSON line (``{"room", "seat", "seq"}`` and the
readings), with the garbage collector's pauses (``{"gc": generation, "start", "ms"}``) and
the event loop's lag (``{"lag_ms", "at"}``, how late a 50 ms timer fired), when the server
stops; ``bench/server.py --spans`` reads it.
Memory is bounded: the last :data:`KEPT` spans, pauses and lags are kept (the older ones
dropped).
"""

from __future__ import annotations

import contextvars
import gc
import json
import os
import threading
import time
from collections import deque
from typing import Any

#: the environment variable naming the file the spans are written to
ENV = "BELOTE_SPANS"

#: the span of the action this context is applying (None: none, or spans are off)
CURRENT: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "belote_span", default=None)

#: how many spans (and as many pauses, as many lags) are kept: the last ones
KEPT = 100_000

_path = os.environ.get(ENV) or None
_spans: deque[dict[str, Any]] = deque(maxlen=KEPT)
_pauses: deque[dict[str, Any]] = deque(maxlen=KEPT)
_lags: deque[dict[str, Any]] = deque(maxlen=KEPT)
_lock = threading.Lock()
_gc_start = [0.0]


def enabled() -> bool:
    """Whether spans are kept (:data:`ENV` set when the module was imported)."""
    return _path is not None


def begin(room: str, seat: int, seq: int, received: float) -> dict[str, Any] | None:
    """A new span for action ``seq`` of ``seat`` in ``room``, its frame read at ``received``
    (``perf_counter`` seconds), kept; None when spans are off. The caller makes it current
    while the action is applied (``token = CURRENT.set(span)``, then ``CURRENT.reset(token)``)."""
    if _path is None:
        return None
    span: dict[str, Any] = {"room": room, "seat": seat, "seq": seq, "recv": received}
    with _lock:
        _spans.append(span)
    return span


def mark(key: str) -> None:
    """Note the time of step ``key`` in the current span (nothing when there is none, or when
    the step is noted already)."""
    span = CURRENT.get()
    if span is not None and key not in span:
        span[key] = time.perf_counter()


def note_batch(size: int) -> None:
    """The current action's log write leads a group commit of ``size`` writes (its
    ``lead`` time and ``batch`` size noted; the action's other writes, a game's record, are
    not noted)."""
    span = CURRENT.get()
    if span is not None and "log" in span and "logged" not in span:  # its log write's batch
        span["lead"] = time.perf_counter()
        span["batch"] = size


def _on_gc(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _gc_start[0] = time.perf_counter()
    else:
        ms = (time.perf_counter() - _gc_start[0]) * 1e3
        if ms >= 1.0:
            _pauses.append({"gc": info.get("generation"), "start": _gc_start[0],
                            "ms": round(ms, 3)})


async def watch_lag(period: float = 0.05) -> None:
    """Run on the event loop while the server serves: note each time a ``period`` timer fires
    more than 5 ms late (the loop was busy, or the GIL elsewhere)."""
    import asyncio
    while True:
        t0 = time.perf_counter()
        await asyncio.sleep(period)
        late = (time.perf_counter() - t0 - period) * 1e3
        if late >= 5.0:
            _lags.append({"lag_ms": round(late, 3), "at": t0 + period})


def start() -> None:
    """Begin noting the garbage collector's pauses (when spans are on)."""
    if _path is not None and _on_gc not in gc.callbacks:
        gc.callbacks.append(_on_gc)


def dump() -> None:
    """Write every span, pause and lag noted to the file :data:`ENV` names (when spans are
    on)."""
    if _path is None:
        return
    with _lock, open(_path, "w") as f:
        for row in (*_spans, *_pauses, *_lags):
            f.write(json.dumps(row) + "\n")


__all__ = ["CURRENT", "ENV", "KEPT", "begin", "dump", "enabled", "mark", "note_batch", "start",
           "watch_lag"]
