"""TEMPORARY placeholder (replaced by the draw helper's module this session): a plain
shuffle into tables, no constraints."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .errors import ConcoursError
from .model import Format, Leftover, PartieDraw, Side, TableDraw


def draw_partie(fmt: Format, entrants: Sequence[int], history: Sequence[PartieDraw], seed: int,
                *, leftover: Leftover = Leftover.BYE, ranking: Sequence[int] | None = None,
                partie: int | None = None) -> PartieDraw:
    ids = sorted(entrants)
    size = 4 if fmt == Format.MELEE else 2
    if len(ids) < size:
        raise ConcoursError("too few", code="concours.draw.too_few",
                            params={"count": len(ids), "needed": size})
    rng = random.Random(seed)
    rng.shuffle(ids)
    out: list[int] = []
    seats: list[int | None] = list(ids)
    if len(ids) % size:
        if leftover == Leftover.BYE:
            out = sorted(ids[len(ids) - len(ids) % size:])
            seats = list(ids[:len(ids) - len(ids) % size])
        else:
            seats += [None] * (size - len(ids) % size)
    tables = []
    for i in range(0, len(seats), size):
        chunk = seats[i:i + size]
        half = size // 2
        sides: tuple[Side, Side] = (tuple(chunk[:half]), tuple(chunk[half:]))
        tables.append(TableDraw(i // size + 1, sides))
    return PartieDraw(partie or len(history) + 1, seed, tuple(tables), tuple(out))
