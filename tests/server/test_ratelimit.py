"""Rate limits per client address (issue 17 item 5): table creations, joins and WebSocket
connection attempts, against a real server with small limits; the proxy's
``X-Forwarded-For`` believed only with ``--trust-proxy``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from serverkit import SRC, WAIT, ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from belote.server.ratelimit import Limiter, RateLimited, RateLimits, client_key, parse_rate

BODY = {"preset": "coinche", "options": {"game_end": "deals", "deals": 1},
        "seats": ["me", "open", "open", "open"], "name": "Alice"}


def test_a_rate_is_the_limits_notation_or_off():
    assert parse_rate("off", "--create-limit") == []
    [item] = parse_rate("10/minute", "--create-limit")
    assert (item.amount, item.get_expiry()) == (10, 60)
    assert [(i.amount, i.get_expiry()) for i in parse_rate("5/second;100/hour", "x")] == \
        [(5, 1), (100, 3600)]
    for bad in ("nope", "", "0/minute", "ten/minute"):
        with pytest.raises(ValueError) as info:
            parse_rate(bad, "--join-limit")
        assert info.value.code == "server.bad_rate"
        assert info.value.params == {"option": "--join-limit", "value": bad}


def test_addresses_count_by_ipv4_address_and_ipv6_network():
    assert client_key("192.0.2.7") == "192.0.2.7"
    assert client_key("::ffff:192.0.2.7") == "192.0.2.7"
    # one home's /64: every address in it counts as one
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:ffff::9") == \
        "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") == "2001:db8:1:3::/64"
    assert client_key(None) == "?" and client_key("testclient") == "testclient"


def test_the_third_attempt_of_a_two_a_minute_limit_waits_the_window():
    """2/minute: attempts 1 and 2 pass; attempt 3, within a second of the first, is refused
    until the first leaves the 60 s window (Retry-After 60, or 59 on a slow machine); other
    addresses and other kinds have their own counts."""
    limiter = Limiter(RateLimits(create="2/minute", join="off", connect="1/minute"))
    limiter.check("create", "192.0.2.1")
    limiter.check("create", "192.0.2.1")
    with pytest.raises(RateLimited) as info:
        limiter.check("create", "192.0.2.1")
    assert info.value.code == "server.rate_limited" and info.value.status == 429
    assert info.value.retry_after in (59, 60)
    assert info.value.params == {"retry_after": info.value.retry_after}
    limiter.check("create", "192.0.2.2")
    for _ in range(100):
        limiter.check("join", "192.0.2.1")  # off
    limiter.check("connect", "192.0.2.1")
    with pytest.raises(RateLimited):
        limiter.check("connect", "192.0.2.1")


@pytest.fixture(scope="module")
def limited(database_url):
    proc = ServerProcess(database_url, "--create-limit", "2/minute", "--join-limit",
                         "3/minute", "--connect-limit", "2/minute")
    yield proc
    proc.stop()


def test_table_creations_over_the_limit_get_429_with_retry_after(limited):
    for _ in range(2):
        assert limited.http.post("/api/tables", json=BODY).status_code == 201
    r = limited.http.post("/api/tables?lang=en", json=BODY)
    assert r.status_code == 429
    wait = int(r.headers["retry-after"])
    assert 1 <= wait <= 60
    assert r.json() == {"type": "error", "code": "server.rate_limited",
                        "message": f"too many requests from this address: try again in "
                                   f"{wait} s"}
    r = limited.http.post("/api/tables", json=BODY, headers={"Accept-Language": "fr"})
    assert r.status_code == 429
    assert r.json()["message"] == \
        f"trop de demandes depuis cette adresse : réessayez dans {r.headers['retry-after']} s"
    # without --trust-proxy a forwarded address changes nothing: the socket peer counts
    r = limited.http.post("/api/tables", json=BODY, headers={"X-Forwarded-For": "192.0.2.9"})
    assert r.status_code == 429
    # what is not limited still answers
    assert limited.http.get("/api/health").status_code == 200


def test_joins_count_every_attempt_even_a_bad_one(limited):
    """3/minute: a join to an unknown code (404) and a bad body (422) count as attempts."""
    assert limited.http.post("/api/join/NOSUCH22", json={"name": "Bob"}).status_code == 404
    assert limited.http.post("/api/join/NOSUCH22", json={"nom": "Bob"}).status_code == 422
    assert limited.http.post("/api/join/NOSUCH22", json={"name": "Bob"}).status_code == 404
    r = limited.http.post("/api/join/NOSUCH22?lang=en", json={"name": "Bob"})
    assert r.status_code == 429 and r.json()["code"] == "server.rate_limited"
    assert "retry-after" in r.headers


def test_websocket_attempts_over_the_limit_get_an_error_then_4429(limited):
    url = f"{limited.ws_url}/ws/tables/0123456789abcdef?lang=en"
    for _ in range(2):  # refused for the unknown table, but counted
        with connect(url, open_timeout=WAIT) as ws:
            assert json.loads(ws.recv(timeout=WAIT))["code"] == "server.unknown_table"
    with connect(url, open_timeout=WAIT) as ws:
        message = json.loads(ws.recv(timeout=WAIT))
        assert message["type"] == "error" and message["code"] == "server.rate_limited"
        assert 1 <= message["retry_after"] <= 60
        assert message["message"] == \
            f"too many requests from this address: try again in {message['retry_after']} s"
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=WAIT)
        assert ws.close_code == 4429


@pytest.fixture
def own_url(database_url, tmp_path):
    """A database for a second server while ``limited`` runs: on SQLite a file of its own (one
    server a file: the second would exit 2), on PostgreSQL the module's (several allowed)."""
    return f"sqlite:///{tmp_path / 'own.db'}" if database_url.startswith("sqlite") \
        else database_url


def test_a_trusted_proxy_names_the_client(own_url):
    """With --trust-proxy 127.0.0.1 each X-Forwarded-For address has its own count, and the
    invite link takes the proxy's scheme."""
    proc = ServerProcess(own_url, "--create-limit", "1/minute", "--trust-proxy",
                         "127.0.0.1")
    try:
        first = proc.http.post("/api/tables", json=BODY,
                               headers={"X-Forwarded-For": "192.0.2.1",
                                        "X-Forwarded-Proto": "https"})
        assert first.status_code == 201 and first.json()["invite"].startswith("https://")
        again = proc.http.post("/api/tables", json=BODY,
                               headers={"X-Forwarded-For": "192.0.2.1"})
        assert again.status_code == 429
        other = proc.http.post("/api/tables", json=BODY,
                               headers={"X-Forwarded-For": "192.0.2.2"})
        assert other.status_code == 201
    finally:
        proc.stop()


def test_a_bad_rate_stops_the_command_with_exit_2():
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-m", "belote.cli", "serve", "--port", "0",
                           "--join-limit", "lots", "--lang", "en"],
                          capture_output=True, text=True, timeout=WAIT, env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert "--join-limit: a rate is N/second, N/minute, N/hour or N/day" in done.stderr


def test_looking_up_invite_codes_counts_as_joining(own_url):
    """Attack review: GET /t/CODE answered "does this code exist?" without limit. A
    browser's page load (Accept: text/html) looks nothing up and is not counted."""
    proc = ServerProcess(own_url, "--join-limit", "2/minute")
    try:
        page = proc.http.get("/t/NOSUCH22", headers={"Accept": "text/html"})
        assert page.status_code == 200 and "<!doctype html>" in page.text.lower()
        assert proc.http.get("/t/NOSUCH22").status_code == 404
        assert proc.http.get("/api/invite/NOSUCH22").status_code == 404
        r = proc.http.get("/t/NOSUCH22")
        assert r.status_code == 429 and r.json()["code"] == "server.rate_limited"
        assert proc.http.get("/t/NOSUCH22", headers={"Accept": "text/html"}).status_code == 200
    finally:
        proc.stop()
