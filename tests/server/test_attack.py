"""What an attack on the server found (issue 25, item 7), each against a real server process
on loopback: a refused socket whose client is gone logs no traceback; a full disk answers
503 ``server.storage_failed`` and the health check says so; the log's redaction of tokens
and keys reads the query as the application does; a number is a JSON integer, an action its
record text."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import subprocess
import time
from pathlib import Path

import pytest
from serverkit import WAIT, Client, ServerProcess
from support.rooms import play_finished_room

from belote.engine.actions import parse_record_action

# -- a refused socket whose client is gone -------------------------------------------------


def _open_and_drop(url: str, path: str) -> None:
    """Send a WebSocket handshake for ``path`` and reset the connection at once (SO_LINGER
    0: an RST, no close frame), before the server's answer."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=WAIT) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def test_a_refused_socket_whose_client_is_gone_logs_no_traceback(tmp_path):
    """The refusal of an unknown table (or token) is sent to a client that dropped the
    connection: one debug line at most, never a 40-line traceback (any address may do it
    60 times a minute)."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'server.db'}")
    try:
        for _ in range(20):
            _open_and_drop(server.url, "/ws/tables/nosuchtable")
        # a client that stays hears the refusal: the server is still well
        client = Client(server, "nosuchtable")
        assert client.wait_for(lambda m: m["type"] == "error")["code"] == "server.unknown_table"
        client.close()
    finally:
        err = server.stop()
    assert err.count('"WebSocket /ws/tables/nosuchtable" [accepted]') == 21, err[-2000:]
    assert "Traceback" not in err and "WebSocketDisconnect" not in err, err[-3000:]


# -- a full disk ---------------------------------------------------------------------------

@pytest.fixture
def small_disk(tmp_path):
    """A 4 MiB tmpfs mounted for the test (root only; skipped elsewhere)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", str(folder)],
            capture_output=True).returncode:
        pytest.skip("mounting a small tmpfs needs root")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=True)


def _fill(path: Path) -> None:
    """Write ``path`` until the disk is full."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(fd, bytes(4096))
    except OSError as e:
        assert e.errno == 28  # ENOSPC
    finally:
        os.close(fd)


TABLE = {"preset": "coinche", "options": {"game_end": "deals", "deals": 1},
         "seats": ["me", "open", "open", "open"], "name": "Alice"}


def test_a_full_disk_answers_503_and_the_health_check_says_so(small_disk):
    """Every write fails on a full disk: ``POST /api/tables`` answers 503
    ``server.storage_failed`` (not 500, and no traceback: one log line), the health check
    503 ``server.storage_failed`` (it was 200 while nothing could be written); space freed,
    both are well again."""
    server = ServerProcess(f"sqlite:///{small_disk / 'server.db'}")
    filler = small_disk / "filler"
    try:
        assert server.http.post("/api/tables", json=TABLE).status_code == 201
        _fill(filler)
        for _ in range(2):  # the connection stays usable (it was reset after a 500)
            r = server.http.post("/api/tables?lang=en", json=TABLE)
            assert r.status_code == 503
            assert r.json() == {"type": "error", "code": "server.storage_failed",
                                "message": "the table's storage failed"}
        r = server.http.get("/api/health?lang=en")
        assert r.status_code == 503 and r.json()["code"] == "server.storage_failed"
        assert server.http.get("/api/health").status_code == 503
        filler.unlink()
        assert server.http.get("/api/health").json()["status"] == "ok"
        assert server.http.post("/api/tables", json=TABLE).status_code == 201
    finally:
        err = server.stop()
    assert "Traceback" not in err, err[-3000:]
    assert err.count("database or disk is full") == 2, err[-3000:]
    assert err.count("the database fails its health check") == 1
    assert not any(p.name.startswith(".server.db.probe") for p in small_disk.iterdir())


def test_a_socket_whose_connection_cannot_be_noted_is_told_and_closed(small_disk):
    """Noting a seat connected is a write: on a full disk the socket gets its snapshot, then
    ``server.storage_failed``, then the end (no traceback, no connection left in the room:
    space freed, the same seat connects again and is told so)."""
    from websockets.exceptions import ConnectionClosed

    server = ServerProcess(f"sqlite:///{small_disk / 'server.db'}")
    filler = small_disk / "filler"
    try:
        created = server.create(["me", "open", "open", "open"])
        _fill(filler)
        client = Client(server, created["table"], created["token"], lang="en")
        kinds = []
        with pytest.raises(ConnectionClosed):
            while True:
                kinds.append(client.recv())
        assert [m["type"] for m in kinds] == ["snapshot", "error"], kinds
        assert kinds[-1]["code"] == "server.storage_failed"
        filler.unlink()
        again = Client(server, created["table"], created["token"], lang="en")
        snapshot = again.recv()
        assert snapshot["type"] == "snapshot" and snapshot["seat"] == 0
        again.close()
    finally:
        err = server.stop()
    assert "Traceback" not in err, err[-3000:]
    assert "the database failed on /ws/tables/" in err, err[-3000:]


# -- the log's redaction -------------------------------------------------------------------

@pytest.mark.parametrize("name", ["t%6Fken", "%74%6F%6B%65%6E", "tok%65n", "tok%2565n"])
def test_the_log_redacts_a_token_however_its_name_is_encoded(tmp_path, name):
    """``?t%6Fken=`` is the token to the application (it decodes the query's names): the
    log, which writes the query as the client sent it, redacts it too."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'server.db'}")
    secret = "s3cretTOKENvalue"
    try:
        created = server.create(["me", "open", "open", "open"])
        client = Client(server, created["table"] + f"?{name}={secret}")
        client.wait_for(lambda m: m["type"] in ("snapshot", "error"))
        client.close()
        server.http.get(f"/api/concours/nope/print/sheets.pdf?k%65y={secret}&lang=en")
        server.http.get(f"/api/tables/{created['table']}?%6B%65%79={secret}")
    finally:
        err = server.stop()
    assert "/api/tables/" in err and "sheets.pdf" in err
    assert secret not in err, err[-3000:]


# -- numbers and actions -------------------------------------------------------------------

@pytest.mark.parametrize("target", [True, False, 1.0, "500", [500]])
def test_a_target_is_a_json_integer(server, target):
    """``"target": true`` was a target of 1 (pydantic's lax integers)."""
    r = server.http.post("/api/tables?lang=en", json={**TABLE, "options": {},
                                                       "target": target})
    assert r.status_code == 422, r.text
    assert r.json() == {"type": "error", "code": "server.bad_request",
                        "message": "bad request (target): a whole number is expected"}
    r = server.http.post("/api/tables", json={**TABLE, "options": {}, "target": 500})
    assert r.status_code == 201


NOT_RECORDS = ["pass\u0000", "\u202epass", "ｐａｓｓ", "pass\u200b", "PASS", " pass", "pass ",
               "p", "passe", "2", "pass\x1c"]


@pytest.mark.parametrize("text", NOT_RECORDS)
def test_an_action_is_its_record_text_exactly(text):
    with pytest.raises(ValueError) as refused:
        parse_record_action(text)
    assert refused.value.code.startswith("action.")  # type: ignore[attr-defined]
    assert str(parse_record_action("pass")) == "pass"


def test_the_server_takes_an_action_as_its_record_text_only(server):
    """The seat to move sends every other spelling of ``pass`` first: each is refused with
    an ``action.*`` code and nothing is applied; then ``pass`` is."""
    created = server.create(["me", "open", "open", "open"])
    tokens = [created["token"]] + [server.join(created["code"], n)["token"]
                                   for n in ("Bob", "Carol", "Dan")]
    clients = [Client(server, created["table"], t, lang="en") for t in tokens]
    deadline = time.monotonic() + WAIT
    while not any(c.my_turn() for c in clients):
        assert time.monotonic() < deadline, "nobody to move"
        for c in clients:
            c.drain()
    mover = next(c for c in clients if c.my_turn())
    assert "pass" in mover.view["legal"]
    for text in NOT_RECORDS:
        seq = mover.act(text)
        answer = mover.wait_for(lambda m, seq=seq: m.get("seq") == seq)
        assert answer["type"] == "error" and answer["code"].startswith("action."), text
    assert server.table(created["table"])["log_seq"] == 0
    seq = mover.act("pass")
    mover.wait_for(lambda m: m["type"] == "event" and m["event"].get("action") == "pass")
    assert server.table(created["table"])["log_seq"] == 1
    for c in clients:
        c.close()


def test_the_health_check_answers_while_the_server_runs(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'server.db'}")
    try:
        for _ in range(3):
            r = server.http.get("/api/health")
            assert r.status_code == 200 and r.json()["status"] == "ok"
        assert not [p for p in tmp_path.iterdir() if ".probe" in p.name]
    finally:
        server.stop()


# -- memory over a long run ----------------------------------------------------------------

def _sizes(obj) -> dict[str, int]:
    """The size of every dict, set, list or deque among ``obj``'s attributes."""
    from collections import deque
    return {name: len(value) for name, value in vars(obj).items()
            if isinstance(value, dict | set | list | deque)}


def test_finished_rooms_leave_the_registry_and_nothing_grows_with_them(tmp_path):
    """A server's memory grew with the games it had held: after each finished table (its
    connection gone) the registry holds no room, and none of its containers grows between
    10 and 30 finished tables (the figures of a 2,000-table run: docs/performance.md)."""
    from belote.server.rooms import Rooms, Settings
    from belote.server.store import SqlStore
    store = SqlStore(f"sqlite:///{tmp_path / 'server.db'}")
    rooms = Rooms(store, Settings(bot_delay=0.0, keep_idle=0))
    try:
        for k in range(10):
            play_finished_room(rooms, store, k)
            assert rooms.held_rooms() == []
        early = _sizes(rooms) | _sizes(store.group)
        for k in range(10, 30):
            play_finished_room(rooms, store, k)
        assert rooms.held_rooms() == []
        assert _sizes(rooms) | _sizes(store.group) == early
    finally:
        rooms.close()
        store.dispose()


@pytest.mark.parametrize("message", [
    {"type": "ping", "v": True}, {"type": "ping", "v": 1.0}, {"type": "ping", "id": True},
    {"type": "ping", "id": 1.0}, {"type": "ping", "id": 2**53},
    {"type": "action", "action": "pass", "seq": 0, "v": True}])
def test_a_client_message_s_numbers_are_json_integers(message):
    """``"v": true`` and ``1.0`` were version 1, a ping's ``id`` ``true`` was echoed as 1 and
    had no bound (pydantic's lax mode): refused, as ``seq`` and ``seat`` are."""
    from pydantic import ValidationError

    from belote.server.protocol import CLIENT_MESSAGE
    with pytest.raises(ValidationError):
        CLIENT_MESSAGE.validate_json(json.dumps(message))
    assert CLIENT_MESSAGE.validate_json('{"type": "ping", "id": 7, "v": 1}').id == 7


def test_a_concours_write_on_a_full_disk_answers_503_in_one_log_line(small_disk):
    """A concours write that the full disk refuses answers 503 ``concours.database`` (its
    own words: nothing was changed), logs one line and no traceback, and the health check
    then says the storage cannot be written."""
    server = ServerProcess(f"sqlite:///{small_disk / 'server.db'}")
    filler = small_disk / "filler"
    try:
        made = server.http.post("/api/concours", json={"name": "Saint-Jean"})
        assert made.status_code == 201
        _fill(filler)
        r = server.http.post("/api/concours?lang=en", json={"name": "Saint-Jean 2"})
        assert r.status_code == 503
        assert r.json()["code"] == "concours.database"
        assert r.json()["message"] == \
            "the database failed (OperationalError); nothing was changed"
        assert server.http.get("/api/health").status_code == 503
        filler.unlink()
        assert server.http.get("/api/health").json()["status"] == "ok"
    finally:
        err = server.stop()
    assert "Traceback" not in err, err[-3000:]
    assert err.count("the concours database failed") == 1, err[-3000:]
