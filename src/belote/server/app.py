"""The FastAPI application of ``belote serve``: the REST API and the WebSocket endpoint
(docs/protocol.md; the pinned contract of issue 17).

REST (JSON; an error is ``{"type": "error", "code", "message"}`` with its HTTP status, worded
in the language of ``?lang=`` or ``Accept-Language``, else the server's ``--lang`` (French by
default); never a traceback; a database error, a full disk: 503 ``server.storage_failed``):

* ``GET /api/health`` → 200 ``{"status": "ok", "protocol": 1}`` (the database checked: 503
  ``server.database_down`` when it fails, ``server.storage_failed`` when it cannot be
  written);
* ``POST /api/tables`` → 201 ``{"table", "code", "invite", "seat", "token"}``;
* ``POST /api/join/{CODE}`` → ``{"table", "seat", "token"}``;
* ``POST /api/tables/{ID}/start``, ``/end``, ``/seats/{S}/bot`` (``Authorization: Bearer``
  the creator's token);
* ``GET /api/tables/{ID}`` → the table's public facts, seats and scores;
* ``GET /api/tables/{ID}/record`` → the ``belote-game/1`` record.

WebSocket ``/ws/tables/{ID}?token=TOKEN`` (no token: a spectator; ``&lang=en``): the
messages of :mod:`belote.server.protocol`.

Table creations, joins and WebSocket connection attempts are limited per client address
(:mod:`belote.server.ratelimit`): over a limit, a request gets 429 ``server.rate_limited``
with a ``Retry-After`` header, a WebSocket one error message (its ``retry_after``) and the
close code :data:`CLOSE_RATE_LIMITED`. Each connection has its own queue of messages,
written by the room from any thread (dicts, or JSON text already written) through one outbox
of the event loop, which wakes the loop once for all the messages queued meanwhile, and sent
in order by one task of the loop. A socket's action runs on :class:`~.sockets.Actions`' threads (up
to :data:`WORKERS`: it waits there for its group commit), its result told through the same
outbox; every other room call on the loop's executor of :data:`WORKERS` threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import WebSocketRoute

from .. import __version__, i18n
from ..db.errors import OperationalError, SQLAlchemyError
from ..engine.errors import BeloteError
from . import concours_online, concours_web, review, spans, tables, web
from .errors import ServerError, error_line, refused_fields
from .lang import pick_lang
from .probe import write_probe
from .protocol import (
    CLIENT_MESSAGE,
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
)
from .ratelimit import Limiter, RateLimited
from .replies import REFUSED, Health, answers
from .rooms import Connection, Room, Rooms, wire
from .sockets import Act, Actions, Outbox, Socket
from .tables import CreateTable, JoinTable, SeatBot, bearer, limited, table_json

log = logging.getLogger(__name__)

#: the largest request body read, in bytes
MAX_BODY_BYTES = 64 * 1024
#: threads of the event loop's default executor (the room calls: an attach, a look-up…),
#: and at most as many for the sockets' actions (:class:`~.sockets.Actions`), where an
#: action waits for its group commit (:class:`~.group_commit.GroupCommit`): the more in
#: flight at once, the more share one commit (asyncio's default, 6 on 2 cores, would cap a
#: batch at 6), the threads capping the actions in flight (docs/performance.md, "Latency
#: at 1,000 tables"); the SQLite pool has a connection for each (``belote.server.run``)
WORKERS = 128
#: whether each action's steps are timed (:mod:`.spans`, ``BELOTE_SPANS``)
_SPANS = spans.enabled()
#: a WebSocket close code: the connection asked for no table or a bad token
CLOSE_REFUSED = 4404
#: a WebSocket close code: too many connection attempts from this address
CLOSE_RATE_LIMITED = 4429


def _server_lang(app: Any) -> str:
    """The language of the application's answers to a client that asks none
    (``create_app(lang=)``)."""
    return str(getattr(getattr(app, "state", None), "lang", i18n.DEFAULT_LANG))


def _lang_of(request: Request) -> str:
    return pick_lang(request.query_params.get("lang"), request.headers.get("accept-language"),
                     _server_lang(request.scope.get("app")))


def _error_json(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"type": "error", "code": code, "message": message}, status_code=status)


def _coded(error: BeloteError, lang: str, status: int) -> JSONResponse:
    return _error_json(error.code, i18n.message(error, lang), status)


def _said(code: str, lang: str, fallback: str, **params: Any) -> str:
    return i18n.message(BeloteError(fallback, code=code, params=params), lang)


def create_app(rooms: Rooms, limiter: Limiter | None = None, *, public_url: str | None = None,
               lang: str | None = None) -> FastAPI:
    """The application over ``rooms`` (closed when the application stops), its attempts
    limited by ``limiter`` (None: the default limits, :class:`~.ratelimit.RateLimits`).
    Invite links start with ``public_url`` (``https://belote.example.org``, no trailing
    ``/``); None: with the request's own address (its ``Host`` header, or what a trusted
    proxy forwarded), which any client can choose. ``lang`` (``fr`` | ``en``; None: French)
    words the answers to a client that asks no language (``?lang=``, ``Accept-Language``)."""
    limiter = limiter or Limiter()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(
            max_workers=WORKERS, thread_name_prefix="belote-worker"))
        lag = asyncio.create_task(spans.watch_lag()) if _SPANS else None
        spans.start()
        yield
        if lag is not None:
            lag.cancel()
        await asyncio.to_thread(rooms.close)
        spans.dump()

    app = FastAPI(title="belote", version=__version__, lifespan=lifespan,
                  docs_url=None, redoc_url=None, responses=REFUSED)
    app.state.rooms = rooms
    app.state.lang = lang if lang in i18n.LANGS else i18n.DEFAULT_LANG
    app.state.health = {"down": False, "probed": float("-inf")}
    _handlers(app)
    _routes(app, rooms, limiter, public_url)
    _socket(app, rooms, limiter)
    review.mount(app, rooms, bearer, limited(limiter, "connect"))
    web.mount(app)
    concours_online.mount(app, rooms, public_url)
    concours_web.mount(app, rooms.store.engine, limiter, public_url)
    return app


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes gets 413 ``server.too_large``,
    whether it says its length (``Content-Length``) or not (chunked): the body is read here,
    at most ``limit`` bytes kept, before the application sees it. A route that takes more
    says so through the application's ``state.body_limit(path)`` (bytes, or None: the
    default), as :func:`.concours_web.body_limit` for a CSV file's text."""

    def __init__(self, app: Any, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[Any]],
                       send: Callable[[Any], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        wider = getattr(getattr(scope.get("app"), "state", None), "body_limit", None)
        limit = (wider(scope.get("path", "")) if wider else None) or self.limit
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._refuse(scope, receive, send, limit)
            return
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > limit:
                await self._refuse(scope, receive, send, limit)
                return
            chunks.append(body)
            if not message.get("more_body"):
                break
        whole, given = b"".join(chunks), False

        async def replay() -> Any:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: dict[str, Any], receive: Any, send: Any,
                      limit: int) -> None:
        lang = _lang_of(Request(scope))
        response = _error_json("server.too_large", _said(
            "server.too_large", lang, f"message too large (at most {limit} bytes)",
            limit=limit), 413)
        await response(scope, receive, send)


#: FastAPI's words (an HTTPException 400) for a body its decoder failed on, other than by
#: ``json.JSONDecodeError`` (answered 422 ``json_invalid``): a body nested too deep
_BODY_UNPARSED = "There was an error parsing the body"


def _handlers(app: FastAPI) -> None:
    app.add_middleware(BodyLimit)

    @app.exception_handler(BeloteError)
    async def coded(request: Request, exc: BeloteError) -> JSONResponse:
        status = exc.status if isinstance(exc, ServerError) else 422
        if exc.code == "concours.database":  # as a table's storage: health probes again
            app.state.health["probed"] = float("-inf")
        response = _coded(exc, _lang_of(request), status)
        if isinstance(exc, RateLimited):
            response.headers["Retry-After"] = str(exc.retry_after)
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        lang = _lang_of(request)
        return _coded(refused_fields(exc.errors(), "request", lang), lang, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        lang = _lang_of(request)
        if exc.status_code == 404:
            return _error_json("server.not_found", _said(
                "server.not_found", lang, f"no such page: {request.url.path}",
                path=request.url.path), 404)
        if exc.status_code == 405:
            return _error_json("server.bad_method", _said(
                "server.bad_method", lang, f"method not allowed: {request.method}",
                method=request.method), 405)
        if exc.status_code == 400 and exc.detail == _BODY_UNPARSED:
            # a body FastAPI's JSON decoder gave up on (nested too deep: RecursionError)
            # is a malformed body as any other: 422, unreadable JSON
            return _coded(refused_fields([{"type": "json_invalid", "loc": ("body",)}],
                                         "request", lang), lang, 422)
        return _coded(refused_fields([], "request", lang), lang, exc.status_code)

    @app.exception_handler(OperationalError)
    async def storage(request: Request, exc: OperationalError) -> JSONResponse:
        error = _storage_failed(app, f"{request.method} {request.url.path}", exc)
        return _coded(error, _lang_of(request), 503)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        lang = _lang_of(request)
        return _error_json("server.internal", _said("server.internal", lang,
                                                    "internal error"), 500)


#: seconds a passed write probe stands for (``GET /api/health`` asked in a loop must not
#: write and sync the disk each time); a failed one, or a write that failed since, does not
PROBE_STANDS = 1.0


def _health(rooms: Rooms, state: dict[str, Any]) -> None:
    """Raises ServerError ``server.database_down`` (503, ``reason`` the exception's type)
    when the store fails its check (:meth:`~.store.SqlStore.check`), ``server.storage_failed``
    (503, ``reason``) when it answers but cannot be written (a full disk, a read-only file:
    :func:`.probe.write_probe`, at most once a :data:`PROBE_STANDS` while it passes:
    ``state["probed"]`` when it last passed, reset by a write that failed); logged once a
    change (a monitor polling every few seconds must not fill the log: ``state["down"]`` the
    last check's failure)."""
    try:
        rooms.store.check()
    except (SQLAlchemyError, OSError) as e:
        raise _unhealthy(state, e, "server.database_down",
                         f"the database cannot be used ({type(e).__name__})") from None
    if time.monotonic() - state["probed"] >= PROBE_STANDS or state["down"]:
        try:
            write_probe(rooms.store)
        except (SQLAlchemyError, OSError) as e:
            state["probed"] = float("-inf")
            raise _unhealthy(state, e, "server.storage_failed",
                             f"the storage cannot be written ({type(e).__name__})") from None
        state["probed"] = time.monotonic()
    if state["down"]:
        log.info("the database passes its health check again")
    state["down"] = False


def _unhealthy(state: dict[str, Any], error: Exception, code: str,
               message: str) -> ServerError:
    if not state["down"]:
        log.error("the database fails its health check: %s", error_line(error))
    state["down"] = True
    return ServerError(message, code=code, status=503, params={"reason": type(error).__name__})


def _routes(app: FastAPI, rooms: Rooms, limiter: Limiter, public_url: str | None) -> None:
    health_state: dict[str, Any] = app.state.health

    @app.get("/api/health", **answers(Health))
    def health() -> dict[str, Any]:
        _health(rooms, health_state)
        return {"status": "ok", "version": __version__, "protocol": PROTOCOL_VERSION}

    tables.mount(app, rooms, limiter, public_url)


async def _read(websocket: WebSocket) -> str | None:
    """The next client message as text (None: the socket closed); a binary frame is read
    as UTF-8 (``\ufffd`` for what is not)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        text = (message.get("bytes") or b"").decode("utf-8", "replace")
    return str(text)


def _too_large(text: str) -> bool:
    return len(text) > MAX_MESSAGE_BYTES or (
        len(text) * 4 > MAX_MESSAGE_BYTES
        and len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES)


async def _handle(room: Room, conn: Connection, text: str, act: Act,
                  received: float = 0.0) -> None:
    """Answer one client message (every refusal an error message; nothing raises), read at
    ``received`` (``perf_counter`` seconds: :mod:`.spans`); an action runs through ``act``
    (:meth:`Actions.run` with the socket's outbox)."""
    lang = conn.lang
    if _too_large(text):
        conn.send(wire.refusal(ServerError(f"message too large (at most {MAX_MESSAGE_BYTES} bytes)",
                                       code="server.too_large",
                                       params={"limit": MAX_MESSAGE_BYTES}), lang))
        return
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        conn.send(wire.refusal(ServerError("malformed JSON", code="server.bad_json"), lang))
        return
    try:
        message = CLIENT_MESSAGE.validate_python(data)
    except ValidationError as e:
        conn.send(wire.refusal(refused_fields(e.errors(), "message", lang), lang))
        return
    if message.type == "ping":
        conn.send(wire.pong(message.id))
        return
    seq = message.seq
    if conn.seat is None:
        conn.send(wire.refusal(ServerError("a spectator cannot act", code="server.spectator"),
                           lang, seq))
        return
    if message.seat is not None and message.seat != conn.seat:
        conn.send(wire.refusal(ServerError(f"this token plays seat {conn.seat} only",
                                       code="server.not_your_seat",
                                       params={"seat": conn.seat, "asked": message.seat}),
                           lang, seq))
        return
    span = spans.begin(room.id, conn.seat, seq, received) if _SPANS else None
    token = spans.CURRENT.set(span) if span is not None else None  # the thread copies it
    try:
        seat, action = conn.seat, message.action
        applied = await act(lambda: room.act(seat, action, seq))
        if span is not None:
            span["loop"] = time.perf_counter()
    except BeloteError as e:
        conn.send(wire.refusal(e, lang, seq))
        return
    except Exception:
        log.exception("table %s: an action failed", room.id)
        conn.send(wire.refusal(ServerError("internal error", code="server.internal"), lang, seq))
        return
    finally:
        if token is not None:
            spans.CURRENT.reset(token)
    if not applied:
        conn.send(wire.ack(seq, duplicate=True))


def _storage_failed(app: FastAPI, where: str, exc: Exception) -> ServerError:
    """A database failure (a full disk, a read-only file, a database gone) on ``where`` (a
    request's method and path, or a socket's path): one log line, no traceback; the next
    health check probes the storage again. Returns ``server.storage_failed`` (503)."""
    log.error("the database failed on %s: %s", where, error_line(exc))
    app.state.health["probed"] = float("-inf")
    orig = getattr(exc, "orig", None)
    return ServerError("the table's storage failed", code="server.storage_failed",
                       params={"reason": type(orig if orig is not None else exc).__name__},
                       status=503)


async def _refuse(websocket: WebSocket, error: BeloteError, lang: str, close: int) -> None:
    """Send ``error`` as the socket's one message, then close it with ``close``. A client
    gone already (any address may open and drop sockets, dozens a minute) costs one debug
    line, not a traceback."""
    try:
        await websocket.send_text(json.dumps(wire.refusal(error, lang), ensure_ascii=False))
        await websocket.close(close)
    except Exception as e:  # noqa: BLE001 -- the socket is gone, whatever the transport says
        log.debug("a refused socket was gone already (%s: %s)", error.code, type(e).__name__)


def _socket(app: FastAPI, rooms: Rooms, limiter: Limiter) -> None:
    # one a serving loop, made at its first connection
    outboxes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Outbox] = \
        weakref.WeakKeyDictionary()
    actions = Actions(WORKERS)

    async def play(websocket: WebSocket) -> None:
        table_id = str(websocket.path_params["table_id"])
        await websocket.accept()
        lang = pick_lang(websocket.query_params.get("lang"),
                         websocket.headers.get("accept-language"), app.state.lang)
        token = websocket.query_params.get("token") or None
        try:
            limiter.check("connect", websocket.client.host if websocket.client else None)
        except RateLimited as e:
            await _refuse(websocket, e, lang, CLOSE_RATE_LIMITED)
            return
        try:
            room = await asyncio.to_thread(rooms.get, table_id)
            seat = await asyncio.to_thread(room.admit, token)  # may read the database
        except BeloteError as e:
            await _refuse(websocket, e, lang, CLOSE_REFUSED)
            return
        except SQLAlchemyError as e:  # a full disk, a database gone: one line, no traceback
            await _refuse(websocket, _storage_failed(app, websocket.url.path, e), lang,
                          CLOSE_REFUSED)
            return
        loop = asyncio.get_running_loop()
        outbox = outboxes.get(loop)
        if outbox is None:
            outbox = outboxes[loop] = Outbox(loop)
        out = Socket(websocket, outbox, seat)
        act = functools.partial(actions.run, outbox)
        conn = Connection(seat, lang, out.send, out.close, out.send_text)
        sender = asyncio.create_task(out.run())
        try:
            await asyncio.to_thread(room.attach, conn)
            while (text := await _read(websocket)) is not None:
                await _handle(room, conn, text, act, time.perf_counter() if _SPANS else 0.0)
        except SQLAlchemyError as e:  # noting the connection failed: told, then closed
            error = _storage_failed(app, websocket.url.path, e)
            conn.send(wire.refusal(error, lang))
        except Exception:  # the socket failed under us: the seat turns away
            log.debug("table %s: a connection ended", table_id, exc_info=True)
        finally:
            try:
                await asyncio.to_thread(room.detach, conn)
            except SQLAlchemyError as e:
                _storage_failed(app, websocket.url.path, e)
            out.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 5)

    # Starlette's own route, not FastAPI's (its dependency machinery and three exit stacks:
    # about 8 KiB a socket held for the socket's life, and nothing here to inject)
    app.router.routes.append(WebSocketRoute("/ws/tables/{table_id}", play))


__all__ = ["CLOSE_RATE_LIMITED", "CLOSE_REFUSED", "MAX_BODY_BYTES", "CreateTable", "JoinTable",
           "SeatBot", "create_app", "pick_lang", "table_json"]
