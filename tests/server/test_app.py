"""Pieces of the application tested on their own: the client's language, a socket's queue,
the log's redaction of seat tokens."""

from __future__ import annotations

import asyncio
import logging

import pytest

from belote.server.app import pick_lang
from belote.server.run import RedactTokens
from belote.server.sockets import MAX_QUEUED, Socket


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


@pytest.mark.parametrize("name", ["k%65y", "%6B%65%79", "%6b%65%79", "t%6Fken", "%74%6F%6B%65%6E",
                                  "to%6ben", "tok%2565n", "ke%79"])
def test_the_log_redacts_a_percent_encoded_token_or_key(name):
    """The application reads ``?k%65y=`` as ``key`` (names are percent-decoded): the log's
    redaction decodes them too, so the secret never reaches the log under any spelling."""
    path = f"/api/concours/c1/print/sheets.pdf?lang=en&{name}=s3cr-t_x&n=2"
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1,
                               '%s - "GET %s HTTP/1.1" %d', ("127.0.0.1:5", path, 200), None)
    assert RedactTokens().filter(record)
    assert record.getMessage() == ('127.0.0.1:5 - "GET /api/concours/c1/print/sheets.pdf'
                                   f'?lang=en&{name}=…&n=2 HTTP/1.1" 200')


@pytest.mark.parametrize("path", ["/t/AB12CD", "/api/invite/AB12CD", "/api/join/AB12CD?lang=en",
                                  "/T/AB12CD"])
def test_the_log_never_holds_an_invite_code(path):
    """An invite code opens a table's open seats: the access log keeps the route, not it."""
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1,
                               '%s - "GET %s HTTP/1.1" %d', ("127.0.0.1:5", path, 200), None)
    assert RedactTokens().filter(record)
    logged = record.getMessage()
    assert "AB12CD" not in logged and logged.startswith('127.0.0.1:5 - "GET /')
    assert path.replace("AB12CD", "…") in logged


def test_the_log_keeps_other_parameters():
    record = logging.LogRecord("belote", logging.INFO, __file__, 1, "GET /x?lang=en&seat=2",
                               None, None)
    assert RedactTokens().filter(record) and record.getMessage() == "GET /x?lang=en&seat=2"


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
        out = Socket(fake)
        for i in range(MAX_QUEUED + 50):
            out._put({"n": i})
        assert out.overflowed and len(out.queue) == MAX_QUEUED + 1
        await out.run()
        return fake
    fake = asyncio.run(scenario())
    assert fake.closed and len(fake.sent) == MAX_QUEUED
