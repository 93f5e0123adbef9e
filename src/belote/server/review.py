"""What the browser offers beyond play (issue 18 item 4): the expert's hint, the
double-dummy analysis of a finished deal, and the replay of finished deals.

* ``POST /api/tables/{ID}/hint`` (``Authorization: Bearer`` a seat's token) → ``{"action",
  "card", "values": {card: mean points}, "worlds", "move"}``: what the expert would do now from the
  seat's view alone (:class:`~belote.bots.expert.ExpertBot`, :data:`HINT_TIME_LIMIT_MS`),
  and for a card the mean card points of the seat's team over the sampled worlds of each
  legal card. Only for a seat to move at a table whose other seats are all bots (a hint
  against people is help they do not get: 409 ``server.hint_people``); one hint at a time a
  table (429 ``server.hint_busy``); counted against ``--connect-limit``.
* ``GET /api/tables/{ID}/deals/{N}/analysis`` → ``{"deal": N, "cards": [CardAnalysis.to_json
  …]}`` for the finished deal ``N`` (every deal counted, as the events' ``deal_index``): the
  double-dummy value of each card played and of the other legal cards
  (:func:`belote.table.analysis.analyse_deal`). A finished deal's hands are public (the
  record holds them), so no token is needed; 409 ``server.deal_not_over`` before its end;
  one analysis at a time a process (429 ``server.analysis_busy``); counted against
  ``--connect-limit``.
* ``GET /api/tables/{ID}/replay`` → ``{"deals": [...]}``: each finished deal with its hands
  at the first card (in the engine's display order), bids, contract, plays, tricks and
  result, for a replay card by card, and ``bid_moves`` (the bids as structured moves, as
  a view's); ``words``: the preset's names of the double.

No route reveals a card of a deal in progress beyond the asking seat's own view.
"""

from __future__ import annotations

import secrets
import threading
from typing import Any

from fastapi import FastAPI, Request

from ..bots import make_bot
from ..bots.expert import ExpertBot
from ..engine.cards import card_str
from ..engine.deal import Deal
from ..engine.views import double_words
from ..table.replay import finished_deal
from .errors import ServerError, bad_token
from .replies import Analysis, Hint, Replay, answers
from .rooms import Room, Rooms

#: milliseconds the expert thinks for a hint
HINT_TIME_LIMIT_MS = 1500.0
#: analyses kept in memory (room id, deal index) → JSON, the oldest dropped first
ANALYSES_KEPT = 256

_analyses: dict[tuple[str, int], dict[str, Any]] = {}
_analyses_lock = threading.Lock()
_solving = threading.Semaphore(1)  # one double-dummy analysis at a time a process
_running: dict[tuple[str, int], threading.Event] = {}  # analyses under way, by key
#: seconds a request for an analysis under way waits for it
ANALYSIS_WAIT = 120.0
_hinting: set[str] = set()
_hinting_lock = threading.Lock()


def hint(room: Room, token: str | None) -> dict[str, Any]:
    """The expert's choice for ``token``'s seat now (see the module docstring). Raises
    ``server.bad_token`` (401), ``server.not_playing``, ``server.hint_people``,
    ``server.not_your_turn`` (409), ``server.hint_busy`` (429)."""
    seat = room.seat_of(token)
    if seat is None:
        raise bad_token()
    if any(s.kind != "bot" for s in room.data.seats if s.seat != seat):
        raise ServerError("hints are for tables against bots only",
                          code="server.hint_people", status=409)
    view = room.playing_view(seat)
    if view is None or not view.legal:
        raise ServerError("it is not your turn", code="server.not_your_turn", status=409,
                          params={"seat": seat})
    with _hinting_lock:
        if room.id in _hinting:
            raise ServerError("a hint is being worked out for this table",
                              code="server.hint_busy", status=429)
        _hinting.add(room.id)
    try:
        bot = make_bot("expert", seed=secrets.randbits(64), time_limit_ms=HINT_TIME_LIMIT_MS)
        if not isinstance(bot, ExpertBot):  # make_bot("expert") is one: a bug to report
            raise TypeError(f"make_bot('expert') gave {type(bot).__name__}")
        try:
            action = bot.act(view)
            card = bot.card_after_belote if action == "belote" else None
            means, worlds = bot.last_means, bot.last_worlds
        finally:
            bot.close()
    finally:
        with _hinting_lock:
            _hinting.discard(room.id)
    played = card_str(card) if card is not None else \
        (action if action in view.hand else None)
    move = next((m for m in view.legal_moves if m["text"] == action), None)
    return {"action": action, "card": played, "worlds": worlds,
            "values": {card_str(c): round(v, 1) for c, v in sorted(means.items())},
            "move": move}


def _finished(room: Room, index: int) -> Deal:
    deals = room.game.deals  # the finished deals; the one in play is game.current
    if index == len(deals) and room.game.current is not None:
        raise ServerError("this deal is not over", code="server.deal_not_over", status=409,
                          params={"deal": index})
    if not 0 <= index < len(deals):
        raise ServerError(f"no deal {index} at this table", code="server.no_deal", status=404,
                          params={"deal": index})
    deal = deals[index]
    if not deal.is_over():
        raise ServerError("this deal is not over", code="server.deal_not_over", status=409,
                          params={"deal": index})
    return deal


def analysis(room: Room, index: int) -> dict[str, Any]:
    """The double-dummy analysis of the finished deal ``index`` (module docstring); computed
    once and kept; a request for an analysis under way waits for it. Raises
    ``server.no_deal`` (404), ``server.deal_not_over`` (409), ``server.analysis_busy`` (429:
    the process analyses another deal; one at a time, so that requests do not pile up on
    the server's threads)."""
    key = (room.id, index)
    with _analyses_lock:
        if key in _analyses:
            return _analyses[key]
        running = _running.get(key)
    if running is not None:  # the same deal asked twice: one analysis
        running.wait(ANALYSIS_WAIT)
        with _analyses_lock:
            if key in _analyses:
                return _analyses[key]
        raise _busy()
    deal = _finished(room, index)
    if not _solving.acquire(blocking=False):
        raise _busy()
    done = threading.Event()
    with _analyses_lock:
        _running[key] = done
    try:
        # the solver (numba) is imported by the first analysis, not by every server start
        from ..table.analysis import analyse_deal
        rows = analyse_deal(deal) if deal.contract is not None else []
        out = {"deal": index, "cards": [r.to_json() for r in rows]}
        with _analyses_lock:
            _analyses[key] = out
            while len(_analyses) > ANALYSES_KEPT:
                _analyses.pop(next(iter(_analyses)))
    finally:
        with _analyses_lock:
            _running.pop(key, None)
        done.set()
        _solving.release()
    return out


def _busy() -> ServerError:
    return ServerError("the server is analysing another deal: try again in a few seconds",
                       code="server.analysis_busy", status=429)


def replay(room: Room) -> dict[str, Any]:
    """Every finished deal of the table for a replay (module docstring)."""
    out = []
    for index, deal in enumerate(room.game.deals):
        if not deal.is_over():
            continue
        out.append(finished_deal(deal, index))
    seats = [{"seat": s.seat, "name": s.name, "kind": s.kind} for s in room.data.seats]
    return {"table": room.id, "preset": room.data.preset, "seats": seats, "deals": out,
            "words": double_words(room.game.rules)}


def mount(app: FastAPI, rooms: Rooms, bearer: Any, limited: Any) -> None:
    """Add the routes of the module docstring; ``bearer(request)`` reads the token;
    ``limited`` is the route dependency that counts an attempt against the per-address
    limit of WebSocket connections (``--connect-limit``): a hint or an analysis costs the
    server as much."""

    @app.post("/api/tables/{table_id}/hint", dependencies=[limited], **answers(Hint))
    def hint_route(request: Request, table_id: str) -> dict[str, Any]:
        return hint(rooms.get(table_id), bearer(request))

    @app.get("/api/tables/{table_id}/deals/{index}/analysis", dependencies=[limited],
             **answers(Analysis))
    def analysis_route(table_id: str, index: int) -> dict[str, Any]:
        return analysis(rooms.get(table_id), index)

    @app.get("/api/tables/{table_id}/replay", **answers(Replay))
    def replay_route(table_id: str) -> dict[str, Any]:
        return replay(rooms.get(table_id))


__all__ = ["HINT_TIME_LIMIT_MS", "analysis", "hint", "mount", "replay"]
