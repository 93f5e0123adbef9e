"""What the front ends show of a concours's stored data: the draws with the players'
names in their places (the pinned JSON of ``belote concours draw``), the tables of a partie
as the sheets print them, the heading facts."""

from __future__ import annotations

from typing import Any

from .. import i18n
from .data import ConcoursData
from .errors import ConcoursError
from .manager import lines_in_force
from .model import ConcoursInfo, Entrant, PartieDraw, RankRow, SheetTable, Side


def info(data: ConcoursData) -> ConcoursInfo:
    """The heading facts of the printables."""
    return ConcoursInfo(name=data.name, date=data.date, place=data.place, preset=data.preset,
                        format=data.format, parties=data.parties, deals=data.deals,
                        target=data.target)


def side_names(data: ConcoursData, side: Side, lang: str, bots: list[int]) -> tuple[str, ...]:
    """The players of one side by name (a pair: its two players); a bot is the catalog's
    ``concours.bot`` numbered through the partie (``bots``: the count so far, updated)."""
    names: list[str] = []
    for e in side:
        if e is not None:
            names.extend(data.entrants[e].members)
            continue
        for _ in range(2 if len(side) == 1 else 1):  # a bot pair, or a bot partner
            bots[0] += 1
            names.append(i18n.tr("concours.bot", lang, n=bots[0]))
    return tuple(names)


def draw_json(data: ConcoursData, draw: PartieDraw) -> dict[str, Any]:
    """A partie's draw as ``belote concours draw --json`` gives it (a pinned contract):
    ``{"partie", "seed", "tables": [{"table", "teams": [[names], [names]]}], "out": [names]}``
    (a bot: "Bot N"), plus ``rooms`` (the online tables' ids) for an online concours."""
    bots = [0]
    tables = [{"table": t.table,
               "teams": [list(side_names(data, side, "en", bots)) for side in t.sides]}
              for t in draw.tables]
    result: dict[str, Any] = {"partie": draw.partie, "seed": draw.seed, "tables": tables,
                              "out": [data.entrants[e].name for e in draw.out]}
    if draw.partie in data.rooms:
        result["rooms"] = data.rooms[draw.partie]
    return result


def sheet_tables(data: ConcoursData, partie: int, lang: str) -> list[SheetTable]:
    """The tables of ``partie`` with names and the deal lines entered so far. Raises
    ConcoursError ``concours.partie.not_drawn``."""
    if not 1 <= partie <= len(data.draws):
        raise ConcoursError(f"partie {partie} is not drawn ({len(data.draws)} drawn)",
                            code="concours.partie.not_drawn",
                            params={"partie": partie, "drawn": len(data.draws)})
    draw = data.draws[partie - 1]
    bots = [0]
    tables = []
    for t in draw.tables:
        lines, _ = lines_in_force(data, partie, t.table)
        sides = (side_names(data, t.sides[0], lang, bots),
                 side_names(data, t.sides[1], lang, bots))
        tables.append(SheetTable(partie, draw.seed, t.table, sides,
                                 tuple(lines[k] for k in sorted(lines))))
    return tables


def entrant_json(e: Entrant) -> dict[str, Any]:
    """A registered player or pair as ``belote concours add --json`` and the web API give
    it."""
    return {"id": e.id, "name": e.name, "members": list(e.members), "joined": e.joined,
            "withdrawn": e.withdrawn}


def rank_json(r: RankRow) -> dict[str, Any]:
    """A ranking line as ``belote concours ranking --json`` (the pinned shape) and the web
    API give it."""
    return {"rank": r.rank, "name": r.name, "points": r.points, "won": r.won,
            "conceded": r.conceded, "played": r.played, "byes": r.byes,
            "parties": list(r.parties), "withdrawn": r.withdrawn, "id": r.entrant}
