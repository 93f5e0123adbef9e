"""The rules object: every option of the rule texts (docs/sources.md §10), the eight presets,
overrides by name.

>>> r = Rules.preset("coinche", must_underruff=False)
>>> r.annonces, r.must_underruff
(True, False)

A :class:`Rules` is frozen and validated on creation: an unknown option, a bad value or an
impossible combination raises :class:`~belote.engine.errors.RulesError` naming the options.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from typing import Any, Literal

from .errors import RulesError


class DealKind(StrEnum):
    """Option ``deal``: how the cards are dealt."""

    RETOURNE = "retourne"  # 5 cards, a turned card, the rest after the take
    DIRECT = "direct"  # 8 cards at once, then an auction


class Shuffle(StrEnum):
    """Option ``shuffle``: between deals."""

    FULL = "full"  # shuffled then cut (002 §IV.A)
    CUT = "cut"  # the gathered tricks kept in order, only cut (004)


class PassedOutDealer(StrEnum):
    """Option ``passed_out_dealer``: who deals after four passes."""

    SAME = "same"  # 003
    NEXT = "next"  # 004


class Bidding(StrEnum):
    """Option ``bidding``: two rounds on a turned card, or an auction."""

    TWO_ROUNDS = "two_rounds"
    AUCTION = "auction"


class AnnonceTie(StrEnum):
    """Option ``annonce_tie``: equal best annonces of both teams."""

    PLAY_ORDER = "play_order"  # 001: the first in play order wins
    TRUMP_ELSE_CANCEL = "trump_else_cancel"  # 004: a trump one wins, else they cancel


class SequenceOrder(StrEnum):
    """Option ``sequence_order``: how sequences compare."""

    POINTS = "points"  # 001: points, then the top card
    LENGTH = "length"  # 004: length, then the top card


class LitigeTo(StrEnum):
    """Option ``litige_to``: who wins the held points of a litige."""

    NEXT_MADE = "next_made"  # 001
    NEXT_WINNER = "next_winner"  # 000


class LitigeLastDeal(StrEnum):
    """Option ``litige_last_deal``: a litige on the last deal of a game of deals."""

    HELD = "held"
    DEFENCE = "defence"  # 000: the defence scores all


class BeloteOnFailure(StrEnum):
    """Option ``belote_on_failure``: the taker's team's belote when the contract fails."""

    HOLDER = "holder"
    DEFENCE = "defence"
    WINNER_IF_DOUBLED = "winner_if_doubled"  # 001 contrée


class Scoring(StrEnum):
    """Option ``scoring`` (docs/sources.md §7)."""

    CLASSIC = "classic"
    SIMPLIFIEE = "simplifiee"
    CONTREE = "contree"
    COINCHE = "coinche"
    FAITS = "faits"  # 002 §VII.A
    ANNONCES = "annonces"  # 002 §VII.B
    FAITS_ANNONCES = "faits+annonces"  # 002 §VII.C


class GameEnd(StrEnum):
    """Option ``game_end``: a target score or a count of taken deals."""

    TARGET = "target"
    DEALS = "deals"


class DoubleWord(StrEnum):
    """Option ``double_word``: the name of the double (display only)."""

    CONTRE = "contre"
    COINCHE = "coinche"


#: when a contract is made (:attr:`Rules.contract_condition`)
ContractCondition = Literal["beat_defence", "half", "reach", "reach_and_beat"]

#: option name → its value type, for the options with a fixed set of text values
OPTION_ENUMS: dict[str, type[StrEnum]] = {
    "deal": DealKind,
    "shuffle": Shuffle,
    "passed_out_dealer": PassedOutDealer,
    "bidding": Bidding,
    "annonce_tie": AnnonceTie,
    "sequence_order": SequenceOrder,
    "litige_to": LitigeTo,
    "litige_last_deal": LitigeLastDeal,
    "belote_on_failure": BeloteOnFailure,
    "scoring": Scoring,
    "game_end": GameEnd,
    "double_word": DoubleWord,
}
#: the pack sizes (option ``deck``)
DECK_SIZES: tuple[int, ...] = (32, 36)

#: option name → allowed values (for the options with a fixed set of values)
CHOICES: dict[str, tuple[Any, ...]] = {
    "deck": DECK_SIZES, **{name: tuple(e) for name, e in OPTION_ENUMS.items()}}

MAX_BID_LIMIT = 1000  # bids are listed as legal actions: keep the list finite and small
#: the largest value of a whole-number option (points, deals): no real game needs more
MAX_NUMBER = 1_000_000_000
#: the largest Sans Atout ace: four of them and the other cards must fit the solver's 16-bit
#: bounds (65,535 points in all, a capot bonus included); 11 and 19 are the real values
MAX_SA_ACE_POINTS = 1000
CLASSIC_SCORINGS = (Scoring.CLASSIC, Scoring.SIMPLIFIEE)
AUCTION_SCORINGS = (Scoring.CONTREE, Scoring.COINCHE, Scoring.FAITS, Scoring.ANNONCES,
                    Scoring.FAITS_ANNONCES)
FFB_SCORINGS = (Scoring.FAITS, Scoring.ANNONCES, Scoring.FAITS_ANNONCES)
BOOL_OPTIONS = ("capot_bid", "generale_bid", "sa_ta", "ta_scaled", "must_underruff",
                "must_beat_in_suit", "annonces", "rounding", "must_overtrump_partner",
                "round2_any_suit")
NUMBER_OPTIONS = ("min_bid", "max_bid", "bid_step", "sa_ace_points", "target", "deals",
                  "irregularity_penalty", "misdeal_penalty")


@dataclass(frozen=True)
class Rules:
    """Every rule option (docs/sources.md §10). Build it with :meth:`preset`, then :meth:`replace`.

    ``preset_name``: the preset it was built from (``"custom"`` for ``Rules()``); records keep
    it under ``"preset"``. Text options hold a :class:`~enum.StrEnum` member (``Bidding``,
    ``Scoring``…; equal to its text, ``rules.bidding == "auction"``), converted and checked once
    here: ``Rules(bidding="auction", …)`` and ``Rules.preset(name, scoring="coinche")`` take the
    text.

    Options (seed references in docs/sources.md):

    * ``deck`` 32 | 36 cards (36: seed 003, the sixes worth 0 below the 7);
    * ``deal`` ``"retourne"`` (5 cards, a turned card, the rest after the take) | ``"direct"``
      (8 cards, bidding deals); ``packets``: sizes of the packets of the first distribution,
      each 2 or 3 (002 §IV.C): sum 5 for ``retourne``, 8 for ``direct``;
    * ``shuffle`` ``"full"`` (shuffle then cut, 002 §IV.A) | ``"cut"`` (gathered tricks kept in
      order, only cut: 004);
    * ``passed_out_dealer`` ``"same"`` (003) | ``"next"`` (004) after four passes;
    * ``bidding`` ``"two_rounds"`` (take the turned card) | ``"auction"``; ``min_bid``,
      ``max_bid``, ``bid_step`` in points; ``capot_bid``, ``generale_bid``; ``sa_ta``: Sans Atout
      / Tout Atout may be chosen (round 2 or as bid suits); ``sa_ace_points`` (19 in ffb,
      11 in retourne); ``ta_scaled``: TA card points scaled by 162/258 (002 annex);
    * ``must_underruff``: unable to overtrump, a player must still play a lower trump (001);
      ``must_beat_in_suit``: plain suit led, beat the winning card if able unless the partner is
      master (003);
    * ``annonces``; ``annonce_tie`` ``"play_order"`` (001) | ``"trump_else_cancel"`` (004);
      ``sequence_order``: sequences compared by ``"points"`` then top card (001) or by
      ``"length"`` then top card (004: "La suite la plus longue l'emporte");
    * ``must_overtrump_partner``: trump led, overtrump even the partner who is master (001,
      002 §VI.3, 004 §1a); false in ``simplifiee`` (003: "on n'est pas obligé de monter sur son
      partenaire");
    * ``round2_any_suit``: in round 2 the turned suit may be named too (000: "la couleur
      d'atout de son choix"); false: one of the three other suits (001);
    * ``scoring``: ``classic`` | ``simplifiee`` | ``contree`` | ``coinche`` | ``faits`` |
      ``annonces`` | ``faits+annonces`` (the last three: 002 §VII A, B, C). It fixes when a
      contract is made (see :attr:`contract_condition`);
    * ``litige_to`` ``"next_made"`` (001) | ``"next_winner"`` (000); ``litige_last_deal``
      ``"defence"`` (000: on the 12th deal the defence scores all) | ``"held"``;
    * ``belote_on_failure`` ``"holder"`` | ``"defence"`` | ``"winner_if_doubled"`` (001 contrée);
    * ``rounding``: each team's deal score rounded to the ten (001, 002 §VII.A.1);
    * ``game_end`` ``"target"`` (``target`` points) | ``"deals"`` (``deals`` taken deals);
    * ``double_word`` ``"contre"`` | ``"coinche"`` (names of the double: display only);
    * ``misdeal_penalty``: 002 §VIII.A: a misdeal is dealt again by the same dealer; at the
      second in a row the dealer's team may not take on that deal; at the third this many points
      go to the other team. 0: a misdeal is simply dealt again, no penalty (004);
    * ``irregularity_penalty``: points given to the other team for an irregular play found at
      the end of the deal (002 §VIII.B: 160); 0 = none.
    """

    preset_name: str = "custom"
    deck: Literal[32, 36] = 32
    deal: DealKind = DealKind.RETOURNE
    packets: tuple[int, ...] = (3, 2)
    shuffle: Shuffle = Shuffle.FULL
    passed_out_dealer: PassedOutDealer = PassedOutDealer.NEXT
    bidding: Bidding = Bidding.TWO_ROUNDS
    min_bid: int = 80
    max_bid: int = 160
    bid_step: int = 10
    capot_bid: bool = False
    generale_bid: bool = False
    sa_ta: bool = False
    sa_ace_points: int = 19
    ta_scaled: bool = False
    must_underruff: bool = False
    must_beat_in_suit: bool = False
    annonces: bool = False
    annonce_tie: AnnonceTie = AnnonceTie.PLAY_ORDER
    sequence_order: SequenceOrder = SequenceOrder.POINTS
    must_overtrump_partner: bool = True
    round2_any_suit: bool = False
    scoring: Scoring = Scoring.CLASSIC
    litige_to: LitigeTo = LitigeTo.NEXT_MADE
    litige_last_deal: LitigeLastDeal = LitigeLastDeal.HELD
    belote_on_failure: BeloteOnFailure = BeloteOnFailure.HOLDER
    rounding: bool = False
    game_end: GameEnd = GameEnd.TARGET
    target: int = 1000
    deals: int = 12
    double_word: DoubleWord = DoubleWord.CONTRE
    misdeal_penalty: int = 0
    irregularity_penalty: int = 0

    def __post_init__(self) -> None:
        self._check_values()
        self._check_combinations()

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        """The preset ``name`` (one of :data:`PRESET_NAMES`) with options overridden by name
        (text values such as ``scoring="coinche"`` are accepted and checked).

        Raises :class:`RulesError` for an unknown preset (``rules.unknown_preset``) or option,
        or a bad value or combination."""
        try:
            base = PRESETS[name]
        except (KeyError, TypeError):
            raise RulesError(
                f"unknown preset {name!r}: expected one of {', '.join(PRESET_NAMES)}",
                code="rules.unknown_preset",
                params={"name": repr(name), "known": ", ".join(PRESET_NAMES)}) from None
        return base.replace(**overrides) if overrides else base

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some options changed (validated). Raises :class:`RulesError`
        (``rules.preset_not_option``, ``rules.unknown_option``, or a bad value)."""
        names = set(OPTION_NAMES)
        for k in overrides:
            if k in ("preset", "preset_name"):
                raise RulesError("'preset' is not an option: start from another preset instead",
                                 code="rules.preset_not_option")
            if k not in names:
                raise _unknown_option(k)
        if isinstance(overrides.get("packets"), list):
            overrides["packets"] = tuple(overrides["packets"])
        return dataclasses.replace(self, **overrides)

    def overrides(self) -> dict[str, Any]:
        """The options that differ from this rules object's preset (for records), as JSON
        values (text, numbers, booleans, lists)."""
        base = PRESETS.get(self.preset_name) or Rules()
        out = {}
        for name in OPTION_NAMES:
            v = getattr(self, name)
            if v != getattr(base, name):
                out[name] = _json_value(v)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON values, the preset's name under ``"preset"``."""
        return {"preset": self.preset_name,
                **{name: _json_value(getattr(self, name)) for name in OPTION_NAMES}}

    @classmethod
    def parse_value(cls, name: str, text: str) -> Any:
        """Convert the text of an option value (``"true"``, ``"3-2"``, ``"1500"``) to its type.

        Raises :class:`RulesError` for an unknown option or a value of the wrong type."""
        if name not in OPTION_NAMES:
            raise _unknown_option(name)
        text = str(text).strip()
        if name in BOOL_OPTIONS:
            low = text.lower()
            if low in ("1", "true", "yes", "on", "oui"):
                return True
            if low in ("0", "false", "no", "off", "non"):
                return False
            raise RulesError(f"option {name}: expected true or false, got {text!r}",
                             code="rules.expected_bool",
                             params={"name": name, "value": repr(text)})
        if name in NUMBER_OPTIONS or name == "deck":
            try:
                return int(text)
            except ValueError:
                raise RulesError(f"option {name}: expected a whole number, got {text!r}",
                                 code="rules.expected_number",
                                 params={"name": name, "value": repr(text)}) from None
        if name == "packets":
            try:
                return tuple(int(x) for x in text.replace(",", "-").split("-"))
            except ValueError:
                raise RulesError(f"option packets: expected sizes like 3-2 or 3-3-2, got {text!r}",
                                 code="rules.expected_packets",
                                 params={"value": repr(text)}) from None
        return text

    # -- derived --------------------------------------------------------------------------
    @property
    def hand_size(self) -> int:
        """Cards per player at the start of card play: 8, or 9 with 36 cards."""
        return self.deck // 4

    @property
    def contract_condition(self) -> ContractCondition:
        """When the contract is made, from ``scoring`` (docs/sources.md §10 "made when"):
        ``"beat_defence"`` (> defence: 000, 001), ``"half"`` (≥ 81: 003), ``"reach"`` (≥ C: 001
        contrée, 002 §VII), ``"reach_and_beat"`` (≥ C and > defence: 001 coinche)."""
        conditions: dict[Scoring, ContractCondition] = {
            Scoring.CLASSIC: "beat_defence", Scoring.SIMPLIFIEE: "half",
            Scoring.CONTREE: "reach", Scoring.COINCHE: "reach_and_beat"}
        return conditions.get(self.scoring, "reach")

    # -- validation -----------------------------------------------------------------------
    def _check_values(self) -> None:
        """Each option's value on its own; text values become their :class:`StrEnum`."""
        if not isinstance(self.preset_name, str):
            raise RulesError(f"preset: expected a name, got {self.preset_name!r}",
                             code="rules.bad_preset_name",
                             params={"value": repr(self.preset_name)})
        if type(self.deck) is not int or self.deck not in DECK_SIZES:
            raise _bad_choice("deck", self.deck, DECK_SIZES)
        for name, kind in OPTION_ENUMS.items():
            v = getattr(self, name)
            if not isinstance(v, str) or v not in kind._value2member_map_:
                raise _bad_choice(name, v, tuple(kind))
            object.__setattr__(self, name, kind(v))
        for name in BOOL_OPTIONS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"option {name}: expected true or false, "
                                 f"got {getattr(self, name)!r}", code="rules.expected_bool",
                                 params={"name": name, "value": repr(getattr(self, name))})
        for name in NUMBER_OPTIONS:
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise RulesError(f"option {name}: expected a whole number ≥ 0, got {v!r}",
                                 code="rules.expected_count",
                                 params={"name": name, "value": repr(v)})
            most = MAX_SA_ACE_POINTS if name == "sa_ace_points" else MAX_NUMBER
            if v > most:
                raise RulesError(f"option {name}: at most {most}, got {v!r}",
                                 code="rules.too_big",
                                 params={"name": name, "most": most, "value": repr(v)})
        if not isinstance(self.packets, tuple) or not self.packets or not all(
                isinstance(p, int) and not isinstance(p, bool) for p in self.packets):
            given = list(self.packets) if isinstance(self.packets, tuple) else self.packets
            shown = json.dumps(given, ensure_ascii=False, default=repr)
            raise RulesError(f"option packets: a list of packet sizes such as [3, 3, 2] "
                             f"expected, not {shown}", code="rules.packets_not_sizes",
                             params={"value": shown})
        if not all(p in (2, 3) for p in self.packets):
            raise RulesError(f"option packets: {self.packets!r}: packets are of 2 or 3 cards, "
                             "never 1 or 4 at a time (002 §IV.C)", code="rules.bad_packets",
                             params={"value": repr(self.packets), "cite": "002 §IV.C"})

    def _check_combinations(self) -> None:
        """The options that go together (each raises ``rules.<what>`` naming the options)."""
        if self.deck == 36 and (self.deal != DealKind.RETOURNE
                                or self.bidding != Bidding.TWO_ROUNDS):
            raise RulesError("options deck and bidding: the 36-card game (003) is dealt with a "
                             "turned card and two bidding rounds", code="rules.deck36_dealing",
                             params={"cite": "003"})
        need = 5 if self.deal == DealKind.RETOURNE else self.hand_size
        if sum(self.packets) != need:
            packets = "-".join(map(str, self.packets))
            raise RulesError(f"options packets and deal: packets {packets} "
                             f"give {sum(self.packets)} cards, a {self.deal} deal gives {need} "
                             "first", code="rules.packets_sum",
                             params={"packets": packets, "given": sum(self.packets),
                                     "deal": str(self.deal), "need": need})
        if (self.bidding == Bidding.AUCTION) != (self.deal == DealKind.DIRECT):
            raise RulesError("options bidding and deal: an auction is played on 8 cards dealt at "
                             "once (deal=direct); two rounds need a turned card (deal=retourne)",
                             code="rules.bidding_deal")
        self._check_scoring()
        if self.max_bid > MAX_BID_LIMIT:
            raise RulesError(f"option max_bid: at most {MAX_BID_LIMIT} (001 goes to 360)",
                             code="rules.max_bid_limit",
                             params={"most": MAX_BID_LIMIT, "cite": "001"})
        if self.bidding == Bidding.AUCTION:
            if self.bid_step <= 0 or self.min_bid <= 0 or self.min_bid > self.max_bid:
                raise RulesError("options min_bid, max_bid, bid_step: need 0 < min_bid ≤ max_bid "
                                 "and bid_step > 0", code="rules.bid_range")
            if (self.max_bid - self.min_bid) % self.bid_step:
                raise RulesError("options min_bid, max_bid, bid_step: max_bid - min_bid must be a "
                                 "multiple of bid_step", code="rules.bid_step")
        if self.game_end == GameEnd.TARGET and self.target <= 0:
            raise RulesError("options game_end and target: a target game needs target > 0",
                             code="rules.target_positive")
        if self.game_end == GameEnd.DEALS and self.deals <= 0:
            raise RulesError("options game_end and deals: a game of deals needs deals > 0",
                             code="rules.deals_positive")
        if self.belote_on_failure == BeloteOnFailure.WINNER_IF_DOUBLED \
                and self.bidding != Bidding.AUCTION:
            raise RulesError("options belote_on_failure and bidding: winner_if_doubled (001 "
                             "contrée) needs an auction", code="rules.winner_if_doubled",
                             params={"cite": "001"})

    def _check_scoring(self) -> None:
        """The scoring, the contract bids and the rounding against the kind of bidding."""
        scoring = str(self.scoring)
        if self.bidding == Bidding.TWO_ROUNDS and self.scoring not in CLASSIC_SCORINGS:
            raise RulesError(f"options scoring and bidding: scoring {scoring!r} needs a "
                             "contract value, so bidding=auction",
                             code="rules.scoring_needs_auction", params={"scoring": scoring})
        if self.bidding == Bidding.AUCTION and self.scoring not in AUCTION_SCORINGS:
            raise RulesError(f"options scoring and bidding: scoring {scoring!r} is for "
                             "two-round deals; an auction uses contree, coinche, faits, annonces "
                             "or faits+annonces", code="rules.scoring_two_rounds",
                             params={"scoring": scoring})
        if (self.capot_bid or self.generale_bid) and self.bidding != Bidding.AUCTION:
            raise RulesError("options capot_bid/generale_bid and bidding: capot and générale are "
                             "auction bids", code="rules.capot_needs_auction")
        if self.rounding and self.scoring in CLASSIC_SCORINGS:
            raise RulesError(f"options rounding and scoring: rounding to the ten is for contract "
                             f"scorings (001 contrée, 002 §VII.A.1); scoring {scoring!r} "
                             "marks the card points as they are", code="rules.rounding_scoring",
                             params={"scoring": scoring, "cite": "001, 002 §VII.A.1"})


def _json_value(value: Any) -> Any:
    """An option's value as JSON carries it (a tuple as a list, a StrEnum as its text)."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Enum):
        return value.value
    return value


def _unknown_option(name: object) -> RulesError:
    return RulesError(f"unknown option {name!r}; known options: {', '.join(OPTION_NAMES)}",
                      code="rules.unknown_option",
                      params={"name": repr(name), "known": ", ".join(OPTION_NAMES)})


def _bad_choice(name: str, value: object, allowed: tuple[Any, ...]) -> RulesError:
    shown = ", ".join(str(a) for a in allowed)
    return RulesError(f"option {name}: {value!r} is not one of {shown}", code="rules.bad_choice",
                      params={"name": name, "value": repr(value), "allowed": shown})


OPTION_NAMES = tuple(f.name for f in fields(Rules) if f.name != "preset_name")

_classique = Rules(
    preset_name="classique", deck=32, deal=DealKind.RETOURNE, packets=(3, 2),
    shuffle=Shuffle.FULL, passed_out_dealer=PassedOutDealer.NEXT, bidding=Bidding.TWO_ROUNDS,
    must_underruff=True, annonces=False, scoring=Scoring.CLASSIC, litige_to=LitigeTo.NEXT_MADE,
    belote_on_failure=BeloteOnFailure.HOLDER, game_end=GameEnd.TARGET, target=1000)

#: The eight presets of docs/sources.md §10, values fixed by the digest.
PRESETS: dict[str, Rules] = {
    # 000: concours — 12 taken deals, belote to the defence on a failure, litige → winner of
    # the next deal, 12th-deal litige to the defence, same dealer after all pass.
    "concours": dataclasses.replace(
        _classique, preset_name="concours", passed_out_dealer=PassedOutDealer.SAME,
        must_underruff=False, belote_on_failure=BeloteOnFailure.DEFENCE,
        litige_to=LitigeTo.NEXT_WINNER, litige_last_deal=LitigeLastDeal.DEFENCE,
        round2_any_suit=True, game_end=GameEnd.DEALS, deals=12),
    "classique": _classique,
    "annonces": dataclasses.replace(_classique, preset_name="annonces", annonces=True,
                                    annonce_tie=AnnonceTie.PLAY_ORDER),
    "contree": Rules(
        preset_name="contree", deal=DealKind.DIRECT, packets=(3, 3, 2),
        bidding=Bidding.AUCTION, min_bid=80, max_bid=360, capot_bid=True, generale_bid=True,
        must_underruff=True, scoring=Scoring.CONTREE,
        belote_on_failure=BeloteOnFailure.WINNER_IF_DOUBLED, rounding=True,
        game_end=GameEnd.TARGET, target=2000),
    "coinche": Rules(
        preset_name="coinche", deal=DealKind.DIRECT, packets=(3, 3, 2),
        bidding=Bidding.AUCTION, min_bid=80, max_bid=360, capot_bid=True, generale_bid=True,
        must_underruff=True, annonces=True, annonce_tie=AnnonceTie.PLAY_ORDER,
        scoring=Scoring.COINCHE, belote_on_failure=BeloteOnFailure.HOLDER, rounding=True,
        game_end=GameEnd.TARGET, target=2000, double_word=DoubleWord.COINCHE),
    "ffb": Rules(
        preset_name="ffb", deal=DealKind.DIRECT, packets=(3, 3, 2), bidding=Bidding.AUCTION,
        min_bid=80, max_bid=160, capot_bid=True, generale_bid=False, sa_ta=False,
        sa_ace_points=19, ta_scaled=True, must_underruff=False, scoring=Scoring.FAITS,
        belote_on_failure=BeloteOnFailure.DEFENCE, rounding=True, game_end=GameEnd.TARGET,
        target=2000, irregularity_penalty=160, misdeal_penalty=160),
    "simplifiee": Rules(
        preset_name="simplifiee", deck=36, deal=DealKind.RETOURNE, packets=(3, 2),
        passed_out_dealer=PassedOutDealer.SAME, bidding=Bidding.TWO_ROUNDS, must_underruff=False,
        must_beat_in_suit=True, must_overtrump_partner=False, scoring=Scoring.SIMPLIFIEE,
        belote_on_failure=BeloteOnFailure.HOLDER, game_end=GameEnd.DEALS, deals=12),
    "retourne": dataclasses.replace(
        _classique, preset_name="retourne", shuffle=Shuffle.CUT,
        passed_out_dealer=PassedOutDealer.NEXT, sa_ta=True, sa_ace_points=11, ta_scaled=False,
        must_underruff=False, annonces=True, annonce_tie=AnnonceTie.TRUMP_ELSE_CANCEL,
        sequence_order=SequenceOrder.LENGTH, belote_on_failure=BeloteOnFailure.HOLDER),
}
PRESET_NAMES = tuple(PRESETS)

