"""Cards, suits, ranks, hands as bit masks, and the order and point tables of every contract kind.

Encoding (seed 000, 001, 002 §II–III, 003 for the sixes):

* a **card** is an ``int`` in ``0..35``. The 32 cards 7..A are ``suit * 8 + r`` with ``r`` the
  natural sequence index ``7 8 9 T J Q K A`` → ``0..7``; the four sixes of the 36-card deck
  (`simplifiee`, seed 003) are ``32 + suit``;
* a **hand** (or any set of cards) is a bit mask: bit ``c`` set when card ``c`` is in it. A
  32-card hand fits in 32 bits, a 36-card hand in 36 bits;
* suits are ``0..3`` = ``S H D C`` (♠ ♥ ♦ ♣);
* the **contract kind** (:class:`Trump`) is one of the four suits, ``SA`` (no trump) or ``TA``
  (every suit trump).

Ranks are named ``6 7 8 9 T J Q K A`` (``10`` accepted when parsing, and the French ``V D R``
for J Q K); suits ``S H D C``. A player reads a card in his language as the catalog words it
(:func:`belote.i18n.card_label`: ``V♥ 10♥`` in French, ``J♥ 10♥`` in English).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator
from enum import IntEnum

from .errors import CardError

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"

#: Rank index 0..8 in natural sequence order (seed 001 "7, 8, 9, 10, Valet, Dame, Roi, As").
RANKS = ("6", "7", "8", "9", "T", "J", "Q", "K", "A")
SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)

NCARDS = 36


class Trump(IntEnum):
    """Contract kind: a trump suit, Sans Atout or Tout Atout (002 annex, 004)."""

    S = 0
    H = 1
    D = 2
    C = 3
    SA = 4
    TA = 5

    @property
    def is_suit(self) -> bool:
        return self <= 3

    def __str__(self) -> str:  # "S", "SA"…
        return self.name

    @classmethod
    def parse(cls, text: str) -> Trump:
        """Parse ``S H D C SA TA`` (case-insensitive; also ``NT``/``AT`` and suit symbols).

        Raises :class:`CardError` on anything else."""
        t = str(text).strip().upper()
        aliases = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "NT": "SA", "AT": "TA"}
        t = aliases.get(t, t)
        try:
            return cls[t]
        except KeyError:
            raise CardError(f"unknown trump {text!r}: expected one of S H D C SA TA",
                            code="card.unknown_trump", params={"text": repr(text)}) from None


def card_of(suit: int, rank: int) -> int:
    """The card id of ``rank`` (0..8, see :data:`RANKS`) in ``suit`` (0..3)."""
    return 32 + suit if rank == SIX else suit * 8 + rank - 1


SUIT_OF = [c >> 3 if c < 32 else c - 32 for c in range(NCARDS)]
RANK_OF = [(c & 7) + 1 if c < 32 else SIX for c in range(NCARDS)]

#: Bit mask of every card of a suit (sixes included; they are simply absent from a 32-card deck).
SUIT_MASK = [(0xFF << (8 * s)) | (1 << (32 + s)) for s in range(4)]
DECK32 = (1 << 32) - 1
DECK36 = (1 << 36) - 1


def deck_mask(ncards: int) -> int:
    """Mask of the whole pack: 32 or 36 cards."""
    return DECK36 if ncards == 36 else DECK32


# --- orders (high to low) and points ------------------------------------------------------
# Trump: J 9 A 10 K Q 8 7 (6). Plain: A 10 K Q J 9 8 7 (6). (001, 002 §III, 004)
TRUMP_ORDER = (JACK, NINE, ACE, TEN, KING, QUEEN, EIGHT, SEVEN, SIX)
PLAIN_ORDER = (ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN, SIX)
#: strength by rank: bigger beats smaller
TRUMP_STRENGTH = [0] * 9
PLAIN_STRENGTH = [0] * 9
for _i, _r in enumerate(TRUMP_ORDER):
    TRUMP_STRENGTH[_r] = 8 - _i
for _i, _r in enumerate(PLAIN_ORDER):
    PLAIN_STRENGTH[_r] = 8 - _i
#: points by rank (002 §III): trump J 20, 9 14, A 11, 10 10, K 4, Q 3; plain A 11 10 10 K 4 Q 3 J 2
TRUMP_POINTS = {JACK: 20, NINE: 14, ACE: 11, TEN: 10, KING: 4, QUEEN: 3}
PLAIN_POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2}
DIX_DE_DER = 10


class TrumpTables:
    """Order and point tables of one contract kind, built once (see :func:`tables`).

    Attributes (lists indexed by card id 0..35):

    * ``points[c]``: card points (SA ace worth ``sa_ace_points``);
    * ``strength[c]``: rank strength within its suit in this contract (trump order in a trump
      suit, plain order otherwise), 0..8;
    * ``higher[c]``: mask of the cards of the same suit that beat ``c``;
    * ``trump_mask``: cards that are trumps (every card in TA, none in SA);
    * ``ruff_mask``: trumps that can win a trick led in another suit (the trump suit in a suit
      contract; nothing in SA and TA, where "il est impossible de couper", 002 annex);
    * ``total``: points of the whole pack including dix de der (162, 130 or 258; 002 §III, 004).
    """

    __slots__ = (
        "higher",
        "points",
        "ruff_mask",
        "strength",
        "total",
        "trump",
        "trump_mask",
        "trump_suits",
    )

    def __init__(self, trump: Trump, sa_ace_points: int = 19, ncards: int = 32):
        self.trump = trump
        trump_suits: tuple[int, ...]
        if trump.is_suit:
            trump_suits = (int(trump),)
        elif trump == Trump.TA:
            trump_suits = (0, 1, 2, 3)
        else:
            trump_suits = ()
        self.trump_suits = trump_suits
        self.points = [0] * NCARDS
        self.strength = [0] * NCARDS
        for c in range(NCARDS):
            s, r = SUIT_OF[c], RANK_OF[c]
            if s in trump_suits:
                self.points[c] = TRUMP_POINTS.get(r, 0)
                self.strength[c] = TRUMP_STRENGTH[r]
            else:
                self.points[c] = PLAIN_POINTS.get(r, 0)
                if trump == Trump.SA and r == ACE:
                    self.points[c] = sa_ace_points
                self.strength[c] = PLAIN_STRENGTH[r]
        self.higher = [0] * NCARDS
        for c in range(NCARDS):
            m = 0
            for d in range(NCARDS):
                if SUIT_OF[d] == SUIT_OF[c] and self.strength[d] > self.strength[c]:
                    m |= 1 << d
            self.higher[c] = m
        self.trump_mask = 0
        for s in trump_suits:
            self.trump_mask |= SUIT_MASK[s]
        self.ruff_mask = self.trump_mask if trump.is_suit else 0
        full = deck_mask(ncards)
        self.total = sum(self.points[c] for c in iter_cards(full)) + DIX_DE_DER

    def beats(self, card: int, best: int) -> bool:
        """True when ``card`` played after ``best`` (the card winning so far) takes the lead."""
        if (self.ruff_mask >> card) & 1:
            return not (self.ruff_mask >> best) & 1 or self.strength[card] > self.strength[best]
        if (self.ruff_mask >> best) & 1:
            return False
        return SUIT_OF[card] == SUIT_OF[best] and self.strength[card] > self.strength[best]

    def winner_index(self, trick: list[int] | tuple[int, ...]) -> int:
        """Index in ``trick`` (cards in playing order, leader first) of the card winning it
        (002 §VI: highest trump, else highest card of the suit led)."""
        best_i = 0
        best = trick[0]
        for i in range(1, len(trick)):
            c = trick[i]
            if self.beats(c, best):
                best_i, best = i, c
        return best_i


_TABLES: dict[tuple[int, int, int], TrumpTables] = {}


def tables(trump: Trump, sa_ace_points: int = 19, ncards: int = 32) -> TrumpTables:
    """The (cached) :class:`TrumpTables` of a contract kind."""
    key = (int(trump), sa_ace_points, ncards)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = TrumpTables(Trump(trump), sa_ace_points, ncards)
    return t


# --- masks --------------------------------------------------------------------------------

def iter_cards(mask: int) -> Iterator[int]:
    """Card ids of a mask (a set of cards, bit ``c`` for card id ``c``: an int ≥ 0), in
    increasing id order. Raises CardError ``card.bad_mask`` (at the call) for a negative int:
    it would hold infinitely many cards."""
    if mask < 0:
        raise CardError(f"a card mask is a whole number >= 0, not {mask}",
                        code="card.bad_mask", params={"value": mask})
    return _bits(mask)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    """The mask of ``cards`` (card ids)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def popcount(mask: int) -> int:
    return mask.bit_count()


# --- text ---------------------------------------------------------------------------------

_RANK_PARSE = {"6": SIX, "7": SEVEN, "8": EIGHT, "9": NINE, "T": TEN, "10": TEN, "J": JACK,
               "Q": QUEEN, "K": KING, "A": ACE, "V": JACK, "D": QUEEN, "R": KING}
_SUIT_PARSE = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}


def parse_card(text: str) -> int:
    """Parse one card: ``JH``, ``TH``, ``10H``, ``7s``, or the French display ``V♥``, ``10♥``.

    Rank first, suit last. Raises :class:`CardError` naming the bad text."""
    if not isinstance(text, str):
        raise CardError(f"a card is text such as JH, got {text!r}", code="card.not_text",
                        params={"value": repr(text)})
    t = text.strip()
    if len(t) < 2 or len(t) > 3:
        raise CardError(f"bad card {text!r}: expected rank then suit, e.g. JH, TH, 10H, 7S",
                        code="card.bad_length", params={"text": repr(text)})
    r, s = t[:-1].upper(), t[-1].upper()
    if t[-1] not in "SHDCshdc♠♥♦♣":
        raise CardError(f"bad card {text!r}: unknown suit {t[-1]!r} (expected S H D C "
                        "or ♠ ♥ ♦ ♣)", code="card.bad_suit",
                        params={"text": repr(text), "suit": repr(t[-1])})
    if r not in _RANK_PARSE or not t[:-1].isascii():
        raise CardError(f"bad card {text!r}: unknown rank {t[:-1]!r} (expected 6 7 8 9 T J Q K "
                        "A, or 10 V D R)", code="card.bad_rank",
                        params={"text": repr(text), "rank": repr(t[:-1])})
    return card_of(_SUIT_PARSE[s], _RANK_PARSE[r])


def parse_cards(text: str | Iterable[str], *, unique: bool = True) -> list[int]:
    """Parse a space- or comma-separated list of cards (or an iterable of card strings).

    Raises :class:`CardError` on a bad card or, with ``unique``, a repeated card."""
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    else:
        try:
            items = list(text)
        except TypeError:
            raise CardError(f"expected cards as text or a list, got {text!r}",
                            code="card.not_list", params={"value": repr(text)}) from None
    cards = [parse_card(x) for x in items]
    if unique and len(set(cards)) != len(cards):
        seen: set[int] = set()
        for c in cards:
            if c in seen:
                raise CardError(f"card {card_str(c)} appears twice", code="card.twice",
                                params={"card": card_str(c)})
            seen.add(c)
    return cards


def parse_hand(text: str | Iterable[str]) -> int:
    """Parse a list of cards into a hand mask. Raises :class:`CardError`."""
    return mask_of(parse_cards(text))


def card_str(card: int) -> str:
    """Record form of a card: ``JH``, ``TS``, ``6C``."""
    return RANKS[RANK_OF[card]] + SUITS[SUIT_OF[card]]


def sort_key(card: int, trump: Trump | None = None) -> tuple[int, int]:
    """Sort key for display: by suit, then by strength in the contract (plain order if none)."""
    if trump is None:
        return (SUIT_OF[card], PLAIN_STRENGTH[RANK_OF[card]])
    t = tables(trump)
    return (SUIT_OF[card], t.strength[card])


def hand_str(mask: int, trump: Trump | None = None) -> str:
    """Record form of a hand (a card mask): cards separated by spaces, sorted by suit then
    strength (high first). Raises CardError ``card.bad_mask`` for a negative mask."""
    cards = sorted(iter_cards(mask), key=lambda c: (SUIT_OF[c], -sort_key(c, trump)[1]))
    return " ".join(card_str(c) for c in cards)


#: the red suits (♥ ♦), for alternating colours in :func:`display_order`
RED_SUITS = (1, 2)


@functools.lru_cache(maxsize=64)
def _suit_order(suits: tuple[int, ...], first: int | None) -> tuple[int, ...]:
    """The order of the ``suits`` held (``first`` put first when given) with the fewest
    neighbours of one colour, the first such in ``S H D C`` order (:func:`display_order`)."""
    rest = [s for s in suits if s != first]
    head = () if first is None else (first,)

    def clashes(order: tuple[int, ...]) -> int:
        return sum((a in RED_SUITS) == (b in RED_SUITS) for a, b in itertools.pairwise(order))
    return min((head + p for p in itertools.permutations(rest)),
               key=lambda order: (clashes(order), order))


def display_order(cards: Iterable[int], trump: Trump | None = None) -> list[int]:
    """The engine's display order of a hand (card ids), the one every front end shows:

    * suit by suit; with a suit contract the trump suit comes first;
    * the other suits with colours alternating (black ♠ ♣, red ♥ ♦): as few suits of one
      colour side by side as the suits held allow, and among those orders the first in
      ``S H D C`` order: ``♠ ♥ ♣ ♦`` with no contract, ``♥ ♠ ♦`` for ♠ ♥ ♦ held, ``♥ ♠ ♦ ♣``
      with hearts trump, ``♦ ♠ ♥ ♣`` with diamonds;
    * in each suit the strongest first, in the contract's order (trump order ``J 9 A 10 K Q 8
      7 6`` in a trump suit, every suit in TA; plain ``A 10 K Q J 9 8 7 6`` otherwise and
      while there is no contract; 001, 002 §III).

    ``trump``: the contract's kind, None during the bidding. Returns a new list."""
    return list(_display_order(tuple(cards), trump))


@functools.lru_cache(maxsize=4096)
def _display_order(held: tuple[int, ...], trump: Trump | None) -> tuple[int, ...]:
    """:func:`display_order` of ``held`` (remembered: a view shows the same hand many
    times)."""
    suits = tuple(s for s in range(4) if any(SUIT_OF[c] == s for c in held))
    first = int(trump) if trump is not None and trump.is_suit and int(trump) in suits else None
    ordered = _suit_order(suits, first)
    strength = tables(trump).strength if trump is not None else \
        [PLAIN_STRENGTH[RANK_OF[c]] for c in range(NCARDS)]
    return tuple(sorted(held, key=lambda c: (ordered.index(SUIT_OF[c]), -strength[c])))


def cards_str(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)
