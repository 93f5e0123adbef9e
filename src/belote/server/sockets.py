"""A WebSocket's outgoing side and the threads where its actions run, for
:mod:`belote.server.app`: one :class:`Outbox` a loop (messages from any thread, the loop
woken once for all those queued meanwhile), one :class:`Socket` a connection (its queue,
sent in order by one task), and :class:`Actions` (a socket's action on a thread, its result
told back through the outbox)."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import WebSocket

from . import spans

log = logging.getLogger("belote.server.app")

#: messages waiting for one client before it is closed (it reads nothing)
MAX_QUEUED = 1000
#: whether each action's steps are timed (:mod:`.spans`, ``BELOTE_SPANS``)
_SPANS = spans.enabled()


class Outbox:
    """Messages from any thread to the sockets of one event loop, in the order they were
    queued: the loop is woken once for all the messages queued until it runs (waking it,
    ``call_soon_threadsafe``, writes to its self-pipe: a system call that, once a message,
    took a third of the server's time under load)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._items: deque[tuple[Socket | None, object, dict[str, Any] | None]] = deque()
        self._lock = threading.Lock()
        self._woken = False

    def put(self, socket: Socket, message: object) -> None:
        span = None
        if _SPANS and (span := spans.CURRENT.get()) is not None:  # the actor's first message
            if span["seat"] != socket.seat or "queued" in span:
                span = None
            else:
                span["queued"] = time.perf_counter()
        self._queue(socket, message, span)

    def call(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` on the loop, after the messages queued before it."""
        self._queue(None, callback, None)

    def _queue(self, socket: Socket | None, item: object,
               span: dict[str, Any] | None) -> None:
        with self._lock:
            self._items.append((socket, item, span))
            if self._woken:
                return
            self._woken = True
        with contextlib.suppress(RuntimeError):  # the loop is closing
            self.loop.call_soon_threadsafe(self._deliver)

    def _deliver(self) -> None:
        with self._lock:
            items, self._items = self._items, deque()
            self._woken = False
        for socket, message, span in items:
            try:
                if socket is None:
                    message()  # type: ignore[operator]  # a callable of call()
                else:
                    socket._put(message, span)
            except Exception:  # a bug: logged, and the other items still delivered
                log.exception("a message or an action's result could not be delivered")


#: how a socket's handler runs an action: ``await act(call)``
Act = Callable[[Callable[[], Any]], Awaitable[Any]]


class Actions:
    """The threads where the sockets' actions run (:meth:`Room.act <.rooms.Room.act>`: it
    waits for its group commit), lighter than the loop's executor (``asyncio.to_thread``: a
    context copy, two chained futures and a wake-up of the loop an action, a tenth of the
    server's time under load): a queue of jobs, up to ``limit`` threads started as needed
    (one gone after ``idle`` seconds without a job), each result told to the loop through
    its :class:`Outbox` with the messages queued before it."""

    def __init__(self, limit: int, idle: float = 60.0) -> None:
        self.limit, self.idle = limit, idle
        # a job runs, then returns how to tell its caller (told once the thread is free)
        self._jobs: queue.SimpleQueue[Callable[[], Callable[[], None]]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads = 0
        self._free = 0  # threads done with a job and not promised another
        self._backlog = 0  # jobs queued while every thread ran one (the next done takes it)

    async def run(self, outbox: Outbox, call: Callable[[], Any]) -> Any:
        """``call()`` on one of the threads (in this task's context: :mod:`.spans` reads
        it); returns or raises what it did."""
        done: asyncio.Future[tuple[bool, Any]] = outbox.loop.create_future()
        context = contextvars.copy_context() if _SPANS else None

        def tell(result: tuple[bool, Any]) -> None:
            if not done.done():  # not cancelled meanwhile (the server stopping)
                done.set_result(result)

        def job() -> Callable[[], None]:
            try:
                result = (True, call() if context is None else context.run(call))
            except BaseException as e:  # noqa: BLE001 -- raised again on the loop
                result = (False, e)
            return lambda: outbox.call(lambda: tell(result))

        self._submit(job)
        ok, value = await done
        if not ok:
            raise value
        return value

    def _submit(self, job: Callable[[], Callable[[], None]]) -> None:
        self._jobs.put(job)
        with self._lock:
            if self._free:  # a thread coming back for a job takes it
                self._free -= 1
                return
            if self._threads >= self.limit:  # the first thread done takes it
                self._backlog += 1
                return
            self._threads += 1
        threading.Thread(target=self._work, name="belote-action", daemon=True).start()

    def _work(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=self.idle)
            except queue.Empty:
                with self._lock:
                    if self._free:  # no job promised to this thread: it ends
                        self._free -= 1
                        self._threads -= 1
                        return
                continue  # a job was promised to a free thread: wait for it
            tell = job()
            del job
            with self._lock:  # free before the caller hears: its next job finds this thread
                if self._backlog:
                    self._backlog -= 1
                else:
                    self._free += 1
            tell()
            del tell


class Socket:
    """One WebSocket's outgoing side: a queue that any thread fills (:meth:`send`, or
    :meth:`send_text` for a message written as JSON text already) through the loop's
    :class:`Outbox`, emptied in order by one task (:meth:`run`). A plain deque, and a
    future only while the task waits: an idle socket holds little (an ``asyncio.Queue`` is
    five deques), and no message once it is sent."""

    _CLOSE = object()

    def __init__(self, websocket: WebSocket, outbox: Outbox | None = None,
                 seat: int | None = None) -> None:
        self.websocket = websocket
        self.seat = seat  # whose messages (:mod:`.spans` times the actor's first)
        self.outbox = outbox or Outbox(asyncio.get_running_loop())
        self.queue: deque[object] = deque()
        self.overflowed = False
        self._ended = False  # the close is queued: nothing more is
        self._wakeup: asyncio.Future[None] | None = None  # while run() waits

    def send(self, message: dict[str, Any]) -> None:
        self.outbox.put(self, message)

    def send_text(self, text: str) -> None:
        self.outbox.put(self, text)

    def _put(self, message: object, span: dict[str, Any] | None = None) -> None:
        """On the loop: queue ``message``; a client that lets :data:`MAX_QUEUED` messages
        pile up (it reads nothing) is closed rather than let the server's memory grow. It
        reconnects to a fresh snapshot."""
        if self._ended:
            return
        if message is not self._CLOSE and len(self.queue) >= MAX_QUEUED:
            self.overflowed = True
            log.warning("a client reads nothing: %d messages queued, closing it", MAX_QUEUED)
            message = self._CLOSE
        self._ended = message is self._CLOSE
        self.queue.append(message if span is None else Timed(message, span))
        wakeup = self._wakeup
        if wakeup is not None and not wakeup.done():
            wakeup.set_result(None)

    def close(self) -> None:
        self.outbox.put(self, self._CLOSE)

    async def run(self) -> None:
        """Send what is queued, in order, until the close is sent (then the socket is
        closed); a socket gone ends it."""
        loop = asyncio.get_running_loop()
        with contextlib.suppress(Exception):  # a socket gone: the receiving side ends
            while True:
                if not self.queue:
                    self._wakeup = loop.create_future()
                    await self._wakeup
                    self._wakeup = None
                    continue
                message = self.queue.popleft()
                span: dict[str, Any] | None = None
                if isinstance(message, Timed):
                    timed = message
                    message, span = timed.message, timed.span
                    del timed
                if message is self._CLOSE:
                    await self.websocket.close()
                    return
                text = message if isinstance(message, str) else json.dumps(message,
                                                                           ensure_ascii=False)
                del message  # not kept while the socket waits
                await self.websocket.send_text(text)
                del text
                if span is not None:
                    span["sent"] = time.perf_counter()
                    span = None


class Timed:
    """A message queued with the span (:mod:`.spans`) of the action it tells its actor of."""

    __slots__ = ("message", "span")

    def __init__(self, message: object, span: dict[str, Any]) -> None:
        self.message, self.span = message, span


__all__ = ["MAX_QUEUED", "Act", "Actions", "Outbox", "Socket", "Timed"]
