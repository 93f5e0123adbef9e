"""Why a file could not be read or written, worded from the failure's structure: an
:class:`OSError` by its ``errno``, a :class:`json.JSONDecodeError` by its ``msg`` (one of the
decoder's fixed messages) and position, a :class:`UnicodeDecodeError` by its ``reason``; the
catalog words each (``os.eacces``, ``json.expecting_value``, ``utf8.invalid_start_byte``).

What the catalog lacks is left as Python gives it (in English).
"""

from __future__ import annotations

import errno
import json
from typing import Any

from .. import i18n
from ..engine import BeloteError, RecordError

#: the messages of Python's JSON decoder (``JSONDecodeError.msg``: a fixed set, the C scanner's
#: and the pure-Python decoder's) → their code in the catalog
JSON_MESSAGES: dict[str, str] = {
    "Expecting value": "json.expecting_value",
    "Expecting property name enclosed in double quotes": "json.expecting_property_name",
    "Expecting ',' delimiter": "json.expecting_comma",
    "Expecting ':' delimiter": "json.expecting_colon",
    "Extra data": "json.extra_data",
    "Unterminated string starting at": "json.unterminated_string",
    "Invalid control character at": "json.invalid_control_character",
    "Invalid \\escape": "json.invalid_escape",
    "Invalid \\uXXXX escape": "json.invalid_uxxxx_escape",
    "Illegal trailing comma before end of object": "json.trailing_comma_object",
    "Illegal trailing comma before end of array": "json.trailing_comma_array",
}
#: the UTF-8 codec's reasons (``UnicodeDecodeError.reason``) → their code in the catalog
UTF8_REASONS: dict[str, str] = {
    "invalid start byte": "utf8.invalid_start_byte",
    "invalid continuation byte": "utf8.invalid_continuation_byte",
    "unexpected end of data": "utf8.unexpected_end_of_data",
}


def _catalog_or(code: str | None, lang: str, fallback: str) -> str:
    return i18n.tr(code, lang) if code is not None and i18n.has(code, lang) else fallback


def errno_name(e: OSError) -> str | None:
    """The symbolic name of ``e``'s errno (``"EACCES"``), None when it has none."""
    return errno.errorcode.get(e.errno) if isinstance(e.errno, int) else None


def os_reason(name: str | None, strerror: str, lang: str) -> str:
    """What the system says of a file: the catalog's ``os.<name>`` (``name`` an errno name,
    ``"EACCES"``), else ``strerror`` as the system gives it."""
    return _catalog_or(f"os.{name.lower()}" if name else None, lang, strerror)


def json_reason(msg: str, lang: str) -> str:
    """A JSON decoder's message (``"Expecting value"``) in ``lang``."""
    return _catalog_or(JSON_MESSAGES.get(msg), lang, msg)


def utf8_reason(reason: str, lang: str) -> str:
    """A UTF-8 decoding failure's reason (``"invalid start byte"``) in ``lang``."""
    return _catalog_or(UTF8_REASONS.get(reason), lang, reason)


def os_params(e: OSError) -> dict[str, Any]:
    """The params of an error about ``e``: ``errno`` (its name), ``reason`` (``strerror``)."""
    return {"errno": errno_name(e), "reason": e.strerror or str(e)}


def json_params(e: json.JSONDecodeError) -> dict[str, Any]:
    """The params of an error about ``e``: the decoder's ``json_msg``, ``reason`` (the same,
    English), ``line`` and ``column`` (from 1)."""
    return {"json_msg": e.msg, "reason": e.msg, "line": e.lineno, "column": e.colno}


def from_context(error: BaseException) -> tuple[str, dict[str, Any]] | None:
    """An uncoded :class:`RecordError` raised on reading a file (``engine.record.read_file``,
    ``load_json``) as a code and params of the catalog, from the exception it was raised
    during (its ``__context__``: the OSError, the JSON or UTF-8 decoding error); None for any
    other error."""
    if not isinstance(error, RecordError) or error.code != RecordError.default_code:
        return None
    cause = error.__context__
    if isinstance(cause, OSError) and cause.filename is not None:
        path = str(cause.filename)
        if isinstance(cause, FileNotFoundError):
            return "cli.read.no_such_file", {"path": path}
        if isinstance(cause, IsADirectoryError):
            return "cli.read.is_folder", {"path": path}
        return "cli.read.cannot_read", {"path": path, **os_params(cause)}
    where = error.where
    if where is None:
        return None
    source = {"path": where, "source": where, "line_no": None}
    if isinstance(cause, json.JSONDecodeError):
        return "cli.read.not_json", {**source, **json_params(cause)}
    if isinstance(cause, UnicodeDecodeError):
        return "cli.read.not_utf8", {**source, "utf8_reason": cause.reason,
                                     "reason": cause.reason}
    return None


def worded(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """``params`` of a ``cli.*`` message with what the language changes worded in ``lang``: the
    ``reason`` (from ``errno``, ``json_msg`` or ``utf8_reason``) and the ``source`` (from
    ``path``, ``-`` for standard input, and ``line_no``, a line of a JSON Lines file)."""
    out = dict(params)
    if "errno" in params:
        out["reason"] = os_reason(params.get("errno"), str(params.get("reason", "")), lang)
    if "json_msg" in params:
        out["reason"] = json_reason(str(params["json_msg"]), lang)
    if "utf8_reason" in params:
        out["reason"] = utf8_reason(str(params["utf8_reason"]), lang)
    if "path" in params and "source" in params:
        path = params["path"]
        source = i18n.tr("cli.read.stdin", lang) if path == "-" else str(path)
        if params.get("line_no") is not None:
            source = i18n.tr("cli.read.source_line", lang, source=source,
                             line_no=params["line_no"])
        out["source"] = source
    return out


def is_coded(error: BaseException, lang: str) -> bool:
    """Whether the catalog words ``error`` (a BeloteError with a code of its own in it)."""
    return (isinstance(error, BeloteError) and error.code != BeloteError.default_code
            and i18n.has(error.code, lang))
