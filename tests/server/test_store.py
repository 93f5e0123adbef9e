"""The server's SQL store (issue 17, item 1): migrations at start, the GameStore protocol of
``belote.table`` (save / load / list), the action log, tokens kept only as hashes."""

from __future__ import annotations

import contextlib
import random
import threading

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError
from support.wait import wait_until

from belote.db import Base, make_engine, open_database
from belote.engine import Game, Rules
from belote.engine.errors import RecordError
from belote.engine.record import game_to_record
from belote.server import spans
from belote.server.store import (
    ActionLogged,
    GroupCommit,
    RoomData,
    SeatData,
    SqlStore,
    token_hash,
)


@pytest.fixture
def store(database_url):
    s = SqlStore(database_url)
    yield s
    s.dispose()


def _game(seed: int, actions: int) -> Game:
    game = Game(Rules.preset("coinche", game_end="deals", deals=1), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.current is None:
            break
        game.play(rng.choice(list(game.legal_actions())))
    return game


def test_migrations_make_every_table_and_run_twice(database_url):
    engine = open_database(database_url)
    open_database(database_url)  # already at head: nothing to do
    names = set(inspect(engine).get_table_names())
    assert {"rooms", "seats", "actions", "games", "alembic_version", "concours",
            "concours_entrants", "concours_parties", "concours_scores", "concours_log"} <= names
    with engine.connect() as c:
        assert c.execute(text("select version_num from alembic_version")).scalar() == "0003"
    engine.dispose()


def test_the_migrations_build_what_the_models_declare(database_url):
    """One declaration of each table (the models of belote.db, one Base): the Alembic
    chain, frozen, builds exactly their schema (Alembic's autogenerate finds nothing)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    engine = open_database(database_url)
    with engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
    engine.dispose()
    assert diff == []


def test_a_database_of_an_older_revision_upgrades_with_its_rows(fresh_url):
    """A server.db made by an older belote (revision 0002: no concours yet) opens: its rooms
    stay, the concours's tables are added, the revision is 0003."""
    from alembic import command
    from alembic.config import Config

    from belote.db import MIGRATIONS
    engine = make_engine(fresh_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
    store = SqlStore(engine=engine)
    assert "concours" not in inspect(engine).get_table_names()
    with engine.begin() as c:
        c.execute(text("insert into rooms (id, code, preset, options, status, ended, seed, "
                       "commitment, creator_seat, settings, created) values ('r-old', 'OLD', "
                       "'coinche', '{}', 'waiting', false, '7', 'ab', 0, '{}', "
                       "'2026-01-02 03:04:05')"))
    open_database(fresh_url).dispose()
    with engine.connect() as c:
        assert c.execute(text("select version_num from alembic_version")).scalar() == "0003"
    assert {"concours", "concours_log"} <= set(inspect(engine).get_table_names())
    room = store.room("r-old")
    assert room is not None and (room.code, room.seed, room.status) == ("OLD", 7, "waiting")
    store.dispose()


def test_the_game_store_saves_loads_and_lists(store):
    game = _game(11, 12)
    where = store.save("g-1", game, {"room": "r1"})
    assert where == "games/g-1"
    loaded = store.load("g-1")
    assert game_to_record(loaded.game) == game_to_record(game)
    assert loaded.settings == {"room": "r1"} and loaded.id == "g-1"
    assert store.load().id == "g-1"  # the game in progress
    done = _game(12, 10_000)
    store.save("g-2", done, {})
    assert [(g.id, g.finished) for g in store.list() if g.id in ("g-1", "g-2")] == \
        [("g-1", False), ("g-2", True)]
    with pytest.raises(RecordError) as e:
        store.load("nope")
    assert e.value.code == "store.no_such_game"
    with pytest.raises(ValueError) as bad:
        store.save("a b", game, {})
    assert getattr(bad.value, "code", None) == "store.bad_id"


def test_rooms_seats_and_the_log_round_trip_with_hashed_tokens(store):
    token = "secret-token"
    room = RoomData(id="room1", code="ABCDEFGH", preset="coinche", options={},
                    status="playing", ended=False, seed=2**255 + 3, commitment="0" * 64,
                    creator_seat=0, settings={"invite": "x"},
                    seats=[SeatData(0, "Alice", "human", token_hash=token_hash(token))]
                    + [SeatData(i, "heuristic", "bot", "heuristic") for i in (1, 2, 3)],
                    actions=[])
    store.create_room(room)
    store.append_action("room1", 1, 2, "80 H", None)
    store.append_action("room1", 2, 3, "pass", 7)
    back = store.room("room1")
    assert back is not None and back.seed == 2**255 + 3  # 256 bits kept whole
    assert back.actions == [(1, 2, "80 H", None), (2, 3, "pass", 7)]
    assert back.seats[0].token_hash == token_hash(token) != token
    with store.engine.connect() as c:
        stored = " ".join(str(v) for row in c.execute(text("select * from seats")) for v in row)
    assert token not in stored
    with pytest.raises(IntegrityError) as twice:  # the log never takes a number twice
        store.append_action("room1", 2, 0, "pass", 8)
    assert isinstance(twice.value, ActionLogged)
    assert (twice.value.room_id, twice.value.seq) == ("room1", 2)
    assert store.room("room1").actions == [(1, 2, "80 H", None), (2, 3, "pass", 7)]
    assert [r.id for r in store.rooms()] == ["room1"]
    store.set_status("room1", "over")
    assert store.rooms() == [] and store.room("room1").status == "over"



def test_sqlite_writes_wait_for_the_store_lock_and_all_land(store):
    """SQLite has one writer: the store's lock queues the process's writers (a busy
    connection would sleep in SQLite's busy handler instead: bench/server.py). A write
    waits while the lock is held, then lands; 8 threads x 25 actions all land, in order."""
    import threading
    room = RoomData(id="room2", code="HGFEDCBA", preset="coinche", options={},
                    status="playing", ended=False, seed=5, commitment="0" * 64,
                    creator_seat=0, settings={},
                    seats=[SeatData(i, "x", "human") for i in range(4)], actions=[])
    store.create_room(room)
    if store.engine.dialect.name != "sqlite":
        assert store.write_lock.__enter__() is None  # PostgreSQL: no lock (nullcontext)
        return
    writer = threading.Thread(target=store.append_action, args=("room2", 1, 0, "pass", 1))
    with store.write_lock:
        writer.start()
        writer.join(0.3)
        assert writer.is_alive()  # waits for the lock
        assert store.room("room2").actions == []  # reading needs no lock
    writer.join(10)
    assert not writer.is_alive()
    assert store.room("room2").actions == [(1, 0, "pass", 1)]

    def many(first: int) -> None:
        for k in range(25):
            seq = first + 8 * k
            store.append_action("room2", seq, seq % 4, "pass", None)

    threads = [threading.Thread(target=many, args=(2 + i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert [a[0] for a in store.room("room2").actions] == list(range(1, 202))


def _rooms_of(store, count: int) -> list[str]:
    """``count`` new playing rooms (fresh ids and codes: the database is the module's)."""
    import secrets
    ids = []
    for _ in range(count):
        name = secrets.token_hex(4)
        room = RoomData(id=f"gc{name}", code=name.upper(), preset="coinche", options={},
                        status="playing", ended=False, seed=5, commitment="0" * 64,
                        creator_seat=0, settings={},
                        seats=[SeatData(k, "x", "human") for k in range(4)], actions=[])
        store.create_room(room)
        ids.append(room.id)
    return ids


def _gated(store, monkeypatch, fail: bool = False):
    """Hold the store's next transaction until ``gate`` is set (its writes applied, before
    the commit); with ``fail``, that transaction then fails (an OSError: the disk) and
    rolls back. Returns the gate and an event set once the first transaction holds."""
    import contextlib
    import threading
    real = store.group.begin
    gate, holding, first = threading.Event(), threading.Event(), [True]

    @contextlib.contextmanager
    def begin():
        with real() as s:
            yield s
            if first[0]:
                first[0] = False
                s.flush()  # its rows reached the database, uncommitted
                holding.set()
                assert gate.wait(30)
                if fail:
                    raise OSError(5, "Input/output error")
    monkeypatch.setattr(store.group, "begin", begin)
    return gate, holding


def _wait_queued(store, count: int) -> None:
    wait_until(lambda: store.group.queued >= count, 30, f"{count} writes queued")


def test_concurrent_appends_share_commits_and_all_land_in_order(store, monkeypatch):
    """Group commit: 8 rooms' threads x 25 actions; while one transaction is being written
    the others' writes queue and the next leader commits them together. Every row lands,
    in order per room, none twice."""
    import threading
    ids = _rooms_of(store, 8)
    gate, holding = _gated(store, monkeypatch)
    batches0 = store.group.batches

    def play(room_id: str) -> None:
        for seq in range(1, 26):
            store.append_action(room_id, seq, seq % 4, f"pass{seq}", seq)

    threads = [threading.Thread(target=play, args=(r,)) for r in ids]
    threads[0].start()
    assert holding.wait(30)  # the first room's first action is being committed
    for t in threads[1:]:
        t.start()
    _wait_queued(store, 7)  # the other rooms' first actions wait for the next batch
    gate.set()
    for t in threads:
        t.join(60)
        assert not t.is_alive()
    for r in ids:
        assert store.room(r).actions == [(q, q % 4, f"pass{q}", q) for q in range(1, 26)]
    # 200 writes: the second batch held 7 of them, so fewer transactions than writes
    assert store.group.writes - (store.group.batches - batches0) >= 6
    assert store.group.batches - batches0 < 200


def _leader_and_followers(store, monkeypatch, ids, fail: int) -> dict:
    """The first room's write leads a transaction held open until the three others' writes
    are queued behind it; those then share the next transaction. Transaction ``fail`` (1:
    the leader's, 2: the followers') fails once its rows reached the database, before its
    commit (an OSError: the disk), and rolls back. Returns each room's outcome: None, or
    what its append raised."""
    import contextlib
    import threading
    real = store.group.begin
    gate, holding, count = threading.Event(), threading.Event(), [0]

    @contextlib.contextmanager
    def begin():
        count[0] += 1
        number = count[0]
        with real() as s:
            yield s
            s.flush()
            if number == 1:
                holding.set()
                assert gate.wait(30)
            if number == fail:
                raise OSError(5, "Input/output error")
    monkeypatch.setattr(store.group, "begin", begin)
    outcome: dict[str, BaseException | None] = {}

    def append(room_id: str) -> None:
        try:
            store.append_action(room_id, 2 if room_id == ids[0] else 1, 1, "80 H", None)
            outcome[room_id] = None
        except BaseException as e:
            outcome[room_id] = e

    leader = threading.Thread(target=append, args=(ids[0],))
    leader.start()
    assert holding.wait(30)
    followers = [threading.Thread(target=append, args=(r,)) for r in ids[1:]]
    for t in followers:
        t.start()
    _wait_queued(store, 3)
    gate.set()
    for t in [leader, *followers]:
        t.join(60)
    monkeypatch.setattr(store.group, "begin", real)
    return outcome


@pytest.mark.parametrize("fail", [1, 2])
def test_a_failing_commit_fails_every_caller_of_its_batch_and_writes_none(store, monkeypatch,
                                                                          fail):
    """A batch's transaction fails (the disk): each of its callers gets the error and none
    of its rows is in the database (a failing database is not retried write by write); the
    other batch's writes land; the failed numbers can be written again (nothing lost,
    nothing twice). fail=1: the leader's batch of one; fail=2: the three followers' shared
    batch."""
    ids = _rooms_of(store, 4)
    store.append_action(ids[0], 1, 0, "pass", 1)
    outcome = _leader_and_followers(store, monkeypatch, ids, fail)
    failed = [ids[0]] if fail == 1 else ids[1:]
    for r in ids:
        if r in failed:
            assert isinstance(outcome[r], OSError) and outcome[r].errno == 5, outcome
        else:
            assert outcome[r] is None
    assert store.room(ids[0]).actions == [(1, 0, "pass", 1)] + (
        [] if fail == 1 else [(2, 1, "80 H", None)])
    for r in ids[1:]:
        assert store.room(r).actions == ([] if fail == 2 else [(1, 1, "80 H", None)])
    for r in failed:  # the failed numbers, written once now
        seq = 2 if r == ids[0] else 1
        store.append_action(r, seq, 1, "80 H", None)
        assert [a[0] for a in store.room(r).actions] == list(range(1, seq + 1))


def test_a_number_logged_twice_fails_its_own_caller_not_its_batch(store, monkeypatch):
    """Several processes on one PostgreSQL may race for an action number (the primary key
    decides: docs/deploy.md). In a batch shared by four rooms, one write whose number is
    taken gets ``IntegrityError`` (:class:`ActionLogged`, naming it); the other rooms'
    actions of that batch land, in that same transaction (issue 25 review: the batch's
    insert skips the taken row, nothing is written again write by write)."""
    ids = _rooms_of(store, 4)
    store.append_action(ids[0], 1, 0, "pass", 1)
    store.append_action(ids[2], 1, 0, "pass", 1)  # room 2's number 1 is taken
    batches = store.group.batches
    outcome = _leader_and_followers(store, monkeypatch, ids, fail=0)
    assert outcome[ids[0]] is None and outcome[ids[1]] is None and outcome[ids[3]] is None
    refused = outcome[ids[2]]
    assert isinstance(refused, IntegrityError) and isinstance(refused, ActionLogged), outcome
    assert (refused.room_id, refused.seq) == (ids[2], 1)
    assert store.group.batches - batches == 2  # the leader's and the followers': no more
    assert store.room(ids[1]).actions == [(1, 1, "80 H", None)]
    assert store.room(ids[3]).actions == [(1, 1, "80 H", None)]
    assert store.room(ids[2]).actions == [(1, 0, "pass", 1)]  # its first row, unchanged


def test_an_sqlite_pool_is_sized_for_the_threads_that_read(tmp_path):
    """Issue 25 review: the server's executor threads (``WORKERS``) may all read at once; an
    SQLite engine made for 20 keeps 20 connections and lets 20 more open beside them, so
    that 40 held at once wait for none (SQLAlchemy's default, 5 and 10 more, would make the
    16th wait 30 s, then fail)."""
    engine = make_engine(f"sqlite:///{tmp_path / 'pool.db'}", 20)
    try:
        held = [engine.connect() for _ in range(40)]
        assert engine.pool.size() == 20 and engine.pool.checkedout() == 40
        for connection in held:
            connection.close()
    finally:
        engine.dispose()


class _FirstBatchFails:
    """A group commit's ``begin``: the first batch waits for ``go``, then its transaction
    fails (an OSError: a full disk); the later ones commit into ``committed``."""

    def __init__(self):
        self.entered, self.go = threading.Event(), threading.Event()
        self.calls, self.committed = 0, []

    @contextlib.contextmanager
    def begin(self):
        self.calls += 1
        if self.calls == 1:
            self.entered.set()
            assert self.go.wait(10)
            raise OSError(28, "No space left on device")
        session = []
        yield session
        self.committed.extend(session)


def _writer(group, name, outcome):
    """A thread that runs the write of ``name`` through ``group``; ``outcome[name]``: None
    once committed, else what it raised."""
    def run():
        try:
            group.run(lambda session: session.append(name))
            outcome[name] = None
        except OSError as e:
            outcome[name] = e
    return threading.Thread(target=run, daemon=True)


@pytest.mark.parametrize("fails", ["begin", "note_batch"])
def test_a_failing_batch_tells_its_callers_and_the_writes_behind_it_commit(fails,
                                                                           monkeypatch):
    """Issue 25 review: the batch's callers hear its error (its transaction, or noting the
    batch for the spans, failed: before, an error there left them waiting for ever), the
    lead passes to the writes queued meanwhile, which commit in the next batch, and no batch
    is left under way (a later write leads at once)."""
    db, outcome = _FirstBatchFails(), {}
    if fails == "note_batch":
        real, noted = spans.note_batch, []

        def note(size):
            noted.append(size)
            if len(noted) == 1:
                db.entered.set()
                assert db.go.wait(10)
                raise OSError(5, "Input/output error")
            real(size)
        monkeypatch.setattr(spans, "note_batch", note)
        db.calls = 1  # the transactions all commit: the first batch fails before its own
    group = GroupCommit(db.begin)
    first = _writer(group, "a", outcome)
    first.start()
    assert db.entered.wait(10)  # "a" leads the first batch, which has not failed yet
    behind = [_writer(group, name, outcome) for name in ("b", "c")]
    for t in behind:
        t.start()
    wait_until(lambda: group.queued == 2, 10, "b and c queued behind the first batch")
    db.go.set()
    for t in [first, *behind]:
        t.join(10)
        assert not t.is_alive()
    assert isinstance(outcome["a"], OSError)
    assert outcome["b"] is None and outcome["c"] is None
    assert db.committed == ["b", "c"]  # one batch after the failed one
    assert (group.batches, group.writes) == (2, 3)
    later = _writer(group, "d", outcome)
    later.start()
    later.join(10)
    assert not later.is_alive() and outcome["d"] is None and db.committed[-1] == "d"


@pytest.mark.parametrize("fresh_url", ["postgresql"], indirect=True)
def test_on_postgresql_only_the_rows_written_are_notified(fresh_url):
    """Issue 25 review: the other processes hear ``'<room>:<seq>'`` of each action row this
    batch wrote (:data:`CHANNEL`, delivered at its commit), never of one it was refused (its
    number was another's). A duplicate, then a new row: the only notification is the new
    row's (the listener reads until that one arrives; PostgreSQL delivers in commit
    order)."""
    import psycopg

    from belote.server.store import CHANNEL
    store = SqlStore(fresh_url)  # a database of its own: the module's keeps its rooms
    (room,) = _rooms_of(store, 1)
    store.append_action(room, 1, 0, "pass", 1)
    url = store.engine.url.set(drivername="postgresql")
    with psycopg.connect(url.render_as_string(hide_password=False), autocommit=True) as c:
        c.execute(f"LISTEN {CHANNEL}")
        with pytest.raises(ActionLogged):
            store.append_action(room, 1, 2, "pass", 9)
        store.append_action(room, 2, 1, "80 H", None)
        heard = []
        for note in c.notifies(timeout=30):
            if note.payload.startswith(f"{room}:"):
                heard.append(note.payload)
            if note.payload == f"{room}:2":
                break
    assert heard == [f"{room}:2"]
    assert store.room(room).actions == [(1, 0, "pass", 1), (2, 1, "80 H", None)]
    store.dispose()


def test_an_sqlite_older_than_3_35_is_refused_with_its_version(tmp_path, monkeypatch):
    """The action log's insert needs ``RETURNING`` (SQLite 3.35): an older library is a
    refusal naming it (``server.bad_database``), not a failure at the first action."""
    import sqlite3

    from belote.db.connect import open_url
    from belote.engine.errors import BeloteError
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 31, 1))
    monkeypatch.setattr(sqlite3, "sqlite_version", "3.31.1")
    with pytest.raises(BeloteError) as e:
        open_url(f"sqlite:///{tmp_path / 'old.db'}")
    assert e.value.code == "server.bad_database"
    assert e.value.params["reason"] == "SQLite 3.31.1, older than 3.35"
    monkeypatch.undo()
    open_url(f"sqlite:///{tmp_path / 'new.db'}").dispose()  # this machine's SQLite is newer
