"""The club concours on the web (issue 19 items 1, 5): the JSON API of the organiser's pages
and of the live page, over the concours of the server's own database
(:class:`~belote.concours.store.SqlConcoursStore` on the :class:`~.store.SqlStore`'s engine),
and the pages themselves (docs/concours-web.md).

* ``POST /api/concours`` (:class:`CreateConcours`; limited per address as table creations,
  ``--create-limit``) → 201 ``{"id", "key", "organiser_url", "live_url"}``;
* ``GET /api/concours/{ID}`` (public) → :func:`public_json`: the settings (never the key),
  the entrants, each partie's draw (``views.draw_json``) with its tables' scores, the
  ranking, and the prize list once the last partie is complete; an ``ETag`` (a client that
  sends it back in ``If-None-Match`` gets 304 while nothing changed);
* the organiser's operations, each needing the concours's secret key (``Authorization:
  Bearer KEY``, or ``?key=KEY`` as in the organiser's link; 403 ``concours.web.bad_key``
  otherwise): ``POST /api/concours/{ID}/entrants`` (``{"names": [...]}`` and/or ``{"csv":
  TEXT}``), ``/rename``, ``/withdraw``, ``/reinstate``, ``/draw`` (``{"seed"}`` optional),
  ``/undraw``, ``/score`` (``{"partie", "table", "points": [a, b], "deal"}``), ``/undo``,
  ``/prizes``; ``GET /api/concours/{ID}/log`` (the audit trail), ``/print/{what}.pdf``
  (``?partie=N``) and ``/export/{what}.csv`` (``documents.PRINTABLE``, ``EXPORTS``:
  attachments; counted against
  ``--connect-limit``: a PDF costs the server);
* the pages: ``GET /concours`` (a new concours), ``/concours/{ID}?key=KEY`` (the organiser's
  page), ``/concours/{ID}/live`` (the projector's page, public).

Every refusal is the server's error answer (``{"type": "error", "code", "message"}``, worded
in the client's language): 404 ``concours.unknown``, 403 ``concours.web.bad_key``, 422 a
body refused by its model (``server.bad_request``) or an operation refused by the concours's
rules (``concours.*``), 503 ``concours.database``. Every database call runs on the server's
worker threads (plain ``def`` routes), never on the event loop.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from fastapi import Body, FastAPI, Query, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from ..concours import views
from ..concours.data import ConcoursData, iso
from ..concours.errors import ConcoursError
from ..concours.manager import Manager, ranking, table_score
from ..concours.model import Format, Leftover, RankRow
from ..concours.names import CSV_MAX
from ..concours.store import SqlConcoursStore, Stamp
from ..db.errors import Engine
from ..web import STATIC_DIR
from .errors import ServerError, error_line
from .lang import pick_lang
from .ratelimit import Limiter
from .replies import (
    CSV,
    PDF,
    Added,
    ConcoursCreated,
    ConcoursLog,
    ConcoursPublic,
    Drawn,
    EntrantLine,
    PrizeList,
    ScoreEntryLine,
    TableScoreLine,
    Undrawn,
    answers,
)

#: the request body allowed on that route, in bytes: the CSV text written as JSON with
#: every character escaped (``\\uXXXX``, 6 bytes), and room for the rest
ENTRANTS_BODY_MAX = 6 * CSV_MAX + 16 * 1024
#: the public views kept in memory (the concours most recently asked)
SHOWN_KEPT = 32
#: the names one request registers at most (the concours holds 2000)
NAMES_MAX = 2000
#: the pages' cache policy and their referrer policy (the organiser's address holds the key)
PAGE_HEADERS = {"Cache-Control": "no-cache", "Referrer-Policy": "no-referrer"}
_ENTRANTS_PATH = re.compile(r"^/api/concours/[^/]{1,40}/entrants$")

log = logging.getLogger("belote.server.concours")

Text = Annotated[str, Field(max_length=200)]

class CreateConcours(BaseModel):
    """The body of ``POST /api/concours`` (the options of ``belote concours new``); an
    unknown field is refused. The ranges are the manager's (``concours.settings``)."""

    model_config = ConfigDict(extra="forbid")

    name: Text
    format: Literal["melee", "equipes"] = "melee"
    parties: StrictInt = 4
    deals: StrictInt | None = 12
    target: StrictInt | None = None
    preset: Annotated[str, Field(max_length=40)] = "concours"
    options: Annotated[dict[str, Any], Field(max_length=64)] = Field(default_factory=dict)
    leftover: Literal["bye", "bot"] = "bye"
    bye: StrictInt | None = None
    date: Annotated[str, Field(max_length=40)] = ""
    place: Annotated[str, Field(max_length=120)] = ""
    online: StrictBool = False


class AddEntrants(BaseModel):
    """``POST …/entrants``: names (players, or pairs "A / B" par équipes) and/or the text of
    a CSV file (:func:`belote.concours.manager.csv_rows`), registered all or none."""

    model_config = ConfigDict(extra="forbid")

    names: Annotated[list[Text], Field(max_length=NAMES_MAX)] = Field(default_factory=list)
    csv: Annotated[str, Field(max_length=CSV_MAX)] | None = None


class Rename(BaseModel):
    """``POST …/rename``: ``who`` (a name registered, or ``#N``) and the new ``name``."""

    model_config = ConfigDict(extra="forbid")

    who: Text
    name: Text


class Who(BaseModel):
    """``POST …/withdraw`` and ``…/reinstate``: ``who`` (a name registered, or ``#N``)."""

    model_config = ConfigDict(extra="forbid")

    who: Text


class Draw(BaseModel):
    """``POST …/draw``: the seed to draw from (None: a random one)."""

    model_config = ConfigDict(extra="forbid")

    seed: StrictInt | None = None


class Undo(BaseModel):
    """``POST …/undo``: the newest entry of one partie or table only (None: of any)."""

    model_config = ConfigDict(extra="forbid")

    partie: Annotated[StrictInt, Field(ge=1, le=100)] | None = None
    table: Annotated[StrictInt, Field(ge=1, le=10000)] | None = None


Points = Annotated[StrictInt, Field(ge=-100000, le=100000)]


class Score(BaseModel):
    """``POST …/score``: a table's two totals for a partie (side 0's, then side 1's), or
    one deal line (``deal`` from 1)."""

    model_config = ConfigDict(extra="forbid")

    partie: Annotated[StrictInt, Field(ge=1, le=1000)]
    table: Annotated[StrictInt, Field(ge=1, le=100000)]
    points: Annotated[list[Points], Field(min_length=2, max_length=2)]
    deal: Annotated[StrictInt, Field(ge=1, le=1000)] | None = None


class Prizes(BaseModel):
    """``POST …/prizes``: the prizes, first prize first."""

    model_config = ConfigDict(extra="forbid")

    prizes: Annotated[list[Text], Field(max_length=500)]


# -- what the pages read ---------------------------------------------------------------------

def partie_json(data: ConcoursData, partie: int) -> dict[str, Any]:
    """One partie: its draw (``views.draw_json``: the names by side, "Bot N" a bot), each
    table's ``sides`` as entrant ids (None a bot) and ``scores`` (``TableScore.to_json``),
    and whether every table is ``complete``."""
    draw = data.draws[partie - 1]
    shown = views.draw_json(data, draw)
    scores = [table_score(data, partie, t.table).to_json() for t in draw.tables]
    for table, t, score in zip(shown["tables"], draw.tables, scores, strict=True):
        table["sides"] = [list(side) for side in t.sides]
        table["score"] = score
    shown["complete"] = all(s["complete"] for s in scores)
    return shown


def prize_list(data: ConcoursData, rows: list[RankRow]) -> list[dict[str, Any]]:
    """The prize list: the players still in, in ranking order, the first ``len(prizes)``
    with their prize (``place`` from 1 among them; ``rank`` the ranking's)."""
    still_in = [r for r in rows if not r.withdrawn]
    return [{"place": i + 1, "rank": r.rank, "name": r.name, "points": r.points,
             "prize": prize} for i, (r, prize) in enumerate(zip(still_in, data.prizes,
                                                                 strict=False))]


def public_json(data: ConcoursData) -> dict[str, Any]:
    """``GET /api/concours/{ID}``: ``{**settings, "entrants", "parties_drawn",
    "current"`` (the last partie drawn, 0 before the first draw) ``, "next_partie",
    "complete"`` (every partie drawn and scored) ``, "ranking", "prize_list"`` (empty until
    complete) ``, "version"}`` (a digest of the rest: it changes when anything shown
    does). Never the key, never the ranking's lot."""
    rows = ranking(data)
    drawn = [partie_json(data, d.partie) for d in data.draws]
    complete = len(drawn) == data.parties and all(p["complete"] for p in drawn)
    body: dict[str, Any] = {
        **data.settings_json(),
        "entrants": [views.entrant_json(e) for e in data.entrants.values()],
        "parties_drawn": drawn, "current": len(drawn), "next_partie": data.next_partie,
        "complete": complete, "ranking": [views.rank_json(r) for r in rows],
        "prize_list": prize_list(data, rows) if complete else []}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, default=str)
    body["version"] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]
    return body


# -- refusals ---------------------------------------------------------------------------------

def bad_key() -> ServerError:
    """``concours.web.bad_key`` (403): the organiser's key is missing or wrong."""
    return ServerError("this concours's organiser key is missing or wrong",
                       code="concours.web.bad_key", status=403)


@contextlib.contextmanager
def _answered() -> Iterator[None]:
    """The concours's refusals with their HTTP status: ``concours.unknown`` 404,
    ``concours.database`` 503 (as ``server.storage_failed`` for a table: one log line, no
    traceback, and the health check probes the storage again: :mod:`belote.server.app`);
    the others as they are (422)."""
    try:
        yield
    except ConcoursError as e:
        status = {"concours.unknown": 404, "concours.database": 503}.get(e.code)
        if status is None:
            raise
        if status == 503:
            log.error("the concours database failed: %s", error_line(e.__cause__ or e))
        raise ServerError(str(e), code=e.code, status=status, params=e.params) from None


def _given_key(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return request.query_params.get("key") or None


def _lang(request: Request) -> str:
    app = request.scope.get("app")
    return pick_lang(request.query_params.get("lang"), request.headers.get("accept-language"),
                     str(getattr(getattr(app, "state", None), "lang", "fr")))


def body_limit(path: str) -> int | None:
    """The request body a path of this module takes beyond the server's default
    (:class:`~.app.BodyLimit` asks): :data:`ENTRANTS_BODY_MAX` for ``…/entrants`` (a CSV
    file's text), None for the others."""
    return ENTRANTS_BODY_MAX if _ENTRANTS_PATH.match(path) else None


class ConcoursWeb:
    """The routes' work over one database (a :class:`~belote.concours.manager.Manager`)."""

    def __init__(self, engine: Engine, public_url: str | None = None) -> None:
        self.store = SqlConcoursStore(engine)
        self.manager = Manager(self.store)
        self.public_url = public_url
        self._shown: OrderedDict[str, tuple[Stamp, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def base(self, request: Request) -> str:
        return self.public_url or str(request.base_url).rstrip("/")

    def organiser(self, request: Request, concours_id: str) -> str:
        """The concours's id once ``request`` holds its key. Raises ServerError
        ``concours.unknown`` (404), ``concours.web.bad_key`` (403)."""
        cid = str(concours_id).strip().upper()[:40]
        with _answered():
            key = self.store.key_of(cid)
            if key is None:
                self.manager.get(cid)  # raises concours.unknown
        given = _given_key(request)
        if given is None or not secrets.compare_digest(given.encode("utf-8"),
                                                       str(key).encode("utf-8")):
            raise bad_key()
        return cid

    def create(self, request: Request, body: CreateConcours) -> dict[str, Any]:
        with _answered():
            data = self.manager.create(
                body.name, format=Format(body.format), parties=body.parties,
                deals=body.deals, target=body.target, preset=body.preset,
                options=dict(body.options), leftover=Leftover(body.leftover), bye=body.bye,
                date=body.date, place=body.place, online=body.online)
        base = self.base(request)
        return {"id": data.id, "key": data.key,
                "organiser_url": f"{base}/concours/{data.id}?key={data.key}",
                "live_url": f"{base}/concours/{data.id}/live"}

    def stamp(self, cid: str) -> Stamp | None:
        """What changes whenever the concours ``cid`` does: its newest log row (every
        change the manager makes notes one, in the same transaction), its newest score
        entry and its parties' online rooms; None when there is no such concours."""
        return self.store.stamp(cid)

    def public(self, concours_id: str) -> dict[str, Any]:
        """:func:`public_json` of the concours, kept while its :meth:`stamp` stays (a
        projector asks every few seconds; a concours of 400 players and 6 parties scored
        deal by deal takes some 0.3 s to read and rank)."""
        cid = str(concours_id).strip().upper()[:40]
        with _answered():
            stamp = self.stamp(cid)
            with self._lock:
                cached = self._shown.get(cid)
            if stamp is not None and cached is not None and cached[0] == stamp:
                return cached[1]
            shown = public_json(self.manager.get(cid))
        if stamp is not None:
            with self._lock:
                self._shown[cid] = (stamp, shown)
                self._shown.move_to_end(cid)
                while len(self._shown) > SHOWN_KEPT:
                    self._shown.popitem(last=False)
        return shown

    def add(self, cid: str, body: AddEntrants) -> dict[str, Any]:
        with _answered():
            names = list(body.names)
            if body.csv is None and not names:
                raise ConcoursError("name players, or give a CSV file's text",
                                    code="concours.web.no_names", params={})
            added = self.manager.add(cid, names) if body.csv is None else \
                self.manager.add_csv(cid, body.csv, names)  # all or none, lines named
            return {"added": [views.entrant_json(e) for e in added]}

    def document(self, request: Request, cid: str, what: str, kind: str,
                 partie: int | None) -> Response:
        """The PDF (``kind`` ``pdf``) or CSV ``what`` as an attachment."""
        from ..concours import documents  # ReportLab, loaded when a document is asked
        lang = _lang(request)
        allowed = documents.PRINTABLE if kind == "pdf" else documents.EXPORTS
        if what not in allowed:
            raise ServerError(f"no document {what[:20]}: one of {', '.join(allowed)}",
                              code="concours.web.document", status=404,
                              params={"what": what[:20], "allowed": ", ".join(allowed)})
        with _answered():
            data = self.manager.get(cid)
            if kind == "pdf":
                content: bytes | str = documents.printable(data, what, partie, lang)
                media = "application/pdf"
            else:
                content, media = documents.export(data, what, lang), "text/csv; charset=utf-8"
        part = f"-partie{partie}" if partie is not None and what in ("sheets", "cards") else ""
        name = f"concours-{cid}-{what}{part}.{kind}"
        return Response(content, media_type=media,
                        headers={"Content-Disposition": f'attachment; filename="{name}"',
                                 "Cache-Control": "no-store"})


def _page(name: str) -> Response:
    return FileResponse(STATIC_DIR / name, media_type="text/html; charset=utf-8",
                        headers=PAGE_HEADERS)


def mount(app: FastAPI, engine: Engine, limiter: Limiter,
          public_url: str | None = None) -> ConcoursWeb:
    """Add the routes of the module docstring to ``app``, over the concours of ``engine``
    (the server's database); links start with ``public_url`` (None: the request's own
    address). Creations count against ``limiter``'s ``create`` limit, documents against
    its ``connect`` limit."""
    web = ConcoursWeb(engine, public_url)
    app.state.body_limit = body_limit

    def count(kind: str, request: Request) -> None:
        limiter.check(kind, request.client.host if request.client else None)

    @app.post("/api/concours", status_code=201, **answers(ConcoursCreated))
    def create(request: Request, body: CreateConcours) -> dict[str, Any]:
        count("create", request)
        return web.create(request, body)

    @app.get("/api/concours/{concours_id}", response_model=ConcoursPublic)
    def public(request: Request, concours_id: str) -> dict[str, Any] | Response:
        shown = web.public(concours_id)
        etag = f'"{shown["version"]}"'
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(json.dumps(shown, ensure_ascii=False), media_type="application/json",
                        headers=headers)

    _organiser_routes(app, web)

    @app.get("/api/concours/{concours_id}/print/{what}.pdf", response_class=Response,
             responses=PDF)
    def print_pdf(request: Request, concours_id: str, what: str,
                  partie: Annotated[int | None, Query(ge=1, le=1000)] = None) -> Response:
        cid = web.organiser(request, concours_id)
        count("connect", request)
        return web.document(request, cid, what, "pdf", partie)

    @app.get("/api/concours/{concours_id}/export/{what}.csv", response_class=Response,
             responses=CSV)
    def export_csv(request: Request, concours_id: str, what: str) -> Response:
        cid = web.organiser(request, concours_id)
        count("connect", request)
        return web.document(request, cid, what, "csv", None)

    @app.get("/concours", include_in_schema=False)
    def new_page() -> Response:
        return _page("concours.html")

    @app.get("/concours/{concours_id}", include_in_schema=False)
    def organiser_page(concours_id: str) -> Response:
        return _page("concours.html")

    @app.get("/concours/{concours_id}/live", include_in_schema=False)
    def live_page(concours_id: str) -> Response:
        return _page("live.html")

    return web


def _organiser_routes(app: FastAPI, web: ConcoursWeb) -> None:
    """The operations that need the organiser's key (module docstring)."""
    m = web.manager

    @app.post("/api/concours/{concours_id}/entrants", **answers(Added))
    def add(request: Request, concours_id: str, body: AddEntrants) -> dict[str, Any]:
        return web.add(web.organiser(request, concours_id), body)

    @app.post("/api/concours/{concours_id}/rename", **answers(EntrantLine))
    def rename(request: Request, concours_id: str, body: Rename) -> dict[str, Any]:
        cid = web.organiser(request, concours_id)
        with _answered():
            return views.entrant_json(m.rename(cid, body.who, body.name))

    @app.post("/api/concours/{concours_id}/withdraw", **answers(EntrantLine))
    def withdraw(request: Request, concours_id: str, body: Who) -> dict[str, Any]:
        cid = web.organiser(request, concours_id)
        with _answered():
            return views.entrant_json(m.withdraw(cid, body.who))

    @app.post("/api/concours/{concours_id}/reinstate", **answers(EntrantLine))
    def reinstate(request: Request, concours_id: str, body: Who) -> dict[str, Any]:
        cid = web.organiser(request, concours_id)
        with _answered():
            return views.entrant_json(m.reinstate(cid, body.who))

    @app.post("/api/concours/{concours_id}/draw", **answers(Drawn))
    def draw(request: Request, concours_id: str,
             body: Annotated[Draw | None, Body()] = None) -> dict[str, Any]:
        cid = web.organiser(request, concours_id)
        with _answered():
            made = m.draw(cid, (body or Draw()).seed)
            online = getattr(request.app.state, "concours_online", None)
            if online is not None:
                online.drawn()  # an online concours's rooms now, not at the next look
            return views.draw_json(m.get(cid), made)

    @app.post("/api/concours/{concours_id}/undraw", **answers(Undrawn))
    def undraw(request: Request, concours_id: str) -> dict[str, Any]:
        cid = web.organiser(request, concours_id)
        with _answered():
            last = m.undraw(cid)
            return {"undone": last.partie, "seed": last.seed}

    @app.post("/api/concours/{concours_id}/score", **answers(TableScoreLine))
    def score(request: Request, concours_id: str, body: Score) -> dict[str, Any]:
        cid = web.organiser(request, concours_id)
        with _answered():
            return m.score(cid, body.partie, body.table, body.points[0], body.points[1],
                           deal=body.deal, source="web").to_json()

    @app.post("/api/concours/{concours_id}/undo", **answers(ScoreEntryLine))
    def undo(request: Request, concours_id: str,
             body: Annotated[Undo | None, Body()] = None) -> dict[str, Any]:
        cid = web.organiser(request, concours_id)
        asked = body or Undo()
        with _answered():
            return m.undo(cid, asked.partie, asked.table).to_json()

    @app.post("/api/concours/{concours_id}/prizes", **answers(PrizeList))
    def prizes(request: Request, concours_id: str, body: Prizes) -> dict[str, Any]:
        cid = web.organiser(request, concours_id)
        with _answered():
            return {"prizes": m.set_prizes(cid, body.prizes)}

    @app.get("/api/concours/{concours_id}/log", **answers(ConcoursLog))
    def log(request: Request, concours_id: str) -> dict[str, Any]:
        cid = web.organiser(request, concours_id)
        with _answered():
            rows = web.store.log(cid)
        return {"log": [{"when": iso(w), "what": what, **facts}
                        for w, what, facts in rows]}


__all__ = ["CSV_MAX", "ConcoursWeb", "CreateConcours", "body_limit", "mount", "public_json"]
