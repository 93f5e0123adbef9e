"""TEMPORARY placeholder (replaced by the sheet helper's module this session)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.rules import Rules
from .errors import ConcoursError


def check_lines(rules: Rules, lines: Sequence[tuple[int, int]], *, deals: int | None) -> list[object]:
    for a, b in lines:
        check_total(rules, a, b, deals=deals)
    return []


def check_total(rules: Rules, a: int, b: int, *, deals: int | None) -> None:
    if a < 0 or b < 0:
        raise ConcoursError("negative", code="concours.line.negative", params={"a": a, "b": b})
