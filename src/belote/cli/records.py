"""Reading the records the commands take: one JSON document or JSON Lines (``simulate
--out``), and the one deal ``--deal N`` names."""

from __future__ import annotations

import json
import sys
from typing import Any

from ..engine import BeloteError, RecordError
from ..engine.record import GAME_FORMAT, loads_json, read_file
from .reasons import json_params


class _Lines(list[Any]):
    """The deal records of a JSON Lines file (``simulate --out``: one a line); ``numbers``:
    the line of each."""

    def __init__(self, deals: list[Any], numbers: list[int]) -> None:
        super().__init__(deals)
        self.numbers = numbers


def _read_record(record: str, lang: str = "en") -> Any:
    """The record at ``record`` (a path, or ``-`` for standard input), read once: one JSON
    document, or JSON Lines, one deal record a line as ``simulate --out`` writes them (a
    :class:`_Lines`). A UTF-8 byte-order mark is allowed. Raises RecordError (unreadable, not
    JSON; in JSON Lines, the first bad line by its number), with a code of the catalog."""
    if record == "-":
        if sys.stdin is None:
            raise RecordError("standard input is closed", code="cli.read.stdin_closed")
        data, source = sys.stdin.buffer.read(), "standard input"
    else:
        data, source = read_file(record), record
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"{source} is not UTF-8 text: {e.reason}", code="cli.read.not_utf8",
                          params={"path": record, "source": source, "line_no": None,
                                  "utf8_reason": e.reason, "reason": e.reason}) from None
    try:
        return _loads(text, record)
    except RecordError as e:
        first = e
    lines = [(n, x) for n, x in enumerate(text.splitlines(), 1) if x.strip()]
    if len(lines) < 2:
        raise first
    try:
        head = _loads(lines[0][1], record)
    except RecordError:
        raise first from None
    if not isinstance(head, dict):
        raise first
    deals = []
    for n, x in lines:  # JSON Lines: every line a deal record
        d = _loads(x, record, n)
        if not isinstance(d, dict):
            raise RecordError(f"{source}, line {n}: a deal record (a JSON object) expected",
                              code="cli.read.line_not_object",
                              params={"path": record, "source": f"{source}, line {n}",
                                      "line_no": n})
        deals.append(d)
    return _Lines(deals, [n for n, _ in lines])


def _loads(text: str, record: str, line_no: int | None = None) -> Any:
    """:func:`belote.engine.record.loads_json` of ``text`` read from ``record`` (a path, ``-``
    for standard input; ``line_no``: a line of a JSON Lines file), its error as a RecordError
    coded ``cli.read.not_json`` with the decoder's message and position. Raises RecordError."""
    source = "standard input" if record == "-" else record
    if line_no is not None:
        source = f"{source}, line {line_no}"
    try:
        return loads_json(text, source)
    except RecordError as e:
        cause = e.__context__
        if not isinstance(cause, json.JSONDecodeError):
            raise
        raise RecordError(str(e), code="cli.read.not_json",
                          params={"path": record, "source": source, "line_no": line_no,
                                  **json_params(cause)}) from None


def _choose_deal(rec: Any, deal_no: int | None, games: bool) -> Any:
    """The record ``--deal N`` names in what :func:`_read_record` read: a line of a JSON Lines
    file, or (with ``games``) a deal of a game record; any other record is itself the one deal
    (``--deal 1`` or none). Raises BeloteError when N is missing or out of range."""
    lines = isinstance(rec, _Lines)
    if lines or (games and isinstance(rec, dict) and rec.get("format") == GAME_FORMAT):
        deals = rec if lines else rec.get("deals")
        if not isinstance(deals, list) or not deals:
            raise BeloteError("deals: the game record has no deal", code="cli.choose.no_deal")
        if deal_no is None or deal_no > len(deals):
            what = f"a file of {len(deals)} deal records (one a line)" if lines else \
                f"a game of {len(deals)} deals"
            code = ("cli.choose.lines" if lines else "cli.choose.game") + \
                ("" if deal_no is None else "_not")
            raise BeloteError(f"this is {what}: choose one with --deal 1..{len(deals)}"
                              + ("" if deal_no is None else f" (not {deal_no})"),
                              code=code, params={"count": len(deals), "deal_no": deal_no})
        return deals[deal_no - 1]
    if deal_no not in (None, 1):
        raise BeloteError("--deal chooses a deal of a game record or a line of a simulate --out "
                          "file; this is a single deal record (--deal 1)" if games else
                          "--deal chooses a line of a simulate --out file; this is a single "
                          "record (--deal 1)",
                          code="cli.choose.single_game" if games else "cli.choose.single")
    return rec

