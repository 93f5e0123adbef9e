"""The messages of the WebSocket protocol, defined once as pydantic models (docs/protocol.md).

Every message is a JSON object with a ``type`` and the protocol version ``v``
(:data:`PROTOCOL_VERSION`). The client sends :class:`ActionMessage` and :class:`PingMessage`
(read by :data:`CLIENT_MESSAGE`); the server sends :class:`Snapshot` (always first),
:class:`EventMessage`, :class:`Ack`, :class:`ErrorMessage` and :class:`Pong`.
:func:`json_schema` exports the JSON Schema of both directions (``belote serve --schema``).
An event's ``event`` is one :data:`WireEvent` (``kind`` the discriminator), read from a table
event's ``to_json()`` by :func:`wire_event` (the fields clients hear; the fields that do not
apply left out); the states (:class:`RoomStatus`, :class:`SeatKind`) are the table session's
``StrEnum``s.

A view (``view``) is :meth:`belote.engine.views.SeatView.to_json` for a seat, or its public
part for a spectator (no hand, no legal actions, no annonce cards before trick 2).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from ..table.events import Event as TableEvent
from ..table.session import SeatKind
from ..table.session import TableStatus as RoomStatus

#: the version every message carries as ``v``
PROTOCOL_VERSION = 1
#: the largest client message read, in bytes (UTF-8); a longer one is refused
MAX_MESSAGE_BYTES = 64 * 1024
#: the largest client sequence number (JavaScript's safe integers)
MAX_SEQ = 2**53 - 1


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")

    v: Literal[1] = 1  # PROTOCOL_VERSION

    @field_validator("v", mode="before")
    @classmethod
    def _a_json_integer(cls, value: Any) -> Any:
        """``v`` is the JSON integer 1: ``true`` or ``1.0`` is refused (pydantic's lax
        literal takes them)."""
        if type(value) is not int:
            raise ValueError("the protocol version is the integer 1")
        return value


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
    id: Annotated[str, Field(max_length=100)] | \
        Annotated[int, Field(ge=-MAX_SEQ, le=MAX_SEQ, strict=True)] | None = None


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
    kind: SeatKind
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
    status: RoomStatus
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


class EventModel(BaseModel):
    """One event as clients hear it: the public fields of a table event's ``to_json()``
    (:mod:`belote.table.events`; the others left out: :func:`wire_event`)."""

    model_config = ConfigDict(extra="ignore")


class DealStartedEvent(EventModel):
    """A deal is dealt (:class:`~belote.table.events.DealStarted`)."""

    kind: Literal["deal_started"] = "deal_started"
    deal_index: int


class ActionEvent(EventModel):
    """``seat`` did ``action``: the table's public text, an annonce told as ``"declare"`` and
    its kinds (``"declare tierce / carre"``; its cards in the views from trick 2); ``move``:
    the same as a structured move, the type of the views' ``legal_moves``
    (:func:`belote.engine.views.move_json`: ``kind``, ``value``, ``suit``, ``card``, ``word``,
    ``annonces``; left out when the table gave none) (:class:`~belote.table.events.
    ActionApplied`)."""

    kind: Literal["action"] = "action"
    deal_index: int
    seat: int
    action: str
    move: dict[str, Any] | None = Field(default=None, exclude_if=lambda v: v is None)


class ContractEvent(EventModel):
    """The bidding ended with a contract (in the views' ``contract``)
    (:class:`~belote.table.events.ContractMade`)."""

    kind: Literal["contract"] = "contract"
    deal_index: int


class BeloteEvent(EventModel):
    """``seat`` said belote, or rebelote (:class:`~belote.table.events.BeloteSaid`)."""

    kind: Literal["belote"] = "belote"
    deal_index: int
    seat: int
    rebelote: bool


class TrickEvent(EventModel):
    """Trick ``number`` is over: ``cards`` from ``leader``, ``winner`` takes ``points`` (the
    dix de der counted in the last one) (:class:`~belote.table.events.TrickWon`)."""

    kind: Literal["trick"] = "trick"
    deal_index: int
    number: int
    leader: int
    cards: list[str]
    winner: int
    points: int


class DealEndedEvent(EventModel):
    """A deal is over: ``result`` (left out for a deal passed out), ``mark`` per team,
    ``scores`` after it (:class:`~belote.table.events.DealEnded`)."""

    kind: Literal["deal_ended"] = "deal_ended"
    deal_index: int
    result: dict[str, Any] | None = Field(default=None, exclude_if=lambda v: v is None)
    mark: list[int]
    scores: list[int]


class GameEndedEvent(EventModel):
    """The game is over: ``winner`` the winning team (left out on a tie), ``scores``
    (:class:`~belote.table.events.GameEnded`)."""

    kind: Literal["game_ended"] = "game_ended"
    winner: int | None = Field(default=None, exclude_if=lambda v: v is None)
    scores: list[int]


class SeatEvent(EventModel):
    """A seat changed: a join, a bot seated, a connection opened or dropped, a bot taking
    over or giving the seat back (:class:`~belote.table.events.SeatJoined` /
    :class:`~belote.table.events.SeatLeft`, and the room's own changes)."""

    kind: Literal["seat"] = "seat"
    seat: int


class TableEndedEvent(EventModel):
    """The table was ended before its game was over (its creator, or idle)."""

    kind: Literal["table_ended"] = "table_ended"


#: what happened, as clients hear it: one of the events, by ``kind``
WireEvent = Annotated[DealStartedEvent | ActionEvent | ContractEvent | BeloteEvent | TrickEvent
                      | DealEndedEvent | GameEndedEvent | SeatEvent | TableEndedEvent,
                      Field(discriminator="kind")]
#: the wire model of each table event, by the table event's ``kind`` (the others are not
#: sent: a save, a failure the server logs)
WIRE_OF_TABLE: dict[str, type[EventModel]] = {
    "deal_started": DealStartedEvent, "action": ActionEvent, "contract": ContractEvent,
    "belote": BeloteEvent, "trick": TrickEvent, "deal_ended": DealEndedEvent,
    "game_ended": GameEndedEvent, "seat_joined": SeatEvent, "seat_left": SeatEvent}


def wire_event(event: TableEvent) -> EventModel | None:
    """The wire model of a table ``event`` (None: not sent), read from its ``to_json()``:
    the fields clients hear, under the wire's ``kind``."""
    facts = event.to_json()
    model = WIRE_OF_TABLE.get(facts["kind"])
    if model is None:
        return None
    facts.pop("kind")
    return model.model_validate(facts)


class EventMessage(_Message):
    """A change: ``event`` what happened, ``view`` the seat's new view and ``view_deal`` (as
    in :class:`Snapshot`: after a deal's last card, the next deal's), ``seats``, ``scores``,
    ``status``, ``log_seq`` the number of actions applied at the table so far, ``held`` as in
    :class:`Snapshot`."""

    type: Literal["event"] = "event"
    event: WireEvent
    view: dict[str, Any] | None
    view_deal: int
    seats: list[SeatInfo]
    scores: list[int]
    status: RoomStatus
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


__all__ = ["CLIENT_MESSAGE", "MAX_MESSAGE_BYTES", "MAX_SEQ", "PROTOCOL_VERSION", "WIRE_OF_TABLE",
           "Ack", "ActionEvent", "ActionMessage", "BeloteEvent", "ClientMessage",
           "ContractEvent", "DealEndedEvent", "DealStartedEvent", "ErrorMessage", "EventModel",
           "EventMessage", "GameEndedEvent", "PingMessage", "Pong", "RoomStatus", "SeatEvent",
           "SeatInfo", "SeatKind", "ServerMessage", "Snapshot", "TableEndedEvent", "TableInfo",
           "TrickEvent", "WireEvent", "json_schema", "wire_event"]
