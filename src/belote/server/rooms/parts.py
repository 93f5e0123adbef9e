"""What the parts of a room share: a client's :class:`Connection`, the server's room
:class:`Settings`, and the :class:`Peers` protocol (the other processes on one database)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..defaults import KEEP_IDLE, MAX_SPECTATORS

Send = Callable[[dict[str, Any]], None]


@dataclass(eq=False)
class Connection:
    """One client: its ``seat`` (None: a spectator), its language, and ``send`` (thread-safe:
    queues a message for the socket) and ``close`` (ends the socket once its queue is sent);
    ``send_text``, when given, queues a message already written as JSON text (the events: see
    :meth:`Room.broadcast`; without it, they go to ``send`` as dicts)."""

    seat: int | None
    lang: str
    send: Send
    close: Callable[[], None]
    send_text: Callable[[str], None] | None = None

    def send_json(self, text: str) -> None:
        """Queue the message of JSON ``text`` (an object)."""
        if self.send_text is not None:
            self.send_text(text)
        else:
            self.send(json.loads(text))


@dataclass
class Settings:
    """A server's room settings: ``bot_delay`` seconds a bot's turn lasts at least,
    ``takeover_after`` seconds before a bot plays for an absent person, ``keep_idle``
    seconds an unattended room is kept before it is closed (0: for ever), ``max_spectators``
    spectators a table takes at once."""

    bot_delay: float = 0.6
    takeover_after: float = 60.0
    keep_idle: float = KEEP_IDLE
    max_spectators: int = MAX_SPECTATORS


class Peers(Protocol):
    """The other server processes on the same database, as a room sees them
    (:class:`belote.server.fanout.Fanout`; None with one process): who runs a table, who
    holds a connection of a seat."""

    def own(self, room_id: str) -> bool:
        """Whether this process runs the table (its bots, its clocks), taking it when nobody
        does."""

    def hold(self, room_id: str, seat: int) -> None:
        """This process holds a connection of ``seat`` from now on."""

    def release(self, room_id: str, seat: int) -> None:
        """This process holds no connection of ``seat`` any more."""

    def elsewhere(self, room_id: str) -> set[int]:
        """The seats of which another living process holds a connection."""

    def disown(self, room_id: str) -> None:
        """This process runs the table no more (it is over and dropped from memory)."""
