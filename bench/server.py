"""Load on a real `belote serve`: tables played by bot clients over real WebSockets.

    python bench/server.py --tables 20 --deals 1            # 20 tables at once, 80 clients
    python bench/server.py --tables 0 --idle 2000           # 2,000 idle tables, 8,000 sockets
    python bench/server.py --tables 0 --idle 2000 --idle-conns 0   # tables only, no socket
    python bench/server.py --tables 0 --idle 2000 --server-deflate  # sockets compressed
    python bench/server.py --tables 50 --json --database postgresql+psycopg://belote@/belote
    python bench/server.py --tables 1000 --think 3000 --jitter 0.5 --spans --client-procs 2
    python bench/server.py --tables 1000 --think 3000 --jitter 0.5 --servers 2 --database URL

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

*Where the time goes* (``--spans``): the server times each action's steps
(:mod:`belote.server.spans`, ``BELOTE_SPANS``: the frame read, the worker thread, the log
write and its group commit, the actor's event queued and written) and notes its garbage
collector's pauses and its event loop's lags; the summary gives each step's percentiles.
``--client-procs N`` splits the clients over N processes (a busy client loop queues the
latencies it measures); ``--servers N`` starts N server processes on one ``--database``
(PostgreSQL) and spreads each table's seats over them.

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
#: tables begun before one is made whole (a request's connection dropped: the half-made
#: table is left waiting, and another made)
MAKE_ATTEMPTS = 3
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
                 server_deflate: bool = False, spans: str | None = None) -> None:
        self.url = database or f"sqlite:///{os.path.join(folder, name + '.db')}"
        self.log_path = os.path.join(folder, name + ".log")
        self._log = open(self.log_path, "w")  # noqa: SIM115 -- closed by stop()
        cmd = [sys.executable, "-m", "belote.cli", "serve", "--port", "0",
               "--database", self.url, "--takeover-after", "3600", "--bot-delay", "0",
               "--create-limit", "off", "--join-limit", "off", "--connect-limit", "off"]
        if server_deflate:
            cmd.append("--ws-deflate")
        env = dict(os.environ)
        if spans is not None:  # belote.server.spans: each action's steps timed
            env["BELOTE_SPANS"] = spans
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self._log, text=True,
                                     env=env)
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


class Servers:
    """``--servers N`` processes of ``belote serve`` on one database (N > 1: PostgreSQL,
    the processes told of each other's actions by its ``NOTIFY``), seen as one: CPU and
    memory summed, alive when every one is; ``addresses`` in order (``address``: the
    first's)."""

    def __init__(self, folder: str, args: argparse.Namespace, mode: str) -> None:
        count = args.servers if mode == "active" else 1
        self.spans = [os.path.join(folder, f"{mode}{i}.spans") for i in range(count)] \
            if args.spans else []
        self.members: list[Server] = []
        try:
            for i in range(count):
                self.members.append(Server(folder, args.database, f"{mode}{i}",
                                           args.server_deflate,
                                           self.spans[i] if self.spans else None))
        except BaseException:
            self.stop()
            raise
        self.addresses = [m.address for m in self.members]
        self.address = self.addresses[0]

    def tail(self) -> str:
        return " || ".join(m.tail() for m in self.members if not m.alive()) or \
            self.members[0].tail()

    def alive(self) -> bool:
        return all(m.alive() for m in self.members)

    def cpu_seconds(self) -> float:
        return sum(m.cpu_seconds() for m in self.members)

    def status(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for m in self.members:
            for key, value in m.status().items():
                out[key] = out.get(key, 0) + value
        return out

    def log_errors(self) -> list[str]:
        return [row for m in self.members for row in m.log_errors()]

    def stop(self) -> None:
        for m in self.members:
            m.stop()


# -- REST: tables with four person seats ----------------------------------------------------

@dataclass
class TableSeats:
    """A table made, its seats' tokens, and the server each seat connects to (``homes``:
    with ``--servers N``, seat ``s`` of the ``k``-th table goes to server ``(k + s) % N``, so
    that one table's people are on different processes, as a balancer spreads them)."""

    table: str
    tokens: list[str]
    homes: list[str] = field(default_factory=list)


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


async def make_tables(address: str | list[str], count: int, preset: str,
                      options: dict[str, Any], spread: bool = True) -> list[TableSeats]:
    """``count`` tables made through the servers at ``address`` (one, or several in turn:
    the ``k``-th on server ``k % N``); each seat's home as :class:`TableSeats` says
    (``spread`` False: every seat on the server that made its table)."""
    import httpx
    addresses = [address] if isinstance(address, str) else address
    sem = asyncio.Semaphore(CONCURRENCY)
    made: list[TableSeats] = []

    async def one(k: int) -> None:
        client = clients[k % len(addresses)]
        async with sem:
            for attempt in range(MAKE_ATTEMPTS):  # a dropped connection: another table
                try:
                    table = await make_table(client, preset, options)
                    table.homes = [addresses[(k + s * spread) % len(addresses)]
                                   for s in range(4)]
                    made.append(table)
                    break
                except httpx.TransportError as e:
                    if attempt + 1 == MAKE_ATTEMPTS:
                        raise BenchError(f"making a table: {type(e).__name__} "
                                         f"{MAKE_ATTEMPTS} times") from e
        if len(made) % max(1, count // 10) == 0:
            progress(f"{len(made)}/{count} tables made")

    limits = httpx.Limits(max_connections=CONCURRENCY)
    async with contextlib.AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(
            httpx.AsyncClient(base_url=a, timeout=60, trust_env=False, limits=limits))
            for a in addresses]
        await asyncio.gather(*(one(k) for k in range(count)))
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

    def __init__(self, server: Servers) -> None:
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


Load = Callable[[argparse.Namespace, Servers], Awaitable[dict[str, Any]]]


async def with_server(args: argparse.Namespace, folder: str, mode: str,
                      load: Load) -> dict[str, Any]:
    """Start a server for ``mode`` ("active" or "idle") in ``folder``, run ``load`` on it, and
    stop it whatever happens."""
    servers = Servers(folder, args, mode)
    try:
        out = await load(args, servers)
    finally:
        servers.stop()
    spans = [p for p in servers.spans if os.path.exists(p)]  # none: no belote.server.spans
    if spans:
        out["server_spans"] = span_summary(spans)
    return out


#: the steps of an action in the server (belote.server.spans), each from the one before
STEPS = (("thread", "recv", "loop to a worker thread"),
         ("log", "thread", "judged, up to its log write"),
         ("logged", "log", "its group commit"),
         ("queued", "logged", "events written, up to the actor's"),
         ("loop", "queued", "rest of the broadcast, back on the loop"),
         ("sent", "queued", "actor's message: queued to written"),
         ("sent", "recv", "in the server: frame read to event written"))


def span_summary(paths: list[str]) -> dict[str, Any]:
    """Percentiles (ms) of each step of the actions timed in the server, the group commits'
    sizes, the garbage collector's pauses and the event loop's lags (belote.server.spans)."""
    spans: list[dict[str, Any]] = []
    pauses: list[dict[str, Any]] = []
    lags: list[dict[str, Any]] = []
    for path in paths:
        with open(path) as f:
            for line in f:
                row = json.loads(line)
                (pauses if "gc" in row else lags if "lag_ms" in row else spans).append(row)
    out: dict[str, Any] = {"actions": len(spans)}
    for end, begin, label in STEPS:
        out[f"{begin}->{end}"] = {"what": label, **percentiles(
            [(r[end] - r[begin]) * 1e3 for r in spans if end in r and begin in r])}
    out["waited_for_a_batch_ms"] = percentiles(
        [(r["lead"] - r["log"]) * 1e3 for r in spans if "lead" in r and "log" in r])
    out["batch_size"] = percentiles([float(r["batch"]) for r in spans if "batch" in r])
    out["batch_commit_ms"] = percentiles(  # a batch's own transaction, as its leader saw it
        [(r["logged"] - r["lead"]) * 1e3 for r in spans if "lead" in r and "logged" in r])
    full = sorted((r for r in spans if "sent" in r), key=lambda r: r["sent"] - r["recv"])
    worst = full[-max(1, len(full) // 100):]
    out["slowest_1pc_mean_ms"] = {
        f"{b}->{e}": round(statistics.fmean((r[e] - r[b]) * 1e3 for r in worst
                                            if e in r and b in r), 2)
        for e, b, _ in STEPS if any(e in r and b in r for r in worst)}
    by_gen: dict[str, list[float]] = {}
    for p in pauses:
        by_gen.setdefault(f"gen{p['gc']}", []).append(p["ms"])
    out["gc_pauses_ms"] = {g: {"count": len(v), "total": round(sum(v), 1),
                               "max": round(max(v), 1)} for g, v in sorted(by_gen.items())}
    out["loop_lags_over_5ms"] = percentiles([r["lag_ms"] for r in lags])
    return out


async def _active(args: argparse.Namespace, server: Servers) -> dict[str, Any]:
    await asyncio.sleep(1.0)
    base = server.status()
    t0 = time.perf_counter()
    tables = await make_tables(server.addresses, args.tables, args.preset,
                               {"game_end": "deals", "deals": args.deals}, not args.by_table)
    made_s = time.perf_counter() - t0
    progress(f"{len(tables)} tables made in {made_s:.1f} s; connecting {4 * len(tables)} "
             f"clients in {args.client_procs} process(es)")
    sampler = Sampler(server)
    players = InProcess(server.address, tables, args) if args.client_procs == 1 else \
        ClientProcesses(server.address, tables, args)
    await players.connect()
    await asyncio.sleep(1.0)
    connected = server.status()
    progress(f"{4 * len(tables)} clients have their snapshots; playing")
    t_play = time.perf_counter()

    def report() -> str:
        wall = time.perf_counter() - t_play
        done = players.actions()
        return (f"{done} actions in {wall:.0f} s ({done / wall:.0f}/s), "
                f"{players.tables_over()}/{len(tables)} tables over")

    cpu0 = server.cpu_seconds()
    watch = asyncio.create_task(sampler.run(report))
    try:
        tally, own = await players.play(watch)
    finally:
        watch.cancel()
    wall = time.perf_counter() - t_play
    cpu = server.cpu_seconds() - cpu0
    end = server.status()
    actions = len(tally.latencies_ms)
    n = len(tables)
    out = {
        "tables": n, "deals": args.deals, "preset": args.preset, "clients": 4 * n,
        "client_procs": args.client_procs, "servers": args.servers,
        "seats_spread": args.servers > 1 and not args.by_table,
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
    return out


class InProcess:
    """Every client in this process's event loop (``--client-procs 1``)."""

    def __init__(self, address: str, tables: list[TableSeats], args: argparse.Namespace) -> None:
        self.address, self.tables, self.args = address, tables, args
        self.tally = Tally()
        self.clients: list[Client] = []

    async def connect(self) -> None:
        self.clients = await connect_clients(self.address, self.tables, self.args, self.tally)

    def actions(self) -> int:
        return len(self.tally.latencies_ms)

    def tables_over(self) -> int:
        return self.tally.tables_over

    async def play(self, watch: asyncio.Task[None]) -> tuple[Tally, float]:
        """Play every table out; the tally and this process's CPU seconds."""
        own0 = time.process_time()
        tasks = [asyncio.create_task(c.run()) for c in self.clients]
        await _all(tasks, watch)
        return self.tally, time.process_time() - own0


async def connect_clients(address: str, tables: list[TableSeats], args: argparse.Namespace,
                          tally: Tally, part: int = 0) -> list[Client]:
    """A client a seat of ``tables``, each with its snapshot read (their choices seeded by
    ``--seed`` and the client process's number ``part``)."""
    sem = asyncio.Semaphore(CONCURRENCY)
    rng = random.Random(args.seed if not part else f"{args.seed}:{part}")
    sockets = await asyncio.gather(*(connect(ws_uri(t.homes[s] if t.homes else address,
                                                    t.table, tok), sem, args.compression)
                                     for t in tables for s, tok in enumerate(t.tokens)))
    clients = [Client(ws, i % 4, random.Random(rng.random()), tally, args.think / 1000,
                      args.jitter)
               for i, ws in enumerate(sockets)]
    await asyncio.gather(*(c.greet() for c in clients))
    return clients


class ClientProcesses:
    """The clients split by table over ``--client-procs`` child processes (each its own
    event loop), so that one client loop's CPU does not queue the latencies measured."""

    def __init__(self, address: str, tables: list[TableSeats], args: argparse.Namespace) -> None:
        import multiprocessing
        ctx = multiprocessing.get_context("spawn")
        procs = args.client_procs
        self.pipes: list[Any] = []
        self.procs: list[Any] = []
        self.done: list[dict[str, Any]] = []
        for i in range(procs):
            mine, theirs = ctx.Pipe()
            share = [(t.table, t.tokens, t.homes) for t in tables[i::procs]]
            proc = ctx.Process(target=_client_process,
                               args=(address, share, vars(args), i, theirs), daemon=True)
            proc.start()
            theirs.close()
            self.pipes.append(mine)
            self.procs.append(proc)

    async def _recv(self, pipe: Any) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        got: dict[str, Any] = await loop.run_in_executor(None, _recv_or_gone, pipe)
        if "error" in got:
            raise BenchError(f"a client process: {got['error']}")
        return got

    async def connect(self) -> None:
        await asyncio.gather(*(self._recv(p) for p in self.pipes))  # each says "ready"

    def actions(self) -> int:
        return sum(d["actions"] for d in self.done)

    def tables_over(self) -> int:
        return sum(d["tables_over"] for d in self.done)

    async def play(self, watch: asyncio.Task[None]) -> tuple[Tally, float]:
        for pipe in self.pipes:
            pipe.send("go")
        results = asyncio.gather(*(self._collect(p) for p in self.pipes))
        both: set[asyncio.Future[Any]] = {results, watch}
        done, _ = await asyncio.wait(both, return_when=asyncio.FIRST_COMPLETED)
        if watch in done:
            for proc in self.procs:
                proc.kill()
            watch.result()
        tally = Tally()
        for d in self.done:
            tally.latencies_ms.extend(d["latencies_ms"])
            tally.messages += d["messages"]
            tally.errors.extend(d["errors"])
            tally.tables_over += d["tables_over"]
        for proc in self.procs:
            proc.join(10)
        return tally, sum(d["cpu_s"] for d in self.done)

    async def _collect(self, pipe: Any) -> None:
        self.done.append(await self._recv(pipe))


def _recv_or_gone(pipe: Any) -> dict[str, Any]:
    try:
        got: dict[str, Any] = pipe.recv()
    except EOFError:
        return {"error": "it died"}
    return got


def _client_process(address: str, share: list[tuple[str, list[str], list[str]]],
                    options: dict[str, Any], part: int, pipe: Any) -> None:
    """A child of :class:`ClientProcesses`: connect the seats of ``share``, say ``ready``,
    wait for ``go``, play, send the tally (``{"error"}`` on failure)."""
    args = argparse.Namespace(**options)
    tables = [TableSeats(table, tokens, homes) for table, tokens, homes in share]

    async def main() -> dict[str, Any]:
        tally = Tally()
        clients = await connect_clients(address, tables, args, tally, part)
        pipe.send({"ready": len(clients)})
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)
        own0 = time.process_time()
        await asyncio.gather(*(c.run() for c in clients))
        return {"latencies_ms": tally.latencies_ms, "messages": tally.messages,
                "errors": tally.errors, "tables_over": tally.tables_over,
                "actions": len(tally.latencies_ms), "cpu_s": time.process_time() - own0}

    try:
        pipe.send(asyncio.run(main()))
    except Exception as e:  # noqa: BLE001 -- told to the parent, which fails the run
        pipe.send({"error": f"{type(e).__name__}: {e}"})


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


async def _idle(args: argparse.Namespace, server: Servers) -> dict[str, Any]:
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
    p.add_argument("--servers", type=int, default=1, metavar="N",
                   help="active phase: N server processes on one --database (PostgreSQL), "
                   "each table's seats spread over them (default 1)")
    p.add_argument("--by-table", action="store_true",
                   help="with --servers: every seat of a table on the server that made it (a "
                   "balancer that keeps a table on one process; default: seats spread)")
    p.add_argument("--client-procs", type=int, default=1, metavar="N",
                   help="split the active clients by table over N processes, each its own "
                   "event loop (default 1: all in this one; its CPU share is reported, and a "
                   "busy client loop adds its own queueing to the latencies)")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    p.add_argument("--spans", action="store_true",
                   help="time each action's steps inside the server (BELOTE_SPANS: "
                   "belote.server.spans) and report them, with its GC pauses and loop lags")
    args = p.parse_args(argv)
    if args.tables < 0 or args.idle < 0 or (args.tables == 0 and args.idle == 0):
        p.error("--tables and --idle are >= 0, and one of them > 0")
    if not 1 <= args.deals <= 1000:
        p.error("--deals is 1..1000")
    if not 0 <= args.think <= 60000:
        p.error("--think is 0..60000 ms")
    if not 0 <= args.jitter <= 1:
        p.error("--jitter is 0..1")
    if not 1 <= args.servers <= 8 or (args.servers > 1 and not args.database):
        p.error("--servers is 1..8, and more than 1 needs --database (PostgreSQL)")
    if not 1 <= args.client_procs <= 64:
        p.error("--client-procs is 1..64")
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
