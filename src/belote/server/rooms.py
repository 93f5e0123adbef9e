"""Rooms: one :class:`~belote.table.Table` a room, its seats, its connections, its log.

A :class:`Room` holds the game of one table and the four seats (``open`` | ``human`` |
``bot``). While it waits, people join open seats; once started, people play through
:meth:`Room.act` as :meth:`~belote.table.Player.remote` seats and bots play on the server's
bot pools (:mod:`belote.server.workers`: a few threads for every room, the experts' search
in a few processes; off the event loop), a ``bot_delay`` at least a decision (its rest
waited by the server's clock, no thread asleep).

Every action the table accepts is written to the action log (:meth:`SqlStore.append_action`,
committed) by the table's journal (:class:`~belote.table.Table` ``journal=``), with its full
record string (a declaration's cards included: the log is the server's own, never sent), and
*before* any event of it is queued: a ``kill -9`` loses at most an action nobody heard of.
:meth:`Rooms.restore` rebuilds every open room by replaying its log on ``Game(rules, seed)``:
the same hands, scores and player to move. A log write that fails stops the table
(``server.storage_failed``, the room ``broken``): the action is never broadcast, the room
sends no view again, and its facts (:meth:`Room.info`) answer ``server.storage_failed``. As
soon as the store answers again (looked at when a connection comes, an action arrives, a
request asks for the table, and every :data:`RECOVER_EVERY` seconds), :meth:`Rooms.recover`
rebuilds the room from its log (the log is the truth) and closes the broken room's
connections: their clients connect again to the new room. The table's scores and record
(:meth:`Room.scores`, :meth:`Room.record`) read the game as of the last action logged, so
that an action the log refused is in neither.

Locks. The room's lock may be held while calling the table (which takes the table's lock);
the journal runs under the table's lock, so it takes only the room's log lock (``_log_lock``,
innermost: nothing else is waited for while it is held), never the room's lock.

What a connection hears (:meth:`Room.snapshot`, the events): the public facts of each event
(:func:`public_facts`, never the deal itself), the seat's own view (``Table.view(seat)``), or
for a spectator the deal's public view (:meth:`Deal.public_view
<belote.engine.deal.Deal.public_view>`: no hand at all). The seed stays in the database until
the table is over.

A person whose connection drops keeps the seat (``away``); after ``takeover_after`` seconds a
heuristic bot plays it (``bot_playing``) until the same token connects again, so that the
people still there are not kept waiting. When no person is connected any more, nobody waits:
the bots give the absent people's seats back and the table waits at the next person's turn
(kept, resumable); the clocks start again when someone connects.

Several processes on one PostgreSQL database (``peers``: :mod:`belote.server.fanout`). Each
process holds its own Room of a table; the holder of the table's advisory lock (``owner``)
runs its bots and takeover clocks, the others' tables have remote seats only. Any process
judges and logs the actions of the people connected to it (the log's primary key makes one
writer win a seq; the loser rebuilds from the log: :meth:`Room._resync`); each replays the
rows the others wrote (:meth:`Room.catch_up`) and re-reads the seats and status another
changed (:meth:`Room.reload`); ``elsewhere`` are the seats connected to another process.

A waiting or playing room with no connection (no seat, no spectator) and no activity (no
action, no connection opened or closed, no join) for ``keep_idle`` seconds is closed as its
creator would end it (status ``over``, ``ended``; its record stays downloadable):
:meth:`Rooms.restore` closes those idle since before the server started instead of resuming
them, and :meth:`Rooms.start_sweeping` looks again every :func:`sweep_interval` seconds.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import functools
import hmac
import json
import logging
import re
import secrets
import threading
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError

from ..bots import bot_class, parse_bot
from ..engine.cards import card_str
from ..engine.deal import Deal
from ..engine.errors import BeloteError
from ..engine.game import Game
from ..engine.provenance import commitment, new_secret_seed
from ..engine.record import deal_to_record
from ..engine.record.codec import game_to_record
from ..engine.record.shape import GAME_FORMAT
from ..engine.rules import Rules, Shuffle
from ..engine.seats import Seat
from ..engine.views import PublicView, SeatView
from ..table import Player, Table
from ..table import events as ev
from ..table.match import derive_seed
from .clock import CLOCK, Alarm
from .defaults import KEEP_IDLE, MAX_SPECTATORS
from .errors import ServerError, bad_token, not_creator, unknown_code, unknown_table
from .protocol import (
    PROTOCOL_VERSION,
    Ack,
    ErrorMessage,
    EventFacts,
    SeatInfo,
    Snapshot,
    TableInfo,
)
from .store import RoomData, SeatData, SqlStore, token_hash
from .workers import WORKERS

log = logging.getLogger(__name__)

#: the bot that plays for an absent person
TAKEOVER_BOT = "heuristic"
#: the longest display name
MAX_NAME = 40
#: seconds between two periodic looks for broken rooms to rebuild (:meth:`Rooms.recover`)
RECOVER_EVERY = 5.0

Send = Callable[[dict[str, Any]], None]
#: the code of an action whose ``seq`` another process logged first (the room then rebuilds
#: its game from the log and judges the action again: :meth:`Room.act`)
LOG_CONFLICT = "server.log_conflict"


class Peers(Protocol):
    """The other server processes on the same database, as a room sees them
    (:class:`belote.server.fanout.Fanout`; None with one process): who runs a table, who
    holds a connection of a seat."""

    def own(self, room_id: str) -> bool:
        """Whether this process runs the table (its bots, its clocks), taking it when nobody
        does."""

    def hold(self, room_id: str, seat: int) -> None:
        """This process holds a connection of ``seat`` from now on."""

    def release(self, room_id: str, seat: int) -> None:
        """This process holds no connection of ``seat`` any more."""

    def elsewhere(self, room_id: str) -> set[int]:
        """The seats of which another living process holds a connection."""

    def disown(self, room_id: str) -> None:
        """This process runs the table no more (it is over and dropped from memory)."""


@dataclass(eq=False)
class Connection:
    """One client: its ``seat`` (None: a spectator), its language, and ``send`` (thread-safe:
    queues a message for the socket) and ``close`` (ends the socket once its queue is sent);
    ``send_text``, when given, queues a message already written as JSON text (the events: see
    :meth:`Room.broadcast`; without it, they go to ``send`` as dicts)."""

    seat: int | None
    lang: str
    send: Send
    close: Callable[[], None]
    send_text: Callable[[str], None] | None = None

    def send_json(self, text: str) -> None:
        """Queue the message of JSON ``text`` (an object)."""
        if self.send_text is not None:
            self.send_text(text)
        else:
            self.send(json.loads(text))


@dataclass
class Settings:
    """A server's room settings: ``bot_delay`` seconds a bot's turn lasts at least,
    ``takeover_after`` seconds before a bot plays for an absent person, ``keep_idle``
    seconds an unattended room is kept before it is closed (0: for ever), ``max_spectators``
    spectators a table takes at once."""

    bot_delay: float = 0.6
    takeover_after: float = 60.0
    keep_idle: float = KEEP_IDLE
    max_spectators: int = MAX_SPECTATORS


def sweep_interval(keep_idle: float) -> float:
    """Seconds between two looks for idle rooms: a quarter of ``keep_idle``, between 0.1 s
    and an hour (a room is closed at most that late)."""
    return min(max(keep_idle / 4, 0.1), 3600.0)


def public_facts(event: ev.Event) -> EventFacts | None:
    """What every client may hear of ``event`` (None: nothing, e.g. a save). Reads the
    event's public fields only, never its deal: an action as the table tells it
    (:class:`~belote.table.events.ActionApplied`; a declaration as ``"declare"`` and the
    kinds of its annonces, their cards shown in the views from trick 2)."""
    if isinstance(event, ev.ActionApplied):
        return EventFacts(kind="action", deal_index=event.deal_index, seat=event.seat,
                          action=event.action)
    if isinstance(event, ev.DealStarted):
        return EventFacts(kind="deal_started", deal_index=event.deal_index)
    if isinstance(event, ev.ContractMade):
        return EventFacts(kind="contract", deal_index=event.deal_index)
    if isinstance(event, ev.BeloteSaid):
        return EventFacts(kind="belote", deal_index=event.deal_index, seat=event.seat,
                          rebelote=event.rebelote)
    if isinstance(event, ev.TrickWon):
        return EventFacts(kind="trick", deal_index=event.deal_index, number=event.number,
                          leader=event.leader, cards=[card_str(c) for c in event.cards],
                          winner=event.winner, points=event.points)
    if isinstance(event, ev.DealEnded):
        result = getattr(event, "result", None)
        return EventFacts(kind="deal_ended", deal_index=event.deal_index,
                          result=result.to_json() if result is not None else None,
                          mark=list(event.mark), scores=list(event.scores))
    if isinstance(event, ev.GameEnded):
        return EventFacts(kind="game_ended", scores=list(event.scores), winner=event.winner)
    if isinstance(event, ev.SeatJoined | ev.SeatLeft):
        return EventFacts(kind="seat", seat=event.seat)
    return None


def new_code() -> str:
    """An invite code: 8 base32 characters (40 bits from :mod:`secrets`), upper case."""
    return base64.b32encode(secrets.token_bytes(5)).decode("ascii")


#: what an invite code is once cleaned (:func:`clean_code`): 8 base32 characters
CODE_SHAPE = re.compile(r"[A-Z2-7]{8}")
#: what a seat token is once cleaned (:func:`clean_token`): ``secrets.token_urlsafe``'s
#: alphabet (43 characters for 32 bytes), at most 128 characters
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,128}")


def _cleaned(text: str) -> str:
    """``text`` in Unicode NFKC (fullwidth ``Ａ`` → ``A``), without whitespace nor format
    characters (category Cf: a zero-width space ``\u200b``, a joiner, a BOM, a soft hyphen,
    a direction mark), which chat applications put into what people paste."""
    text = unicodedata.normalize("NFKC", str(text))
    return "".join(ch for ch in text if not ch.isspace() and unicodedata.category(ch) != "Cf")


def clean_code(code: str) -> str | None:
    """The invite code a person typed or pasted (:func:`_cleaned`, upper case), or None when
    it is still no code (not 8 base32 characters: an ASCII string only ever reaches
    ``hmac.compare_digest``, which refuses other strings)."""
    cleaned = _cleaned(code).upper()
    return cleaned if CODE_SHAPE.fullmatch(cleaned) else None


def clean_token(token: str) -> str | None:
    """The seat token of a request (:func:`_cleaned`; case kept), or None when it is still
    no token (not :data:`TOKEN_SHAPE`)."""
    cleaned = _cleaned(token)
    return cleaned if TOKEN_SHAPE.fullmatch(cleaned) else None


def _check_name(name: str) -> str:
    name = " ".join(str(name).split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise ServerError(f"a display name is 1 to {MAX_NAME} printable characters",
                          code="server.bad_name", status=422, params={"max": MAX_NAME})
    return name


def _bot_name(level: str) -> str:
    parse_bot(level)  # BotError (bot.unknown, bot.bad_level)
    return level.strip()


@dataclass
class _Absence:
    timer: Alarm | None = None
    bot_playing: bool = False


@dataclass
class Room:
    """One table (see the module docstring). Build with :meth:`Rooms.create` or from the
    store (:meth:`load`); every method may be called from any thread."""

    data: RoomData
    store: SqlStore
    settings: Settings
    game: Game = field(init=False)
    table: Table | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.rules = Rules.preset(self.data.preset, **self.data.options)
        self.game = Game(self.rules, seed=self.data.seed)
        self.last_seq: dict[int, int] = {}
        for _seq, seat, action, client_seq in self.data.actions:
            self.game.play(action, seat)
            if client_seq is not None:
                self.last_seq[seat] = max(client_seq, self.last_seq.get(seat, -1))
        #: the actions logged that every connection has heard of (``EventMessage.log_seq``)
        self.log_seq = len(self.data.actions)
        self._lock = threading.RLock()
        self._conns: dict[int, Connection] = {}
        self._spectators: set[Connection] = set()
        # the journal's state, under _log_lock: the last seq written, and (seq, seat,
        # client_seq) of each action logged whose event is not delivered yet, in order
        self._log_lock = threading.Lock()
        self._logged = self.log_seq
        self._unheard: deque[tuple[int, int, int | None]] = deque()
        # the client_seq of the action this thread is applying (Room.act), for the journal
        self._acting = threading.local()
        self._absent: dict[int, _Absence] = {}
        # the views as JSON text, by seat (None: a spectator), of the game after
        # _view_state (actions logged, status): see _view_text
        self._view_state: tuple[int, str] = (-1, "")
        self._views: dict[int | None, tuple[int, str]] = {}
        self.broken = False
        #: set by :class:`Rooms`: called with this room when it is found broken (an action
        #: arrives), to rebuild it from the log (:meth:`Rooms.recover`)
        self.on_broken: Callable[[Room], object] | None = None
        #: replaced by a room rebuilt from the log: nothing is done here any more
        self.retired = False
        #: set by :class:`Rooms`: called with this room when it may be over and unwatched
        #: (the game ended, the table was ended, its last connection closed), to drop it
        #: from memory (:meth:`Rooms.drop`)
        self.on_done: Callable[[Room], object] | None = None
        #: several processes (``peers``): whether this one runs the table's bots and clocks
        #: (the others replay its log: :meth:`catch_up`); the seats connected to another
        #: process; whether the game holds an action another process logged first
        self.peers: Peers | None = None
        self.owner = True
        self.elsewhere: set[int] = set()
        self._stale = False
        #: UNIX seconds of the last activity (see the module docstring)
        self.active = self.data.active if self.data.active is not None else time.time()
        #: set by :class:`Rooms` (its ``observers``): called with this room and each event
        #: of its table once the connections are told, not under the room's lock (on the
        #: table's delivering thread: an observer must return at once; what it raises is
        #: logged)
        self.observers: list[Callable[[Room, ev.Event], object]] = []

    # -- reading ----------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.data.id

    @property
    def status(self) -> str:
        return self.data.status

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token``; raises ``server.bad_token`` for a token that is
        no seat's (None, a spectator, gives None)."""
        if token is None:
            return None
        cleaned = clean_token(token)
        if cleaned is None:
            raise bad_token()
        digest = token_hash(cleaned)
        for attempt in range(2):
            for seat in self.data.seats:
                if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                    return seat.seat
            if self.peers is None or attempt:
                break
            self.reload()  # a join through another process, not heard of yet
        raise bad_token()

    def admit(self, token: str | None) -> int | None:
        """The seat a connection with ``token`` takes (:meth:`seat_of`; None: a spectator).
        Raises ``server.bad_token``, and ``server.too_many_spectators`` (429) for a
        spectator when ``max_spectators`` watch already (:meth:`attach` checks again)."""
        seat = self.seat_of(token)
        if seat is None:
            with self._lock:
                if len(self._spectators) >= self.settings.max_spectators:
                    raise self._too_many_spectators()
        return seat

    def _too_many_spectators(self) -> ServerError:
        limit = self.settings.max_spectators
        return ServerError(f"this table already has {limit} spectators",
                           code="server.too_many_spectators", status=429,
                           params={"max": limit})

    def _creator(self, token: str | None) -> None:
        """Raise ``server.bad_token`` without a seat's token, ``server.not_creator`` for
        another seat's."""
        if token is None:
            raise bad_token()
        if self.seat_of(token) != self.data.creator_seat:
            raise not_creator()

    def watched(self) -> bool:
        """Whether this process holds a connection of the room (a seat's or a
        spectator's)."""
        with self._lock:
            return bool(self._conns or self._spectators)

    def _done(self) -> None:
        """Not under the lock: tell :class:`Rooms` that the room may be over and unwatched
        (it is dropped from memory then)."""
        if self.on_done is not None and self.data.status == "over":
            self.on_done(self)

    def close_finished(self) -> None:
        """A room over and dropped from memory: its table (and the bots' resources: an
        expert's search) closed."""
        with self._lock:
            self._stop_clocks()
            table = self.table
        if table is None:
            return
        table.close()
        for seat in range(4):
            player = table.player(seat)
            closer = getattr(player.bot, "close", None) if player is not None else None
            if closer is not None:
                with contextlib.suppress(Exception):
                    closer()

    def seat_infos(self) -> list[SeatInfo]:
        return [SeatInfo(**d) for d in self._seat_dicts()]

    def _seat_dicts(self) -> list[dict[str, Any]]:
        """The fields of :meth:`seat_infos` (what a :class:`SeatInfo` dumps to), built
        without pydantic: a broadcast writes them for every event."""
        with self._lock:
            out = []
            for s in self.data.seats:
                absence = self._absent.get(s.seat)
                here = s.seat in self._conns or s.seat in self.elsewhere
                out.append({"seat": s.seat, "name": s.name, "kind": s.kind,
                            "bot": s.bot_level, "connected": here,
                            "away": s.kind == "human" and not here,
                            "bot_playing": absence is not None and absence.bot_playing})
            return out

    def scores(self) -> list[int]:
        """The scores (an action the log refused is never applied: the table judges an
        action, logs it, then applies it)."""
        return list(self.game.scores)

    def info(self, seat: int | None = None) -> TableInfo:
        """The table's public facts (the invite code for a seated player, the seed once
        over). Raises ``server.storage_failed`` (503) while the room is broken (its log
        could not be written: what the table is, is not known until it is rebuilt from the
        log, :meth:`Rooms.recover`)."""
        if self.broken:
            raise _storage_failed()
        over = self.data.status == "over"
        seated = seat is not None
        return TableInfo(
            table=self.id, status=self.data.status,
            preset=self.data.preset, options=self.data.options,
            commitment=self.data.commitment, seed=str(self.data.seed) if over else None,
            creator_seat=self.data.creator_seat, code=self.data.code if seated else None,
            invite=self.data.settings.get("invite") if seated else None,
            deals_played=len(self.game.deals), ended=self.data.ended)

    def view_json(self, seat: int | None) -> tuple[int, dict[str, Any] | None]:
        """The view a connection of ``seat`` (None: a spectator) may see now, and the index
        of the deal it shows (in the game's deals, every deal counted: the events'
        ``deal_index``); the view is None while the table waits and once the game is
        over."""
        index, view = self._view_of(seat)
        return index, None if view is None else view.to_json()

    def _view_of(self, seat: int | None) -> tuple[int, SeatView | PublicView | None]:
        """:meth:`view_json`'s view as the engine's object."""
        while True:
            index = len(self.game.deals)
            view = self._view_now(seat)
            if len(self.game.deals) == index:  # no bot ended the deal meanwhile
                return index, view

    def _view_now(self, seat: int | None) -> SeatView | PublicView | None:
        """None while the table waits: nobody, its creator included, sees a card of deal 0
        before it is started (else he could end and create tables again until he liked his
        hand, before inviting anyone), nor once the game is over."""
        if self.data.status == "waiting":
            return None
        source: Table | Deal | None = self.table if self.table is not None else \
            self.game.current
        if source is None:
            return None
        if seat is None:  # a spectator: the engine's public facts alone
            return source.public_view()
        return source.view(seat)

    def playing_view(self, seat: int) -> SeatView | None:
        """``seat``'s view of the deal in play (None between deals). Raises
        ``server.not_playing`` (409) unless the table plays."""
        with self._lock:
            if self.data.status != "playing" or self.table is None:
                raise ServerError("the table is not playing", code="server.not_playing",
                                  status=409, params={"status": self.data.status})
            return self.table.view(seat)

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        with self._lock:
            deal_index, view = self.view_json(seat)
            return Snapshot(seat=seat, view=view, view_deal=deal_index, table=self.info(seat),
                            seats=self.seat_infos(), scores=self.scores(),
                            last_seq=self.last_seq.get(seat) if seat is not None else None,
                            held=self.game.held).model_dump(mode="json")

    def record(self) -> dict[str, Any]:
        """The ``belote-game/1`` record: once the game is over, the whole game with its
        ``seed`` and ``commitment``; before, its finished deals only (they do not change while
        bots play on), with ``seed`` null until the table is over (ended by its creator).
        Only what the log holds: an action the log refused is never applied to the game.
        ``players``: ``[{"seat", "name", "kind"}]``, who sat where (a bot named by its level, an
        open seat ``""``; docs/records.md)."""
        with self._lock:
            game = self.game
            if game.is_over():
                rec = game_to_record(game)
            else:
                done = list(game.deals)
                marks = game.marks[:len(done)]
                rec = {"format": GAME_FORMAT, "preset": self.rules.preset_name,
                       "options": self.rules.overrides(),
                       "seed": self.data.seed if self.data.status == "over" else None,
                       "first_dealer": int(game.first_dealer),
                       "deals": [deal_to_record(d) for d in done],
                       "scores": [sum(m[0] for m in marks), sum(m[1] for m in marks)],
                       "held": 0, "over": False, "winner": None}
            rec["commitment"] = self.data.commitment
            # who sat where (names are public at the table), for the tools that read it back
            rec["players"] = [{"seat": s.seat, "name": s.name, "kind": s.kind}
                              for s in self.data.seats]
            if self.data.ended:
                rec["ended"] = True
            return rec

    # -- connections ------------------------------------------------------------------------
    def attach(self, conn: Connection) -> None:
        """Add a connection; its first message is the snapshot (once the log failed:
        ``server.storage_failed``, then the end; a spectator over ``max_spectators``:
        ``server.too_many_spectators``, then the end). A second connection of the same seat
        replaces the first (told ``server.replaced``, then closed); a person back from an
        absence takes the seat back from the bot."""
        seat = conn.seat
        with self._lock:
            if self.broken:  # its game may hold an action the log lacks: no view of it
                conn.send(_error("server.storage_failed", "the table's storage failed",
                                 conn.lang))
                conn.close()
                return
            old = None
            if seat is None:
                if len(self._spectators) >= self.settings.max_spectators:  # since admit()
                    error = self._too_many_spectators()
                    conn.send(_error(error.code, str(error), conn.lang,
                                     **dict(error.params)))
                    conn.close()
                    return
                self._spectators.add(conn)
            else:
                # the seat as it is after his return, in his snapshot: the bot playing for
                # him gives it back first (its seat event goes to the others only)
                if self._back(seat):
                    self._rejoin(seat)
                old = self._conns.get(seat)
                self._conns[seat] = conn
                if old is None:
                    self._present(seat, True)
            conn.send(self.snapshot(seat))
            self.active = time.time()
            if seat is not None:  # someone is here: the others' clocks run (again)
                for s in self.data.seats:
                    if s.kind == "human" and s.seat not in self._conns:
                        self._away(s.seat)
        if old is not None:
            old.send(_error("server.replaced", "this seat was opened elsewhere", old.lang))
            old.close()
        if seat is not None:
            self.store.set_connected(self.id, seat, True)
            self.broadcast(EventFacts(kind="seat", seat=seat))

    def detach(self, conn: Connection) -> None:
        """Remove a connection; a person's seat turns ``away`` (a bot plays it after
        ``takeover_after`` seconds while the table plays). The last connection of a room
        over lets it be dropped from memory (:meth:`Rooms.drop`)."""
        seat = conn.seat
        with self._lock:
            self.active = time.time()
            if seat is None:
                self._spectators.discard(conn)
            elif self._conns.get(seat) is not conn:
                return  # replaced by a newer connection
            else:
                del self._conns[seat]
                self._present(seat, False)
                self._away(seat)
                if not self._conns and not self.elsewhere:
                    self._pause()
        if seat is not None:
            if not self.broken:  # a hint: a broken room writes nothing more
                self.store.set_connected(self.id, seat, False)
            self.broadcast(EventFacts(kind="seat", seat=seat))
        self._done()

    def _away(self, seat: int) -> None:
        """Under the lock: start the takeover clock of an absent person's seat (by the
        process that runs the table; not while another process holds his connection), only
        while someone is connected (here or through another process): a table restored at
        start, or whose people all left, starts no clock until a person connects (then
        :meth:`attach` starts those of the others)."""
        if self.data.status != "playing" or self.data.seats[seat].kind != "human" or \
                not self.owner or self.broken or seat in self.elsewhere or \
                not (self._conns or self.elsewhere):
            return
        absence = self._absent.setdefault(seat, _Absence())
        if absence.timer is None and not absence.bot_playing:
            absence.timer = CLOCK.call_later(self.settings.takeover_after, self._take_over,
                                             seat)

    def _pause(self) -> None:
        """Under the lock: the last person left; stop every clock and give each seat a bot
        plays for an absent person back (a remote seat: the table waits for him)."""
        for seat, absence in list(self._absent.items()):
            if absence.timer is not None:
                absence.timer.cancel()
                absence.timer = None
            if absence.bot_playing:
                absence.bot_playing = False
                if self.table is not None:
                    log.info("table %s: nobody is here, seat %d waits for its player",
                             self.id, seat)
                    self.table.join(seat, Player.remote(self.data.seats[seat].name))

    def _back(self, seat: int) -> bool:
        """Under the lock: stop the clock of ``seat``; whether a bot was playing it."""
        absence = self._absent.pop(seat, None)
        if absence is None:
            return False
        if absence.timer is not None:
            absence.timer.cancel()
        return absence.bot_playing

    def _take_over(self, seat: int) -> None:
        with self._lock:
            absence = self._absent.get(seat)
            if absence is None or seat in self._conns or self.table is None or \
                    self.data.status != "playing":
                return
            absence.timer = None
            if not self._conns and not self.elsewhere:  # nobody waits: the table waits (_pause)
                return
            absence.bot_playing = True
            # its decisions are seeded by the table (Table: decision_seed), as every bot's
            bot = WORKERS.bot(TAKEOVER_BOT, derive_seed("takeover", self.data.seed, seat), None)
            log.info("table %s: a bot plays for seat %d", self.id, seat)
            self.table.join(seat, Player.of_bot(bot, self.data.seats[seat].name))

    def _rejoin(self, seat: int) -> None:
        if self.table is not None:
            log.info("table %s: seat %d is back", self.id, seat)
            self.table.join(seat, Player.remote(self.data.seats[seat].name))

    def broadcast(self, facts: EventFacts) -> None:
        """Send ``facts`` with each connection's own view to every connection (nothing once
        the log failed: the game may hold an action the log lacks): an
        :class:`~.protocol.EventMessage` (``event`` without the fields that do not apply),
        written as JSON text once but for its view, each view written once per state of the
        game (:meth:`_view_text`: the events of one action and every spectator share it)."""
        with self._lock:
            if self.broken:
                return
            conns = self._connections()
            head = (f'{{"v": {PROTOCOL_VERSION}, "type": "event", "event": '
                    f'{_dumps(facts.model_dump(mode="json", exclude_none=True))}, "view": ')
            tail = _dumps({"seats": self._seat_dicts(),
                           "scores": self.scores(), "status": self.data.status,
                           "log_seq": self.log_seq, "held": self.game.held})
            for conn in conns:
                deal_index, view = self._view_text(conn.seat)
                conn.send_json(f'{head}{view}, "view_deal": {deal_index}, {tail[1:]}')

    def _view_text(self, seat: int | None) -> tuple[int, str]:
        """:meth:`view_json` of ``seat`` as JSON text, kept while the game does not change:
        the state is the count of actions logged (:meth:`_journal`, under the table's lock
        right after each action, so a view read under the table's lock while that count
        stays the same is the view of that many actions), with the status (no view while
        the table waits: the start changes the views, not the count). Under the room's
        lock."""
        state = (self._logged, self.data.status)
        if state != self._view_state:
            self._view_state, self._views = state, {}
        cached = self._views.get(seat)
        if cached is not None:
            return cached
        deal_index, view = self._view_of(seat)
        made = (deal_index, _dumps(_json_fields(view)))
        if self._logged == state[0]:  # no action came meanwhile: the view is of this state
            self._views[seat] = made
        return made

    def send_to(self, seat: int, message: dict[str, Any]) -> None:
        with self._lock:
            conn = self._conns.get(seat)
        if conn is not None:
            conn.send(message)

    # -- the game ---------------------------------------------------------------------------
    def _players(self) -> list[Player]:
        """The table's players: a remote player a person's seat, a bot a bot's (seeded from
        the table's seed; the table reseeds it before each decision, so that a room rebuilt
        from its log plays on as it would have: see :class:`~belote.table.Table`)."""
        players = []
        for s in self.data.seats:
            if s.kind == "bot":
                level = s.bot_level or "heuristic"
                limit = bot_class(level).table_time_limit_ms
                bot = WORKERS.bot(level, derive_seed("table", self.data.seed, s.seat), limit)
                players.append(Player.of_bot(bot, s.name))
            else:
                players.append(Player.remote(s.name))
        return players

    def _start_table(self) -> None:
        """Under the lock: the table of a playing room, subscribed and started (bots play
        on the server's bot pools: :data:`~belote.server.workers.WORKERS`; in a process that
        does not run the table, every seat is remote and nothing is saved but the log: see
        :meth:`catch_up`)."""
        levels = [s.bot_level or "heuristic" for s in self.data.seats if s.kind == "bot"]
        players = self._players() if self.owner else \
            [Player.remote(s.name) for s in self.data.seats]
        table = Table(self.game, players, store=self.store if self.owner else None,
                      game_id=self.id,
                      settings={"room": self.id}, bot_delay=self.settings.bot_delay,
                      journal=self._journal, executor=WORKERS.executor_for(levels),
                      call_later=CLOCK.call_later)
        table.subscribe(self._on_event)
        self.table = table
        for s in self.data.seats:
            if s.kind == "human" and s.seat not in self._conns:
                self._away(s.seat)
        table.start()

    def start(self, token: str | None) -> None:
        """The creator starts the table. Raises ``server.not_creator``, ``server.open_seats``
        (409) while a seat is open; a table already playing is left as it is."""
        self._creator(token)
        self.start_by_itself(strict=True)

    def start_by_itself(self, strict: bool = False) -> None:
        with self._lock:
            if self.data.status != "waiting":
                if self.data.status == "over" and strict:
                    raise ServerError("the table is over", code="server.table_over",
                                      status=409, params={"table": self.id})
                return
            open_seats = [s.seat for s in self.data.seats if s.kind == "open"]
            if open_seats:
                if not strict:
                    return
                raise ServerError("seats are still open: seat someone or a bot first",
                                  code="server.open_seats", status=409,
                                  params={"seats": open_seats})
            self.store.set_status(self.id, "playing")
            self.data.status = "playing"
            self._start_table()

    def end(self, token: str | None) -> None:
        """The creator ends the table (status ``over``, ``ended``; its seed is revealed)."""
        self._creator(token)
        with self._lock:
            if self.data.status == "over":
                return
            self.store.set_status(self.id, "over", ended=True)
            self.data.status, self.data.ended = "over", True
            self._stop_clocks()
            if self.table is not None:
                self.table.close()
        self.broadcast(EventFacts(kind="table_ended"))
        self._done()

    def close_if_idle(self, keep_idle: float, now: float | None = None) -> bool:
        """Close the room (status ``over``, ``ended``, as :meth:`end` does) when it is waiting
        or playing, has no connection and saw no activity for ``keep_idle`` seconds up to
        ``now`` (UNIX seconds; default: now). Returns whether it closed it."""
        now = time.time() if now is None else now
        with self._lock:
            if self.data.status == "over" or self._conns or self._spectators or \
                    now - self.active < keep_idle:
                return False
            self.store.set_status(self.id, "over", ended=True)
            self.data.status, self.data.ended = "over", True
            self._stop_clocks()
            if self.table is not None:
                self.table.close()
        log.info("table %s: idle for %.0f s, closed", self.id, now - self.active)
        self._done()
        return True

    def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Seat a person at ``seat`` (None: the first open one); returns the seat and its new
        token. Raises ``server.not_waiting`` (409) once started, ``server.seat_taken`` (409),
        ``server.no_open_seat`` (409), ``server.bad_name`` (422). A table whose seats are
        then all taken starts by itself."""
        name = _check_name(name)
        token = secrets.token_urlsafe(32)
        seat = self._fill(seat, SeatData(0, name, "human", token_hash=token_hash(token)))
        self.start_by_itself()
        return seat, token

    def seat_bot(self, token: str | None, seat: int, level: str) -> None:
        """The creator puts a bot of ``level`` at an open ``seat``."""
        self._creator(token)
        level = _bot_name(level)
        self._fill(seat, SeatData(0, level, "bot", bot_level=level))

    def _fill(self, seat: int | None, data: SeatData) -> int:
        """Put ``data`` at an open ``seat`` of a waiting table (stored, then told); returns
        the seat. Raises ``server.not_waiting`` (409) once started, ``server.table_over``
        (409) once over (finished, or ended by its creator or for idleness), and what
        :meth:`_open_seat` raises."""
        with self._lock:
            if self.data.status == "over":
                raise ServerError("the table is over", code="server.table_over", status=409,
                                  params={"table": self.id})
            if self.data.status != "waiting":
                raise ServerError("the table has started: no seat to join",
                                  code="server.not_waiting", status=409,
                                  params={"table": self.id})
            data.seat = self._open_seat(seat)
            if not self.store.claim_seat(self.id, data):  # taken through another process
                self._claim_again(seat, data)
            self.data.seats[data.seat] = data
            self.active = time.time()
        self.broadcast(EventFacts(kind="seat", seat=data.seat))
        return data.seat

    def _claim_again(self, asked: int | None, data: SeatData) -> None:
        """Under the lock: the seat :meth:`_fill` chose was taken through another process;
        read the seats again and, when the person asked for no seat in particular, claim the
        next open one (once). Raises ``server.seat_taken`` (409), ``server.no_open_seat``."""
        self.reload()
        if asked is None and self.data.status == "waiting":
            data.seat = self._open_seat(None)
            if self.store.claim_seat(self.id, data):
                return
        raise ServerError(f"seat {data.seat} is taken", code="server.seat_taken", status=409,
                          params={"seat": data.seat})

    def _open_seat(self, seat: int | None) -> int:
        if seat is None:
            for s in self.data.seats:
                if s.kind == "open":
                    return s.seat
            raise ServerError("no seat is open at this table", code="server.no_open_seat",
                              status=409, params={"table": self.id})
        if not 0 <= seat <= 3:
            raise ServerError(f"a seat is 0, 1, 2 or 3, not {seat}", code="table.bad_seat",
                              status=422, params={"seat": repr(seat)})
        if self.data.seats[seat].kind != "open":
            raise ServerError(f"seat {seat} is taken", code="server.seat_taken", status=409,
                              params={"seat": seat})
        return seat

    def act(self, seat: int, action: str, client_seq: int) -> bool:
        """``seat``'s action numbered ``client_seq`` by its client. Returns False for a
        number already seen (nothing applied: the caller answers it ``duplicate``).
        Raises ``server.not_playing`` (409), ``server.storage_failed`` (503: the log could
        not be written; the table stops), or the table's refusal
        (:class:`~belote.engine.errors.WrongTurn`, an ``IllegalAction`` naming the rule, an
        ``ActionError``)."""
        with self._lock:
            if client_seq <= self.last_seq.get(seat, -1):
                return False
            self.last_seq[seat] = client_seq
            broken = self.broken
        if broken:  # the room is rebuilt from the log if the store answers again; this
            # connection (of the old room) is then closed: its client reconnects
            if self.on_broken is not None:
                self.on_broken(self)
            raise _storage_failed()
        with self._lock:
            if self.data.status != "playing" or self.table is None:
                raise ServerError("the table is not playing", code="server.not_playing",
                                  status=409, params={"status": self.data.status})
            table = self.table
        # not under the room's lock: the others' messages do not wait for this log write
        for attempt in range(2):
            self._acting.pending = (seat, client_seq)
            try:
                table.act(seat, action)
                return True
            except ServerError as e:
                if e.code != LOG_CONFLICT or attempt:
                    raise
            finally:
                self._acting.pending = None
            resynced = self._resync()  # another process logged that seq first: judge again
            if resynced is None:
                raise ServerError("the table is not playing", code="server.not_playing",
                                  status=409, params={"status": self.data.status})
            table = resynced
        return True

    def _journal(self, deal_index: int, seat: Seat, action: str) -> None:
        """The table's journal (under the table's lock, before the action's events): write
        action ``self._logged + 1`` to the log, committed, with the client's number when it
        is the action :meth:`act` is applying on this thread (None for a bot's). Raises
        ``server.storage_failed`` (the room is broken; the table closes) when the write
        fails. Takes the log lock only (see the module docstring)."""
        pending = getattr(self._acting, "pending", None)
        self._acting.pending = None
        client_seq = pending[1] if pending is not None and pending[0] == seat else None
        replayed = getattr(self._acting, "replay", None)
        with self._log_lock:
            if self.broken:
                raise _storage_failed()
            seq = self._logged + 1
            if replayed is not None:  # logged by another process already (catch_up)
                if replayed != seq:  # this copy is out of step with the log: rebuild it
                    self._stale = True
                    raise ServerError(f"log row {replayed} replayed after row {seq - 1}",
                                      code=LOG_CONFLICT, status=409)
                client_seq = None  # its process acks it
            try:
                if replayed is None:
                    self.store.append_action(self.id, seq, seat, action, client_seq)
            except IntegrityError as e:  # another process logged this seq: see _resync
                self._stale = True
                raise ServerError("another process logged this action first",
                                  code=LOG_CONFLICT, status=409) from e
            except Exception as e:  # the log is the truth: stop the table rather than diverge
                log.exception("table %s: the action log failed", self.id)
                self.broken = True
                raise _storage_failed() from e
            self._logged = seq
            self._unheard.append((seq, seat, client_seq))
            self.active = time.time()

    def _heard(self, event: ev.ActionApplied) -> int | None:
        """Under the room's lock: the delivered ``event`` is the oldest action logged; its
        seq becomes :attr:`log_seq`. Returns its client's number (None for a bot's)."""
        with self._log_lock:
            seq, seat, client_seq = self._unheard.popleft()
        assert seat == event.seat, (seat, event)
        self.log_seq = seq
        return client_seq

    def _on_event(self, event: ev.Event) -> None:
        """The table's callback (its delivering thread): tell every connection of an event
        (an action's is logged already: :meth:`_journal`), then ack a person's action to its
        seat; the game's end marks the room over (dropped from memory once unwatched:
        :meth:`Rooms.drop`); a failed log breaks the room."""
        with self._lock:
            if isinstance(event, ev.JournalFailed):
                if event.code != LOG_CONFLICT:  # a conflict: the room is rebuilt (_resync)
                    self._break()
                return
            if self.broken:
                return
            ack = None
            if isinstance(event, ev.ActionApplied):
                client_seq = self._heard(event)
                if client_seq is not None:
                    ack = Ack(seq=client_seq).model_dump(mode="json")
            elif isinstance(event, ev.BotFailed | ev.SaveFailed):
                log.error("table %s: %r", self.id, event)  # the seat waits (a bug to report)
            elif isinstance(event, ev.GameEnded):
                self.store.set_status(self.id, "over")
                self.data.status = "over"
                self._stop_clocks()
            facts = public_facts(event)
            if facts is not None:
                self.broadcast(facts)
            if ack is not None and isinstance(event, ev.ActionApplied):
                self.send_to(event.seat, ack)
        for observer in self.observers:
            try:
                observer(self, event)
            except Exception:
                log.exception("table %s: an observer of its events failed", self.id)
        if isinstance(event, ev.GameEnded):
            self._done()

    def _break(self) -> None:
        """Under the room's lock: the log failed; stop the table, tell every connection."""
        log.error("table %s: the action log failed; the table stops", self.id)
        self.broken = True
        self._stop_clocks()  # no bot takes a seat of the closed table (table.closed)
        if self.table is not None:
            self.table.close()
        for conn in self._connections():
            conn.send(_error("server.storage_failed", "the table's storage failed", conn.lang))

    def retire(self) -> None:
        """This broken room was rebuilt from the log as a new room (:meth:`Rooms.recover`):
        stop it for good and close its connections (each was told
        ``server.storage_failed`` when the log failed), so that their clients connect
        again and get the new room's snapshot."""
        with self._lock:
            self.broken = self.retired = True
        self.close()

    def _connections(self) -> list[Connection]:
        """Under the lock: every connection, the seats' then the spectators'."""
        return [*self._conns.values(), *self._spectators]

    def _stop_clocks(self) -> None:
        for absence in self._absent.values():
            if absence.timer is not None:
                absence.timer.cancel()
        self._absent.clear()

    # -- several processes on one database (peers: belote.server.fanout) --------------------
    @property
    def logged(self) -> int:
        """The seq of the last action of the log this room's game holds."""
        return self._logged

    def catch_up(self) -> None:
        """Apply the actions other processes logged after :attr:`logged`, in order, through
        the table (:meth:`Table.replay <belote.table.Table.replay>`: the journal records
        them without writing), so that this process's connections hear their events and
        views exactly as the writer's do; the writer acks them. Rebuilds the room first
        when it lost a race for a seq (:meth:`_resync`). A row the engine refuses (a log
        this game cannot follow) is logged and stops the catching up."""
        with self._lock:
            if self._stale:
                self._resync()
                return
            table = self.table
            if table is None or self.broken:
                return
            for seq, seat, action, client_seq in self.store.actions_after(self.id,
                                                                           self._logged):
                if client_seq is not None:
                    self.last_seq[seat] = max(client_seq, self.last_seq.get(seat, -1))
                self._acting.replay = seq
                try:
                    table.replay(seat, action, skip=functools.partial(self._holds, seq))
                except (BeloteError, ValueError):
                    if not self._stale:
                        log.exception("table %s: log row %d cannot be replayed", self.id, seq)
                    break
                finally:
                    self._acting.replay = None
            stale = self._stale
        if stale:
            self._resync()

    def seats_here(self) -> list[int]:
        """The seats this process holds a connection of."""
        with self._lock:
            return sorted(self._conns)

    def _present(self, seat: int, here: bool) -> None:
        """Under the lock: tell the peers that this process holds a connection of ``seat``
        (``here``) or none any more; a failure is logged (it only makes the others see the
        person away)."""
        if self.peers is None:
            return
        try:
            if here:
                self.peers.hold(self.id, seat)
            else:
                self.peers.release(self.id, seat)
        except Exception:
            log.exception("table %s: the other processes cannot be told of seat %d",
                          self.id, seat)

    def _holds(self, seq: int) -> bool:
        """Under the table's lock: whether the game holds log action ``seq`` already."""
        return seq <= self._logged

    def _resync(self) -> Table | None:
        """The room lost a race for a seq (another process logged it first; the game holds
        an action the log does not): rebuild the game from the log up to :attr:`logged`
        (what every connection heard), start a new table, then :meth:`catch_up` the rest.
        Returns the table (None: the room does not play). Nothing when not stale."""
        with self._lock:
            if self._stale:
                data = self.store.room(self.id)
                game = Game(self.rules, seed=self.data.seed)
                for seq, seat, action, _client_seq in data.actions if data else []:
                    if seq > self._logged:
                        break
                    game.play(action, seat)
                log.info("table %s: another process logged action %d first; rebuilt from "
                         "the log", self.id, self._logged + 1)
                if self.table is not None:
                    self.table.close()
                self.game, self.table, self._stale = game, None, False
                self._stop_clocks()
                if self.data.status == "playing":
                    self._start_table()
        self.catch_up()
        with self._lock:
            return self.table

    def reload(self) -> None:
        """Another process changed the room's status, seats or connections: read them again;
        a room that started there starts its table here, one ended there stops; a waiting
        room whose last open seat a person took there starts (:meth:`start_by_itself`, as a
        join here does); the connections are told of each seat that changed."""
        state = self.store.room_state(self.id)
        if state is None:
            return
        status, ended, seats = state
        with self._lock:
            changed = [s.seat for s, old in zip(seats, self.data.seats, strict=True)
                       if _holder(s) != _holder(old)]
            joined = any(s.kind == "human" and old.kind == "open"
                         for s, old in zip(seats, self.data.seats, strict=True))
            self.data.seats = seats
            told_end = False
            if self.data.status != "over" and status != self.data.status:
                if status == "playing" and self.table is None:
                    self.data.status = "playing"
                    self._start_table()
                elif status == "over":
                    self.data.status, self.data.ended = "over", ended
                    self._stop_clocks()
                    if ended and self.table is not None:
                        self.table.close()
                    told_end = ended
            full = joined and self.data.status == "waiting" and \
                all(s.kind != "open" for s in seats)
        if self.peers is not None:
            self.sync_presence(self.peers.elsewhere(self.id))
        for seat in changed:
            self.broadcast(EventFacts(kind="seat", seat=seat))
        if told_end:
            self.broadcast(EventFacts(kind="table_ended"))
        if full:
            self.start_by_itself()
        self._done()

    def sync_presence(self, elsewhere: set[int]) -> None:
        """``elsewhere``: the seats another process holds a connection of now. The process
        that runs the table stops the takeover clock of a person connected elsewhere (a bot
        playing for him gives the seat back) and starts it for one gone from everywhere; a
        person newly connected elsewhere starts the clocks of the people absent, as one
        connecting here does (:meth:`attach`)."""
        with self._lock:
            before, self.elsewhere = self.elsewhere, set(elsewhere)
            if self.owner and self.data.status == "playing":
                for seat in sorted(self.elsewhere - before):
                    if seat not in self._conns and self._back(seat):
                        self._rejoin(seat)
                if self.elsewhere - before:  # someone is there: the others' clocks run, as
                    for s in self.data.seats:  # when he connects here (attach)
                        if s.kind == "human" and s.seat not in self._conns:
                            self._away(s.seat)
                for seat in sorted(before - self.elsewhere):
                    if seat not in self._conns:
                        self._away(seat)
                if not self._conns and not self.elsewhere:
                    self._pause()
        for seat in sorted(before ^ self.elsewhere):
            self.broadcast(EventFacts(kind="seat", seat=seat))

    def become_owner(self) -> None:
        """This process runs the table from now on (its former runner ended): its bots
        take their seats, the absent people's clocks start."""
        with self._lock:
            if self.owner:
                return
            self.owner = True
            log.info("table %s: this process runs it now", self.id)
            table = self.table
            if table is not None and self.data.status == "playing":
                table.store = self.store
                players = self._players()
                for s in self.data.seats:
                    if s.kind == "bot":
                        table.join(s.seat, players[s.seat])
                    elif s.kind == "human" and s.seat not in self._conns:
                        self._away(s.seat)

    def close(self) -> None:
        """Stop the bots and the clocks (the server stops; the room stays in the store)."""
        with self._lock:
            self._stop_clocks()
            if self.table is not None:
                self.table.close()
            conns = self._connections()
        for conn in conns:
            conn.close()


def _holder(seat: SeatData) -> tuple[str, str, str | None, str | None]:
    """Who holds a seat (who is connected is not read from the database: see
    :meth:`Room.sync_presence`)."""
    return seat.kind, seat.name, seat.bot_level, seat.token_hash


def _json_fields(view: SeatView | PublicView | None) -> dict[str, Any] | None:
    """``view.to_json()`` without its deep copy (``dataclasses.asdict`` copies every list
    and dict, a sixth of the server's time under load): the same keys in the same order,
    the view's own values (JSON-ready; only read here, to be written as JSON at once)."""
    if view is None:
        return None
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    if isinstance(view, PublicView):  # its to_json: a seat's shape, no seat, hand or legal
        return {"seat": None, "hand": [], "legal": [], **fields}
    return fields


def _dumps(value: Any) -> str:
    """JSON text as the sockets write it (``ensure_ascii=False``)."""
    return json.dumps(value, ensure_ascii=False)


def _storage_failed() -> ServerError:
    return ServerError("the table's storage failed", code="server.storage_failed", status=503)


def _error(code: str, fallback: str, lang: str, **params: Any) -> dict[str, Any]:
    from .. import i18n
    error = BeloteError(fallback, code=code, params=params)
    return ErrorMessage(code=code, message=i18n.message(error, lang)).model_dump(mode="json")


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
            out.append(SeatData(i, name, "human", token_hash=token_hash(token)))
            creator = i
        elif spec == "open":
            out.append(SeatData(i, "", "open"))
        elif spec.startswith("bot:"):
            level = _bot_name(spec[4:])
            out.append(SeatData(i, level, "bot", bot_level=level))
        else:
            raise ServerError(f"seat {i}: \"me\", \"open\" or \"bot:LEVEL\", not {spec!r}",
                              code="server.bad_seats", status=422,
                              params={"seats": [str(s) for s in seats]})
    return out, creator


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
            if data.status == "playing":
                with room._lock:
                    room._start_table()
            count += 1
        return count

    def create(self, preset: str, options: dict[str, Any], seats: list[str], name: str,
               invite_base: str) -> tuple[Room, str]:
        """A new waiting room: its rules (``Rules.preset(preset, **options)``: RulesError),
        seats (:func:`_parse_seats`), a fresh code, a 256-bit secret seed and its
        commitment. Returns the room and the creator's token. Raises
        ``server.cut_online`` (422) for ``shuffle="cut"`` (:func:`_check_online`)."""
        name = _check_name(name)
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
                        options=rules.overrides(), status="waiting", ended=False, seed=seed,
                        commitment=commitment(seed), creator_seat=creator_seat,
                        settings={**(settings or {}), "invite": f"{invite_base}/t/{code}"},
                        seats=list(seats), actions=[])
        self.store.create_room(data)
        room = self._share(Room(data, self.store, self.settings))
        with self._lock:
            self._rooms[room_id] = room
        return room

    def get(self, room_id: str) -> Room:
        """The room ``room_id`` (one not in memory, a finished one dropped for example, is
        read back from the store, and kept only unless it is over; a broken one
        rebuilt from the log when the store answers again: :meth:`recover`). Raises
        ``server.unknown_table``."""
        with self._lock:
            room = self._rooms.get(room_id)
        if room is not None:
            return self.recover(room) if room.broken else room
        data = self.store.room(room_id) if len(room_id) <= 32 else None
        if data is None:
            raise unknown_table(room_id)
        room = self._share(Room(data, self.store, self.settings))
        if room.status == "over":  # read back for each asking (not kept: it never changes)
            return room
        with self._lock:
            kept = self._rooms.setdefault(room_id, room)
        if kept is room and room.status == "playing":  # run or served by another process
            with room._lock:
                if room.table is None:
                    room._start_table()
        if kept is room and self.peers is not None:  # what changed since it was read
            room.reload()
            room.catch_up()
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
        with room._lock:
            if room.retired:
                with self._lock:
                    return self._rooms.get(room.id, room)
            try:
                self.store.set_status(room.id, room.data.status, room.data.ended)
                data = self.store.room(room.id)
            except Exception:
                log.warning("table %s: the store still fails", room.id, exc_info=True)
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
        if new.status == "playing":
            with new._lock:
                if new.table is None:
                    new._start_table()
        if self.peers is not None:
            new.reload()
            new.catch_up()
        return new

    def drop(self, room: Room) -> bool:
        """Forget ``room`` when it is over and this process holds no connection of it (its
        game, table and bots are freed; :meth:`get` reads it back from the store when it is
        asked for again): its table closed (:meth:`Room.close_finished`), and with peers its
        table's lock let go (``disown``). Returns whether it was dropped."""
        if room.status != "over" or room.watched():
            return False
        with self._lock:
            if self._rooms.get(room.id) is not room:
                return False
            del self._rooms[room.id]
        room.close_finished()
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
            room.owner = room.status != "over" and self.peers.own(room.id)
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


__all__ = ["KEEP_IDLE", "LOG_CONFLICT", "RECOVER_EVERY", "TAKEOVER_BOT", "Connection", "Peers",
           "Room", "Rooms", "Settings", "clean_code", "clean_token", "new_code", "online_rules",
           "public_facts", "sweep_interval"]
