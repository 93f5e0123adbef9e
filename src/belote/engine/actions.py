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


Action = (Pass | Take | Choose | Bid | Capot | Generale | Double | Redouble | Play | SayBelote
          | Declare)

PASS = Pass()
TAKE = Take()
DOUBLE = Double()
REDOUBLE = Redouble()
BELOTE = SayBelote()


class ActionError(BeloteError):
    """Text that is not an action. Codes: ``action.unknown``, ``action.not_text``,
    ``action.not_record_text`` (:func:`parse_record_action`),
    ``action.bid_too_long``, ``action.declare_empty``, ``action.not_an_object``, and
    ``action.<card error's code>`` / ``action.declare.<card error's code's last part>`` for a
    bad card in an action / a declaration (the card error's params kept)."""

    default_code = "action.unknown"


#: single-word actions by their accepted spellings
_WORDS: dict[str, Action] = {
    **dict.fromkeys(("pass", "passe", "2", "p"), PASS),
    **dict.fromkeys(("take", "prends", "je prends"), TAKE),
    **dict.fromkeys(("contre", "coinche", "double"), DOUBLE),
    **dict.fromkeys(("surcontre", "surcoinche", "redouble"), REDOUBLE),
    **dict.fromkeys(("belote", "rebelote"), BELOTE),
}


def parse_action(text: str) -> Action:
    """Parse an action from its record string (see the module table).

    Raises :class:`ActionError` (a ``ValueError``) on text that is no action."""
    if not isinstance(text, str):
        kind = type(text).__name__
        raise ActionError(f"an action is a string, got {kind}", code="action.not_text",
                          params={"kind": kind})
    t = " ".join(text.strip().split())
    low = t.lower()
    if low in _WORDS:
        return _WORDS[low]
    if low.startswith("declare"):
        return _parse_declaration(text, t[len("declare"):].strip())
    try:
        action = _parse_words(text, t.split())
    except CardError as e:
        raise ActionError(f"not an action: {text!r} ({e})", code=f"action.{e.code}",
                          params={"action": repr(text), **e.params}) from None
    if action is None:
        raise ActionError(f"not an action: {text!r}", code="action.unknown",
                          params={"action": repr(text)})
    return action


def parse_record_action(text: str) -> Action:
    """The action whose record string is exactly ``text`` (``str(action) == text``): what a
    program sends (the server's clients: docs/protocol.md, an action of ``view.legal``). No
    alias (``p``, ``passe``, ``10H``, ``J♥``), other case or spacing, nor any character the
    record does not write (a NUL, a direction mark, a full-width letter) is taken, where
    :func:`parse_action` reads what a person types.

    Raises :class:`ActionError`: those of :func:`parse_action`, ``action.not_record_text``
    (``action``, ``record``: the record string of what ``text`` reads as) for another
    spelling of an action."""
    action = parse_action(text)
    record = str(action)
    if record != text:
        shown = repr(text[:40])
        raise ActionError(f"not the record text of an action: {shown} (the record writes "
                          f"{record!r})", code="action.not_record_text",
                          params={"action": shown, "record": repr(record)})
    return action


def _parse_declaration(text: str, rest: str) -> Declare:
    if not rest:
        raise ActionError("declare needs the cards of each annonce, groups separated by /",
                          code="action.declare_empty")
    try:
        groups = tuple(mask_of(parse_cards(g)) for g in rest.split("/"))
    except CardError as e:
        what = e.code.rpartition(".")[2]
        raise ActionError(f"bad declaration {text!r}: {e}", code=f"action.declare.{what}",
                          params={"action": repr(text), **e.params}) from None
    return Declare(groups)


def _parse_words(text: str, words: list[str]) -> Action | None:
    """A bid, capot, générale, round-2 choice or card from its words, or None.

    Raises :class:`CardError` on a bad suit or card."""
    if len(words) == 2 and words[0].lower() in ("capot", "generale", "générale"):
        tr = Trump.parse(words[1])
        return Capot(tr) if words[0].lower() == "capot" else Generale(tr)
    # ASCII digits only ("²" is a digit to str.isdigit, not to int()); up to 18 digits (a
    # value beyond the rules is an illegal bid, refused with the rule; int() refuses 4,300
    # digits and more)
    if len(words) == 2 and words[0].isascii() and words[0].isdigit():
        if len(words[0]) > 18:
            raise ActionError(f"not an action: {text[:40]!r}… (a bid value has at most "
                              "18 digits)", code="action.bid_too_long",
                              params={"action": repr(text[:40])})
        return Bid(int(words[0]), Trump.parse(words[1]))
    if len(words) == 1:
        w = words[0]
        if w.upper() in ("S", "H", "D", "C", "SA", "TA", "NT", "AT"):
            return Choose(Trump.parse(w))
        return Play(parse_card(w))
    return None
