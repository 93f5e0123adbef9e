"""Pieces of the application tested on their own: the client's language, a socket's queue,
the log's redaction of seat tokens."""

from __future__ import annotations

import asyncio
import logging

from belote.server.app import MAX_QUEUED, _Socket, pick_lang
from belote.server.run import RedactTokens


def test_the_language_comes_from_the_query_then_accept_language():
    assert pick_lang("en", "fr") == "en"
    assert pick_lang(None, "de-DE,en-GB;q=0.8,fr;q=0.5") == "en"
    assert pick_lang("xx", None) == "fr" and pick_lang(None, "") == "fr"


def test_the_log_never_holds_a_seat_token():
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                               '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5", "/ws/tables/ab?token=s3cr-t_x&lang=en"), None)
    assert RedactTokens().filter(record)
    assert record.getMessage() == \
        '127.0.0.1:5 - "WebSocket /ws/tables/ab?token=…&lang=en" [accepted]'


def test_a_client_that_reads_nothing_is_closed_not_queued_for_ever():
    """A socket's queue holds at most MAX_QUEUED messages: then the socket is closed."""
    class Fake:
        closed = False
        sent: list[str] = []

        async def send_text(self, text):
            self.sent.append(text)

        async def close(self):
            self.closed = True

    async def scenario():
        fake = Fake()
        out = _Socket(fake)
        for i in range(MAX_QUEUED + 50):
            out._put({"n": i})
        assert out.overflowed and len(out.queue) == MAX_QUEUED + 1
        await out.run()
        return fake
    fake = asyncio.run(scenario())
    assert fake.closed and len(fake.sent) == MAX_QUEUED
