"""A table's session with remote people, without any transport: who sits where, when the table
starts and ends, who is connected, and a bot playing for a person away.

What any front end with remote people needs (the server's rooms; a chat bot, a research
harness with people in the loop), beside the :class:`~belote.table.Table` that plays:

- **Seating.** Four :class:`SessionSeat` (``open`` | ``human`` | ``bot``: :class:`SeatKind`);
  a person's seat holds a *credential*, an opaque string the front end derives from what the
  person shows (the server: the SHA-256 of a seat token), compared in constant time
  (:meth:`Session.seat_of`). A waiting table takes people and bots at its open seats
  (:meth:`Session.place`), starts once no seat is open (by its creator, or by itself when the
  last seat is taken: :meth:`Session.start`), and ends when its game is over
  (:meth:`Session.finish`) or when it is ended before (:meth:`Session.end`: ``ended``).
- **Presence.** A person's seat is connected here (:meth:`Session.connect` /
  :meth:`Session.disconnect`), connected through another front end (``elsewhere``:
  :meth:`Session.sync_elsewhere`), or away. While the table plays and someone is connected,
  an away person's seat gets a takeover clock: after ``takeover_after`` seconds a bot plays
  it (``take_over(seat)``) until the person is back (``hand_back(seat)``). When nobody is
  connected any more, nobody waits: every seat a bot plays for its person is handed back and
  every clock stops (the table then waits at the next person's turn); they start again when
  someone connects.

The clock is injected (:class:`SessionClock`: ``now()`` and ``call_later``), so that tests
need no sleep. The session is not thread-safe by itself: its owner calls it under ``lock``
(given at construction), which the takeover clock's callback takes too.
"""

from __future__ import annotations

import contextlib
import hmac
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from ..engine.errors import BeloteError


class SeatKind(StrEnum):
    """Who holds a seat: nobody yet (``open``), a person (``human``), a bot (``bot``)."""

    OPEN = "open"
    HUMAN = "human"
    BOT = "bot"


class TableStatus(StrEnum):
    """Where a table is: waiting for its players, playing, over (its game ended, or it was
    ended before: :attr:`Session.ended`)."""

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


class SessionError(BeloteError):
    """A seating or starting request the session refuses: ``code`` one of
    ``server.table_over``, ``server.not_waiting``, ``server.no_open_seat``,
    ``server.seat_taken``, ``table.bad_seat``, ``server.open_seats`` (the codes the server's
    clients have always received), ``params`` its facts."""

    default_code = "server.bad_request"


class Timer(Protocol):
    """A deadline set by a :class:`SessionClock`."""

    def cancel(self) -> None:
        """Never run it."""


class SessionClock(Protocol):
    """What a session needs of a clock: ``now()`` in seconds, and ``call_later(delay, fn,
    *args)`` running ``fn(*args)`` ``delay`` seconds from now (on any thread)."""

    def now(self) -> float: ...

    def call_later(self, delay: float, fn: Callable[..., Any], *args: Any) -> Timer: ...


@dataclass(frozen=True)
class SessionSeat:
    """One seat: ``kind``, ``name`` (a person's display name; a bot's level; ``""`` open),
    ``bot`` the bot's level (bots only), ``credential`` what proves a person is its holder
    (people only; opaque to the session)."""

    seat: int
    name: str = ""
    kind: SeatKind = SeatKind.OPEN
    bot: str | None = None
    credential: str | None = None


@dataclass
class _Absence:
    since: float
    timer: Timer | None = None
    bot_playing: bool = False


@dataclass(frozen=True)
class Presence:
    """What every client may know of a seat's holder: ``connected`` (here or elsewhere),
    ``away`` (a person not connected), ``bot_playing`` (a bot plays for the absent person)."""

    connected: bool
    away: bool
    bot_playing: bool


@dataclass(frozen=True)
class Synced:
    """What :meth:`Session.sync_from` changed: the table ``started`` (its owner starts the
    game), ``stopped`` (it is over: ended when :attr:`Session.ended`; every clock stopped),
    ``full`` (a person took the last open seat of a waiting table: it may start by
    itself)."""

    started: bool = False
    stopped: bool = False
    full: bool = False


def _refused(message: str, code: str, **params: Any) -> SessionError:
    return SessionError(message, code=code, params=params)


def _nothing(_seat: int) -> None:
    """The default of ``take_over`` / ``hand_back``."""


@dataclass(eq=False)
class Session:
    """The seating and presence of one table (see the module docstring). ``creator`` the
    creator's seat (-1: none, nobody may start or end the table), ``runs_clocks`` whether
    this session runs the takeover clocks (False while another front end runs the table),
    ``take_over(seat)`` / ``hand_back(seat)`` called under ``lock`` when a bot should start
    playing for the absent person of ``seat`` / give the seat back to him."""

    seats: list[SessionSeat]
    clock: SessionClock
    #: the table's id (named in refusals' ``params``)
    table_id: str = ""
    takeover_after: float = 60.0
    creator: int = -1
    status: TableStatus = TableStatus.WAITING
    ended: bool = False
    runs_clocks: bool = True
    take_over: Callable[[int], None] = _nothing
    hand_back: Callable[[int], None] = _nothing
    lock: contextlib.AbstractContextManager[Any] = field(default_factory=threading.RLock)
    #: the seats connected here, and through another front end
    here: set[int] = field(default_factory=set)
    elsewhere: set[int] = field(default_factory=set)
    #: no clock runs any more (the table stopped: its log failed, it was replaced)
    halted: bool = False
    _absent: dict[int, _Absence] = field(default_factory=dict)

    # -- seating ----------------------------------------------------------------------------
    def seat_of(self, credential: str) -> int | None:
        """The seat whose credential is ``credential`` (compared in constant time), or None."""
        for seat in self.seats:
            if seat.credential is not None and hmac.compare_digest(seat.credential, credential):
                return seat.seat
        return None

    def open_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == SeatKind.OPEN]

    def place(self, seat: int | None) -> int:
        """The open seat a newcomer takes: ``seat``, or the first open one (None). Raises
        :class:`SessionError` ``server.table_over`` (over), ``server.not_waiting`` (started),
        ``table.bad_seat`` (not 0..3), ``server.seat_taken``, ``server.no_open_seat``."""
        if self.status == TableStatus.OVER:
            raise _refused("the table is over", "server.table_over", table=self.table_id)
        if self.status != TableStatus.WAITING:
            raise _refused("the table has started: no seat to join", "server.not_waiting",
                           table=self.table_id)
        if seat is None:
            open_seats = self.open_seats()
            if not open_seats:
                raise _refused("no seat is open at this table", "server.no_open_seat",
                               table=self.table_id)
            return open_seats[0]
        if not isinstance(seat, int) or not 0 <= seat <= 3:
            raise _refused(f"a seat is 0, 1, 2 or 3, not {seat}", "table.bad_seat",
                           seat=repr(seat))
        if self.seats[seat].kind != SeatKind.OPEN:
            raise _refused(f"seat {seat} is taken", "server.seat_taken", seat=seat)
        return seat

    def sit(self, holder: SessionSeat) -> None:
        """``holder`` takes its seat (a seat :meth:`place` gave)."""
        self.seats[holder.seat] = holder

    def start(self, strict: bool, persist: Callable[[], object] = lambda: None) -> bool:
        """Start a waiting table whose seats are all taken: ``persist()`` (which may raise:
        nothing changes then), then the status ``playing``. Returns whether it started. Not
        ``strict`` (a table starting by itself), a table not ready is left waiting; ``strict``
        (its creator asks), raises :class:`SessionError` ``server.table_over`` for a table
        over and ``server.open_seats`` while a seat is open (a table playing already is left
        as it is)."""
        if self.status != TableStatus.WAITING:
            if self.status == TableStatus.OVER and strict:
                raise _refused("the table is over", "server.table_over", table=self.table_id)
            return False
        open_seats = self.open_seats()
        if open_seats:
            if strict:
                raise _refused("seats are still open: seat someone or a bot first",
                               "server.open_seats", seats=open_seats)
            return False
        persist()
        self.status = TableStatus.PLAYING
        self.wake()
        return True

    def end(self, persist: Callable[[], object] = lambda: None) -> bool:
        """End the table before its game is over (status ``over``, ``ended``), after
        ``persist()``; every clock stops. Returns False for a table over already."""
        if self.status == TableStatus.OVER:
            return False
        persist()
        self.status, self.ended = TableStatus.OVER, True
        self.stop_clocks()
        return True

    def finish(self) -> None:
        """The game is over: status ``over`` (not ``ended``); every clock stops."""
        self.status = TableStatus.OVER
        self.stop_clocks()

    def sync_from(self, seats: list[SessionSeat], status: TableStatus, ended: bool) -> Synced:
        """The seats, status and ``ended`` as another front end left them (the stored ones,
        read again): the seats taken as they are; a table not over follows a status that
        changed (``playing``: ``started``; ``over``: ``stopped``, ``ended`` taken, every
        clock stopped; a table over stays as it is). Returns what changed (:class:`Synced`);
        ``full`` when a person took an open seat and none is open any more while the table
        waits."""
        joined = any(new.kind == SeatKind.HUMAN and old.kind == SeatKind.OPEN
                     for new, old in zip(seats, self.seats, strict=True))
        self.seats = list(seats)
        started = stopped = False
        if self.status != TableStatus.OVER and status != self.status:
            if status == TableStatus.PLAYING:
                self.status, started = TableStatus.PLAYING, True
            elif status == TableStatus.OVER:
                self.status, self.ended, stopped = TableStatus.OVER, ended, True
                self.stop_clocks()
        full = joined and self.status == TableStatus.WAITING and not self.open_seats()
        return Synced(started, stopped, full)

    # -- presence ---------------------------------------------------------------------------
    def presence(self, seat: int) -> Presence:
        connected = seat in self.here or seat in self.elsewhere
        absence = self._absent.get(seat)
        return Presence(connected, self.seats[seat].kind == SeatKind.HUMAN and not connected,
                        absence is not None and absence.bot_playing)

    def bot_playing(self, seat: int) -> bool:
        return self.presence(seat).bot_playing

    def timed(self) -> list[int]:
        """The seats whose takeover clock runs."""
        return sorted(s for s, a in self._absent.items() if a.timer is not None)

    def away_for(self, seat: int) -> float | None:
        """Seconds since ``seat``'s takeover clock started (the clock's ``now()``; None: no
        clock started since the person left, or he is back)."""
        absence = self._absent.get(seat)
        return None if absence is None else self.clock.now() - absence.since

    def someone_here(self) -> bool:
        return bool(self.here or self.elsewhere)

    def connect(self, seat: int) -> None:
        """A connection of ``seat`` opened here: its clock stops, a bot playing for it gives
        it back (``hand_back``), and the clocks of the people away start (someone is here)."""
        self._back(seat)
        self.here.add(seat)
        self.wake()

    def disconnect(self, seat: int) -> None:
        """The connection of ``seat`` here closed: its clock starts (the table playing and
        someone still connected); with nobody connected any more, :meth:`pause`."""
        self.here.discard(seat)
        self._away(seat)
        if not self.someone_here():
            self.pause()

    def sync_elsewhere(self, elsewhere: set[int]) -> set[int]:
        """``elsewhere``: the seats connected through another front end now. When this session
        runs the clocks of a playing table: a person newly connected elsewhere is back (as
        :meth:`connect`, and starts the others' clocks), one gone from everywhere gets a
        clock, and with nobody connected at all, :meth:`pause`. Returns the seats whose
        presence changed."""
        before, self.elsewhere = self.elsewhere, set(elsewhere)
        if self.runs_clocks and self.status == TableStatus.PLAYING:
            for seat in sorted(self.elsewhere - before):
                if seat not in self.here:
                    self._back(seat)
            if self.elsewhere - before:
                self.wake()
            for seat in sorted(before - self.elsewhere):
                if seat not in self.here:
                    self._away(seat)
            if not self.someone_here():
                self.pause()
        return before ^ self.elsewhere

    def wake(self) -> None:
        """Start the clock of every person away (nothing unless someone is connected)."""
        for seat in self.seats:
            if seat.kind == SeatKind.HUMAN and seat.seat not in self.here:
                self._away(seat.seat)

    def pause(self) -> None:
        """Nobody is connected: stop every clock and hand back every seat a bot plays for
        its person (the table then waits for him)."""
        for seat, absence in list(self._absent.items()):
            if absence.timer is not None:
                absence.timer.cancel()
                absence.timer = None
            if absence.bot_playing:
                absence.bot_playing = False
                self.hand_back(seat)

    def stop_clocks(self) -> None:
        """Stop every clock and forget every absence (the table stops or is rebuilt)."""
        for absence in self._absent.values():
            if absence.timer is not None:
                absence.timer.cancel()
        self._absent.clear()

    def halt(self) -> None:
        """No clock runs from now on (the table stopped for good)."""
        self.halted = True
        self.stop_clocks()

    def run_clocks(self) -> None:
        """This session runs the clocks from now on: those of the people away start."""
        self.runs_clocks = True
        if self.status == TableStatus.PLAYING:
            self.wake()

    def expire(self, seat: int) -> bool:
        """``seat``'s clock is due: a bot plays for its person (``take_over``) unless he is
        back, the table does not play, or nobody is connected. Returns whether it did."""
        absence = self._absent.get(seat)
        if absence is None or seat in self.here or self.status != TableStatus.PLAYING or \
                self.halted:
            return False
        absence.timer = None
        if not self.someone_here():
            return False
        absence.bot_playing = True
        self.take_over(seat)
        return True

    def _due(self, seat: int) -> None:
        """The clock's callback (its own thread): :meth:`expire` under the lock."""
        with self.lock:
            self.expire(seat)

    def _away(self, seat: int) -> None:
        if self.status != TableStatus.PLAYING or self.seats[seat].kind != SeatKind.HUMAN or \
                not self.runs_clocks or self.halted or seat in self.elsewhere or \
                not self.someone_here():
            return
        absence = self._absent.get(seat)
        if absence is None:
            absence = self._absent[seat] = _Absence(self.clock.now())
        if absence.timer is None and not absence.bot_playing:
            absence.timer = self.clock.call_later(self.takeover_after, self._due, seat)

    def _back(self, seat: int) -> None:
        absence = self._absent.pop(seat, None)
        if absence is None:
            return
        if absence.timer is not None:
            absence.timer.cancel()
        if absence.bot_playing:
            self.hand_back(seat)


__all__ = ["Presence", "SeatKind", "Session", "SessionClock", "SessionError", "SessionSeat",
           "Synced", "TableStatus", "Timer"]
