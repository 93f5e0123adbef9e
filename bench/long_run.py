"""A server's memory over a long run (not a timed test): N one-deal games played to the end one
after another on a real ``belote serve`` (loopback, a fresh SQLite file), each a table of one
person and three server bots (``bot:random``), the person's client over a real WebSocket
playing its first legal action at each turn, then closing. The server's resident memory
(``VmRSS`` from ``/proc/PID/status``) is sampled every tenth of the run; its log is read
as it comes (lines and tracebacks counted).

    PYTHONPATH=src python3 bench/long_run.py [N]
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))

from serverkit import Client, ServerProcess  # noqa: E402 -- the tests' real server


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def play_one(server: ServerProcess) -> None:
    created = server.create(["me", "bot:random", "bot:random", "bot:random"], preset="coinche")
    client = Client(server, created["table"], created["token"])
    server.start(created["table"], created["token"])
    try:
        while client.status != "over":
            client.recv()
            if client.my_turn():
                assert client.view is not None
                client.act(str(client.view["legal"][0]))
    finally:
        client.close()


def main(n: int) -> None:
    folder = tempfile.mkdtemp()
    server = ServerProcess(f"sqlite:///{folder}/long.db")
    pid = server.proc.pid
    # the server's log read as it comes: a full pipe would block the server's writes
    log = {"lines": 0, "tracebacks": 0}

    def drain() -> None:
        assert server.proc.stderr is not None
        for line in server.proc.stderr:
            log["lines"] += 1
            log["tracebacks"] += line.startswith("Traceback")

    threading.Thread(target=drain, daemon=True).start()
    samples = [(0, rss_mib(pid))]
    start = time.monotonic()
    try:
        for k in range(n):
            play_one(server)
            if (k + 1) % max(1, n // 10) == 0:
                samples.append((k + 1, rss_mib(pid)))
                print(f"  {k + 1} games: server RSS {samples[-1][1]:.1f} MiB "
                      f"({time.monotonic() - start:.0f} s)", flush=True)
    finally:
        server.stop()
    print(json.dumps({"games": n, "rss_mib": samples, "log": log,
                      "seconds": round(time.monotonic() - start, 1)}))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
