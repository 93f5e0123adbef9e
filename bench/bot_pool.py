"""Do a server's expert bots hold up other tables' people? Two runs of one load on a real
`belote serve`: people's tables alone, then the same with tables of three experts beside.

    python bench/bot_pool.py                      # 1 expert table, 4 people's tables
    python bench/bot_pool.py --experts 3 --people 8 --think 50 --json

Each run starts its own server (bench/server.py's ``Server``: ``--bot-delay 0``, a fresh
SQLite file). *People's tables*: ``--people`` tables of four person seats (clients over real
WebSockets in this process), each client answering its turn after ``--think`` milliseconds
with a random legal action, for ``--deals`` deals; the figure is the latency from an action
sent to its ``action`` event received (ms). *Expert tables* (second run only): ``--experts``
tables of one person (a client answering at once) and three ``bot:expert`` seats (1.5 s
time limit a decision, searching in the server's bot pool), started 3 s before the people's
tables and playing on (100 deals) while they play; their bots' actions are counted.

Output: both runs' latencies (p50, p90, p99, max), the server's CPU (cores) and peak threads,
the expert actions per second; ``--json`` one JSON object. Exit 0, or 1 when a run failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import (  # noqa: E402 -- bench/server.py, beside this script
    CONCURRENCY,
    BenchError,
    Client,
    Sampler,
    Server,
    Tally,
    _post,
    conditions,
    connect,
    make_tables,
    percentiles,
    progress,
    ws_uri,
)


class CountingClient(Client):
    """A client that also counts the other seats' actions it hears (the bots')."""

    bot_actions = 0

    async def _answer(self, msg: dict[str, Any]) -> None:
        if msg.get("type") == "event" and msg["event"]["kind"] == "action" and \
                msg["event"].get("seat") != self.seat:
            self.bot_actions += 1
        await super()._answer(msg)


async def _expert_tables(address: str, count: int, preset: str) -> list[CountingClient]:
    """``count`` tables of one person and three experts, started; their person's clients."""
    import httpx
    clients = []
    sem = asyncio.Semaphore(CONCURRENCY)
    async with httpx.AsyncClient(base_url=address, timeout=60, trust_env=False) as http:
        for k in range(count):
            made = await _post(http, "/api/tables", {
                "preset": preset, "options": {"game_end": "deals", "deals": 100},
                "seats": ["me", "bot:expert", "bot:expert", "bot:expert"],
                "name": f"expert{k}"}, 201)
            ws = await connect(ws_uri(address, made["table"], made["token"]), sem, None)
            client = CountingClient(ws, 0, random.Random(k), Tally())
            await client.greet()
            r = await http.post(f"/api/tables/{made['table']}/start",
                                headers={"Authorization": f"Bearer {made['token']}"})
            if r.status_code != 200:
                raise BenchError(f"start: HTTP {r.status_code} {r.text[:200]}")
            clients.append(client)
    return clients


async def _people(args: argparse.Namespace, server: Server) -> tuple[Tally, float]:
    """The people's tables played out; their tally and wall seconds."""
    tables = await make_tables(server.address, args.people, args.preset,
                               {"game_end": "deals", "deals": args.deals})
    sem = asyncio.Semaphore(CONCURRENCY)
    sockets = await asyncio.gather(*(connect(ws_uri(server.address, t.table, tok), sem, None)
                                     for t in tables for tok in t.tokens))
    tally = Tally()
    rng = random.Random(args.seed)
    clients = [Client(ws, i % 4, random.Random(rng.random()), tally, args.think / 1000)
               for i, ws in enumerate(sockets)]
    await asyncio.gather(*(c.greet() for c in clients))
    t0 = time.perf_counter()
    await asyncio.gather(*(c.run() for c in clients))
    return tally, time.perf_counter() - t0


async def one_run(args: argparse.Namespace, folder: str, experts: int) -> dict[str, Any]:
    server = Server(folder, None, f"run{experts}")
    try:
        await asyncio.sleep(1.0)
        expert_clients = await _expert_tables(server.address, experts, args.preset)
        running = [asyncio.create_task(c.run()) for c in expert_clients]
        sampler = Sampler(server)
        watch = asyncio.create_task(sampler.run(lambda: "playing"))
        if experts:
            await asyncio.sleep(3.0)  # the experts are thinking
        cpu0 = server.cpu_seconds()
        before = sum(c.bot_actions for c in expert_clients)
        tally, wall = await _people(args, server)
        cpu = server.cpu_seconds() - cpu0
        bot_actions = sum(c.bot_actions for c in expert_clients) - before
        for task in [*running, watch]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if tally.errors:
            raise BenchError(f"error messages: {tally.errors[:3]}")
        return {"expert_tables": experts, "people_tables": args.people,
                "actions": len(tally.latencies_ms), "play_s": round(wall, 2),
                "latency_ms": percentiles(tally.latencies_ms),
                "server_cpu_cores": round(cpu / wall, 3),
                "server_threads_peak": sampler.peak_threads,
                "expert_actions_per_s": round(bot_actions / wall, 2),
                "server_log_errors": server.log_errors()[:5]}
    finally:
        server.stop()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"conditions": conditions(), "think_ms": args.think,
                           "deals": args.deals}
    with tempfile.TemporaryDirectory(prefix="belote-bench-") as folder:
        progress(f"alone: {args.people} people's tables")
        out["alone"] = await one_run(args, folder, 0)
        progress(f"beside {args.experts} expert table(s)")
        out["beside_experts"] = await one_run(args, folder, args.experts)
    return out


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="bench/bot_pool.py", description=__doc__.split("\n")[0])
    p.add_argument("--experts", type=int, default=1,
                   help="tables of one person and three experts (default 1)")
    p.add_argument("--people", type=int, default=4,
                   help="tables of four people whose latency is measured (default 4)")
    p.add_argument("--deals", type=int, default=2, help="deals a people's table (default 2)")
    p.add_argument("--think", type=float, default=20.0, metavar="MS",
                   help="milliseconds a person waits before answering (default 20)")
    p.add_argument("--preset", default="coinche", help="rules preset (default coinche)")
    p.add_argument("--seed", type=int, default=1, help="the clients' random choices")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = p.parse_args(argv)
    if not 1 <= args.experts <= 50 or not 1 <= args.people <= 200:
        p.error("--experts is 1..50 and --people 1..200")
    if not 1 <= args.deals <= 100 or not 0 <= args.think <= 60000:
        p.error("--deals is 1..100 and --think 0..60000 ms")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    try:
        out = asyncio.run(run(args))
    except BenchError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"{out['conditions']['date']}  {out['conditions']['cpus']} cpus  load "
              f"{out['conditions']['load_average']}")
        for key in ("alone", "beside_experts"):
            print(f"{key}:")
            for name, value in out[key].items():
                print(f"  {name}: {value}")
    bad = [k for k in ("alone", "beside_experts") if out[k]["server_log_errors"]]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
