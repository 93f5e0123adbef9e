"""Double-dummy analysis of a recorded deal (``belote analyse``): the value of every card
actually played, and of every other legal card at that moment.

A value is the final card points of the player's team for the whole deal (points already won
plus optimal play from then on by all four seats, dix de der included, no capot bonus).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.cards import card_str
from ..engine.deal import Deal
from ..engine.record import check_deal
from ..engine.seats import Seat
from ..solver import Position, Solver


@dataclass
class CardAnalysis:
    """One card played: ``values`` of every legal card at that moment (points, see the module
    docstring); ``played``: the value of the card actually played, which is among them unless
    the card was irregular (a revoke kept in the record, 002 §VIII.B: ``irregular``)."""

    trick: int  # 1-based
    seat: Seat
    card: int
    values: dict[int, int]
    played: int
    irregular: bool = False

    @property
    def best(self) -> int:
        return max(self.values.values())

    @property
    def loss(self) -> int:
        """Points the card played gave away against the best legal card, never negative: an
        irregular card (not among the legal ones) that did better than every legal card gave
        none away (its own value is ``played``)."""
        return max(0, self.best - self.played)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"trick": self.trick, "seat": int(self.seat),
                               "card": card_str(self.card),
                               "values": {card_str(c): v for c, v in sorted(self.values.items())},
                               "best": self.best, "loss": self.loss}
        if self.irregular:
            out["irregular"] = True
            out["played_value"] = self.played
        return out


def _start(deal: Deal) -> Position:
    """The position at the deal's first card (its bidding over)."""
    trump = deal.trump
    assert trump is not None, "the bidding is over"
    return Position(list(deal.initial_hands), trump, deal.rules, (deal.dealer + 1) % 4, [],
                    [0, 0])


def analyse_deal(deal: Deal, solver: Solver | None = None,
                 progress: Callable[[int, int], None] | None = None) -> list[CardAnalysis]:
    """Analyse every card played in ``deal`` (a deal whose bidding is over)."""
    if deal.contract is None:
        return []
    solver = solver or Solver()
    pos = _start(deal)
    out = []
    n = len(deal.plays)
    for i, (seat, card) in enumerate(deal.plays):
        res = solver.solve(pos)
        nxt = pos.after(card)
        if card in res.values:
            out.append(CardAnalysis(i // 4 + 1, seat, card, res.values, res.values[card]))
        else:  # an illegal card the record keeps: its value is that of the play that followed
            t0 = nxt.points[0] + solver.future(nxt)
            played = t0 if seat % 2 == 0 else pos.final_total() - t0
            out.append(CardAnalysis(i // 4 + 1, seat, card, res.values, played, True))
        pos = nxt
        if progress:
            progress(i + 1, n)
    return out


def team_points(deal: Deal, rows: list[CardAnalysis]) -> tuple[list[int], list[int] | None]:
    """``(double_dummy, made)`` for the analysed ``deal`` (``rows``: :func:`analyse_deal`'s,
    not empty): each team's card points (dix de der included, index = team) with perfect play
    by all four seats from the first card on (the first card's best value), and the card
    points each team made, ``None`` while tricks remain to play. Raises ValueError for
    ``rows`` empty (no card played: nothing to start from)."""
    if not rows:
        raise ValueError("team_points: no card played (rows is empty)")
    first = rows[0]
    total = _start(deal).final_total()
    dd = [0, 0]
    dd[first.seat % 2] = first.best
    dd[1 - first.seat % 2] = total - first.best
    made = list(deal.points) if len(deal.tricks) == deal.rules.hand_size else None
    return dd, made


def analyse_record(rec: dict[str, Any], solver: Solver | None = None,
                   progress: Callable[[int, int], None] | None = None) -> list[CardAnalysis]:
    """Check a deal record, then analyse it. Raises RecordError for a malformed record."""
    return analyse_deal(check_deal(rec).deal, solver, progress)
