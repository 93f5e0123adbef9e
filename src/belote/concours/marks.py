"""What one deal can mark under a preset's scoring: the lines (side 0's mark, side 1's) the
engine gives a deal, enumerated once per (rules, last deal, held points) through
:func:`belote.engine.scoring.score_deal` and :func:`belote.engine.game.deal_mark` (the cases
enumerated and the reading: :mod:`belote.concours.sheet`, docs/concours-scoring.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..engine.annonces import CARRE_POINTS, CARRE_POINTS_SA, SEQUENCE_POINTS
from ..engine.cards import RANK_OF, SIX, Trump, card_of, deck_mask, iter_cards, tables
from ..engine.game import deal_mark
from ..engine.rules import Bidding, LitigeLastDeal, Rules
from ..engine.scoring import (
    CAPOT_VALUE,
    GENERALE_VALUE,
    Contract,
    ContractKind,
    DealResult,
    penalty_result,
    score_deal,
)

#: the kinds of line a reading names, in the order a line's readings are preferred
KINDS = ("failed", "made", "capot", "litige", "last_litige", "defence_capot", "penalty",
         "annonces")

@dataclass(frozen=True)
class Outcome:
    """One deal as the engine scores it, before the held points: the taker's side, what each
    side marks (``score``), whether the contract is ``made`` (None: a litige), the points its
    litige holds, and the kind of line."""

    taker: int
    score: tuple[int, int]
    made: bool | None
    held: int
    kind: str

    def result(self) -> DealResult:
        """A :class:`DealResult` with this score, for :func:`deal_mark`."""
        return DealResult(None, [0, 0], [0, 0], [0, 0], None, self.made, False, None,
                          list(self.score), self.held)


# -- what a team can take -------------------------------------------------------------------

def card_totals(rules: Rules, trump: Trump) -> tuple[int, frozenset[int]]:
    """The pack's card points with the dix de der in contract kind ``trump`` (162, 130 or
    258), and every total a side can take without a capot: the sum of the values of 4k cards
    (0 < k < hand size) plus 10 for the last trick or not."""
    tt = tables(trump, rules.sa_ace_points, rules.deck)
    values = [tt.points[c] for c in iter_cards(deck_mask(rules.deck))]
    n = rules.hand_size
    # reach[m]: bit s set when some m cards are worth s points
    reach = [0] * (len(values) + 1)
    reach[0] = 1
    for v in values:
        for m in range(len(values), 0, -1):
            reach[m] |= reach[m - 1] << v
    totals: set[int] = set()
    for k in range(1, n):
        bits = reach[4 * k]
        for s in range(bits.bit_length()):
            if bits >> s & 1:
                totals.update((s, s + 10))
    return tt.total, frozenset(totals)


def _annonces_of(deck: int, sa: bool) -> list[tuple[int, int, int | None]]:
    """Every single annonce of the pack: (points, mask of its cards, suit of a run or None)."""
    table = CARRE_POINTS_SA if sa else CARRE_POINTS
    out: list[tuple[int, int, int | None]] = []
    for rank, pts in table.items():
        out.append((pts, sum(1 << card_of(s, rank) for s in range(4)), None))
    ranks = list(range(SIX if deck == 36 else SIX + 1, 9))
    for s in range(4):
        for i in range(len(ranks)):
            for j in range(i + 3, len(ranks) + 1):
                mask = sum(1 << card_of(s, r) for r in ranks[i:j])
                out.append((SEQUENCE_POINTS[min(j - i, 5)], mask, s))
    return out


def _touching(x: tuple[int, int, int | None], y: tuple[int, int, int | None]) -> bool:
    """Two runs of one suit that touch (they would be one run: 001, one cent)."""
    if x[2] is None or x[2] != y[2]:
        return False
    rx = {RANK_OF[c] for c in iter_cards(x[1])}
    ry = {RANK_OF[c] for c in iter_cards(y[1])}
    return min(rx) - 1 in ry or max(rx) + 1 in ry


@lru_cache(maxsize=8)
def team_annonce_values(deck: int, hand_size: int, sa: bool) -> tuple[int, ...]:
    """Every total (points, > 0) the annonces of one team's two hands can be worth
    (engine/annonces.py: tierce 20, cinquante 50, cent 100 (a run of 6+ too), carrés
    100 / 150 / 200, ``sa``: the Sans Atout carrés; a card serves once; a player declares any
    of his annonces, at most ``hand_size`` cards)."""
    single = _annonces_of(deck, sa)
    by_value: dict[int, list[int]] = {}  # one player's declaration: points → card masks
    for size in range(1, hand_size // 3 + 1):
        for combo in combinations(single, size):
            mask = 0
            ok = True
            for a in combo:
                ok = ok and not mask & a[1]
                mask |= a[1]
            if not ok or mask.bit_count() > hand_size or any(
                    _touching(x, y) for x, y in combinations(combo, 2)):
                continue
            by_value.setdefault(sum(a[0] for a in combo), []).append(mask)
    values = set(by_value)
    for v1, v2 in combinations(sorted(by_value), 2):
        if any(not m1 & m2 for m1 in by_value[v1] for m2 in by_value[v2]):
            values.add(v1 + v2)
    for v, masks in by_value.items():
        if any(not m1 & m2 for m1, m2 in combinations(masks, 2)):
            values.add(2 * v)
    return tuple(sorted(values))


# -- the deals a preset can give ------------------------------------------------------------

def _trumps(rules: Rules) -> list[Trump]:
    return [Trump.S] + ([Trump.SA, Trump.TA] if rules.sa_ta else [])


def _belotes(rules: Rules, trump: Trump) -> list[tuple[list[int], int]]:
    """(belote said per team [taker's, defence's], the part said by the taker himself; a
    two-round scoring does not look at the part, only an auction's failed capot bid does)."""
    pairs = 4 if trump == Trump.TA else 0 if trump == Trump.SA else 1
    out = []
    if rules.bidding == Bidding.TWO_ROUNDS:
        return [([20 * t, 20 * d], 20 * t) for t in range(pairs + 1) for d in range(pairs + 1 - t)]
    for own in range(pairs + 1):
        for partner in range(pairs + 1 - own):
            for defence in range(pairs + 1 - own - partner):
                out.append(([20 * (own + partner), 20 * defence], 20 * own))
    return out


def _contracts(rules: Rules, trump: Trump) -> list[Contract]:
    if rules.bidding == Bidding.TWO_ROUNDS:
        return [Contract(0, trump)]
    kinds: list[tuple[int, ContractKind]] = [
        (v, "normal") for v in range(rules.min_bid, rules.max_bid + 1, rules.bid_step)]
    if rules.capot_bid:
        kinds.append((CAPOT_VALUE, "capot"))
    if rules.generale_bid:
        kinds.append((GENERALE_VALUE, "generale"))
    return [Contract(0, trump, v, kind, doubled) for v, kind in kinds for doubled in (1, 2, 4)]


def _plays(rules: Rules, trump: Trump) -> Iterator[tuple[list[int], list[int]]]:
    """(card points per team [taker's, defence's], tricks per seat) of every way the tricks
    can fall, the taker at seat 0: no capot, a capot by the taker alone, by the taker and
    his partner, by the defence."""
    total, reachable = card_totals(rules, trump)
    n = rules.hand_size
    for t in sorted(reachable):
        yield [t, total - t], [1, n - 1, 0, 0]
    yield [total, 0], [n, 0, 0, 0]
    yield [total, 0], [n - 1, 0, 1, 0]
    yield [0, total], [0, n, 0, 0]


def _annonce_cases(rules: Rules, trump: Trump, exact: bool) -> list[tuple[int | None, int]]:
    if not (rules.annonces and exact):
        return [(None, 0)]
    values = team_annonce_values(rules.deck, rules.hand_size, trump == Trump.SA)
    return [(None, 0)] + [(team, v) for team in (0, 1) for v in values]


def is_exact(rules: Rules) -> bool:
    """Whether the annonces are enumerated (every preset but an auction with annonces)."""
    return not (rules.annonces and rules.bidding == Bidding.AUCTION)


def outcomes(rules: Rules, last_deal: bool) -> tuple[Outcome, ...]:
    """Every distinct deal the engine scores under ``rules`` (the taker at side 0, then the
    same mirrored for side 1): its marks, made, held points and kind. ``last_deal``: the last
    deal of a partie of deals (it only changes a two-round litige under
    ``litige_last_deal="defence"``; the others share one enumeration)."""
    return _enumerate(rules, last_deal and rules.bidding == Bidding.TWO_ROUNDS
                      and rules.litige_last_deal == LitigeLastDeal.DEFENCE)


@lru_cache(maxsize=16)
def _enumerate(rules: Rules, last_deal: bool) -> tuple[Outcome, ...]:
    """:func:`outcomes`, computed."""
    seen: dict[tuple[int, int, bool | None, int], str] = {}

    def keep(res: DealResult, kind: str) -> None:
        key = (res.score[0], res.score[1], res.made, res.held)
        old = seen.get(key)
        if old is None or KINDS.index(kind) < KINDS.index(old):
            seen[key] = kind

    exact = is_exact(rules)
    res = None
    for trump in _trumps(rules):
        total = tables(trump, rules.sa_ace_points, rules.deck).total
        for contract in _contracts(rules, trump):
            for points, tricks in _plays(rules, trump):
                for belote, own in _belotes(rules, trump):
                    for team, apts in _annonce_cases(rules, trump, exact):
                        res = score_deal(rules, contract, points, tricks, belote, team, apts,
                                         total, last_deal, own)
                        keep(res, _result_kind(res, contract))
    if rules.irregularity_penalty and res is not None:
        # 002 §VIII.B: the deal lost for the faulty side, the penalty to the other
        for faulty in (0, 1):
            keep(penalty_result(res, faulty, rules.irregularity_penalty), "penalty")
    out = []
    for (s0, s1, made, held), kind in seen.items():
        out.append(Outcome(0, (s0, s1), made, held, kind))
        out.append(Outcome(1, (s1, s0), made, held, kind))
    return tuple(out)


def _result_kind(res: DealResult, contract: Contract) -> str:
    if res.capot is not None:
        return "capot" if res.capot == contract.team else "defence_capot"
    if res.litige:
        return "litige" if res.made is None else "last_litige"
    return "made" if res.made else "failed"


@lru_cache(maxsize=64)
def deal_lines(rules: Rules, last_deal: bool, held: int) -> dict[tuple[int, int], tuple[
        tuple[int, str], ...]]:
    """Every line a deal marks with ``held`` litige points coming in: (mark side 0, mark
    side 1) → its readings (held after, kind), preferred first."""
    found: dict[tuple[int, int], set[tuple[int, str]]] = {}
    for o in outcomes(rules, last_deal):
        mark, after = deal_mark(rules, o.result(), o.taker, held)
        found.setdefault((mark[0], mark[1]), set()).add((after, o.kind))
    return {line: tuple(sorted(r, key=lambda x: (KINDS.index(x[1]), x[0])))
            for line, r in found.items()}


@lru_cache(maxsize=32)
def _by_score(rules: Rules, last_deal: bool) -> dict[tuple[int, int], tuple[Outcome, ...]]:
    """The deals of :func:`outcomes` by their score (what they mark before held points)."""
    out: dict[tuple[int, int], list[Outcome]] = {}
    for o in outcomes(rules, last_deal):
        out.setdefault(o.score, []).append(o)
    return {score: tuple(os) for score, os in out.items()}


@lru_cache(maxsize=4096)
def line_readings(rules: Rules, last_deal: bool, held: int, a: int,
                   b: int) -> tuple[tuple[int, str], ...]:
    """The readings of line a–b with ``held`` points coming in, as :func:`deal_lines` gives them,
    without building every line: :func:`deal_mark` adds the held points to one side or
    none, so only the deals scored a–b, (a − held)–b or a–(b − held) can mark it."""
    by_score = _by_score(rules, last_deal)
    found: set[tuple[int, str]] = set()
    for score in {(a, b), (a - held, b), (a, b - held)}:
        for o in by_score.get(score, ()):
            mark, after = deal_mark(rules, o.result(), o.taker, held)
            if (mark[0], mark[1]) == (a, b):
                found.add((after, o.kind))
    return tuple(sorted(found, key=lambda x: (KINDS.index(x[1]), x[0])))


__all__ = ["KINDS", "Outcome", "card_totals", "deal_lines", "is_exact", "line_readings",
           "outcomes", "team_annonce_values"]
