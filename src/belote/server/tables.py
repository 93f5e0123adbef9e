"""The REST routes of the online tables (docs/api.md, docs/protocol.md; the pinned contract
of issue 17), added to the application by :func:`mount`:

* ``POST /api/tables`` → 201 ``{"table", "code", "invite", "seat", "token"}``;
* ``POST /api/join/{CODE}`` → ``{"table", "seat", "token"}``;
* ``POST /api/tables/{ID}/start``, ``/end``, ``/seats/{S}/bot`` (``Authorization: Bearer``
  the creator's token) → the table's facts;
* ``GET /api/tables/{ID}`` → the table's public facts, seats and scores;
* ``GET /api/tables/{ID}/record`` → the ``belote-game/1`` record;
* ``GET /t/{CODE}`` (a browser: the page) and ``GET /api/invite/{CODE}`` → the invite's facts.

Each declares its answer's model (:mod:`belote.server.replies`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Body, Depends, FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ..table.session import SeatKind
from . import web
from .errors import ServerError
from .ratelimit import Limiter
from .replies import HTML, Invite, Joined, TableCreated, TableFacts, TableRecord, answers
from .rooms import Room, Rooms


class CreateTable(BaseModel):
    """The body of ``POST /api/tables`` (an unknown field is refused: a misspelt
    ``"option"`` must not give a table of default rules; ``target`` a JSON integer:
    ``true``, ``1.0`` or ``"500"`` is refused)."""

    model_config = ConfigDict(extra="forbid")

    preset: Annotated[str, Field(max_length=40)] = "coinche"
    options: dict[str, Any] = Field(default_factory=dict)
    target: Annotated[StrictInt, Field(gt=0, le=100000)] | None = None
    seats: Annotated[list[Annotated[str, Field(max_length=40)]],
                     Field(min_length=4, max_length=4)]
    name: Annotated[str, Field(max_length=200)]


class JoinTable(BaseModel):
    """The body of ``POST /api/join/{CODE}``: a display name and, optionally, a seat (a JSON
    integer: ``true`` or ``"2"`` is refused)."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(max_length=200)]
    seat: StrictInt | None = None


class SeatBot(BaseModel):
    """The body of ``POST /api/tables/{ID}/seats/{S}/bot``: the bot's level."""

    model_config = ConfigDict(extra="forbid")

    level: Annotated[str, Field(max_length=40)] = "heuristic"


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def table_json(room: Room) -> dict[str, Any]:
    """``GET /api/tables/{ID}``: the table's public facts, its seats and scores."""
    info = room.info().model_dump(mode="json")
    return {**info, "seats": [s.model_dump(mode="json") for s in room.seat_infos()],
            "scores": room.scores(), "log_seq": room.log_seq}


def limited(limiter: Limiter, kind: str) -> Any:
    """A route's dependency: one attempt of ``kind`` from the request's client address
    (raises ``server.rate_limited`` over the limit, before the body is judged)."""
    async def check(request: Request) -> None:
        limiter.check(kind, request.client.host if request.client else None)
    return Depends(check)



def mount(app: FastAPI, rooms: Rooms, limiter: Limiter, public_url: str | None) -> None:
    """Add the routes of the module docstring to ``app``, over ``rooms``; creations and
    joins count against ``limiter``; invite links start with ``public_url`` (None: the
    request's own address)."""
    @app.post("/api/tables", status_code=201, dependencies=[limited(limiter, "create")],
              **answers(TableCreated))
    def create(request: Request, body: CreateTable) -> dict[str, Any]:
        options = dict(body.options)
        if body.target is not None:
            if options.get("game_end", "target") != "target":
                raise ServerError("give a target or game_end=deals, not both",
                                  code="server.target_and_deals", status=422,
                                  params={"target": body.target})
            options.update(game_end="target", target=body.target)
        base = public_url or str(request.base_url).rstrip("/")
        room, token = rooms.create(body.preset, options, body.seats, body.name, base)
        return {"table": room.id, "code": room.data.code,
                "invite": room.data.settings["invite"], "seat": room.data.creator_seat,
                "token": token}

    @app.post("/api/join/{code}", dependencies=[limited(limiter, "join")], **answers(Joined))
    def join(code: str, body: JoinTable) -> dict[str, Any]:
        room = rooms.by_code(code)
        seat, token = room.join(body.name, body.seat)
        return {"table": room.id, "seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/start", **answers(TableFacts))
    def start(request: Request, table_id: str) -> dict[str, Any]:
        room = rooms.get(table_id)
        room.start(bearer(request))
        return table_json(room)

    @app.post("/api/tables/{table_id}/end", **answers(TableFacts))
    def end(request: Request, table_id: str) -> dict[str, Any]:
        room = rooms.get(table_id)
        room.end(bearer(request))
        return table_json(room)

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", **answers(TableFacts))
    def seat_bot(request: Request, table_id: str, seat: int,
                 body: Annotated[SeatBot | None, Body()] = None) -> dict[str, Any]:
        room = rooms.get(table_id)
        room.seat_bot(bearer(request), seat, (body or SeatBot()).level)
        return table_json(room)

    @app.get("/api/tables/{table_id}", **answers(TableFacts))
    def table(table_id: str) -> dict[str, Any]:
        return table_json(rooms.get(table_id))

    @app.get("/api/tables/{table_id}/record", **answers(TableRecord))
    def record(table_id: str) -> dict[str, Any]:
        return rooms.get(table_id).record()

    def invite_json(code: str) -> dict[str, Any]:
        room = rooms.by_code(code)
        return {"table": room.id, "code": room.data.code, "status": room.status,
                "join": f"/api/join/{room.data.code}",
                "open_seats": [s.seat for s in room.seat_infos() if s.kind == SeatKind.OPEN],
                "seats": [s.model_dump(mode="json") for s in room.seat_infos()],
                "preset": room.data.preset}

    @app.get("/t/{code}", responses=HTML, **answers(Invite))
    def invite(request: Request, code: str) -> dict[str, Any] | Response:
        """The invite link: a browser gets the page (which joins), a script the facts (a
        look-up of a code counts as a join attempt: codes are not to be guessed)."""
        if web.wants_html(request):
            return web.page()
        limiter.check("join", request.client.host if request.client else None)
        return invite_json(code)

    @app.get("/api/invite/{code}", dependencies=[limited(limiter, "join")],
             **answers(Invite))
    def invite_api(code: str) -> dict[str, Any]:
        return invite_json(code)


__all__ = ["CreateTable", "JoinTable", "SeatBot", "bearer", "limited", "mount", "table_json"]
