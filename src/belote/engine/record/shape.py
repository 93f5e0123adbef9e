"""The shape of a deal or game record, checked whole before any refereeing.

:func:`parse_deal` reads every key of a deal record (``docs/records.md``) into a
:class:`DealRecord`: types, seats, cards, bid and card strings, the ``belote`` and ``annonces``
forms. Whether the actions are *legal* is the referee's question (:mod:`.referee`); whether the
record is *well formed* is answered here, so that a malformed record is always refused
(:class:`RecordError`, exit 2 for the CLI) whatever irregularity it also holds.

Every error is a :class:`RecordError` with a ``code`` (``record.*``, or the code of the card,
action or rules error it wraps), JSON-ready ``params`` and ``where``, the place in the record
(``"plays[3]"``, ``"deals[1]: hands[2]"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..actions import Action, parse_action
from ..cards import hand_str, mask_of, parse_card, parse_cards
from ..errors import BeloteError, CardError, RecordError, RulesError
from ..rules import PRESETS, Rules

DEAL_FORMAT = "belote-deal/1"
GAME_FORMAT = "belote-game/1"

#: ``"auto"``: the seats say what the rules let them (every belote held, every annonce found)
Auto = Literal["auto"]

_NAMES = {bool: "bool", int: "int", str: "str", list: "list", dict: "dict", float: "float"}


def type_name(value: object) -> str:
    """The JSON type name of a parsed value as the errors say it (``int``, ``str``, ``null``…)."""
    return "null" if value is None else _NAMES.get(type(value), type(value).__name__)


def _is(value: object, types: tuple[type, ...]) -> bool:
    """``value`` is of one of ``types`` (a bool is not an int here: JSON tells them apart)."""
    if isinstance(value, bool):
        return bool in types
    return isinstance(value, types)


def get(rec: Mapping[str, Any], key: str, *types: type, required: bool = True,
        default: Any = None) -> Any:
    """``rec[key]`` when of one of ``types``. Raises RecordError ``record.missing_key`` or
    ``record.bad_type`` (``params``: ``expected``, ``got``: JSON type names), ``where=key``."""
    if key not in rec:
        if required:
            raise RecordError("missing key", where=key, code="record.missing_key")
        return default
    value = rec[key]
    if not _is(value, types):
        expected = " or ".join(_NAMES.get(t, t.__name__) for t in types)
        got = type_name(value)
        raise RecordError(f"expected {expected}, got {got}", where=key, code="record.bad_type",
                          params={"expected": expected, "got": got})
    return value


def wrap(error: BeloteError, where: str) -> RecordError:
    """``error`` (a record, card, action or rules error) as a RecordError at ``where``, its
    code and params kept; a RecordError's own place follows (``"deals[1]: plays[3]"``)."""
    message = str(error)
    inner = error.places if isinstance(error, RecordError) else ()
    if inner:
        message = message[len(": ".join(inner)) + 2:]
    return RecordError(message, places=(where, *inner), code=error.code, params=error.params)


def rules_from_record(rec: Mapping[str, Any]) -> Rules:
    """The :class:`Rules` named by a record's ``preset`` and ``options``. Raises RecordError
    (``record.unknown_preset``; a rules error's own code at ``options``)."""
    preset = get(rec, "preset", str)
    if preset not in PRESETS:
        known = ", ".join(PRESETS)
        raise RecordError(f"unknown preset {preset!r}: expected one of {known}", where="preset",
                          code="record.unknown_preset", params={"preset": preset, "known": known})
    options = get(rec, "options", dict, required=False, default={})
    base = PRESETS[preset]
    if not options:
        return base
    try:  # a game's deals name the same rules: made once (Rules are frozen)
        key = (preset, tuple((k, type(v), v) for k, v in options.items()))
        hash(key)
    except TypeError:  # a value of a list or an object: refused by the rules below
        key = None
    if key is not None and (kept := _RULES_READ.get(key)) is not None:  # one look: threads
        return kept
    try:
        rules = base.replace(**options)
    except RulesError as e:
        raise wrap(e, "options") from None
    except TypeError:  # an option name that is no identifier
        names = ", ".join(sorted(map(str, options)))
        raise RecordError(f"an option name is refused among {names}", where="options",
                          code="record.bad_options", params={"names": names}) from None
    if key is not None:
        if len(_RULES_READ) >= _RULES_KEPT:
            _RULES_READ.clear()
        _RULES_READ[key] = rules
    return rules


#: the rules :func:`rules_from_record` made, by preset and options (at most _RULES_KEPT)
_RULES_READ: dict[tuple[str, tuple[tuple[Any, type, Any], ...]], Rules] = {}
_RULES_KEPT = 64


def parse_hand(text: object, where: str) -> int:
    """The card mask of a hand written as a string of cards or a list of card strings.
    Raises RecordError (``record.bad_hand``, or the card error's code) at ``where``."""
    if not (isinstance(text, str) or (isinstance(text, list)
                                      and all(isinstance(x, str) for x in text))):
        raise RecordError("a hand is a string of cards or a list of card strings", where=where,
                          code="record.bad_hand")
    try:
        return mask_of(parse_cards(text))
    except CardError as e:
        raise wrap(e, where) from None


def parse_card_text(text: object, where: str) -> int:
    """A card of ``plays``, ``stock`` or ``turned``. Raises RecordError
    (``record.card_not_string``, or the card error's code) at ``where``."""
    if not isinstance(text, str):
        raise RecordError("a card is a string such as JH", where=where,
                          code="record.card_not_string")
    try:
        return parse_card(text)
    except CardError as e:
        raise wrap(e, where) from None


def parse_seat(value: object, where: str) -> int:
    """A seat 0..3. Raises RecordError ``record.bad_seat`` at ``where``."""
    if type(value) is not int or not 0 <= value <= 3:
        raise RecordError("seats are 0..3", where=where, code="record.bad_seat")
    return value


@dataclass
class DealRecord:
    """A deal record read whole (shape checked, nothing refereed yet).

    ``hands``: 4 card masks; ``turned``: the turned card or None; ``stock``: undealt cards of a
    two-round deal saved during the bidding, top first; ``bids``: (text, action) in order;
    ``belote``: the seats that said belote (a seat twice for two pairs) or ``"auto"``;
    ``annonces``: seat → the card masks it declared, or ``"auto"``; ``plays``: the cards in
    order of play."""

    rules: Rules
    dealer: int
    hands: list[int]
    turned: int | None = None
    stock: list[int] = field(default_factory=list)
    last_deal: bool = False
    barred_team: int | None = None
    misdeal: bool = False
    bids: list[tuple[str, Action]] = field(default_factory=list)
    belote: list[int] | Auto = "auto"
    annonces: dict[int, list[int]] | Auto = "auto"
    plays: list[int] = field(default_factory=list)

    def claims(self) -> dict[str, Any]:
        """``belote`` and ``annonces`` as the record wrote them (the JSON forms), for a record
        written back (a false claim is part of the verdict)."""
        annonces: str | dict[str, list[list[str]]] = "auto" if self.annonces == "auto" else {
            str(seat): [hand_str(m).split() for m in masks]
            for seat, masks in sorted(self.annonces.items())}
        return {"belote": self.belote if self.belote == "auto" else list(self.belote),
                "annonces": annonces}


def _record_of(rec: object, expected: str, not_object: str, code: str) -> dict[str, Any]:
    """``rec`` as a JSON object of the format ``expected``. Raises RecordError: ``code`` (with
    the words ``not_object``) when it is no object, ``record.unknown_format`` for another
    format."""
    if not isinstance(rec, dict):
        raise RecordError(not_object, code=code)
    fmt = get(rec, "format", str)
    if fmt != expected:
        raise RecordError(f"unknown format {fmt!r}: this version reads {expected!r}",
                          where="format", code="record.unknown_format",
                          params={"format": fmt, "expected": expected})
    return rec


def parse_deal(rec: object) -> DealRecord:
    """Read a deal record whole. Raises RecordError for the first thing malformed (a missing or
    mistyped key, an unknown format or preset, a bad card, seat, bid or card text), with
    ``where``."""
    rec = _record_of(rec, DEAL_FORMAT, "a deal record is a JSON object", "record.not_object")
    rules = rules_from_record(rec)
    dealer = get(rec, "dealer", int)
    if not 0 <= dealer <= 3:
        raise RecordError("the dealer is a seat 0..3", where="dealer", code="record.bad_dealer")
    hands_txt = get(rec, "hands", list)
    if len(hands_txt) != 4:
        raise RecordError(f"4 hands expected, got {len(hands_txt)}", where="hands",
                          code="record.hand_count", params={"count": len(hands_txt)})
    out = DealRecord(rules, dealer, [parse_hand(h, f"hands[{i}]") for i, h in enumerate(hands_txt)])
    turned = rec.get("turned")
    if turned is not None:
        out.turned = parse_card_text(get(rec, "turned", str), "turned")
    out.stock = [parse_card_text(c, f"stock[{i}]")
                 for i, c in enumerate(get(rec, "stock", list, required=False, default=[]))]
    out.last_deal = get(rec, "last_deal", bool, required=False, default=False)
    barred = rec.get("barred_team")
    if barred is not None and (type(barred) is not int or barred not in (0, 1)):
        raise RecordError("a team is 0 or 1", where="barred_team", code="record.bad_team")
    out.barred_team = barred
    out.misdeal = rec.get("misdeal") is True
    out.bids = _parse_bids(get(rec, "bids", list, required=False, default=[]))
    out.plays = [parse_card_text(c, f"plays[{i}]")
                 for i, c in enumerate(get(rec, "plays", list, required=False, default=[]))]
    out.belote = _parse_belote(rec.get("belote", "auto"))
    out.annonces = _parse_annonces(rec.get("annonces", "auto"))
    if out.misdeal and (out.bids or out.plays):
        raise RecordError("a misdealt deal has no bids nor plays", where="misdeal",
                          code="record.misdeal_played")
    return out


def _parse_bids(bids: list[Any]) -> list[tuple[str, Action]]:
    out = []
    for i, text in enumerate(bids):
        where = f"bids[{i}]"
        if not isinstance(text, str):
            raise RecordError("a bid is a string", where=where, code="record.bid_not_string")
        try:
            out.append((text, parse_action(text)))
        except BeloteError as e:
            raise wrap(e, where) from None
    return out


def _parse_belote(belote: object) -> list[int] | Auto:
    if belote == "auto":
        return "auto"
    if not isinstance(belote, list):
        raise RecordError('expected "auto" or a list of seats', where="belote",
                          code="record.bad_belote")
    return [parse_seat(s, f"belote[{i}]") for i, s in enumerate(belote)]


def _parse_annonces(annonces: object) -> dict[int, list[int]] | Auto:
    if annonces == "auto":
        return "auto"
    if not isinstance(annonces, dict):
        raise RecordError('expected "auto" or {seat: [[cards], …]}', where="annonces",
                          code="record.bad_annonces")
    out: dict[int, list[int]] = {}
    for key, groups in annonces.items():
        where = f"annonces[{key}]"
        if not (isinstance(key, str) and len(key) == 1 and key in "0123"):
            raise RecordError('keys are seats "0".."3"', where=where,
                              code="record.bad_annonce_seat")
        if not isinstance(groups, list):
            raise RecordError("a list of annonces (each a list of cards)", where=where,
                              code="record.bad_annonce_list")
        masks = [parse_hand(g, f"{where}[{j}]") for j, g in enumerate(groups)]
        if masks:
            out[int(key)] = masks
    return out


@dataclass
class GameRecord:
    """A game record read whole: its rules, ``seed`` (None: not recorded, e.g. a server's game
    still in progress), first dealer and its deals (each read by :func:`parse_deal`), the raw
    deal records beside them, and ``commitment`` (the seed's SHA-256 commitment, 64 lower-case
    hex digits; None: not recorded)."""

    rules: Rules
    seed: int | None
    first_dealer: int
    deals: list[DealRecord]
    raw: list[dict[str, Any]]
    commitment: str | None = None


#: the characters of a commitment (64 of them: a SHA-256 digest in lower-case hex)
_HEX = frozenset("0123456789abcdef")


def _parse_commitment(rec: Mapping[str, Any]) -> str | None:
    """The record's ``commitment`` (absent or null: None). Raises RecordError
    ``record.bad_type`` (not a string) or ``record.bad_commitment`` (not 64 lower-case hex
    digits) at ``commitment``."""
    if rec.get("commitment") is None:
        return None
    value: str = get(rec, "commitment", str)
    if len(value) != 64 or not set(value) <= _HEX:
        raise RecordError("a commitment is 64 lower-case hex digits (SHA-256)",
                          where="commitment", code="record.bad_commitment")
    return value


def parse_game(rec: object) -> GameRecord:
    """Read a game record whole, every deal included (a deal's error is placed
    ``deals[i]: …``; a deal whose rules are not the game's is refused). Raises RecordError."""
    rec = _record_of(rec, GAME_FORMAT, "a game record is a JSON object",
                     "record.game_not_object")
    rules = rules_from_record(rec)
    seed = rec.get("seed")
    if seed is not None and type(seed) is not int:
        raise RecordError("the seed is a whole number or null", where="seed",
                          code="record.bad_seed")
    commitment = _parse_commitment(rec)
    first = get(rec, "first_dealer", int)
    if not 0 <= first <= 3:
        raise RecordError("the first dealer is a seat 0..3", where="first_dealer",
                          code="record.bad_first_dealer")
    raw = get(rec, "deals", list)
    deals = []
    for i, drec in enumerate(raw):
        where = f"deals[{i}]"
        if not isinstance(drec, dict):
            raise RecordError("a deal record is a JSON object", where=where,
                              code="record.not_object")
        try:
            deal = parse_deal(drec)
        except RecordError as e:
            raise wrap(e, where) from None
        if deal.rules != rules:
            raise RecordError("a deal's rules differ from the game's", where=where,
                              code="record.rules_differ")
        deals.append(deal)
    return GameRecord(rules, seed, first, deals, raw, commitment)


def ended_without_deal(rec: object) -> bool:
    """Whether ``rec`` is a game record of no deal whose table was ended before its first deal
    ended (``"ended": true`` and ``"deals": []``: a server's table ended by its creator, or
    closed for idleness, lists its finished deals only). Such a record has nothing to referee
    but its seed and commitment to check; a record of no deal without ``ended`` is refused
    (``record.no_deal``)."""
    return (isinstance(rec, dict) and rec.get("format") == GAME_FORMAT
            and rec.get("ended") is True and rec.get("deals") == [])


#: the kinds of a seat a server's record names (``players``): a person, a bot, a seat left open
PLAYER_KINDS = ("human", "bot", "open")
#: the longest name of a player :func:`record_players` keeps (characters; a server's are 40
#: at most)
MAX_PLAYER_NAME = 40


def record_players(rec: object) -> list[tuple[int, str, str]] | None:
    """Who sat where at an online table, from a game record: ``[(seat, name, kind)]`` in seat
    order, from its ``players`` key (``[{"seat": 0..3, "name": str, "kind": "human" | "bot" |
    "open"}]``, a bot named by its level, an open seat by ``""``); ``[]`` for a record of an
    online table without it (one with a ``commitment``: an older server's); None for a record
    of no online table (no ``commitment``, no ``players``), whose seat 0 is the person at
    ``belote play``. Informative only: an entry of another shape is left out, never refused,
    and a name keeps its printable characters only (at most :data:`MAX_PLAYER_NAME`)."""
    if not isinstance(rec, dict):
        return None
    players = rec.get("players")
    if not isinstance(players, list):
        return [] if rec.get("commitment") is not None else None
    found: dict[int, tuple[int, str, str]] = {}
    for p in players:
        if not isinstance(p, dict):
            continue
        seat, name, kind = p.get("seat"), p.get("name"), p.get("kind")
        if type(seat) is int and 0 <= seat <= 3 and isinstance(name, str) \
                and kind in PLAYER_KINDS and seat not in found:
            clean = "".join(c for c in name if c.isprintable()).strip()[:MAX_PLAYER_NAME]
            found[seat] = (seat, clean, str(kind))
    return [found[s] for s in sorted(found)]

