"""The seat links of an online concours (docs/concours-online.md): each person's seat of a
table drawn, the token that seat's link carries, and the links themselves for the organiser
(``belote concours show --json``, the organiser's page). The rooms themselves are the
server's (:mod:`belote.server.concours_online`).

A seat's token is :func:`seat_token`'s, derived from the concours's secret ``key``: the
database keeps only its hash, as for every seat; the links exist only as
:func:`seat_links` computes them from the key.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from ..db.errors import Engine
from ..db.rooms import room_settings
from .data import ConcoursData
from .model import TableDraw

#: what a seat token's HMAC is of, before the room and seat
TOKEN_CONTEXT = "belote-concours-seat"


def seat_token(key: str, room_id: str, seat: int) -> str:
    """The token of ``seat`` (0–3) at concours room ``room_id``: HMAC-SHA256 keyed by the
    concours's secret ``key`` of ``"belote-concours-seat:<room>:<seat>"``, in URL-safe
    base64 without padding (43 characters, a seat token's shape). The database keeps only
    its hash (:func:`~belote.server.store.token_hash`), as for every seat."""
    mac = hmac.new(key.encode("utf-8"), f"{TOKEN_CONTEXT}:{room_id}:{seat}".encode(),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


@dataclass(frozen=True)
class PlannedSeat:
    """One seat of a concours table: ``seat`` 0–3 (side ``seat % 2``), the player's
    ``name`` (None: a bot) and his ``entrant`` id (None: a bot)."""

    seat: int
    name: str | None
    entrant: int | None


def planned_seats(data: ConcoursData, table: TableDraw) -> list[PlannedSeat]:
    """The four seats of a drawn table, seat 0 first: side 0's players at seats 0 and 2,
    side 1's at 1 and 3 (a pair's two players, in their order; a bot pair two bots)."""
    seats: list[PlannedSeat | None] = [None] * 4
    for side_index, side in enumerate(table.sides):
        players: list[tuple[str | None, int | None]] = []
        for e in side:
            if e is None:
                players += [(None, None)] * (2 if len(side) == 1 else 1)
            else:
                players += [(m, e) for m in data.entrants[e].members]
        for k, (name, entrant) in enumerate(players[:2]):
            seat = side_index + 2 * k
            seats[seat] = PlannedSeat(seat, name, entrant)
    return [s if s is not None else PlannedSeat(i, None, None) for i, s in enumerate(seats)]


def seat_links(data: ConcoursData, partie: int, base: str = "") -> list[dict[str, Any]]:
    """The organiser's invites of ``partie``'s online tables (never to show publicly: each
    lets its holder play that seat): one ``{"table", "seat", "side", "name", "room",
    "token", "url"}`` a person's seat, by table then seat; ``url`` is ``base`` (the
    server's address, e.g. ``https://belote.example.org``; "" gives a path) then
    ``/#/seat/<room>/<token>``, which the browser client opens as that seat (the token in
    the fragment never reaches the server's logs). Empty while the partie has no rooms."""
    rooms = data.rooms.get(partie)
    if not rooms or not 1 <= partie <= len(data.draws):
        return []
    out: list[dict[str, Any]] = []
    for t, room_id in zip(data.draws[partie - 1].tables, rooms, strict=True):
        if room_id is None:
            continue
        for s in planned_seats(data, t):
            if s.name is None:
                continue
            token = seat_token(data.key, room_id, s.seat)
            out.append({"table": t.table, "seat": s.seat, "side": s.seat % 2,
                        "name": s.name, "room": room_id, "token": token,
                        "url": f"{base.rstrip('/')}/#/seat/{room_id}/{token}"})
    return out


def stored_base(engine: Engine, data: ConcoursData) -> str:
    """The address the server that made the concours's rooms puts in its links (its
    ``--public-url``; "" when it has none): read from a room's stored invite link."""
    ids = [r for rooms in data.rooms.values() for r in rooms if r is not None]
    if not ids:
        return ""
    settings = room_settings(engine, ids[0])
    invite = str((settings or {}).get("invite", ""))
    return invite.rpartition("/t/")[0] if "/t/" in invite else ""


def with_links(shown: dict[str, Any], data: ConcoursData, engine: Engine) -> dict[str, Any]:
    """``belote concours show --json``'s object with, in each table of each partie drawn,
    ``"seats"``: its :func:`seat_links` (for the organiser, who runs the command on the
    server's database); unchanged for a concours not online."""
    if not data.online:
        return shown
    base = stored_base(engine, data)
    for p in shown.get("parties_drawn", []):
        links = seat_links(data, int(p["partie"]), base)
        for t in p.get("tables", []):
            t["seats"] = [link for link in links if link["table"] == t["table"]]
    return shown



__all__ = ["TOKEN_CONTEXT", "PlannedSeat", "planned_seats", "seat_links", "seat_token",
           "stored_base", "with_links"]
