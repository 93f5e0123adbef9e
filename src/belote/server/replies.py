"""The bodies the REST routes answer (docs/api.md, docs/protocol.md, docs/concours-web.md), as
pydantic models: each route declares its own (:func:`answers`), so that ``/openapi.json``
documents every response.

A route returns the dict it always has; the model checks it on the way out and writes it
back as it was: every model takes keys it does not list (``extra="allow"``) and the routes
leave out the fields a body did not hold (``response_model_exclude_unset``), so that no key
is added, dropped or retyped (no ``float`` field: it would write ``3`` as ``3.0``). A body
that does not fit its model is a bug, answered 500 ``server.internal``
(tests/server/test_openapi.py checks every route against its model).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .protocol import SeatInfo, TableInfo


class Reply(BaseModel):
    """A JSON object answered by a route: the keys listed, and any other kept as given."""

    model_config = ConfigDict(extra="allow")


def answers(model: Any) -> dict[str, Any]:
    """A route decorator's keywords for a body of ``model`` written back exactly as the
    route returned it (see the module docstring)."""
    return {"response_model": model, "response_model_exclude_unset": True}


# -- tables (belote.server.app, belote.server.tables) -------------------------------------------

class Health(Reply):
    """``GET /api/health``: ``status`` ``"ok"``, the server's ``version`` and ``protocol``."""

    status: str
    version: str
    protocol: int


class TableCreated(Reply):
    """``POST /api/tables`` (201): the table's id, invite ``code`` and link, and the
    creator's ``seat`` and secret ``token``."""

    table: str
    code: str
    invite: str
    seat: int
    token: str


class Joined(Reply):
    """``POST /api/join/{CODE}``: the table, the seat given and its secret ``token``."""

    table: str
    seat: int
    token: str


class TableFacts(TableInfo):
    """``GET /api/tables/{ID}`` (and the answer of ``start``, ``end``, ``seats/{S}/bot``):
    the table's public facts, its seats, the teams' ``scores`` and ``log_seq`` (the
    actions logged)."""

    model_config = ConfigDict(extra="allow")

    seats: list[SeatInfo]
    scores: list[int]
    log_seq: int


class RecordPlayer(Reply):
    """Who sat at a seat in a record: ``kind`` ``open`` | ``human`` | ``bot``."""

    seat: int
    name: str
    kind: str


class TableRecord(Reply):
    """``GET /api/tables/{ID}/record``: the ``belote-game/1`` record (docs/records.md) of
    the deals finished, ``seed`` null until the table is over; its ``commitment`` and
    ``players``."""

    format: str
    preset: str
    options: dict[str, Any]
    seed: Any = None
    first_dealer: int | None = None
    deals: list[dict[str, Any]]
    scores: list[int] | None = None
    held: int | None = None
    over: bool | None = None
    winner: int | None = None
    commitment: str
    players: list[RecordPlayer]


class Invite(Reply):
    """``GET /api/invite/{CODE}`` and ``GET /t/{CODE}`` as JSON: a table's code, status,
    where to join it, its open seats and seats, its preset."""

    table: str
    code: str
    status: str
    join: str
    open_seats: list[int]
    seats: list[SeatInfo]
    preset: str


# -- help and review (belote.server.review) --------------------------------------------------

class Hint(Reply):
    """``POST /api/tables/{ID}/hint``: the expert's ``action`` (record text), the ``card``
    it plays (None: a bid), the ``worlds`` it sampled and each card's mean ``values``;
    ``move``: ``action`` as the view's legal move of it (``legal_moves``)."""

    action: str
    card: str | None
    worlds: int
    values: dict[str, Any]
    move: dict[str, Any] | None = None


class Analysis(Reply):
    """``GET /api/tables/{ID}/deals/{N}/analysis``: the double-dummy value of each card
    played in deal ``deal``."""

    deal: int
    cards: list[dict[str, Any]]


class ReplaySeat(Reply):
    seat: int
    name: str
    kind: str


class ReplayTrick(Reply):
    leader: int
    cards: list[str]
    winner: int


class ReplayDeal(Reply):
    """One finished deal: the dealer, the hands dealt, the card turned, the bids and cards
    ``[seat, text]``, the tricks, the belotes ``[seat, suit]``, contract and result."""

    deal_index: int
    dealer: int
    hands: list[list[str]]
    turned: str | None
    bids: list[list[Any]]
    contract: dict[str, Any] | None
    plays: list[list[Any]]
    tricks: list[ReplayTrick]
    belotes: list[list[Any]]
    result: dict[str, Any] | None
    bid_moves: list[list[Any]]


class Replay(Reply):
    """``GET /api/tables/{ID}/replay``: every finished deal of the table."""

    table: str
    preset: str
    seats: list[ReplaySeat]
    deals: list[ReplayDeal]


# -- the browser client (belote.server.web) ---------------------------------------------------

class OptionKind(Reply):
    """A rules option: ``kind`` ``bool`` | ``int`` | ``choice`` (``choices``) | ``packets``."""

    name: str
    kind: str
    choices: list[Any] | None = None


class Presets(Reply):
    """``GET /api/presets``: every preset's rules, the options a table may set, the bots."""

    presets: dict[str, dict[str, Any]]
    options: list[OptionKind]
    bots: list[str]


class BotInfo(Reply):
    """One bot of ``GET /api/bots``: ``name`` (what ``bot:NAME`` seats), ``label`` (its name
    in the asked language), ``levels`` (whether ``NAME:N`` sets its level), ``default``."""

    name: str
    label: str
    levels: bool
    default: bool


class BotsAnswer(Reply):
    """The body of ``GET /api/bots``: the bots in the order to offer them, and the highest
    level (``expert:N``: N worlds a decision)."""

    bots: list[BotInfo]
    max_level: int


#: ``GET /api/i18n/{LANG}``: the catalog, message code → its text
Catalog = dict[str, str]


# -- the club concours (belote.server.concours_web) -------------------------------------------

class ConcoursCreated(Reply):
    """``POST /api/concours`` (201): its code, the organiser's secret ``key`` and pages."""

    id: str
    key: str
    organiser_url: str
    live_url: str


class EntrantLine(Reply):
    """A player or pair registered: ``joined`` its first partie, ``withdrawn`` the first
    missed (None: playing)."""

    id: int
    name: str
    members: list[str]
    joined: int
    withdrawn: int | None


class Added(Reply):
    """``POST /api/concours/{ID}/entrants``: the entrants registered, in order."""

    added: list[EntrantLine]


class DrawTable(Reply):
    """A table drawn: its number and the names of each side (a bot: "Bot N")."""

    table: int
    teams: list[list[str]]


class Drawn(Reply):
    """``POST /api/concours/{ID}/draw``: the partie drawn (``belote concours draw --json``'s
    shape), ``rooms`` for an online concours."""

    partie: int
    seed: int
    tables: list[DrawTable]
    out: list[str]
    rooms: list[str | None] | None = None


class Undrawn(Reply):
    """``POST /api/concours/{ID}/undraw``: the partie taken back and its seed."""

    undone: int
    seed: int


class TableScoreLine(Reply):
    """``POST /api/concours/{ID}/score``: the table's score now (``points`` once
    complete)."""

    partie: int
    table: int
    lines: list[list[int]]
    total: list[int] | None
    points: list[int] | None
    complete: bool


class ScoreEntryLine(Reply):
    """``POST /api/concours/{ID}/undo``: the entry undone (``undone`` when, ISO 8601)."""

    id: int
    partie: int
    table: int
    deal: int | None
    points: list[int]
    source: str
    created: str
    undone: str | None


class PrizeList(Reply):
    """``POST /api/concours/{ID}/prizes``: the prizes kept, first prize first."""

    prizes: list[str]


class LogLine(Reply):
    """One change: ``when`` (ISO 8601), ``what``, then its facts."""

    when: str
    what: str


class ConcoursLog(Reply):
    """``GET /api/concours/{ID}/log``: every change, in order."""

    log: list[LogLine]


class PrizeLine(Reply):
    place: int
    rank: int
    name: str
    points: Any
    prize: str


class ConcoursPublic(Reply):
    """``GET /api/concours/{ID}``: the settings, entrants, parties drawn (each table's
    sides and score), the ranking and prize list, and ``version`` (its ETag)."""

    id: str
    name: str
    date: str
    place: str
    preset: str
    options: dict[str, Any]
    format: str
    parties: int
    deals: int | None
    target: int | None
    leftover: str
    bye: int | None
    online: bool
    prizes: list[str]
    created: str
    entrants: list[EntrantLine]
    parties_drawn: list[dict[str, Any]]
    current: int
    next_partie: int
    complete: bool
    ranking: list[dict[str, Any]]
    prize_list: list[PrizeLine]
    version: str


class Refusal(BaseModel):
    """Every refusal's body (4xx, 5xx; the WebSocket's :class:`~.protocol.ErrorMessage`):
    ``type`` ``"error"``, ``code`` the catalog code, ``message`` its words in the client's
    language."""

    type: Literal["error"] = "error"
    code: str
    message: str


#: what every route documents besides its success: a request refused (a field missing, of
#: the wrong type…) answers 422 with the server's own :class:`Refusal`, not FastAPI's shape
REFUSED: dict[int | str, dict[str, Any]] = {
    422: {"model": Refusal, "description": "the request refused (a field missing or wrong)"}}

#: the routes that answer a file, and its media type
PDF: dict[int | str, dict[str, Any]] = {
    200: {"content": {"application/pdf": {}}, "description": "the PDF, as an attachment"}}
CSV: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/csv": {}}, "description": "the CSV file, as an attachment"}}
HTML: dict[int | str, dict[str, Any]] = {200: {"content": {"text/html": {}},
              "description": "the page, for a browser (Accept: text/html)"}}


__all__ = ["CSV", "HTML", "PDF", "Added", "Analysis", "Catalog", "ConcoursCreated",
           "ConcoursLog", "ConcoursPublic", "Drawn", "EntrantLine", "Health", "Hint", "Invite",
           "Joined", "LogLine", "OptionKind", "PrizeList", "Presets", "REFUSED", "Refusal",
           "Replay", "Reply",
           "ScoreEntryLine", "TableCreated", "TableFacts", "TableRecord", "TableScoreLine",
           "Undrawn", "answers"]
