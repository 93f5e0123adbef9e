"""Online concours (issue 19 item 7; docs/concours-online.md): a partie drawn by another
process gets one room a table within seconds, seated as drawn (side 0 at seats 0 and 2);
each person's seat opens only with its own link; the deals' marks flow in as the tables'
deal lines (``source="online"``), once each across a ``kill -9`` and a restart; the ranking
is then the rooms' game scores.

The concours: 5 players à la mêlée, ``--leftover bot`` (so a table has bots: three seats,
seed 000's four-player tables), 2 taken deals a partie (passed-out deals do not count:
seed 000, docs/sources.md §8), the ``concours`` preset. The server plays an absent person's seat
at once (``--takeover-after 0``) while someone of the table is connected."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass

import pytest
from serverkit import SRC, WAIT, Client, ServerProcess, play_out
from support.wait import stays_true, wait_until

from belote.concours.errors import ConcoursError
from belote.concours.manager import Manager, lines_in_force, table_score
from belote.concours.manager import ranking as rank_of
from belote.concours.model import Leftover, PartieDraw, TableDraw
from belote.concours.online import planned_seats, seat_links, seat_token
from belote.concours.store import SqlConcoursStore
from belote.concours.views import draw_json
from belote.engine import Game, Rules
from belote.engine.record import game_from_record
from belote.server.concours_online import POLL_EVERY, OnlineConcours, scored_marks, table_rules
from belote.server.rooms import Rooms, Settings
from belote.server.store import SqlStore

PLAYERS = ["Alice", "Bob", "Carol", "Dan", "Eve"]


@pytest.fixture
def manager(database_url):
    store = SqlStore(database_url)
    yield Manager(SqlConcoursStore(store.engine))
    store.dispose()


def _concours(manager, players=PLAYERS, deals=2):
    data = manager.create("Club", online=True, leftover=Leftover.BOT, deals=deals)
    manager.add(data.id, players)
    return data.id


def _until(test, timeout=WAIT, what="a condition"):
    return wait_until(test, timeout, what, every=0.1)


def _rooms_of(manager, cid, partie=1, server=None):
    """The partie's room ids once claimed (with ``server``: once each room plays)."""
    rooms = _until(lambda: manager.get(cid).rooms.get(partie), what="the partie's rooms")
    if server is not None:
        _until(lambda: all(server.http.get(f"/api/tables/{r}").status_code == 200 and
                           server.table(r)["status"] == "playing" for r in rooms),
               what="the rooms playing")
    return rooms


def _complete(manager, cid, partie=1):
    def done():
        data = manager.get(cid)
        return all(table_score(data, partie, t.table).complete
                   for t in data.draws[partie - 1].tables)
    _until(done, timeout=90, what="every table's lines")
    return manager.get(cid)


def _one_client_a_table(server, data, partie=1):
    """A client on the first person's seat of each table (the others absent: played by the
    server's bot), its snapshot read."""
    clients, firsts = [], {}
    for link in seat_links(data, partie):
        firsts.setdefault(link["table"], link)
    for link in firsts.values():
        c = Client(server, link["room"], link["token"])
        c.recv()
        clients.append(c)
    return clients


def _check_lines_are_the_rooms_marks(server, data, partie=1):
    """Each table's lines in force are its room's scored marks, in order, entered once each
    from the room (``online``); each player's points in the ranking are his side's game
    score."""
    rooms = data.rooms[partie]
    for t, room in zip(data.draws[partie - 1].tables, rooms, strict=True):
        record = server.record(room)
        assert record["over"]
        marks = scored_marks(game_from_record(record))
        assert len(marks) == 2  # 2 taken deals
        lines, total = lines_in_force(data, partie, t.table)
        assert total is None and [lines[k] for k in sorted(lines)] == marks
        entries = [e for e in data.scores if e.partie == partie and e.table == t.table]
        assert sorted(e.deal for e in entries) == [1, 2]  # none doubled
        assert {e.source for e in entries} == {"online"}
        assert table_score(data, partie, t.table).result == tuple(record["scores"])
    ranking = {row.entrant: row.points for row in rank_of(data)}
    for t, room in zip(data.draws[partie - 1].tables, rooms, strict=True):
        scores = server.record(room)["scores"]
        for side, entrants in enumerate(t.sides):
            for e in entrants:
                if e is not None:
                    assert ranking[e] == scores[side]


def test_a_draw_by_another_process_gets_rooms_and_the_marks_flow_in(database_url, manager):
    server = ServerProcess(database_url, "--takeover-after", "0")
    try:
        cid = _concours(manager)
        draw = manager.draw(cid)
        rooms = _rooms_of(manager, cid, server=server)
        data = manager.get(cid)
        assert len(rooms) == len(draw.tables) == 2
        for t, room in zip(draw.tables, rooms, strict=True):
            info = server.table(room)
            assert info["status"] == "playing" and info["creator_seat"] == -1
            rules = Rules.preset(info["preset"], **info["options"])
            assert (info["preset"], rules.game_end, rules.deals) == ("concours", "deals", 2)
            names = [s["name"] if s["kind"] == "human" else None for s in info["seats"]]
            assert names == [s.name for s in planned_seats(data, t)]
            side0 = [n for e in t.sides[0] if e is not None
                     for n in data.entrants[e].members]
            assert [n for n in (names[0], names[2]) if n] == side0
            assert all(s["bot"] == "heuristic" for s in info["seats"] if s["kind"] == "bot")
        clients = _one_client_a_table(server, data)
        play_out(clients)
        for c in clients:
            c.close()
        data = _complete(manager, cid)
        _check_lines_are_the_rooms_marks(server, data)
    finally:
        server.stop()


def test_each_seat_opens_with_its_own_link_only(database_url, manager):
    server = ServerProcess(database_url)
    try:
        cid = _concours(manager, PLAYERS[:4])
        manager.draw(cid)
        (room,) = _rooms_of(manager, cid, server=server)
        data = manager.get(cid)
        links = seat_links(data, 1, "https://belote.example.org")
        assert sorted(link["name"] for link in links) == sorted(PLAYERS[:4])
        for link in links:
            assert link["url"] == (f"https://belote.example.org/#/seat/{room}/"
                                   f"{link['token']}")
            c = Client(server, room, link["token"])
            snapshot = c.recv()
            assert snapshot["type"] == "snapshot" and snapshot["seat"] == link["seat"]
            assert snapshot["seats"][link["seat"]]["name"] == link["name"]
            c.close()
        # a token of another concours key, or of another seat number, opens nothing
        for token in (seat_token("another key", room, 0), seat_token(data.key, room, 4)):
            c = Client(server, room, token)
            refused = c.recv()
            assert refused["type"] == "error" and refused["code"] == "server.bad_token"
            c.close()
        # no seat is open to the room's code; nobody is its creator
        code = server.http.get(f"/api/tables/{room}").json()["code"]
        assert code is None  # shown to a seated player only
        stored = SqlStore(engine=manager.store.engine).room(room)
        assert stored is not None
        r = server.http.post(f"/api/join/{stored.code}", json={"name": "Mallory"})
        assert r.status_code == 409 and r.json()["code"] == "server.not_waiting"
        r = server.http.post(f"/api/tables/{room}/end",
                             headers={"Authorization": f"Bearer {links[0]['token']}"})
        assert r.status_code == 403 and r.json()["code"] == "server.not_creator"
        # the concours's public data: room ids, no token, no seed of a room
        shown = json.dumps(draw_json(data, data.draws[0]))
        assert room in shown and str(stored.seed) not in shown and stored.commitment not in shown
        assert not any(link["token"] in shown for link in links)
        # the organiser's command lists each table's seat links
        out = subprocess.run(
            [sys.executable, "-m", "belote.cli", "concours", "show", cid, "--json",
             "--database", database_url], capture_output=True, text=True, timeout=WAIT,
            env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}, check=True).stdout
        (table,) = json.loads(out)["parties_drawn"][0]["tables"]
        assert [(s["seat"], s["name"], s["url"]) for s in table["seats"]] == \
            [(x["seat"], x["name"], x["url"].removeprefix("https://belote.example.org"))
             for x in links]
        assert str(stored.seed) not in out
    finally:
        server.stop()


def test_kill_9_mid_partie_then_restart_loses_and_doubles_no_line(database_url, manager):
    first = ServerProcess(database_url, "--takeover-after", "0")
    cid = _concours(manager)
    manager.draw(cid)
    rooms = _rooms_of(manager, cid, server=first)
    data = manager.get(cid)
    clients = _one_client_a_table(first, data)

    def one_line_in():
        d = manager.get(cid)
        return any(lines_in_force(d, 1, t.table)[0] for t in d.draws[0].tables)
    play_out(clients, stop=one_line_in)
    for c in clients:
        c.close()
    first.kill()
    second = ServerProcess(database_url, "--takeover-after", "0")
    try:
        assert all(second.table(room)["status"] in ("playing", "over") for room in rooms)
        clients = _one_client_a_table(second, manager.get(cid))
        play_out(clients)
        for c in clients:
            c.close()
        data = _complete(manager, cid)
        _check_lines_are_the_rooms_marks(second, data)
        assert manager.get(cid).rooms[1] == rooms  # the same rooms, resumed
    finally:
        second.stop()


# -- in process -------------------------------------------------------------------------------

@dataclass
class BotTable:
    cid: str
    store: SqlStore
    rooms: Rooms
    online: OnlineConcours


@pytest.fixture
def bot_table(database_url, manager):
    """A concours of 4 players whose partie 1 is one table of four bots (written as a
    draw), with an in-process server's rooms and :class:`OnlineConcours` (not started)
    over its database."""
    cid = _concours(manager, PLAYERS[:4])
    bots = PartieDraw(1, 7, (TableDraw(1, ((None, None), (None, None))),))
    manager.store.run(lambda w: w.insert_draw(cid, bots))
    store = SqlStore(database_url)
    rooms = Rooms(store, Settings(bot_delay=0.0, takeover_after=0.0))
    online = OnlineConcours(rooms)
    yield BotTable(cid, store, rooms, online)
    online.close()
    rooms.close()
    store.dispose()

def test_an_all_bot_table_scores_itself_once_even_looked_at_again(manager, bot_table):
    """A table of four bots plays itself out in process; its lines are entered once, and a
    new :class:`OnlineConcours` over rooms restored from the store (a restart) enters none
    again."""
    cid, rooms, online = bot_table.cid, bot_table.rooms, bot_table.online
    online.start()
    (room_id,) = _rooms_of(manager, cid)
    data = _complete(manager, cid)
    room = rooms.get(room_id)
    marks = scored_marks(room.game)
    assert [lines_in_force(data, 1, 1)[0][k] for k in (1, 2)] == marks
    assert table_score(data, 1, 1).result == tuple(room.game.scores)
    assert online.enter_lines(room) == 0
    online.close()
    rooms.close()
    again = Rooms(bot_table.store, Settings(bot_delay=0.0))
    later = OnlineConcours(again)
    try:
        again.restore()
        later.sweep()
        assert later.enter_lines(again.get(room_id)) == 0
        assert len(manager.get(cid).scores) == 2
    finally:
        again.close()


def test_a_finished_concours_leaves_no_room_in_the_sweeps_sets(database_url, manager):
    """What the server holds for a concours grows with its tables only while it runs: once
    every partie is drawn and scored, its rooms leave ``_settled`` and ``_told`` (the sets
    grew with the server's life), one id in ``_finished`` stays."""
    data = manager.create("Club", online=True, leftover=Leftover.BOT, deals=1, parties=1)
    manager.add(data.id, PLAYERS[:4])
    bots = PartieDraw(1, 7, (TableDraw(1, ((None, None), (None, None))),))
    manager.store.run(lambda w: w.insert_draw(data.id, bots))
    store = SqlStore(database_url)
    rooms = Rooms(store, Settings(bot_delay=0.0, takeover_after=0.0))
    online = OnlineConcours(rooms)
    try:
        (room_id,) = online.open_partie(data.id, 1)
        room = rooms.get(room_id)
        _until(lambda: room.status == "over", what="the bots' game")
        online._told.add((room_id, 1))  # as a refused line would
        assert online.enter_lines(room) == 1 and room_id in online._settled
        online.sweep()
        assert data.id in online._finished
        assert room_id not in online._settled
        assert not [t for t in online._told if t[0] == room_id]
    finally:
        online.close()
        rooms.close()
        store.dispose()


def test_a_line_the_organiser_corrected_is_kept(manager, bot_table):
    """An organiser's correction of an online line stays (logged); the flow goes on after
    it."""
    cid, online = bot_table.cid, bot_table.online
    (room_id,) = online.open_partie(cid, 1)
    room = bot_table.rooms.get(room_id)
    _until(lambda: room.status == "over", what="the bots' game")
    marks = scored_marks(room.game)
    a, b = marks[0]
    manager.score(cid, 1, 1, b, a, deal=1)  # the sides swapped, by hand
    assert online.enter_lines(room) == 1
    lines, _ = lines_in_force(manager.get(cid), 1, 1)
    assert lines == {1: (b, a), 2: marks[1]}
    assert online.enter_lines(room) == 0


# -- the pieces -------------------------------------------------------------------------------

def test_passed_out_deals_are_no_lines():
    """Seed 000 (docs/sources.md §8): a partie counts taken deals; a deal all pass (twice round:
    8 passes) marks nothing and is no line."""
    game = Game(Rules.preset("concours", deals=1), seed=5)
    for _ in range(8):
        game.play("pass", game.to_move)
    assert game.deals[0].passed_out and game.marks == [[0, 0]] and not game.is_over()
    assert scored_marks(game) == []


def test_seats_follow_the_draw(manager):
    cid = _concours(manager, PLAYERS[:4])
    data = manager.get(cid)
    seats = planned_seats(data, TableDraw(1, ((3, 1), (2, None))))
    assert [(s.seat, s.name) for s in seats] == \
        [(0, "Carol"), (1, "Bob"), (2, "Alice"), (3, None)]
    pairs = manager.create("Pairs", online=True, format="equipes", deals=3)
    manager.add(pairs.id, ["Ann / Ben", "Cid / Dee"])
    p = manager.get(pairs.id)
    seats = planned_seats(p, TableDraw(1, ((2,), (None,))))
    assert [(s.seat, s.name) for s in seats] == \
        [(0, "Cid"), (1, None), (2, "Dee"), (3, None)]
    rules = table_rules(p)
    assert (rules.game_end, rules.deals) == ("deals", 3)
    target = manager.create("Target", online=True, target=501)
    rules = table_rules(manager.get(target.id))
    assert (rules.game_end, rules.target) == ("target", 501)


@pytest.fixture
def postgres_manager(postgres_url):
    """A manager on a new database of the suite's PostgreSQL server, and its URL (several
    servers share one database on PostgreSQL only)."""
    from support.postgres import new_database
    url = new_database(postgres_url)
    store = SqlStore(url)
    yield url, Manager(SqlConcoursStore(store.engine))
    store.dispose()


def test_two_processes_make_each_room_once_and_enter_each_line_once(postgres_manager):
    """Two servers on one PostgreSQL database both see the draw: one set of rooms is made,
    and each deal's line is entered once though both processes hear its end. One table is
    played through each process, so one person is connected to a process that does not run
    his table (the one that made the rooms runs them all): the absent people's seats are
    still played by bots (regression: a person connected elsewhere started no takeover
    clock, and his table waited for ever)."""
    database_url, manager = postgres_manager
    servers = [ServerProcess(database_url, "--takeover-after", "0") for _ in range(2)]
    try:
        cid = _concours(manager)
        manager.draw(cid)
        rooms = _rooms_of(manager, cid, server=servers[0])

        def made():
            return sorted(r.id for r in SqlStore(engine=manager.store.engine).rooms(
                ("waiting", "playing", "over"))
                if r.settings.get("concours", {}).get("id") == cid)
        # while both processes look at the partie twice (their period, POLL_EVERY), its rooms
        # stay the claimed ones
        stays_true(lambda: made() == sorted(rooms), 2 * POLL_EVERY, "one set of rooms",
                   every=0.1)
        data = manager.get(cid)
        links = {}
        for link in seat_links(data, 1):
            links.setdefault(link["table"], link)
        clients = []
        for k, link in enumerate(links.values()):  # one table through each process
            c = Client(servers[k % 2], link["room"], link["token"])
            c.recv()
            clients.append(c)
        play_out(clients)
        for c in clients:
            c.close()
        data = _complete(manager, cid)
        _check_lines_are_the_rooms_marks(servers[0], data)
    finally:
        for s in servers:
            s.stop()


def test_a_refused_line_is_logged_once_and_the_room_plays_on(manager, bot_table, caplog,
                                                             monkeypatch):
    """Were the line check to refuse the engine's marks, the error is logged (once, though
    the thread looks again at each deal's end) and the table plays to its end."""
    cid, online = bot_table.cid, bot_table.online

    def refuse(*_args, **_kwargs):
        raise ConcoursError("refused", code="concours.line.total", params={})
    monkeypatch.setattr(online.manager, "score", refuse)
    online.start()
    (room_id,) = _rooms_of(manager, cid)
    _until(lambda: (bot_table.store.room_state(room_id) or ("",))[0] == "over",
           what="the bots' game")
    online.step(sweep=True)
    assert bot_table.rooms.get(room_id).game.is_over()
    refusals = [r for r in caplog.records if r.levelname == "ERROR" and
                "refused" in r.getMessage()]
    assert len(refusals) == 1 and "deal 1" in refusals[0].getMessage()
    assert manager.get(cid).scores == []
