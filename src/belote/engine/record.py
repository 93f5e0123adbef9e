"""Deal and game records: a documented, versioned JSON format with exact round-trip, and the
checker that replays a record against the rules (``belote check``).

Deal record (``"format": "belote-deal/1"``), see ``docs/records.md``::

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
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import annonces as ann
from .actions import BELOTE, ActionError, Declare, Play, parse_action
from .cards import (
    KING,
    QUEEN,
    SUIT_OF,
    card_of,
    card_str,
    deck_mask,
    hand_str,
    mask_of,
    parse_card,
    parse_cards,
    popcount,
)
from .deal import Deal, Phase, belote_holders
from .errors import BeloteError, CardError, IllegalAction, RecordError, RulesError
from .game import Game
from .play import rule_text
from .rules import PRESETS, Rules
from .scoring import DealResult, penalty_result
from .sources import name_sources

DEAL_FORMAT = "belote-deal/1"
GAME_FORMAT = "belote-game/1"


# -- writing -------------------------------------------------------------------------------

def deal_to_record(deal: Deal, with_result: bool = True) -> dict[str, Any]:
    """The record of a deal, finished or in progress (it resumes with :func:`deal_from_record`)."""
    r = deal.rules
    hands = deal.initial_hands if deal.initial_hands else deal.hands
    rec: dict[str, Any] = {
        "format": DEAL_FORMAT, "preset": r.preset_name, "options": r.overrides(),
        "dealer": deal.dealer, "hands": [hand_str(h) for h in hands]}
    if deal.turned is not None:
        rec["turned"] = card_str(deal.turned)
    if deal.stock:
        rec["stock"] = [card_str(c) for c in deal.stock]
    rec["bids"] = [str(a) for _s, a in deal.bids]
    # seats that said belote; a seat that said it and has not yet played the card is listed too
    rec["belote"] = [seat for seat, _s in deal.belotes] + [
        seat for seat in range(4) if deal.belote_pending[seat]]
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


def game_to_record(game: Game) -> dict[str, Any]:
    """The record of a game, finished or in progress (resumes with :func:`game_from_record`)."""
    r = game.rules
    deals = [deal_to_record(d) for d in game.deals]
    if game.current is not None:
        deals.append(deal_to_record(game.current))
    return {"format": GAME_FORMAT, "preset": r.preset_name, "options": r.overrides(),
            "seed": game.seed, "first_dealer": game.first_dealer, "deals": deals,
            "scores": list(game.scores), "held": game.held, "over": game.is_over(),
            "winner": game.winner}


# -- reading and checking ------------------------------------------------------------------

@dataclass
class CheckReport:
    """Verdict on a deal record. ``irregularity``: None or ``{"seat", "trick", "card", "rule",
    "kind", "message"}`` for the first bid, declaration or card against the rules (``trick``
    1-based, None for a bid)."""

    deal: Deal
    irregularity: dict[str, Any] | None = None
    result: DealResult | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return self.irregularity is None

    def to_json(self) -> dict[str, Any]:
        d = self.deal
        res = self.result
        c = d.contract
        return {
            "legal": self.legal,
            "irregularity": self.irregularity,
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


def _get(rec: dict, key: str, types: type | tuple, required: bool = True, default: Any = None):
    if key not in rec:
        if required:
            raise RecordError("missing key", where=key)
        return default
    v = rec[key]
    if not isinstance(v, types) or (isinstance(v, bool) and types in (int, (int,))):
        tname = types.__name__ if isinstance(types, type) else " or ".join(t.__name__ for t in types)
        raise RecordError(f"expected {tname}, got {type(v).__name__}", where=key)
    return v


def rules_from_record(rec: dict) -> Rules:
    """The :class:`Rules` named by a record's ``preset`` and ``options``. Raises RecordError."""
    preset = _get(rec, "preset", str)
    if preset not in PRESETS:
        raise RecordError(f"unknown preset {preset!r}: expected one of {', '.join(PRESETS)}",
                          where="preset")
    options = _get(rec, "options", dict, required=False, default={})
    try:
        return Rules.preset(preset, **options)
    except (RulesError, TypeError) as e:
        raise RecordError(str(e), where="options") from None


def _hand(text: Any, where: str) -> int:
    if isinstance(text, list):
        if not all(isinstance(x, str) for x in text):
            raise RecordError("a hand is a string of cards or a list of card strings", where=where)
    elif not isinstance(text, str):
        raise RecordError("a hand is a string of cards or a list of card strings", where=where)
    try:
        return mask_of(parse_cards(text))
    except CardError as e:
        raise RecordError(str(e), where=where) from None


def read_file(path: str) -> bytes:
    """The bytes of a record file. Raises RecordError (not found, a folder, unreadable)."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise RecordError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise RecordError(f"{path} is a folder, not a record file") from None
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e}") from None


def load_json(path: str) -> Any:
    """Read a JSON file. Raises RecordError (not found, unreadable, not JSON)."""
    data = read_file(path)
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise RecordError(f"cannot read {path}: {e}") from None
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}",
                          where=path) from None
    except (ValueError, RecursionError) as e:  # huge integers, absurd nesting
        raise RecordError(f"not a usable JSON record: {type(e).__name__}: {e}", where=path) from None


def loads_json(data: bytes | str, source: str = "input") -> Any:
    """Parse JSON text or UTF-8 bytes. Raises RecordError, never another exception."""
    try:
        if isinstance(data, bytes):
            data = data.decode("utf-8")
        return json.loads(data)
    except UnicodeDecodeError as e:
        raise RecordError(f"{source} is not UTF-8 text: {e.reason}") from None
    except json.JSONDecodeError as e:
        raise RecordError(f"{source} is not valid JSON: {e.msg} at line {e.lineno} column "
                          f"{e.colno}") from None
    except (ValueError, RecursionError) as e:
        raise RecordError(f"{source} is not a usable JSON record: {type(e).__name__}: {e}"
                          ) from None


def check_deal(rec: Any) -> CheckReport:
    """Replay a deal record against its rules.

    :returns: a :class:`CheckReport`: the first irregular bid, declaration or card (then the deal
        is played on as recorded, and scored with the 160-point penalty of 002 §VIII.B where the
        preset applies it), the result when the deal is complete.
    :raises RecordError: a malformed record (what and where), e.g. a card played that the seat
        does not hold, a repeated card, bids after the auction ended.
    """
    if not isinstance(rec, dict):
        raise RecordError("a deal record is a JSON object")
    fmt = _get(rec, "format", str)
    if fmt != DEAL_FORMAT:
        raise RecordError(f"unknown format {fmt!r}: this version reads {DEAL_FORMAT!r}",
                          where="format")
    rules = rules_from_record(rec)
    dealer = _get(rec, "dealer", int)
    if not 0 <= dealer <= 3:
        raise RecordError("the dealer is a seat 0..3", where="dealer")
    hands_txt = _get(rec, "hands", list)
    if len(hands_txt) != 4:
        raise RecordError(f"4 hands expected, got {len(hands_txt)}", where="hands")
    hands = [_hand(h, f"hands[{i}]") for i, h in enumerate(hands_txt)]
    full = deck_mask(rules.deck)
    seen = 0
    for i, h in enumerate(hands):
        if h & ~full:
            raise RecordError(f"a {rules.deck}-card pack has no such card", where=f"hands[{i}]")
        if h & seen:
            raise RecordError(f"{card_str((h & seen).bit_length() - 1)} appears in two hands",
                              where=f"hands[{i}]")
        seen |= h
    turned = None
    if "turned" in rec and rec["turned"] is not None:
        t = _get(rec, "turned", str)
        try:
            turned = parse_card(t)
        except CardError as e:
            raise RecordError(str(e), where="turned") from None
        if not (full >> turned) & 1:
            raise RecordError(f"a {rules.deck}-card pack has no such card", where="turned")
    stock_txt = _get(rec, "stock", list, required=False, default=[])
    try:
        stock = parse_cards(stock_txt) if stock_txt else []
    except (CardError, TypeError) as e:
        raise RecordError(str(e), where="stock") from None
    last_deal = _get(rec, "last_deal", bool, required=False, default=False)
    sizes = {popcount(h) for h in hands}
    retourne = rules.deal == "retourne"
    if retourne and turned is None:
        raise RecordError("a two-round deal needs the turned card", where="turned")
    if not retourne and turned is not None:
        raise RecordError(f"a {rules.preset_name} deal has no turned card", where="turned")
    if stock:
        if not retourne or sizes != {5}:
            raise RecordError("stock is for a two-round deal saved during the bidding, with "
                              "5-card hands", where="stock")
        if mask_of(stock) & seen or (1 << turned) & seen or turned in stock:
            raise RecordError("a card of the stock is also in a hand", where="stock")
        if seen | mask_of(stock) | (1 << turned) != full:
            raise RecordError(f"hands, turned card and stock must make the {rules.deck}-card pack",
                              where="stock")
        deal = Deal(rules, dealer, hands, turned, stock, last_deal)
    else:
        ok_sizes = {rules.hand_size} | ({5} if retourne else set())
        if len(sizes) != 1 or not sizes <= ok_sizes:
            raise RecordError(f"each hand holds {rules.hand_size} cards "
                              f"(got {', '.join(str(popcount(h)) for h in hands)})", where="hands")
        if sizes == {rules.hand_size} and seen != full:
            raise RecordError(f"the hands must make the {rules.deck}-card pack", where="hands")
        if turned is not None and sizes == {rules.hand_size} and not (seen >> turned) & 1:
            raise RecordError("the turned card must be in the taker's hand", where="turned")
        deal = Deal.from_hands(rules, dealer, hands, turned, last_deal)
    barred = rec.get("barred_team")
    if barred is not None:
        if not isinstance(barred, int) or isinstance(barred, bool) or barred not in (0, 1):
            raise RecordError("a team is 0 or 1", where="barred_team")
        deal.barred_team = barred
    report = CheckReport(deal)
    if rec.get("misdeal") is True:
        if rec.get("bids") or rec.get("plays"):
            raise RecordError("a misdealt deal has no bids nor plays", where="misdeal")
        deal.misdealt = True
        report.notes.append("misdeal: the cards are dealt again by the same dealer (002 §VIII.A)")
        return report
    # -- bids -------------------------------------------------------------------------------
    bids = _get(rec, "bids", list, required=False, default=[])
    for i, b in enumerate(bids):
        where = f"bids[{i}]"
        if not isinstance(b, str):
            raise RecordError("a bid is a string", where=where)
        try:
            a = parse_action(b)
        except ActionError as e:
            raise RecordError(str(e), where=where) from None
        if deal.phase != Phase.BIDDING:
            raise RecordError("the bidding was already over", where=where)
        seat = deal.to_move
        try:
            deal.play(a)
        except IllegalAction as e:
            # the contract an irregular bid would make is unknown: the check stops here
            report.irregularity = _irregular("bid", seat, None, b, e.rule, str(e), i,
                                             message_fr=e.message_fr)
            return report
    plays = _get(rec, "plays", list, required=False, default=[])
    if deal.phase == Phase.BIDDING:
        if plays:
            raise RecordError("cards are played but the bidding is not over", where="plays")
        return report
    if deal.passed_out:
        if plays:
            raise RecordError("cards are played after a passed-out deal", where="plays")
        return report
    if retourne and not stock and sizes == {5}:
        raise RecordError("the bidding ended with a take: hands must hold the cards of card play",
                          where="hands")
    if turned is not None and not stock and not (deal.hands[deal.contract.taker] >> turned) & 1:
        raise RecordError(f"the turned card {card_str(turned)} must be in the taker's hand "
                          f"(seat {deal.contract.taker})", where="turned")
    # -- who says belote, who declares what -------------------------------------------------
    belote = rec.get("belote", "auto")
    says: dict[int, int] = {}
    holders = Counter(belote_holders(deal))  # pairs of K+Q of trump held, per seat
    if belote == "auto":
        says = dict(holders)
    elif isinstance(belote, list):
        for i, s in enumerate(belote):
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s <= 3:
                raise RecordError("seats are 0..3", where=f"belote[{i}]")
            says[s] = says.get(s, 0) + 1
    else:
        raise RecordError('expected "auto" or a list of seats', where="belote")
    for seat, n in says.items():
        if holders.get(seat, 0) < n and report.irregularity is None:
            report.irregularity = _irregular(
                "belote", seat, None, None, "belote_not_held",
                f"seat {seat} said belote without holding the king and queen of trump",
                message_fr=f"le siège {seat} a dit belote sans avoir le roi et la dame "
                           "d'atout")
    annonces = rec.get("annonces", "auto")
    declare: dict[int, Declare] = {}
    if annonces == "auto":
        if rules.annonces:
            for seat in range(4):
                found = ann.find_annonces(deal.hands[seat], deal.contract.trump)
                if found:
                    declare[seat] = Declare(tuple(a.cards for a in found))
    elif isinstance(annonces, dict):
        for k, groups in annonces.items():
            where = f"annonces[{k}]"
            if not (isinstance(k, str) and k in "0123" and len(k) == 1):
                raise RecordError("keys are seats \"0\"..\"3\"", where=where)
            if not isinstance(groups, list):
                raise RecordError("a list of annonces (each a list of cards)", where=where)
            masks = []
            for j, g in enumerate(groups):
                masks.append(_hand(g, f"{where}[{j}]"))
            if masks:
                declare[int(k)] = Declare(tuple(masks))
    else:
        raise RecordError('expected "auto" or {seat: [[cards], …]}', where="annonces")
    # -- card play --------------------------------------------------------------------------
    said = {s: 0 for s in range(4)}
    for k, txt in enumerate(plays):
        where = f"plays[{k}]"
        if not isinstance(txt, str):
            raise RecordError("a card is a string such as JH", where=where)
        try:
            card = parse_card(txt)
        except CardError as e:
            raise RecordError(str(e), where=where) from None
        if deal.phase == Phase.DONE:
            raise RecordError("every card has been played already", where=where)
        seat = deal.to_move
        if not (deal.hands[seat] >> card) & 1:
            raise RecordError(f"seat {seat} does not hold {card_str(card)}", where=where)
        trick_no = len(deal.tricks) + 1
        if seat in declare and not deal.played_any[seat]:
            _declare(report, deal, seat, declare[seat])
        if said[seat] < says.get(seat, 0) and _opens_belote(deal, seat, card):
            said[seat] += 1
            if BELOTE in deal.legal_actions():
                deal.apply(BELOTE)
            else:
                deal.belote_pending[seat] = True  # said with an irregular card: still counted
        if report.irregularity is None:
            try:
                deal.play(Play(card))
                continue
            except IllegalAction as e:
                en, fr = _reported(e)
                report.irregularity = _irregular("card", seat, trick_no, card_str(card),
                                                 e.rule, en, k, message_fr=fr)
        deal.play_card(card)
    if deal.phase == Phase.PLAY:
        # a record saved mid-deal: the seat to move may have declared, or said belote, before
        # playing its card
        seat = deal.to_move
        if seat in declare and not deal.played_any[seat] and seat not in deal.declared:
            _declare(report, deal, seat, declare[seat])
        if isinstance(belote, list) and said[seat] < says.get(seat, 0) \
                and BELOTE in deal.legal_actions():
            deal.apply(BELOTE)
    if deal.phase == Phase.DONE:
        res = deal.result
        irr = report.irregularity
        # 002 §VIII.B covers irregular card play ("coup de carte irrégulier") only
        if irr is not None and rules.irregularity_penalty and irr["kind"] == "card":
            res = penalty_result(res, irr["seat"] % 2, rules.irregularity_penalty)
            report.notes.append(f"002 §VIII.B: irregular play by seat {irr['seat']}: the deal is "
                                f"lost for team {irr['seat'] % 2}, {rules.irregularity_penalty} "
                                f"points to team {1 - irr['seat'] % 2}")
        report.result = res
    return report


def irregularity_message(irr: dict[str, Any], lang: str = "fr") -> str:
    """The message of a report's ``irregularity`` in ``lang`` (French where the engine has
    it, else English), the rule texts it cites named (``name_sources``)."""
    msg = irr.get("message_fr") if lang == "fr" and irr.get("message_fr") else irr["message"]
    return name_sources(msg, lang)


def _reported(e: IllegalAction) -> tuple[str, str | None]:
    """A refused card as the report says it, of the seat ("had to follow suit…", "devait
    fournir…"), English and French, from the rule's facts; the deal's own message (spoken
    to the player) for a refusal without them."""
    if e.facts is None:
        return str(e), e.message_fr
    return (rule_text(e.rule, e.facts, "en", report=True),
            rule_text(e.rule, e.facts, "fr", report=True))


def _irregular(kind: str, seat: int, trick: int | None, card: str | None, rule: str,
               message: str, index: int | None = None,
               message_fr: str | None = None) -> dict[str, Any]:
    """The ``irregularity`` entry of a check report (``message_fr``: the same in French,
    ``None`` where the engine has no French text)."""
    return {"kind": kind, "seat": seat, "trick": trick, "card": card, "rule": rule,
            "message": message, "message_fr": message_fr, "index": index}


def _declare(report: CheckReport, deal: Deal, seat: int, action: Declare) -> None:
    """Declare ``seat``'s annonces before its first card; a bad declaration is the report's
    irregularity if it is the first."""
    try:
        deal.play(action)
    except IllegalAction as e:
        if report.irregularity is None:
            report.irregularity = _irregular("annonce", seat, len(deal.tricks) + 1, None,
                                             e.rule, str(e), message_fr=e.message_fr)


def _opens_belote(deal: Deal, seat: int, card: int) -> bool:
    """``card`` is the first of a K+Q of trump pair that ``seat`` still holds entirely."""
    s = SUIT_OF[card]
    if s not in deal.tt.trump_suits:
        return False
    pair = (1 << card_of(s, KING)) | (1 << card_of(s, QUEEN))
    return (pair >> card) & 1 == 1 and deal.hands[seat] & pair == pair


def deal_from_record(rec: Any) -> Deal:
    """Resume a deal from its record. Raises RecordError if malformed, IllegalAction if it
    holds an irregular action (a saved game never does)."""
    report = check_deal(rec)
    if report.irregularity is not None:
        irr = report.irregularity
        raise IllegalAction(f"irregular {irr['kind']} by seat {irr['seat']}: {irr['message']}",
                            rule=irr["rule"], seat=irr["seat"])
    return report.deal


def game_from_record(rec: Any) -> Game:
    """Resume a game from its record (every deal replayed and checked). Raises RecordError."""
    if not isinstance(rec, dict):
        raise RecordError("a game record is a JSON object")
    fmt = _get(rec, "format", str)
    if fmt != GAME_FORMAT:
        raise RecordError(f"unknown format {fmt!r}: this version reads {GAME_FORMAT!r}",
                          where="format")
    rules = rules_from_record(rec)
    seed = rec.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("the seed is a whole number or null", where="seed")
    first = _get(rec, "first_dealer", int)
    if not 0 <= first <= 3:
        raise RecordError("the first dealer is a seat 0..3", where="first_dealer")
    deals = _get(rec, "deals", list)
    game = Game(rules, seed=seed, first_dealer=first)
    for i, drec in enumerate(deals):
        if not isinstance(drec, dict):
            raise RecordError("a deal record is a JSON object", where=f"deals[{i}]")
        if game.current is None:
            raise RecordError("the game was already over", where=f"deals[{i}]")

        try:
            deal = deal_from_record(drec)
        except BeloteError as e:
            raise RecordError(str(e), where=f"deals[{i}]") from None
        if deal.rules != rules:
            raise RecordError("a deal's rules differ from the game's", where=f"deals[{i}]")
        if deal.dealer != game.dealer:
            raise RecordError(f"seat {game.dealer} deals this deal, not {deal.dealer}",
                              where=f"deals[{i}].dealer")
        if deal.misdealt:
            game.misdeal()
            continue
        if not deal.is_over() and i < len(deals) - 1:
            raise RecordError("this deal is not finished but another one follows",
                              where=f"deals[{i}]")
        if deal.barred_team != game.current.barred_team:
            raise RecordError("the barred team does not follow from the misdeals before",
                              where=f"deals[{i}].barred_team")
        deal.last_deal = game.current.last_deal
        if deal.result is not None and deal.last_deal:
            deal._finish()
        game.current = deal
        if deal.is_over():
            game.finish_deal()
    return game


def dumps(rec: dict[str, Any]) -> str:
    """JSON text of a record (UTF-8, 2-space indent, keys in writing order)."""
    return json.dumps(rec, ensure_ascii=False, indent=2) + "\n"
