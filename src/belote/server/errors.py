"""The server's refusals: typed errors with a catalog code and the HTTP status they answer.

Every error a client can receive is a :class:`ServerError` (a
:class:`~belote.engine.errors.BeloteError`, so a ``ValueError``) or an engine error (a wrong
turn, an illegal card naming its rule). Its words come from :func:`belote.i18n.message` in the
client's language; ``status`` is the HTTP status of a REST answer (a WebSocket error message
carries the code only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.errors import BeloteError, Param


class ServerError(BeloteError):
    """A request the server refuses: ``code`` ``server.*`` (dotted, in both catalogs),
    ``params`` its facts, ``status`` the HTTP status (400 by default)."""

    default_code = "server.bad_request"

    def __init__(self, message: str, *, code: str, status: int = 400,
                 params: Mapping[str, Param] | None = None) -> None:
        super().__init__(message, code=code, params=params)
        self.status = status


def unknown_table(table: str) -> ServerError:
    """``server.unknown_table`` (404): no table has this id."""
    table = table[:40]  # an id is 16 characters: no need to echo a long one back
    return ServerError(f"no table {table}", code="server.unknown_table", status=404,
                       params={"table": table})


def unknown_code(code: str) -> ServerError:
    """``server.unknown_code`` (404): no waiting table has this invite code."""
    return ServerError(f"no table with the invite code {code}", code="server.unknown_code",
                       status=404, params={"code": code})


def bad_token() -> ServerError:
    """``server.bad_token`` (401): the seat token is missing or belongs to no seat here."""
    return ServerError("this seat token belongs to no seat of this table",
                       code="server.bad_token", status=401)


def not_creator() -> ServerError:
    """``server.not_creator`` (403): only the creator's token may do this."""
    return ServerError("only the table's creator may do this", code="server.not_creator",
                       status=403)


def refused_fields(errors: Sequence[Mapping[str, Any]], kind: str, lang: str) -> ServerError:
    """pydantic's first error of a request body (``kind`` ``request``: ``server.bad_request``,
    422) or of a WebSocket message (``message``: ``server.bad_message``) as a
    :class:`ServerError` naming the field (``body.name`` → ``name``; none: ``body`` or
    ``message``) and the reason in ``lang``: the catalog's ``server.reason.<pydantic error
    type>`` with the error's context (``max_length``, ``tag``…), else ``server.reason.other``.
    """
    from .. import i18n  # the catalog words the reason; the error keeps the code

    first = errors[0] if errors else {}
    loc = [str(p) for p in first.get("loc", ())]
    if loc[:1] == ["body"]:
        loc = loc[1:]
    field = ".".join(loc) or ("body" if kind == "request" else "message")
    context = {k: v if isinstance(v, int | float) else str(v)
               for k, v in dict(first.get("ctx") or {}).items()}
    reason_code = f"server.reason.{first.get('type', 'other')}"
    if not i18n.has(reason_code, lang):
        reason_code = "server.reason.other"
    try:
        reason = i18n.tr(reason_code, lang, **context)
    except (KeyError, IndexError, ValueError):
        reason = i18n.tr("server.reason.other", lang)
    code = "server.bad_request" if kind == "request" else "server.bad_message"
    return ServerError(f"bad {kind} ({field}): {reason}", code=code,
                       status=422 if kind == "request" else 400,
                       params={"field": field, "reason": reason})


def error_line(error: BaseException) -> str:
    """What a failed database call says, in one line for the log, without the statement and
    its parameters (SQLAlchemy adds them: a seat's token hash, a seed)."""
    lines = str(getattr(error, "orig", None) or error).splitlines()
    return lines[0] if lines and lines[0] else type(error).__name__


__all__ = ["ServerError", "bad_token", "error_line", "not_creator", "refused_fields",
           "unknown_code", "unknown_table"]
