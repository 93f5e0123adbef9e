"""Score sheets: each deal line, or a partie's two totals, checked against the preset's scoring.

A line is the two teams' marks for one taken deal, side 0 then side 1 (the sheet does not say
who took). It is valid when the engine itself marks it: the set of lines a deal can give is
enumerated once per (rules, last deal, held points) through
:func:`belote.engine.scoring.score_deal` and :func:`belote.engine.game.deal_mark`, over

* the taker's side (0 or 1) and every contract the preset allows: a suit (the four suits
  score alike), Sans Atout and Tout Atout when ``sa_ta``; in an auction every bid
  ``min_bid..max_bid`` by ``bid_step``, a capot / générale bid when allowed, doubled ×1 ×2 ×4;
* the card points the taking side can take: its tricks are 4k cards of the pack
  (0 < k < the hand size) plus the dix de der or not, so the totals are the sums of 4k card
  values (+10); in a suit contract 1 and 161 are out of reach (no card is worth 1). A capot by
  either side, and in an auction a générale (all the tricks to the taker himself);
* the belote: none, or each pair said by the taker, his partner or the defence (one pair in a
  suit, four in Tout Atout, none in Sans Atout);
* with ``annonces`` (two-round presets), no annonce, or any total a team's two hands can hold
  (tierce 20, cinquante 50, cent 100, carrés 100 / 150 / 200; each card in one annonce,
  at most a hand's cards a player: :func:`team_annonce_values`) to either side;
* with ``irregularity_penalty`` (002 §VIII.B), the penalty to either side.

Reading (documented in docs/concours-scoring.md): every sum of 4k cards is taken as reachable
in play (the play rules are not replayed); a property test checks the converse, that every
line the engine marks in random deals passes. **Auction presets with annonces** (``coinche``,
or ``annonces=true`` on an auction) are not enumerated with the annonces (too many cases):
a line is exact when it needs no annonce, else accepted when each mark is at most the most a
deal marks plus the most a team's annonces are worth, and a multiple of ten with ``rounding``
(kind ``"annonces"``).

Seed 000 (the concours): made, each side its points, 162 in all (182 with the belote); failed,
the defence 162 or 182, the taker 0; litige (81–81), the defence 81, the taker's 81 held for
the winner of the next deal; on the 12th deal a litige gives all to the defence; capot 252
(272 with its belote), the other side's belote stays with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..engine.annonces import CARRE_POINTS, CARRE_POINTS_SA, SEQUENCE_POINTS
from ..engine.cards import RANK_OF, SIX, Trump, card_of, deck_mask, iter_cards, tables
from ..engine.errors import Param
from ..engine.game import deal_mark
from ..engine.rules import Bidding, LitigeLastDeal, LitigeTo, Rules
from ..engine.scoring import (
    CAPOT_VALUE,
    GENERALE_VALUE,
    Contract,
    ContractKind,
    DealResult,
    penalty_result,
    score_deal,
)
from .errors import ConcoursError

#: the kinds of line a reading names, in the order a line's readings are preferred
KINDS = ("failed", "made", "capot", "litige", "last_litige", "defence_capot", "penalty",
         "annonces")
#: the most sums a message lists before "…"
_SHOWN = 6
#: the most deals a partie's totals are checked exactly for (the sum of so many deals)
_MOST_DEALS_EXACT = 200


@dataclass(frozen=True)
class LineCheck:
    """One valid deal line as the engine scores it: ``deal`` its number (from 1), ``points``
    the marks as entered (side 0, side 1), ``held_before`` / ``held_after`` the litige points
    held coming into the deal and after it (a litige holds the taker's points, a won deal pays
    them out), ``kind`` one reading that explains the line (:data:`KINDS`: ``made``,
    ``capot`` (by the taker's side), ``failed``, ``litige``, ``last_litige`` (a litige on the
    last deal, all to the defence), ``defence_capot``, ``penalty`` (002 §VIII.B),
    ``annonces`` (an auction line with annonces, checked by its bounds only))."""

    deal: int
    points: tuple[int, int]
    held_before: int
    held_after: int
    kind: str


@dataclass(frozen=True)
class _Outcome:
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


def _exact(rules: Rules) -> bool:
    """Whether the annonces are enumerated (every preset but an auction with annonces)."""
    return not (rules.annonces and rules.bidding == Bidding.AUCTION)


def _outcomes(rules: Rules, last_deal: bool) -> tuple[_Outcome, ...]:
    """Every distinct deal the engine scores under ``rules`` (the taker at side 0, then the
    same mirrored for side 1): its marks, made, held points and kind. ``last_deal``: the last
    deal of a partie of deals (it only changes a two-round litige under
    ``litige_last_deal="defence"``; the others share one enumeration)."""
    return _enumerate(rules, last_deal and rules.bidding == Bidding.TWO_ROUNDS
                      and rules.litige_last_deal == LitigeLastDeal.DEFENCE)


@lru_cache(maxsize=16)
def _enumerate(rules: Rules, last_deal: bool) -> tuple[_Outcome, ...]:
    """:func:`_outcomes`, computed."""
    seen: dict[tuple[int, int, bool | None, int], str] = {}

    def keep(res: DealResult, kind: str) -> None:
        key = (res.score[0], res.score[1], res.made, res.held)
        old = seen.get(key)
        if old is None or KINDS.index(kind) < KINDS.index(old):
            seen[key] = kind

    exact = _exact(rules)
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
        out.append(_Outcome(0, (s0, s1), made, held, kind))
        out.append(_Outcome(1, (s1, s0), made, held, kind))
    return tuple(out)


def _result_kind(res: DealResult, contract: Contract) -> str:
    if res.capot is not None:
        return "capot" if res.capot == contract.team else "defence_capot"
    if res.litige:
        return "litige" if res.made is None else "last_litige"
    return "made" if res.made else "failed"


def _is_last(rules: Rules, deal: int, deals: int | None) -> bool:
    """Whether the deal's litige is scored as a last deal's (000: the 12th deal of a partie
    of 12; only two-round scorings have a litige)."""
    return (deals is not None and deal == deals and rules.bidding == Bidding.TWO_ROUNDS
            and rules.litige_last_deal == LitigeLastDeal.DEFENCE)


@lru_cache(maxsize=64)
def _lines(rules: Rules, last_deal: bool, held: int) -> dict[tuple[int, int], tuple[
        tuple[int, str], ...]]:
    """Every line a deal marks with ``held`` litige points coming in: (mark side 0, mark
    side 1) → its readings (held after, kind), preferred first."""
    found: dict[tuple[int, int], set[tuple[int, str]]] = {}
    for o in _outcomes(rules, last_deal):
        mark, after = deal_mark(rules, o.result(), o.taker, held)
        found.setdefault((mark[0], mark[1]), set()).add((after, o.kind))
    return {line: tuple(sorted(r, key=lambda x: (KINDS.index(x[1]), x[0])))
            for line, r in found.items()}


@lru_cache(maxsize=32)
def _by_score(rules: Rules, last_deal: bool) -> dict[tuple[int, int], tuple[_Outcome, ...]]:
    """The deals of :func:`_outcomes` by their score (what they mark before held points)."""
    out: dict[tuple[int, int], list[_Outcome]] = {}
    for o in _outcomes(rules, last_deal):
        out.setdefault(o.score, []).append(o)
    return {score: tuple(os) for score, os in out.items()}


@lru_cache(maxsize=4096)
def _line_readings(rules: Rules, last_deal: bool, held: int, a: int,
                   b: int) -> tuple[tuple[int, str], ...]:
    """The readings of line a–b with ``held`` points coming in, as :func:`_lines` gives them,
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


# -- checks ---------------------------------------------------------------------------------

def check_line(rules: Rules, a: int, b: int, *, deal: int, deals: int | None,
               held: int = 0) -> LineCheck:
    """Check one deal line: ``a`` and ``b`` the marks of side 0 and side 1 (points), ``deal``
    its number (from 1) in a partie of ``deals`` deals (None: a partie to a target score, no
    last deal), ``held`` the litige points held coming in. Returns the reading the engine
    gives (:class:`LineCheck`; a line several readings explain: the first of :data:`KINDS`).

    Raises :class:`~belote.concours.errors.ConcoursError` naming the rule:
    ``concours.deals.bad``, ``concours.line.not_number``, ``concours.line.deal`` /
    ``concours.line.deal_after`` (a deal number below 1 / after ``deals``),
    ``concours.line.negative``, ``concours.line.held`` (valid without the held points: the
    winner did not mark them), ``concours.line.last_litige``, ``concours.line.litige``,
    ``concours.line.capot``, ``concours.line.failed``, ``concours.line.total``,
    ``concours.line.points`` (seed 000 "Compte des points", "Le capot")."""
    _check_numbers(a, b, deal, deals, held)
    last = _is_last(rules, deal, deals)
    readings = _readings(rules, a, b, last, held)
    if not readings:
        raise _refusal(rules, a, b, deal, deals, held)
    after, kind = readings[0]
    return LineCheck(deal, (a, b), held, after, kind)


def _readings(rules: Rules, a: int, b: int, last: bool, held: int) -> tuple[tuple[int, str],
                                                                            ...]:
    """The readings (held after, kind) of line a–b, or () when no deal marks it."""
    found = _line_readings(rules, last, held, a, b)
    if found or _exact(rules) or held:
        return found
    most = _most_mark(rules) + max(team_annonce_values(rules.deck, rules.hand_size, False))
    tens = not rules.rounding or (a % 10 == 0 and b % 10 == 0)
    return ((0, "annonces"),) if tens and 0 <= a <= most and 0 <= b <= most else ()


@lru_cache(maxsize=32)
def _most_mark(rules: Rules) -> int:
    return max(max(o.score) for o in _outcomes(rules, False))


def check_lines(rules: Rules, lines: Sequence[tuple[int, int]], *,
                deals: int | None) -> list[LineCheck]:
    """Check a partie's deal lines in order, carrying the held litige points from line to
    line; returns one reading per line, a reading of the whole sheet (where a line has
    several, one that the lines after it agree with). Raises
    :class:`~belote.concours.errors.ConcoursError` at the first line no reading explains,
    naming its number (the codes of :func:`check_line`), ``concours.line.not_pair`` (a line
    that is not two marks), or ``concours.line.too_many`` (more lines than ``deals``)."""
    _check_deals(deals)
    if deals is not None and len(lines) > deals:
        raise ConcoursError(f"{len(lines)} deal lines for a partie of {deals} deals",
                            code="concours.line.too_many",
                            params={"lines": len(lines), "deals": deals})
    # states: held points → the reading of the lines so far that leaves them held
    states: dict[int, list[LineCheck]] = {0: []}
    for i, line in enumerate(lines, start=1):
        if not isinstance(line, tuple | list) or len(line) != 2:
            raise ConcoursError(f"deal {i}: a line holds two marks, side 0 and side 1, not "
                                f"{line!r}", code="concours.line.not_pair",
                                params={"deal": i, "value": repr(line)})
        a, b = line
        _check_numbers(a, b, i, deals, 0)
        last = _is_last(rules, i, deals)
        new: dict[int, list[LineCheck]] = {}
        for held in sorted(states):
            for after, kind in _readings(rules, a, b, last, held):
                if after not in new:
                    new[after] = [*states[held], LineCheck(i, (a, b), held, after, kind)]
        if not new:
            raise _refusal(rules, a, b, i, deals, min(states))
        states = new
    return states[min(states)]


def _check_deals(deals: object) -> None:
    if deals is not None and (not isinstance(deals, int) or isinstance(deals, bool)
                              or deals < 1):
        raise ConcoursError(f"a partie has a whole number of deals, 1 or more (or none: to a "
                            f"target score), not {deals!r}", code="concours.deals.bad",
                            params={"value": repr(deals)})


def _check_numbers(a: object, b: object, deal: object, deals: int | None, held: object) -> None:
    _check_deals(deals)
    for v in (a, b, deal, held):
        if not isinstance(v, int) or isinstance(v, bool):
            raise ConcoursError(f"a deal line holds whole numbers of points, not {v!r}",
                                code="concours.line.not_number", params={"value": repr(v)})
    assert isinstance(deal, int)
    if deal < 1:
        raise ConcoursError(f"deal {deal}: the deals of a partie are numbered from 1",
                            code="concours.line.deal", params={"deal": deal})
    if deals is not None and deal > deals:
        raise ConcoursError(f"deal {deal}: a partie of {deals} deals has no deal {deal}",
                            code="concours.line.deal_after", params={"deal": deal, "deals": deals})


# -- refusals -------------------------------------------------------------------------------

#: the seed each preset's scoring comes from, for the messages' ``cite``
_SEED = {"concours": "000", "classique": "001", "annonces": "001", "contree": "001",
         "coinche": "001", "ffb": "002 §VII", "simplifiee": "003", "retourne": "004"}
#: the place in seed 000 each refusal names
_SECTION_000 = {"total": "000 « Compte des points »", "failed": "000 « Compte des points » b",
                "litige": "000 « Compte des points » c", "held": "000 « Compte des points » c",
                "capot": "000 « Le capot »",
                "last_litige": "000 « Déroulement du concours »",
                "points": "000 « Compte des points »"}


def _cite(rules: Rules, what: str) -> str:
    seed = _SEED.get(rules.preset_name)
    if seed is None:
        seed = {"simplifiee": "003", "faits": "002 §VII", "annonces": "002 §VII",
                "faits+annonces": "002 §VII"}.get(str(rules.scoring), "001")
    return _SECTION_000[what] if seed == "000" else seed


def _shown(values: Iterable[int]) -> str:
    """Numbers as the messages list them: ``"162 / 182"`` (the first few, then "…")."""
    out = sorted(set(values))
    text = " / ".join(str(v) for v in out[:_SHOWN])
    return text + (" / …" if len(out) > _SHOWN else "")


def _near(rules: Rules, a: int, b: int, last: bool, held: int) -> str:
    """The valid lines nearest a–b (by the points to change), as ``"160–2 / 162–0"``."""
    lines = _lines(rules, last, held)
    if not lines:
        return ""
    best = sorted(lines, key=lambda ln: (abs(ln[0] - a) + abs(ln[1] - b), ln))[:2]
    return " / ".join(f"{x}–{y}" for x, y in best)


def _marks_of(rules: Rules, last: bool, held: int, kinds: tuple[str, ...]) -> list[
        tuple[int, int]]:
    return [line for line, rs in _lines(rules, last, held).items()
            if any(k in kinds for _h, k in rs)]


def _refusal(rules: Rules, a: int, b: int, deal: int, deals: int | None,
             held: int) -> ConcoursError:
    """The error of line a–b no deal marks, by its nearest valid reading."""
    last = _is_last(rules, deal, deals)
    base: dict[str, Param] = {"deal": deal, "a": a, "b": b}
    if a < 0 or b < 0:
        return ConcoursError(f"deal {deal}: {a}–{b}: a mark is never below 0",
                             code="concours.line.negative", params=base)
    if held and (a, b) in _lines(rules, last, 0):
        lines = _lines(rules, last, held)
        paid = [f"{x}–{y}" for x, y in ((a + held, b), (a, b + held)) if (x, y) in lines]
        near = " / ".join(paid) or _near(rules, a, b, last, held)
        return ConcoursError(
            f"deal {deal}: {a}–{b}: {held} litige points are held: the winner of this deal "
            f"marks them too, e.g. {near} ({_cite(rules, 'held')})", code="concours.line.held",
            params={**base, "held": held, "near": near, "cite": _cite(rules, "held")})
    if last and (a, b) in _marks_of(rules, False, held, ("litige",)) or last and a == b:
        lost = _marks_of(rules, True, held, ("failed", "last_litige"))
        expected = _shown([max(line) for line in lost])
        cite = _cite(rules, "last_litige")
        return ConcoursError(
            f"deal {deal}: {a}–{b}: on the last deal ({deals}) a litige gives all the points "
            f"to the defence ({expected}) ({cite})",
            code="concours.line.last_litige",
            params={**base, "deals": deals or 0, "expected": expected, "cite": cite})
    litiges = _marks_of(rules, last, held, ("litige",))
    if a == b and a > 0 and litiges:
        near = _shown([max(line) for line in litiges])
        cite = _cite(rules, "litige")
        return ConcoursError(
            f"deal {deal}: {a}–{b}: equal points are a litige: the defence marks its own "
            f"({near}), the taker's are held for the winner of the next deal ({cite})",
            code="concours.line.litige", params={**base, "expected": near, "cite": cite})
    return _refusal_by_sum(rules, a, b, deal, last, held, base)


def _refusal_by_sum(rules: Rules, a: int, b: int, deal: int, last: bool, held: int,
                    base: dict[str, Param]) -> ConcoursError:
    """The refusals of a line whose one side holds (nearly) nothing, or whose sum is wrong."""
    capots = _marks_of(rules, last, held, ("capot", "defence_capot"))
    failed = _marks_of(rules, last, held, ("failed", "last_litige"))
    small = min(a, b)
    big = max(a, b)
    one_sided = failed and small <= max(min(line) for line in failed)
    if one_sided and capots and big >= min(max(line) for line in capots):
        expected = _shown([max(line) for line in capots])
        cite = _cite(rules, "capot")
        return ConcoursError(
            f"deal {deal}: {a}–{b}: a capot marks {expected} to the side that took every "
            f"trick, the other side 0 or its belote ({cite})", code="concours.line.capot",
            params={**base, "expected": expected, "cite": cite})
    if one_sided:
        expected = _shown([max(line) for line in failed])
        taker = _shown([min(line) for line in failed])
        cite = _cite(rules, "failed")
        return ConcoursError(
            f"deal {deal}: {a}–{b}: a failed contract gives the defence all the points "
            f"({expected}), the taker {taker} ({cite})", code="concours.line.failed",
            params={**base, "expected": expected, "taker": taker, "cite": cite})
    made = _marks_of(rules, last, held, ("made",))
    sums = {x + y for x, y in made}
    if made and a + b not in sums:
        expected = _shown(sums)
        cite = _cite(rules, "total")
        return ConcoursError(
            f"deal {deal}: {a}–{b} come to {a + b}; a made deal marks {expected} in all, "
            f"the belote included ({cite})", code="concours.line.total",
            params={**base, "sum": a + b, "expected": expected, "cite": cite})
    near = _near(rules, a, b, last, held)
    cite = _cite(rules, "points")
    return ConcoursError(
        f"deal {deal}: no deal marks {a}–{b}: each side marks the card points of its "
        f"tricks, four cards a trick, e.g. {near} ({cite})", code="concours.line.points",
        params={**base, "near": near, "cite": cite})


# -- a partie's totals ----------------------------------------------------------------------

@lru_cache(maxsize=32)
def _deal_values(rules: Rules, last_deal: bool) -> frozenset[int]:
    """The points a deal brings into play: its two marks plus what its litige holds."""
    return frozenset(sum(o.score) + o.held for o in _outcomes(rules, last_deal))


def _may_stay_held(rules: Rules) -> bool:
    """Whether litige points may still be held after the last deal: its own litige holds
    some, or points held before it stay (a litige, or a failed contract under
    ``litige_to="next_made"``)."""
    last = _outcomes(rules, True)
    if any(o.held for o in last):
        return True
    if not any(o.held for o in _outcomes(rules, False)):
        return False
    return any(o.made is None or (o.made is False and rules.litige_to == LitigeTo.NEXT_MADE)
               for o in last)


def check_total(rules: Rules, a: int, b: int, *, deals: int | None) -> None:
    """Check a partie's two totals entered without lines (points, side 0 and side 1).

    Bounds: each total is a whole number ≥ 0. With ``deals`` (a partie of so many deals), the
    two totals together are what ``deals`` deals bring into play (each deal's marks and
    litige points, :func:`_deal_values`): at most ``deals`` × the most a deal brings, and,
    when no litige point can stay held at the end (000: the last deal's litige goes to the
    defence), exactly a sum of ``deals`` deal values (000: 162, 182, 252 or 272 each, so
    12 deals make 1944 to 3264). A partie to a target score (``deals=None``) can be stopped
    by the organiser's clock: only the first bound holds. Auction presets with annonces: the
    upper bound only, the annonces counted at their most.

    Raises :class:`~belote.concours.errors.ConcoursError` ``concours.total.not_number``,
    ``concours.total.negative``, ``concours.total.too_big``, ``concours.total.too_small``,
    ``concours.total.sum``."""
    for v in (a, b):
        if not isinstance(v, int) or isinstance(v, bool):
            raise ConcoursError(f"a partie's totals are whole numbers of points, not {v!r}",
                                code="concours.total.not_number", params={"value": repr(v)})
    _check_deals(deals)
    if a < 0 or b < 0:
        raise ConcoursError(f"{a}–{b}: a partie's total is never below 0",
                            code="concours.total.negative", params={"a": a, "b": b})
    if deals is None:
        return
    values = _deal_values(rules, False)
    last_values = _deal_values(rules, True)
    extra = 0 if _exact(rules) else max(team_annonce_values(rules.deck, rules.hand_size, False))
    most = (deals - 1) * max(values) + max(last_values) + deals * extra
    params: dict[str, Param] = {"a": a, "b": b, "sum": a + b, "deals": deals}
    if a + b > most:
        raise ConcoursError(f"{a}–{b} come to {a + b}; {deals} deals mark at most {most} in all",
                            code="concours.total.too_big", params={**params, "most": most})
    if extra or _may_stay_held(rules) or deals > _MOST_DEALS_EXACT:
        return
    least = (deals - 1) * min(values) + min(last_values)
    if a + b < least:
        raise ConcoursError(f"{a}–{b} come to {a + b}; {deals} deals mark at least {least} in "
                            "all", code="concours.total.too_small",
                            params={**params, "least": least})
    if not _sums(rules, deals) >> (a + b) & 1:
        shown = _shown(values)
        raise ConcoursError(f"{a}–{b} come to {a + b}, no sum of {deals} deals: each deal "
                            f"marks {shown} in all", code="concours.total.sum",
                            params={**params, "values": shown})


@lru_cache(maxsize=32)
def _sums(rules: Rules, deals: int) -> int:
    """Bit s set when ``deals`` deals (the last one scored as such) can bring s points."""
    acc = 1
    for i in range(deals):
        values = _deal_values(rules, i == deals - 1)
        acc = _sumset(acc, values)
    return acc


def _sumset(acc: int, values: frozenset[int]) -> int:
    out = 0
    for v in values:
        out |= acc << v
    return out


__all__ = ["KINDS", "LineCheck", "card_totals", "check_line", "check_lines", "check_total",
           "team_annonce_values"]
