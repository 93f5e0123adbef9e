"""Resident memory of finished tables held by one server's Rooms (not a timed test).

N one-deal tables (annonces, four people, seed k), each played out in process by its
first legal actions with one connection, which then closes: a finished room with no
connection (tests/support/rooms.py, which the memory test uses too). Prints the RSS
before, every tenth of the run and after (MiB, after a garbage collection) and how many
rooms stay in memory.

    PYTHONPATH=src python3 bench/finished_rooms.py [N]
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
from pathlib import Path

from belote.server.rooms import Rooms, Settings
from belote.server.store import SqlStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.rooms import play_finished_room  # noqa: E402 -- the tests' finished room


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main(n: int) -> None:
    folder = tempfile.mkdtemp()
    store = SqlStore(f"sqlite:///{folder}/bench.db")
    rooms = Rooms(store, Settings(bot_delay=0.0, keep_idle=0))
    gc.collect()
    before = rss_mib()
    for k in range(n):
        play_finished_room(rooms, store, k)
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
