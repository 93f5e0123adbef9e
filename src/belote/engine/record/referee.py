"""The referee (``belote check``): replay a deal record against its rules, list every
irregularity in the order the deal meets it, and score the deal by the preset's rule.

Steps of :func:`check_deal`: the record's shape is read whole (:func:`.shape.parse_deal`,
RecordError for anything malformed); the deal is set up from the hands (the pack checked);
the bids are judged (an irregular bid stops the refereeing: the contract it would make is
unknown); the belote claims, then for each seat before its first card its annonces, and every
card are judged; the deal is scored, with the 160-point penalty of 002 §VIII.B where the preset
applies it and a card was irregular (``docs/rules-notes.md``: several irregularities).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import annonces as ann
from ..actions import BELOTE, Action, Declare, Play
from ..cards import (
    KING,
    QUEEN,
    SUIT_OF,
    Trump,
    card_of,
    card_str,
    deck_mask,
    mask_of,
    popcount,
)
from ..deal import Deal, Phase, belote_holders
from ..errors import IllegalAction, Param, RecordError
from ..play import rule_params, rule_text
from ..scoring import DealResult, penalty_result
from .shape import DealRecord, parse_deal

#: an irregularity of a report: ``{"kind", "seat", "trick", "card", "rule", "message",
#: "index", "code", "params"}``
Irregularity = dict[str, Any]


@dataclass
class CheckReport:
    """Verdict on a deal record.

    ``irregularities``: every bid, declaration or card against the rules, in the order the deal
    meets them (the bids; the belote claims; then play order, a seat's annonces before its first
    card), each ``{"kind": "bid" | "belote" | "annonce" | "card", "seat", "trick" (1-based, None
    for a bid or a belote claim), "card" (the bid's or card's text, or None), "rule",
    "message" (English), "index" (in ``bids`` or ``plays``, or None), "code" and "params" (the
    catalog's wording: ``belote.i18n.irregularity``; a card's ``irregular.<rule>``, of the
    seat)}``; ``result``: the score when the deal is complete (a penalty
    included); ``record``: the record as read (its claims are written back by
    :func:`.codec.report_to_record`); ``actions``: what was applied to the deal, in order, as
    ``(seat, action)`` (:func:`actions`): the bids up to an irregular one, then each seat's
    annonces before its first card (a refused declaration left out), a belote with the first
    card of its pair, every card (an irregular one too)."""

    deal: Deal
    irregularities: list[Irregularity] = field(default_factory=list)
    result: DealResult | None = None
    notes: list[str] = field(default_factory=list)
    record: DealRecord | None = None
    actions: list[tuple[int, Action]] = field(default_factory=list)

    @property
    def irregularity(self) -> Irregularity | None:
        """The first irregularity, or None for a regular deal."""
        return self.irregularities[0] if self.irregularities else None

    @property
    def legal(self) -> bool:
        return not self.irregularities

    def first(self, kind: str) -> Irregularity | None:
        """The first irregularity of ``kind`` (``"card"``…), or None."""
        return next((i for i in self.irregularities if i["kind"] == kind), None)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON: ``irregularity`` the first one (as before), ``irregularities``
        all of them; the contract, card points, belote, annonces, score, penalty."""
        d = self.deal
        res = self.result
        c = d.contract
        return {
            "legal": self.legal,
            "irregularity": self.irregularity,
            "irregularities": list(self.irregularities),
            "preset": d.rules.preset_name,
            "complete": res is not None or d.passed_out,
            "passed_out": d.passed_out,
            "trump": str(c.trump) if c else None,
            "taker": c.taker if c else None,
            "contract": c.to_json() if c else None,
            "made": res.made if res else None,
            "litige": res.litige if res else False,
            "capot": res.capot is not None if res else False,
            "capot_team": res.capot if res else None,
            "points": list(res.points) if res else list(d.points),
            "belote": list(res.belote) if res else None,
            "annonces": list(res.annonces) if res else None,
            "annonce_team": res.annonce_team if res else None,
            "score": list(res.score) if res else None,
            "held": res.held if res else 0,
            "penalty": res.penalty if res else None,
            "notes": list(self.notes),
        }


def check_deal(rec: Any) -> CheckReport:
    """Replay a deal record against its rules.

    :returns: a :class:`CheckReport`: every irregular bid, declaration or card (the deal is
        played on as recorded), the result when the deal is complete, scored with the
        160-point penalty of 002 §VIII.B where the preset applies it and a card was irregular.
    :raises RecordError: a malformed record (code, params and where), e.g. a card played that
        the seat does not hold, a repeated card, bids after the auction ended.
    """
    return check_record(parse_deal(rec))


def check_record(record: DealRecord) -> CheckReport:
    """:func:`check_deal` of a deal record already read (:func:`~.shape.parse_deal`; a game
    record's deals, :attr:`~.shape.GameRecord.deals`, are read once, not again per deal).
    Raises RecordError as :func:`check_deal` does (the record is not changed)."""
    deal = _set_up(record)
    report = CheckReport(deal, record=record)
    if record.misdeal:
        _no_claims(record)
        deal.misdealt = True
        report.notes.append("misdeal: the cards are dealt again by the same dealer (002 §VIII.A)")
        return report
    if not _judge_bids(report, record):
        _check_unjudged_plays(record)
        return report  # stopped at an irregular bid
    _check_bidding_end(deal, record)
    if deal.phase != Phase.PLAY:
        return report
    says = _judge_belote_claims(report, record)
    declare = _declarations(deal, record)
    said = _judge_cards(report, record, says, declare)
    if _phase(deal) == Phase.PLAY:
        _declare_before_card(report, deal, record, says, said, declare)
    if _phase(deal) == Phase.DONE:
        _score(report)
    return report


def _phase(deal: Deal) -> Phase:
    """The deal's phase now (a call: the steps above change it)."""
    return deal.phase


# -- setting the deal up -------------------------------------------------------------------

def _pack_error(message: str, where: str, code: str, **params: int | str) -> RecordError:
    return RecordError(message, where=where, code=code, params=params)


def _check_hands(record: DealRecord) -> int:
    """The cards of the four hands (a mask), each a card of the pack, none in two hands."""
    rules = record.rules
    full = deck_mask(rules.deck)
    seen = 0
    for i, h in enumerate(record.hands):
        if h & ~full:
            raise _pack_error(f"a {rules.deck}-card pack has no such card", f"hands[{i}]",
                              "record.card_not_in_pack", deck=rules.deck)
        if h & seen:
            card = card_str((h & seen).bit_length() - 1)
            raise _pack_error(f"{card} appears in two hands", f"hands[{i}]",
                              "record.card_twice", card=card)
        seen |= h
    turned = record.turned
    if turned is not None and not (full >> turned) & 1:
        raise _pack_error(f"a {rules.deck}-card pack has no such card", "turned",
                          "record.card_not_in_pack", deck=rules.deck)
    retourne = rules.deal == "retourne"
    if retourne and turned is None:
        raise _pack_error("a two-round deal needs the turned card", "turned",
                          "record.needs_turned")
    if not retourne and turned is not None:
        raise _pack_error(f"a {rules.preset_name} deal has no turned card", "turned",
                          "record.no_turned", preset=rules.preset_name)
    return seen


def _set_up(record: DealRecord) -> Deal:
    """The deal at the start of the bidding (or of card play) from the record's hands.
    Raises RecordError when the hands, turned card and stock do not make the pack."""
    rules = record.rules
    seen = _check_hands(record)
    full = deck_mask(rules.deck)
    sizes = {popcount(h) for h in record.hands}
    turned, stock = record.turned, record.stock
    if stock:
        if rules.deal != "retourne" or sizes != {5} or turned is None:
            raise _pack_error("stock is for a two-round deal saved during the bidding, with "
                              "5-card hands", "stock", "record.stock_misuse")
        if mask_of(stock) & seen or (1 << turned) & seen or turned in stock:
            raise _pack_error("a card of the stock is also in a hand", "stock",
                              "record.stock_overlap")
        if seen | mask_of(stock) | (1 << turned) != full:
            raise _pack_error(f"hands, turned card and stock must make the {rules.deck}-card "
                              "pack", "stock", "record.stock_incomplete", deck=rules.deck)
        deal = Deal(rules, record.dealer, list(record.hands), turned, list(stock),
                    record.last_deal)
    else:
        ok_sizes = {rules.hand_size} | ({5} if rules.deal == "retourne" else set())
        if len(sizes) != 1 or not sizes <= ok_sizes:
            got = ", ".join(str(popcount(h)) for h in record.hands)
            raise _pack_error(f"each hand holds {rules.hand_size} cards (got {got})", "hands",
                              "record.hand_sizes", size=rules.hand_size, got=got)
        if sizes == {rules.hand_size} and seen != full:
            raise _pack_error(f"the hands must make the {rules.deck}-card pack", "hands",
                              "record.pack_incomplete", deck=rules.deck)
        if turned is not None and sizes == {rules.hand_size} and not (seen >> turned) & 1:
            raise _pack_error("the turned card must be in the taker's hand", "turned",
                              "record.turned_not_held")
        deal = Deal.from_hands(rules, record.dealer, list(record.hands), turned,
                               record.last_deal)
    deal.barred_team = record.barred_team
    return deal


def _seat_to_move(deal: Deal) -> int:
    """The seat to move of a deal still being played (the callers check its phase first)."""
    seat = deal.to_move
    if seat is None:
        raise RecordError("every card has been played already", code="record.all_played")
    return int(seat)


# -- bids ----------------------------------------------------------------------------------

def _judge_bids(report: CheckReport, record: DealRecord) -> bool:
    """Play the bids; False (the refereeing stops) at an irregular one. Raises RecordError for
    a bid after the auction ended."""
    deal = report.deal
    for i, (text, action) in enumerate(record.bids):
        if deal.phase != Phase.BIDDING:
            raise RecordError("the bidding was already over", where=f"bids[{i}]",
                              code="record.bidding_over")
        seat = _seat_to_move(deal)
        try:
            deal.play(action)
            report.actions.append((seat, action))
        except IllegalAction as e:
            # the contract an irregular bid would make is unknown: the check stops here
            report.irregularities.append(_irregular("bid", seat, None, text, e.rule, str(e), i,
                                                    code=e.code, params=e.params))
            return False
    return True


def _no_claims(record: DealRecord) -> None:
    """A deal whose cards are never played (misdealt, passed out) claims no belote nor
    annonce: raises RecordError ``record.claim_unplayed`` (``where``
    ``belote`` or ``annonces``)."""
    for key, claim in (("belote", record.belote), ("annonces", record.annonces)):
        if claim != "auto" and claim:
            raise RecordError(f"{key} claimed in a deal whose cards are not played",
                              where=key, code="record.claim_unplayed", params={"key": key})


def _check_unjudged_plays(record: DealRecord) -> None:
    """The cards of a deal whose check stopped at an irregular bid (the contract, so who
    plays each card, is unknown): still a malformed record when a card is played twice or
    more cards than the pack's. Raises RecordError ``record.played_twice`` (``card``),
    ``record.all_played``."""
    seen = 0
    for k, card in enumerate(record.plays):
        where = f"plays[{k}]"
        if k >= record.rules.deck:
            raise RecordError("every card has been played already", where=where,
                              code="record.all_played")
        if (seen >> card) & 1:
            raise RecordError(f"{card_str(card)} is played twice", where=where,
                              code="record.played_twice", params={"card": card_str(card)})
        seen |= 1 << card


def _check_bidding_end(deal: Deal, record: DealRecord) -> None:
    """Cards only after a bidding that ended with a contract; then the hands of card play.
    Raises RecordError."""
    plays, rules = record.plays, record.rules
    if deal.phase == Phase.BIDDING and plays:
        raise RecordError("cards are played but the bidding is not over", where="plays",
                          code="record.play_in_bidding")
    if deal.passed_out and plays:
        raise RecordError("cards are played after a passed-out deal", where="plays",
                          code="record.play_after_pass_out")
    if deal.passed_out:
        _no_claims(record)
    if deal.phase != Phase.PLAY or deal.contract is None:
        return
    if rules.deal == "retourne" and not record.stock \
            and {popcount(h) for h in record.hands} == {5}:
        raise RecordError("the bidding ended with a take: hands must hold the cards of card "
                          "play", where="hands", code="record.hands_of_bidding")
    turned, taker = record.turned, deal.contract.taker
    if turned is not None and not record.stock and not (deal.hands[taker] >> turned) & 1:
        raise RecordError(f"the turned card {card_str(turned)} must be in the taker's hand "
                          f"(seat {taker})", where="turned", code="record.turned_not_taker",
                          params={"card": card_str(turned), "seat": taker})


# -- declarations --------------------------------------------------------------------------

def _judge_belote_claims(report: CheckReport, record: DealRecord) -> dict[int, int]:
    """How many belotes each seat says (``"auto"``: every pair it holds); a claim beyond the
    K+Q pairs of trump the seat holds is an irregularity (rule ``belote_not_held``), kept in
    the deal's ``unheld_belotes`` (its record writes it)."""
    # pairs of K+Q of trump held, per seat
    holders = Counter(int(s) for s in belote_holders(report.deal))
    if record.belote == "auto":
        return dict(holders)
    says = Counter(record.belote)
    for seat, n in says.items():
        if holders.get(seat, 0) < n:
            report.deal.unheld_belotes += [seat] * (n - holders.get(seat, 0))
            report.irregularities.append(_irregular(
                "belote", seat, None, None, "belote_not_held",
                f"seat {seat} said belote without holding the king and queen of trump",
                code="irregular.belote_not_held", params={"seat": seat}))
    return dict(says)


def _declarations(deal: Deal, record: DealRecord) -> dict[int, Declare]:
    """What each seat declares before its first card (``"auto"``: every annonce it holds,
    where the rules play annonces)."""
    if record.annonces != "auto":
        return {seat: Declare(tuple(masks)) for seat, masks in record.annonces.items()}
    declare = {}
    trump = deal.contract.trump if deal.contract is not None else None
    if deal.rules.annonces and isinstance(trump, Trump):
        for seat in range(4):
            found = ann.find_annonces(deal.hands[seat], trump)
            if found:
                declare[seat] = Declare(tuple(a.cards for a in found))
    return declare


def _declare(report: CheckReport, deal: Deal, seat: int, action: Declare) -> None:
    """Declare ``seat``'s annonces before its first card; a bad declaration is an
    irregularity."""
    try:
        deal.play(action)
        report.actions.append((seat, action))
    except IllegalAction as e:
        report.irregularities.append(_irregular("annonce", seat, len(deal.tricks) + 1, None,
                                                e.rule, str(e), code=e.code, params=e.params))


# -- card play -----------------------------------------------------------------------------

def _judge_cards(report: CheckReport, record: DealRecord, says: dict[int, int],
                 declare: dict[int, Declare]) -> dict[int, int]:
    """Play every card, each judged (an irregular card is played as recorded); the seat's
    annonces before its first card, its belote with the first card of its pair. Returns the
    belotes said so far, per seat. Raises RecordError (every card played, a card not held)."""
    deal = report.deal
    said = {s: 0 for s in range(4)}
    for k, card in enumerate(record.plays):
        where = f"plays[{k}]"
        if deal.phase == Phase.DONE:
            raise RecordError("every card has been played already", where=where,
                              code="record.all_played")
        seat = _seat_to_move(deal)
        if not (deal.hands[seat] >> card) & 1:
            raise RecordError(f"seat {seat} does not hold {card_str(card)}", where=where,
                              code="record.card_not_held",
                              params={"seat": seat, "card": card_str(card)})
        trick_no = len(deal.tricks) + 1
        if seat in declare and not deal.played_any[seat]:
            _declare(report, deal, seat, declare[seat])
        if said[seat] < says.get(seat, 0) and _opens_belote(deal, seat, card):
            said[seat] += 1
            report.actions.append((seat, BELOTE))
            if BELOTE in deal.legal_actions():
                deal.apply(BELOTE)
            else:
                deal.belote_pending[seat] = True  # said with an irregular card: still counted
        try:
            deal.play(Play(card))
        except IllegalAction as e:
            en, code, params = _reported(e)
            report.irregularities.append(_irregular("card", seat, trick_no, card_str(card),
                                                    e.rule, en, k, code=code, params=params))
            deal.play_card(card)
        report.actions.append((seat, Play(card)))
    return said


def _declare_before_card(report: CheckReport, deal: Deal, record: DealRecord,
                         says: dict[int, int], said: dict[int, int],
                         declare: dict[int, Declare]) -> None:
    """A record saved mid-deal: the seat to move may have declared, or said belote, before
    playing its card."""
    seat = _seat_to_move(deal)
    if seat in declare and not deal.played_any[seat] and seat not in deal.declared:
        _declare(report, deal, seat, declare[seat])
    if record.belote != "auto" and said[seat] < says.get(seat, 0) \
            and BELOTE in deal.legal_actions():
        deal.apply(BELOTE)
        report.actions.append((seat, BELOTE))


def _opens_belote(deal: Deal, seat: int, card: int) -> bool:
    """``card`` is the first of a K+Q of trump pair that ``seat`` still holds entirely."""
    s = SUIT_OF[card]
    if deal.tt is None or s not in deal.tt.trump_suits:
        return False
    pair = (1 << card_of(s, KING)) | (1 << card_of(s, QUEEN))
    return (pair >> card) & 1 == 1 and deal.hands[seat] & pair == pair


# -- the score -----------------------------------------------------------------------------

def _score(report: CheckReport) -> None:
    """The finished deal's result: 002 §VIII.B (``irregularity_penalty``) covers irregular
    card play ("coup de carte irrégulier") only: the team of the first irregular card loses the
    deal, whatever else is irregular (a false belote claim or annonce is not scored: the deal
    gives it no points)."""
    deal = report.deal
    res = deal.result
    rules = deal.rules
    card = report.first("card")
    if res is not None and card is not None and rules.irregularity_penalty:
        team = card["seat"] % 2
        res = penalty_result(res, team, rules.irregularity_penalty)
        report.notes.append(f"002 §VIII.B: irregular play by seat {card['seat']}: the deal is "
                            f"lost for team {team}, {rules.irregularity_penalty} points to team "
                            f"{1 - team}")
    report.result = res


# -- the actions of a record ---------------------------------------------------------------

def actions(record: Any) -> Iterator[tuple[int, Action]]:
    """The actions of a deal record in the order the deal met them, as ``(seat, action)``:
    the bids (up to an irregular one, where the refereeing stops), then in play order each
    seat's annonces before its first card, a belote with the first card of its pair, and every
    card (an irregular one too: the record keeps it). Replaying them with
    :meth:`~belote.engine.deal.Deal.apply` from the deal as dealt gives the deal the referee
    judged (``belote replay`` steps through them).

    ``record``: a deal record (refereed by :func:`check_deal`) or its :class:`CheckReport`.
    Raises RecordError for a malformed record."""
    report = record if isinstance(record, CheckReport) else check_deal(record)
    yield from report.actions


# -- wording -------------------------------------------------------------------------------

def _reported(e: IllegalAction) -> tuple[str, str, dict[str, Param]]:
    """A refused card as the report says it, of the seat: its English message ("had to follow
    suit…"), code (``irregular.<rule>``) and params, from the rule's facts; the deal's own
    (spoken to the player) for a refusal without them."""
    if e.facts is None:
        return str(e), e.code, e.params
    return (rule_text(e.rule, e.facts, report=True), f"irregular.{e.rule}",
            rule_params(e.rule, e.facts))


def _irregular(kind: str, seat: int, trick: int | None, card: str | None, rule: str,
               message: str, index: int | None = None, *, code: str,
               params: Mapping[str, Param]) -> Irregularity:
    """An irregularity of a check report (``message`` in English; ``code`` and ``params``
    for the catalog)."""
    return {"kind": kind, "seat": seat, "trick": trick, "card": card, "rule": rule,
            "message": message, "index": index, "code": code, "params": dict(params)}
