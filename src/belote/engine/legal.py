"""What may be done now: the :class:`LegalActions` view of a deal, the shape check of an action
object on the checked path, and the cards a hand may say belote with (001 "Belote et
rebelote", docs/rules-notes.md "Belote").
"""

from __future__ import annotations

from collections.abc import Iterator

from .actions import (
    Action,
    ActionError,
    Bid,
    Capot,
    Choose,
    Declare,
    Double,
    Generale,
    Pass,
    Play,
    Redouble,
    SayBelote,
    Take,
    parse_action,
)
from .cards import KING, QUEEN, Trump, TrumpTables, card_of
from .seats import SEATS, Seat


class LegalActions:
    """The legal actions of the player to move: iterate, ``in``, ``len``, ``[i]``."""

    __slots__ = ("_actions", "_set")

    def __init__(self, actions: list[Action]):
        self._actions = actions
        self._set: set[Action] | None = None

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i: int) -> Action:
        return self._actions[i]

    def __contains__(self, action: object) -> bool:
        """``action`` may be an action or its record string (``"80 H" in legal``)."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionError:
                return False
        if self._set is None:
            self._set = set(self._actions)
        try:
            return action in self._set
        except TypeError:  # unhashable junk is no action
            return False

    def __repr__(self) -> str:
        return f"LegalActions([{', '.join(str(a) for a in self._actions)}])"


def well_formed(a: object) -> bool:
    """An action object whose fields have the right types (checked path only)."""
    if isinstance(a, Play):
        return type(a.card) is int and 0 <= a.card < 36
    if isinstance(a, Bid):
        return type(a.value) is int and isinstance(a.trump, Trump)
    if isinstance(a, (Choose, Capot, Generale)):
        return isinstance(a.trump, Trump)
    if isinstance(a, Declare):
        return isinstance(a.groups, tuple) and len(a.groups) > 0 and all(
            type(g) is int and 0 < g < 1 << 36 for g in a.groups)
    return isinstance(a, (Pass, Take, Double, Redouble, SayBelote))


def belote_cards(hand: int, tt: TrumpTables) -> int:
    """Mask of the king and queen of each trump suit of the contract kind ``tt`` of which
    ``hand`` (a mask) holds both: the cards a player may say belote with, and once said must
    play one of (docs/rules-notes.md "Belote")."""
    m = 0
    for s in tt.trump_suits:
        pair = (1 << card_of(s, KING)) | (1 << card_of(s, QUEEN))
        if hand & pair == pair:
            m |= pair
    return m


def belote_pairs(hands: list[int], tt: TrumpTables) -> list[Seat]:
    """Seats whose hand (of ``hands``, 4 masks) holds K and Q of a trump suit of the contract
    kind ``tt`` (a :class:`~belote.engine.cards.TrumpTables`): one entry a pair (TA: one a
    suit; SA: none)."""
    out = []
    for seat in SEATS:
        for s in tt.trump_suits:
            pair = (1 << card_of(s, KING)) | (1 << card_of(s, QUEEN))
            if hands[seat] & pair == pair:
                out.append(seat)
    return out


__all__ = ["LegalActions", "belote_cards", "belote_pairs", "well_formed"]
