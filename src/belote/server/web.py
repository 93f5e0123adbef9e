"""The browser client's routes (issue 18): the page, its static files, the catalog and the
presets it draws its forms from.

* ``GET /`` and ``GET /t/{CODE}`` when the browser asks for HTML → the page
  (:data:`belote.web.INDEX_HTML`); the page reads the route from its address;
* ``GET /static/{file}`` → the page's scripts and styles;
* ``GET /api/i18n/{lang}`` → the catalog of ``lang`` as ``{code: wording}`` (404
  ``server.unknown_lang`` for a language the catalog lacks);
* ``GET /api/presets`` → ``{"presets": {name: Rules.to_dict()}, "options": [{"name", "kind",
  "choices"}…], "bots": [level…]}``: every preset and option of ``-o`` (docs/rules-notes.md)
  with the values a form may offer;
* ``GET /api/bots?lang=`` → ``{"bots": [{"name", "label", "levels", "default"}…],
  "max_level"}`` (:class:`BotsAnswer`): the bots a table may seat
  (:func:`belote.bots.bot_list`), named in ``lang`` (French by default).
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import i18n
from ..bots import BOT_NAMES, MAX_WORLDS, bot_list
from ..engine.rules import PRESET_NAMES, PRESETS, Rules
from ..web import INDEX_HTML, STATIC_DIR
from .errors import ServerError
from .replies import BotInfo, BotsAnswer, Catalog, Presets, answers

#: the page's cache policy: a browser asks again each time (the files change with the package)
REVALIDATE = {"Cache-Control": "no-cache"}


def wants_html(request: Request) -> bool:
    """Whether the request comes from a browser's address bar (``Accept`` lists
    ``text/html``) rather than from a script asking for JSON."""
    return "text/html" in request.headers.get("accept", "")


def page() -> Response:
    """The page itself (every browser route)."""
    return FileResponse(INDEX_HTML, media_type="text/html; charset=utf-8", headers=REVALIDATE)


def option_kinds() -> list[dict[str, Any]]:
    """Every rules option a table may set (the names of ``-o``), in :class:`Rules` order:
    ``kind`` is ``bool``, ``int``, ``choice`` (``choices``: the allowed values) or
    ``packets`` (sizes of 2 and 3)."""
    hints = typing.get_type_hints(Rules)
    out: list[dict[str, Any]] = []
    for f in dataclasses.fields(Rules):
        if f.name == "preset_name":
            continue
        hint = hints[f.name]
        entry: dict[str, Any] = {"name": f.name}
        if hint is bool:
            entry["kind"] = "bool"
        elif hint is int:
            entry["kind"] = "int"
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            entry.update(kind="choice", choices=[m.value for m in hint])
        elif typing.get_origin(hint) is typing.Literal:
            entry.update(kind="choice", choices=list(typing.get_args(hint)))
        else:
            entry["kind"] = "packets"
        out.append(entry)
    return out


def presets_json() -> dict[str, Any]:
    """The body of ``GET /api/presets`` (module docstring)."""
    return {"presets": {name: PRESETS[name].to_dict() for name in PRESET_NAMES},
            "options": option_kinds(), "bots": list(BOT_NAMES)}


def bots_answer(lang: str) -> BotsAnswer:
    """The body of ``GET /api/bots`` in ``lang`` (French for a language the catalog lacks)."""
    lang = lang if lang in i18n.LANGS else i18n.DEFAULT_LANG
    return BotsAnswer(bots=[BotInfo(name=b.name, label=i18n.bot_name(b.name, lang),
                                    levels=b.levels, default=b.default) for b in bot_list()],
                      max_level=MAX_WORLDS)


def mount(app: FastAPI) -> None:
    """Add the browser client's routes to ``app`` (``/t/{CODE}`` itself is the invite
    route of :mod:`belote.server.app`, which hands browsers :func:`page`)."""
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    presets = presets_json()

    @app.get("/", include_in_schema=False)
    def index() -> Response:
        return page()

    @app.get("/api/i18n/{lang}", response_model=Catalog)
    def catalog(lang: str) -> JSONResponse:
        if lang not in i18n.LANGS:
            raise ServerError(f"no catalog for language {lang[:8]!r}", code="server.unknown_lang",
                              status=404, params={"lang": lang[:8], "langs": " ".join(i18n.LANGS)})
        return JSONResponse(i18n.export(lang), headers=REVALIDATE)

    @app.get("/api/presets", **answers(Presets))
    def presets_route() -> dict[str, Any]:
        return presets

    @app.get("/api/bots", response_model=BotsAnswer)
    def bots_route(lang: str = "fr") -> BotsAnswer:
        return bots_answer(lang)


__all__ = ["BotInfo", "BotsAnswer", "bots_answer", "mount", "option_kinds", "page",
           "presets_json", "wants_html"]
