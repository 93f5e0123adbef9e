"""Which bids may be made, why one is refused, and what a bid does (docs/sources.md §3).

Two kinds of bidding (option ``bidding``):

* ``two_rounds`` (000, 001, 003, 004): round 1, each seat takes the turned card's suit or
  passes; after four passes, round 2, each names another suit (any suit with
  ``round2_any_suit``, 000; SA/TA too with ``sa_ta``) or passes; four more passes and the deal
  is passed out.
* ``auction`` (001, 002 §V): bids of a value and a suit from ``min_bid`` to ``max_bid`` by
  ``bid_step``, then capot and générale where the rules have them; an opponent of the best
  bidder may double, the doubled team redouble; after a double no one bids any more (001).
  Three passes after a bid end it, four passes without one pass the deal out.

002 §VIII.A: after a second misdeal in a row the dealer's team (``barred_team``) may only
pass (and double the other team).

The functions read and change an :class:`AuctionState` (the :class:`~belote.engine.deal.Deal`
is one); :class:`~belote.engine.deal.Deal` calls them.
"""

from __future__ import annotations

from typing import Literal, Protocol

from .actions import (
    DOUBLE,
    PASS,
    REDOUBLE,
    TAKE,
    Action,
    Bid,
    Capot,
    Choose,
    Double,
    Generale,
    Pass,
    Redouble,
    Take,
)
from .cards import SUIT_OF, Trump
from .errors import IllegalAction
from .rules import Bidding, Rules
from .scoring import CAPOT_VALUE, GENERALE_VALUE, Contract
from .seats import Seat

#: what :func:`apply_bid` says of the auction when no contract comes of the bid
AuctionGoesOn = Literal["next", "passed_out"]


class AuctionState(Protocol):
    """The bidding state of a deal (a :class:`~belote.engine.deal.Deal` has these attributes).

    ``bids``: ``(seat, action)`` in order; ``round``: 1 or 2 (two-round bidding); ``passes``:
    passes in a row; ``best``: the best ``(seat, bid)`` of an auction, or None; ``doubled``:
    1, 2 (doubled) or 4 (redoubled); ``barred_team``: the team that may only pass (002
    §VIII.A), or None; ``turned``: the turned card (two-round deals)."""

    rules: Rules
    turned: int | None
    bids: list[tuple[Seat, Action]]
    round: int
    passes: int
    best: tuple[Seat, Action] | None
    doubled: int
    barred_team: int | None


def legal_bids(state: AuctionState, seat: Seat) -> list[Action]:
    """The bids ``seat`` (to speak) may make, pass first for an auction."""
    r = state.rules
    if state.barred_team is not None and seat.team == state.barred_team:
        # 002 §VIII.A: after a second consecutive misdeal the faulty team may not take
        out: list[Action] = [PASS]
        if r.bidding == Bidding.AUCTION and state.best is not None and state.doubled == 1 \
                and state.best[0].team != state.barred_team:
            out.append(DOUBLE)
        return out
    if r.bidding == Bidding.TWO_ROUNDS:
        return _two_round_bids(state)
    return _auction_bids(state, seat)


def _two_round_bids(state: AuctionState) -> list[Action]:
    r = state.rules
    if state.round == 1:
        return [TAKE, PASS]
    turned_suit = SUIT_OF[state.turned] if state.turned is not None else None
    trumps = [Trump(s) for s in range(4) if r.round2_any_suit or s != turned_suit]
    if r.sa_ta:
        trumps += [Trump.SA, Trump.TA]
    out: list[Action] = [Choose(t) for t in trumps]
    out.append(PASS)
    return out


def _auction_bids(state: AuctionState, seat: Seat) -> list[Action]:
    r = state.rules
    out: list[Action] = [PASS]
    trumps = [Trump(s) for s in range(4)] + ([Trump.SA, Trump.TA] if r.sa_ta else [])
    best = state.best
    if state.doubled == 1:
        low = r.min_bid
        level = 0
        if best is not None:
            b = best[1]
            level = 2 if isinstance(b, Generale) else 1 if isinstance(b, Capot) else 0
            if isinstance(b, Bid):
                low = b.value + r.bid_step
        if level == 0:
            for v in range(low, r.max_bid + 1, r.bid_step):
                out.extend(Bid(v, t) for t in trumps)
        if r.capot_bid and level < 1:
            out.extend(Capot(t) for t in trumps)
        if r.generale_bid and level < 2:
            out.extend(Generale(t) for t in trumps)
        if best is not None and best[0].team != seat.team:
            out.append(DOUBLE)
    elif state.doubled == 2 and best is not None and best[0].team == seat.team:
        out.append(REDOUBLE)
    return out


def _no(en: str, rule: str, seat: Seat, code: str | None = None,
        **params: str | int) -> IllegalAction:
    return IllegalAction(en, rule=rule, seat=seat, code=code, params=params)


def bid_refusal(state: AuctionState, action: Action, seat: Seat) -> IllegalAction:
    """Why ``action``, not among :func:`legal_bids`, is refused to ``seat``: the rule broken
    (``rule`` and ``code`` ``illegal.<rule>[.<case>]``; ``params`` the facts the catalog words,
    ``cite`` the rule texts a rule cites: ``"001"``), ``str()`` in English."""
    r = state.rules
    if state.barred_team is not None and seat.team == state.barred_team:
        return _no("your team dealt two misdeals in a row and may not take on this deal "
                   "(002 §VIII.A)", "barred", seat, cite="002 §VIII.A")
    if r.bidding == Bidding.TWO_ROUNDS:
        return _two_round_refusal(state, action, seat)
    if isinstance(action, (Take, Choose)):
        return _no("this is an auction: bid a value and a suit, or pass",
                   "bad_bid", seat, "illegal.bad_bid.auction")
    if isinstance(action, Double):
        if state.best is None:
            return _no("there is no bid to double", "double", seat, "illegal.double.no_bid")
        if state.doubled > 1:
            return _no("the contract is already doubled", "double", seat,
                       "illegal.double.doubled")
        return _no("you may only double an opponent's bid", "double", seat,
                   "illegal.double.own")
    if isinstance(action, Redouble):
        return _no("only the doubled team may redouble a doubled bid", "redouble", seat)
    if state.doubled > 1:
        return _no("after a double no one may bid any more (001)", "bid_after_double", seat,
                   cite="001")
    if isinstance(action, Bid):
        return _bid_value_refusal(state, action, seat)
    if isinstance(action, Capot) and not r.capot_bid:
        return _no("capot is not a bid of these rules", "bad_bid", seat,
                   "illegal.bad_bid.capot")
    if isinstance(action, Generale) and not r.generale_bid:
        return _no("generale is not a bid of these rules", "bad_bid", seat,
                   "illegal.bad_bid.generale")
    return _no("a bid must be above the current bid", "bid_too_low", seat,
               "illegal.bid_too_low.any")


def _two_round_refusal(state: AuctionState, action: Action, seat: Seat) -> IllegalAction:
    sa_ta = state.rules.sa_ta
    if isinstance(action, Choose) and state.round == 1:
        return _no("in the first round you may only take the turned card's suit or pass (001)",
                   "bid_round1", seat, cite="001")
    if isinstance(action, Take) and state.round == 2:
        return _no("in the second round name another suit or pass (001)", "bid_round2", seat,
                   cite="001")
    if isinstance(action, Choose):
        return _no(f"in the second round you may name one of the other suits"
                   f"{' or SA/TA' if sa_ta else ''}, not {action} (001, 004)", "bid_round2",
                   seat, "illegal.bid_round2.sa_ta" if sa_ta else "illegal.bid_round2.suit",
                   action=str(action), cite="001, 004")
    return _no(f"{action} is not a bid of a two-round deal", "bad_bid", seat,
               "illegal.bad_bid.two_rounds", action=str(action))


def _bid_value_refusal(state: AuctionState, action: Bid, seat: Seat) -> IllegalAction:
    r = state.rules
    if action.trump in (Trump.SA, Trump.TA) and not r.sa_ta:
        return _no("Sans Atout / Tout Atout are not allowed by these rules (option sa_ta)",
                   "sa_ta", seat)
    if not (r.min_bid <= action.value <= r.max_bid) or (action.value - r.min_bid) % r.bid_step:
        return _no(f"bids go from {r.min_bid} to {r.max_bid} by {r.bid_step}",
                   "bid_value", seat, low=r.min_bid, high=r.max_bid, step=r.bid_step)
    if state.best is None:
        return _no("a bid must be above the current bid (none)", "bid_too_low", seat,
                   "illegal.bid_too_low.none")
    current = str(state.best[1])
    return _no(f"a bid must be above the current bid ({current})", "bid_too_low", seat,
               current=current)


def apply_bid(state: AuctionState, seat: Seat, action: Action) -> Contract | AuctionGoesOn:
    """Record ``seat``'s legal bid ``action``: the contract when the bidding ends with one,
    ``"passed_out"`` when every seat passed, else ``"next"`` (the next seat speaks)."""
    state.bids.append((seat, action))
    if state.rules.bidding == Bidding.TWO_ROUNDS:
        if isinstance(action, Pass):
            state.passes += 1
            if state.passes == 4:
                if state.round == 2:
                    return "passed_out"
                state.round, state.passes = 2, 0
            return "next"
        if isinstance(action, Take):
            assert state.turned is not None
            return Contract(seat, Trump(SUIT_OF[state.turned]))
        assert isinstance(action, Choose)
        return Contract(seat, action.trump)
    if isinstance(action, Pass):
        state.passes += 1
        if state.best is None and state.passes == 4:
            return "passed_out"
        if state.best is not None and state.passes == 3:
            return _contract(state)
    elif isinstance(action, Double):
        state.doubled = 2
        state.passes = 0
    elif isinstance(action, Redouble):
        state.doubled = 4
        return _contract(state)
    else:
        state.best = (seat, action)
        state.passes = 0
    return "next"


def _contract(state: AuctionState) -> Contract:
    """The contract of the auction's best bid, doubled as it stands."""
    assert state.best is not None
    seat, b = state.best
    if isinstance(b, Bid):
        return Contract(seat, b.trump, b.value, "normal", state.doubled)
    if isinstance(b, Capot):
        return Contract(seat, b.trump, CAPOT_VALUE, "capot", state.doubled)
    assert isinstance(b, Generale)
    return Contract(seat, b.trump, GENERALE_VALUE, "generale", state.doubled)


__all__ = ["AuctionGoesOn", "AuctionState", "apply_bid", "bid_refusal", "legal_bids"]
