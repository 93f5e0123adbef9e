"""Handing a call from another thread (a bot's) to the app's event loop, and waiting for it."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable


def call_and_wait(loop: asyncio.AbstractEventLoop, context: contextvars.Context,
                  fn: Callable[[], None], running: Callable[[], bool]) -> None:
    """Run ``fn`` on ``loop`` as a plain callback in ``context`` and wait until it has run;
    an error it raised is raised here, in the calling thread. Returns at once when the loop
    is closed, and stops waiting once ``running()`` is False or the loop closes (the app
    stopped: nothing more is drawn). ``call_from_thread`` did the same with a coroutine,
    left unawaited ("coroutine ... was never awaited") when the app stopped first."""
    done = threading.Event()
    failed: list[BaseException] = []

    def call() -> None:
        try:
            fn()
        except BaseException as e:  # told in the calling thread, as call_from_thread did
            failed.append(e)
        finally:
            done.set()
    try:
        loop.call_soon_threadsafe(call, context=context)
    except RuntimeError:  # the loop is closed: the app has stopped
        return
    while not done.wait(0.05):
        if not running() or loop.is_closed():
            return
    if failed:
        raise failed[0]
