"""Bidding by simulation, for the expert bot.

For a bidding decision the bot deals the cards it cannot see into ``worlds`` random deals
consistent with what the auction showed, solves the card play of each world exactly for each
contract kind worth considering (:class:`~belote.solver.Solver`, all hands open: the usual
double-dummy approximation of the play), scores each candidate action with the preset's own
scoring (:func:`~belote.engine.scoring.score_deal`: contract made or failed, belote, annonces,
capot, contre / surcontre) and picks the action with the best mean score difference for its
team. It sees only its seat's view.

Inference from the auction ("where cheap"): a seat that bid ``V T`` is dealt a hand whose
heuristic estimate in ``T`` backs a bid near ``V``; a seat that passed while no one had bid
is dealt a hand too weak to open; a seat that doubled is dealt some strength in the doubled
trump. Worlds are drawn by rejection and fall back to a free deal when the
constraints are too tight.

A contract is bid only if it is made in most worlds (:data:`MIN_MADE`), and a double only
if the other side's contract fails in most.

Approximations, documented: every world is played double-dummy; passing is worth 0 when no
contract stands (the deal may be dealt again or taken by others); the last bid is taken as the
final contract; a générale is never bid.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from ..engine import annonces as ann
from ..engine.cards import (
    SUIT_OF,
    Trump,
    deck_mask,
    iter_cards,
    popcount,
    tables,
)
from ..engine.deal import belote_pairs
from ..engine.rules import Rules
from ..engine.scoring import CAPOT_VALUE, Contract, DealResult, belote_points, score_deal
from ..engine.views import SeatView
from .heuristic import HeuristicBot

if TYPE_CHECKING:
    from ..solver import Position, Solver

#: a seat's hand read from the auction: ``(seat, trump or None, low, high)``, its heuristic
#: estimate in ``trump`` (in its best suit when None) lies in ``[low, high)``
Constraint: TypeAlias = tuple[int, Trump | None, int, int]
#: ``solve_many(positions, deadline)``: team 0's card points in each position and the solver
#: nodes it took, in order (the first ones only past ``deadline``, a ``time.perf_counter()``
#: value)
SolveMany: TypeAlias = Callable[[list["Position"], float | None], list[tuple[int, int]]]

#: points the best bid must be worth above passing (auction) before the bot bids
BID_MARGIN = 10
#: card points moved from the bot's team to the other in every world: double-dummy play is
#: kinder to a side than the real game, and a failed contract costs far more than an
#: underbid one
CAUTION = 10
#: the margin for a contre or surcontre (a double that misfires costs twice)
DOUBLE_MARGIN = 10
#: share of the worlds in which a contract must be made before the bot bids it (and in which
#: the other side's contract must fail before it doubles): the mean alone favours bold bids
#: that a handful of worlds cannot vouch for
MIN_MADE = 0.75
#: a seat that passed an open auction is dealt a hand the heuristic rates below this in every
#: suit (it would have opened with about 50)
PASS_CEILING = 60
#: precision of the card-play solves used for bidding (points; 0 would be exact)
TOLERANCE = 0


@dataclass
class _World:
    hands: list[int]
    points: dict[Trump, int]  # trump -> team 0 card points (dix de der included)


class BidSimulator:
    """Simulated outcomes of the contracts a seat may bid, for one view."""

    def __init__(self, view: SeatView, rules: Rules, solver: Solver, rng: random.Random,
                 worlds: int, deadline: float | None = None,
                 solve_many: SolveMany | None = None, max_nodes: int | None = None) -> None:
        self.view = view
        self.rules = rules
        self.solver = solver
        self.rng = rng
        self.seat = view.seat
        self.team = view.seat % 2
        self.hand = view.hand_mask()
        self.leader = (view.dealer + 1) % 4
        self.nworlds = worlds
        self.worlds: list[_World] = []
        self.deadline = deadline  # time.perf_counter() value: after it, solve no more worlds
        # several worlds at once (the expert's threads), see SolveMany
        self.solve_many = solve_many
        self.max_nodes = max_nodes  # solver nodes: once visited, solve no more worlds
        self.nodes = 0  # solver nodes visited so far

    # -- worlds ---------------------------------------------------------------------------
    def deal(self, taker_gets_turned: bool, constraints: Sequence[Constraint],
             previous: Iterable[_World] | None = None) -> None:
        """Draw the worlds. Two-round bidding: the seat takes the turned card and its last
        cards (``taker_gets_turned``); an auction: all hands are already full.
        ``constraints``: ``(seat, trump or None, low, high)``: that seat's heuristic estimate
        in ``trump`` (in its best suit when None) lies in ``[low, high)``. Worlds of an
        earlier decision of the same deal (``previous``) that still fit are kept, with their
        solved points."""
        r = self.rules
        hs = r.hand_size
        turned = self.view.turned_card()
        own = self.hand
        if taker_gets_turned and turned is not None:
            own |= 1 << turned
        unseen = deck_mask(r.deck) & ~own
        cards = list(iter_cards(unseen))
        need_me = hs - popcount(own)
        others = [s for s in range(4) if s != self.seat]
        self.worlds = [w for w in previous or () if w.hands[self.seat] == own and
                       all(fits(w.hands[c[0]], c, r.deck) for c in constraints)]
        self.worlds = self.worlds[:self.nworlds]
        for _ in range(self.nworlds - len(self.worlds)):
            for attempt in range(40):
                self.rng.shuffle(cards)
                hands = [0, 0, 0, 0]
                hands[self.seat] = own
                for c in cards[:need_me]:
                    hands[self.seat] |= 1 << c
                k = need_me
                for s in others:
                    for c in cards[k:k + hs]:
                        hands[s] |= 1 << c
                    k += hs
                if attempt == 39 or all(fits(hands[c[0]], c, r.deck) for c in constraints):
                    break
            self.worlds.append(_World(hands, {}))

    def _position(self, w: _World, trump: Trump) -> Position:
        from ..solver import Position
        return Position(list(w.hands), trump, self.rules, self.leader, [], [0, 0])

    def _points(self, w: _World, trump: Trump) -> int:
        if trump not in w.points:
            self.solver.clear()  # a world of its own, as in ExpertBot._map
            n0 = self.solver.nodes
            w.points[trump] = self.solver.future(self._position(w, trump), tolerance=TOLERANCE)
            self.nodes += self.solver.nodes - n0
        return w.points[trump]

    def _spent(self) -> bool:
        """Whether the decision's budget is spent: past the deadline, or ``max_nodes`` solver
        nodes visited (a count, the same on any machine)."""
        return (self.deadline is not None and time.perf_counter() > self.deadline) or \
            (self.max_nodes is not None and self.nodes >= self.max_nodes)

    # -- scoring --------------------------------------------------------------------------
    def value(self, contract: Contract) -> tuple[float, float]:
        """``(mean, made)``: the mean over the worlds of (this seat's team score − the other
        team's) if ``contract`` is played, and the share of worlds where it is made."""
        tot = 0.0
        made = 0
        n = 0
        todo = [w for w in self.worlds if contract.trump not in w.points]
        if self.solve_many is not None and len(todo) > 1 and not self._spent():
            pts = self.solve_many([self._position(w, contract.trump) for w in todo],
                                  self.deadline)
            for w, (p, nodes) in zip(todo, pts, strict=False):  # past the deadline: fewer
                w.points[contract.trump] = p
                self.nodes += nodes
        for w in self.worlds:
            if n and contract.trump not in w.points and self._spent():
                break  # out of time or nodes: the worlds solved so far (at least one)
            res = self._score(w, contract)
            tot += res.score[self.team] - res.score[1 - self.team]
            made += bool(res.made)
            n += 1
        if not n:
            return 0.0, 0.0
        return tot / n, made / n

    def _score(self, w: _World, contract: Contract) -> DealResult:
        r = self.rules
        trump = contract.trump
        tt = tables(trump, r.sa_ace_points, r.deck)
        p0 = self._points(w, trump)
        hs = r.hand_size
        tricks = [hs // 4 + (1 if i < hs % 4 else 0) for i in range(4)]
        capot = 0 if p0 == tt.total else (1 if p0 == 0 else None)
        if capot is not None:  # every point to one side: taken as a capot
            tricks = [0, 0, 0, 0]
            tricks[contract.taker if contract.team == capot else (contract.taker + 1) % 4] = hs
        else:
            p0 = p0 - CAUTION if self.team == 0 else p0 + CAUTION
            p0 = max(1, min(tt.total - 1, p0))
        points = [p0, tt.total - p0]
        bel, own = belote_points(belote_pairs(w.hands, tt), contract.taker)  # said when held
        team, apts = None, 0
        if r.annonces:
            declared = {s: a for s in range(4) if (a := ann.find_annonces(w.hands[s], trump))}
            if declared:
                team = ann.best_team(declared, trump, self.leader, r.annonce_tie,
                                     r.sequence_order == "length")
                if team is not None:
                    apts = ann.team_points(declared, team)
        return score_deal(r, contract, points, tricks, bel, team, apts, tt.total,
                          taker_belote=own)


@dataclass
class Auction:
    """What an auction shows (seen from ``seat``): the standing bid ``(seat, text)`` or None,
    its multiplier (1, 2 after a contre, 4 after a surcontre) and the ``constraints`` on the
    other seats' hands, ``(seat, trump or None, low, high)``: that seat's heuristic estimate of
    its whole hand in ``trump`` (in its best suit when None) lies in ``[low, high)``."""

    best_bid: tuple[int, str] | None
    mult: int
    constraints: list[Constraint]


def read_auction(bids: Iterable[Sequence[Any]], seat: int,
                 barred_team: int | None = None) -> Auction:
    """Read an auction (``bids``: ``(seat, action text)`` in order, as in a seat's view) for
    ``seat``: a bid of ``V T`` backs a heuristic estimate of at least ``V - 45`` in ``T``
    (a seat's first bid: its raises follow the auction); a seat that passed while no one had
    bid rates below :data:`PASS_CEILING` in every suit; a seat that doubled holds at least 25
    in the doubled trump. The passes of a ``barred_team`` (002 §VIII.A: it may only pass)
    tell nothing."""
    best_bid: tuple[int, str] | None = None
    mult = 1
    highest: dict[int, str] = {}  # first bid of each seat
    doublers: list[int] = []
    passed_first: list[int] = []
    spoken: set[int] = set()
    for s, b in bids:
        if s not in spoken and b == "pass" and best_bid is None and \
                (barred_team is None or s % 2 != barred_team):
            passed_first.append(s)  # passed when the auction was still open
        spoken.add(s)
        if b == "contre":
            mult = 2
            doublers.append(s)
        elif b == "surcontre":
            mult = 4
        elif b != "pass":
            best_bid = (s, b)
            highest.setdefault(s, b)
            mult = 1
    constraints: list[Constraint] = []
    for s, b in highest.items():
        if s == seat:
            continue
        t = _bid_trump(b)
        words = b.split()
        if t is not None and t.is_suit and words[0].isdigit():
            constraints.append((s, t, max(0, int(words[0]) - 45), 10**6))
    for s in passed_first:
        if s != seat and s not in highest:
            constraints.append((s, None, 0, PASS_CEILING))
    if best_bid is not None:
        t = _bid_trump(best_bid[1])
        for s in doublers:
            if s != seat and t is not None and t.is_suit and s % 2 != best_bid[0] % 2:
                constraints.append((s, t, 25, 10**6))
    return Auction(best_bid, mult, constraints)


def fits(hand: int, constraint: Constraint, deck: int) -> bool:
    """Whether ``hand`` (a card mask) meets an :class:`Auction` constraint."""
    _s, trump, low, high = constraint
    if trump is None:
        e = max(HeuristicBot.estimate(hand, Trump(s), deck) for s in range(4))
    else:
        e = HeuristicBot.estimate(hand, trump, deck)
    return low <= e < high


def _bid_trump(text: str) -> Trump | None:
    words = text.split()
    if len(words) == 2:
        try:
            return Trump.parse(words[1])
        except ValueError:
            return None
    return None


def bid_two_rounds(view: SeatView, rules: Rules, solver: Solver, rng: random.Random,
                   worlds: int, previous: list[_World] | None = None,
                   deadline: float | None = None, solve_many: SolveMany | None = None, *,
                   max_nodes: int | None = None) -> tuple[str, list[_World]]:
    """Take (round 1) or name a suit (round 2) when the simulated mean score difference of
    playing it is positive; pass otherwise. Returns the action and the worlds (to pass back
    as ``previous`` for the next decision of the same deal). Past ``deadline`` (a
    ``time.perf_counter()`` value), or once ``max_nodes`` solver nodes are visited, no more
    worlds are solved: each contract kind is judged on the worlds solved so far (at least
    one). ``solve_many``: see :data:`SolveMany`."""
    legal = view.legal
    sim = BidSimulator(view, rules, solver, rng, worlds, deadline, solve_many, max_nodes)
    sim.deal(True, [], previous)
    best, best_v = "pass", 0.0
    turned = view.turned_card()
    assert turned is not None  # two rounds: the turned card is up while bidding
    for a in legal:
        if a == "pass":
            continue
        trump = Trump(SUIT_OF[turned]) if a == "take" else Trump.parse(a)
        v, made = sim.value(Contract(view.seat, trump))
        if v > best_v and made >= MIN_MADE:
            best, best_v = a, v
    return best, sim.worlds


def bid_auction(view: SeatView, rules: Rules, solver: Solver, rng: random.Random, worlds: int,
                previous: list[_World] | None = None,
                deadline: float | None = None, solve_many: SolveMany | None = None, *,
                max_nodes: int | None = None) -> tuple[str, list[_World]]:
    """The auction action (bid, capot, pass, contre, surcontre) with the best simulated mean
    score difference; a bid or a double must beat passing by a margin. Returns the action and
    the worlds (``deadline``, ``max_nodes``: see :func:`bid_two_rounds`)."""
    legal = view.legal
    seat = view.seat
    hand = view.hand_mask()
    auction = read_auction(view.bids, seat, view.barred_team)
    best_bid, mult, constraints = auction.best_bid, auction.mult, auction.constraints
    # candidate trumps for our own bids: the two our hand rates best, and the standing one
    suits = [Trump(s) for s in range(4)]
    extra = [Trump.SA, Trump.TA] if any(a.endswith((" SA", " TA")) for a in legal) else []
    ests = sorted(suits + extra, key=lambda t: -HeuristicBot.estimate(hand, t, rules.deck))
    cands = set(ests[:2])
    if best_bid is not None and (t := _bid_trump(best_bid[1])) is not None:
        cands.add(t)
    sim = BidSimulator(view, rules, solver, rng, worlds, deadline, solve_many, max_nodes)
    sim.deal(False, constraints, previous)

    def standing(m: int) -> Contract | None:
        if best_bid is None:
            return None
        s, b = best_bid
        words = b.split()
        t = Trump.parse(words[-1])
        if words[0] == "capot":
            return Contract(s, t, CAPOT_VALUE, "capot", m)
        if words[0] == "generale":
            return None
        return Contract(s, t, int(words[0]), "normal", m)

    now = standing(mult)
    pass_v = sim.value(now)[0] if now is not None else 0.0
    choice, choice_v = "pass", pass_v
    for a in legal:
        if a == "pass":
            continue
        if a in ("contre", "surcontre"):
            c = standing(2 if a == "contre" else 4)
            if c is None:
                continue
            v, made = sim.value(c)
            sure = made >= MIN_MADE if c.team == seat % 2 else made <= 1 - MIN_MADE
            if v > pass_v + DOUBLE_MARGIN and v > choice_v and sure:
                choice, choice_v = a, v
            continue
        words = a.split()
        t = _bid_trump(a)
        if t is None or t not in cands or words[0] == "generale":
            continue
        if words[0] == "capot":
            c = Contract(seat, t, CAPOT_VALUE, "capot", 1)
        else:
            c = Contract(seat, t, int(words[0]), "normal", 1)
        v, made = sim.value(c)
        if v > pass_v + BID_MARGIN and v > choice_v and made >= MIN_MADE:
            choice, choice_v = a, v
    return choice, sim.worlds
