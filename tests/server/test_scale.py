"""Two ``belote serve`` processes on one PostgreSQL database serve one table to two clients
(issue 17 item 11; docs/deploy.md "Several processes"): Alice creates the table on process A,
Bob joins it by its code on process B, each plays over a WebSocket to his own process until the
game ends. PostgreSQL only: SQLite serves one process (no notifications)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from serverkit import SRC, WAIT, Client, ServerProcess, leaks, steady

from belote.server.store import SqlStore

pytestmark = pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)


@pytest.fixture
def two(database_url):
    """Processes A and B on one database."""
    a, b = ServerProcess(database_url), ServerProcess(database_url)
    yield a, b
    for proc in (a, b):
        proc.stop()


def _actions(client: Client) -> list[tuple[int, int, str]]:
    """``(log_seq, seat, action)`` of every action event ``client`` received, in order."""
    return [(m["log_seq"], m["event"]["seat"], m["event"]["action"]) for m in client.received
            if m["type"] == "event" and m["event"]["kind"] == "action"]


def _public(action: str) -> str:
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
            try:
                c.recv(0.01)
            except TimeoutError:
                pass
        if checks.due(alice, bob):
            checks.run(bob)
        for c in (alice, bob):
            if c.my_turn():
                assert c.view is not None
                c.act(steady(c.view))


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
    checks = _Checks(a, b, table)
    _play(alice, bob, checks)

    # Bob's refusals come from B: judged there on its copy of the game
    assert checks.refused is not None and checks.refused["code"] == "illegal.wrong_turn"
    assert checks.refused["rule"] == "wrong_turn"
    assert checks.duplicate is not None and checks.duplicate["duplicate"] is True
    before, on_a, on_b = checks.logged
    assert before == on_a == on_b  # neither the refused nor the repeated action was logged

    record = a.record(table)
    assert record["over"] is True and b.record(table) == record
    store = SqlStore(database_url)
    try:
        data = store.room(table)
    finally:
        store.dispose()
    assert data is not None and data.status == "over"
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
    # each saw his own hand only, never another seat's unplayed card
    for client in (alice, bob):
        for message in client.received:
            assert not leaks(message, client.seat, record), message
    # the two people were seen connected through both processes
    for proc in (a, b):
        seats = proc.table(table)["seats"]
        assert [s["kind"] for s in seats] == ["human", "human", "bot", "bot"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    checked = subprocess.run([sys.executable, "-m", "belote.cli", "check", str(path)],
                             capture_output=True, text=True, timeout=WAIT,
                             env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert checked.returncode == 0, checked.stdout + checked.stderr
    alice.close()
    bob.close()
