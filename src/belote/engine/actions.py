"""Actions: the small values a client, a bot or a test sends to a deal.

Every action prints to, and parses from, its record string (``str(a)``, :func:`parse_action`):

=================  ==========================  ==========================================
class              record string               phase
=================  ==========================  ==========================================
:class:`Pass`      ``pass`` (``2``, ``passe``)  bidding (both kinds)
:class:`Take`      ``take``                    two-round bidding, round 1 (turned suit)
:class:`Choose`    ``S H D C SA TA``           two-round bidding, round 2
:class:`Bid`       ``80 H``, ``120 SA``        auction
:class:`Capot`     ``capot H``                 auction
:class:`Generale`  ``generale H``              auction (001)
:class:`Double`    ``contre`` (``coinche``)     auction
:class:`Redouble`  ``surcontre``               auction
:class:`Play`      ``JH``, ``10H``             card play
:class:`SayBelote` ``belote``                  card play: said with the first of K+Q of trump
:class:`Declare`   ``declare TH JH QH / JS JH JD JC``  card play, with the player's first card
=================  ==========================  ==========================================
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import RANK_OF, SUIT_OF, Trump, card_str, iter_cards, mask_of, parse_card, parse_cards
from .errors import BeloteError, CardError


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Take:
    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Choose:
    trump: Trump

    def __str__(self) -> str:
        return self.trump.name


@dataclass(frozen=True, slots=True)
class Bid:
    value: int
    trump: Trump

    def __str__(self) -> str:
        return f"{self.value} {self.trump.name}"


@dataclass(frozen=True, slots=True)
class Capot:
    trump: Trump

    def __str__(self) -> str:
        return f"capot {self.trump.name}"


@dataclass(frozen=True, slots=True)
class Generale:
    trump: Trump

    def __str__(self) -> str:
        return f"generale {self.trump.name}"


@dataclass(frozen=True, slots=True)
class Double:
    def __str__(self) -> str:
        return "contre"


@dataclass(frozen=True, slots=True)
class Redouble:
    def __str__(self) -> str:
        return "surcontre"


@dataclass(frozen=True, slots=True)
class Play:
    card: int

    def __str__(self) -> str:
        return card_str(self.card)


@dataclass(frozen=True, slots=True)
class SayBelote:
    def __str__(self) -> str:
        return "belote"


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare annonces: ``groups`` is a tuple of card masks, one per annonce."""

    groups: tuple[int, ...]

    def __str__(self) -> str:
        parts = [" ".join(card_str(c) for c in sorted(iter_cards(g),
                                                       key=lambda c: (SUIT_OF[c], RANK_OF[c])))
                 for g in self.groups]
        return "declare " + " / ".join(parts)


Action = Pass | Take | Choose | Bid | Capot | Generale | Double | Redouble | Play | SayBelote | Declare

PASS = Pass()
TAKE = Take()
DOUBLE = Double()
REDOUBLE = Redouble()
BELOTE = SayBelote()


class ActionError(BeloteError):
    """Text that is not an action."""


def parse_action(text: str) -> Action:
    """Parse an action from its record string (see the module table).

    Raises :class:`ActionError` (a ``ValueError``) on text that is no action."""
    if not isinstance(text, str):
        raise ActionError(f"an action is a string, got {type(text).__name__}")
    t = " ".join(text.strip().split())
    low = t.lower()
    if low in ("pass", "passe", "2", "p"):
        return PASS
    if low in ("take", "prends", "je prends"):
        return TAKE
    if low in ("contre", "coinche", "double"):
        return DOUBLE
    if low in ("surcontre", "surcoinche", "redouble"):
        return REDOUBLE
    if low in ("belote", "rebelote"):
        return BELOTE
    if low.startswith("declare"):
        rest = t[len("declare"):].strip()
        if not rest:
            raise ActionError("declare needs the cards of each annonce, groups separated by /")
        try:
            groups = tuple(mask_of(parse_cards(g)) for g in rest.split("/"))
        except CardError as e:
            raise ActionError(f"bad declaration {text!r}: {e}") from None
        return Declare(groups)
    words = t.split()
    try:
        if len(words) == 2 and words[0].lower() in ("capot", "generale", "générale"):
            tr = Trump.parse(words[1])
            return Capot(tr) if words[0].lower() == "capot" else Generale(tr)
        # ASCII digits only ("²" is a digit to str.isdigit, not to int()); up to 18 digits (a
        # value beyond the rules is an illegal bid, refused with the rule; int() refuses 4,300
        # digits and more)
        if len(words) == 2 and words[0].isascii() and words[0].isdigit():
            if len(words[0]) > 18:
                raise ActionError(f"not an action: {text[:40]!r}… (a bid value has at most "
                                  "18 digits)")
            return Bid(int(words[0]), Trump.parse(words[1]))
        if len(words) == 1:
            w = words[0]
            if w.upper() in ("S", "H", "D", "C", "SA", "TA", "NT", "AT"):
                return Choose(Trump.parse(w))
            return Play(parse_card(w))
    except CardError as e:
        raise ActionError(f"not an action: {text!r} ({e})") from None
    raise ActionError(f"not an action: {text!r}")
