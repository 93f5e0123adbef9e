"""The messages of the WebSocket protocol, defined once as pydantic models (docs/protocol.md).

Every message is a JSON object with a ``type`` and the protocol version ``v``
(:data:`PROTOCOL_VERSION`). The client sends :class:`ActionMessage` and :class:`PingMessage`
(read by :data:`CLIENT_MESSAGE`); the server sends :class:`Snapshot` (always first),
:class:`EventMessage`, :class:`Ack`, :class:`ErrorMessage` and :class:`Pong`.
:func:`json_schema` exports the JSON Schema of both directions (``belote serve --schema``).

A view (``view``) is :meth:`belote.engine.views.SeatView.to_json` for a seat, or its public
part for a spectator (no hand, no legal actions, no annonce cards before trick 2).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

#: the version every message carries as ``v``
PROTOCOL_VERSION = 1
#: the largest client message read, in bytes (UTF-8); a longer one is refused
MAX_MESSAGE_BYTES = 64 * 1024
#: the largest client sequence number (JavaScript's safe integers)
MAX_SEQ = 2**53 - 1


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")

    v: Literal[1] = 1  # PROTOCOL_VERSION


# -- client → server ------------------------------------------------------------------------

class ActionMessage(_Message):
    """The seat's action: ``action`` its record text (``"pass"``, ``"80 H"``, ``"JH"``,
    ``"belote"``), ``seq`` the client's sequence number (a number it has not sent before,
    greater than the last; a repeated or older one is answered ``ack`` with ``duplicate`` and
    never applied twice). ``seat``, when given, must be the token's own seat."""

    type: Literal["action"]
    action: Annotated[str, Field(min_length=1, max_length=200)]
    seq: Annotated[int, Field(ge=0, le=MAX_SEQ, strict=True)]
    seat: Annotated[int, Field(ge=0, le=3, strict=True)] | None = None


class PingMessage(_Message):
    """A keep-alive: answered by a :class:`Pong` with the same ``id``."""

    type: Literal["ping"]
    id: Annotated[str, Field(max_length=100)] | int | None = None


ClientMessage = Annotated[ActionMessage | PingMessage, Field(discriminator="type")]
#: reads a client message (raises pydantic's ValidationError)
CLIENT_MESSAGE: TypeAdapter[ActionMessage | PingMessage] = TypeAdapter(ClientMessage)


# -- server → client ------------------------------------------------------------------------

class SeatInfo(BaseModel):
    """One seat: ``kind`` ``open`` (waits for a player), ``human`` or ``bot`` (``bot`` its
    level); ``connected`` whether the person's connection is open; ``away`` a person whose
    connection dropped; ``bot_playing`` a bot plays for the absent person (after
    ``--takeover-after`` seconds)."""

    seat: int
    name: str
    kind: Literal["open", "human", "bot"]
    bot: str | None = None
    connected: bool = False
    away: bool = False
    bot_playing: bool = False


class TableInfo(BaseModel):
    """A table's public facts: ``status`` ``waiting`` | ``playing`` | ``over``;
    ``commitment`` the SHA-256 commitment of the secret seed (published from the start);
    ``seed`` the seed itself (a decimal string), only once the table is over; ``code`` and
    ``invite`` only for the seated players; ``ended`` the table was closed before its game
    ended (by its creator, or idle for ``--keep-idle``)."""

    table: str
    status: Literal["waiting", "playing", "over"]
    preset: str
    options: dict[str, Any]
    commitment: str
    seed: str | None = None
    creator_seat: int
    code: str | None = None
    invite: str | None = None
    deals_played: int = 0
    ended: bool = False


class Snapshot(_Message):
    """The first message of every connection, and the whole state after a reconnection:
    ``seat`` (None for a spectator), ``view`` the seat's view (None once the game is over),
    ``view_deal`` the index of the deal it shows (every deal counted, as the events'
    ``deal_index``), ``seats``, ``scores`` per team, ``last_seq`` the greatest sequence
    number this seat sent that the server saw (None: none yet), ``held`` the litige points
    held for the next deal (001, 000)."""

    type: Literal["snapshot"] = "snapshot"
    seat: int | None
    view: dict[str, Any] | None
    view_deal: int
    table: TableInfo
    seats: list[SeatInfo]
    scores: list[int]
    last_seq: int | None = None
    held: int = 0


class EventFacts(BaseModel):
    """What happened, public facts only. ``kind``: ``deal_started``, ``action`` (``seat`` did
    ``action``: the table's public text, an annonce told as ``"declare"`` and its kinds,
    ``"declare tierce / carre"``, its cards in the views from trick 2),
    ``contract``, ``belote`` (``rebelote``), ``trick`` (``number``, ``leader``, ``cards``,
    ``winner``, ``points``), ``deal_ended`` (``result``, ``mark``, ``scores``), ``game_ended``
    (``scores``, ``winner``), ``seat`` (a seat changed: ``seat``), ``table_ended`` (the
    creator ended the table). On the wire, the fields that do not apply are left out."""

    kind: str
    deal_index: int | None = None
    seat: int | None = None
    action: str | None = None
    number: int | None = None
    leader: int | None = None
    cards: list[str] | None = None
    winner: int | None = None
    points: int | None = None
    rebelote: bool | None = None
    result: dict[str, Any] | None = None
    mark: list[int] | None = None
    scores: list[int] | None = None


class EventMessage(_Message):
    """A change: ``event`` what happened, ``view`` the seat's new view and ``view_deal`` (as
    in :class:`Snapshot`: after a deal's last card, the next deal's), ``seats``, ``scores``,
    ``status``, ``log_seq`` the number of actions applied at the table so far, ``held`` as in
    :class:`Snapshot`."""

    type: Literal["event"] = "event"
    event: EventFacts
    view: dict[str, Any] | None
    view_deal: int
    seats: list[SeatInfo]
    scores: list[int]
    status: Literal["waiting", "playing", "over"]
    log_seq: int
    held: int = 0


class Ack(_Message):
    """The action of sequence number ``seq`` was applied (``duplicate`` False), or was seen
    before and is not applied again (``duplicate`` True)."""

    type: Literal["ack"] = "ack"
    seq: int
    duplicate: bool = False


class ErrorMessage(_Message):
    """A refusal: ``code`` the catalog code (``illegal.wrong_turn``, ``illegal.must_trump``,
    ``server.bad_json``…), ``message`` its words in the client's language, ``seq`` the
    action's sequence number when one was read, ``rule`` the rule an illegal action broke,
    ``retry_after`` the seconds to wait before trying again (``server.rate_limited`` only:
    left out of the others)."""

    type: Literal["error"] = "error"
    code: str
    message: str
    seq: int | None = None
    rule: str | None = None
    retry_after: int | None = Field(default=None, exclude_if=lambda v: v is None)


class Pong(_Message):
    """The answer to a :class:`PingMessage`."""

    type: Literal["pong"] = "pong"
    id: str | int | None = None


ServerMessage = Annotated[Snapshot | EventMessage | Ack | ErrorMessage | Pong,
                          Field(discriminator="type")]


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the protocol: ``{"version", "client", "server"}``, the two
    directions' message unions (draft 2020-12, as pydantic writes it)."""
    return {"version": PROTOCOL_VERSION,
            "client": TypeAdapter(ClientMessage).json_schema(),
            "server": TypeAdapter(ServerMessage).json_schema()}


__all__ = ["CLIENT_MESSAGE", "MAX_MESSAGE_BYTES", "MAX_SEQ", "PROTOCOL_VERSION", "Ack",
           "ActionMessage", "ClientMessage", "ErrorMessage", "EventFacts", "EventMessage",
           "PingMessage", "Pong", "SeatInfo", "ServerMessage", "Snapshot", "TableInfo",
           "json_schema"]
