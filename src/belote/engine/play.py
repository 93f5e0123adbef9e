"""Which cards may be played (docs/sources.md §4): one function, used by the deal, the CLI
and search, under the obligations of a :class:`PlayRules`; and what the cards played prove a
seat lacks (:func:`inferences`), for the bots.

The leader plays any card. Then, in this priority (000, 001, 002 §VI, 004 §1–2):

1. **Follow suit** if able. Trump led (every suit in TA): play a trump higher than the card
   winning the trick if able, even over the partner (001, 002 §VI.3, 004 §1a, 002 annex), else
   any card of the suit. Plain suit led: any card of the suit, except with
   ``must_beat_in_suit`` (003): beat the winning card if able unless the partner is master.
2. **Cannot follow**: the partner is master → free (002 §VI.2, 004 §2b). Otherwise trump if
   holding one; over an opponent's trump, overtrump if able (002 §VI.4); unable to overtrump,
   ``must_underruff`` (001) forces a lower trump, else free (002 §VI.5, 004). Trump led and
   no trump: free (004 §2a). SA and TA: no ruffing, free (002 annex).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import (
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    Trump,
    TrumpTables,
    card_str,
)
from .errors import CardError, Param, RulesError
from .rules import Rules

# Rule keys and their English words, spoken to the player (``str()`` of a refused card; the
# catalog's ``illegal.<rule>`` words them for a player, in French or English).
_TOLD = {
    "not_held": "you do not hold {card}",
    "follow_suit": "you must follow suit: {suit} was led",
    "must_overtrump": "you must play a higher trump: trump was led and you can beat the {win}",
    "must_beat": "you must beat the winning card ({win}) when you can",
    "must_ruff": "you must trump: you cannot follow and an opponent is winning the trick",
    "must_overruff": "you must overtrump: an opponent has ruffed with the {win}",
    "must_underruff": ("you must play a trump, even a lower one: you cannot follow and cannot "
                       "overtrump the {win} (001)"),
    "belote_card": "you said belote: play the king or queen of trump now",
}


# The same rules as a referee's report says them of a seat, in the third person and the past
# (a report's English ``message``; the catalog's ``irregular.<rule>``): "had to follow suit:
# Clubs was led".
_REPORTED = {
    "not_held": "does not hold {card}",
    "follow_suit": "had to follow suit: {suit} was led",
    "must_overtrump": "had to play a higher trump: trump was led and the {win} could be beaten",
    "must_beat": "had to beat the winning card ({win})",
    "must_ruff": "had to trump: no card of the suit led, and an opponent was winning the trick",
    "must_overruff": "had to overtrump: an opponent had ruffed with the {win}",
    "must_underruff": ("had to play a trump, even a lower one: could neither follow nor "
                       "overtrump the {win} (001)"),
    "belote_card": "had said belote: had to play the king or queen of trump",
}

#: the English names of the suits in a rule's words ("Clubs was led")
_SUIT_WORDS = ("Spades", "Hearts", "Diamonds", "Clubs")

#: the rule texts a card-play rule cites (the param ``cite`` of its error)
_CITES = {"must_underruff": "001"}

#: every card-play rule key (:func:`refusal`'s, and ``belote_card``)
CARD_RULES: tuple[str, ...] = tuple(_TOLD)


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The card-play obligations of a preset, taken once from its :class:`Rules`
    (:meth:`of`): what :func:`legal_cards`, the solver's kernel and :func:`inferences` read.

    * ``must_underruff``: unable to overtrump an opponent's trump, still play a lower trump
      (001; free in 002 §VI.5, 004);
    * ``must_beat_in_suit``: plain suit led, beat the winning card if able unless the partner
      is master (003);
    * ``must_overtrump_partner``: trump led, go over the partner's winning trump too (001,
      002 §VI.3, 004 §1a); false in 003 ("on n'est pas obligé de monter sur son
      partenaire")."""

    must_underruff: bool = False
    must_beat_in_suit: bool = False
    must_overtrump_partner: bool = True

    @classmethod
    def of(cls, rules: Rules) -> PlayRules:
        """The play obligations of ``rules``."""
        return cls(rules.must_underruff, rules.must_beat_in_suit, rules.must_overtrump_partner)

    def flags(self) -> tuple[bool, bool, bool]:
        """``(must_underruff, must_beat_in_suit, must_overtrump_partner)``, the order of the
        solver kernel's arguments (:func:`belote.solver.kernel.search`)."""
        return (self.must_underruff, self.must_beat_in_suit, self.must_overtrump_partner)


def check_position(rules: Rules, trump: Trump, hand: list[int],
                   trick: list[int] | tuple[int, ...]) -> None:
    """Check a card-play position given from outside (``belote legal``): ``hand`` the cards of
    the player to move, ``trick`` the cards on the table, leader first (card ids, each list
    without repeats, as :func:`~belote.engine.cards.parse_cards` gives them), under the
    contract kind ``trump`` of ``rules``.

    Raises :class:`CardError`: ``position.empty_hand``; ``position.hand_too_big`` (more than
    ``rules.hand_size`` cards); ``position.trick_too_big`` (4 cards or more);
    ``position.card_in_both`` (a card in the hand and on the trick); ``position.no_sixes`` (a
    six in a 32-card game, seed 003 has them); :class:`RulesError` ``position.no_sa_ta``
    (Sans Atout / Tout Atout without ``rules.sa_ta``)."""
    if not hand:
        raise CardError("the hand is empty", code="position.empty_hand")
    if len(hand) > rules.hand_size:
        raise CardError(f"a hand holds at most {rules.hand_size} cards in this game, "
                        f"got {len(hand)}", code="position.hand_too_big",
                        params={"most": rules.hand_size, "got": len(hand)})
    if len(trick) > 3:
        raise CardError(f"a trick in progress holds at most 3 cards, got {len(trick)}",
                        code="position.trick_too_big", params={"got": len(trick)})
    both = set(hand) & set(trick)
    if both:
        card = card_str(min(both))
        raise CardError(f"{card} is both in the hand and on the trick",
                        code="position.card_in_both", params={"card": card})
    sixes = [c for c in [*hand, *trick] if c >= 32] if rules.deck == 32 else []
    if sixes:
        card = card_str(sixes[0])
        raise CardError(f"{card}: a 32-card game has no sixes (use --preset simplifiee)",
                        code="position.no_sixes", params={"card": card})
    if trump in (Trump.SA, Trump.TA) and not rules.sa_ta:
        raise RulesError(f"preset {rules.preset_name} does not play Sans Atout / Tout Atout "
                         "(use --option sa_ta=true)", code="position.no_sa_ta",
                         params={"preset": rules.preset_name})


def legal_cards(hand: int, trick: list[int] | tuple[int, ...], tt: TrumpTables,
                play: PlayRules) -> tuple[int, str | None]:
    """Legal cards of the player to move.

    :param hand: the player's cards (mask).
    :param trick: cards already on the trick, leader first (0–3 cards). The player to move sits
        at position ``len(trick)``; the partner at ``len(trick) - 2``.
    :param tt: the contract's :class:`~belote.engine.cards.TrumpTables`.
    :param play: the preset's obligations (:meth:`PlayRules.of`).
    :returns: ``(mask, rule)``: the legal cards (never empty for a non-empty hand) and the key of
        the rule that narrowed them (``None`` when every card of the hand is legal).
    """
    n = len(trick)
    if n == 0:
        return hand, None
    led = SUIT_OF[trick[0]]
    follow = hand & SUIT_MASK[led]
    # card winning the trick so far
    win_i = 0
    win = trick[0]
    for i in range(1, n):
        if tt.beats(trick[i], win):
            win_i, win = i, trick[i]
    partner_master = win_i == n - 2
    if follow:
        if (tt.trump_mask >> trick[0]) & 1:  # trump led (every suit in TA)
            if partner_master and not play.must_overtrump_partner:
                return follow, "follow_suit"
            higher = follow & tt.higher[win] if SUIT_OF[win] == led else 0
            if higher:
                return higher, "must_overtrump" if tt.trump.is_suit else "must_beat"
            return follow, "follow_suit"
        if play.must_beat_in_suit and not partner_master and SUIT_OF[win] == led \
                and not (tt.ruff_mask >> win) & 1:
            higher = follow & tt.higher[win]
            if higher:
                return higher, "must_beat"
        return follow, "follow_suit"
    trumps = hand & tt.ruff_mask
    if not trumps or partner_master or (tt.ruff_mask >> trick[0]) & 1:
        return hand, None
    if (tt.ruff_mask >> win) & 1:
        over = trumps & tt.higher[win]
        if over:
            return over, "must_overruff"
        if play.must_underruff:
            return trumps, "must_underruff"
        return hand, None
    return trumps, "must_ruff"


def infer_trick(lacks: list[int], leader: int, cards: Sequence[int], tt: TrumpTables,
                play: PlayRules) -> None:
    """Add to ``lacks`` (four card masks, by seat: the cards each seat is proven not to hold)
    what the trick ``cards`` (leader first, 1–4 cards, led by seat ``leader``) proves under
    ``play``: the obligations of :func:`legal_cards`, read backwards. A seat that

    * did not follow holds no card of the suit led (002 §VI.1);
    * followed without going over the winning card when bound to (trump led, over the partner
      too unless 003's exception; ``must_beat_in_suit``, 003, over an opponent's plain card)
      holds no card of the suit above it (002 §VI.3, 004 §1a);
    * could not follow, an opponent master of a trick led in a plain suit (002 §VI.2):
      discarding over a plain card, holds no trump; over an opponent's trump, ruffing under it
      holds no trump above it (§VI.4), discarding holds no trump above it, or none at all
      with ``must_underruff`` (001; free in §VI.5, 004).

    A seat whose partner is master is free (002 §VI.2, 004 §2b) and proves only its void; so
    is a seat that cannot follow a trump lead (004 §2a), and SA and TA have no ruffing (002
    annex). Hands only shrink, so what a trick proves holds for the rest of the deal."""
    led = SUIT_OF[cards[0]]
    led_trump = (tt.trump_mask >> cards[0]) & 1
    ruff = tt.ruff_mask
    w = 0  # index of the card winning so far
    for i in range(1, len(cards)):
        c = cards[i]
        p = (leader + i) % 4
        win = cards[w]
        partner_master = w == i - 2
        beats = tt.beats(c, win)
        if SUIT_OF[c] == led:
            bound = (led_trump and not (partner_master and not play.must_overtrump_partner)) \
                or (play.must_beat_in_suit and not partner_master and not (ruff >> win) & 1)
            if bound and not beats and SUIT_OF[win] == led:
                lacks[p] |= tt.higher[win]
        else:
            lacks[p] |= SUIT_MASK[led]
            if ruff and not partner_master and not led_trump:
                if (ruff >> win) & 1:  # an opponent has ruffed
                    if (ruff >> c) & 1:
                        if not beats:
                            lacks[p] |= tt.higher[win]
                    elif play.must_underruff:
                        lacks[p] |= ruff
                    else:
                        lacks[p] |= tt.higher[win] & ruff
                elif not (ruff >> c) & 1:
                    lacks[p] |= ruff
        if beats:
            w = i


def inferences(tricks: Iterable[tuple[int, Sequence[int]]], tt: TrumpTables,
               play: PlayRules) -> tuple[int, int, int, int]:
    """What the cards played so far prove about each seat's hand under ``play``: four card
    masks, by seat, of the cards that seat does not hold (voids, and the trumps it would have
    had to play: see :func:`infer_trick`). ``tricks``: each trick as ``(leader, cards)``,
    leader first, the trick in progress last; ``tt``: the contract's tables.

    Sound (no hand that could have played these cards legally holds a card of its mask) and,
    seat by seat, complete: a card outside a seat's mask, added to its hands along the deal,
    keeps every card it played legal (tests/test_inferences.py)."""
    lacks = [0, 0, 0, 0]
    for leader, cards in tricks:
        if cards:
            infer_trick(lacks, leader, cards, tt, play)
    return lacks[0], lacks[1], lacks[2], lacks[3]


def void_suits(lacks: int) -> int:
    """The suits a seat is void in, as bits (bit ``s`` for suit ``s``), from its
    :func:`inferences` mask ``lacks``: every card of the suit lacking."""
    return sum(1 << s for s in range(4) if SUIT_MASK[s] & ~lacks == 0)


def refusal(card: int, hand: int, trick: list[int] | tuple[int, ...], tt: TrumpTables,
            play: PlayRules) -> tuple[str, dict[str, int]] | None:
    """Why ``card`` may not be played: ``(rule_key, facts)``, or None when it is legal.
    ``facts`` are what :func:`rule_text` words: ``card`` (not held), ``suit`` (the suit led)
    and ``win`` (the card winning the trick)."""
    if not (hand >> card) & 1:
        return "not_held", {"card": card}
    mask, rule = legal_cards(hand, trick, tt, play)
    if (mask >> card) & 1:
        return None
    led = SUIT_OF[trick[0]]
    if rule in ("must_overtrump", "must_beat") and SUIT_OF[card] != led:
        rule = "follow_suit"
    return rule or "follow_suit", {"suit": led, "win": trick[tt.winner_index(trick)]}


def rule_text(rule: str, facts: dict[str, int], report: bool = False) -> str:
    """A broken card-play rule in English words (:func:`refusal`'s key and facts), spoken to
    the player, or with ``report`` of the seat, as a referee's report does (``str()`` and a
    report's ``message``; the catalog words the same rule from :func:`rule_params`)."""
    words: dict[str, str] = {}
    for name in ("card", "win"):
        if name in facts:
            words[name] = card_str(facts[name])
    if "suit" in facts:
        words["suit"] = _SUIT_WORDS[facts["suit"]]
    return (_REPORTED if report else _TOLD)[rule].format(**words)


def rule_params(rule: str, facts: dict[str, int]) -> dict[str, Param]:
    """:func:`refusal`'s facts as an error's JSON params, the catalog's fields of
    ``illegal.<rule>`` (and a report's ``irregular.<rule>``): ``card`` and ``win`` as card
    codes (``"KD"``), ``suit`` as a suit letter (``"C"``), and ``cite``, the rule texts the
    rule cites (``"001"``), where it cites one."""
    params: dict[str, Param] = {}
    for name in ("card", "win"):
        if name in facts:
            params[name] = card_str(facts[name])
    if "suit" in facts:
        params["suit"] = SUITS[facts["suit"]]
    if rule in _CITES:
        params["cite"] = _CITES[rule]
    return params


def explain(card: int, hand: int, trick: list[int] | tuple[int, ...], tt: TrumpTables,
            play: PlayRules) -> tuple[str, dict[str, Param]] | None:
    """Why ``card`` may not be played: ``(rule_key, params)``, the params of the codes
    ``illegal.<rule>`` (to the player) and ``irregular.<rule>`` (a referee's report) that the
    catalog words (:func:`belote.i18n.tr`), or None when it is legal (:func:`refusal`'s facts
    as :func:`rule_params`)."""
    why = refusal(card, hand, trick, tt, play)
    return None if why is None else (why[0], rule_params(*why))
