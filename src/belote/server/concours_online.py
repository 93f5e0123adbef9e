"""Online concours (issue 19 item 7; docs/concours-online.md): the tables of a concours
created ``--online`` are rooms of this server, and their deals' marks are its score lines.

* **The rooms.** A background thread of the server (:class:`OnlineConcours`, started with
  the application: :func:`mount`) looks every :data:`POLL_EVERY` seconds for the parties of
  online concours drawn and without rooms (``concours_parties.rooms`` null: drawn by
  ``belote concours draw`` in another process, or by the web pages, which may wake it at
  once: :meth:`OnlineConcours.drawn`). For such a partie it first *claims* it: one
  conditional ``UPDATE`` writes the room ids it picks where ``rooms`` is still null (of two
  processes, one wins; a partie taken back by ``draw --undo`` meanwhile is left alone), then
  creates one room a table with those ids (:meth:`Rooms.open
  <belote.server.rooms.Rooms.open>`) and starts it. A crash between the two leaves ids
  without rooms: the next look (:meth:`OnlineConcours.sweep`, at start and every
  :data:`SWEEP_EVERY` seconds) creates the missing ones. On PostgreSQL, claiming and
  creating hold the transaction advisory lock ``belote-concours:parties:<id>:<partie>``, so
  that two processes never create the same room.
* **A room's rules**: the concours's preset and options, its length as the game's end
  (``deals`` → ``game_end="deals"``: the engine counts taken deals, passed-out ones do not
  count, seed 000, docs/sources.md §8; ``target`` → ``game_end="target"``), as every online table
  deals them (:func:`~belote.server.rooms.online_rules`: shuffled every deal).
* **The seats**: side 0 of the draw at seats 0 and 2, side 1 at seats 1 and 3, each
  player by name (a pair: its two players); a bot (``None`` in the draw) is a
  :data:`BOT_LEVEL` bot. A person's seat is taken already, by the token
  :func:`seat_token` derives from the concours's secret ``key`` (HMAC-SHA256 of the room
  and seat): nobody can join a concours room (no seat is open), and only the holder of a
  seat's link (:func:`seat_links`, for the organiser) plays that seat. The room has no
  creator (``creator_seat`` -1): no player can end it or seat a bot. A person absent is
  played by a bot after ``--takeover-after`` seconds while someone else is connected, as at
  every table.
* **The scores flow in.** At each deal's end (an observer of every room:
  :attr:`Rooms.observers <belote.server.rooms.Rooms.observers>`), the thread enters the
  marks of the room's *scored* deals (passed-out deals skipped: deal K is the K-th taken
  deal, held litige points included as the engine marks them) that the table's lines in
  force lack, in order, each through :meth:`Manager.score
  <belote.concours.manager.Manager.score>` (``source="online"``, checked against the
  preset's scoring). Reading the lines in force first makes it idempotent: a room rebuilt
  from its log after a restart, or a deal end heard by two processes, enters nothing twice
  (on PostgreSQL the look and the writes of one table hold the advisory lock
  ``belote-concours:lines:<id>:<partie>:<table>``). A line already there with other points
  (an organiser's correction) is kept and logged; totals entered by hand stop the flow of
  that table; a refusal of the line check (the engine's marks should always pass it) is
  logged as an error and never reaches the room.

Hidden information: the concours's data holds the room ids (a spectator sees a room's
public view only) and the marks (public at the table); never a seed, a card or a token.
The seat links exist only as :func:`seat_links` computes them from the organiser's key.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from ..concours.data import ConcoursData
from ..concours.errors import ConcoursError
from ..concours.manager import Manager, lines_in_force, table_score
from ..concours.model import PartieDraw, TableDraw
from ..concours.online import planned_seats, seat_token
from ..concours.store import SqlConcoursStore, SqlWrites, draw_json
from ..engine.errors import BeloteError
from ..engine.game import Game
from ..engine.rules import Rules
from ..table import events as ev
from ..table.session import SeatKind, TableStatus
from .rooms import MAX_NAME, TAKEOVER_BOT, Room, Rooms, online_rules
from .store import SeatData, token_hash

if TYPE_CHECKING:
    from fastapi import FastAPI

log = logging.getLogger(__name__)

#: seconds between two looks for parties drawn without rooms (a draw by another process)
POLL_EVERY = 1.0
#: seconds between two looks over every online table (rooms missing after a crash, lines
#: missing after a restart or a process's death); also done when the thread starts
SWEEP_EVERY = 10.0
#: the level of a bot seat of a concours table (the server's bot for an absent person)
BOT_LEVEL = TAKEOVER_BOT
#: the key in a concours room's settings naming its table: ``{"id", "partie", "table"}``
SETTING = "concours"


def table_rules(data: ConcoursData) -> Rules:
    """The rules of the concours's online tables: its preset and options, its length as
    the game's end (see the module docstring). Raises RulesError, ServerError
    ``server.cut_online``."""
    options = dict(data.options)
    if data.deals is not None:
        options.update(game_end="deals", deals=data.deals)
    else:
        options.update(game_end="target", target=data.target)
    return online_rules(data.preset, options)


def scored_marks(game: Game) -> list[tuple[int, int]]:
    """The marks (side 0's, side 1's points) of each scored deal of ``game`` in order:
    its finished deals but the passed-out (and misdealt) ones."""
    deals, marks = list(game.deals), list(game.marks)
    return [(m[0], m[1]) for d, m in zip(deals, marks, strict=False)
            if not d.passed_out and not d.misdealt]


class OnlineConcours:
    """The online concours of one server's ``rooms`` (the module docstring): its thread
    (:meth:`start` … :meth:`close`) creates the rooms of the parties drawn and enters the
    deals' marks. ``base``: the start of the rooms' invite links (the server's
    ``--public-url``; "" for none). Every look is also callable directly (tests)."""

    def __init__(self, rooms: Rooms, base: str = "", *, poll: float = POLL_EVERY,
                 sweep_every: float = SWEEP_EVERY) -> None:
        self.rooms = rooms
        self.base = base.rstrip("/")
        self.engine = rooms.store.engine
        self.store = SqlConcoursStore(self.engine)
        self.manager = Manager(self.store)
        self.poll = poll
        self.sweep_every = sweep_every
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._dirty: dict[str, Room] = {}
        #: rooms over whose table's lines are all entered (or refused): not looked at again
        #: (until their concours is finished: :meth:`_forget`)
        self._settled: set[str] = set()
        #: concours whose every partie is drawn and scored: not swept again
        self._finished: set[str] = set()
        #: (room, deal) whose refusal or disagreement was logged already (deal 0: the
        #: room's creation, or its table's totals)
        self._told: set[tuple[str, int]] = set()
        self._thread: threading.Thread | None = None

    # -- the thread -------------------------------------------------------------------------
    def start(self) -> None:
        """Observe every room's events and run the looks on a daemon thread (a sweep
        first) until :meth:`close`."""
        if self._thread is not None:
            return
        self.rooms.observers.append(self._observe)
        self._thread = threading.Thread(target=self._run, name="belote-concours", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        with contextlib.suppress(ValueError):
            self.rooms.observers.remove(self._observe)
        if self._thread is not None:
            self._thread.join(10)

    def drawn(self, concours_id: str | None = None) -> None:
        """A partie was drawn in this process: look for it now rather than at the next
        poll."""
        self._wake.set()

    def _observe(self, room: Room, event: ev.Event) -> None:
        """Every room's event (on its table's thread): a concours room's deal or game end
        is noted for the thread."""
        if isinstance(event, ev.DealEnded | ev.GameEnded) and SETTING in room.data.settings:
            with self._lock:
                self._dirty[room.id] = room
            self._wake.set()

    def _run(self) -> None:
        next_sweep = 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            sweep = now >= next_sweep
            if sweep:
                next_sweep = now + self.sweep_every
            try:
                self.step(sweep)
            except Exception:  # a bug or a database down: logged, tried again
                log.exception("online concours: a look failed")
            self._wake.wait(self.poll)
            self._wake.clear()

    def step(self, sweep: bool = False) -> None:
        """One look: rooms for the parties drawn without, the lines of the rooms whose
        deals ended; with ``sweep``, :meth:`sweep` too."""
        for concours_id, partie in self.pending():
            self.open_partie(concours_id, partie)
        if sweep:
            self.sweep()
        with self._lock:
            dirty, self._dirty = self._dirty, {}
        for room in dirty.values():
            self.enter_lines(room)

    # -- the rooms --------------------------------------------------------------------------
    def pending(self) -> list[tuple[str, int]]:
        """``(concours id, partie)`` of every partie of an online concours drawn without
        rooms (one query)."""
        return self.store.pending_parties()

    def open_partie(self, concours_id: str, partie: int) -> list[str | None]:
        """The rooms of ``partie``: claimed (their ids written where none were) and created
        when missing, each started. Returns the room ids ([] when the partie is not drawn,
        or the concours not online)."""
        with self._exclusive(f"parties:{concours_id}:{partie}"):
            try:
                data = self.manager.get(concours_id)
            except ConcoursError:
                return []
            if not data.online or not 1 <= partie <= len(data.draws):
                return []
            ids = data.rooms.get(partie)
            if ids is None:
                ids = [secrets.token_hex(8) for _ in data.draws[partie - 1].tables]
                if not self._claim(data.id, partie, ids, data.draws[partie - 1]):
                    return []  # taken back (draw --undo), or claimed elsewhere
                log.info("concours %s, partie %d: %d online table(s)", data.id, partie,
                         len(ids))
            self._create_missing(data, partie, ids)
            return ids

    def _claim(self, concours_id: str, partie: int, ids: list[str | None],
               draw: PartieDraw) -> bool:
        """Write ``ids`` as the rooms of ``partie`` when it has none and is still ``draw``
        (the draw read before: a partie taken back and drawn again meanwhile is left to the
        next look). Returns whether they were written."""
        tables = draw_json(draw)
        def write(w: SqlWrites) -> bool:
            return w.claim_rooms(concours_id, partie, ids, tables)
        return self.store.run(write)

    def _create_missing(self, data: ConcoursData, partie: int, ids: list[str | None]) -> None:
        wanted = [r for r in ids if r is not None]
        there = self.rooms.store.rooms_present(wanted)
        for t, room_id in zip(data.draws[partie - 1].tables, ids, strict=True):
            if room_id is None or room_id in there:
                continue
            try:
                room = self.rooms.open(table_rules(data), self._seats(data, t, room_id), -1,
                                       self.base, room_id=room_id,
                                       settings={SETTING: {"id": data.id, "partie": partie,
                                                           "table": t.table}})
                room.start_by_itself()
            except (BeloteError, ValueError):
                if (room_id, 0) not in self._told:  # tried again at each sweep: told once
                    self._told.add((room_id, 0))
                    log.exception("concours %s, partie %d, table %d: its room cannot be made",
                                  data.id, partie, t.table)

    @staticmethod
    def _seats(data: ConcoursData, table: TableDraw, room_id: str) -> list[SeatData]:
        seats = []
        for s in planned_seats(data, table):
            if s.name is None:
                seats.append(SeatData(s.seat, BOT_LEVEL, SeatKind.BOT, bot_level=BOT_LEVEL))
            else:
                token = seat_token(data.key, room_id, s.seat)
                seats.append(SeatData(s.seat, s.name[:MAX_NAME].strip(), SeatKind.HUMAN,
                                      token_hash=token_hash(token)))
        return seats

    # -- the lines --------------------------------------------------------------------------
    def sweep(self) -> None:
        """Every online concours not finished (every partie drawn and scored: skipped from
        then on): its parties' missing rooms created, and the lines of each table not
        complete entered from its room (held here, or over and read back from the log; a
        room playing in another process is that process's)."""
        for concours_id in self.store.online_ids():
            if concours_id in self._finished:
                continue
            data = self.manager.get(concours_id)
            if len(data.draws) == data.parties and all(
                    table_score(data, d.partie, t.table).complete
                    for d in data.draws for t in d.tables):
                self._finished.add(concours_id)
                self._forget(data)
                continue
            for partie, rooms in list(data.rooms.items()):
                if self._missing(rooms):
                    self.open_partie(data.id, partie)
                for t, room_id in zip(data.draws[partie - 1].tables, rooms, strict=True):
                    if room_id is None or room_id in self._settled or \
                            table_score(data, partie, t.table).complete:
                        continue
                    room = self._room(room_id)
                    if room is None:
                        continue
                    if room.status == TableStatus.WAITING:  # made, not started: a crash in between
                        room.start_by_itself()
                    self.enter_lines(room)

    def _forget(self, data: ConcoursData) -> None:
        """A finished concours's rooms leave :attr:`_settled` and :attr:`_told` (it is not
        swept again): what the server holds for the concours it served is one id each, not
        one a table."""
        done = {r for rooms in data.rooms.values() for r in rooms if r is not None}
        self._settled.difference_update(done)
        self._told.difference_update([t for t in list(self._told) if t[0] in done])

    def _missing(self, rooms: list[str | None]) -> bool:
        wanted = [r for r in rooms if r is not None]
        return len(self.rooms.store.rooms_present(wanted)) != len(set(wanted))

    def _room(self, room_id: str) -> Room | None:
        held = self.rooms.held(room_id)
        if held is not None:
            return held
        state = self.rooms.store.room_state(room_id)
        if state is None or state[0] != TableStatus.OVER:
            return None  # waiting or playing elsewhere: its process enters the lines
        return self.rooms.get(room_id)  # read back from its log (not kept)

    def enter_lines(self, room: Room) -> int:
        """Enter the marks of ``room``'s scored deals its concours table lacks (the module
        docstring); returns how many lines were entered."""
        link = room.data.settings.get(SETTING)
        if not isinstance(link, dict) or room.broken:
            return 0
        concours_id, partie, table = str(link["id"]), int(link["partie"]), int(link["table"])
        over = room.status == TableStatus.OVER and room.game.is_over()
        marks = scored_marks(room.game)
        with self._exclusive(f"lines:{concours_id}:{partie}:{table}"):
            entered, settled = self._enter(room.id, concours_id, partie, table, marks)
        if over and settled:
            self._settled.add(room.id)
        return entered

    def _enter(self, room_id: str, concours_id: str, partie: int, table: int,
               marks: list[tuple[int, int]]) -> tuple[int, bool]:
        """Under the table's lock: the missing lines entered in order. Returns how many,
        and whether nothing is left to enter (all in, or refused for good)."""
        data = self.manager.get(concours_id, table=(partie, table))
        lines, total = lines_in_force(data, partie, table)
        if total is not None:
            self._tell(room_id, 0, "concours %s, partie %d, table %d: totals entered by hand; "
                       "its online deals are not entered", concours_id, partie, table)
            return 0, True
        entered = 0
        for k, (a, b) in enumerate(marks, start=1):
            if k in lines:
                if lines[k] != (a, b):
                    self._tell(room_id, k, "concours %s, partie %d, table %d: deal %d is "
                               "entered as %s, the room marked %s; kept", concours_id, partie,
                               table, k, lines[k], (a, b))
                continue
            try:
                # (a line the organiser typed since the look above stays his)
                self.manager.score(concours_id, partie, table, a, b, deal=k, source="online",
                                   only_if_missing=True)
            except ConcoursError as e:
                if e.code == "concours.database":
                    raise
                if (room_id, k) not in self._told:
                    self._told.add((room_id, k))
                    log.error("concours %s, partie %d, table %d: deal %d (%d, %d) refused: "
                              "%s (%s)", concours_id, partie, table, k, a, b, e, e.code)
                return entered, True
            entered += 1
        return entered, True

    def _tell(self, room_id: str, deal: int, message: str, *args: Any) -> None:
        if (room_id, deal) not in self._told:
            self._told.add((room_id, deal))
            log.warning(message, *args)

    def _exclusive(self, key: str) -> contextlib.AbstractContextManager[None]:
        """:meth:`SqlConcoursStore.exclusive` (this module's looks all run on its one
        thread)."""
        return self.store.exclusive(key)


def mount(app: FastAPI, rooms: Rooms, public_url: str | None = None) -> OnlineConcours:
    """The online concours of ``rooms`` for ``app`` (``app.state.concours_online``; the web
    pages call its :meth:`~OnlineConcours.drawn` after a draw): its thread runs while the
    application does (started once the application's own start is done, closed before its
    end)."""
    online = OnlineConcours(rooms, public_url or "")
    app.state.concours_online = online
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(application: Any) -> AsyncIterator[Any]:
        async with inner(application) as state:
            online.start()
            try:
                yield state
            finally:
                await asyncio.to_thread(online.close)

    app.router.lifespan_context = lifespan
    return online


__all__ = ["BOT_LEVEL", "POLL_EVERY", "SETTING", "SWEEP_EVERY", "OnlineConcours", "mount",
           "scored_marks", "table_rules"]
