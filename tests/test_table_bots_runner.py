"""The bot runner alone (:class:`~belote.table.bots_runner.BotRunner`, issue 25 item 4): the
part of a table that has its bots decide, driven through its :class:`BotHost` interface by a
host that is no table."""

from __future__ import annotations

import threading
from concurrent.futures import Executor, Future
from typing import Any, cast

from support.wait import wait_until

from belote.bots import Bot
from belote.engine.seats import Seat
from belote.engine.views import SeatView
from belote.table.bots_runner import BotRunner, Turn
from belote.table.events import BotFailed, Event


class _Bot:
    """A bot answering ``actions`` in turn, noting the seeds it was given."""

    def __init__(self, *actions: str) -> None:
        self.actions, self.seeds = list(actions), []

    def reseed(self, seed: int) -> None:
        self.seeds.append(seed)

    def act(self, view: SeatView) -> str:
        action = self.actions.pop(0)
        if action == "crash":
            raise RuntimeError("a bug")
        return action


class _Host:
    """A host whose seat ``to_move`` (None: a person's turn) has ``bot``; ``refuse``: the
    actions its checked path refuses (a ValueError)."""

    def __init__(self, bot: _Bot, to_move: int | None = 2, refuse: tuple[str, ...] = ()):
        self.lock = threading.Condition(threading.RLock())
        self.closed, self.version = False, 0
        self.bot, self.to_move, self.refuse = bot, to_move, refuse
        self.played: list[tuple[int, str]] = []
        self.events: list[Event] = []
        self.flushed = 0

    def bot_to_move(self) -> Seat | None:
        return None if self.to_move is None else Seat(self.to_move)

    def turn(self, seat: Seat) -> Turn:
        return Turn(cast(Bot, self.bot), seat, cast(SeatView, None), 1000 + self.version)

    def play(self, seat: Seat, action: str) -> None:
        if action in self.refuse:
            raise ValueError(f"{action} is refused")
        self.played.append((seat, action))
        self.version += 1
        self.to_move = None  # a person's turn next

    def journal_error(self) -> BaseException | None:
        return None

    def queue(self, event: Event) -> None:
        self.events.append(event)

    def flush(self) -> None:
        self.flushed += 1


class _Inline(Executor):
    """An executor that runs each task at once, on the caller's thread."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_a_due_bot_decides_once_reseeded_and_its_action_goes_to_the_host():
    bot = _Bot("KH")
    host = _Host(bot)
    runner = BotRunner(host, executor=_Inline())
    with host.lock:
        assert runner.due()
        runner.kick()
    assert host.played == [(2, "KH")] and bot.seeds == [1000]
    assert runner.thinking is None and not runner.due() and host.flushed == 1


def test_a_bot_whose_action_is_refused_waits_told_by_bot_failed():
    host = _Host(_Bot("9S"), refuse=("9S",))
    runner = BotRunner(host, executor=_Inline())
    with host.lock:
        runner.kick()
        assert host.played == [] and not runner.due()  # it waits at this version
    assert [type(e) for e in host.events] == [BotFailed]
    assert host.events[0] == BotFailed(Seat(2), "error", "ValueError")
    host.version += 1  # the table changed: the bot may try again
    assert runner.due()


def test_a_bot_that_raises_waits_too():
    host = _Host(_Bot("crash"))
    runner = BotRunner(host, executor=_Inline())
    with host.lock:
        runner.kick()
    assert host.played == [] and host.events == [BotFailed(Seat(2), "error", "RuntimeError")]


def test_a_decision_for_a_state_the_table_left_is_dropped():
    """The version moved while the bot decided: its action is dropped, and the bot asked
    again for the new state."""
    bot = _Bot("KH", "QH")
    host = _Host(bot)

    class Moving(_Inline):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            if not bot.seeds:
                host.version += 1  # a person acted meanwhile
            return super().submit(fn, *args, **kwargs)

    runner = BotRunner(host, executor=Moving())
    with host.lock:
        runner.kick()
    assert host.played == [(2, "QH")] and host.events == [] and bot.seeds == [1000, 1001]


def test_nothing_is_due_on_a_persons_turn_nor_once_closed():
    host = _Host(_Bot("KH"), to_move=None)
    runner = BotRunner(host, executor=_Inline())
    with host.lock:
        assert not runner.due()
        runner.kick()
        host.to_move, host.closed = 1, True
        runner.kick()
    assert host.played == []


def test_the_worker_thread_plays_and_stop_returns_it():
    """Without an executor the runner starts its own thread, which waits on the host's lock
    for the next bot."""
    host = _Host(_Bot("7C"), to_move=0)
    runner = BotRunner(host)
    with host.lock:
        runner.kick()
    wait_until(lambda: host.played == [(0, "7C")], timeout=10)
    with host.lock:
        host.closed = True
        worker = runner.stop()
        host.lock.notify_all()
    assert worker is not None
    worker.join(10)
    assert not worker.is_alive()
