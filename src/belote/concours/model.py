"""The concours's plain data, shared by the draw, the ranking, the printables and the store.

Ids: an *entrant* is what the draw places: a player (format ``melee``) or a registered pair
(format ``equipes``), numbered from 1 in registration order. A bot seat is ``None``.
Parties and tables are numbered from 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Format(StrEnum):
    """How teams are made (seed 000: *à la mêlée*, partners drawn at every partie; *par
    équipes*: registered pairs)."""

    MELEE = "melee"
    EQUIPES = "equipes"


class Leftover(StrEnum):
    """What happens to the entrants over a multiple of the table size (4 players, or 2
    teams): they sit out with a bye (``bye``), or bots fill the empty seats (``bot``)."""

    BYE = "bye"
    BOT = "bot"


#: one side of a table: two player ids (mêlée) or one team id (équipes); None is a bot
Side = tuple[int | None, ...]


@dataclass(frozen=True)
class TableDraw:
    """One table of a partie: ``table`` its number (from 1); ``sides`` the two teams facing
    each other, side 0 (seats 0 and 2, North–South) and side 1 (seats 1 and 3, East–West)."""

    table: int
    sides: tuple[Side, Side]


@dataclass(frozen=True)
class PartieDraw:
    """The draw of one partie: its number, the seed it was drawn from (printed on the
    sheets: the same seed and the same entrants give the same draw), its tables, the
    entrants out this partie (a bye), in id order, and ``repeats``: the pairs (lower id
    first, in id order) the draw could not keep apart, partners again (mêlée) or teams
    meeting again (équipes); empty whenever a draw without them exists."""

    partie: int
    seed: int
    tables: tuple[TableDraw, ...]
    out: tuple[int, ...] = ()
    repeats: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Entrant:
    """A registered player (mêlée) or pair (équipes): ``id`` from 1, ``name`` as shown (a
    pair: "A / B"), ``members`` the players' names (one, or two for a pair), ``joined`` the
    first partie it may be drawn in, ``withdrawn`` the first partie it no longer plays (None:
    still in)."""

    id: int
    name: str
    members: tuple[str, ...]
    joined: int = 1
    withdrawn: int | None = None

    def plays(self, partie: int) -> bool:
        """Whether it is drawn in ``partie``."""
        return self.joined <= partie and (self.withdrawn is None or partie < self.withdrawn)


@dataclass(frozen=True)
class RankRow:
    """One line of the ranking (:mod:`belote.concours.ranking`): ``rank`` from 1, the
    entrant's ``name``, its ``points`` (sum of its teams' partie totals, byes included),
    ``won`` parties won, ``conceded`` points of its opponents, ``played`` parties played,
    ``byes``, and ``parties`` its points partie by partie (None: not played, or not yet
    scored)."""

    rank: int
    entrant: int
    name: str
    points: int
    won: int
    conceded: int
    played: int
    byes: int
    parties: tuple[int | None, ...] = ()
    withdrawn: bool = False


@dataclass(frozen=True)
class ConcoursInfo:
    """What the printables head their pages with: name, date (ISO text or ""), place,
    preset, format, parties, and the deals per partie (``deals``) or the target score
    (``target``)."""

    name: str
    date: str = ""
    place: str = ""
    preset: str = "concours"
    format: Format = Format.MELEE
    parties: int = 4
    deals: int | None = 12
    target: int | None = None


@dataclass(frozen=True)
class SheetTable:
    """One table of one partie as the printables show it: the partie, the draw's seed, the
    table number, and each side's player names (a bot: the catalog's bot name)."""

    partie: int
    seed: int
    table: int
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    lines: tuple[tuple[int, int], ...] = field(default=())
