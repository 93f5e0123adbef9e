"""The browser client of ``belote serve``: static files only (HTML, CSS, JavaScript modules,
no build step), served by :mod:`belote.server.web` at ``/`` and ``/static/``.

The page talks to the server as any client does (docs/protocol.md: the REST API and one
WebSocket); every word it shows comes from the catalog (``GET /api/i18n/{lang}``, the
``web.*`` codes and the shared card, suit and rule words). It holds no game flow: it draws the
seat's view the server sends and forwards the person's clicks as action strings."""

from __future__ import annotations

from pathlib import Path

#: the folder of the static files
STATIC_DIR = Path(__file__).resolve().parent / "static"
#: the page every browser route serves
INDEX_HTML = STATIC_DIR / "index.html"

__all__ = ["INDEX_HTML", "STATIC_DIR"]
