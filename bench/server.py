"""Load on a real `belote serve`: tables played by bot clients over real WebSockets.

    python bench/server.py --tables 20 --deals 1            # 20 tables at once, 80 clients
    python bench/server.py --tables 0 --idle 2000           # 2,000 idle tables, 8,000 sockets
    python bench/server.py --tables 0 --idle 2000 --idle-conns 0   # tables only, no socket
    python bench/server.py --tables 0 --idle 2000 --server-deflate  # sockets compressed
    python bench/server.py --tables 50 --json --database postgresql+psycopg://belote@/belote

Each phase starts its own server process (``python -m belote.cli serve --port 0``) on
loopback, on a fresh SQLite file in a temporary folder unless ``--database URL`` is given
(that database keeps the tables made). Every seat is a person's seat (``"me"`` / ``"open"``
joined by ``POST /api/join``): no server bot plays, so ``--bot-delay`` does not matter;
``--takeover-after`` is set to an hour so that no bot takes a seat either, and the rate limits
per address are off (every client here is 127.0.0.1). The clients offer permessage-deflate
(as a browser does; ``--no-compression``: they do not); the server accepts it only with
``--server-deflate`` (``belote serve --ws-deflate``).

*Active phase* (``--tables N``, ``--deals K``): N tables of ``--preset`` (coinche) for K deals
(``game_end=deals``), four clients each, all in this one asyncio process (``websockets``).
Every client waits until all 4N have their snapshots, then answers each message whose view holds
``legal`` actions at once with one of them chosen at random (seeded), one action in flight at
a time (``--think MS``: after waiting MS milliseconds, a person's pace; ``--jitter F``: each
wait drawn in ``[1-F, 1+F]`` times MS, so that the tables, started together, do not keep
moving in step). Latency is the time
from sending an action to receiving its ``action`` event on the same connection
(milliseconds, this process's monotonic clock: it includes this process's own queueing,
reported as its CPU share). Server CPU is read from ``/proc/PID/stat`` (utime + stime over
the phase's wall time: 1.0 is one core); its resident memory (``VmRSS``, peak ``VmHWM``) and
threads from ``/proc/PID/status``, per table above the empty server's.

*Idle phase* (``--idle M``): M tables created and every seat joined (each table is
``playing``, waiting for its first bid), then ``--idle-conns`` seats a table (0-4, default 4)
connect a WebSocket that stays open and reads (counted open once its snapshot came:
the server has attached it); the server's RSS is read after the tables,
after the connections, and after ``--idle-hold`` seconds.

Output: a summary (``--json``: one JSON object) on stdout; progress on stderr. Exit 0 when
every table finished (active) and every request succeeded, 1 when the load failed (a table
stalled, an error message, the server died: said on stderr), 2 on bad options.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

#: seconds a client waits for a message before its table counts as stalled
STALL_SECONDS = 120.0
#: concurrent REST requests and WebSocket handshakes (the server's listen backlog is 128)
CONCURRENCY = 32
#: seconds between progress lines on stderr
PROGRESS_EVERY = 5.0


class BenchError(Exception):
    """The load failed (a request refused, a table stalled, the server gone)."""


def progress(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


# -- the server process ---------------------------------------------------------------------

class Server:
    """A ``belote serve`` child process on 127.0.0.1, port 0, its log in ``folder``."""

    def __init__(self, folder: str, database: str | None, name: str,
                 server_deflate: bool = False) -> None:
        self.url = database or f"sqlite:///{os.path.join(folder, name + '.db')}"
        self.log_path = os.path.join(folder, name + ".log")
        self._log = open(self.log_path, "w")  # noqa: SIM115 -- closed by stop()
        cmd = [sys.executable, "-m", "belote.cli", "serve", "--port", "0",
               "--database", self.url, "--takeover-after", "3600", "--bot-delay", "0",
               "--create-limit", "off", "--join-limit", "off", "--connect-limit", "off"]
        if server_deflate:
            cmd.append("--ws-deflate")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self._log, text=True)
        self.address = self._read_address()
        self.pid = self.proc.pid

    def _read_address(self) -> str:
        line: list[str] = []
        out = self.proc.stdout
        assert out is not None
        reader = threading.Thread(target=lambda: line.append(out.readline()), daemon=True)
        reader.start()
        reader.join(60)
        if not line or not line[0].startswith("http://"):
            self.stop()
            raise BenchError(f"the server did not start (see its log {self.log_path}): "
                             + self.tail())
        return line[0].strip()

    def tail(self, lines: int = 5) -> str:
        with open(self.log_path, errors="replace") as f:
            return " | ".join(f.read().splitlines()[-lines:])

    def alive(self) -> bool:
        return self.proc.poll() is None

    def cpu_seconds(self) -> float:
        """utime + stime of the process, seconds."""
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def status(self) -> dict[str, int]:
        """``rss_mib``-like figures from /proc/PID/status: VmRSS, VmHWM (KiB), Threads."""
        out: dict[str, int] = {}
        with open(f"/proc/{self.pid}/status") as f:
            for row in f:
                key, _, value = row.partition(":")
                if key in ("VmRSS", "VmHWM", "Threads"):
                    out[key] = int(value.split()[0])
        return out

    def log_errors(self) -> list[str]:
        """The log's ERROR / Traceback lines (a bug to report)."""
        with open(self.log_path, errors="replace") as f:
            return [r.rstrip() for r in f if " ERROR " in r or r.startswith("Traceback")]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


# -- REST: tables with four person seats ----------------------------------------------------

@dataclass
class TableSeats:
    table: str
    tokens: list[str]


async def _post(client: Any, path: str, body: dict[str, Any], want: int) -> dict[str, Any]:
    r = await client.post(path, json=body)
    if r.status_code != want:
        raise BenchError(f"POST {path}: HTTP {r.status_code} {r.text[:300]}")
    data: dict[str, Any] = r.json()
    return data


async def make_table(client: Any, preset: str, options: dict[str, Any]) -> TableSeats:
    """A table whose four seats are people's (the creator's and three joined ones): it
    starts by itself when the last seat is joined."""
    made = await _post(client, "/api/tables",
                       {"preset": preset, "options": options,
                        "seats": ["me", "open", "open", "open"], "name": "bench0"}, 201)
    tokens = [made["token"]]
    for seat in (1, 2, 3):
        joined = await _post(client, f"/api/join/{made['code']}",
                             {"name": f"bench{seat}", "seat": seat}, 200)
        tokens.append(joined["token"])
    return TableSeats(made["table"], tokens)


async def make_tables(address: str, count: int, preset: str,
                      options: dict[str, Any]) -> list[TableSeats]:
    import httpx
    sem = asyncio.Semaphore(CONCURRENCY)
    made: list[TableSeats] = []

    async def one(client: Any) -> None:
        async with sem:
            made.append(await make_table(client, preset, options))
        if len(made) % max(1, count // 10) == 0:
            progress(f"{len(made)}/{count} tables made")

    limits = httpx.Limits(max_connections=CONCURRENCY)
    async with httpx.AsyncClient(base_url=address, timeout=60, trust_env=False,
                                 limits=limits) as client:
        await asyncio.gather(*(one(client) for _ in range(count)))
    return made


def ws_uri(address: str, table: str, token: str) -> str:
    return f"ws{address[4:]}/ws/tables/{table}?token={token}&lang=en"


async def connect(uri: str, sem: asyncio.Semaphore, compression: str | None) -> Any:
    from websockets.asyncio.client import connect as ws_connect
    async with sem:
        return await ws_connect(uri, compression=compression, proxy=None, open_timeout=60,
                                max_size=2 ** 24, ping_interval=None)


# -- the active phase -----------------------------------------------------------------------

@dataclass
class Tally:
    latencies_ms: list[float] = field(default_factory=list)
    messages: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    tables_over: int = 0


async def snapshot(ws: Any) -> dict[str, Any]:
    """A connection's first message, which must be its snapshot."""
    try:
        first: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), STALL_SECONDS))
    except TimeoutError:
        raise BenchError(f"no snapshot in {STALL_SECONDS:.0f} s") from None
    if first.get("type") != "snapshot":
        raise BenchError(f"first message {first!r:.200}")
    return first


class Client:
    """One seat's connection: acts at once on every view with legal actions."""

    def __init__(self, ws: Any, seat: int, rng: random.Random, tally: Tally,
                 think: float = 0.0, jitter: float = 0.0) -> None:
        self.ws, self.seat, self.rng, self.tally = ws, seat, rng, tally
        self.think, self.jitter = think, jitter
        self.seq = 0
        self.pending: tuple[int, float] | None = None  # (seq, time sent)
        self.over = False

    async def greet(self) -> None:
        """Read the snapshot (the server has attached the seat)."""
        self.first = await snapshot(self.ws)

    async def run(self) -> None:
        await self._answer(self.first)
        while not self.over:
            try:
                raw = await asyncio.wait_for(self.ws.recv(), STALL_SECONDS)
            except TimeoutError:
                raise BenchError(f"seat {self.seat}: no message for {STALL_SECONDS:.0f} s "
                                 "(a stalled table)") from None
            await self._answer(json.loads(raw))
        await self.ws.close()

    async def _answer(self, msg: dict[str, Any]) -> None:
        self.tally.messages += 1
        kind = msg.get("type")
        if kind == "error":
            self.tally.errors.append(msg)
            if self.pending is not None and msg.get("seq") == self.pending[0]:
                self.pending = None
        elif kind == "event":
            event = msg["event"]
            if event["kind"] == "action" and event.get("seat") == self.seat and \
                    self.pending is not None:
                self.tally.latencies_ms.append((time.perf_counter() - self.pending[1]) * 1e3)
                self.pending = None
        if kind not in ("snapshot", "event"):
            return
        status = msg["table"]["status"] if kind == "snapshot" else msg["status"]
        if status == "over":
            self.over = True
            if self.seat == 0:
                self.tally.tables_over += 1
            return
        view = msg.get("view")
        if self.pending is None and view and view.get("legal"):
            action = self.rng.choice(view["legal"])
            if self.think:
                spread = self.jitter * (2 * self.rng.random() - 1) if self.jitter else 0.0
                await asyncio.sleep(self.think * (1 + spread))
            self.seq += 1
            self.pending = (self.seq, time.perf_counter())
            await self.ws.send(json.dumps({"type": "action", "action": action,
                                           "seq": self.seq}))


class Sampler:
    """Samples the server's /proc status every second (peak RSS, threads)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.peak_rss = 0
        self.peak_threads = 0

    async def run(self, report: Callable[[], str]) -> None:
        last = time.monotonic()
        while True:
            if not self.server.alive():
                raise BenchError(f"the server died: {self.server.tail()}")
            st = self.server.status()
            self.peak_rss = max(self.peak_rss, st.get("VmRSS", 0))
            self.peak_threads = max(self.peak_threads, st.get("Threads", 0))
            if time.monotonic() - last >= PROGRESS_EVERY:
                last = time.monotonic()
                progress(report())
            await asyncio.sleep(1.0)


def percentiles(values: list[float]) -> dict[str, float | int | None]:
    if not values:
        return {"count": 0, "p50": None, "p99": None, "mean": None, "max": None}
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"count": len(ordered), "p50": round(statistics.median(ordered), 2),
            "p90": round(at(0.90), 2), "p99": round(at(0.99), 2),
            "mean": round(statistics.fmean(ordered), 2), "max": round(ordered[-1], 2)}


Load = Callable[[argparse.Namespace, Server], Awaitable[dict[str, Any]]]


async def with_server(args: argparse.Namespace, folder: str, mode: str,
                      load: Load) -> dict[str, Any]:
    """Start a server for ``mode`` ("active" or "idle") in ``folder``, run ``load`` on it, and
    stop it whatever happens."""
    server = Server(folder, args.database, mode, args.server_deflate)
    try:
        return await load(args, server)
    finally:
        server.stop()


async def _active(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    await asyncio.sleep(1.0)
    base = server.status()
    t0 = time.perf_counter()
    tables = await make_tables(server.address, args.tables, args.preset,
                               {"game_end": "deals", "deals": args.deals})
    made_s = time.perf_counter() - t0
    progress(f"{len(tables)} tables made in {made_s:.1f} s; connecting {4 * len(tables)} "
             "clients")
    sem = asyncio.Semaphore(CONCURRENCY)
    tally = Tally()
    rng = random.Random(args.seed)
    sockets = await asyncio.gather(*(connect(ws_uri(server.address, t.table, tok), sem,
                                             args.compression)
                                     for t in tables for tok in t.tokens))
    clients = [Client(ws, i % 4, random.Random(rng.random()), tally, args.think / 1000,
                      args.jitter)
               for i, ws in enumerate(sockets)]
    await asyncio.gather(*(c.greet() for c in clients))
    await asyncio.sleep(1.0)
    connected = server.status()
    progress(f"{len(clients)} clients have their snapshots; playing")
    sampler = Sampler(server)
    t_play = time.perf_counter()

    def report() -> str:
        wall = time.perf_counter() - t_play
        return (f"{len(tally.latencies_ms)} actions in {wall:.0f} s "
                f"({len(tally.latencies_ms) / wall:.0f}/s), "
                f"{tally.tables_over}/{len(tables)} tables over")

    cpu0, own0 = server.cpu_seconds(), time.process_time()
    tasks = [asyncio.create_task(c.run()) for c in clients]
    watch = asyncio.create_task(sampler.run(report))
    try:
        await _all(tasks, watch)
    finally:
        watch.cancel()
    wall = time.perf_counter() - t_play
    cpu = server.cpu_seconds() - cpu0
    own = time.process_time() - own0
    end = server.status()
    actions = len(tally.latencies_ms)
    n = len(tables)
    return {
        "tables": n, "deals": args.deals, "preset": args.preset, "clients": 4 * n,
        "think_ms": args.think, "jitter": args.jitter,
        "compression": _compression(args), "create_s": round(made_s, 2),
        "play_s": round(wall, 2), "actions": actions,
        "actions_per_s": round(actions / wall, 1),
        "messages_received": tally.messages,
        "latency_ms": percentiles(tally.latencies_ms),
        "server_cpu_cores": round(cpu / wall, 3),
        "server_cpu_ms_per_action": round(cpu * 1e3 / max(1, actions), 3),
        "client_cpu_cores": round(own / wall, 3),
        "server_rss_mib": {"empty": _mib(base["VmRSS"]), "connected": _mib(connected["VmRSS"]),
                           "peak": _mib(max(sampler.peak_rss, end["VmRSS"])),
                           "end": _mib(end["VmRSS"])},
        "server_rss_kib_per_table": round((connected["VmRSS"] - base["VmRSS"]) / n, 1),
        "server_threads_peak": max(sampler.peak_threads, end["Threads"]),
        "errors": len(tally.errors), "error_codes": sorted({e.get("code", "?")
                                                           for e in tally.errors}),
        "tables_over": tally.tables_over, "server_log_errors": server.log_errors()[:5],
    }


async def _all(tasks: list[asyncio.Task[None]], watch: asyncio.Task[None]) -> None:
    """Wait for every client; the sampler's failure (the server died) ends the wait."""
    everyone = asyncio.gather(*tasks)
    both: set[asyncio.Future[Any]] = {everyone, watch}
    done, _ = await asyncio.wait(both, return_when=asyncio.FIRST_COMPLETED)
    if watch in done:
        everyone.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await everyone
        watch.result()
    everyone.result()


def _compression(args: argparse.Namespace) -> str:
    """permessage-deflate on the sockets: both ends must want it."""
    return "deflate" if args.compression and args.server_deflate else "none"


def _mib(kib: int) -> float:
    return round(kib / 1024, 1)


# -- the idle phase -------------------------------------------------------------------------

async def _drain(ws: Any) -> None:
    """Read and drop what an idle socket receives, until it closes."""
    with contextlib.suppress(Exception):
        async for _ in ws:
            pass


async def _idle(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    await asyncio.sleep(1.0)
    base = server.status()
    t0 = time.perf_counter()
    tables = await make_tables(server.address, args.idle, args.preset,
                               {"game_end": "deals", "deals": args.deals})
    made_s = time.perf_counter() - t0
    await asyncio.sleep(1.0)
    after_tables = server.status()
    progress(f"{len(tables)} idle tables made in {made_s:.1f} s; RSS "
             f"{_mib(after_tables['VmRSS'])} MiB, {after_tables['Threads']} threads; "
             f"connecting {args.idle_conns * len(tables)} sockets")
    sem = asyncio.Semaphore(CONCURRENCY)
    t1 = time.perf_counter()
    sockets = await asyncio.gather(*(connect(ws_uri(server.address, t.table, tok), sem,
                                             args.compression)
                                     for t in tables for tok in t.tokens[:args.idle_conns]))
    await asyncio.gather(*(snapshot(ws) for ws in sockets))
    connect_s = time.perf_counter() - t1
    readers = [asyncio.create_task(_drain(ws)) for ws in sockets]
    await asyncio.sleep(2.0)
    connected = server.status()
    progress(f"{len(sockets)} sockets open in {connect_s:.1f} s; RSS "
             f"{_mib(connected['VmRSS'])} MiB; holding {args.idle_hold:.0f} s")
    cpu0 = server.cpu_seconds()
    await asyncio.sleep(args.idle_hold)
    held_cpu = server.cpu_seconds() - cpu0
    held = server.status()
    if not server.alive():
        raise BenchError(f"the server died: {server.tail()}")
    progress(f"closing {len(sockets)} sockets")
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    for r in readers:
        r.cancel()
    n = len(tables)
    return {
        "tables": n, "preset": args.preset, "seats_connected_per_table": args.idle_conns,
        "sockets": len(sockets), "compression": _compression(args),
        "create_s": round(made_s, 2), "connect_s": round(connect_s, 2),
        "server_rss_mib": {"empty": _mib(base["VmRSS"]), "tables": _mib(after_tables["VmRSS"]),
                           "connected": _mib(connected["VmRSS"]),
                           "held": _mib(held["VmRSS"]), "peak": _mib(held["VmHWM"])},
        "server_rss_kib_per_table": {
            "tables": round((after_tables["VmRSS"] - base["VmRSS"]) / n, 1),
            "connected": round((held["VmRSS"] - base["VmRSS"]) / n, 1)},
        "server_threads": {"empty": base["Threads"], "tables": after_tables["Threads"],
                           "connected": held["Threads"]},
        "server_cpu_cores_idle": round(held_cpu / args.idle_hold, 3),
        "server_log_errors": server.log_errors()[:5],
    }


# -- the command ----------------------------------------------------------------------------

def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="bench/server.py", description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=20, help="active tables played at once (0: "
                   "none; default 20)")
    p.add_argument("--deals", type=int, default=1, help="deals a table (default 1)")
    p.add_argument("--think", type=float, default=0.0, metavar="MS",
                   help="milliseconds a client waits before it answers (default 0: at once)")
    p.add_argument("--jitter", type=float, default=0.0, metavar="FRACTION",
                   help="each wait is --think times a uniform factor in [1-F, 1+F] (default "
                   "0: exactly --think, so every table moves in step with the others)")
    p.add_argument("--idle", type=int, default=0, help="idle tables (default 0: no idle "
                   "phase)")
    p.add_argument("--idle-conns", type=int, default=4,
                   help="seats of an idle table with an open WebSocket, 0-4 (default 4)")
    p.add_argument("--idle-hold", type=float, default=10.0,
                   help="seconds the idle tables are held before the last reading (default 10)")
    p.add_argument("--preset", default="coinche", help="rules preset (default coinche)")
    p.add_argument("--database", default=None, metavar="URL",
                   help="database URL for the server (default: a fresh SQLite file)")
    p.add_argument("--no-compression", dest="compression", action="store_const",
                   const=None, default="deflate",
                   help="no permessage-deflate on the clients' sockets (a browser asks for it)")
    p.add_argument("--server-deflate", action="store_true",
                   help="the server accepts permessage-deflate (belote serve --ws-deflate; "
                   "off by default, so the clients' offer is then declined)")
    p.add_argument("--seed", type=int, default=1, help="the clients' random choices")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = p.parse_args(argv)
    if args.tables < 0 or args.idle < 0 or (args.tables == 0 and args.idle == 0):
        p.error("--tables and --idle are >= 0, and one of them > 0")
    if not 1 <= args.deals <= 1000:
        p.error("--deals is 1..1000")
    if not 0 <= args.think <= 60000:
        p.error("--think is 0..60000 ms")
    if not 0 <= args.jitter <= 1:
        p.error("--jitter is 0..1")
    if not 0 <= args.idle_conns <= 4:
        p.error("--idle-conns is 0..4")
    if not 0 < args.idle_hold <= 3600:
        p.error("--idle-hold is in (0, 3600] seconds")
    if args.tables * 4 + args.idle * args.idle_conns > 40000:
        p.error("at most 40,000 sockets in all")
    return args


def check_preset(name: str) -> str | None:
    from belote.engine import Rules
    try:
        Rules.preset(name)
    except ValueError as e:
        return str(e)
    return None


def _raise_nofile(sockets: int) -> None:
    """Raise this process's soft limit of open files (inherited by the server) to fit
    ``sockets`` connections on both ends."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, 2 * sockets + 1024) if hard != resource.RLIM_INFINITY else \
        2 * sockets + 1024
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def conditions() -> dict[str, Any]:
    load = os.getloadavg()
    return {"cpus": os.cpu_count(), "load_average": [round(x, 2) for x in load],
            "python": sys.version.split()[0], "date": time.strftime("%Y-%m-%d %H:%M:%S %Z")}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"conditions": conditions()}
    with tempfile.TemporaryDirectory(prefix="belote-bench-") as folder:
        if args.tables:
            progress(f"active: {args.tables} tables x {args.deals} deal(s) of {args.preset}")
            out["active"] = await with_server(args, folder, "active", _active)
        if args.idle:
            progress(f"idle: {args.idle} tables, {args.idle_conns} socket(s) each")
            out["idle"] = await with_server(args, folder, "idle", _idle)
    out["conditions"]["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    return out


def show(out: dict[str, Any]) -> None:
    c = out["conditions"]
    print(f"{c['date']}  {c['cpus']} cpus  load {c['load_average']} -> "
          f"{c['load_average_end']}  Python {c['python']}")
    for phase in ("active", "idle"):
        if phase in out:
            print(f"{phase}:")
            for key, value in out[phase].items():
                print(f"  {key}: {value}")


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    bad = check_preset(args.preset)
    if bad is not None:
        print(f"error: --preset: {bad}", file=sys.stderr)
        return 2
    _raise_nofile(args.tables * 4 + args.idle * args.idle_conns)
    try:
        out = asyncio.run(run(args))
    except BenchError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        show(out)
    failed = [p for p in ("active", "idle") if p in out and
              (out[p].get("errors") or out[p].get("server_log_errors") or
               out[p].get("tables_over", out[p]["tables"]) != out[p]["tables"])]
    if failed:
        print(f"error: the {' and '.join(failed)} phase had errors (see above)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
