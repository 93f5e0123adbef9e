"""Deals and games to and from their JSON records (``docs/records.md``), with exact round trip.

Deal record (``"format": "belote-deal/1"``)::

    {"format": "belote-deal/1", "preset": "coinche", "options": {},
     "dealer": 3,
     "hands": ["JH 9H AH TH KS QS 7D 8C", "…", "…", "…"],   # at the start of card play
     "turned": "AH",                                 # two-round deals only
     "bids": ["pass", "80 H", "contre", "pass", "pass", "pass"],
     "belote": "auto",                               # or the list of seats that said it
     "annonces": "auto",                             # or {"seat": [[cards], …]}
     "plays": ["JH", "7H", "…"]}

Optional keys: ``stock`` (undealt cards, top first, of a two-round deal saved during the
bidding: then ``hands`` hold 5 cards), ``last_deal`` (the 12th deal of a concours partie),
``misdeal`` (true: cancelled before the bidding, 002 §VIII.A), ``barred_team`` (the team that
may not take after two misdeals in a row), ``result`` (written for readers, ignored on
reading).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .. import annonces as ann
from ..cards import card_str, hand_str
from ..deal import Deal, Phase
from ..errors import BeloteError, RecordError
from ..game import Game
from .referee import CheckReport, check_deal
from .shape import DEAL_FORMAT, GAME_FORMAT, GameRecord, parse_game, wrap

# -- writing -------------------------------------------------------------------------------


def deal_to_record(deal: Deal, with_result: bool = True) -> dict[str, Any]:
    """The record of a deal, finished or in progress (it resumes with :func:`deal_from_record`)."""
    r = deal.rules
    hands = deal.initial_hands if deal.initial_hands else deal.hands
    rec: dict[str, Any] = {
        "format": DEAL_FORMAT, "preset": r.preset_name, "options": r.overrides(),
        "dealer": int(deal.dealer), "hands": [hand_str(h) for h in hands]}
    if deal.turned is not None:
        rec["turned"] = card_str(deal.turned)
    if deal.stock:
        rec["stock"] = [card_str(c) for c in deal.stock]
    rec["bids"] = [str(a) for _s, a in deal.bids]
    # seats that said belote; a seat that said it and has not yet played the card is listed
    # too, and a claim the seat could not make (a checked record's: irregular)
    rec["belote"] = [int(seat) for seat, _s in deal.belotes] + [
        seat for seat in range(4) if deal.belote_pending[seat]] + deal.unheld_belotes
    rec["annonces"] = {str(seat): [ann.annonce_str(a).split() for a in lst]
                       for seat, lst in sorted(deal.declared.items())}
    rec["plays"] = [card_str(c) for _s, c in deal.plays]
    if deal.last_deal:
        rec["last_deal"] = True
    if deal.barred_team is not None:
        rec["barred_team"] = deal.barred_team
    if deal.misdealt:
        rec["misdeal"] = True
    if with_result and deal.result is not None:
        rec["result"] = deal.result.to_json()
    return rec


def report_to_record(report: CheckReport, with_result: bool = True) -> dict[str, Any]:
    """The record of a checked deal, written so that reading it back gives the same verdict:
    its ``belote`` and ``annonces`` as the record claimed them (a belote said without the pair,
    an annonce refused, are part of the verdict; :func:`deal_to_record` writes what the deal
    scored), its bids and cards as recorded when the check stopped at an irregular bid, and
    the result with its penalty."""
    rec = deal_to_record(report.deal, with_result=False)
    record = report.record
    if record is not None and not record.misdeal:
        rec.update(record.claims())
        first = report.irregularity
        if first is not None and first["kind"] == "bid":  # the check stopped there
            rec["bids"] = [str(action) for _text, action in record.bids]
            rec["plays"] = [card_str(c) for c in record.plays]
    if with_result and report.result is not None:
        rec["result"] = report.result.to_json()
    return rec


def game_to_record(game: Game, reveal_seed: bool | None = None,
                   finished_only: bool = False) -> dict[str, Any]:
    """The record of a game, finished or in progress (resumes with :func:`game_from_record`).

    ``commitment`` is written when the game has one (``game.commitment``). ``seed``: with
    ``reveal_seed`` None, written unless the game has a commitment and is not over (the seed of
    a committed game is revealed at its end, never before: issue 17 item 4); True writes it
    always (a server's own store, which resumes the game from it), False never.
    ``finished_only``: the game as of its last finished deal (the deal in progress left out:
    an online table's public record, which changes only when a deal ends), its ``seed``
    written as null while it is not revealed."""
    r = game.rules
    deals = [deal_to_record(d) for d in game.deals]
    if game.current is not None and not finished_only:
        deals.append(deal_to_record(game.current))
    if reveal_seed is None:
        reveal_seed = game.commitment is None or game.is_over()
    rec: dict[str, Any] = {"format": GAME_FORMAT, "preset": r.preset_name,
                           "options": r.overrides()}
    if reveal_seed or finished_only:
        rec["seed"] = game.seed if reveal_seed else None
    if game.commitment is not None:
        rec["commitment"] = game.commitment
    rec.update({"first_dealer": int(game.first_dealer), "deals": deals,
                "scores": list(game.scores), "held": game.held, "over": game.is_over(),
                "winner": game.winner})
    return rec


def dumps(rec: dict[str, Any]) -> str:
    """JSON text of a record (UTF-8, 2-space indent, keys in writing order)."""
    return json.dumps(rec, ensure_ascii=False, indent=2) + "\n"


# -- reading -------------------------------------------------------------------------------

def deal_from_record(rec: Any) -> Deal:
    """Resume a deal from its record. Raises RecordError: a malformed record (its code), or
    ``record.irregular_deal`` for one holding an irregular action (a saved game never does;
    params ``kind``, ``seat``, ``message``, and ``irregularity``: the refusal's ``code`` and
    ``params``)."""
    return _regular_deal(check_deal(rec))


def _regular_deal(report: CheckReport) -> Deal:
    """The deal of a check report; RecordError ``record.irregular_deal`` (see
    :func:`deal_from_record`) when it holds an irregular action."""
    irr = report.irregularity
    if irr is not None:
        raise RecordError(f"irregular {irr['kind']} by seat {irr['seat']}: {irr['message']}",
                          code="record.irregular_deal",
                          params={"kind": irr["kind"], "seat": irr["seat"],
                                  "message": irr["message"],
                                  "irregularity": {"code": irr["code"],
                                                   "params": irr["params"]}})
    return report.deal


def _finished(deal: Deal) -> bool:
    return deal.phase == Phase.DONE


def game_from_record(rec: Any, *, parsed: GameRecord | None = None,
                     reports: Sequence[CheckReport] | None = None) -> Game:
    """Resume a game from its record (its shape read whole, then every deal replayed and
    checked). Raises RecordError (code, params, ``where`` ``deals[i]: …``).

    ``parsed``: the record already read by :func:`~.shape.parse_game` (it is not read again);
    ``reports``: its deals already checked (:func:`~.referee.check_record`, one per deal, in
    order), whose deals the game then takes as they are (their ``last_deal`` and result set
    as the game scores them; a report's own ``result`` is left as checked). Both only save
    the work done twice (``belote check`` on a game: each deal is checked once, not twice)."""
    record = parse_game(rec) if parsed is None else parsed
    if reports is not None and len(reports) != len(record.raw):
        raise ValueError("one check report per deal of the record")
    game = Game(record.rules, seed=record.seed, first_dealer=record.first_dealer,
                commitment=record.commitment)
    last = len(record.raw) - 1
    for i, drec in enumerate(record.raw):
        where = f"deals[{i}]"
        current = game.current
        if current is None:
            raise RecordError("the game was already over", where=where, code="record.game_over")
        try:
            deal = (deal_from_record(drec) if reports is None else
                    _regular_deal(reports[i]))
        except BeloteError as e:
            raise wrap(e, where) from None
        if deal.dealer != game.dealer:
            raise RecordError(f"seat {game.dealer} deals this deal, not {deal.dealer}",
                              where=f"{where}.dealer", code="record.wrong_dealer",
                              params={"dealer": game.dealer, "got": deal.dealer})
        if deal.misdealt:
            game.misdeal()
            continue
        if not _finished(deal) and i < last:
            raise RecordError("this deal is not finished but another one follows", where=where,
                              code="record.deal_unfinished")
        if deal.barred_team != current.barred_team:
            raise RecordError("the barred team does not follow from the misdeals before",
                              where=f"{where}.barred_team", code="record.barred_team")
        deal.last_deal = current.last_deal
        if deal.result is not None and deal.last_deal:
            deal._finish()
        game.current = deal
        if _finished(deal):
            game.finish_deal()
    return game
