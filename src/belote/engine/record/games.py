"""The referee of a whole game record (``belote check`` on a game, or on a JSON Lines file of
deal records): every deal checked in order, the game's totals scored as the game scores them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..deal import Deal, Phase
from ..errors import BeloteError, Param, RecordError
from ..game import Game, deal_mark
from ..rules import Rules
from .codec import game_from_record
from .io import RecordLines
from .referee import CheckReport, check_deal, check_record
from .shape import GAME_FORMAT, GameRecord, ended_without_deal, parse_game


class InDeal(BeloteError):
    """An error in one deal of a game record (``deals[index]``) or of a JSON Lines file (its
    ``line_no``): the deal's own error, ``inner``, after where it is. Code ``record.in_deal``;
    params ``index`` / ``line_no`` (ints, one of them None), ``place`` (where, as a message:
    ``record.place.deal`` with ``index`` or ``record.place.line`` with ``line_no``) and
    ``inner`` (the deal's error as a message: its ``code``, ``params`` and ``places``, the
    record places it names), each worded by the catalog's ``{x!m}`` (:mod:`belote.i18n`)."""

    def __init__(self, inner: BeloteError, *, index: int | None = None,
                 line_no: int | None = None) -> None:
        where = f"deals[{index}]" if line_no is None else f"line {line_no}"
        place: dict[str, Param] = (
            {"code": "record.place.deal", "params": {"index": index}} if line_no is None else
            {"code": "record.place.line", "params": {"line_no": line_no}})
        message: dict[str, Param] = {"code": inner.code, "params": dict(inner.params)}
        if isinstance(inner, RecordError) and inner.places:
            message["places"] = list(inner.places)
        super().__init__(f"{where}: {inner}", code="record.in_deal",
                         params={"index": index, "line_no": line_no, "place": place,
                                 "inner": message})
        self.inner = inner


@dataclass
class GameReport:
    """Verdict on a game record or a JSON Lines file of deal records.

    ``deals``: each deal's :class:`CheckReport`, in order; ``scores``: the totals per team
    (points): a game's as the game scores them (litige points carried, docs/sources.md §7), a file
    of
    deals' the plain sums of their scores; ``is_game``: a game record (not a file of deals)."""

    deals: list[CheckReport]
    scores: list[int]
    is_game: bool

    @property
    def legal(self) -> bool:
        """Every deal is regular."""
        return all(report.legal for report in self.deals)

    def to_json(self) -> dict[str, Any]:
        """``{"format": "belote-game/1" (a game only), "legal", "deals": [check reports],
        "scores"}``, as ``belote check --json`` prints it."""
        head = {"format": GAME_FORMAT} if self.is_game else {}
        return {**head, "legal": self.legal, "deals": [r.to_json() for r in self.deals],
                "scores": list(self.scores)}


def checked_deals(rec: Any) -> list[CheckReport]:
    """Every deal of a game record (its whole shape read first: preset, seed, every deal's
    keys; a game of no deal refused) or of a JSON Lines file (:class:`~.io.RecordLines`),
    checked, in order. A game record of no deal whose table was ended
    (:func:`~.shape.ended_without_deal`) gives no report. Raises RecordError, or
    :class:`InDeal` for a malformed deal (by its index in the game, by its line in the
    file)."""
    return _checked(rec)[1]


def _checked(rec: Any) -> tuple[GameRecord | None, list[CheckReport]]:
    """:func:`checked_deals`, and the game record as read (None: a JSON Lines file). A game's
    deals are read once (:func:`~.shape.parse_game`), then checked as read."""
    if isinstance(rec, RecordLines):
        reports = []
        for i, d in enumerate(rec):
            try:
                reports.append(check_deal(d))
            except BeloteError as e:
                raise InDeal(e, line_no=rec.numbers[i]) from None
        return None, reports
    parsed = parse_game(rec)
    if not rec["deals"] and not ended_without_deal(rec):
        raise RecordError("the game record has no deal", where="deals",
                          code="record.no_deal")
    reports = []
    for i, deal in enumerate(parsed.deals):
        try:
            reports.append(check_record(deal))
        except BeloteError as e:
            raise InDeal(e, index=i) from None
    return parsed, reports


def game_totals(rules: Rules, reports: Sequence[CheckReport]) -> list[int]:
    """A game's totals per team from its checked deals, scored as the game scores them
    (:func:`belote.engine.game.deal_mark`): each deal's score as the referee gives it (an
    irregular deal's too, the penalty of 002 §VIII.B where the preset has it) and the litige
    points carried to the next deal that decides them (docs/sources.md §7; docs/rules-notes.md). A
    deal without a result (passed out, misdealt, stopped at an irregular bid, unfinished)
    marks nothing and leaves the held points held."""
    totals, held = [0, 0], 0
    for report in reports:
        res = report.result
        if res is None or res.contract is None:
            continue
        mark, held = deal_mark(rules, res, res.contract.team, held)
        totals = [totals[0] + mark[0], totals[1] + mark[1]]
    return totals


def check_game(rec: Any) -> GameReport:
    """Referee a game record (or a JSON Lines file of deal records,
    :class:`~.io.RecordLines`): every deal checked (:func:`checked_deals`), and the totals: a
    regular game's as the game gives them (:func:`~.codec.game_from_record`), an irregular
    one's by :func:`game_totals` (litige points carried whatever else is wrong), a file of
    deals' the plain sums; a game ended before its first deal ended
    (:func:`~.shape.ended_without_deal`): no deal, regular, 0 – 0. Raises RecordError or
    :class:`InDeal`."""
    parsed, reports = _checked(rec)
    sums = [sum((r.result.score[k] if r.result is not None else 0) for r in reports)
            for k in (0, 1)]
    if parsed is None:
        return GameReport(reports, sums, is_game=False)
    legal = all(r.legal for r in reports)
    if not reports:  # ended before its first deal ended: nothing marked
        return GameReport(reports, [0, 0], is_game=True)
    totals = (list(game_from_record(rec, parsed=parsed, reports=reports).scores) if legal else
              game_totals(parsed.rules, reports))
    return GameReport(reports, totals, is_game=True)


def dealt_deals(rec: Any) -> list[Deal | None]:
    """Each deal of a game record as the game dealt it, before any bid: in a two-round deal
    (docs/sources.md §2, seed 004) the 5 cards each seat received first, the turned card and the
    stock, which the record, holding the hands of card play, does not say. The pack of deal
    *n* is drawn from ``(seed, n)`` (``docs/records.md``; in cut-only games from the tricks of
    the deal before), so the game is dealt again from its seed, deal by deal, the recorded
    deals gathered between them.

    Returns one entry a deal: the dealt :class:`~belote.engine.deal.Deal` (a copy, no action
    applied) where it is a two-round deal whose record holds full hands and those hands follow
    from it (same dealer and turned card; the recorded bids, applied to it, give the recorded
    hands), else None (a deal dealt all at once, a deal saved during the bidding, whose
    record already holds the 5-card hands, or a record its seed does not explain). Raises
    RecordError for a game record of a bad shape (:func:`~.shape.parse_game`)."""
    record = parse_game(rec)
    game = Game(record.rules, seed=record.seed, first_dealer=record.first_dealer)
    out: list[Deal | None] = []
    for drec in record.raw:
        dealt = game.current
        if dealt is None:  # the game was over: the record goes on with deals of its own
            break
        try:
            report = check_deal(drec)
        except BeloteError:
            break
        out.append(dealt.clone() if _deals_to(dealt, report) else None)
        deal = report.deal
        if deal.misdealt:
            game.misdeal()
            continue
        if deal.phase != Phase.DONE:
            break
        game.current = deal
        game.finish_deal()
    return out + [None] * (len(record.raw) - len(out))


def _deals_to(dealt: Deal, report: CheckReport) -> bool:
    """Whether the record of ``report`` is the two-round deal ``dealt`` played on: full
    hands in the record (not the 5 of a deal saved during the bidding), the same dealer and
    turned card, each dealt hand within the recorded one and, the bidding over, the recorded
    hands those the bids give."""
    record = report.record
    if record is None or not dealt.stock or record.stock or record.misdeal:
        return False
    if dealt.dealer != record.dealer or dealt.turned != record.turned:
        return False
    if any(h & ~full for h, full in zip(dealt.hands, record.hands, strict=True)):
        return False
    if report.deal.contract is None:
        return True
    after = dealt.clone()
    for _seat, action in report.actions:
        if after.phase != Phase.BIDDING:
            break
        after.apply(action)
    return after.phase != Phase.BIDDING and after.hands == list(record.hands)
