"""Hidden information is a security property (issue 17, item 4): over random games, no message
sent to seat s contains a card of another seat before it is played, a spectator never sees a
hand, and the seed is told only once the game is over."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from serverkit import Client, leaks, play_out

from belote.engine.provenance import commitment


@settings(max_examples=6, deadline=None, derandomize=True, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(choices=st.integers(0, 2**32 - 1), preset=st.sampled_from(["coinche", "contree"]))
def test_no_message_shows_another_seats_unplayed_card(server, choices, preset):
    rng = random.Random(choices)
    created = server.create(["me", "open", "open", "open"], preset=preset, deals=1)
    table = created["table"]
    watcher = Client(server, table)
    tokens = [created["token"]] + [server.join(created["code"], n)["token"]
                                   for n in ("Bob", "Carol", "Dan")]
    clients = [Client(server, table, t) for t in tokens]
    play_out(clients + [watcher], policy=lambda view: rng.choice(view["legal"]))
    record = server.record(table)
    seed = str(record["seed"])
    assert commitment(int(seed)) == record["commitment"]
    for c in clients + [watcher]:
        c.drain(0.05)
        assert c.received and c.received[0]["type"] == "snapshot"
        seen_hand = False
        for m in c.received:
            problems = leaks(m, c.seat, record)
            assert not problems, (c.seat, m, problems)
            over = m.get("status") == "over" or m.get("table", {}).get("status") == "over"
            assert over or seed not in json.dumps(m), "the seed before the end"
            seen_hand |= bool((m.get("view") or {}).get("hand"))
        assert seen_hand == (c.seat is not None)


def test_the_checker_sees_a_hand_that_leaks(server):
    """The scan above can fail: a message carrying another seat's unplayed card, or a
    spectator's view with a hand, is reported."""
    created = server.create(["me", "bot:heuristic", "bot:heuristic", "bot:heuristic"])
    assert server.start(created["table"], created["token"]).status_code == 200
    alice = Client(server, created["table"], created["token"])
    snap = alice.recv()  # the seat's view: the table plays (none while it waits)
    server.http.post(f"/api/tables/{created['table']}/end",
                     headers={"Authorization": f"Bearer {created['token']}"})
    record = server.record(created["table"])
    record["deals"] = [{"hands": ["JH 9H", "AS", "KD", "7C"], "plays": []}]
    snap["view"].update(hand=["JH"], tricks=[], trick=[], annonces={}, turned=None)
    assert leaks(snap, 0, record) == []
    assert leaks({**snap, "view": {**snap["view"], "hand": ["JH", "AS"]}}, 0, record)
    assert leaks({**snap, "view": {**snap["view"], "bids": [[1, "AS"]]}}, 0, record)
    assert leaks(snap, None, record)  # a spectator with a hand
    assert leaks({**snap, "note": "KD"}, 0, record)
