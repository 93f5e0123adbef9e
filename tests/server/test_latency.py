"""What keeps an action's latency low at many tables (issue 25, item 8), without timing
anything: the collector freezes what survived and frees frozen cycles at its full
collection; the spans of ``BELOTE_SPANS`` follow one action through the server in order.
(The figures are bench/server.py's, in docs/performance.md.)"""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path
from typing import Any

import pytest
from serverkit import Client, ServerProcess

from belote.server.collector import Collector


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def _cycle() -> weakref.ref[_Node]:
    """Two objects that refer to each other and to nothing else (garbage only the cyclic
    collector frees); a weak reference to one of them."""
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_a_tick_freezes_what_survived_and_a_full_one_frees_frozen_cycles() -> None:
    collector = Collector(freeze_every=10.0, full_every=600.0, clock=lambda: 0.0)
    try:
        gc.disable()  # no automatic collection between the steps below
        gc.unfreeze()
        cycle = _cycle()
        collector.tick(10.0)  # a freeze, no full collection yet
        assert collector.full_runs == 0
        assert gc.get_freeze_count() > 0
        gc.collect()  # the cycle is frozen: not walked, not freed (it would be, unfrozen)
        assert cycle() is not None
        collector.tick(599.0)  # 599 s since the collector was made: still no full one
        assert collector.full_runs == 0 and cycle() is not None
        collector.tick(600.0)  # the full collection: unfreeze, collect, freeze
        assert collector.full_runs == 1
        assert cycle() is None
        assert collector.last_freed >= 2
        assert gc.get_freeze_count() > 0
        collector.tick(1199.0)  # the next full one waits its 600 s again
        assert collector.full_runs == 1
        collector.tick(1200.0)
        assert collector.full_runs == 2
    finally:
        gc.unfreeze()
        gc.enable()


def test_stopping_gives_the_frozen_objects_back() -> None:
    collector = Collector(freeze_every=3600.0)
    try:
        collector.start()
        assert gc.get_freeze_count() > 0
    finally:
        collector.stop()
    assert gc.get_freeze_count() == 0


def _four_people(server: ServerProcess) -> tuple[str, list[str]]:
    made = server.create(["me", "open", "open", "open"])
    tokens = [made["token"]]
    for seat in (1, 2, 3):
        tokens.append(server.join(made["code"], f"P{seat}", seat)["token"])
    return made["table"], tokens


#: an action's steps in the server, in the order they happen (belote.server.spans)
IN_ORDER = ("recv", "thread", "log", "logged", "queued", "acted", "loop")


def test_an_actions_spans_follow_it_through_the_server_in_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spans = tmp_path / "spans.jsonl"
    monkeypatch.setenv("BELOTE_SPANS", str(spans))
    server = ServerProcess(f"sqlite:///{tmp_path / 'b.db'}")
    try:
        table, tokens = _four_people(server)
        clients = [Client(server, table, token) for token in tokens]
        for c in clients:  # the table started at the last join: a snapshot of its play
            c.wait_for(lambda m: m["type"] == "snapshot")
        actor = next(c for c in clients if c.my_turn())
        assert actor.view is not None
        seq = actor.act(actor.view["legal"][0])
        actor.wait_for(lambda m: m["type"] == "ack" and m["seq"] == seq)
        for c in clients:
            c.close()
    finally:
        server.stop()
    rows = [json.loads(line) for line in spans.read_text().splitlines()]
    timed = [r for r in rows if "recv" in r]
    assert len(timed) == 1
    span = timed[0]
    assert (span["room"], span["seat"], span["seq"]) == (table, actor.seat, seq)
    times = [span[k] for k in IN_ORDER]
    assert times == sorted(times)
    assert span["queued"] <= span["sent"]
    if "lead" in span:  # its write led its batch (else it joined another write's batch)
        assert span["log"] <= span["lead"] <= span["logged"] and span["batch"] >= 1


def test_a_commit_hands_the_lead_to_the_oldest_write_queued_and_wakes_its_own_callers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The group commit's hand-off: while the first write's transaction is held open, three
    writes queue; its end wakes its own caller and gives the lead to the oldest of them,
    whose thread commits the three in one transaction; nothing is left busy."""
    import contextlib
    import threading

    from support.wait import wait_until

    from belote.server.group_commit import GroupCommit
    opened: list[tuple[str, int]] = []  # (the thread that began a batch, its writes)
    gate, holding = threading.Event(), threading.Event()
    applied: list[str] = []

    @contextlib.contextmanager
    def begin() -> Any:
        opened.append((threading.current_thread().name, 0))
        yield None
        opened[-1] = (opened[-1][0], len(applied))
        if len(opened) == 1:
            holding.set()
            assert gate.wait(30)

    group = GroupCommit(begin)

    def writer(name: str) -> None:
        group.run(lambda _s: applied.append(name))

    first = threading.Thread(target=writer, args=("w0",), name="w0")
    first.start()
    assert holding.wait(30)
    later: list[threading.Thread] = []
    for name in ("w1", "w2", "w3"):  # queued in this order behind the open transaction
        t = threading.Thread(target=writer, args=(name,), name=name)
        t.start()
        later.append(t)
        queued = len(later)
        wait_until(lambda: group.queued == queued, 30, f"{name} queued")  # noqa: B023
    gate.set()
    for t in (first, *later):
        t.join(30)
        assert not t.is_alive()
    assert opened == [("w0", 1), ("w1", 4)]
    assert applied == ["w0", "w1", "w2", "w3"]
    assert (group.batches, group.writes, group.queued, group._busy) == (2, 4, 0, False)
