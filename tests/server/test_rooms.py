"""The room and its action log, in process (issue 17, item 7): the table's journal writes each
action (a declaration with its cards) before any connection hears of it, and a log write that
fails stops the table without broadcasting the action, for a person's action and a bot's.

The game: the annonces preset, seed 10, one deal (tests/server/test_restart.py works it out):
seat 2 deals, seat 3 speaks first and takes ("take"), then leads JH."""

from __future__ import annotations

import gc
import secrets
import weakref

import pytest
from serverkit import WAIT, cards_in, people, seeded_room
from support.wait import wait_until

from belote.engine.seats import Seat
from belote.server.app import table_json
from belote.server.errors import ServerError
from belote.server.rooms import Connection, Rooms, Settings
from belote.server.store import SeatData, SqlStore

OPTIONS = {"game_end": "deals", "deals": 1}


@pytest.fixture
def store(database_url):
    s = SqlStore(database_url)
    yield s
    s.dispose()


@pytest.fixture
def rooms(store):
    r = Rooms(store, Settings(bot_delay=0.0, takeover_after=60.0))
    yield r
    r.close()


class Listener:
    """A connection's messages, and whether it was closed."""

    def __init__(self, seat):
        self.seat, self.messages, self.closed = seat, [], False

    def connection(self):
        return Connection(self.seat, "en", self.messages.append, self.close)

    def close(self):
        self.closed = True

    def actions(self):
        return [m["event"]["action"] for m in self.messages
                if m["type"] == "event" and m["event"].get("kind") == "action"]

    def errors(self):
        return [m["code"] for m in self.messages if m["type"] == "error"]


def _failing_after(store, monkeypatch, good):
    """Let ``good`` log writes through, then fail every one (an OSError: a full disk)."""
    real = store.append_action
    calls = []

    def append(*args):
        calls.append(args)
        if len(calls) > good:
            raise OSError(28, "No space left on device")
        real(*args)
    monkeypatch.setattr(store, "append_action", append)
    return calls


def _started_with_listeners(database_url, rooms):
    """The game of the module docstring with four people, each seat and a spectator
    listening, started: the room, its tokens, the listeners (seats 0-3, then None)."""
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10))
    listeners = [Listener(k) for k in range(4)] + [Listener(None)]
    for li in listeners:
        room.attach(li.connection())
    room.start(tokens[0])
    return room, tokens, listeners


def test_a_person_s_action_the_log_refuses_is_never_broadcast(database_url, store, rooms,
                                                                monkeypatch):
    room, _tokens, listeners = _started_with_listeners(database_url, rooms)
    calls = _failing_after(store, monkeypatch, 1)
    assert room.act(3, "take", 1) is True
    assert [li.actions() for li in listeners] == [["take"]] * 5
    assert {"type": "ack", "v": 1, "seq": 1, "duplicate": False} in listeners[3].messages
    with pytest.raises(ServerError) as info:
        room.act(3, "JH", 2)
    assert info.value.code == "server.storage_failed"
    assert calls[1] == (room.id, 2, Seat(3), "JH", 2)  # tried once, then the table stopped
    # nobody heard of JH; everybody is told the storage failed; seat 3 got no ack for it
    assert [li.actions() for li in listeners] == [["take"]] * 5
    assert all(li.errors() == ["server.storage_failed"] for li in listeners)
    assert not any(m["type"] == "ack" and m["seq"] == 2 for m in listeners[3].messages)
    assert room.broken and room.log_seq == 1
    with pytest.raises(ServerError) as again:
        room.act(3, "JH", 3)
    assert again.value.code == "server.storage_failed"
    late = Listener(0)
    room.attach(late.connection())  # no view of a game the log lacks an action of
    assert late.errors() == ["server.storage_failed"] and late.closed
    assert [m["type"] for m in late.messages] == ["error"]
    assert [(seat, a) for _q, seat, a, _c in store.room(room.id).actions] == [(3, "take")]


def test_a_bot_s_action_the_log_refuses_stops_the_table_and_is_never_broadcast(
        database_url, store, rooms, monkeypatch):
    token = secrets.token_urlsafe(16)
    seats = [people([token] * 4)[0]] + [SeatData(k, "random", "bot", bot_level="random")
                                        for k in (1, 2, 3)]
    room = rooms.get(seeded_room(database_url, seats, "annonces", OPTIONS, 10))
    alice, watcher = Listener(0), Listener(None)
    room.attach(alice.connection())
    room.attach(watcher.connection())
    calls = _failing_after(store, monkeypatch, 0)
    room.start(token)  # seat 3, a bot, speaks first: its action is refused by the log
    assert room.table is not None and room.table.wait_idle(timeout=30)
    assert len(calls) == 1 and calls[0][2] == Seat(3)
    assert room.broken and room.log_seq == 0
    for li in (alice, watcher):
        assert li.actions() == [] and li.errors() == ["server.storage_failed"]
    with pytest.raises(ServerError) as info:
        room.act(0, "pass", 1)
    assert info.value.code == "server.storage_failed"
    assert store.room(room.id).actions == []



def test_the_rest_answers_hold_no_action_the_log_refused(database_url, store, rooms,
                                                         monkeypatch):
    """The last card of the game (annonces, one deal) is refused by the log: the table's
    facts (``GET /api/tables/{ID}``) answer 503 ``server.storage_failed`` while it is
    broken, and its scores and record still show the game as of the action before it, the
    deal unfinished, the seed not told."""
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10))
    room.start(tokens[0])
    seq = 0
    while len(room.game.current.plays) < 31:
        seat = room.table.to_move
        seq += 1
        assert room.act(seat, room.table.view(seat).legal[0], seq)
    assert table_json(room)["scores"] == [0, 0] and table_json(room)["deals_played"] == 0
    _failing_after(store, monkeypatch, 0)
    seat = room.table.to_move
    with pytest.raises(ServerError) as info:
        room.act(seat, room.table.view(seat).legal[0], seq + 1)
    assert info.value.code == "server.storage_failed" and room.broken
    # the refused card is not applied either (the table judges, logs, then applies): the
    # game in memory is the log's, its last card still to play
    assert not room.game.is_over() and len(room.game.current.plays) == 31
    with pytest.raises(ServerError) as broken:  # what the table is waits for the log
        table_json(room)
    assert broken.value.code == "server.storage_failed" and broken.value.status == 503
    assert room.scores() == [0, 0]
    record = room.record()
    assert record["deals"] == [] and record["over"] is False and record["seed"] is None
    assert record["scores"] == [0, 0]
    assert len(store.room(room.id).actions) == seq


def test_a_declaration_is_heard_as_its_kinds_its_cards_from_trick_2(database_url, rooms):
    """Seed 10 (tests/server/test_restart.py): seat 1 declares its cinquante TS JS QS KS with
    its first card, seat 2 its tierce 7C 8C 9C. Everyone hears the kind at once, as the
    table's event says it (004: « on annonce « CINQUANTE » », « TIERCE »), and no card of
    it before the second trick (001: « montre sa combinaison au début du deuxième pli »)."""
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10))
    listeners = [Listener(k) for k in range(4)] + [Listener(None)]
    for li in listeners:
        room.attach(li.connection())
    room.start(tokens[0])
    heard_by_table = []
    room.table.subscribe(lambda e: heard_by_table.append(getattr(e, "action", None)))
    played = [(3, "take"), (3, "JH"), (0, "7H"), (1, "declare TS JS QS KS"), (1, "QH"),
              (2, "declare 7C 8C 9C")]
    for seq, (seat, action) in enumerate(played, 1):
        assert room.act(seat, action, seq)
    said = ["take", "JH", "7H", "declare cinquante", "QH", "declare tierce"]
    assert [li.actions() for li in listeners] == [said] * 5
    assert [a for a in heard_by_table if a is not None] == said  # one policy: the table's
    for li in listeners:
        if li.seat != 1:
            assert not cards_in(li.messages) & {"TS", "JS", "QS", "KS"}, li.seat
        if li.seat != 2:
            assert not cards_in(li.messages) & {"7C", "8C", "9C"}, li.seat


def test_a_broken_room_seats_no_bot_for_an_absent_person(database_url, store, monkeypatch,
                                                         caplog):
    """Seats 0..2 are away with a takeover clock of 50 ms; the log refuses seat 3's first
    action. The table is closed (it takes no join: ``table.closed``), so the clocks stop
    with it: no bot is seated for the absent, and no clock callback fails."""
    import threading

    from belote.server.clock import CLOCK
    rooms = Rooms(store, Settings(bot_delay=0.0, takeover_after=0.05))
    try:
        tokens = [secrets.token_urlsafe(16) for _ in range(4)]
        room = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10))
        dan = Listener(3)
        room.attach(dan.connection())
        _failing_after(store, monkeypatch, 0)
        room.start(tokens[0])
        with pytest.raises(ServerError):
            room.act(3, "take", 1)
        assert room.broken
        assert room.session.timed() == []  # every takeover clock stopped with the table
        # past the clocks' time: the server's one clock runs its deadlines in due order, so
        # once a later one has run, every earlier one was run or skipped (none fires)
        passed = threading.Event()
        CLOCK.call_later(0.1, passed.set)
        assert passed.wait(WAIT)
        assert not any(s.bot_playing for s in room.seat_infos())
        assert "a clock callback failed" not in caplog.text
    finally:
        rooms.close()


def test_events_keep_the_protocol_s_shape_and_each_seat_s_current_view(database_url, rooms):
    """The events are written as JSON text once, each view once per state of the game
    (Room.broadcast): every event still reads as an EventMessage with exactly the pydantic
    dump's fields and order (``event`` without the fields that do not apply), and after each
    action the last view each connection got is its seat's view of the game now (a
    spectator's: the public view), whichever event of the action carried it."""
    from belote.server.protocol import EventMessage
    room, _tokens, listeners = _started_with_listeners(database_url, rooms)
    table = room.table
    assert table is not None
    kinds = set()
    for client_seq in range(1, 14):  # the bidding, then three tricks and a card
        seat = table.to_move
        room.act(seat, table.legal(seat)[0], client_seq)
        for li in listeners:
            last = [m for m in li.messages if m["type"] == "event"][-1]
            want = table.view(li.seat) if li.seat is not None else table.public_view()
            assert last["view"] == want.to_json() and list(last["view"]) == list(want.to_json())
            assert last["log_seq"] == client_seq
    for li in listeners:
        for m in li.messages:
            if m["type"] != "event":
                continue
            kinds.add(m["event"]["kind"])
            model = EventMessage.model_validate(m)
            dumped = model.model_dump(mode="json")
            assert list(m) == list(dumped) and m == dumped
    assert {"action", "trick", "contract"} <= kinds


def test_spectators_over_the_cap_are_refused(database_url, store):
    """``max_spectators`` spectators watch; the next one is refused by ``admit`` (429
    ``server.too_many_spectators``) and, if it got past admit (several at once), by
    ``attach`` (told, then closed); a seat's connection is no spectator."""
    rooms = Rooms(store, Settings(bot_delay=0.0, max_spectators=2))
    try:
        tokens = [secrets.token_urlsafe(16) for _ in range(4)]
        room = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10))
        watchers = [Listener(None) for _ in range(3)]
        for w in watchers[:2]:
            assert room.admit(None) is None
            room.attach(w.connection())
        with pytest.raises(ServerError) as info:
            room.admit(None)
        assert info.value.code == "server.too_many_spectators" and info.value.status == 429
        room.attach(watchers[2].connection())
        assert watchers[2].errors() == ["server.too_many_spectators"] and watchers[2].closed
        assert [m["type"] for m in watchers[2].messages] == ["error"]
        assert room.admit(tokens[1]) == 1
    finally:
        rooms.close()


def test_a_person_back_from_a_takeover_sees_his_seat_as_it_is_after_his_return(
        database_url, store):
    """Bob (seat 1) leaves while Alice stays; his takeover clock fires (called here at
    once) and a bot plays his seat. When he connects again, his snapshot shows his seat
    connected and no bot playing it, and the table has him as a remote player again
    before the snapshot is sent: nothing stale."""
    from belote.table import PlayerKind
    rooms = Rooms(store, Settings(bot_delay=0.0, takeover_after=3600.0))
    try:
        tokens = [secrets.token_urlsafe(16) for _ in range(4)]
        room = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10))
        room.start(tokens[0])
        alice, bob = Listener(0), Listener(1)
        room.attach(alice.connection())
        first = bob.connection()
        room.attach(first)
        room.detach(first)
        with room.lock:
            assert room.session.expire(1)
        assert room.seat_infos()[1].bot_playing and room.table.player(1).kind == PlayerKind.BOT
        kinds_at_snapshot = []
        back = Listener(1)
        conn = back.connection()
        conn.send = lambda m: (kinds_at_snapshot.append(room.table.player(1).kind)
                               if m["type"] == "snapshot" else None, back.messages.append(m))
        room.attach(conn)
        snap = back.messages[0]
        assert snap["type"] == "snapshot"
        assert snap["seats"][1]["connected"] is True and snap["seats"][1]["bot_playing"] is False
        assert snap["seats"][1]["away"] is False
        assert kinds_at_snapshot == [PlayerKind.REMOTE]
        assert alice.messages[-1]["seats"][1]["bot_playing"] is False
    finally:
        rooms.close()


def test_a_restored_table_starts_no_takeover_clock_until_a_person_connects(database_url,
                                                                          store):
    """A playing table restored at start has its four people away: no clock runs (docs:
    "the clocks start again when someone connects"). When Alice connects, the clocks of
    the three others start, hers not."""
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    first = Rooms(store, Settings(bot_delay=0.0, takeover_after=3600.0))
    room_id = seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10)
    first.get(room_id).start(tokens[0])
    first.close()
    rooms = Rooms(store, Settings(bot_delay=0.0, takeover_after=3600.0))
    try:
        assert rooms.restore() >= 1
        room = rooms.get(room_id)
        assert room.status == "playing" and room.table is not None
        assert room.session.timed() == []
        room.attach(Listener(0).connection())
        assert room.session.timed() == [1, 2, 3]
    finally:
        rooms.close()


class _Flaky:
    """The store's writes (and, with ``reads``, its room reads) fail while ``down``."""

    def __init__(self, store, monkeypatch, reads=False):
        self.down = False
        for name in ("append_action", "set_status") + (("room",) if reads else ()):
            real = getattr(store, name)
            monkeypatch.setattr(store, name, self._wrap(real))

    def _wrap(self, real):
        def call(*args, **kwargs):
            if self.down:
                raise OSError(28, "No space left on device")
            return real(*args, **kwargs)
        return call


def _broken_after_take(database_url, store, rooms, monkeypatch):
    """Seat 3 takes (logged), then its JH meets a failing store: the room is broken."""
    flaky = _Flaky(store, monkeypatch, reads=True)
    room, tokens, listeners = _started_with_listeners(database_url, rooms)
    assert room.act(3, "take", 1)
    flaky.down = True
    with pytest.raises(ServerError):
        room.act(3, "JH", 2)
    assert room.broken
    return flaky, room, tokens, listeners


def test_a_broken_room_answers_503_then_is_rebuilt_from_the_log_at_a_connection(
        database_url, store, rooms, monkeypatch):
    """While the store fails, ``GET /api/tables/{ID}`` (``rooms.get`` then its facts) is
    503 ``server.storage_failed`` and a new connection is told so and closed. Once the store
    answers, the next ``rooms.get`` (a connection, a request) gives a new room rebuilt from
    the log: seat 3's take in it, its JH not (the log refused it), playing; the old room's
    connections are closed (told ``server.storage_failed`` when it broke), and a client
    connecting again reads ``last_seq`` 1 and plays JH again."""
    flaky, room, _tokens, listeners = _broken_after_take(database_url, store, rooms,
                                                         monkeypatch)
    again = rooms.get(room.id)
    assert again is room and room.broken
    with pytest.raises(ServerError) as info:
        table_json(again)
    assert info.value.code == "server.storage_failed" and info.value.status == 503
    late = Listener(3)
    again.attach(late.connection())
    assert late.errors() == ["server.storage_failed"] and late.closed
    assert not any(li.closed for li in listeners)
    flaky.down = False
    new = rooms.get(room.id)
    assert new is not room and not new.broken and rooms.held(room.id) is new
    assert room.retired and all(li.closed for li in listeners)
    assert all(li.errors() == ["server.storage_failed"] for li in listeners)
    facts = table_json(new)
    assert facts["status"] == "playing" and facts["log_seq"] == 1
    dan = Listener(3)
    new.attach(dan.connection())
    snap = dan.messages[0]
    assert snap["type"] == "snapshot" and snap["last_seq"] == 1
    assert snap["view"]["to_move"] == 3 and "JH" in snap["view"]["legal"]
    assert new.act(3, "JH", 2) is True
    assert dan.actions() == ["JH"]
    assert [(seat, a) for _q, seat, a, _c in store.room(room.id).actions] == \
        [(3, "take"), (3, "JH")]


def test_a_broken_room_is_rebuilt_when_an_action_arrives_or_at_the_periodic_look(
        database_url, store, rooms, monkeypatch):
    """An action on the broken room, once the store answers, rebuilds it (the action is
    answered ``server.storage_failed``: its connection, of the old room, is closed, and its
    client reconnects); a room broken again is rebuilt by the periodic look
    (``recover_broken``, what the sweeping thread calls every RECOVER_EVERY seconds)."""
    from belote.server.rooms import RECOVER_EVERY
    flaky, room, _tokens, listeners = _broken_after_take(database_url, store, rooms,
                                                         monkeypatch)
    flaky.down = False
    with pytest.raises(ServerError) as info:
        room.act(3, "JH", 3)
    assert info.value.code == "server.storage_failed"
    new = rooms.held(room.id)
    assert new is not room and not new.broken and listeners[3].closed
    assert new.log_seq == 1 and new.journal.clients.as_dict() == {3: 1}
    flaky.down = True
    with pytest.raises(ServerError):
        new.act(3, "JH", 4)
    assert new.broken and rooms.recover_broken() == 0  # the store still fails
    flaky.down = False
    assert rooms.recover_broken() == 1
    newer = rooms.held(room.id)
    assert newer is not new and not newer.broken and newer.log_seq == 1
    assert 0 < RECOVER_EVERY <= 10


def test_the_sweeping_thread_rebuilds_a_broken_room_even_with_keep_idle_0(
        database_url, store, monkeypatch):
    """``start_sweeping`` looks for broken rooms every RECOVER_EVERY seconds (here 20 ms),
    whether or not idle rooms are swept (``keep_idle`` 0: never)."""
    from belote.server import rooms as rooms_module
    monkeypatch.setattr(rooms_module, "RECOVER_EVERY", 0.02)
    rooms = Rooms(store, Settings(bot_delay=0.0, keep_idle=0))
    try:
        flaky, room, _tokens, _listeners = _broken_after_take(database_url, store, rooms,
                                                              monkeypatch)
        rooms.start_sweeping()
        flaky.down = False
        wait_until(lambda: rooms.held(room.id) is not room, WAIT, "the room rebuilt")
        assert rooms.held(room.id) is not room and not rooms.held(room.id).broken
    finally:
        rooms.close()


def _play_out(room):
    """Play the room's game out, every seat its first legal action."""
    seq = 0
    while room.status == "playing":
        seat = room.table.to_move
        if seat is None:
            assert room.table.wait_idle(timeout=30)
            continue
        seq += 1
        room.act(seat, room.table.view(seat).legal[0], seq)


def test_a_finished_room_leaves_memory_once_unwatched_and_is_read_back(database_url, store,
                                                                        rooms):
    """A room over stays in memory while a connection holds it (its people see the end),
    and is dropped with its last connection: its table closed; ``rooms.get`` and
    ``by_code`` read it back from the store (over, the same record) without keeping it.
    A table ended by its creator with nobody connected is dropped at once, and the sweep
    drops one whose drop was missed."""
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10))
    alice, watcher = Listener(0), Listener(None)
    conns = [alice.connection(), watcher.connection()]
    for c in conns:
        room.attach(c)
    room.start(tokens[0])
    _play_out(room)
    assert room.status == "over" and rooms.held(room.id) is room
    record = room.record()
    room.detach(conns[1])
    assert rooms.held(room.id) is room  # Alice is still there
    room.detach(conns[0])
    assert rooms.held(room.id) is None and room.table._closed
    back = rooms.get(room.id)
    assert back is not room and back.status == "over" and back.record() == record
    assert rooms.held(room.id) is None
    assert rooms.by_code(room.data.code).id == room.id and rooms.held(room.id) is None
    ended = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 11))
    ended.start(tokens[0])
    ended.end(tokens[0])
    assert rooms.held(ended.id) is None and ended.table._closed
    missed = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 12))
    missed.on_done = None  # as if the last connection's drop had been missed
    missed.start(tokens[0])
    missed.end(tokens[0])
    assert rooms.held(missed.id) is missed
    rooms.sweep()
    assert rooms.held(missed.id) is None


def test_a_finished_room_dropped_after_a_freeze_is_freed_without_a_collection(database_url,
                                                                              rooms):
    """Issue 25 review: the server's collector freezes what lives (``gc.freeze``), and a
    room is cyclic (its parts' ``host``, the session's callbacks, the table and its bots);
    dropped (``Rooms.drop``: over, its last connection gone), it is released, so that
    reference counting frees it with the cyclic collector off: a weak reference to it is
    dead at once."""
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10))
    conn = Listener(0).connection()
    room.attach(conn)
    room.start(tokens[0])
    _play_out(room)
    assert room.table.wait_idle(timeout=30)
    freed = weakref.ref(room)
    gc.collect()
    gc.freeze()  # as the collector does: the playing room's cycles are frozen
    gc.disable()
    try:
        room.detach(conn)  # the last connection: the room is dropped
        assert rooms.held(room.id) is None
        del room, conn
        assert freed() is None
    finally:
        gc.enable()
        gc.unfreeze()


def test_a_finished_room_read_back_is_freed_without_a_collection(database_url, rooms):
    """Issue 25 review: a room over is read back from the store at each asking
    (``Rooms.get``: never held); released as a dropped room is (:func:`_release`), it still
    answers its request (its record, a spectator's snapshot, a seat's token), then reference
    counting frees it with the cyclic collector off."""
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room_id = seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10)
    first = rooms.get(room_id)
    first.start(tokens[0])
    first.end(tokens[0])
    assert rooms.held(room_id) is None  # over and unwatched: dropped
    del first
    gc.collect()
    gc.disable()
    try:
        room = rooms.get(room_id)
        assert room.status == "over" and rooms.held(room_id) is None
        assert room.record()["ended"] is True and room.seat_of(tokens[2]) == 2
        assert room.snapshot(None)["table"]["status"] == "over"
        freed = weakref.ref(room)
        del room
        assert freed() is None
    finally:
        gc.enable()


def test_a_copy_reads_a_join_elsewhere_back_as_what_changed(database_url, store):
    """Issue 25 review: a room read back after people took seats through another process
    (their claims written straight to the store, as that process does). ``PeerSync.reload``
    returns what changed (:class:`Reloaded`: the seat, whether the table is full now) and
    tells nobody; its session holds the seat (``Session.sync_from``). ``Room.reload`` acts
    on it: its connections hear of the seat, and the table whose last seat was taken
    there, still waiting, starts by itself here."""
    from belote.server.rooms.peers import Reloaded
    from belote.server.rooms.room import Room
    from belote.server.store import token_hash
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    seats = people(tokens)[:2] + [SeatData(2, "", "open"), SeatData(3, "", "open")]
    room_id = seeded_room(database_url, seats, "annonces", OPTIONS, 10)
    room = Room(store.room(room_id), store, Settings(bot_delay=0.0, takeover_after=60.0))
    listener = Listener(None)
    room.attach(listener.connection())
    assert store.claim_seat(room_id, SeatData(2, "Eve", "human",
                                              token_hash=token_hash(tokens[2])))
    assert room.sync.reload() == Reloaded(seats=(2,), ended=False, full=False)
    assert room.seat_of(tokens[2]) == 2 and room.session.seats[2].name == "Eve"
    assert room.status == "waiting" and _seat_events(listener) == []  # nobody told
    assert room.sync.reload() == Reloaded()  # read again: nothing new
    assert store.claim_seat(room_id, SeatData(3, "Fay", "human",
                                              token_hash=token_hash(tokens[3])))
    room.reload()
    assert _seat_events(listener)[0] == 3  # then the table's own, as it starts
    assert room.status == "playing" and store.room(room_id).status == "playing"
    assert room.table is not None
    room.close()


def _seat_events(listener):
    return [m["event"]["seat"] for m in listener.messages
            if m["type"] == "event" and m["event"]["kind"] == "seat"]


def test_a_replayed_row_out_of_step_with_the_log_is_a_conflict_not_an_assertion(database_url,
                                                                                store, rooms):
    """Review: a copy replaying another process's row out of order hit an ``assert`` (an
    AssertionError closes the table and escapes catch_up); it is now the log conflict that
    makes the copy rebuild itself from the log."""
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room = rooms.get(seeded_room(database_url, people(tokens), "annonces", OPTIONS, 10))
    room.journal.acting.replay = room.journal.logged + 5  # a row further on than the next one
    with pytest.raises(ServerError) as info:
        room.journal.write(0, 3, "pass")
    assert info.value.code == "server.log_conflict" and room.journal.stale
    assert store.room(room.id).actions == []  # nothing written by a replayed row


def test_the_record_of_a_table_in_play_is_the_codec_s_of_its_finished_deals(database_url,
                                                                             rooms):
    """Room.record is ``game_to_record(finished_only=True)``: the keys in the record's order,
    the seed null while the table plays, no deal until one is finished, then who sat
    where; once its one deal is finished (every seat's first legal action), the whole game
    with its seed (10)."""
    from belote.engine.record.codec import deal_to_record
    room, _tokens, _listeners = _started_with_listeners(database_url, rooms)
    rec = room.record()
    assert list(rec) == ["format", "preset", "options", "seed", "first_dealer", "deals",
                         "scores", "held", "over", "winner", "commitment", "players"]
    assert rec["seed"] is None and rec["deals"] == [] and rec["over"] is False
    assert [p["name"] for p in rec["players"]] == ["Alice", "Bob", "Carol", "Dan"]
    client_seq = 0
    while not room.game.deals:
        client_seq += 1
        seat = room.table.to_move
        room.act(seat, room.table.legal(seat)[0], client_seq)
    rec = room.record()
    assert rec["deals"] == [deal_to_record(room.game.deals[0])]
    assert rec["scores"] == list(room.game.scores) and rec["over"] is True
    assert rec["seed"] == 10 and rec["winner"] == room.game.winner
