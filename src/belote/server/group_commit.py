"""Group commit: the writes of many threads share transactions (the store's: see
:mod:`belote.server.store`, whose docstring tells the protocol). A write is queued; if no
transaction is being written, its caller becomes the *leader*, takes every write queued,
applies them all in one session and commits once (one ``fsync`` for the lot), then wakes
their callers and hands the lead to the oldest write queued meanwhile. Knows no SQL: the
store gives it the transaction (``begin``), the rooms' lock and the errors worth a retry."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import spans

#: a write of a batch: what it does in the batch's session (it must not commit; what it
#: returns is dropped)
Write = Callable[[Any], object]


class _Wake:
    """``threading.Event``'s ``set``/``wait`` for one waiter, without the condition an Event
    builds (3 % of the server's time under load): a held lock, released by the first
    :meth:`set` (a write's batch end may set it again after a hand-off of the lead; never
    two at once)."""

    __slots__ = ("_lock", "_set")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lock.acquire()
        self._set = False

    def set(self) -> None:
        if not self._set:
            self._set = True
            self._lock.release()

    def wait(self) -> None:
        self._lock.acquire()


@dataclass(eq=False)
class _Pending:
    """A queued write; ``woken`` is set once it is committed (``done``, with ``error``) or,
    not done, when its caller is to lead the next batch (``lead``)."""

    write: Write
    room: str | None = None
    done: bool = False
    lead: bool = False
    error: BaseException | None = None
    woken: _Wake = field(default_factory=_Wake)


@dataclass(eq=False)
class GroupCommit:
    """Writes of many threads committed together (see the module docstring): :meth:`run`
    queues a write and returns once a transaction holding it is committed.

    ``begin`` opens the batch's transaction: a context manager giving a session (the
    store's: :class:`~.store.SqlStore`), which commits when left normally and rolls back
    when left by an exception; when a batch of several writes fails with an error
    ``retry_alone`` accepts (a constraint of one write), each write is tried again alone.
    ``lock``, when given, is called first in it with the ids of the rooms the batch's
    writes name, sorted (each once), so that every batch takes what its writes lock in one
    order. ``batches`` and ``writes`` count the transactions committed or failed and the
    writes they held.

    Waking. A batch's end wakes its own callers only, and hands the lead to the oldest
    write queued meanwhile (its caller wakes and takes the queue): the callers waiting for a
    later batch stay asleep (docs/performance.md, "Latency at 1,000 tables")."""

    begin: Callable[[], contextlib.AbstractContextManager[Any]]
    lock: Callable[[Any, list[str]], object] | None = None
    retry_alone: Callable[[BaseException], bool] = lambda _error: False
    batches: int = 0
    writes: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _queue: list[_Pending] = field(default_factory=list)
    _busy: bool = False

    @property
    def queued(self) -> int:
        """How many writes wait for the next batch."""
        with self._lock:
            return len(self._queue)

    def run(self, write: Write, room: str | None = None) -> None:
        """Apply ``write`` (of the room ``room``: its rows only) in a batch's session;
        return once that batch is committed.
        Raises what failed the write: the batch's error (the same exception object for
        every caller of the batch: the database's, OSError…; none of the batch's writes is
        then in the database), or, the batch retried write by write (``retry_alone``), its
        own transaction's."""
        mine = _Pending(write, room)
        with self._lock:
            self._queue.append(mine)
            mine.lead = not self._busy  # no batch under way: this caller leads the next
            self._busy = True
        if not mine.lead:
            mine.woken.wait()  # committed, or handed the lead (then not done)
        if not mine.done:
            self._lead()
        if mine.error is not None:
            raise mine.error

    def _lead(self) -> None:
        """Take every queued write (the leader's own among them), commit them in one
        transaction, wake their callers, and hand the lead to the oldest write queued
        meanwhile (or leave none busy)."""
        with self._lock:
            batch, self._queue = self._queue, []
        errors: list[BaseException | None] = [None] * len(batch)
        tried = 1
        try:
            spans.note_batch(len(batch))
            error = self._commit(batch)
            errors = [error] * len(batch)
            # another constraint than the log's number (which refuses its own row only:
            # SqlStore._insert_actions) failed the batch: each write alone
            if error is not None and len(batch) > 1 and self.retry_alone(error):
                errors = [self._commit([p]) for p in batch]
                tried += len(batch)
        except BaseException as raised:  # the batch's callers hear it too, and are woken
            errors = [raised] * len(batch)
            raise
        finally:
            with self._lock:
                self.batches += tried
                self.writes += len(batch)
                for p, e in zip(batch, errors, strict=True):
                    p.done, p.error = True, e
                nxt = self._queue[0] if self._queue else None
                if nxt is None:
                    self._busy = False
                else:
                    nxt.lead = True
            for p in batch:
                p.woken.set()
            if nxt is not None:
                nxt.woken.set()

    def _commit(self, batch: list[_Pending]) -> BaseException | None:
        """Apply and commit ``batch`` in one transaction; the exception that failed it."""
        try:
            with self.begin() as session:
                rooms = sorted({p.room for p in batch if p.room is not None})
                if self.lock is not None and rooms:
                    self.lock(session, rooms)
                for p in batch:
                    p.write(session)
        except BaseException as e:  # every caller of the batch hears it (run)
            return e
        return None


__all__ = ["GroupCommit", "Write"]
