"""Scoring one deal (docs/sources.md §5, §6, §7): classic, simplifiée, contrée, coinche, and the
three
FFB modes. Pure functions of the deal's outcome; no state.

Notation: ``T`` trick points with dix de der, ``B`` belote (20 a pair *said*), ``A`` the annonces
of the team holding the best, ``C`` the contract value (capot 250, générale 500).

Choices where the seeds are silent are listed in ``docs/rules-notes.md`` and marked *(ours)*.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from .cards import Trump
from .errors import BeloteError
from .rules import BeloteOnFailure, Bidding, LitigeLastDeal, Rules, Scoring

#: a contract's kind: a bid of points, a capot or a générale
ContractKind = Literal["normal", "capot", "generale"]

CAPOT_BONUS = 100  # 000: "il remporte en plus 100 points de bonification"
CAPOT_VALUE = 250  # 001, 002 §V: a capot bid is worth 250
GENERALE_VALUE = 500  # 001


@dataclass(frozen=True)
class Contract:
    """The contract of a deal.

    ``taker``: seat 0..3; ``trump``: :class:`~belote.engine.cards.Trump`; ``value``: C in
    points (0 for two-round deals); ``kind``: ``"normal" | "capot" | "generale"``;
    ``doubled``: 1, 2 (contre/coinche) or 4 (surcontre/surcoinche)."""

    taker: int
    trump: Trump
    value: int = 0
    kind: ContractKind = "normal"
    doubled: int = 1

    @property
    def team(self) -> int:
        """The taker's team, 0 or 1."""
        return self.taker % 2

    def to_json(self) -> dict[str, Any]:
        return {"taker": self.taker, "trump": str(self.trump), "value": self.value,
                "kind": self.kind, "doubled": self.doubled}


@dataclass
class DealResult:
    """Outcome of a finished deal. Lists are per team ``[team 0 (seats 0, 2), team 1]``.

    ``points``: card points with dix de der as played (not scaled); ``belote``: belote points
    said by each team; ``annonces``: annonce points declared by each team that count (only the
    best team's, §6); ``made``; ``litige``: exact tie, taker's points held; ``capot``: the team
    that took every trick, or None; ``score``: what each team marks for this deal, every rule of
    the preset applied (points); ``held``: points held by a litige, to be won later (§7);
    ``penalty``: the team penalised for an irregularity (002 §VIII.B), or None."""

    contract: Contract | None
    points: list[int]
    belote: list[int]
    annonces: list[int]
    annonce_team: int | None
    made: bool | None
    litige: bool
    capot: int | None
    score: list[int]
    held: int = 0
    penalty: int | None = None
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"contract": self.contract.to_json() if self.contract else None,
                "points": list(self.points), "belote": list(self.belote),
                "annonces": list(self.annonces), "annonce_team": self.annonce_team,
                "made": self.made, "litige": self.litige, "capot": self.capot,
                "score": list(self.score), "held": self.held, "penalty": self.penalty}


def round_ten(x: int | Fraction) -> int:
    """Round to the ten: last digit 1–4 down, 5–9 up (002 §VII.A.1; 001 "85 donne 90, 84
    donne 80"). A fraction (TA scaled by 162/258) is first rounded to the point, half up."""
    n = math.floor(Fraction(x) + Fraction(1, 2))
    return (n + 5) // 10 * 10


def belote_points(seats: Iterable[int], taker: int) -> tuple[list[int], int]:
    """The belote points said per team (20 a pair, ``seats``: the seat of each pair said)
    and the part said by ``taker`` himself, as :func:`score_deal` takes them."""
    bel = [0, 0]
    own = 0
    for seat in seats:
        bel[seat % 2] += 20
        own += 20 if seat == taker else 0
    return bel, own


def score_deal(rules: Rules, contract: Contract, points: list[int], tricks: list[int],
               belote: list[int], annonce_team: int | None, annonce_points: int,
               total: int, last_deal: bool = False,
               taker_belote: int | None = None) -> DealResult:
    """Score a finished deal.

    :param points: card points with dix de der per team, as played.
    :param tricks: tricks won per seat (4 ints, sum 8 or 9).
    :param belote: belote points *said* per team (20 a pair; up to 80 in TA).
    :param annonce_team: team holding the best annonce (None: none, or cancelled).
    :param annonce_points: all annonces declared by that team.
    :param total: card points of the pack with dix de der (162, 130 or 258).
    :param last_deal: the 12th deal of a concours partie (000: a litige goes to the defence).
    :param taker_belote: the part of the taker's team's belote said by the taker himself
        (``None``: all of it; callers that know the seats pass it). It matters on a failed
        Capot / Générale bid in 001's contrée and coinche: "le preneur perd la sienne", his
        partner's stays (our reading, docs/rules-notes.md). Raises ``ValueError`` outside
        0 .. the team's belote.
    """
    if taker_belote is not None and not 0 <= taker_belote <= belote[contract.team]:
        raise BeloteError(f"taker_belote: 0 to the taker's team's belote "
                          f"({belote[contract.team]}), not {taker_belote}",
                          code="scoring.taker_belote",
                          params={"most": belote[contract.team], "value": taker_belote})
    ntricks = sum(tricks)
    capot = None
    for team in (0, 1):
        if tricks[team] + tricks[team + 2] == ntricks:
            capot = team
    A = [0, 0]
    if annonce_team is not None:
        A[annonce_team] = annonce_points
    if rules.bidding == Bidding.TWO_ROUNDS:
        return _score_classic(rules, contract, points, belote, A, annonce_team, capot, total,
                              last_deal)
    return _score_auction(rules, contract, points, tricks, belote, A, annonce_team, capot, total,
                          belote[contract.team] if taker_belote is None else taker_belote)


def _score_classic(rules: Rules, contract: Contract, points: list[int], B: list[int],
                   A: list[int], annonce_team: int | None, capot: int | None, total: int,
                   last_deal: bool) -> DealResult:
    tk = contract.team
    df = 1 - tk
    s = [0, 0]
    held = 0
    litige = False
    made: bool | None
    asum = A[0] + A[1]
    to_defence = rules.belote_on_failure == BeloteOnFailure.DEFENCE
    if capot is not None:
        # 000/001: 252 (card points without dix de der + 100) to the capot team, 0 to the other;
        # annonces to the team winning the deal (001); belote per §5.
        made = capot == tk
        s[capot] = total - 10 + CAPOT_BONUS + asum + B[capot]
        other = 1 - capot
        if other == tk and to_defence:
            s[capot] += B[other]  # 000: the defence scores the taker's belote (182 → 272)
        else:
            s[other] += B[other]  # 000/001: stays with the losing camp when it is the defence
    elif rules.scoring == Scoring.SIMPLIFIEE:
        # 003: the taker needs at least 81 (half of 162); else the defence scores 162.
        mine = points[tk] + B[tk] + A[tk]
        made = 2 * mine >= total
        if made:
            s[tk] = mine
            s[df] = points[df] + B[df] + A[df]
        else:
            s[df] = total + asum + B[df]
            s[tk] = B[tk] if not to_defence else 0
            if to_defence:
                s[df] += B[tk]
    else:
        mine = points[tk] + B[tk] + A[tk]
        theirs = points[df] + B[df] + A[df]
        if mine > theirs:
            made = True
            s[tk], s[df] = mine, theirs
        elif mine < theirs or (last_deal and rules.litige_last_deal == LitigeLastDeal.DEFENCE):
            made = False
            litige = mine == theirs
            s[df] = total + asum + B[df]
            if to_defence:
                s[df] += B[tk]
            else:
                s[tk] = B[tk]
        else:
            # litige (001, 000): the defence scores its points, the taker's are held
            made = None
            litige = True
            s[df] = theirs
            if to_defence:
                held = mine
            else:
                held = mine - B[tk]
                s[tk] = B[tk]
    return DealResult(contract, list(points), list(B), list(A), annonce_team, made, litige,
                      capot, s, held)


def _score_auction(rules: Rules, contract: Contract, points: list[int], tricks: list[int],
                   B: list[int], A: list[int], annonce_team: int | None, capot: int | None,
                   total: int, own: int) -> DealResult:
    tk = contract.team
    P: list[Fraction] = [Fraction(p) for p in points]
    if rules.ta_scaled and contract.trump == Trump.TA and total != 162:
        P = [Fraction(p * 162, total) for p in points]  # 002 annex: ×162/258
    made = _auction_made(rules, contract, P, tricks, B, A, capot)
    winner = tk if made else 1 - tk
    bel = _auction_belote(rules, contract, B, made, winner, own)
    s = _auction_base(rules.scoring, contract, P, made, winner, capot)
    if annonce_team is not None:
        # 001 coinche: A to the team holding the best annonce; on a failure or a capot (and,
        # ours, on a doubled contract) to the team that wins the deal. The same in every auction
        # scoring that counts annonces (ffb carrés of the SA/TA annex, 002).
        if made and contract.doubled == 1 and capot is None:
            s[annonce_team] += A[annonce_team]
        else:
            s[winner] += A[0] + A[1]
    s = [s[0] + bel[0], s[1] + bel[1]]
    score = [round_ten(x) for x in s] if rules.rounding else [int(x) for x in s]
    return DealResult(contract, list(points), list(B), list(A), annonce_team, made, False, capot,
                      score, 0)


def _auction_made(rules: Rules, contract: Contract, P: list[Fraction], tricks: list[int],
                  B: list[int], A: list[int], capot: int | None) -> bool:
    """Whether an auction's contract is made (001, 002 §VII): P card points (scaled)."""
    tk = contract.team
    df = 1 - tk
    if contract.kind == "generale":
        return tricks[contract.taker] == sum(tricks)  # 001: the taker alone takes all 8
    if contract.kind == "capot":
        return capot == tk
    if capot == tk:
        return True  # 001: taking all 8 tricks makes any contract
    mine = P[tk] + B[tk] + A[tk]
    made = mine >= contract.value
    if rules.contract_condition == "reach_and_beat":
        made = made and mine > P[df] + B[df] + A[df]
    return made


def _auction_belote(rules: Rules, contract: Contract, B: list[int], made: bool, winner: int,
                    own: int) -> list[int]:
    """The belote points each team marks in an auction (§5)."""
    tk = contract.team
    df = 1 - tk
    doubled = contract.doubled > 1
    to_defence = rules.belote_on_failure == BeloteOnFailure.DEFENCE
    to_winner = rules.belote_on_failure == BeloteOnFailure.WINNER_IF_DOUBLED
    bel = list(B)
    if contract.kind in ("capot", "generale") and not made:
        if to_defence or doubled and to_winner:
            # 002 §VII.A.4 "L'équipe qui annonce un capot et ne le réalise pas perd sa
            # belote", to the defence ("pas imprenable"); 001 contrée: on a doubled
            # contract, to the winning side
            bel[df] += B[tk]
            bel[tk] = 0
        else:
            bel[tk] -= own  # 001: "le preneur perd la sienne" (his partner's stays)
    elif not made and to_defence:
        bel[df] += bel[tk]  # 002: "la belote n'est pas imprenable"
        bel[tk] = 0
    elif doubled and to_winner:
        bel[winner] += bel[1 - winner]  # 001 contrée: on a doubled contract, to the winner
        bel[1 - winner] = 0
    if rules.scoring == Scoring.ANNONCES:
        bel = [0, 0]  # 002 §VII.B: the taker marks C, the defence 0 (belote only helps make)
    return bel


def _auction_base(scoring: Scoring, contract: Contract, P: list[Fraction], made: bool,
                  winner: int, capot: int | None) -> list[Fraction]:
    """What each team marks for the cards and the contract, before annonces and belote
    (001 contrée and coinche, 002 §VII.A, B, C)."""
    tk = contract.team
    bid_capot = contract.kind in ("capot", "generale")
    s = [Fraction(0), Fraction(0)]
    base = _BASE[scoring](contract.value, contract.doubled, bid_capot, capot)
    if base is not None:
        s[winner if capot is None or bid_capot or contract.doubled > 1 else capot] += base
    elif made:
        s[tk] = P[tk] + (0 if scoring == Scoring.FAITS else contract.value)
        s[1 - tk] = P[1 - tk]
        if scoring == Scoring.ANNONCES:
            s = [Fraction(0), Fraction(0)]
            s[tk] = Fraction(contract.value)  # a capot not bid brings nothing more (002 §VII.B.4)
    else:
        s[1 - tk] += 160 + (contract.value if scoring in _WITH_C_ON_FAILURE else 0)
    return s


#: the scorings whose failed contract gives the defence 160 + C (else 160)
_WITH_C_ON_FAILURE = (Scoring.CONTREE, Scoring.COINCHE, Scoring.FAITS_ANNONCES)


def _base_contree(C: int, mult: int, bid_capot: bool, capot: int | None) -> int | None:
    """001 contrée / coinche: a fixed mark to one team (the winner, or the capot team), or
    None when the card points count."""
    if mult > 1:
        return ((CAPOT_VALUE if (bid_capot or capot is not None) else 160) + C) * mult
    if bid_capot or capot is not None:
        return CAPOT_VALUE + C  # capot not bid: 250 + C (ours for the defence's capot)
    return None


def _base_faits(C: int, mult: int, bid_capot: bool, capot: int | None) -> int | None:
    """002 §VII.A."""
    if bid_capot:
        return 500 * mult
    if mult > 1:
        return 160 * mult  # 320 / 640
    return 250 if capot is not None else None


def _base_annonces(C: int, mult: int, bid_capot: bool, capot: int | None) -> int | None:
    """002 §VII.B (a capot not bid brings nothing more: the contract's mark)."""
    if bid_capot:
        return CAPOT_VALUE * mult  # 250 / 500 / 1000
    if mult > 1:
        return C * mult
    return None


def _base_faits_annonces(C: int, mult: int, bid_capot: bool, capot: int | None) -> int | None:
    """002 §VII.C."""
    if bid_capot:
        return 500 * mult
    if mult > 1:
        return (160 + C) * mult
    return 250 + C if capot is not None else None


_BASE = {Scoring.CONTREE: _base_contree, Scoring.COINCHE: _base_contree,
         Scoring.FAITS: _base_faits, Scoring.ANNONCES: _base_annonces,
         Scoring.FAITS_ANNONCES: _base_faits_annonces}


def penalty_result(base: DealResult, faulty_team: int, penalty: int) -> DealResult:
    """002 §VIII.B: an irregular play found at the end of the deal: the deal is lost for the
    faulty team and ``penalty`` (160) points go to the other team."""
    s = [0, 0]
    s[1 - faulty_team] = penalty
    # "la donne est considérée comme perdue pour l'équipe fautive": a faulty taker's team
    # fails, a faulty defence lets the contract be made, whatever the cards said
    made = base.contract is not None and faulty_team != base.contract.team
    return DealResult(base.contract, base.points, base.belote, base.annonces, base.annonce_team,
                      made, False, base.capot, s, 0, penalty=faulty_team)
