"""Tables nobody attends (issue 17, item 7): a room with no connection and no activity for
``--keep-idle`` seconds is closed (status ``over``, ``ended``, the seed told) and its record
stays downloadable; a connection keeps it; the sweep runs at start (a room idle since before
the server started never resumes) and periodically."""

from __future__ import annotations

import datetime as dt
import secrets

import pytest
from serverkit import WAIT, Client, ServerProcess, people, seeded_room
from sqlalchemy import update
from support.wait import stays_true, wait_until

from belote.db.rooms import RoomRow
from belote.server.rooms import Connection, Rooms, Settings, sweep_interval
from belote.server.store import SqlStore

OPTIONS = {"game_end": "deals", "deals": 1}
SEATS = ["me", "open", "open", "open"]


@pytest.fixture
def store(database_url):
    s = SqlStore(database_url)
    yield s
    s.dispose()


def test_the_sweep_looks_a_quarter_of_keep_idle_apart_within_bounds():
    assert sweep_interval(7 * 24 * 3600) == 3600.0
    assert sweep_interval(2.0) == 0.5
    assert sweep_interval(0.01) == 0.1


def test_a_room_closes_after_keep_idle_seconds_without_connection_or_activity(store):
    rooms = Rooms(store, Settings(bot_delay=0.0, keep_idle=100.0))
    try:
        room, _token = rooms.create("coinche", dict(OPTIONS), SEATS, "Alice", "http://h")
        since = room.active
        assert not room.close_if_idle(100.0, now=since + 99.9)
        assert rooms.sweep(now=since + 99.9) == 0
        # a join is activity: the clock starts again
        room.join("Bob", 1)
        joined = room.active
        assert joined >= since
        assert rooms.sweep(now=joined + 99.9) == 0
        # a connection keeps the room however long nothing happens
        messages: list[dict] = []
        conn = Connection(0, "en", messages.append, lambda: None)
        room.attach(conn)
        assert rooms.sweep(now=room.active + 10_000) == 0
        room.detach(conn)
        left = room.active
        assert rooms.sweep(now=left + 100.0) == 1
        assert room.status == "over" and room.data.ended
        assert rooms.sweep(now=left + 1000.0) == 0  # closed once
        stored = store.room(room.id)
        assert stored is not None and stored.status == "over" and stored.ended
        record = room.record()
        assert record["seed"] == room.data.seed and record["ended"] is True
        assert room.info().seed == str(room.data.seed)
    finally:
        rooms.close()


def test_keep_idle_zero_keeps_every_room(store):
    rooms = Rooms(store, Settings(bot_delay=0.0, keep_idle=0.0))
    try:
        room, _token = rooms.create("coinche", dict(OPTIONS), SEATS, "Alice", "http://h")
        assert rooms.sweep(now=room.active + 10 * 365 * 86400) == 0
        assert room.status == "waiting"
    finally:
        rooms.close()


def _wait_status(server: ServerProcess, table: str, status: str) -> dict:
    return wait_until(lambda: (info := server.table(table))["status"] == status and info,
                      WAIT, f"table {table} {status}", every=0.1)


def test_a_real_server_closes_an_unattended_table_and_keeps_an_attended_one(database_url):
    server = ServerProcess(database_url, "--keep-idle", "1")
    try:
        attended = server.create(SEATS)
        alice = Client(server, attended["table"], attended["token"])
        alice.recv()
        left = server.create(SEATS)
        closed = _wait_status(server, left["table"], "over")
        assert closed["ended"] is True and closed["seed"] is not None
        record = server.record(left["table"])
        assert record["ended"] is True and record["seed"] == int(closed["seed"])
        # older than the closed one, but connected: kept
        assert server.table(attended["table"])["status"] == "waiting"
        r = server.http.post(f"/api/join/{left['code']}", json={"name": "Bob"})
        assert r.status_code == 409 and r.json()["code"] == "server.table_over"
        alice.close()
        _wait_status(server, attended["table"], "over")
    finally:
        server.stop()


def test_a_table_idle_since_before_the_start_is_closed_not_resumed(database_url):
    """Two waiting rooms in the store, one last active eight days ago: the server (its keep
    a week by default) closes that one as it starts and restores the other."""
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    old = seeded_room(database_url, people(tokens), "coinche", OPTIONS, 5)
    fresh = seeded_room(database_url, people(tokens), "coinche", OPTIONS, 6)
    store = SqlStore(database_url)
    try:
        eight_days = dt.datetime.now(dt.UTC) - dt.timedelta(days=8)
        with store.engine.begin() as c:
            c.execute(update(RoomRow).where(RoomRow.id == old)
                      .values(created=eight_days, active=eight_days))
    finally:
        store.dispose()
    server = ServerProcess(database_url)
    try:
        info = server.table(old)
        assert info["status"] == "over" and info["ended"] is True
        assert server.table(fresh)["status"] == "waiting"
        assert server.record(old)["seed"] == 5
    finally:
        server.stop()


def test_a_table_everyone_left_waits_for_them_instead_of_being_played_out(database_url):
    """One person and three bots, a takeover after 0.3 s, bots at once: she leaves at once.
    With nobody left to keep waiting, no bot takes her seat: the bots play up to her turn
    and the table waits there, in the first bidding round (a bot for her would have played
    on: four deals with bots at once). She comes back to her turn and her eight cards."""
    server = ServerProcess(database_url, "--takeover-after", "0.3")
    try:
        created = server.create(["me", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
                                deals=4)
        table = created["table"]
        alice = Client(server, table, created["token"])
        alice.recv()
        assert server.start(table, created["token"]).status_code == 200
        alice.close()
        # ten times the takeover's delay (the server's clock, not a guess of the machine's
        # speed): her seat stays hers all along, the first deal never ends
        stays_true(lambda: (i := server.table(table))["status"] == "playing" and
                   i["deals_played"] == 0 and not i["seats"][0]["bot_playing"], 3.0,
                   "the table waits for her", every=0.1)
        info = server.table(table)
        assert info["status"] == "playing" and info["deals_played"] == 0
        assert not info["seats"][0]["connected"] and not info["seats"][0]["bot_playing"]
        logged = info["log_seq"]
        alice = Client(server, table, created["token"])
        snap = alice.recv()
        assert snap["view_deal"] == 0 and snap["view"]["to_move"] == 0
        assert snap["view"]["legal"] and snap["table"]["status"] == "playing"
        # she never moved: the bidding stopped at her first turn, the bots' bids before it
        view = snap["view"]
        assert view["tricks"] == [] and len(view["hand"]) == 8
        assert len(view["bids"]) == logged < 4 and all(seat != 0 for seat, _b in view["bids"])
        alice.close()
    finally:
        server.stop()


def test_the_last_person_leaving_takes_the_seats_back_from_the_bots(database_url):
    """Alice and Bob (seats 0 and 2) and two bots, a takeover after 0.3 s. Alice leaves: a
    bot plays her seat while Bob is there. Bob leaves too: nobody is kept waiting, so her
    seat is hers again (no bot playing it) and the table waits. Bob back: her clock runs
    again and a bot plays for her once more."""
    server = ServerProcess(database_url, "--takeover-after", "0.3")
    try:
        created = server.create(["me", "bot:heuristic", "open", "bot:heuristic"], deals=4)
        table = created["table"]
        bob_token = server.join(created["code"], "Bob", 2)["token"]  # the table starts
        alice = Client(server, table, created["token"])
        bob = Client(server, table, bob_token)
        alice.recv()
        bob.recv()
        alice.close()
        bob.wait_for(lambda m: m["type"] == "event" and m["seats"][0]["bot_playing"])
        bob.close()
        wait_until(lambda: not server.table(table)["seats"][2]["connected"], WAIT,
                   "Bob's connection closed", every=0.05)
        info = server.table(table)
        assert info["status"] == "playing"
        assert [s["bot_playing"] for s in info["seats"]] == [False] * 4
        bob = Client(server, table, bob_token)
        bob.wait_for(lambda m: m["type"] in ("snapshot", "event")
                     and m["seats"][0]["bot_playing"])
        bob.close()
    finally:
        server.stop()
