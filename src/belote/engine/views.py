"""Per-seat views: what one seat may know, as plain data that can go over the wire as JSON.

A view holds the seat's own hand, and only public facts about the others: bids, the turned card
(while it lies face up), cards played, belotes said, the kinds of annonces declared and, from
the second trick on, their cards (001: "montre sa combinaison au début du deuxième pli").
It never holds another seat's unplayed cards.

:class:`PublicView` is a spectator's: the public facts alone (no hand, no legal action, every
seat's annonces as the other seats hear them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from .annonces import Annonce, annonce_str
from .cards import Trump, card_str, hand_str, popcount
from .errors import IllegalAction
from .rules import Rules
from .scoring import Contract, DealResult
from .seats import Seat, is_seat


class Deal(Protocol):
    """What a view reads of a deal: :class:`belote.engine.deal.Deal` has it (that module
    imports this one, never the other way: no import circle)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> StrEnum: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def to_move(self) -> Seat | None: ...
    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def trump(self) -> Trump | None: ...
    @property
    def turned(self) -> int | None: ...
    @property
    def bids(self) -> Sequence[tuple[Seat, object]]: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def trick(self) -> Sequence[int]: ...
    @property
    def leader(self) -> Seat: ...
    @property
    def tricks(self) -> Sequence[tuple[Seat, tuple[int, ...], Seat]]: ...
    @property
    def points(self) -> Sequence[int]: ...
    @property
    def belotes(self) -> Sequence[tuple[Seat, int]]: ...
    @property
    def declared(self) -> Mapping[int, Sequence[Annonce]]: ...
    @property
    def result(self) -> DealResult | None: ...
    @property
    def barred_team(self) -> int | None: ...
    def legal_actions(self) -> Iterable[object]: ...


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge of a deal. All fields are JSON-ready (str, int, list, dict, None).

    ``preset`` and ``options``: the rules (``Rules.preset(preset, **options)``);
    ``hand``: own cards (record strings); ``hand_sizes``: cards left per seat; ``turned``: the
    turned card while it is public; ``bids``: ``[[seat, "80 H"], …]``; ``contract``: see
    :meth:`Contract.to_json`; ``trick``: ``[[seat, card], …]`` in progress; ``tricks``:
    completed tricks ``{"leader", "cards", "winner"}``; ``points``: card points won per team so
    far; ``belotes``: ``[[seat, suit], …]`` said; ``annonces``: seat → list of
    ``{"kind", "points", "cards"}`` (``cards`` null until trick 2); ``legal``: the seat's legal
    actions when it is to move, else empty; ``result``: the deal's result once over;
    ``barred_team``: the team that may only pass in this deal's auction after a second misdeal
    in a row (002 §VIII.A), else None.

    :meth:`rules` rebuilds the :class:`~belote.engine.rules.Rules` (for bots)."""

    seat: int
    preset: str
    options: dict[str, Any]
    phase: str
    dealer: int
    to_move: int | None
    hand: list[str]
    hand_sizes: list[int]
    turned: str | None
    bids: list[list[Any]]
    contract: dict[str, Any] | None
    trick: list[list[Any]]
    tricks: list[dict[str, Any]]
    points: list[int]
    belotes: list[list[Any]]
    annonces: dict[str, list[dict[str, Any]]]
    legal: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    barred_team: int | None = None

    @classmethod
    def of(cls, deal: Deal, seat: int) -> SeatView:
        """``seat``'s view of ``deal``. Raises :class:`IllegalAction` (``illegal.bad_seat``)
        unless ``seat`` is an ``int`` 0..3."""
        if not is_seat(seat):
            raise IllegalAction(f"seat must be 0..3, got {seat!r}", rule="bad_seat",
                                code="illegal.bad_seat.view", params={"seat": repr(seat)})
        seat = int(seat)
        return cls(
            seat=seat,
            hand=hand_str(deal.hands[seat], deal.trump).split() if deal.hands[seat] else [],
            legal=[str(a) for a in deal.legal_actions()] if deal.to_move == seat else [],
            **_public_facts(deal, seat))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def rules(self) -> Rules:
        """The rules of the deal, rebuilt from ``preset`` and ``options``."""
        return Rules.preset(self.preset, **self.options)


@dataclass(frozen=True)
class PublicView:
    """A spectator's knowledge of a deal: the public facts of :class:`SeatView` (same fields,
    same meanings) and nothing of a seat: no hand, no legal action, and every seat's annonces
    as the other seats hear them (their kinds, and a carré's points and every annonce's cards
    only once the first trick is over, 001). No card of a hand not yet played is in it; the
    turned card only while it is public (face up during the bidding, then the taker's)."""

    preset: str
    options: dict[str, Any]
    phase: str
    dealer: int
    to_move: int | None
    hand_sizes: list[int]
    turned: str | None
    bids: list[list[Any]]
    contract: dict[str, Any] | None
    trick: list[list[Any]]
    tricks: list[dict[str, Any]]
    points: list[int]
    belotes: list[list[Any]]
    annonces: dict[str, list[dict[str, Any]]]
    result: dict[str, Any] | None = None
    barred_team: int | None = None

    @classmethod
    def of(cls, deal: Deal) -> PublicView:
        """The public view of ``deal``."""
        return cls(**_public_facts(deal, None))

    def to_json(self) -> dict[str, Any]:
        """The fields, with ``seat`` None, ``hand`` and ``legal`` empty: the shape of
        :meth:`SeatView.to_json`, so that one reader takes both."""
        return {"seat": None, "hand": [], "legal": [], **asdict(self)}


def _public_facts(deal: Deal, seat: int | None) -> dict[str, Any]:
    """The fields of a view that every seat may know, with the annonces as ``seat`` hears
    them (its own in full; None: as every seat but the declarer hears them)."""
    shown = len(deal.tricks) >= 1
    anns: dict[str, list[dict[str, Any]]] = {}
    for s, lst in deal.declared.items():
        # before trick 2 the others hear the kind only: a carré's points would name its
        # rank (200: jacks), so they are hidden with its cards
        anns[str(s)] = [{"kind": a.kind,
                         "points": a.points if (shown or s == seat or a.kind != "carre")
                         else None,
                         "cards": annonce_str(a) if (shown or s == seat) else None}
                        for a in lst]
    turned_public = deal.turned is not None and deal.contract is None and \
        deal.phase.value == "bidding"
    turned = deal.turned
    return {
        "preset": deal.rules.preset_name, "options": deal.rules.overrides(),
        "phase": deal.phase.value, "dealer": int(deal.dealer),
        "to_move": None if deal.to_move is None else int(deal.to_move),
        "hand_sizes": [popcount(h) for h in deal.hands],
        "turned": card_str(turned) if turned is not None and (
            turned_public or deal.contract is not None) else None,
        "bids": [[int(s), str(a)] for s, a in deal.bids],
        "contract": deal.contract.to_json() if deal.contract else None,
        "trick": [[int(deal.leader.next(i)), card_str(c)] for i, c in enumerate(deal.trick)],
        "tricks": [{"leader": int(ld), "cards": [card_str(c) for c in cs], "winner": int(w)}
                   for ld, cs, w in deal.tricks],
        "points": list(deal.points),
        "belotes": [[int(s), "SHDC"[su]] for s, su in deal.belotes],
        "annonces": anns,
        "result": deal.result.to_json() if deal.result else None,
        "barred_team": deal.barred_team,
    }
