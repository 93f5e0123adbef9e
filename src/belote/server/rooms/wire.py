"""The messages a room sends its clients, written here and nowhere else (docs/protocol.md).

An event goes to every connection with each one's own view: its text is written once for
every connection (:func:`event_head` / :func:`event_tail`: the event's wire model
:func:`~belote.server.protocol.wire_event`, the seats, scores, status), each view once per
state of the game (:func:`view_text`), and the three joined by :func:`event_text` — the
same bytes as ``json.dumps(EventMessage(...).model_dump(mode="json"), ensure_ascii=False)``
(tests/server/test_wire.py checks it on every event of a game per preset). The other
messages are the pydantic models' dumps (dicts the socket writes).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from ...engine.errors import BeloteError
from ...engine.game import Game
from ...engine.record.codec import game_to_record
from ...engine.views import PublicView, SeatView, spectator_seat_fields
from ...table.session import Presence, SessionSeat
from ..protocol import PROTOCOL_VERSION, Ack, ErrorMessage, Pong, Snapshot, TableEndedEvent
from ..protocol import EventModel as WireModel
from ..protocol import SeatEvent as SeatEvent  # re-exported: the room's own seat changes

#: the event of a table ended before its game was over
TABLE_ENDED = TableEndedEvent()


def dumps(value: Any) -> str:
    """JSON text as the sockets write it (``ensure_ascii=False``)."""
    return json.dumps(value, ensure_ascii=False)


def record(game: Game, over: bool, commitment: str, seats: list[SessionSeat],
           ended: bool) -> dict[str, Any]:
    """The ``belote-game/1`` record of an online ``game`` (:meth:`Room.record
    <belote.server.rooms.Room.record>`): its finished deals, the whole game with its seed
    once ``over``; then ``commitment``, ``players`` (who sat at each of ``seats``) and
    ``ended`` when it was ended (docs/records.md)."""
    rec = game_to_record(game, reveal_seed=over, finished_only=True)
    rec["commitment"] = commitment
    rec["players"] = [{"seat": s.seat, "name": s.name, "kind": str(s.kind)} for s in seats]
    if ended:
        rec["ended"] = True
    return rec


def seat_fields(seat: SessionSeat, presence: Presence) -> dict[str, Any]:
    """The fields of a :class:`~belote.server.protocol.SeatInfo` (what it dumps to), built
    without pydantic: a broadcast writes them for every event."""
    return {"seat": seat.seat, "name": seat.name, "kind": str(seat.kind), "bot": seat.bot,
            "connected": presence.connected, "away": presence.away,
            "bot_playing": presence.bot_playing}


def view_fields(view: SeatView | PublicView | None) -> dict[str, Any] | None:
    """``view.to_json()`` without its deep copy (``dataclasses.asdict`` copies every list
    and dict, a sixth of the server's time under load): the same keys in the same order,
    the view's own values (JSON-ready; only read here, to be written as JSON at once)."""
    if view is None:
        return None
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    if isinstance(view, PublicView):  # its to_json: a seat's shape, no seat, hand or legal
        return {**spectator_seat_fields(), **fields}
    return fields


def view_text(view: SeatView | PublicView | None) -> str:
    """A view as JSON text (``null`` for none)."""
    return dumps(view_fields(view))


def event_head(event: WireModel) -> str:
    """The text of an :class:`~belote.server.protocol.EventMessage` up to its view."""
    return (f'{{"v": {PROTOCOL_VERSION}, "type": "event", "event": '
            f'{dumps(event.model_dump(mode="json"))}, "view": ')


def event_tail(seats: list[dict[str, Any]], scores: list[int], status: str, log_seq: int,
               held: int) -> str:
    """The text of an event message after its ``view_deal``: ``seats`` (:func:`seat_fields`),
    ``scores``, ``status``, ``log_seq``, ``held``, and the closing brace."""
    return dumps({"seats": seats, "scores": scores, "status": str(status),
                  "log_seq": log_seq, "held": held})[1:]


def event_text(head: str, view: str, view_deal: int, tail: str) -> str:
    """One connection's event message: :func:`event_head`, its view's text, the index of
    the deal it shows, :func:`event_tail`."""
    return f'{head}{view}, "view_deal": {view_deal}, {tail}'


def snapshot(**fields: Any) -> dict[str, Any]:
    """A :class:`~belote.server.protocol.Snapshot` of ``fields``, dumped."""
    return Snapshot(**fields).model_dump(mode="json")


def ack(seq: int, duplicate: bool = False) -> dict[str, Any]:
    """The :class:`~belote.server.protocol.Ack` of the action numbered ``seq`` (``duplicate``:
    a number seen before, nothing applied)."""
    return Ack(seq=seq, duplicate=duplicate).model_dump(mode="json")


def pong(ping_id: str | int | None) -> dict[str, Any]:
    """The :class:`~belote.server.protocol.Pong` of a ping of ``ping_id``."""
    return Pong(id=ping_id).model_dump(mode="json")


def refusal(error: BeloteError, lang: str, seq: int | None = None) -> dict[str, Any]:
    """The :class:`~belote.server.protocol.ErrorMessage` of ``error`` in ``lang``: its code,
    its words, the ``seq`` of the action refused, the rule that refuses it, the seconds to
    wait (a rate limit)."""
    from ... import i18n
    return ErrorMessage(code=error.code, message=i18n.message(error, lang), seq=seq,
                        rule=getattr(error, "rule", None),
                        retry_after=getattr(error, "retry_after", None)).model_dump(mode="json")


def error(code: str, fallback: str, lang: str, **params: Any) -> dict[str, Any]:
    """The :class:`~belote.server.protocol.ErrorMessage` of ``code`` in ``lang``."""
    return refusal(BeloteError(fallback, code=code, params=params), lang)


__all__ = ["TABLE_ENDED", "SeatEvent", "WireModel", "ack", "dumps", "error", "event_head",
           "event_tail", "event_text", "pong", "refusal", "seat_fields", "snapshot",
           "view_fields", "view_text"]
