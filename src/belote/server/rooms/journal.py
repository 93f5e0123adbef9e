"""A room's action log: the table's journal, the actions logged and not yet heard, a log
that fails (the room ``broken``), and a race for a ``seq`` with another process.

Every action the table accepts is written to the action log (:meth:`SqlStore.append_action
<belote.server.store.SqlStore.append_action>`, committed) by the table's journal
(:class:`~belote.table.Table` ``journal=``: :meth:`Journal.write`), with its full record
string (a declaration's cards included: the log is the server's own, never sent), and
*before* any event of it is queued: a ``kill -9`` loses at most an action nobody heard of.
A write that fails stops the table (``server.storage_failed``, :attr:`Journal.broken`): the
action is never broadcast; :meth:`Rooms.recover <belote.server.rooms.Rooms.recover>` rebuilds
the room from its log (the log is the truth) once the store answers again. A write another
process made first (the log's primary key) is :data:`LOG_CONFLICT`: the room rebuilds its
game from the log (:attr:`Journal.stale`).

The journal runs under the table's lock and takes only its own lock (innermost: nothing else
is waited for while it is held), never the room's.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Iterable

from ...db.errors import IntegrityError
from ...engine.seats import Seat
from ...table import events as ev
from .. import spans
from ..errors import ServerError, error_line
from ..store import SqlStore

log = logging.getLogger("belote.server.rooms")

#: the code of an action whose ``seq`` another process logged first (the room then rebuilds
#: its game from the log and judges the action again: :meth:`Room.act
#: <belote.server.rooms.Room.act>`)
LOG_CONFLICT = "server.log_conflict"


def storage_failed() -> ServerError:
    """``server.storage_failed`` (503): the log could not be written."""
    return ServerError("the table's storage failed", code="server.storage_failed", status=503)


class ClientSeqs:
    """The last number each seat's client gave an action (``client_seq``), the one place
    that state lives: :meth:`claim` for an action of this process's connections
    (:meth:`Room.act <belote.server.rooms.Room.act>`), :meth:`note` for a row of the log
    (read back, or written by another process: :meth:`PeerSync.catch_up
    <belote.server.rooms.peers.PeerSync.catch_up>`), :meth:`last` for a seat's snapshot. Its
    own lock (innermost)."""

    def __init__(self, rows: Iterable[tuple[int, int, str, int | None]] = ()) -> None:
        self._lock = threading.Lock()
        self._last: dict[int, int] = {}
        for _seq, seat, _action, client_seq in rows:
            self.note(seat, client_seq)

    def claim(self, seat: int, client_seq: int) -> bool:
        """``seat``'s client numbers an action ``client_seq``: True, and it is the seat's
        last number now, when it is above every number seen; False for a number seen
        already (a duplicate: nothing changes)."""
        with self._lock:
            if client_seq <= self._last.get(seat, -1):
                return False
            self._last[seat] = client_seq
            return True

    def note(self, seat: int, client_seq: int | None) -> None:
        """A log row of ``seat`` numbered ``client_seq`` (None: a bot's, nothing noted)."""
        if client_seq is None:
            return
        with self._lock:
            self._last[seat] = max(client_seq, self._last.get(seat, -1))

    def last(self, seat: int | None) -> int | None:
        """``seat``'s last number (None: none yet, or a spectator's)."""
        if seat is None:
            return None
        with self._lock:
            return self._last.get(seat)

    def as_dict(self) -> dict[int, int]:
        """Every seat's last number (a copy)."""
        with self._lock:
            return dict(self._last)


class Journal:
    """The log of room ``room_id`` in ``store``, ``logged`` actions in it already.
    ``acting`` (thread-local): ``pending`` the ``(seat, client_seq)`` of the action
    :meth:`Room.act <belote.server.rooms.Room.act>` applies on this thread, ``replay`` the
    log row another process wrote that :meth:`Room.catch_up
    <belote.server.rooms.Room.catch_up>` replays; ``on_active`` is called after each write
    (the room's activity); ``clients`` the last number of each seat's client
    (:class:`ClientSeqs`, from the log's rows ``rows`` at first)."""

    def __init__(self, store: SqlStore, room_id: str, logged: int,
                 on_active: Callable[[], object] = lambda: None,
                 rows: Iterable[tuple[int, int, str, int | None]] = ()) -> None:
        self.store, self.room_id, self.on_active = store, room_id, on_active
        #: the last number of each seat's client
        self.clients = ClientSeqs(rows)
        self._lock = threading.Lock()
        #: the seq of the last action written (or replayed)
        self.logged = logged
        #: the actions logged that every connection has heard of (``EventMessage.log_seq``)
        self.log_seq = logged
        # (seq, seat, client_seq) of each action logged whose event is not delivered yet
        self._unheard: deque[tuple[int, int, int | None]] = deque()
        self.acting = threading.local()
        #: a write failed: the table stops (the room is rebuilt from the log)
        self.broken = False
        #: the game holds an action the log does not (another process logged its seq)
        self.stale = False

    def write(self, deal_index: int, seat: Seat, action: str) -> None:
        """The table's journal (under the table's lock, before the action's events): write
        action ``logged + 1``, committed, with the client's number when it is the action
        being applied on this thread (None for a bot's). Raises ``server.storage_failed``
        (the journal is broken; the table closes) when the write fails, :data:`LOG_CONFLICT`
        when another process wrote that seq (or a replayed row is out of step)."""
        pending = getattr(self.acting, "pending", None)
        self.acting.pending = None
        client_seq = pending[1] if pending is not None and pending[0] == seat else None
        replayed = getattr(self.acting, "replay", None)
        with self._lock:
            if self.broken:
                raise storage_failed()
            seq = self.logged + 1
            if replayed is not None:  # logged by another process already (catch_up)
                if replayed != seq:  # this copy is out of step with the log: rebuild it
                    self.stale = True
                    raise ServerError(f"log row {replayed} replayed after row {seq - 1}",
                                      code=LOG_CONFLICT, status=409)
                client_seq = None  # its process acks it
            try:
                if replayed is None:
                    spans.mark("log")
                    self.store.append_action(self.room_id, seq, seat, action, client_seq)
                    spans.mark("logged")
            except IntegrityError as e:  # another process logged this seq: PeerSync.resync
                self.stale = True
                raise ServerError("another process logged this action first",
                                  code=LOG_CONFLICT, status=409) from e
            except Exception as e:  # the log is the truth: stop the table rather than diverge
                log.error("table %s: the action log failed: %s", self.room_id, error_line(e))
                self.broken = True
                raise storage_failed() from e
            self.logged = seq
            self._unheard.append((seq, seat, client_seq))
        self.on_active()

    def heard(self, event: ev.ActionApplied) -> int | None:
        """The delivered ``event`` is the oldest action logged; its seq becomes
        :attr:`log_seq`. Returns its client's number (None for a bot's)."""
        with self._lock:
            seq, seat, client_seq = self._unheard.popleft()
        assert seat == event.seat, (seat, event)
        self.log_seq = seq
        return client_seq

    def logged_after(self, after: int, seat: int, action: str, client_seq: int,
                     reread: bool = False) -> bool:
        """Whether the log holds, after action ``after``, ``seat``'s ``action`` numbered
        ``client_seq`` by its client: the same message sent at once through another process,
        which logged it first (a client's numbers only grow: the number names one message).
        Reads the store only when the game holds actions after ``after`` or ``reread``
        (the log may hold more than the game). Raises the store's error."""
        if self.logged <= after and not reread:
            return False
        return any(s == seat and c == client_seq and a == action
                   for _seq, s, a, c in self.store.actions_after(self.room_id, after))

    def holds(self, seq: int) -> bool:
        """Under the table's lock: whether the game holds log action ``seq`` already."""
        return seq <= self.logged


__all__ = ["LOG_CONFLICT", "ClientSeqs", "Journal", "storage_failed"]
