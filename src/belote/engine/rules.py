"""The rules object: every option of ``RULES.md``, the eight presets, overrides by name.

>>> r = Rules.preset("coinche", must_underruff=False)
>>> r.annonces, r.must_underruff
(True, False)

A :class:`Rules` is frozen and validated on creation: an unknown option, a bad value or an
impossible combination raises :class:`~belote.engine.errors.RulesError` naming the options.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any

from .errors import RulesError

#: option name → allowed values (for the str/enum-like options)
CHOICES: dict[str, tuple[Any, ...]] = {
    "deck": (32, 36),
    "deal": ("retourne", "direct"),
    "shuffle": ("full", "cut"),
    "passed_out_dealer": ("same", "next"),
    "bidding": ("two_rounds", "auction"),
    "annonce_tie": ("play_order", "trump_else_cancel"),
    "sequence_order": ("points", "length"),
    "litige_to": ("next_made", "next_winner"),
    "litige_last_deal": ("held", "defence"),
    "belote_on_failure": ("holder", "defence", "winner_if_doubled"),
    "scoring": ("classic", "simplifiee", "contree", "coinche", "faits", "annonces",
                "faits+annonces"),
    "game_end": ("target", "deals"),
    "double_word": ("contre", "coinche"),
}

MAX_BID_LIMIT = 1000  # bids are listed as legal actions: keep the list finite and small
#: the largest value of a whole-number option (points, deals): no real game needs more
MAX_NUMBER = 1_000_000_000
#: the largest Sans Atout ace: four of them and the other cards must fit the solver's 16-bit
#: bounds (65,535 points in all, a capot bonus included); 11 and 19 are the real values
MAX_SA_ACE_POINTS = 1000
CLASSIC_SCORINGS = ("classic", "simplifiee")
AUCTION_SCORINGS = ("contree", "coinche", "faits", "annonces", "faits+annonces")
FFB_SCORINGS = ("faits", "annonces", "faits+annonces")


@dataclass(frozen=True)
class Rules:
    """Every rule option (RULES.md §10). Build it with :meth:`preset`, then :meth:`replace`.

    Options (seed references in RULES.md):

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

    preset: str = "custom"
    deck: int = 32
    deal: str = "retourne"
    packets: tuple[int, ...] = (3, 2)
    shuffle: str = "full"
    passed_out_dealer: str = "next"
    bidding: str = "two_rounds"
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
    annonce_tie: str = "play_order"
    sequence_order: str = "points"
    must_overtrump_partner: bool = True
    round2_any_suit: bool = False
    scoring: str = "classic"
    litige_to: str = "next_made"
    litige_last_deal: str = "held"
    belote_on_failure: str = "holder"
    rounding: bool = False
    game_end: str = "target"
    target: int = 1000
    deals: int = 12
    double_word: str = "contre"
    misdeal_penalty: int = 0
    irregularity_penalty: int = 0

    def __post_init__(self) -> None:
        self._validate()

    # -- construction (see also :func:`Rules.preset`, defined below the class) ------------
    def replace(self, **overrides: Any) -> Rules:
        """A copy with some options changed (validated). Raises :class:`RulesError`."""
        names = {f.name for f in fields(self)}
        for k in overrides:
            if k == "preset":
                raise RulesError("'preset' is not an option: start from another preset instead")
            if k not in names:
                raise RulesError(f"unknown option {k!r}; known options: {', '.join(OPTION_NAMES)}")
        if isinstance(overrides.get("packets"), list):
            overrides["packets"] = tuple(overrides["packets"])
        return dataclasses.replace(self, **overrides)

    def overrides(self) -> dict[str, Any]:
        """The options that differ from this rules object's preset (for records)."""
        if self.preset not in PRESETS:
            base = Rules()
        else:
            base = PRESETS[self.preset]
        out = {}
        for f in fields(self):
            if f.name == "preset":
                continue
            v = getattr(self, f.name)
            if v != getattr(base, f.name):
                out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def to_dict(self) -> dict[str, Any]:
        return {f.name: (list(getattr(self, f.name)) if f.name == "packets"
                         else getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def parse_value(cls, name: str, text: str) -> Any:
        """Convert the text of an option value (``"true"``, ``"3-2"``, ``"1500"``) to its type.

        Raises :class:`RulesError` for an unknown option or a value of the wrong type."""
        ftypes = {f.name: f.type for f in fields(cls)}
        if name not in ftypes:
            raise RulesError(f"unknown option {name!r}; known options: {', '.join(OPTION_NAMES)}")
        t = ftypes[name]
        text = str(text).strip()
        if t in ("bool", bool):
            low = text.lower()
            if low in ("1", "true", "yes", "on", "oui"):
                return True
            if low in ("0", "false", "no", "off", "non"):
                return False
            raise RulesError(f"option {name}: expected true or false, got {text!r}")
        if t in ("int", int):
            try:
                return int(text)
            except ValueError:
                raise RulesError(f"option {name}: expected a whole number, got {text!r}") from None
        if name == "packets":
            try:
                return tuple(int(x) for x in text.replace(",", "-").split("-"))
            except ValueError:
                raise RulesError(f"option packets: expected sizes like 3-2 or 3-3-2, got {text!r}"
                                 ) from None
        return text

    # -- derived --------------------------------------------------------------------------
    @property
    def hand_size(self) -> int:
        """Cards per player at the start of card play: 8, or 9 with 36 cards."""
        return self.deck // 4

    @property
    def contract_condition(self) -> str:
        """When the contract is made, from ``scoring`` (RULES.md §10 "made when"):
        ``"beat_defence"`` (> defence: 000, 001), ``"half"`` (≥ 81: 003), ``"reach"`` (≥ C: 001
        contrée, 002 §VII), ``"reach_and_beat"`` (≥ C and > defence: 001 coinche)."""
        return {"classic": "beat_defence", "simplifiee": "half", "contree": "reach",
                "coinche": "reach_and_beat"}.get(self.scoring, "reach")

    # -- validation -----------------------------------------------------------------------
    def _validate(self) -> None:
        if not isinstance(self.preset, str):
            raise RulesError(f"preset: expected a name, got {self.preset!r}")
        for name, allowed in CHOICES.items():
            v = getattr(self, name)
            if type(v) is not type(allowed[0]) or v not in allowed:
                raise RulesError(f"option {name}: {v!r} is not one of "
                                 f"{', '.join(str(a) for a in allowed)}")
        for name in ("capot_bid", "generale_bid", "sa_ta", "ta_scaled", "must_underruff",
                     "must_beat_in_suit", "annonces", "rounding", "must_overtrump_partner",
                     "round2_any_suit"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"option {name}: expected true or false, "
                                 f"got {getattr(self, name)!r}")
        for name in ("min_bid", "max_bid", "bid_step", "sa_ace_points", "target", "deals",
                     "irregularity_penalty", "misdeal_penalty"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise RulesError(f"option {name}: expected a whole number ≥ 0, got {v!r}")
            most = MAX_SA_ACE_POINTS if name == "sa_ace_points" else MAX_NUMBER
            if v > most:
                raise RulesError(f"option {name}: at most {most}, got {v!r}")
        if not isinstance(self.packets, tuple) or not all(
                isinstance(p, int) and p in (2, 3) for p in self.packets):
            raise RulesError(f"option packets: {self.packets!r}: packets are of 2 or 3 cards, "
                             "never 1 or 4 at a time (002 §IV.C)")
        if self.deck == 36 and (self.deal != "retourne" or self.bidding != "two_rounds"):
            raise RulesError("options deck and bidding: the 36-card game (003) is dealt with a "
                             "turned card and two bidding rounds")
        need = 5 if self.deal == "retourne" else self.hand_size
        if sum(self.packets) != need:
            raise RulesError(f"options packets and deal: packets {'-'.join(map(str, self.packets))} "
                             f"give {sum(self.packets)} cards, a {self.deal} deal gives {need} first")
        if (self.bidding == "auction") != (self.deal == "direct"):
            raise RulesError("options bidding and deal: an auction is played on 8 cards dealt at "
                             "once (deal=direct); two rounds need a turned card (deal=retourne)")
        if self.bidding == "two_rounds" and self.scoring not in CLASSIC_SCORINGS:
            raise RulesError(f"options scoring and bidding: scoring {self.scoring!r} needs a "
                             "contract value, so bidding=auction")
        if self.bidding == "auction" and self.scoring not in AUCTION_SCORINGS:
            raise RulesError(f"options scoring and bidding: scoring {self.scoring!r} is for "
                             "two-round deals; an auction uses contree, coinche, faits, annonces "
                             "or faits+annonces")
        if (self.capot_bid or self.generale_bid) and self.bidding != "auction":
            raise RulesError("options capot_bid/generale_bid and bidding: capot and générale are "
                             "auction bids")
        if self.rounding and self.scoring in CLASSIC_SCORINGS:
            raise RulesError(f"options rounding and scoring: rounding to the ten is for contract "
                             f"scorings (001 contrée, 002 §VII.A.1); scoring {self.scoring!r} "
                             "marks the card points as they are")
        if self.max_bid > MAX_BID_LIMIT:
            raise RulesError(f"option max_bid: at most {MAX_BID_LIMIT} (001 goes to 360)")
        if self.bidding == "auction":
            if self.bid_step <= 0 or self.min_bid <= 0 or self.min_bid > self.max_bid:
                raise RulesError("options min_bid, max_bid, bid_step: need 0 < min_bid ≤ max_bid "
                                 "and bid_step > 0")
            if (self.max_bid - self.min_bid) % self.bid_step:
                raise RulesError("options min_bid, max_bid, bid_step: max_bid - min_bid must be a "
                                 "multiple of bid_step")
        if self.game_end == "target" and self.target <= 0:
            raise RulesError("options game_end and target: a target game needs target > 0")
        if self.game_end == "deals" and self.deals <= 0:
            raise RulesError("options game_end and deals: a game of deals needs deals > 0")
        if self.belote_on_failure == "winner_if_doubled" and self.bidding != "auction":
            raise RulesError("options belote_on_failure and bidding: winner_if_doubled (001 "
                             "contrée) needs an auction")



def _preset(cls: type[Rules], name: str, **overrides: Any) -> Rules:
    """The preset ``name`` (one of :data:`PRESET_NAMES`) with options overridden by name.

    Raises :class:`RulesError` for an unknown preset or option, or a bad combination."""
    try:
        base = PRESETS[name]
    except (KeyError, TypeError):
        raise RulesError(
            f"unknown preset {name!r}: expected one of {', '.join(PRESET_NAMES)}") from None
    return base.replace(**overrides) if overrides else base


# Set after the dataclass is built so that the field ``preset`` keeps its default "custom".
Rules.preset = classmethod(_preset)  # type: ignore[assignment,method-assign]

OPTION_NAMES = tuple(f.name for f in fields(Rules) if f.name != "preset")

_classique = Rules(
    preset="classique", deck=32, deal="retourne", packets=(3, 2), shuffle="full",
    passed_out_dealer="next", bidding="two_rounds", must_underruff=True, annonces=False,
    scoring="classic", litige_to="next_made", belote_on_failure="holder", game_end="target",
    target=1000)

#: The eight presets of RULES.md §10, values fixed by the digest.
PRESETS: dict[str, Rules] = {
    # 000: concours — 12 taken deals, belote to the defence on a failure, litige → winner of
    # the next deal, 12th-deal litige to the defence, same dealer after all pass.
    "concours": dataclasses.replace(
        _classique, preset="concours", passed_out_dealer="same", must_underruff=False,
        belote_on_failure="defence", litige_to="next_winner", litige_last_deal="defence",
        round2_any_suit=True, game_end="deals", deals=12),
    "classique": _classique,
    "annonces": dataclasses.replace(_classique, preset="annonces", annonces=True,
                                    annonce_tie="play_order"),
    "contree": Rules(
        preset="contree", deal="direct", packets=(3, 3, 2), bidding="auction", min_bid=80,
        max_bid=360, capot_bid=True, generale_bid=True, must_underruff=True, scoring="contree",
        belote_on_failure="winner_if_doubled", rounding=True, game_end="target", target=2000),
    "coinche": Rules(
        preset="coinche", deal="direct", packets=(3, 3, 2), bidding="auction", min_bid=80,
        max_bid=360, capot_bid=True, generale_bid=True, must_underruff=True, annonces=True,
        annonce_tie="play_order", scoring="coinche", belote_on_failure="holder", rounding=True,
        game_end="target", target=2000, double_word="coinche"),
    "ffb": Rules(
        preset="ffb", deal="direct", packets=(3, 3, 2), bidding="auction", min_bid=80,
        max_bid=160, capot_bid=True, generale_bid=False, sa_ta=False, sa_ace_points=19,
        ta_scaled=True, must_underruff=False, scoring="faits", belote_on_failure="defence",
        rounding=True, game_end="target", target=2000, irregularity_penalty=160,
        misdeal_penalty=160),
    "simplifiee": Rules(
        preset="simplifiee", deck=36, deal="retourne", packets=(3, 2),
        passed_out_dealer="same", bidding="two_rounds", must_underruff=False,
        must_beat_in_suit=True, must_overtrump_partner=False, scoring="simplifiee",
        belote_on_failure="holder",
        game_end="deals", deals=12),
    "retourne": dataclasses.replace(
        _classique, preset="retourne", shuffle="cut", passed_out_dealer="next", sa_ta=True, sa_ace_points=11,
        ta_scaled=False, must_underruff=False, annonces=True, annonce_tie="trump_else_cancel",
        sequence_order="length",
        belote_on_failure="holder"),
}
PRESET_NAMES = tuple(PRESETS)

