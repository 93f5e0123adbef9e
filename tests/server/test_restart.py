"""Persistence, restart and absence (issue 17, items 7 and 8): ``kill -9`` mid-deal, a restart
on the same database resumes the table exactly; a dropped player keeps the seat, a bot plays
it after ``--takeover-after`` seconds, the same token takes it back."""

from __future__ import annotations

import time

from serverkit import WAIT, Client, ServerProcess, play_out, steady

from belote.engine import Game, Rules
from belote.engine.record import game_to_record


def _connect(server, table, tokens, seqs=None):
    clients = [Client(server, table, t) for t in tokens]
    for k, c in enumerate(clients):
        c.recv()
        if seqs:
            c.seq = seqs[k]
    return clients


def _quiet(clients):
    """Receive until nothing comes for a while (no action in flight)."""
    for c in clients:
        assert c.waiting_for is None or c.wait_for(lambda m: m["type"] in ("ack", "error"))
    for c in clients:
        c.drain(0.3)


def _uninterrupted(record):
    """The same game played in one go, here: ``Game(rules, seed)`` and the same policy on
    each seat's view."""
    rules = Rules.preset(record["preset"], **record["options"])
    game = Game(rules, seed=record["seed"])
    while game.current is not None:
        seat = game.current.to_move
        game.play(steady(game.current.view(seat).to_json()), seat)
    rec = game_to_record(game)
    return rec


def test_kill_9_mid_deal_then_restart_resumes_exactly(database_url):
    url = database_url
    first = ServerProcess(url)
    created = first.create(["me", "open", "open", "open"], deals=2)
    table = created["table"]
    tokens = [created["token"]] + [first.join(created["code"], n)["token"]
                                   for n in ("Bob", "Carol", "Dan")]
    clients = _connect(first, table, tokens)
    play_out(clients, stop=lambda: sum(c.seq for c in clients) >= 14)
    _quiet(clients)
    before = [(c.view, c.seq) for c in clients]
    logged = first.table(table)["log_seq"]
    assert logged >= 14
    first.kill()

    second = ServerProcess(url)
    try:
        info = second.table(table)
        assert info["status"] == "playing" and info["log_seq"] == logged
        assert all(s["away"] for s in info["seats"])
        clients = _connect(second, table, tokens, seqs=[seq for _v, seq in before])
        for c, (view, seq) in zip(clients, before, strict=True):
            snap = c.received[0]
            assert snap["view"] == view  # same hand, bids, tricks, player to move
            assert snap["last_seq"] == (seq or None)
        last = max(clients, key=lambda c: c.seq)  # a late repeat after the restart
        last.act("pass", seq=last.seq)
        assert last.wait_for(lambda m: m["type"] in ("ack", "error"))["duplicate"] is True
        play_out(clients)
        record = second.record(table)
    finally:
        second.stop()
    assert record["over"] and record["seed"] is not None
    expected = _uninterrupted(record)
    assert {k: v for k, v in record.items() if k != "commitment"} == expected


def test_a_dropped_player_is_away_then_a_bot_plays_until_he_is_back(database_url):
    url = database_url
    server = ServerProcess(url, "--takeover-after", "0.5", "--bot-delay", "0.02")
    try:
        created = server.create(["me", "bot:heuristic", "open", "bot:heuristic"], deals=4)
        table = created["table"]
        bob_token = server.join(created["code"], "Bob")["token"]
        alice = Client(server, table, created["token"])
        bob = Client(server, table, bob_token)
        alice.recv()
        bob.recv()
        alice.close()
        away = bob.wait_for(lambda m: m["type"] == "event" and m["seats"][0]["away"])
        assert away["seats"][0]["connected"] is False
        assert away["seats"][0]["bot_playing"] is False
        bob.wait_for(lambda m: m["type"] == "event" and m["seats"][0]["bot_playing"])
        # the bot plays for her: her seat acts while she is away
        moved = []
        deadline = time.monotonic() + WAIT
        while not moved and time.monotonic() < deadline:
            if bob.my_turn():
                bob.act(steady(bob.view))
            m = bob.recv()
            if m["type"] == "event" and m["event"]["kind"] == "action" \
                    and m["event"]["seat"] == 0:
                moved.append(m)
        assert moved
        alice = Client(server, table, created["token"])
        snap = alice.recv()
        assert snap["seat"] == 0 and len(snap["view"]["hand"]) == snap["view"]["hand_sizes"][0]
        back = bob.wait_for(lambda m: m["type"] == "event" and m["seats"][0]["connected"])
        assert back["seats"][0]["bot_playing"] is False and not back["seats"][0]["away"]
        info = server.table(table)
        assert info["seats"][0]["connected"] and not info["seats"][0]["bot_playing"]
        if info["status"] == "playing":  # she plays on herself
            play_out([alice, bob])
            assert [m for m in alice.received if m["type"] == "ack"]
    finally:
        server.stop()
