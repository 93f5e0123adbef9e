"""Rooms: one :class:`~belote.table.Table` a room, its seats, its connections, its log.

A room (:class:`Room`, :mod:`.room`) is the glue of a table, a
:class:`~belote.table.session.Session` (the seats, the start and end rules, presence and the
takeover of an absent person's seat: :mod:`belote.table.session`) and its connections. Its
parts, one job each, are objects the room holds (each asks the room through a small
protocol, so that it can be tested alone):

- :mod:`.lobby` (``room.lobby``, :class:`~.lobby.LobbyHost`): seats, the start and end of a
  table, who may do what (credentials);
- :mod:`.journal` (``room.journal``): the action log written before any event is heard, a log
  that fails (the room ``broken``), a race for a seq with another process;
- :mod:`.peers` (``room.sync``, :class:`~.peers.SyncHost`): several processes on one
  PostgreSQL database (catch-up, reload, who runs a table);
- :mod:`.views` (``room.views``): what each connection sees, as JSON text once a state;
- :mod:`.wire`: the only place the JSON for clients is written;
- :mod:`.registry`: the rooms of a process (:class:`Rooms`: create, restore, look-up by id
  and invite code, recovery, sweeping of finished and idle rooms);
- :mod:`.credentials`: invite codes, seat tokens, names as people type them.
- :mod:`.parts`: what the parts share (a client's connection, the settings, the peers' protocol).

A person whose connection drops keeps the seat (``away``); after ``takeover_after`` seconds a
heuristic bot plays it (``bot_playing``) until the same token connects again, so that the
people still there are not kept waiting. When no person is connected any more, nobody waits:
the bots give the absent people's seats back and the table waits at the next person's turn
(kept, resumable); the clocks start again when someone connects.
"""

from __future__ import annotations

from ..defaults import KEEP_IDLE
from .credentials import MAX_NAME, clean_code, clean_token, new_code
from .journal import LOG_CONFLICT
from .parts import Connection, Peers, Settings
from .registry import RECOVER_EVERY, Rooms, online_rules, sweep_interval
from .room import TAKEOVER_BOT, Room

__all__ = ["KEEP_IDLE", "LOG_CONFLICT", "MAX_NAME", "RECOVER_EVERY", "TAKEOVER_BOT",
           "Connection", "Peers", "Room", "Rooms", "Settings", "clean_code", "clean_token",
           "new_code", "online_rules", "sweep_interval"]
