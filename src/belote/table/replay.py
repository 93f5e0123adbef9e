"""A recorded game (or deal) as the steps of its replay, each step the four seats' views.

``belote replay FILE`` steps through a record forwards and backwards with every hand shown:
:func:`load_steps` reads the record's deals (:class:`DealSteps`: the deal as dealt and its
actions in the order the deal met them, :func:`belote.engine.record.actions`), and
:meth:`DealSteps.step` gives the state after ``k`` actions as a :class:`ReplayStep`: one
:class:`~belote.engine.views.SeatView` per seat (what a front end draws, as at the table),
the action just made as a structured move (:func:`~belote.engine.views.move_json`) and the
few facts of a replay no view holds. A front end reads these, never the deal; a finished
deal of a table in play is :func:`finished_deal` (the page's replay).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action, Declare, Play
from ..engine.annonces import annonce_str
from ..engine.cards import card_str, display_order, iter_cards
from ..engine.deal import Deal, Phase
from ..engine.errors import BeloteError, RecordError
from ..engine.record import (
    DEAL_FORMAT,
    GAME_FORMAT,
    CheckReport,
    actions,
    check_deal,
    dealt_deals,
)
from ..engine.record.shape import wrap
from ..engine.rules import DealKind
from ..engine.views import PublicView, SeatView, double_words, move_json


@dataclass(frozen=True)
class ReplayStep:
    """A deal after its first ``k`` actions. ``views``: the four seats' views (seat ``s``'s
    at ``views[s]``; each its own hand, the public facts alike); ``seat`` and ``move``: who
    made the ``k``-th action and what, as a structured move (a declaration's annonces in
    full: a replay shows every hand), None at step 0; ``hands_of_play``: the hands shown
    during a two-round deal's bidding are those of card play (the record does not say which
    5 cards each seat held first, docs/sources.md §2); ``result``: the deal's result as
    :meth:`~belote.engine.scoring.DealResult.to_json` gives it once over, at the last step
    the record's as checked (a penalty included, 002 §VIII.B), else None."""

    views: tuple[SeatView, ...]
    seat: int | None
    move: dict[str, Any] | None
    hands_of_play: bool
    result: dict[str, Any] | None


@dataclass
class DealSteps:
    """A recorded deal as a start state and the actions that follow."""

    record: dict[str, Any]
    actions: list[tuple[int, Action]]
    final: Deal
    #: the check of the record: its first irregularity and its result (a penalty included)
    report: CheckReport | None = None
    #: the deal as dealt, before any bid, where the record's hands (those of card play) do
    #: not say it: a two-round deal of a game record, dealt again from the game's seed
    #: (:func:`belote.engine.record.dealt_deals`); None: the record's own start
    dealt: Deal | None = None

    def irregular_step(self) -> int | None:
        """The step (1-based, as ``k``) from which the record's irregularity is shown: the
        irregular card's own step; the last step for a bid (the replay stops there), a
        declaration or a belote said; None for a regular deal."""
        irr = self.report.irregularity if self.report else None
        if irr is None:
            return None
        if irr["kind"] == "card":
            n = 0
            for k, (_seat, a) in enumerate(self.actions, 1):
                if isinstance(a, Play):
                    if n == irr["index"]:
                        return k
                    n += 1
        return len(self.actions)

    def state(self, k: int) -> Deal:
        """The deal after its first ``k`` actions, from the deal as dealt: in a two-round
        deal the 5 cards each seat holds during the bidding where they are known
        (:attr:`dealt`), the rest dealt with the take (docs/sources.md §2, seed 004)."""
        d = check_deal(dict(self.record, bids=[], plays=[])).deal
        if self.dealt is not None:
            setup, d = d, self.dealt.clone()
            d.barred_team, d.last_deal = setup.barred_team, setup.last_deal
        for _seat, a in self.actions[:k]:
            d.apply(a)
        return d

    def step(self, k: int) -> ReplayStep:
        """The :class:`ReplayStep` after the first ``k`` actions (0 ≤ ``k`` ≤
        ``len(actions)``)."""
        d = self.state(k)
        seat: int | None = None
        move = None
        if k:
            seat, action = self.actions[k - 1]
            annonces = [{"kind": a.kind, "points": a.points, "cards": annonce_str(a).split()}
                        for a in d.declared.get(seat, [])] if isinstance(action, Declare) else []
            move = move_json(action, double_words(d.rules), annonces=annonces)
        result = d.result
        if result is not None and k == len(self.actions) and self.report is not None \
                and self.report.result is not None:
            result = self.report.result
        hands_of_play = d.phase == Phase.BIDDING and d.rules.deal == DealKind.RETOURNE \
            and not d.stock
        return ReplayStep(tuple(SeatView.of(d, s) for s in range(4)), seat, move,
                          hands_of_play, None if result is None else result.to_json())


def finished_deal(deal: Deal, index: int) -> dict[str, Any]:
    """A finished ``deal`` (the ``index``-th of its game, every deal counted) as a replay
    card by card reads it (the server's ``GET /api/tables/{ID}/replay``): ``deal_index``,
    ``dealer``, ``hands`` at the first card (a finished deal's hands are public, its record
    holds them) in the engine's display order, ``turned``, ``bids`` and ``bid_moves`` (as a
    view has them), ``contract``, ``plays`` (``[[seat, card], …]``), ``tricks`` (``leader``,
    ``cards``, ``winner``), ``belotes`` (``[[seat, suit], …]``) and ``result``."""
    public = PublicView.of(deal)
    hands = deal.initial_hands or deal.hands
    return {
        "deal_index": index, "dealer": public.dealer,
        "hands": [[card_str(c) for c in display_order(iter_cards(h), deal.trump)]
                  for h in hands],
        "turned": card_str(deal.turned) if deal.turned is not None else None,
        "bids": public.bids, "contract": public.contract,
        "plays": [[int(s), card_str(c)] for s, c in deal.plays],
        "tricks": [{k: t[k] for k in ("leader", "cards", "winner")} for t in public.tricks],
        "belotes": public.belotes, "result": public.result, "bid_moves": public.bid_moves}


def deal_steps(rec: dict[str, Any]) -> DealSteps:
    """A deal record and its actions in order (:func:`belote.engine.record.actions`: bids,
    declarations, belotes, cards). Raises RecordError for a malformed record."""
    report = check_deal(rec)
    return DealSteps(rec, list(actions(report)), report.deal, report)


def load_steps(rec: object) -> list[DealSteps]:
    """The deals of a game or deal record. Raises RecordError."""
    if not isinstance(rec, dict):
        raise RecordError("a record is a JSON object", code="replay.not_object")
    fmt = rec.get("format")
    if fmt == DEAL_FORMAT:
        return [deal_steps(rec)]
    if fmt == GAME_FORMAT:
        deals = rec.get("deals")
        if not isinstance(deals, list) or not deals:
            raise RecordError("a game record lists its deals", where="deals",
                              code="replay.no_deals")
        out = []
        for i, d in enumerate(deals):
            try:
                out.append(deal_steps(d))
            except RecordError as e:
                raise wrap(e, f"deals[{i}]") from None
        try:
            dealt = dealt_deals(rec)
        except BeloteError:  # a game's own keys unreadable: each deal from its record
            dealt = [None] * len(out)
        for steps, as_dealt in zip(out, dealt, strict=True):
            steps.dealt = as_dealt
        return out
    raise RecordError(f"unknown format {fmt!r}: expected {DEAL_FORMAT} or {GAME_FORMAT}",
                      code="replay.unknown_format",
                      params={"format": repr(fmt), "deal": DEAL_FORMAT, "game": GAME_FORMAT})


__all__ = ["DealSteps", "ReplayStep", "deal_steps", "finished_deal", "load_steps"]
