"""The server's bot workers (issue 17 item 6): the quick pool for the tables without an
expert, the search pool and its processes for the tables with one; an expert deciding in a
search process decides what it would have in the server's process (item 8: the decision is a
function of the level, the seed and the view)."""

from __future__ import annotations

import contextlib
import os
import threading
import time

import pytest
from serverkit import WAIT, Client, ServerProcess, steady
from support.wait import wait_until

from belote.bots import BotError, ExpertBot, HeuristicBot
from belote.engine import Rules
from belote.engine.game import Game
from belote.server.workers import BotWorkers, SearchBot, is_searching, pool_size
from belote.table import Player, Table
from belote.table.table import decision_seed


def test_the_quick_pool_has_two_threads_a_core_at_least_four(monkeypatch):
    import belote.server.workers as workers
    monkeypatch.setattr(workers, "available_cores", lambda: 1)
    assert pool_size() == 4
    monkeypatch.setattr(workers, "available_cores", lambda: 6)
    assert pool_size() == 12


def test_a_table_with_an_expert_uses_the_search_pool_the_others_the_quick_one():
    workers = BotWorkers(size=3, processes=2)
    try:
        assert workers.executor_for(["heuristic", "random"]) is workers.quick
        assert workers.executor_for([]) is workers.quick
        assert workers.executor_for(["heuristic", "expert:5"]) is workers.search
        assert workers.quick._max_workers == 3 and workers.search._max_workers == 2
        assert isinstance(workers.bot("expert:5", 1, 1500.0), SearchBot)
        assert isinstance(workers.bot("heuristic", 1, None), HeuristicBot)
        assert workers.bot("expert:5", 1, 1500.0).label == "expert:5"
    finally:
        workers.shutdown()
    assert is_searching("expert") and not is_searching("random")
    with pytest.raises(BotError):
        workers.bot("grandmaster", 1, None)


def test_an_expert_in_a_search_process_decides_what_it_would_here():
    """``expert:3`` without a time limit, coinche seed 6: each of the first deal's decisions
    made in a search process (a view and a decision seed sent, an action back) is the one an
    ``ExpertBot(worlds=3)`` reseeded with that seed makes in this process; the four seats'
    decisions played by the table through a 2-process pool."""
    workers = BotWorkers(size=2, processes=2)
    here = ExpertBot(worlds=3, threads=1)
    game = Game(Rules.preset("coinche", game_end="deals", deals=1), seed=6)
    compared = []

    class Checked(SearchBot):
        def act(self, view):
            seed = self._seed
            action = super().act(view)
            here.reseed(seed)
            compared.append((action, here.act(view)))
            return action

    try:
        players = [Player.of_bot(Checked("expert:3", workers.processes)) for _ in range(4)]
        table = Table(game, players, executor=workers.search)
        table.start()
        assert table.wait_idle(timeout=600)
        table.close()
    finally:
        workers.shutdown()
    assert game.is_over() and len(compared) >= 8
    assert all(a == b for a, b in compared)
    assert decision_seed(6, 0, 0, 0) != decision_seed(6, 0, 1, 0)


def test_many_tables_use_the_same_few_threads():
    """20 tables of four heuristic bots on one BotWorkers of 2 quick threads: the threads
    started while they play are never more than those 2 (a worker thread a table was
    20)."""
    workers = BotWorkers(size=2, processes=1)
    before = set(threading.enumerate())
    try:
        tables = [Table(Game(Rules.preset("classique", game_end="deals", deals=1), seed=k),
                        [Player.of_bot(workers.bot("heuristic", k, None)) for _ in range(4)],
                        executor=workers.executor_for(["heuristic"])) for k in range(20)]
        for t in tables:
            t.start()
        peaks = [0]

        def idle():  # the threads counted at each look
            peaks.append(len(set(threading.enumerate()) - before))
            return all(t.idle for t in tables)
        wait_until(idle, 120, "every table idle", every=0.005)
        peak = max(peaks)
        assert all(t.wait_idle(timeout=120) for t in tables)
        assert all(t.game.is_over() for t in tables)
        assert 1 <= peak <= 2
    finally:
        workers.shutdown()


def _children(pid):
    """The pids of ``pid``'s child processes (from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            if ppid == pid:
                out.append(int(entry))
    return out


def _cmdline(pid):
    with open(f"/proc/{pid}/cmdline", "rb") as f:
        return f.read()


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_search_processes_end_with_a_killed_server(database_url):
    """An expert table's bots decide in search processes (children of the server, at nice
    10); after ``kill -9`` of the server none of them (nor multiprocessing's resource
    tracker) is left waiting for work."""
    server = ServerProcess(database_url)
    try:
        made = server.create(["me", "bot:expert:2", "bot:expert:2", "bot:expert:2"])
        alice = Client(server, made["table"], made["token"])
        alice.recv()
        assert server.start(made["table"], made["token"]).status_code == 200
        deadline = time.monotonic() + WAIT
        while not any(m["type"] == "event" and m["event"]["kind"] == "action" and
                      m["event"]["seat"] != 0 for m in alice.received):  # a bot played
            assert time.monotonic() < deadline
            if alice.my_turn():
                alice.act(steady(alice.view))
            with contextlib.suppress(TimeoutError):
                alice.recv(0.1)
        children = [p for p in _children(server.proc.pid) if b"multiprocessing" in _cmdline(p)]
        searching = [p for p in children if b"spawn_main" in _cmdline(p)]
        assert searching  # and the resource tracker of multiprocessing
        assert all(os.getpriority(os.PRIO_PROCESS, p) >= 10 for p in searching)
        alice.close()
    finally:
        server.kill()
    wait_until(lambda: not any(_alive(p) for p in children), WAIT, "the searchers gone",
               every=0.05)
