"""Two ``belote serve`` processes on one PostgreSQL database serve one table to two clients
(issue 17 item 11; docs/deploy.md "Several processes"): Alice creates the table on process A,
Bob joins it by its code on process B, each plays over a WebSocket to his own process until the
game ends; when A is killed, B runs the table on; A, which runs the table, takes over Bob's
seat only once he is connected nowhere; a process whose database sessions end takes its locks
again; eight tables whose seats are connected to both processes at once play to the end
(two processes' batches over the same rooms in opposite orders both commit). In process, two
``Rooms`` on one database: one seat claimed through both goes to one
person; an action whose seq the other logged first is judged again on the log's game; a join
through the copy starts the runner's table. PostgreSQL only: SQLite serves one process (no
notifications).

The in-process game: the annonces preset, seed 10, one deal (tests/server/test_rooms.py):
seat 3 speaks first and takes ("take")."""

from __future__ import annotations

import contextlib
import json
import secrets
import subprocess
import sys
import threading
import time

import pytest
from serverkit import SRC, WAIT, Client, ServerProcess, leaks, people, play_out, seeded_room, steady
from sqlalchemy import create_engine, text
from support.wait import stays_true, wait_until
from websockets.exceptions import ConnectionClosed

from belote.engine.errors import IllegalAction
from belote.server.errors import ServerError
from belote.server.rooms import Connection, Rooms, Settings
from belote.server.store import SeatData, SqlStore

pytestmark = pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)


@contextlib.contextmanager
def _servers(database_url, *extra: str):
    """Processes A and B on one database (``extra``: their options), stopped at the end (a
    process killed already is left as it is)."""
    a = ServerProcess(database_url, *extra)
    b = ServerProcess(database_url, *extra)
    try:
        yield a, b
    finally:
        for proc in (a, b):
            proc.stop()


@pytest.fixture
def two(database_url):
    with _servers(database_url) as pair:
        yield pair


def _seated(a: ServerProcess, b: ServerProcess) -> tuple[str, Client, Client, str]:
    """Alice creates a one-deal table on A (seats: her, open, heuristic, random) and
    connects to A; Bob joins it by its code on B and connects to B. Returns the table,
    Alice's and Bob's clients (their snapshots read) and Bob's token."""
    created = a.create(["me", "open", "bot:heuristic", "bot:random"], deals=1)
    table = created["table"]
    alice = Client(a, table, created["token"])
    alice.recv()
    token = b.join(created["code"], "Bob")["token"]
    bob = Client(b, table, token)
    bob.recv()
    return table, alice, bob, token


def _moves(client: Client) -> None:
    """``client`` plays by :func:`serverkit.steady` if it is his turn."""
    if client.my_turn():
        assert client.view is not None
        client.act(steady(client.view))


def _stored(database_url, table: str):
    """The room ``table`` as stored now (its log)."""
    store = SqlStore(database_url)
    try:
        data = store.room(table)
    finally:
        store.dispose()
    assert data is not None
    return data


def _until(test, timeout: float = WAIT) -> None:
    """Wait until ``test()`` (a state another process is told of by a notification)."""
    wait_until(test, timeout, "a state the other process is told of", every=0.05)


def _actions(client: Client) -> list[tuple[int, int, str]]:
    """``(log_seq, seat, action)`` of every action event ``client`` received, in order."""
    return [(m["log_seq"], m["event"]["seat"], _public(m["event"]["action"]))
            for m in client.received if m["type"] == "event" and m["event"]["kind"] == "action"]


def _public(action: str) -> str:
    """An action as compared here: a declaration without what follows "declare" (the log
    has its cards, clients hear its kinds: "declare tierce")."""
    return "declare" if action.startswith("declare") else action


class _Checks:
    """What Bob tries on B while the table waits for Alice (nobody else can move then):
    an action out of turn, then his last action's number again."""

    def __init__(self, a: ServerProcess, b: ServerProcess, table: str) -> None:
        self.a, self.b, self.table = a, b, table
        self.refused: dict | None = None
        self.duplicate: dict | None = None
        self.logged: tuple[int, int, int] | None = None

    def due(self, alice: Client, bob: Client) -> bool:
        return self.duplicate is None and bob.seq >= 1 and bob.waiting_for is None and \
            alice.my_turn()

    def run(self, bob: Client) -> None:
        assert bob.view is not None
        before = self.b.table(self.table)["log_seq"]
        out_of_turn = bob.view["hand"][0] if bob.view["phase"] == "play" else "pass"
        seq = bob.act(out_of_turn)
        self.refused = bob.wait_for(lambda m: m["type"] == "error" and m.get("seq") == seq)
        last = bob.seq - 1  # his last action that was applied (acked)
        bob.act(out_of_turn, seq=last)
        self.duplicate = bob.wait_for(lambda m: m["type"] == "ack" and m["seq"] == last)
        self.logged = (before, self.a.table(self.table)["log_seq"],
                       self.b.table(self.table)["log_seq"])


def _play(alice: Client, bob: Client, checks: _Checks, timeout: float = 180.0) -> None:
    """Each plays his turns by :func:`serverkit.steady` until both see the table over; the
    checks run once, the first time Alice is to move after Bob's first action."""
    deadline = time.monotonic() + timeout
    while not (alice.status == "over" and bob.status == "over"):
        assert time.monotonic() < deadline, "the game did not end in time"
        for c in (alice, bob):
            with contextlib.suppress(TimeoutError):
                c.recv(0.01)
        if checks.due(alice, bob):
            checks.run(bob)
        for c in (alice, bob):
            _moves(c)


def test_two_processes_serve_one_table_to_two_clients(two, database_url, tmp_path):
    a, b = two
    created = a.create(["me", "open", "bot:heuristic", "bot:random"], deals=1)
    table = created["table"]
    alice = Client(a, table, created["token"])
    assert alice.recv()["type"] == "snapshot" and alice.status == "waiting"
    # B never saw the table: it reads it from the database, and the seat claim is its own
    joined = b.join(created["code"].lower(), "Bob")
    assert joined["table"] == table and joined["seat"] == 1
    bob = Client(b, table, joined["token"])
    assert bob.recv()["type"] == "snapshot" and bob.seat == 1
    watcher = Client(b, table)  # a spectator on B
    assert watcher.recv()["type"] == "snapshot" and watcher.seat is None
    # each process sees both people connected: Alice's connection on A, Bob's on B
    _until(lambda: all(
        [s["connected"] for s in proc.table(table)["seats"][:2]] == [True, True]
        for proc in (a, b)))
    checks = _Checks(a, b, table)
    _play(alice, bob, checks)
    while watcher.status != "over":
        watcher.recv()

    # Bob's refusals come from B: judged there on its copy of the game
    assert checks.refused is not None and checks.refused["code"] == "illegal.wrong_turn"
    assert checks.refused["rule"] == "wrong_turn"
    assert checks.duplicate is not None and checks.duplicate["duplicate"] is True
    before, on_a, on_b = checks.logged
    assert before == on_a == on_b  # neither the refused nor the repeated action was logged

    record = a.record(table)
    assert record["over"] is True and b.record(table) == record
    data = _stored(database_url, table)
    assert data.status == "over"
    log = [(seq, seat, _public(action)) for seq, seat, action, _client in data.actions]
    # Alice was connected from the start: she heard every action, in the log's order; Bob
    # every one from his first snapshot on; both the same
    assert _actions(alice) == log
    seen = _actions(bob)
    assert seen and seen == log[len(log) - len(seen):]
    assert any(seat == 1 for _seq, seat, _a in seen)
    # every applied action of Bob's was acked to him on B, never twice
    acks = [m["seq"] for m in bob.received if m["type"] == "ack" and not m["duplicate"]]
    assert acks == sorted(set(acks)) and len(acks) == sum(1 for s in log if s[1] == 1)
    # each saw his own hand only, never another seat's unplayed card; the spectator no hand
    watched = _actions(watcher)
    assert watched and watched == log[len(log) - len(watched):]
    for client in (alice, bob, watcher):
        for message in client.received:
            assert not leaks(message, client.seat, record), message
    # both processes tell the same seats: both people connected (one to each); a process
    # hears of the other's connections within its next look (fanout.TICK), so wait a while
    want = [("human", True), ("human", True), ("bot", False), ("bot", False)]

    def told_alike():
        seats, other = a.table(table)["seats"], b.table(table)["seats"]
        return other == seats and [(s["kind"], s["connected"]) for s in seats] == want
    wait_until(told_alike, WAIT, f"both processes telling the seats {want}", every=0.2)
    _belote_check(record, tmp_path)
    for client in (alice, bob, watcher):
        client.close()


def _belote_check(record: dict, tmp_path) -> None:
    """``belote check`` passes on ``record``."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    checked = subprocess.run([sys.executable, "-m", "belote.cli", "check", str(path)],
                             capture_output=True, text=True, timeout=WAIT,
                             env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_when_the_process_running_the_table_dies_the_other_runs_it_on(database_url, tmp_path):
    with _servers(database_url, "--takeover-after", "0.5") as (a, b):
        table, alice, bob, _token = _seated(a, b)
        deadline = time.monotonic() + 120
        while a.table(table)["log_seq"] < 8:  # into the deal, the bots run by A
            assert time.monotonic() < deadline
            for c in (alice, bob):
                c.drain(0.01)
                _moves(c)
        for c in (alice, bob):  # no action in flight when A dies
            if c.waiting_for is not None:
                c.wait_for(lambda m: m["type"] in ("ack", "error"))
        logged = b.table(table)["log_seq"]
        a.kill()
        with pytest.raises((ConnectionClosed, TimeoutError)):
            alice.wait_for(lambda m: False, timeout=5)
        # B takes the table's lock: its bots play, and a bot plays for Alice (gone from A)
        # once the takeover delay has passed; Bob plays to the end on B
        while bob.status != "over":
            assert time.monotonic() < deadline, "the game did not end on B"
            bob.drain(0.01)
            _moves(bob)
        info = b.table(table)
        assert info["status"] == "over" and info["log_seq"] > logged
        assert any(m["type"] == "event" and m["seats"][0]["bot_playing"]
                   for m in bob.received)
        actions = _stored(database_url, table).actions
        assert any(seat == 0 for seq, seat, _a, _c in actions if seq > logged)
        record = b.record(table)
        assert record["over"] is True
        _belote_check(record, tmp_path)
        bob.close()


def test_the_runner_takes_over_a_person_only_once_he_is_connected_nowhere(database_url):
    with _servers(database_url, "--takeover-after", "0.5") as (a, b):
        table, alice, bob, bob_token = _seated(a, b)
        alice_token = alice.token
        deadline = time.monotonic() + 60
        while not bob.my_turn():  # Alice plays her turns; Bob waits for his
            assert time.monotonic() < deadline
            alice.drain(0.01)
            bob.drain(0.01)
            _moves(alice)
        # A runs the table and its takeover clocks; Bob is connected to B only: no clock
        # runs for him (four times its delay), even when Alice reloads her page on A (a
        # connection opened starts the clocks of the people connected nowhere)
        alice.close()
        alice = Client(a, table, alice_token)
        alice.recv()
        # four times the takeover's delay (the server's clock): no bot ever plays for him
        stays_true(lambda: [s["bot_playing"] for s in a.table(table)["seats"]] == [False] * 4,
                   2.0, "no bot playing", every=0.05)
        assert bob.view is not None and bob.view["to_move"] == 1
        assert a.table(table)["seats"][1]["connected"] is True
        bob.close()  # gone from everywhere: A's clock runs, its bot plays his turn
        _until(lambda: a.table(table)["seats"][1]["bot_playing"])
        assert a.table(table)["seats"][1]["away"] is True
        bob = Client(b, table, bob_token)  # back, on B: A's bot gives the seat back
        assert bob.recv()["type"] == "snapshot"
        _until(lambda: not a.table(table)["seats"][1]["bot_playing"])
        assert a.table(table)["seats"][1]["connected"] is True
        alice.close()
        bob.close()


def _one_value(database_url, query: str, **params):
    engine = create_engine(database_url)
    try:
        with engine.begin() as c:
            return c.execute(text(query), params).scalar()
    finally:
        engine.dispose()


def test_a_process_whose_database_sessions_end_takes_its_locks_again(database_url):
    with _servers(database_url) as (a, b):
        b.stop()  # A alone: nobody else could take its table meanwhile
        created = a.create(["me", "bot:random", "bot:random", "bot:random"], deals=1)
        table = created["table"]
        assert a.start(table, created["token"]).status_code == 200
        key = "SELECT pg_try_advisory_lock(hashtextextended(:key, 0))"
        assert _one_value(database_url, key, key=f"belote-table:{table}") is False
        sessions = "FROM pg_stat_activity WHERE application_name LIKE 'belote-%'"
        old = _one_value(database_url, f"SELECT array_agg(pid) {sessions}")
        assert len(old) == 2  # its listening session and its locks' session
        assert _one_value(database_url, f"SELECT count(pg_terminate_backend(pid)) {sessions}") \
            == 2
        _until(lambda: _one_value(database_url, f"SELECT count(*) {sessions} AND NOT "
                                  "(pid = ANY(:old))", old=old) == 2)
        # its table's lock is held again by its new session (this one cannot take it), and
        # it plays on
        _until(lambda: _one_value(database_url, "SELECT count(*) FROM pg_stat_activity "
                                  "WHERE pid = ANY(:old)", old=old) == 0)
        assert _one_value(database_url, key, key=f"belote-table:{table}") is False
        alice = Client(a, table, created["token"])
        alice.recv()
        deadline = time.monotonic() + 120
        while alice.status != "over":
            assert time.monotonic() < deadline
            alice.drain(0.01)
            _moves(alice)
        alice.close()


class _Peers:
    """Peers for two ``Rooms`` in one process: ``owner`` says whether this one runs every
    table; nobody is connected elsewhere."""

    def __init__(self, owner: bool) -> None:
        self.owner = owner

    def own(self, room_id: str) -> bool:
        return self.owner

    def hold(self, room_id: str, seat: int) -> None:
        pass

    def release(self, room_id: str, seat: int) -> None:
        pass

    def elsewhere(self, room_id: str) -> set[int]:
        return set()

    def disown(self, room_id: str) -> None:
        pass


@pytest.fixture
def pair(database_url):
    """Two ``Rooms`` on one database: the first runs the tables, the second serves copies."""
    stores = [SqlStore(database_url), SqlStore(database_url)]
    out = [Rooms(store, Settings(bot_delay=0.0), peers=_Peers(k == 0))
           for k, store in enumerate(stores)]
    yield out
    for rooms, store in zip(out, stores, strict=True):
        rooms.close()
        store.dispose()


def _messages(room, seat):
    got: list[dict] = []
    room.attach(Connection(seat, "en", got.append, lambda: None))
    return got


def test_one_open_seat_claimed_through_two_processes_goes_to_one(pair):
    first, second = pair
    room, _token = first.create("coinche", {"game_end": "deals", "deals": 1},
                                ["me", "open", "open", "bot:random"], "Alice", "http://a")
    copy = second.get(room.id)  # read before the join: its seat 1 is open
    assert copy is not room and copy.data.seats[1].kind == "open"
    assert room.join("Bob", 1)[0] == 1
    with pytest.raises(ServerError) as refused:
        copy.join("Carol", 1)  # the conditional UPDATE finds the seat taken
    assert refused.value.code == "server.seat_taken"
    assert [s.name for s in copy.data.seats] == ["Alice", "Bob", "", "random"]  # reread


def _run_here_copy_there(pair, database_url):
    """A started one-deal annonces table of four people, run by the first process (the
    runner) and read by the second (the copy, which runs nothing)."""
    first, second = pair
    tokens = [secrets.token_urlsafe(8) for _ in range(4)]
    room_id = seeded_room(database_url, people(tokens), "annonces",
                          {"game_end": "deals", "deals": 1}, 10)
    runner = first.get(room_id)
    runner.start(tokens[0])
    return runner, second.get(room_id)


def test_an_action_whose_seq_the_other_logged_first_is_judged_again(pair, database_url):
    runner, copy = _run_here_copy_there(pair, database_url)
    assert copy.status == "playing" and not copy.owner and copy.table is not None
    heard = _messages(copy, 3)
    assert runner.act(3, "take", 1) is True  # logged as seq 1; the copy has not heard yet
    assert copy.journal.logged == 0
    with pytest.raises(IllegalAction) as judged:  # its seq 1 lost: rebuilt, caught up,
        copy.act(3, "take", 2)                     # judged again: the bidding is over
    assert judged.value.code == "illegal.bidding_over"
    assert copy.journal.logged == runner.journal.logged == 1
    assert copy.game.current.view(0).to_json() == runner.game.current.view(0).to_json()
    actions = [m["event"]["action"] for m in heard
               if m["type"] == "event" and m["event"].get("kind") == "action"]
    assert actions == ["take"]  # the runner's action, heard once; nothing of its own
    assert not [m for m in heard if m["type"] == "error"]


def test_one_action_sent_through_both_processes_at_once_is_a_duplicate_on_the_second(
        pair, database_url):
    """The same message (seat 3's "take", its number 1) through both processes at once: the
    runner logs it; the copy, which has not heard of it yet, loses the race for log seq 1,
    rebuilds from the log and finds that very action there: a duplicate (as one process
    answers a number seen), not a refusal of an action out of turn."""
    runner, copy = _run_here_copy_there(pair, database_url)
    heard = _messages(copy, 3)
    assert runner.act(3, "take", 1) is True
    assert copy.journal.logged == 0  # not heard yet: the copy writes log seq 1 too
    assert copy.act(3, "take", 1) is False  # the caller answers ack duplicate
    assert copy.journal.logged == runner.journal.logged == 1
    assert copy.journal.clients.last(3) == 1
    assert [(seq, seat, action, client_seq) for seq, seat, action, client_seq
            in _stored(database_url, runner.id).actions] == [(1, 3, "take", 1)]
    actions = [m["event"]["action"] for m in heard
               if m["type"] == "event" and m["event"].get("kind") == "action"]
    assert actions == ["take"]
    assert not [m for m in heard if m["type"] == "error"]


def test_a_join_through_the_other_process_starts_the_runner_s_table(pair, database_url):
    first, second = pair
    seats = [*people(["t0", "t1", "t2", "t3"])[:1], SeatData(1, "", "open"),
             SeatData(2, "random", "bot", bot_level="random"),
             SeatData(3, "random", "bot", bot_level="random")]
    room = first.get(seeded_room(database_url, seats, "annonces",
                                 {"game_end": "deals", "deals": 1}, 10))
    copy = second.get(room.id)
    assert copy.join("Bob", None)[0] == 1  # the last open seat: the table starts by itself
    assert copy.status == "playing" and copy.table is not None
    assert [copy.table.player(s).kind for s in range(4)] == ["remote"] * 4  # nothing runs
    room.reload()  # what its notification makes the runner do
    assert room.status == "playing" and room.table is not None
    assert [room.table.player(s).kind for s in range(4)] == ["remote", "remote", "bot", "bot"]
    assert room.table.wait_idle(WAIT)  # its bots played up to a person's turn
    assert room.journal.logged >= 1  # seat 3 speaks first: a bot
    copy.sync.catch_up()
    assert copy.journal.logged == room.journal.logged
    for seat in range(4):
        assert copy.game.current.view(seat).to_json() == room.game.current.view(seat).to_json()


def test_a_finished_table_dropped_from_memory_lets_go_of_its_lock(database_url):
    """A process that drops a finished room (over, no connection: ``Rooms.drop``) lets go
    of the table's advisory lock (``Fanout.disown``): another process can take it, and
    PostgreSQL's shared lock table does not fill with finished tables' locks."""
    from belote.server.fanout import Fanout
    stores = [SqlStore(database_url), SqlStore(database_url)]
    fanouts = [Fanout(s) for s in stores]
    rooms = Rooms(stores[0], Settings(bot_delay=0.0), peers=fanouts[0])
    try:
        tokens = [secrets.token_urlsafe(16) for _ in range(4)]
        room = rooms.get(seeded_room(database_url, people(tokens), "annonces",
                                     {"game_end": "deals", "deals": 1}, 10))
        assert room.owner and not fanouts[1].own(room.id)
        room.start(tokens[0])
        room.end(tokens[0])
        assert rooms.held(room.id) is None
        assert fanouts[1].own(room.id)
    finally:
        rooms.close()
        for f in fanouts:
            f.close()
        for s in stores:
            s.dispose()


def _waiting_for_a_lock(engine) -> bool:
    """Whether a session of the database waits for a row lock now."""
    with engine.connect() as c:
        return bool(c.execute(text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock'")).scalar())


def test_two_processes_batches_over_the_same_rooms_in_opposite_orders_both_commit(
        database_url):
    """Process 1's batch writes room A then room B, process 2's B then A, each writing its
    first room before the other writes its second (or while the other waits for a lock):
    taken in the batches' orders, each would hold the row the other waits for, a deadlock
    PostgreSQL breaks by failing one batch (the stall of bench/server.py --servers 2).
    Each batch locks its rooms in one order first: both commit, every write in."""
    rooms = sorted(seeded_room(database_url, people([f"t{k}{s}" for s in range(4)]),
                               "annonces", {"game_end": "deals", "deals": 1}, 10)
                   for k in range(2))
    stores = [SqlStore(database_url), SqlStore(database_url)]
    watch = create_engine(database_url)
    first_written = [threading.Event(), threading.Event()]
    gates = [threading.Event(), threading.Event()]
    errors: list[BaseException] = []

    def touch(k: int, room: str):
        def write(s) -> None:
            s.execute(text("UPDATE rooms SET active = now() WHERE id = :id"), {"id": room})
            first_written[k].set()
            other = first_written[1 - k]
            wait_until(lambda: other.is_set() or _waiting_for_a_lock(watch), WAIT,
                       "the other batch's first write, or its wait for a lock", every=0.02)
        return write

    def run(k: int, write, room: str | None) -> None:
        try:
            stores[k].group.run(write, room)
        except BaseException as e:  # noqa: BLE001 -- the test reports it
            errors.append(e)

    threads: list[threading.Thread] = []
    try:
        for k, order in enumerate((rooms, rooms[::-1])):
            gate_in = threading.Event()
            gate = gates[k]

            def hold(_s, gate_in=gate_in, gate=gate) -> None:  # leads a batch of its own
                gate_in.set()
                gate.wait(WAIT)
            threads.append(threading.Thread(target=run, args=(k, hold, None)))
            threads[-1].start()
            wait_until(gate_in.is_set, WAIT, "the gate's batch")
            for n, room in enumerate(order):  # queued behind the gate: the next batch
                threads.append(threading.Thread(target=run, args=(k, touch(k, room), room)))
                threads[-1].start()
                wait_until(lambda k=k, n=n: stores[k].group.queued == n + 1, WAIT,
                           "the write queued")
        for gate in gates:
            gate.set()
        for thread in threads:
            thread.join(WAIT)
        assert errors == []
        assert [store.group.writes for store in stores] == [3, 3]
        assert all(e.is_set() for e in first_written)
    finally:
        for gate in gates:
            gate.set()
        watch.dispose()
        for store in stores:
            store.dispose()


def test_tables_whose_seats_are_connected_to_both_processes_play_to_the_end(two):
    """Eight one-deal tables made on A, each with its seats 0 and 2 connected to A and 1
    and 3 to B (a balancer without stickiness), the 32 sockets opened at once, then played:
    every table ends, with the same record on both, and neither process logs an error
    (their batches of writes over the same rooms in opposite orders, a connection noted
    in each, deadlocked in PostgreSQL: a batch failed, its sockets dropped, tables
    stalled)."""
    from concurrent.futures import ThreadPoolExecutor
    a, b = two
    tables: list[str] = []
    seats: list[tuple[ServerProcess, str, str]] = []
    for _ in range(8):
        created = a.create(["me", "open", "open", "open"], deals=1)
        tokens = [created["token"]] + [
            (b if seat % 2 else a).join(created["code"], f"P{seat}", seat)["token"]
            for seat in (1, 2, 3)]
        tables.append(created["table"])
        seats += [(b if seat % 2 else a, created["table"], token)
                  for seat, token in enumerate(tokens)]
    with ThreadPoolExecutor(len(seats)) as pool:
        clients = list(pool.map(lambda s: Client(*s), seats))
    try:
        play_out(clients, timeout=180.0)
    except (ConnectionClosed, AssertionError) as e:  # say why: the servers' errors
        errors = [row for proc in (a, b) for row in proc.log().splitlines()
                  if " ERROR " in row or "Error" in row]
        raise AssertionError(f"{e!r}; the servers logged: {errors}") from e
    for table in tables:
        record = a.record(table)
        assert record["over"] is True and b.record(table) == record
    with ThreadPoolExecutor(len(clients)) as pool:
        list(pool.map(Client.close, clients))
    for proc in (a, b):
        assert "Traceback" not in proc.log() and " ERROR " not in proc.log(), proc.log()
