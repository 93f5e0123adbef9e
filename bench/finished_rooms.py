"""Resident memory of finished tables held by one server's Rooms (not a timed test).

N one-deal tables (annonces, four people, seed k), each played out in process by its
first legal actions with one connection, which then closes: a finished room with no
connection. Prints the RSS before, every tenth of the run and after (MiB, after a garbage
collection) and how many rooms stay in memory.

    PYTHONPATH=src python3 bench/finished_rooms.py [N]
"""

from __future__ import annotations

import gc
import os
import secrets
import sys
import tempfile

from belote.engine.provenance import commitment
from belote.server.rooms import Connection, Rooms, Settings, new_code
from belote.server.store import RoomData, SeatData, SqlStore, token_hash


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main(n: int) -> None:
    folder = tempfile.mkdtemp()
    store = SqlStore(f"sqlite:///{folder}/bench.db")
    rooms = Rooms(store, Settings(bot_delay=0.0, keep_idle=0))
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    seats = [SeatData(k, f"p{k}", "human", token_hash=token_hash(t))
             for k, t in enumerate(tokens)]
    gc.collect()
    before = rss_mib()
    for k in range(n):
        room_id = secrets.token_hex(8)
        store.create_room(RoomData(id=room_id, code=new_code(), preset="annonces",
                                   options={"game_end": "deals", "deals": 1},
                                   status="waiting", ended=False, seed=k,
                                   commitment=commitment(k), creator_seat=0, settings={},
                                   seats=[SeatData(**vars(s)) for s in seats], actions=[]))
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
        if (k + 1) % max(1, n // 10) == 0:
            gc.collect()
            print(f"  {k + 1} tables: RSS {rss_mib():.1f} MiB, "
                  f"{len(rooms.held_rooms())} rooms in memory", flush=True)
    gc.collect()
    after = rss_mib()
    print(f"{n} finished tables: RSS {before:.1f} MiB before, {after:.1f} MiB after "
          f"(+{after - before:.1f} MiB, {(after - before) * 1024 / n:.0f} KiB a table); "
          f"{len(rooms.held_rooms())} rooms in memory")
    rooms.close()
    store.dispose()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
