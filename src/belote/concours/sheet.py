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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..engine.errors import Param
from ..engine.rules import Bidding, LitigeLastDeal, LitigeTo, Rules
from .errors import ConcoursError
from .marks import (
    KINDS,
    card_totals,
    deal_lines,
    is_exact,
    line_readings,
    outcomes,
    team_annonce_values,
)

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


def _is_last(rules: Rules, deal: int, deals: int | None) -> bool:
    """Whether the deal's litige is scored as a last deal's (000: the 12th deal of a partie
    of 12; only two-round scorings have a litige)."""
    return (deals is not None and deal == deals and rules.bidding == Bidding.TWO_ROUNDS
            and rules.litige_last_deal == LitigeLastDeal.DEFENCE)


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
    found = line_readings(rules, last, held, a, b)
    if found or is_exact(rules) or held:
        return found
    most = _most_mark(rules) + max(team_annonce_values(rules.deck, rules.hand_size, False))
    tens = not rules.rounding or (a % 10 == 0 and b % 10 == 0)
    return ((0, "annonces"),) if tens and 0 <= a <= most and 0 <= b <= most else ()


@lru_cache(maxsize=32)
def _most_mark(rules: Rules) -> int:
    return max(max(o.score) for o in outcomes(rules, False))


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
    lines = deal_lines(rules, last, held)
    if not lines:
        return ""
    best = sorted(lines, key=lambda ln: (abs(ln[0] - a) + abs(ln[1] - b), ln))[:2]
    return " / ".join(f"{x}–{y}" for x, y in best)


def _marks_of(rules: Rules, last: bool, held: int, kinds: tuple[str, ...]) -> list[
        tuple[int, int]]:
    return [line for line, rs in deal_lines(rules, last, held).items()
            if any(k in kinds for _h, k in rs)]


def _refusal(rules: Rules, a: int, b: int, deal: int, deals: int | None,
             held: int) -> ConcoursError:
    """The error of line a–b no deal marks, by its nearest valid reading."""
    last = _is_last(rules, deal, deals)
    base: dict[str, Param] = {"deal": deal, "a": a, "b": b}
    if a < 0 or b < 0:
        return ConcoursError(f"deal {deal}: {a}–{b}: a mark is never below 0",
                             code="concours.line.negative", params=base)
    if held and (a, b) in deal_lines(rules, last, 0):
        lines = deal_lines(rules, last, held)
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
    return frozenset(sum(o.score) + o.held for o in outcomes(rules, last_deal))


def _may_stay_held(rules: Rules) -> bool:
    """Whether litige points may still be held after the last deal: its own litige holds
    some, or points held before it stay (a litige, or a failed contract under
    ``litige_to="next_made"``)."""
    last = outcomes(rules, True)
    if any(o.held for o in last):
        return True
    if not any(o.held for o in outcomes(rules, False)):
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
    extra = 0 if is_exact(rules) else \
        max(team_annonce_values(rules.deck, rules.hand_size, False))
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
