"""A concours as the organiser's operations see it (:class:`ConcoursData`, its
:class:`ScoreEntry` rows) and what they need from a store: the :class:`ConcoursStore`
protocol, whose one transaction is a :class:`ConcoursWrites` (the SQL implementation:
:class:`belote.concours.store.SqlConcoursStore`)."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .model import Entrant, Format, Leftover, PartieDraw

T = TypeVar("T")


def iso(when: dt.datetime) -> str:
    """``when`` in ISO 8601 with its offset (SQLite gives back times without their zone:
    they are UTC, as written)."""
    return (when if when.tzinfo else when.replace(tzinfo=dt.UTC)).isoformat()


def new_id() -> str:
    """A concours's public code: 6 characters of an alphabet without 0/O, 1/I/L."""
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


@dataclass(frozen=True)
class ScoreEntry:
    """One score entry as stored: its ``id`` (order of entry), partie, table, ``deal``
    (None: the partie's totals), the two sides' points, its source, when, and when undone
    (None: in force unless a newer entry of the same line replaced it)."""

    id: int
    partie: int
    table: int
    deal: int | None
    a: int
    b: int
    source: str
    created: dt.datetime
    undone: dt.datetime | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "partie": self.partie, "table": self.table, "deal": self.deal,
                "points": [self.a, self.b], "source": self.source,
                "created": iso(self.created),
                "undone": iso(self.undone) if self.undone else None}


@dataclass
class ConcoursData:
    """A concours as read from the store, whole: its settings, entrants (by id), the
    parties drawn (in order, each with its online rooms) and every score entry (in order)."""

    id: str
    key: str
    name: str
    date: str
    place: str
    preset: str
    options: dict[str, Any]
    format: Format
    parties: int
    deals: int | None
    target: int | None
    leftover: Leftover
    bye: int | None
    online: bool
    lot: int
    prizes: list[str]
    created: dt.datetime
    entrants: dict[int, Entrant] = field(default_factory=dict)
    draws: list[PartieDraw] = field(default_factory=list)
    rooms: dict[int, list[str | None]] = field(default_factory=dict)
    scores: list[ScoreEntry] = field(default_factory=list)
    _by_table: dict[tuple[int, int], list[ScoreEntry]] | None = field(
        default=None, repr=False, compare=False)

    def add_score(self, entry: ScoreEntry) -> None:
        """``entry`` entered after those read (the index of :meth:`entries_of` rebuilt)."""
        self.scores.append(entry)
        self._by_table = None

    def entries_of(self, partie: int, table: int) -> list[ScoreEntry]:
        """The score entries of one table of one partie, in order (an index built on first
        use: :attr:`scores` changes through :meth:`add_score` only)."""
        if self._by_table is None:
            self._by_table = {}
            for e in self.scores:
                self._by_table.setdefault((e.partie, e.table), []).append(e)
        return self._by_table.get((partie, table), [])

    @property
    def next_partie(self) -> int:
        """The number of the next partie to draw (1 before any draw)."""
        return len(self.draws) + 1

    def settings_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "date": self.date, "place": self.place,
                "preset": self.preset, "options": dict(self.options),
                "format": str(self.format), "parties": self.parties, "deals": self.deals,
                "target": self.target, "leftover": str(self.leftover), "bye": self.bye,
                "online": self.online, "prizes": list(self.prizes),
                "created": iso(self.created)}


class ConcoursWrites(Protocol):
    """What one transaction of a :class:`ConcoursStore` reads and writes (committed
    together when the transaction ends, none of it when it fails)."""

    def load(self, concours_id: str, *, table: tuple[int, int] | None = None,
             lock: bool = False) -> ConcoursData | None:
        """The concours ``concours_id`` (:meth:`ConcoursStore.load`); with ``lock``, its
        write lock taken first, for the rest of the transaction (every change of one
        concours waits for the one in progress)."""
        ...

    def note(self, concours_id: str, what: str, **facts: Any) -> None:
        """A line of the change log (``what``, its JSON-ready ``facts``)."""
        ...

    def id_taken(self, concours_id: str) -> bool: ...

    def insert_concours(self, data: ConcoursData) -> None: ...

    def update_concours(self, concours_id: str, **values: Any) -> None:
        """Set settings of the concours (``prizes=[...]``)."""
        ...

    def next_entrant_id(self, concours_id: str) -> int: ...

    def insert_entrant(self, concours_id: str, entrant: Entrant) -> None: ...

    def update_entrant(self, concours_id: str, entrant: Entrant) -> None: ...

    def insert_draw(self, concours_id: str, draw: PartieDraw,
                    rooms: list[str | None] | None = None) -> None: ...

    def delete_draw(self, concours_id: str, partie: int) -> None: ...

    def insert_score(self, concours_id: str, partie: int, table: int, deal: int | None,
                     a: int, b: int, source: str) -> ScoreEntry:
        """A score entry, as stored (its id given by the store)."""
        ...

    def undo_score(self, entry_id: int) -> dt.datetime:
        """Mark the entry undone now; returns when."""
        ...


class ConcoursStore(Protocol):
    """Where the concours are kept (as :class:`~belote.table.store.GameStore` for games).
    Raises ConcoursError ``concours.database`` when the medium fails."""

    def run(self, write: Callable[[ConcoursWrites], T]) -> T:
        """``write(transaction)`` in one transaction, committed before it returns (tried
        again while another process holds the database: ``write`` reads what it needs
        inside). Raises what ``write`` raises."""
        ...

    def load(self, concours_id: str, *,
             table: tuple[int, int] | None = None) -> ConcoursData | None:
        """The concours ``concours_id`` whole, or None when there is none; with ``table``
        (partie, table), only that table's score entries."""
        ...

    def ids(self) -> list[tuple[str, str, dt.datetime]]:
        """Every concours: (id, name, created), newest first."""
        ...

    def log(self, concours_id: str) -> list[tuple[dt.datetime, str, dict[str, Any]]]:
        """The concours's changes in order: (when, what, facts)."""
        ...


__all__ = ["ConcoursData", "ConcoursStore", "ConcoursWrites", "ScoreEntry", "iso", "new_id"]
