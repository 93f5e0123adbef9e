"""The threads where a socket's actions run (``belote.server.sockets.Actions``): every job runs
once, in a bounded number of threads, its result or exception told to the loop."""

from __future__ import annotations

import asyncio
import threading

import pytest
from support.wait import wait_until

from belote.server.sockets import Actions, Outbox


def test_jobs_past_the_limit_wait_for_a_thread_and_all_run_once():
    """Eight jobs held on a barrier-like gate with a limit of three threads: three run at
    once, never more; once the gate opens every job runs exactly once and each caller gets
    its own result."""
    async def main() -> None:
        pool = Actions(3, idle=30.0)
        outbox = Outbox(asyncio.get_running_loop())
        gate = threading.Event()
        running, most, ran = [0], [0], []
        lock = threading.Lock()

        def job(i: int) -> int:
            with lock:
                running[0] += 1
                most[0] = max(most[0], running[0])
            gate.wait(10)
            with lock:
                running[0] -= 1
                ran.append(i)
            return i * 10

        tasks = [asyncio.create_task(pool.run(outbox, lambda i=i: job(i))) for i in range(8)]
        await asyncio.to_thread(wait_until, lambda: running[0] == 3, 10, "three jobs running")
        assert pool._threads == 3 and pool._backlog == 5
        gate.set()
        assert await asyncio.gather(*tasks) == [i * 10 for i in range(8)]
        assert sorted(ran) == list(range(8)) and most[0] == 3
        assert (pool._threads, pool._backlog, pool._free) == (3, 0, 3)
        # the next three jobs are promised to the three free threads: none is started
        assert await asyncio.gather(*(pool.run(outbox, lambda: 1) for _ in range(3))) == [1] * 3
        assert pool._threads == 3
    asyncio.run(main())


def test_an_exception_reaches_the_caller_and_the_thread_goes_on():
    async def main() -> None:
        pool = Actions(1, idle=30.0)
        outbox = Outbox(asyncio.get_running_loop())

        def fail() -> None:
            raise ValueError("refused")
        with pytest.raises(ValueError, match="refused"):
            await pool.run(outbox, fail)
        assert await pool.run(outbox, lambda: "next") == "next"
        assert pool._threads == 1
    asyncio.run(main())


def test_an_idle_thread_ends_and_a_new_job_starts_one_again():
    async def main() -> None:
        pool = Actions(4, idle=0.05)
        outbox = Outbox(asyncio.get_running_loop())
        assert await asyncio.gather(*(pool.run(outbox, lambda: 2) for _ in range(4))) == [2] * 4
        await asyncio.to_thread(wait_until, lambda: pool._threads == 0, 10, "idle threads gone")
        assert pool._free == 0
        assert await pool.run(outbox, lambda: 3) == 3
    asyncio.run(main())


def test_an_action_s_result_comes_after_the_messages_it_queued():
    """What a job sends on a socket (the ack, the events) is queued before its result
    reaches the loop: when ``run`` returns, the message is in the socket's queue."""
    from belote.server.sockets import Socket

    class _Silent:
        async def send_text(self, text: str) -> None:
            raise AssertionError("not sent in this test")

    async def main() -> None:
        outbox = Outbox(asyncio.get_running_loop())
        socket = Socket(_Silent(), outbox)  # type: ignore[arg-type]
        pool = Actions(2, idle=30.0)

        def job() -> str:
            socket.send({"type": "ack", "seq": 7})
            return "done"
        assert await pool.run(outbox, job) == "done"
        assert list(socket.queue) == [{"type": "ack", "seq": 7}]
    asyncio.run(main())
