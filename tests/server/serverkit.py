"""What the server's tests share: a real ``belote serve`` process on loopback, a WebSocket
client that keeps every message it receives, a loop that plays a table out, and the checker
of hidden information."""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from support.wait import wait_until
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from belote.engine.provenance import commitment
from belote.server.rooms import new_code
from belote.server.store import RoomData, SeatData, SqlStore, token_hash

SRC = Path(__file__).resolve().parents[2] / "src"


def _drain(pipe: Any, into: list[str]) -> None:
    """Read ``pipe`` line by line into ``into`` until it closes."""
    with contextlib.suppress(ValueError, OSError):
        for line in pipe:
            into.append(line)
#: seconds a test waits for a message it expects (a loaded CI machine)
WAIT = 30.0


class ServerProcess:
    """``belote serve --port 0 --database URL`` in a subprocess; ``url`` the address it
    printed. :meth:`kill` sends SIGKILL (no shutdown at all), :meth:`stop` SIGTERM.

    What the server writes on standard error and after its address on standard output is
    read as it comes, by a thread each (a pipe nobody reads fills up at 64 KiB and blocks
    the server's logging): :meth:`log` is the standard error so far."""

    def __init__(self, database: str, *extra: str, data_dir: Path | None = None) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(SRC) + os.pathsep + env.get("PYTHONPATH", "")
        if data_dir is not None:
            env["BELOTE_DATA_DIR"] = str(data_dir)
        # no rate limits unless a test asks for them (``extra`` comes after: the last wins)
        args = [sys.executable, "-m", "belote.cli", "serve", "--port", "0",
                "--bot-delay", "0", "--create-limit", "off", "--join-limit", "off",
                "--connect-limit", "off"]
        if database:
            args += ["--database", database]
        self.proc = subprocess.Popen([*args, *extra], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self._err: list[str] = []
        self._readers = [threading.Thread(target=_drain, args=(self.proc.stderr, self._err),
                                          daemon=True)]
        self._readers[0].start()
        line = self.proc.stdout.readline().strip()
        if not line.startswith("http://"):
            self.proc.kill()
            self.proc.wait(WAIT)
            self._readers[0].join(WAIT)
            raise AssertionError(f"no address printed: {line!r} {self.log()}")
        out = threading.Thread(target=_drain, args=(self.proc.stdout, []), daemon=True)
        out.start()
        self._readers.append(out)
        self.url = line
        self.ws_url = "ws://" + line.removeprefix("http://")
        self.http = httpx.Client(base_url=self.url, timeout=WAIT)
        wait_until(self._healthy, WAIT, "the server to answer /api/health", every=0.05)

    def _healthy(self) -> bool:
        try:
            return self.http.get("/api/health").status_code == 200
        except httpx.TransportError:
            return False

    def log(self) -> str:
        """What the server wrote on standard error so far."""
        return "".join(list(self._err))

    def kill(self) -> None:
        self.http.close()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(WAIT)
        self._join()

    def stop(self) -> str:
        """SIGTERM, wait; returns what it wrote on standard error."""
        self.http.close()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(WAIT)
        self._join()
        return self.log()

    def _join(self) -> None:
        """Wait for the readers to reach the end of the closed pipes."""
        for reader in self._readers:
            reader.join(WAIT)

    def create(self, seats: list[str], *, preset: str = "coinche", deals: int = 1,
               name: str = "Alice", **extra: Any) -> dict[str, Any]:
        body = {"preset": preset, "options": {"game_end": "deals", "deals": deals},
                "seats": seats, "name": name, **extra}
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def join(self, code: str, name: str, seat: int | None = None) -> dict[str, Any]:
        r = self.http.post(f"/api/join/{code}", json={"name": name, "seat": seat})
        assert r.status_code == 200, r.text
        return dict(r.json())

    def start(self, table: str, token: str) -> httpx.Response:
        return self.http.post(f"/api/tables/{table}/start",
                              headers={"Authorization": f"Bearer {token}"})

    def table(self, table: str) -> dict[str, Any]:
        r = self.http.get(f"/api/tables/{table}")
        assert r.status_code == 200, r.text
        return dict(r.json())

    def record(self, table: str) -> dict[str, Any]:
        r = self.http.get(f"/api/tables/{table}/record")
        assert r.status_code == 200, r.text
        return dict(r.json())


@dataclass
class Client:
    """A WebSocket client of one seat (``token``) or a spectator (None); ``received`` every
    message, in order; ``view`` / ``view_deal`` / ``status`` the latest."""

    server: ServerProcess
    table: str
    token: str | None = None
    lang: str | None = None
    received: list[dict[str, Any]] = field(default_factory=list)
    seat: int | None = None
    view: dict[str, Any] | None = None
    view_deal: int = 0
    status: str = "waiting"
    seq: int = 0
    waiting_for: int | None = None
    ws: ClientConnection = field(init=False)

    def __post_init__(self) -> None:
        query = []
        if self.token is not None:
            query.append(f"token={self.token}")
        if self.lang is not None:
            query.append(f"lang={self.lang}")
        url = f"{self.server.ws_url}/ws/tables/{self.table}" + (
            "?" + "&".join(query) if query else "")
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(connect(url, max_size=None, open_timeout=WAIT))

    def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        self._note(message)
        return dict(message)

    def _note(self, message: dict[str, Any]) -> None:
        if message["type"] == "snapshot":
            self.seat = message["seat"]
            self.status = message["table"]["status"]
        if message["type"] in ("snapshot", "event"):
            self.view, self.view_deal = message["view"], message["view_deal"]
            if message["type"] == "event":
                self.status = message["status"]
        if message["type"] in ("ack", "error") and message.get("seq") == self.waiting_for:
            self.waiting_for = None

    def wait_for(self, test: Callable[[dict[str, Any]], bool],
                 timeout: float = WAIT) -> dict[str, Any]:
        """Receive until a message passes ``test``; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such message; last: {self.received[-3:]}")
            message = self.recv(left)
            if test(message):
                return message

    def send(self, data: Any) -> None:
        self.ws.send(data if isinstance(data, str | bytes) else json.dumps(data))

    def act(self, action: str, seq: int | None = None) -> int:
        if seq is None:
            self.seq += 1
            seq = self.seq
        self.waiting_for = seq
        self.send({"type": "action", "action": action, "seq": seq})
        return seq

    def my_turn(self) -> bool:
        v = self.view
        return v is not None and self.waiting_for is None and v["to_move"] == self.seat \
            and bool(v["legal"])

    def drain(self, timeout: float = 0.02) -> None:
        try:
            while True:
                self.recv(timeout)
        except TimeoutError:
            pass

    def close(self) -> None:
        self._stack.close()


Policy = Callable[[dict[str, Any]], str]


def first_legal(view: dict[str, Any]) -> str:
    return str(view["legal"][0])


def steady(view: dict[str, Any]) -> str:
    """A policy that depends on the view only (so that a replay makes the same choices)."""
    legal = view["legal"]
    k = len(view["bids"]) * 7 + len(view["tricks"]) * 3 + len(view["trick"]) + view["dealer"]
    return str(legal[k % len(legal)])


def play_out(clients: list[Client], policy: Policy = steady, timeout: float = 120.0,
             stop: Callable[[], bool] | None = None) -> None:
    """Play every seated client's turns by ``policy`` until each sees the table over (or
    ``stop()`` says so)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if stop is not None and stop():
            return
        if all(c.status == "over" for c in clients):
            return
        for c in clients:
            try:
                c.recv(0.01)
            except TimeoutError:
                pass
            except ConnectionClosed:
                raise
            if c.seat is not None and c.my_turn():
                assert c.view is not None
                c.act(policy(c.view))
    raise AssertionError("the game did not end in time")


def people(tokens: list[str]) -> list[SeatData]:
    """Four people's seats (Alice, Bob, Carol, Dan) holding ``tokens``."""
    return [SeatData(k, name, "human", token_hash=token_hash(t))
            for k, (name, t) in enumerate(zip(("Alice", "Bob", "Carol", "Dan"), tokens,
                                              strict=True))]


def seeded_room(url: str, seats: list[SeatData], preset: str, options: dict[str, Any],
                seed: int) -> str:
    """A waiting room of a known ``seed`` (with its commitment; seat 0 its creator), written
    straight to the store at ``url`` (a server restores it when it starts); its id."""
    store = SqlStore(url)
    try:
        room_id = secrets.token_hex(8)
        store.create_room(RoomData(
            id=room_id, code=new_code(), preset=preset, options=dict(options),
            status="waiting", ended=False, seed=seed, commitment=commitment(seed),
            creator_seat=0, settings={}, seats=seats, actions=[]))
        return room_id
    finally:
        store.dispose()


# -- hidden information ------------------------------------------------------------------------

CARD = re.compile(r"(?<![A-Za-z0-9])[6-9TJQKA][SHDC](?![A-Za-z0-9])")


def cards_in(value: Any) -> set[str]:
    """Every card code (``"JH"``) that appears in a JSON value's strings."""
    out: set[str] = set()
    if isinstance(value, str):
        out.update(CARD.findall(value))
    elif isinstance(value, dict):
        for k, v in value.items():
            out |= cards_in(k) | cards_in(v)
    elif isinstance(value, list):
        for v in value:
            out |= cards_in(v)
    return out


def _played(view: dict[str, Any]) -> list[str]:
    return [c for t in view["tricks"] for c in t["cards"]] + [c for _s, c in view["trick"]]


def _card_played(facts: dict[str, Any], rest: dict[str, Any],
                 record: dict[str, Any]) -> list[str]:
    """An action event's card (``facts``): played in the deal, and its move the same card;
    both taken out of ``rest`` (public once played)."""
    card = rest.pop("action")
    move = rest.pop("move", None)  # the same card as a structured move
    problems = [] if card in record["deals"][facts["deal_index"]]["plays"] else \
        [f"{card} was never played"]
    if move is not None and (move.get("card"), move.get("text")) != (card, card):
        problems.append(f"the move {move} is not the card played {card}")
    return problems


def leaks(message: dict[str, Any], seat: int | None, record: dict[str, Any]) -> list[str]:
    """What ``message``, sent to ``seat`` (None: a spectator), shows of another seat's cards
    before they are played, judged on the finished game's ``record`` (its true hands and
    plays). Empty when nothing leaks. Checked: the view's hand is the seat's own (empty for a
    spectator); the cards it shows played are the deal's first plays in order; the event's
    trick is the deal's; every other card code in the message is the seat's own, played
    already, or an annonce the rules show (from trick 2)."""
    problems: list[str] = []
    view = message.get("view")
    facts = message.get("event") or {}
    if view is not None:
        deal = record["deals"][message["view_deal"]]
        hands = [set(h.split()) for h in deal["hands"]]
        played = _played(view)
        if played != deal["plays"][:len(played)]:
            problems.append(f"played cards {played} are not the deal's plays")
        own = hands[seat] if seat is not None else set()
        if not set(view["hand"]) <= own:
            problems.append(f"hand {view['hand']} is not the seat's own")
        if seat is None and (view["hand"] or view["legal"]):
            problems.append("a spectator sees a hand or legal actions")
        shown: set[str] = set()
        if view["tricks"]:
            for entries in view["annonces"].values():
                for a in entries:
                    shown |= set((a.get("cards") or "").split())
        allowed = own | set(played) | shown | ({view["turned"]} if view["turned"] else set())
        hidden = set().union(*hands) - allowed
        found = cards_in({k: v for k, v in view.items() if k != "annonces"}) | (
            cards_in(view["annonces"]) if not view["tricks"] else set())
        if found & hidden:
            problems.append(f"unplayed cards of another seat in the view: {found & hidden}")
    if facts.get("kind") == "trick":
        deal = record["deals"][facts["deal_index"]]
        n = facts["number"]
        if facts["cards"] != deal["plays"][4 * (n - 1):4 * n]:
            problems.append(f"trick {n} is not the deal's")
    rest = {k: v for k, v in message.items() if k not in ("view", "event")}
    facts_rest = {k: v for k, v in facts.items() if k != "cards"}
    if facts.get("kind") == "action" and CARD.fullmatch(facts["action"] or ""):
        problems += _card_played(facts, facts_rest, record)
    if facts.get("kind") != "deal_ended" and cards_in([rest, facts_rest]):
        problems.append(f"card codes outside the view: {cards_in([rest, facts_rest])}")
    if "seed" in json.dumps(message) and message.get("type") == "snapshot" and \
            message["table"]["seed"] is not None and message["table"]["status"] != "over":
        problems.append("the seed before the end")
    return problems
