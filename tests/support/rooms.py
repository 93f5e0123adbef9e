"""Finished rooms made in process, for the tests and the benchmarks of a server's memory.

:func:`play_finished_room` creates a one-deal table of four people in a room store, plays it
out by each seat's first legal action with one connection attached, then detaches it: a
finished room with no connection, which the registry should drop. Used by
tests/server/test_attack.py and bench/finished_rooms.py (which imports ``tests/`` as
bench/web.py does).
"""

from __future__ import annotations

import secrets
from typing import Any


def play_finished_room(rooms: Any, store: Any, seed: int, preset: str = "annonces") -> str:
    """Play one table (``preset``, one deal, seed ``seed``) out in ``rooms`` (a
    :class:`belote.server.rooms.Rooms` over ``store``, a
    :class:`belote.server.store.SqlStore`) and return its id."""
    from belote.engine.provenance import commitment
    from belote.server.rooms import Connection, new_code
    from belote.server.store import RoomData, SeatData, token_hash
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room_id = secrets.token_hex(8)
    store.create_room(RoomData(
        id=room_id, code=new_code(), preset=preset,
        options={"game_end": "deals", "deals": 1}, status="waiting", ended=False, seed=seed,
        commitment=commitment(seed), creator_seat=0, settings={},
        seats=[SeatData(k, f"p{k}", "human", token_hash=token_hash(t))
               for k, t in enumerate(tokens)], actions=[]))
    room = rooms.get(room_id)
    conn = Connection(0, "en", lambda m: None, lambda: None)
    room.attach(conn)
    room.start(tokens[0])
    seq = 0
    while room.status == "playing":
        seat = room.table.to_move
        seq += 1
        room.act(seat, room.table.view(seat).legal[0], seq)
    room.detach(conn)
    return room_id
