"""Running the server: open the store, restore the rooms, listen, serve (uvicorn).

:func:`serve` is what ``belote serve`` calls; it prints the address it listens on (one line,
``http://HOST:PORT``, flushed) before it serves, so that a caller that asked for port 0 reads
the port chosen.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote_plus

from .. import i18n
from ..db import default_url, open_url, safe_url
from ..db.connect import POOL_SIZE
from ..engine.errors import BeloteError
from ..table.store import data_dir
from .collector import Collector
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

#: a ``name=value`` pair of a logged URL's query (``/ws/tables/ID?token=…``, as uvicorn logs
#: a WebSocket; ``/api/concours/ID/print/sheets.pdf?key=…``)
_PAIR = re.compile(r"([^\s\"'&?=]+)=([^&\s\"']*)")
#: the secret parameters' names, as the application reads them (percent-decoded)
_SECRET_NAMES = ("token", "key")
#: a logged path that carries a table's invite code (``/t/CODE``, ``/api/invite/CODE``,
#: ``/api/join/CODE``): who reads the code may take an open seat
_CODE_PATH = re.compile(r"(/(?:t|api/invite|api/join)/)([^/?#\s\"']+)", re.IGNORECASE)


def _secret_name(name: str) -> bool:
    """Whether a query parameter named ``name`` (as logged: percent-encoded or not) is read
    as a seat token or an organiser key: its name decoded as the application decodes it
    (``k%65y``, ``%74oken``, and over again for a proxy that decodes once more), case
    ignored, ends with ``token`` or ``key``."""
    for _ in range(4):
        decoded = unquote_plus(name)
        if decoded == name:
            break
        name = decoded
    return name.strip().lower().endswith(_SECRET_NAMES)


def _redact(match: re.Match[str]) -> str:
    return f"{match[1]}=…" if _secret_name(match[1]) else match[0]


class RedactTokens(logging.Filter):
    """Replace the seat token, the organiser's key and a table's invite code in every logged
    line by ``…``: a log file must not hold the keys of the seats, nor of the concours, nor
    the codes that open a table's seats. A query parameter is known by its name once decoded
    (:func:`_secret_name`), however the client encoded it; an invite code by its path
    (:data:`_CODE_PATH`, as uvicorn logs it: decoded)."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        redacted = _PAIR.sub(_redact, text) if "=" in text else text
        if "/" in redacted:
            redacted = _CODE_PATH.sub(r"\1…", redacted)
        if redacted != text:
            record.msg, record.args = redacted, None
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
    return default_url(data_dir())


def open_store(url: str, readers: int = POOL_SIZE) -> SqlStore:
    """The store on ``url``, migrated (:func:`belote.db.open_url`), its SQLite pool sized
    for ``readers`` threads reading at once (the server's executor threads and its
    sockets' action threads, twice :data:`~.app.WORKERS`). Raises BeloteError
    ``server.bad_database`` (``url`` without its password, ``reason``) when it cannot be
    opened."""
    return SqlStore(engine=open_url(url, readers))


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
          trust_proxy: str | None = None, ws_deflate: bool = False,
          public_url: str | None = None, lang: str | None = None) -> None:
    """Serve until stopped (SIGINT, SIGTERM): the store on ``database`` (default
    :func:`default_database`, its folder created private: :func:`data_folder`; an SQLite
    file locked for this process: :class:`DatabaseLock`), every open room restored (those
    idle for ``settings.keep_idle`` closed instead, then swept periodically:
    :meth:`Rooms.sweep`), ``announce(address)`` once the socket listens. Attempts are limited
    per client address by ``limits`` (default :class:`RateLimits`); the client address is the
    socket peer's, unless the peer is one of ``trust_proxy`` (comma-separated addresses or
    networks, ``*`` any: uvicorn's ``forwarded_allow_ips``), whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are then believed. Invite links start with ``public_url``
    (:func:`check_public_url`; None: the request's own address). ``lang`` is the language
    of the answers to a client that asks none (None: French). The WebSockets accept
    permessage-deflate only with ``ws_deflate``: uvicorn's compressor and decompressor
    (windows of 2**12 bytes, memLevel 5) hold about 45 KiB a socket, as much as the rest of
    the socket, and spend CPU on every message, for messages of 1 to 3 KB
    (docs/performance.md). Raises BeloteError ``server.bad_rate``, ``server.bad_public_url``,
    ``server.bad_database``, ``server.no_database_folder``, ``server.database_in_use``,
    ``server.database_locked``, ``server.cannot_listen``."""
    import uvicorn

    from .app import WORKERS, create_app
    limiter = Limiter(limits)
    public = check_public_url(public_url) if public_url else None
    setup_logging()
    if database is None:
        data_folder(lang)
    url = database or default_database()
    lock = lock_sqlite(url, explicit=database is not None)
    try:
        store = open_store(url, 2 * WORKERS)  # the executor's threads and the actions'
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
            app = create_app(rooms, limiter, public_url=public, lang=lang)
            config = uvicorn.Config(app, log_config=None,
                                    ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=ws_deflate,
                                    ws_ping_interval=20.0,
                                    ws_ping_timeout=20.0, timeout_graceful_shutdown=5,
                                    proxy_headers=bool(proxy),
                                    forwarded_allow_ips=proxy or None)
            collector = Collector()  # the collector's pauses do not grow with the tables
            collector.start()
            try:
                uvicorn.Server(config).run(sockets=[sock])
            finally:
                collector.stop()
        finally:
            if fanout is not None:
                fanout.close()
            store.dispose()
    finally:
        if lock is not None:
            lock.release()


def data_folder(lang: str | None = None) -> Path:
    """The data folder (:func:`~belote.table.store.data_dir`), created when missing with
    mode 0700 (its database holds every table's secret seed); an existing one is left as it
    is, with a warning when other users may enter it. Raises BeloteError
    ``server.bad_database`` when it cannot be created."""
    folder = data_dir()
    if not folder.is_dir():
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            if os.name == "posix":
                os.chmod(folder, 0o700)  # whatever the umask
        except OSError as e:
            reason = e.strerror or type(e).__name__
            raise BeloteError(f"the database cannot be used: {folder} ({reason})",
                              code="server.bad_database",
                              params={"url": str(folder), "reason": reason}) from None
    elif os.name == "posix" and folder.stat().st_mode & 0o077:
        # in the serve command's language (``--lang``; None: French), as its errors
        log.warning("%s", i18n.tr("server.data_folder_open", lang or i18n.DEFAULT_LANG,
                                  folder=str(folder), mode=f"{folder.stat().st_mode & 0o777:o}"))
    return folder


class DatabaseLock:
    """An exclusive lock on one SQLite database for one server process: ``flock`` on the file
    ``<database>.lock`` beside it (created 0600), held until :meth:`release` (or the
    process's end, even a ``kill -9``: the kernel drops it), the holder's process id written
    in it. Two servers on one SQLite file would both restore its tables and their bots
    would race for the log; PostgreSQL has its own coordination (several processes
    allowed: :mod:`belote.server.fanout`). The descriptor is not inherited by the server's
    search processes (spawned, and Python's descriptors are not inheritable).

    The database file itself is also ``flock``-ed (created empty, a valid empty database,
    when it is not there yet): a hard link or a bind mount names the same file by another
    path, and so another lock file, but not another inode. (SQLite's own locks are
    ``fcntl`` ones, which ``flock`` does not touch.)

    :meth:`take` raises BeloteError ``server.database_in_use`` (``path``, ``pid``: the
    holder's) or ``server.database_locked`` (``path``, ``lock``: no process id readable),
    ``server.bad_database`` when the lock file cannot be opened."""

    #: seconds to wait for the holder to write its process id (it writes it right after it
    #: took the lock)
    PID_WAIT = 1.0

    def __init__(self, database: Path) -> None:
        self.database = database
        real = database.resolve()  # one lock whatever path or link names the file
        self.path = real.with_name(real.name + ".lock")
        self._fd: int | None = None
        self._db_fd: int | None = None

    def take(self) -> DatabaseLock:
        import fcntl
        fd = _open_private(self.path)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            pid = self._holder(fd)
            os.close(fd)
            raise self._in_use(pid) from None
        try:
            db_fd = _open_private(self.database)
        except BeloteError:
            os.close(fd)
            raise
        try:
            fcntl.flock(db_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # the same file under another name (a hard link): its lock unknown
            os.close(db_fd)
            os.close(fd)
            raise self._in_use(None) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self._fd, self._db_fd = fd, db_fd
        return self

    def _holder(self, fd: int) -> int | None:
        deadline = time.monotonic() + self.PID_WAIT
        while True:
            text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            if text.isdigit():
                return int(text)
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.05)

    def _in_use(self, pid: int | None) -> BeloteError:
        path = str(self.database.absolute())
        if pid is None:
            return BeloteError(f"the database {path} is in use by another server (its lock "
                               f"{self.path} is held)", code="server.database_locked",
                               params={"path": path, "lock": str(self.path)})
        return BeloteError(f"the database {path} is in use by another server (process {pid}):"
                           " one server per SQLite file", code="server.database_in_use",
                           params={"path": path, "pid": pid})

    def release(self) -> None:
        """Let the lock go (the file stays: removing it would race with a server taking it)."""
        for fd in (self._fd, self._db_fd):
            if fd is not None:
                os.close(fd)
        self._fd = self._db_fd = None


def _open_private(path: Path) -> int:
    """A descriptor of ``path`` for reading and writing, created 0600 when missing. Raises
    BeloteError ``server.bad_database`` (``url``: the path, ``reason``) when it cannot be."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise BeloteError(f"the database cannot be used: {path} ({reason})",
                          code="server.bad_database",
                          params={"url": str(path), "reason": reason}) from None


def lock_sqlite(url: str, explicit: bool) -> DatabaseLock | None:
    """On an SQLite file, its :class:`DatabaseLock`, taken (None: another database, or a
    system without ``fcntl``). ``explicit``: the URL was given (``--database``), so its
    folder must exist (a typo must not make a fresh empty database beside the real one).
    Raises BeloteError ``server.no_database_folder`` (``path``: the folder), those of
    :meth:`DatabaseLock.take`, ``server.bad_database`` for a URL that cannot be read."""
    from ..db import sqlite_file
    from ..db.errors import ArgumentError
    try:
        path = sqlite_file(url)
    except ArgumentError:
        return None  # open_store words it
    if path is None:
        return None
    path = path.absolute()
    folder = path.parent
    if explicit and not folder.exists():
        raise BeloteError(f"no folder {folder} for the database {path}: create it first, or "
                          "check the path", code="server.no_database_folder",
                          params={"path": str(path), "folder": str(folder)})
    if not folder.is_dir():
        return None  # open_store words it (server.bad_database)
    try:
        import fcntl  # noqa: F401 -- POSIX only
    except ModuleNotFoundError:  # Windows: one server per file is the user's care
        return None
    return DatabaseLock(path).take()


def check_public_url(url: str) -> str:
    """``url`` as invite links start with it: ``http(s)://HOST[:PORT][/PATH]``, without
    the trailing ``/``. Raises BeloteError ``server.bad_public_url`` (``url``) for anything
    else (no scheme, another scheme, no host, a query, a fragment, a user name)."""
    from urllib.parse import urlsplit
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 -- raises ValueError for a bad port
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or \
            parts.query or parts.fragment or parts.username or parts.password or \
            any(c.isspace() for c in url.strip()):
        raise BeloteError(f"the public URL must look like https://belote.example.org, not "
                          f"{url}", code="server.bad_public_url", params={"url": url})
    return url.strip().rstrip("/")


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


__all__ = ["LOG_FORMAT", "WS_MAX_SIZE", "DatabaseLock", "RedactTokens", "address",
           "check_public_url", "data_folder", "default_database", "listen", "lock_sqlite",
           "open_fanout", "open_store", "safe_url", "serve", "setup_logging"]
