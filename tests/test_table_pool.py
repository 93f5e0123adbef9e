"""Bots on a shared executor (issue 17 item 6) and bots whose decisions are a function of the
game's seed, the deal, the seat and the actions of the deal so far (item 8: a table rebuilt
from its actions plays on exactly)."""

from __future__ import annotations

import hashlib
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from support.wait import wait_until

from belote.bots import ExpertBot, HeuristicBot, RandomBot, make_bot
from belote.engine import Rules
from belote.engine.game import Game
from belote.engine.record import game_to_record
from belote.engine.views import action_count
from belote.server.clock import Clock
from belote.table import ActionApplied, DealEnded, GameEnded, Player, Table
from belote.table.table import decision_seed


def _rules(preset="classique", deals=2):
    return Rules.preset(preset, game_end="deals", deals=deals)


def _bots(kinds, seed):
    return [Player.of_bot(make_bot(k, seed=seed + i)) for i, k in enumerate(kinds)]


def _run(table, timeout=120):
    table.start()
    assert table.wait_idle(timeout=timeout)
    table.close()


def test_a_decision_seed_is_the_sha256_of_its_key():
    """``derive_seed("decision", seed, deal, seat, actions)``: the first 8 bytes, big endian,
    of the SHA-256 of ``belote/decision/<seed>/<deal>/<seat>/<actions>``."""
    digest = hashlib.sha256(b"belote/decision/5/2/1/7").digest()
    assert decision_seed(5, 2, 1, 7) == int.from_bytes(digest[:8], "big")
    assert len({decision_seed(5, 2, 1, 7), decision_seed(5, 2, 1, 8),
                decision_seed(5, 2, 2, 7), decision_seed(5, 3, 1, 7),
                decision_seed(6, 2, 1, 7)}) == 5


def test_the_same_key_gives_the_same_decision_whatever_the_bot_did_before():
    """A random bot reseeded with one decision seed chooses the same action from the same
    view, whatever its generator held (another seed, many draws since)."""
    game = Game(_rules(), seed=3, first_dealer=3)
    view = game.current.view(0)  # seat 0 speaks first: pass or take
    seed = decision_seed(3, 0, 0, 0)
    picks = set()
    for own in range(20):
        bot = RandomBot(seed=own)
        for _ in range(own):
            bot.rng.random()
        bot.reseed(seed)
        picks.add(bot.act(view))
    assert len(picks) == 1
    # and a draw of the reseeded generator is the draw of Random(seed)
    import random
    bot = RandomBot(seed=1)
    bot.reseed(seed)
    assert bot.rng.random() == random.Random(seed).random()


def test_action_count_counts_bids_annonces_belotes_and_cards():
    """Played by heuristic bots on the annonces preset (they declare and say belote
    whenever they may): before each action, ``action_count`` equals the actions of the deal
    counted one by one."""
    game = Game(_rules("annonces", deals=6), seed=11)
    bots = [HeuristicBot() for s in range(4)]
    counted, kinds = 0, set()
    index = 0
    while game.current is not None:
        deal = game.current
        if len(game.deals) != index:
            index, counted = len(game.deals), 0
        assert action_count(deal) == counted
        seat = deal.to_move
        action = bots[seat].act(deal.view(seat))
        kinds.add(action.split()[0] if action.startswith("declare") else action)
        game.play(action, seat)
        counted += 1
    assert {"declare", "belote"} <= kinds  # the seed says both (else the test proves less)


def test_a_table_rebuilt_from_its_actions_plays_on_exactly():
    """A table of four random bots plays a game; a second game from the same seed gets the
    first 13 actions replayed (a restart's rebuild), then new bots (other seeds, other
    generators) play on: the record is the first game's, action for action."""
    rules = _rules()
    first = Game(rules, seed=21)
    journal: list[tuple[int, int, str]] = []
    _run(Table(first, _bots(["random", "heuristic", "random", "random"], 100),
               journal=lambda i, s, a: journal.append((i, s, a))))
    assert first.is_over() and len(journal) > 20
    rebuilt = Game(rules, seed=21)
    for _i, seat, action in journal[:13]:
        rebuilt.play(action, seat)
    _run(Table(rebuilt, _bots(["random", "heuristic", "random", "random"], 7)))
    assert game_to_record(rebuilt) == game_to_record(first)


@pytest.mark.parametrize(("seed", "rebuilt_after", "last"), [
    (2, 4, (2, "contre")), (26, 18, (2, "belote"))])
def test_the_expert_without_a_time_limit_plays_on_exactly_after_a_rebuild(seed, rebuilt_after,
                                                                          last):
    """Four experts (5 worlds, no wall clock: ``repeatable``), coinche. Seed 2: 140 S (seat
    3), pass, pass, contre, then seat 3 speaks again: the uninterrupted expert had worlds of
    its first turn to reuse. Seed 26: the 18th action is seat 2's belote, then its card,
    which the uninterrupted expert had chosen before saying belote. A table rebuilt from
    the actions up to there plays what the uninterrupted one played, as each expert forgets
    its earlier decisions at each reseed (both cases differ when it does not)."""
    rules = _rules("coinche", deals=1)

    def players():
        return [Player.of_bot(ExpertBot(worlds=5, threads=1, repeatable=True))
                for _ in range(4)]

    first = Game(rules, seed=seed)
    journal: list[tuple[int, int, str]] = []
    _run(Table(first, players(), journal=lambda i, s, a: journal.append((i, s, a))), 600)
    assert journal[rebuilt_after - 1][1:] == last
    rebuilt = Game(rules, seed=seed)
    for _i, seat, action in journal[:rebuilt_after]:
        rebuilt.play(action, seat)
    _run(Table(rebuilt, players()), 600)
    assert game_to_record(rebuilt) == game_to_record(first)


def test_many_tables_share_a_pool_of_two_threads():
    """40 tables of four bots on one executor of 2 threads and one clock (a bot delay of
    5 ms: waited by the clock, not by a worker): every game ends, with the events of each
    table in order, and the process never holds more than the pool's 2 threads and the
    clock's 1 above what it had (a worker thread a table would be 40)."""
    clock = Clock()
    started = threading.Event()
    clock.call_later(0, started.set)  # the clock's thread, started before counting
    assert started.wait(60)
    base = threading.active_count()
    peak = base
    with ThreadPoolExecutor(max_workers=2) as pool:
        tables, seen, logs = [], [], []
        for k in range(40):
            events: list = []
            log: list = []
            table = Table(Game(_rules(), seed=k), _bots(["random", "heuristic"] * 2, k),
                          executor=pool, call_later=clock.call_later, bot_delay=0.005,
                          journal=lambda i, s, a, log=log: log.append((s, a)))
            table.subscribe(events.append)
            tables.append(table)
            seen.append(events)
            logs.append(log)
        for table in tables:
            table.start()
        peaks = [peak]

        def idle():  # the threads counted at each look
            peaks.append(threading.active_count())
            return all(t.idle for t in tables)
        wait_until(idle, 300, "every table idle")
        peak = max(peaks)
        for table in tables:
            assert table.wait_idle(timeout=60)
    assert peak <= base + 2
    for table, events, log in zip(tables, seen, logs, strict=True):
        game = table.game
        assert game.is_over()
        assert isinstance(events[-1], GameEnded)
        assert [e.deal_index for e in events if isinstance(e, DealEnded)] == \
            list(range(len(game.deals)))
        # every action heard once, in the order the engine applied them
        assert [(e.seat, e.action) for e in events if isinstance(e, ActionApplied)] == log


def test_a_pool_table_plays_what_a_worker_table_plays():
    """The same seed and bots: on the table's own worker thread and on an executor, the
    same game (the decisions depend on the key, never on where they run)."""
    records = []
    for executor in (None, ThreadPoolExecutor(max_workers=1)):
        game = Game(_rules(), seed=9)
        _run(Table(game, _bots(["random"] * 4, 0), executor=executor))
        records.append(game_to_record(game))
        if executor is not None:
            executor.shutdown()
    assert records[0] == records[1]


def test_closing_drops_a_bot_action_that_waits_out_its_delay():
    """With an executor and a 30 s bot delay, the bot decides at once and its action waits
    on the timer; :meth:`Table.close` cancels it: no action is ever applied, nobody thinks."""
    pool = ThreadPoolExecutor(max_workers=1)
    game = Game(_rules(), seed=9)
    table = Table(game, _bots(["random"] * 4, 0), executor=pool, bot_delay=30)
    table.start()
    wait_until(lambda: table.bots.delayed, 30, "the bot's action waiting its delay")
    assert table.thinking is not None
    table.close()
    assert table.thinking is None
    pool.shutdown(wait=True)
    assert game.current.bids == []


def test_a_bot_that_raises_on_the_pool_is_told_and_its_seat_waits():
    class Broken(HeuristicBot):
        def act(self, view):
            raise RuntimeError("a bug")

    events: list = []
    with ThreadPoolExecutor(max_workers=1) as pool:
        game = Game(_rules(), seed=3, first_dealer=3)  # seat 0 speaks first
        table = Table(game, [Player.of_bot(Broken())] + _bots(["random"] * 3, 0),
                      executor=pool)
        table.subscribe(events.append)
        _run(table, 30)
    assert [type(e).__name__ for e in events][-1] == "BotFailed"
    assert game.current.bids == [] and table.thinking is None
