"""The rooms' one clock thread (belote.server.clock): deadlines in order, cancelled ones
never run, one thread for many, a failing callback does not stop the others."""

from __future__ import annotations

import threading

from belote.server.clock import Clock


def test_deadlines_run_in_due_order_and_cancelled_ones_never():
    clock = Clock()
    ran: list[str] = []
    done = threading.Event()
    clock.call_later(0.20, ran.append, "c")
    clock.call_later(0.05, ran.append, "a")
    dropped = clock.call_later(0.10, ran.append, "dropped")
    clock.call_later(0.10, ran.append, "b")  # set after "dropped": after it, were it not
    clock.call_later(0.30, done.set)
    dropped.cancel()
    assert done.wait(30)
    assert ran == ["a", "b", "c"]
    assert clock.pending() == 0


def test_many_deadlines_share_one_thread_and_a_failure_is_logged(caplog):
    clock = Clock()
    before = threading.active_count()
    alarms = [clock.call_later(3600, print) for _ in range(500)]
    assert threading.active_count() == before + 1  # one clock thread, not 500 timers
    assert clock.pending() == 500
    for a in alarms:
        a.cancel()
    done = threading.Event()

    def fail() -> None:
        raise RuntimeError("boom")

    clock.call_later(0, fail)
    clock.call_later(0.01, done.set)
    assert done.wait(30)  # the clock went on after the failure
    assert "a clock callback failed" in caplog.text
