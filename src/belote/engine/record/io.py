"""Reading records: from a file, standard input or bytes; one JSON document or JSON Lines (one
deal record a line, as ``simulate --out`` writes them); at most :data:`MAX_RECORD_BYTES`.

One reader for every tool (``check``, ``replay``, ``analyse``, ``play --resume``): a UTF-8
byte-order mark is accepted everywhere. Every error is a :class:`RecordError` with a code
(``record.no_such_file``, ``record.not_json``, ``record.line_not_json``…) and params (the
source, the line of a JSON Lines file, the decoder's message and position).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, BinaryIO

from ..errors import RecordError, errno_name
from .shape import GAME_FORMAT

#: the most bytes a record file (or standard input) may hold: 64 MiB, about 90,000 deal
#: records of a ``simulate --bots random --out`` file (743 bytes a line, measured); more is
#: refused (``record.too_large``)
MAX_RECORD_BYTES = 64 * 1024 * 1024

#: how the errors name standard input in English (their ``source`` param is then ``"-"``)
STDIN = "standard input"


def _named(source: str) -> str:
    """``source`` as an English message names it: ``-`` is standard input."""
    return STDIN if source == "-" else source


class RecordLines(list[dict[str, Any]]):
    """The deal records of a JSON Lines file (one a line); ``numbers``: the line of each
    (1-based, blank lines skipped)."""

    def __init__(self, deals: list[dict[str, Any]], numbers: list[int]) -> None:
        super().__init__(deals)
        self.numbers = numbers


def _too_large(source: str) -> RecordError:
    mib = MAX_RECORD_BYTES // (1024 * 1024)
    return RecordError(f"{_named(source)} holds more than {mib} MiB, the most a record may hold",
                       code="record.too_large", params={"source": source, "mib": mib})


def read_stream(stream: BinaryIO, source: str = "-") -> bytes:
    """At most :data:`MAX_RECORD_BYTES` of ``stream`` (read from ``source``, a path or ``-``).
    Raises RecordError ``record.too_large`` beyond (without reading further)."""
    data = stream.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise _too_large(source)
    return data


def read_file(path: str) -> bytes:
    """The bytes of a record file, at most :data:`MAX_RECORD_BYTES`. The path is opened
    without waiting (``O_NONBLOCK``), then read as a file: a FIFO with no writer reads as
    empty at once (``b""``: not JSON to the parser), a pipe with one (``/dev/stdin``, ``<(...)``'s
    ``/dev/fd/N``) to its end, a device such as ``/dev/zero`` to the cap (``-`` reads
    standard input: :func:`read_stdin`). Raises RecordError (``record.no_such_file``,
    ``record.is_folder``, ``record.cannot_read`` with the system's reason,
    ``record.too_large``)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_BINARY", 0))
        try:
            os.set_blocking(fd, True)
            f = open(fd, "rb")  # noqa: SIM115 (the `with` below; a failed open leaves fd open)
        except BaseException:
            os.close(fd)
            raise
        with f:
            return read_stream(f, path)
    except FileNotFoundError:
        raise RecordError(f"no such file: {path}", code="record.no_such_file",
                          params={"path": path}) from None
    except IsADirectoryError:
        raise RecordError(f"{path} is a folder, not a record file", code="record.is_folder",
                          params={"path": path}) from None
    except OSError as e:
        reason = e.strerror or str(e)
        raise RecordError(f"cannot read {path}: {reason}", code="record.cannot_read",
                          params={"path": path, "reason": reason,
                                  "errno": errno_name(e)}) from None


def read_stdin() -> bytes:
    """Standard input's bytes (at most :data:`MAX_RECORD_BYTES`). Raises RecordError
    (``record.stdin_closed``, ``record.too_large``)."""
    if sys.stdin is None:
        raise RecordError("standard input is closed", code="record.stdin_closed")
    return read_stream(sys.stdin.buffer, "-")


def decode(data: bytes, source: str = "input") -> str:
    """UTF-8 bytes as text, a byte-order mark dropped (``source``: a path, ``-`` for standard
    input, as the errors name it). Raises RecordError ``record.not_utf8`` (params ``source``,
    ``reason``: the codec's fixed reason, ``"invalid start byte"``)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"{_named(source)} is not UTF-8 text: {e.reason}",
                          code="record.not_utf8",
                          params={"source": source, "reason": e.reason}) from None


def _parse(text: str, source: str, line: int | None = None) -> Any:
    """JSON text parsed; errors name ``source`` (and ``line``, a JSON Lines file's) and give
    the decoder's fixed message (``error``: ``"Expecting value"``) and position."""
    name = _named(source)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        params: dict[str, Any] = {"source": source, "error": e.msg, "at_line": e.lineno,
                                  "at_column": e.colno}
        if line is None:
            raise RecordError(f"{name} is not valid JSON: {e.msg} at line {e.lineno} column "
                              f"{e.colno}", code="record.not_json", params=params) from None
        raise RecordError(f"{name}, line {line} is not valid JSON: {e.msg} at line "
                          f"{e.lineno} column {e.colno}", code="record.line_not_json",
                          params={**params, "line": line}) from None
    except (ValueError, RecursionError) as e:  # huge integers, absurd nesting
        raise _unusable(e, source, line) from None


def _unusable(e: ValueError | RecursionError, source: str, line: int | None) -> RecordError:
    """JSON text that Python's decoder cannot hold: nested too deep (``RecursionError``), an
    integer of too many digits (``ValueError``). Code ``record.json_too_deep`` or
    ``record.json_too_many_digits`` (``record.line_json_…`` for a JSON Lines ``line``); params
    ``source``, ``kind`` (the exception's type), ``detail`` (Python's English text), ``line``."""
    name, kind, detail = _named(source), type(e).__name__, str(e)
    what, why = (("too_deep", "nested too deep") if isinstance(e, RecursionError) else
                 ("too_many_digits", "an integer of too many digits"))
    params: dict[str, Any] = {"source": source, "kind": kind, "detail": detail}
    if line is None:
        return RecordError(f"{name} is not a usable JSON record: {why}",
                           code=f"record.json_{what}", params=params)
    return RecordError(f"{name}, line {line} is not a usable JSON record: {why}",
                       code=f"record.line_json_{what}", params={**params, "line": line})


def loads_json(data: bytes | str, source: str = "input") -> Any:
    """Parse JSON text or UTF-8 bytes (a byte-order mark allowed). Raises RecordError, never
    another exception."""
    if isinstance(data, bytes):
        data = decode(data, source)
    return _parse(data.removeprefix("\ufeff"), source)


def load_json(path: str) -> Any:
    """Read a JSON file (a byte-order mark allowed, at most :data:`MAX_RECORD_BYTES`).
    Raises RecordError (not found, unreadable, too large, not UTF-8, not JSON)."""
    return loads_json(read_file(path), path)


#: the characters JSON reads as white space (RFC 8259 §2): no other blank makes a line blank
_JSON_SPACE = " \t\n\r"


def _json_lines(text: str) -> list[str]:
    """The lines of a JSON Lines text: split at ``"\n"`` only (a ``"\r"`` before it dropped),
    not at the other breaks :meth:`str.splitlines` knows (``"\f"``, U+0085, U+2028…), which
    JSON allows inside a string or refuses between two values."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def parse_record(data: bytes, source: str = "input") -> Any:
    """One JSON document, or JSON Lines of deal records (a :class:`RecordLines`) when the text
    is not one document but two or more lines of which the first is a JSON object. Raises
    RecordError (the document's error; in JSON Lines, the first bad line, by its number)."""
    text = decode(data, source)
    try:
        return _parse(text, source)
    except RecordError as e:
        first = e
    lines = [(n, x) for n, x in enumerate(_json_lines(text), 1) if x.strip(_JSON_SPACE)]
    if len(lines) < 2:
        raise first
    try:
        head = _parse(lines[0][1], source)
    except RecordError:
        raise first from None
    if not isinstance(head, dict):
        raise first
    deals = []
    for n, x in lines:  # JSON Lines: every line a deal record
        deal = _parse(x, source, n)
        if not isinstance(deal, dict):
            raise RecordError(f"{_named(source)}, line {n}: a deal record (a JSON object) "
                              "expected",
                              code="record.line_not_object", params={"source": source, "line": n})
        deals.append(deal)
    return RecordLines(deals, [n for n, _ in lines])


def read_record(path: str) -> Any:
    """The record at ``path`` (``-``: standard input), read once: one JSON document, or JSON
    Lines of deal records (a :class:`RecordLines`). Raises RecordError."""
    if path == "-":
        return parse_record(read_stdin(), "-")
    return parse_record(read_file(path), path)


def choose_deal(rec: Any, deal_no: int | None, games: bool) -> Any:
    """The record ``--deal N`` names in what :func:`read_record` read: a line of a JSON Lines
    file, or (with ``games``) a deal of a game record; any other record is itself the one deal
    (``--deal 1`` or none). Raises RecordError when N is missing or out of range (N counts
    from 1: 0 and below are refused, never read from the end)."""
    lines = isinstance(rec, RecordLines)
    if not (lines or (games and isinstance(rec, dict) and rec.get("format") == GAME_FORMAT)):
        if deal_no not in (None, 1):
            if games:
                raise RecordError("--deal chooses a deal of a game record or a line of a "
                                  "simulate --out file; this is a single deal record (--deal 1)",
                                  code="record.single_deal")
            raise RecordError("--deal chooses a line of a simulate --out file; this is a single "
                              "record (--deal 1)", code="record.single_record")
        return rec
    deals = rec if lines else rec.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError("the game record has no deal", where="deals", code="record.no_deal")
    if deal_no is None or not 1 <= deal_no <= len(deals):
        what = f"a file of {len(deals)} deal records (one a line)" if lines else \
            f"a game of {len(deals)} deals"
        code = "record.choose_line" if lines else "record.choose_deal"
        params: dict[str, Any] = {"count": len(deals)}
        tail = ""
        if deal_no is not None:
            code, tail, params["given"] = code + "_not", f" (not {deal_no})", deal_no
        raise RecordError(f"this is {what}: choose one with --deal 1..{len(deals)}{tail}",
                          code=code, params=params)
    return deals[deal_no - 1]
