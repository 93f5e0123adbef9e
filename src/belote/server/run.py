"""Running the server: open the store, restore the rooms, listen, serve (uvicorn).

:func:`serve` is what ``belote serve`` calls; it prints the address it listens on (one line,
``http://HOST:PORT``, flushed) before it serves, so that a caller that asked for port 0 reads
the port chosen.
"""

from __future__ import annotations

import logging
import re
import socket
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine.errors import BeloteError
from ..table.store import data_dir
from .protocol import MAX_MESSAGE_BYTES
from .ratelimit import Limiter, RateLimits
from .rooms import Rooms, Settings
from .store import SqlStore

if TYPE_CHECKING:
    from .fanout import Fanout

#: the format of the server's log lines (standard error)
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: the largest WebSocket message the WebSocket layer reads, in bytes, after decompression
#: (permessage-deflate: the decompressor stops there) and over all its fragments: a bigger
#: one closes the connection with 1009 before it is read whole. A little over the
#: protocol's own cap (:data:`~belote.server.protocol.MAX_MESSAGE_BYTES`, 64 KiB), so that a
#: message just over the cap is still answered with the error ``server.too_large``; each
#: socket then holds at most this much of a message (16 MiB, the former value, let 15 KB of
#: deflated frames become 15 MiB in the server)
WS_MAX_SIZE = MAX_MESSAGE_BYTES + 16 * 1024

log = logging.getLogger("belote.server")

#: a seat token in a logged URL (``/ws/tables/ID?token=…``, as uvicorn logs a WebSocket)
_TOKEN = re.compile(r"(token=)[^&\s\"']*")


class RedactTokens(logging.Filter):
    """Replace the seat token in every logged line by ``…``: a log file must not hold the
    keys of the seats."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "token=" in text:
            record.msg, record.args = _TOKEN.sub(r"\1…", text), None
        return True


def setup_logging() -> None:
    """Log lines ``TIME LEVEL LOGGER: MESSAGE`` to standard error, level INFO, tokens
    redacted (:class:`RedactTokens`)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(RedactTokens())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def default_database() -> str:
    """``sqlite:///<data folder>/server.db`` (``$BELOTE_DATA_DIR`` or the user's data
    folder)."""
    return f"sqlite:///{data_dir() / 'server.db'}"


def safe_url(url: str) -> str:
    """``url`` without its password (for messages and logs)."""
    from sqlalchemy.engine import make_url
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 -- a URL SQLAlchemy cannot read: shown as given
        return url


def open_store(url: str) -> SqlStore:
    """The store on ``url``, migrated. Raises BeloteError ``server.bad_database`` (``url``
    without its password, ``reason``) when it cannot be opened."""
    from sqlalchemy.exc import SQLAlchemyError
    try:
        return SqlStore(url)
    except (SQLAlchemyError, ModuleNotFoundError, OSError) as e:
        shown = safe_url(url)
        reason = type(e).__name__
        raise BeloteError(f"the database cannot be used: {shown} ({reason})",
                          code="server.bad_database",
                          params={"url": shown, "reason": reason}) from None


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: a free port). Raises BeloteError
    ``server.cannot_listen``."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as e:
        sock.close()
        reason = e.strerror or type(e).__name__
        raise BeloteError(f"cannot listen on {host}:{port} ({reason})",
                          code="server.cannot_listen",
                          params={"host": host, "port": port, "reason": reason}) from None
    return sock


def address(sock: socket.socket) -> str:
    """The URL of a listening socket: ``http://HOST:PORT``."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def serve(host: str, port: int, database: str | None, settings: Settings,
          announce: Callable[[str], None] = print, limits: RateLimits | None = None,
          trust_proxy: str | None = None, ws_deflate: bool = False) -> None:
    """Serve until stopped (SIGINT, SIGTERM): the store on ``database`` (default
    :func:`default_database`), every open room restored (those idle for
    ``settings.keep_idle`` closed instead, then swept periodically: :meth:`Rooms.sweep`),
    ``announce(address)`` once the socket listens. Attempts are limited per client address
    by ``limits`` (default :class:`RateLimits`); the client address is the socket peer's,
    unless the peer is one of ``trust_proxy`` (comma-separated addresses or networks, ``*``
    any: uvicorn's ``forwarded_allow_ips``), whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are then believed. The WebSockets accept permessage-deflate only
    with ``ws_deflate``: uvicorn's compressor and decompressor (windows of 2**12 bytes,
    memLevel 5) hold about 45 KiB a socket, as much as the rest of the socket, and spend CPU
    on every message, for messages of 1 to 3 KB (docs/performance.md). Raises BeloteError
    ``server.bad_rate``,
    ``server.bad_database``, ``server.cannot_listen``."""
    import uvicorn

    from .app import create_app
    limiter = Limiter(limits)
    setup_logging()
    url = database or default_database()
    store = open_store(url)
    fanout = open_fanout(store)
    try:
        rooms = Rooms(store, settings, peers=fanout)
        if fanout is not None:
            fanout.start(rooms)
        restored = rooms.restore()
        rooms.start_sweeping()
        sock = listen(host, port)
        announce(address(sock))
        log.info("%d table(s) restored from %s", restored, safe_url(url))
        proxy = (trust_proxy or "").strip()
        config = uvicorn.Config(create_app(rooms, limiter), log_config=None,
                                ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=ws_deflate,
                                ws_ping_interval=20.0,
                                ws_ping_timeout=20.0, timeout_graceful_shutdown=5,
                                proxy_headers=bool(proxy), forwarded_allow_ips=proxy or None)
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        if fanout is not None:
            fanout.close()
        store.dispose()


def open_fanout(store: SqlStore) -> Fanout | None:
    """On PostgreSQL, the :class:`~belote.server.fanout.Fanout` that lets several processes
    serve one database (None on SQLite: one process). Raises BeloteError
    ``server.bad_database`` when its connections cannot be opened."""
    if not store.notifies:
        return None
    import psycopg

    from .fanout import Fanout
    try:
        return Fanout(store)
    except psycopg.Error as e:
        shown = safe_url(str(store.engine.url))
        reason = type(e).__name__
        raise BeloteError(f"the database cannot be used: {shown} ({reason})",
                          code="server.bad_database",
                          params={"url": shown, "reason": reason}) from None


__all__ = ["LOG_FORMAT", "WS_MAX_SIZE", "RedactTokens", "address", "default_database", "listen",
           "open_fanout", "open_store", "safe_url", "serve", "setup_logging"]
