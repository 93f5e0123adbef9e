"""The rooms of one server process (:class:`Rooms`): creating a table, reading one back
from the store (by id, by invite code), restoring them all at start, rebuilding a broken one
from its log, dropping the finished ones from memory, and closing the idle ones.

A waiting or playing room with no connection (no seat, no spectator) and no activity (no
action, no connection opened or closed, no join) for ``keep_idle`` seconds is closed as its
creator would end it (status ``over``, ``ended``; its record stays downloadable):
:meth:`Rooms.restore` closes those idle since before the server started instead of resuming
them, and :meth:`Rooms.start_sweeping` looks again every :func:`sweep_interval` seconds.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import secrets
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from ...engine.errors import BeloteError
from ...engine.provenance import commitment, new_secret_seed
from ...engine.rules import Rules, Shuffle
from ...table import events as ev
from ...table.session import SeatKind, TableStatus
from ..errors import ServerError, unknown_code, unknown_table
from ..store import RoomData, SeatData, SqlStore, token_hash
from .credentials import bot_name, check_name, clean_code, new_code
from .parts import Peers, Settings
from .room import Room

log = logging.getLogger("belote.server.rooms")

#: seconds between two periodic looks for broken rooms to rebuild (:meth:`Rooms.recover`)
RECOVER_EVERY = 5.0


def sweep_interval(keep_idle: float) -> float:
    """Seconds between two looks for idle rooms: a quarter of ``keep_idle``, between 0.1 s
    and an hour (a room is closed at most that late)."""
    return min(max(keep_idle / 4, 0.1), 3600.0)


def _check_online(rules: Rules, options: dict[str, Any]) -> Rules:
    """``rules`` as an online table deals with them. ``shuffle="cut"`` (004: the tricks
    gathered and only cut for the next deal) asked for in ``options`` is refused,
    ``server.cut_online`` (422): the next pack would be the played cards in their order, so
    each seat could work out the others' hands from the tricks it saw (hidden information,
    issue 17 item 4), and the pack would come from the play rather than from the secret
    seed. A preset that cuts by default (``retourne``) is played with ``shuffle="full"``
    online (its options then say so; docs/rules-notes.md)."""
    if rules.shuffle == Shuffle.CUT and "shuffle" not in options:
        return rules.replace(shuffle=Shuffle.FULL)
    if rules.shuffle == Shuffle.CUT:
        raise ServerError("an online table shuffles every deal: with shuffle=cut the next "
                          "pack is the tricks as played, only cut, so a seat could work out "
                          "the others' hands from them (use shuffle=full)",
                          code="server.cut_online", status=422)
    return rules


def online_rules(preset: str, options: dict[str, Any]) -> Rules:
    """The rules of an online table: ``Rules.preset(preset, **options)`` (RulesError) as
    :func:`_check_online` deals with them (``server.cut_online``)."""
    return _check_online(Rules.preset(preset, **options), options)


def _parse_seats(seats: list[str], name: str, token: str) -> tuple[list[SeatData], int]:
    """The seats of a new table from the request's ``seats`` (``me`` once, ``open``,
    ``bot:LEVEL``); the creator's seat gets ``name`` and ``token``. Raises
    ``server.bad_seats`` (422), ``bot.unknown`` / ``bot.bad_level``."""
    if len(seats) != 4 or sum(1 for s in seats if s == "me") != 1:
        raise ServerError("seats: four entries, \"me\" exactly once, then \"open\" or "
                          "\"bot:LEVEL\"", code="server.bad_seats", status=422,
                          params={"seats": [str(s) for s in seats]})
    out, creator = [], 0
    for i, spec in enumerate(seats):
        if spec == "me":
            out.append(SeatData(i, name, SeatKind.HUMAN, token_hash=token_hash(token)))
            creator = i
        elif spec == "open":
            out.append(SeatData(i, "", SeatKind.OPEN))
        elif spec.startswith("bot:"):
            level = bot_name(spec[4:])
            out.append(SeatData(i, level, SeatKind.BOT, bot_level=level))
        else:
            raise ServerError(f"seat {i}: \"me\", \"open\" or \"bot:LEVEL\", not {spec!r}",
                              code="server.bad_seats", status=422,
                              params={"seats": [str(s) for s in seats]})
    return out, creator


def _nothing(*_args: object) -> None:
    """A released room's callbacks."""


def _close_finished(room: Room) -> None:
    """``room``, over, dropped from memory: its clocks stopped, its table (and the bots'
    resources: an expert's search) closed."""
    with room.lock:
        room.session.stop_clocks()
        table = room.table
    if table is None:
        return
    table.close()
    for seat in range(4):
        player = table.player(seat)
        closer = getattr(player.bot, "close", None) if player is not None else None
        if closer is not None:
            with contextlib.suppress(Exception):
                closer()


def _release(room: Room) -> None:
    """``room`` dropped from memory, its table closed (or a room over read back, which has
    none: :meth:`Rooms.get`): the references back to it let go
    (its parts' ``host`` made weak, the session's and the journal's callbacks, the table's
    subscription and bots: :meth:`~belote.table.bots_runner.BotRunner.release`), so that
    reference counting frees it once nothing else holds it, with no cyclic collection (a
    cycle frozen by the collector waits for a full one: :mod:`belote.server.collector`).
    What still holds the room may read it."""
    with room.lock:
        host = weakref.proxy(room)
        room.lobby.host = room.sync.host = room.views.host = host
        room.session.take_over = room.session.hand_back = _nothing
        room.journal.on_active = _nothing
        if room.table is not None:
            room.unsubscribe()
            room.unsubscribe = _nothing  # (it holds the subscription: the room)
            room.table.bots.release()


class Rooms:
    """Every room of one server, by id, over one :class:`SqlStore`; with ``peers`` (several
    processes on one PostgreSQL database: :mod:`belote.server.fanout`), the rooms this
    process runs or serves connections of."""

    def __init__(self, store: SqlStore, settings: Settings, peers: Peers | None = None) -> None:
        self.store = store
        self.settings = settings
        self.peers = peers
        self._rooms: dict[str, Room] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._sweeper: threading.Thread | None = None
        #: called with each room and each event of its table (:attr:`Room.observers`)
        self.observers: list[Callable[[Room, ev.Event], object]] = []

    def restore(self) -> int:
        """Rebuild every waiting or playing room from the store (its log replayed; a playing
        room's bots play on, its people are away until they reconnect); one idle for
        ``keep_idle`` seconds already is closed instead (its bots never start). Returns how
        many rooms were restored (the closed ones not counted)."""
        count = 0
        keep = self.settings.keep_idle
        for data in self.store.rooms():
            if self.peers is not None and not self.peers.own(data.id):
                continue  # another process runs it (loaded here when asked for: get)
            try:
                room = self._share(Room(data, self.store, self.settings))
            except (BeloteError, ValueError):
                log.exception("table %s cannot be rebuilt from its log", data.id)
                continue
            with self._lock:
                self._rooms[room.id] = room
            if keep > 0 and room.close_if_idle(keep):
                continue
            room.resume()
            count += 1
        return count

    def create(self, preset: str, options: dict[str, Any], seats: list[str], name: str,
               invite_base: str) -> tuple[Room, str]:
        """A new waiting room: its rules (``Rules.preset(preset, **options)``: RulesError),
        seats (:func:`_parse_seats`), a fresh code, a 256-bit secret seed and its
        commitment. Returns the room and the creator's token. Raises
        ``server.cut_online`` (422) for ``shuffle="cut"`` (:func:`_check_online`)."""
        name = check_name(name)
        rules = online_rules(preset, options)
        token = secrets.token_urlsafe(32)
        seat_data, creator = _parse_seats(list(seats), name, token)
        return self.open(rules, seat_data, creator, invite_base), token

    def open(self, rules: Rules, seats: list[SeatData], creator_seat: int, invite_base: str,
             room_id: str | None = None, settings: dict[str, Any] | None = None) -> Room:
        """A new waiting room of ``rules`` (:func:`online_rules`) and ``seats`` (four
        :class:`SeatData`, seat 0 first), stored and held: a fresh invite code, a 256-bit
        secret seed and its commitment; ``creator_seat`` -1 for a room without creator
        (nobody may start, end it or seat bots: a concours table); ``room_id`` (None: a
        fresh one) and ``settings`` (more of the room's settings, kept with its invite
        link). Raises ``sqlalchemy.exc.IntegrityError`` for a ``room_id`` stored already."""
        code = new_code()
        while self.store.code_taken(code):
            code = new_code()
        seed = new_secret_seed()
        room_id = room_id or secrets.token_hex(8)
        if self.peers is not None:
            self.peers.own(room_id)  # before it exists: no other process takes it first
        data = RoomData(id=room_id, code=code, preset=rules.preset_name,
                        options=rules.overrides(), status=TableStatus.WAITING,
                        ended=False, seed=seed,
                        commitment=commitment(seed), creator_seat=creator_seat,
                        settings={**(settings or {}), "invite": f"{invite_base}/t/{code}"},
                        seats=list(seats), actions=[])
        self.store.create_room(data)
        room = self._share(Room(data, self.store, self.settings))
        with self._lock:
            self._rooms[room_id] = room
        return room

    def get(self, room_id: str) -> Room:
        """The room ``room_id``. One not in memory (a finished one dropped, for example) is
        read back from the store and kept unless it is over (a room over is released at
        once, :func:`_release`, as a dropped one is: freed when its caller lets it go); a
        broken one is rebuilt from the log when the store answers again (:meth:`recover`).
        Raises ``server.unknown_table``."""
        with self._lock:
            room = self._rooms.get(room_id)
        if room is not None:
            return self.recover(room) if room.broken else room
        data = self.store.room(room_id) if len(room_id) <= 32 else None
        if data is None:
            raise unknown_table(room_id)
        room = self._share(Room(data, self.store, self.settings))
        if room.status == TableStatus.OVER:  # read back at each asking (never changes):
            _release(room)  # freed by reference counting once its request lets it go
            return room
        with self._lock:
            kept = self._rooms.setdefault(room_id, room)
        if kept is room:  # a playing table run or served by another process
            room.resume()
        if kept is room and self.peers is not None:  # what changed since it was read
            room.reload()
            room.sync.catch_up()
        return kept

    def recover(self, room: Room) -> Room:
        """``room`` if it is not broken; else, when the store answers again (a write that
        changes nothing, then the room read back), a new :class:`Room` rebuilt from its log
        (the log is the truth: an action whose write failed is in it only if it was
        committed after all), held instead of ``room``, which is retired (its connections
        closed: :meth:`Room.retire`). While the store still fails, ``room`` itself, still
        broken (logged; tried again at the next connection, action, request or periodic
        look: :meth:`recover_broken`)."""
        if not room.broken or room.retired:
            with self._lock:
                return self._rooms.get(room.id, room)
        with room.lock:
            if room.retired:
                with self._lock:
                    return self._rooms.get(room.id, room)
            try:
                self.store.set_status(room.id, room.data.status, room.data.ended)
                data = self.store.room(room.id)
            except Exception as e:
                log.debug("table %s: the store still fails (%s)", room.id, type(e).__name__)
                return room
            if data is None:
                return room
            try:
                new = self._share(Room(data, self.store, self.settings))
            except (BeloteError, ValueError):
                log.exception("table %s cannot be rebuilt from its log", room.id)
                return room
            log.info("table %s: the store answers again; rebuilt from its log (%d actions)",
                     room.id, len(data.actions))
            with self._lock:
                if self._rooms.get(room.id) is room:
                    self._rooms[room.id] = new
            room.retired = True
        room.retire()
        new.resume()
        if self.peers is not None:
            new.reload()
            new.sync.catch_up()
        return new

    def drop(self, room: Room) -> bool:
        """Forget ``room`` when it is over and this process holds no connection of it (its
        game, table and bots are freed; :meth:`get` reads it back from the store when it is
        asked for again): its table closed (:func:`_close_finished`) and the room released
        (:func:`_release`: freed by reference counting), and with peers its
        table's lock let go (``disown``). Returns whether it was dropped."""
        if room.status != TableStatus.OVER or room.watched():
            return False
        with self._lock:
            if self._rooms.get(room.id) is not room:
                return False
            del self._rooms[room.id]
        _close_finished(room)
        _release(room)
        if self.peers is not None:
            try:
                self.peers.disown(room.id)
            except Exception:
                log.exception("table %s: its lock cannot be let go", room.id)
        return True

    def recover_broken(self) -> int:
        """:meth:`recover` every broken room held (the periodic look); returns how many were
        rebuilt."""
        with self._lock:
            broken = [room for room in self._rooms.values() if room.broken]
        return sum(1 for room in broken if not self.recover(room).broken)

    def _share(self, room: Room) -> Room:
        """``room`` told of the peers and of :meth:`recover` (its ``on_broken``); whether
        this process runs it (with peers: when it holds or takes the table's lock; a
        finished room is run by nobody)."""
        room.on_broken = self.recover
        room.on_done = self.drop
        room.observers = self.observers
        if self.peers is not None:
            room.peers = self.peers
            room.owner = room.status != TableStatus.OVER and self.peers.own(room.id)
        return room

    def held(self, room_id: str) -> Room | None:
        """The room ``room_id`` if this process holds it in memory (None: not loaded)."""
        with self._lock:
            return self._rooms.get(room_id)

    def held_rooms(self) -> list[Room]:
        """Every room this process holds in memory."""
        with self._lock:
            return list(self._rooms.values())

    def sweep(self, now: float | None = None) -> int:
        """Drop the rooms over and unwatched (:meth:`drop`), and close every room idle for
        ``keep_idle`` seconds (:meth:`Room.close_if_idle`; none when ``keep_idle`` is 0);
        returns how many were closed. A room that fails to close (its
        database) is logged and left for the next sweep."""
        with self._lock:
            rooms = list(self._rooms.values())
        for room in rooms:  # those over whose last drop was missed (e.g. a race)
            self.drop(room)
        if self.settings.keep_idle <= 0:
            return 0
        closed = 0
        for room in rooms:
            if not room.owner or room.elsewhere:  # its runner closes it; people are there
                continue
            try:
                closed += room.close_if_idle(self.settings.keep_idle, now)
            except Exception:
                log.exception("table %s: closing it (idle) failed", room.id)
        return closed

    def start_sweeping(self) -> None:
        """On a daemon thread until :meth:`close`: sweep every :func:`sweep_interval`
        seconds (an hour when ``keep_idle`` is 0: it then only drops rooms), and every
        :data:`RECOVER_EVERY` seconds rebuild the broken rooms whose store answers again
        (:meth:`recover_broken`)."""
        if self._sweeper is not None:
            return
        keep = self.settings.keep_idle
        every = sweep_interval(keep) if keep > 0 else 3600.0

        def run() -> None:
            due = time.monotonic() + every
            while not self._stop.wait(min(every, RECOVER_EVERY)):
                try:
                    self.recover_broken()
                except Exception:
                    log.exception("rebuilding the broken tables failed")
                if time.monotonic() >= due:
                    due = time.monotonic() + every
                    self.sweep()

        self._sweeper = threading.Thread(target=run, name="belote-sweep", daemon=True)
        self._sweeper.start()

    def by_code(self, code: str) -> Room:
        """The room of invite ``code`` (:func:`clean_code`: any case, fullwidth letters,
        spaces and zero-width characters ignored), held in memory or read from the store (a
        room over and dropped from memory, or with peers created through another process).
        Raises ``server.unknown_code`` (404), for what is still no code too."""
        wanted = clean_code(code)
        if wanted is None:
            raise unknown_code(str(code)[:16])
        with self._lock:
            for room in self._rooms.values():
                if hmac.compare_digest(room.data.code, wanted):
                    return room
        room_id = self.store.room_of_code(wanted)
        if room_id is None:
            raise unknown_code(wanted)
        return self.get(room_id)

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            rooms = list(self._rooms.values())
        for room in rooms:
            with contextlib.suppress(Exception):
                room.close()


__all__ = ["RECOVER_EVERY", "Rooms", "online_rules", "sweep_interval"]
