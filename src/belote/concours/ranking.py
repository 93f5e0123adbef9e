"""The ranking of a concours: each entrant's points are the sum of his teams' points over the
parties (seed 000: "Chaque joueur enregistre donc ses points"), a bye scoring a documented
value; ties are broken by the parties won, then the points conceded (fewer first), then a
lot drawn with the concours (docs/concours.md "Ranking").
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .model import Entrant, PartieDraw, RankRow

#: a table's two side totals for a partie, or None while it is not fully scored
TableResult = tuple[int, int] | None


def bye_points(draw: PartieDraw, results: Mapping[tuple[int, int], TableResult],
               fixed: int | None) -> int | None:
    """The points a bye scores in ``draw``'s partie: ``fixed`` when the concours sets one,
    else the mean of the points of every side of the partie's scored tables, rounded to the
    point (half up); None while no table of the partie is scored (the bye is not counted
    yet)."""
    if fixed is not None:
        return fixed
    marks = [points for t in draw.tables
             if (r := results.get((draw.partie, t.table))) is not None for points in r]
    if not marks:
        return None
    return (2 * sum(marks) + len(marks)) // (2 * len(marks))


@dataclass
class _Tally:
    points: int = 0
    won: int = 0
    conceded: int = 0
    played: int = 0
    byes: int = 0


def lot_order(entrants: Sequence[int], lot: int) -> dict[int, int]:
    """The last tie-break: each entrant's place in a shuffle of the ids seeded by the
    concours's ``lot`` (drawn when it is created), 0 first."""
    ids = sorted(entrants)
    random.Random(lot).shuffle(ids)
    return {e: i for i, e in enumerate(ids)}


def rank(entrants: Mapping[int, Entrant], draws: Sequence[PartieDraw],
         results: Mapping[tuple[int, int], TableResult], *, bye: int | None,
         lot: int) -> list[RankRow]:
    """The ranking, best first. ``results``: (partie, table) → the two sides' points, None
    (or absent) for a table not fully scored (it counts for nobody yet). An entrant's
    ``points`` add his side's total at each partie played and a bye's points
    (:func:`bye_points`) for each partie sat out; ``won`` counts the parties where his side
    marked more than the other; ``conceded`` adds the other side's totals (a bye concedes its
    own points). Order: points (most first), won (most), conceded (fewest), then the lot
    (:func:`lot_order`): ranks are 1..n, no two alike."""
    tally = {e: _Tally() for e in entrants}
    per: dict[int, dict[int, int]] = {e: {} for e in entrants}
    for draw in draws:
        for t in draw.tables:
            result = results.get((draw.partie, t.table))
            if result is None:
                continue
            for side, members in enumerate(t.sides):
                own, other = result[side], result[1 - side]
                for e in members:
                    if e is None or e not in tally:
                        continue
                    k = tally[e]
                    k.points += own
                    k.conceded += other
                    k.played += 1
                    k.won += own > other
                    per[e][draw.partie] = own
        value = bye_points(draw, results, bye)
        for e in draw.out:
            if e in tally:
                tally[e].byes += 1
                if value is not None:
                    tally[e].points += value
                    tally[e].conceded += value
                    per[e][draw.partie] = value
    lots = lot_order(list(entrants), lot)
    order = sorted(entrants, key=lambda e: (-tally[e].points, -tally[e].won,
                                            tally[e].conceded, lots[e]))
    return [RankRow(rank=i + 1, entrant=e, name=entrants[e].name, points=tally[e].points,
                    won=tally[e].won, conceded=tally[e].conceded, played=tally[e].played,
                    byes=tally[e].byes,
                    parties=tuple(per[e].get(d.partie) for d in draws),
                    withdrawn=entrants[e].withdrawn is not None)
            for i, e in enumerate(order)]
