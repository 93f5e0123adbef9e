"""``belote serve``: online tables on this machine (the server of :mod:`belote.server`)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..engine import BeloteError
from ..server.defaults import KEEP_IDLE
from ..server.defaults import RATES as DEFAULTS
from .messages import _lang
from .options import LangOpt
from .output import _fail, json_text


def _announce(address: str) -> None:
    print(address, flush=True)


def serve(
    host: Annotated[str, typer.Option(
        help="Address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network, "
             "behind a TLS reverse proxy).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(
        help="Port to listen on (0: any free port; the address is printed).", min=0,
        max=65535)] = 8000,
    database: Annotated[str | None, typer.Option(
        help="Database URL: sqlite:///PATH or postgresql+psycopg://USER@HOST/NAME "
             "(default: server.db in the data folder).")] = None,
    takeover_after: Annotated[float, typer.Option(
        help="Seconds before a bot plays for a player whose connection dropped.",
        min=0)] = 60.0,
    bot_delay: Annotated[float, typer.Option(
        help="Seconds a bot's turn lasts at least, so that people can follow.", min=0)] = 0.6,
    keep_idle: Annotated[float, typer.Option(
        help="Seconds a table with nobody connected and nothing happening is kept (resumable) "
             "before it is closed; its record stays downloadable (0: for ever).",
        min=0)] = KEEP_IDLE,
    create_limit: Annotated[str, typer.Option(
        help="Table creations allowed per client address: N/second, N/minute, N/hour or "
             "N/day (several separated by ;), or off.")] = DEFAULTS["create"],
    join_limit: Annotated[str, typer.Option(
        help="Joins allowed per client address (same notation).")] = DEFAULTS["join"],
    connect_limit: Annotated[str, typer.Option(
        help="WebSocket connection attempts allowed per client address (same "
             "notation).")] = DEFAULTS["connect"],
    trust_proxy: Annotated[str, typer.Option(
        help="Addresses of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto "
             "headers are believed (comma-separated; * any). Default: none, the client "
             "address is the socket peer's.")] = "",
    ws_deflate: Annotated[bool, typer.Option(
        "--ws-deflate", help="Compress WebSocket messages (permessage-deflate) for the clients "
        "that ask: less traffic, about 45 KiB more memory a connection and more CPU. "
        "Default: off.")] = False,
    public_url: Annotated[str, typer.Option(
        help="The address people reach the server at, as invite links start with it "
             "(https://belote.example.org). Default: none, the address each request names "
             "(its Host header, which any client can set).")] = "",
    schema: Annotated[bool, typer.Option(
        "--schema", help="Print the JSON Schema of the WebSocket protocol and exit.")] = False,
    lang: LangOpt = "fr",
) -> None:
    """Serve online tables: the API and the WebSocket protocol (docs/protocol.md). Prints the
    address it listens on, then logs to standard error until stopped (Ctrl-C)."""
    _lang(lang)
    if schema:
        from ..server.protocol import json_schema
        print(json_text(json_schema(), indent=2))
        return
    from ..server.ratelimit import RateLimits
    from ..server.rooms import Settings
    from ..server.run import serve as run
    try:
        run(host, port, database,
            Settings(bot_delay=bot_delay, takeover_after=takeover_after, keep_idle=keep_idle),
            announce=_announce,
            limits=RateLimits(create=create_limit, join=join_limit, connect=connect_limit),
            trust_proxy=trust_proxy, ws_deflate=ws_deflate, public_url=public_url or None,
            lang=lang)
    except BeloteError as e:
        _fail(e, lang)
