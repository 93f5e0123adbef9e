"""The pack of a deal: its cards, shuffling and the cut (002 §IV.A–B), and the checks of a pack,
a dealer and hands given to :class:`~belote.engine.deal.Deal`.

>>> from belote.engine import Rules
>>> len(full_deck(Rules.preset("simplifiee")))
36
"""

from __future__ import annotations

import random

from .cards import deck_mask, iter_cards
from .errors import IllegalAction
from .rules import DealKind, Rules
from .seats import is_seat


def full_deck(rules: Rules) -> list[int]:
    """The cards of the pack in a fixed order (card ids ascending)."""
    return list(iter_cards(deck_mask(rules.deck)))


def shuffled_deck(rules: Rules, rng: random.Random) -> list[int]:
    """A shuffled pack, then cut (002 §IV.A–B). Same ``rng`` seed, same deck."""
    deck = full_deck(rules)
    rng.shuffle(deck)
    return cut_deck(deck, rng)


def cut_deck(deck: list[int], rng: random.Random) -> list[int]:
    """The cut by the player on the dealer's left: at least 3 cards on each side (002 §IV.B)."""
    n = rng.randint(3, len(deck) - 3)
    return deck[n:] + deck[:n]


def check_dealer(dealer: object) -> None:
    if not is_seat(dealer):
        raise IllegalAction(f"the dealer is a seat 0..3, got {dealer!r}", rule="bad_seat",
                            code="illegal.bad_seat.dealer", params={"dealer": repr(dealer)})


def check_hands(rules: Rules, hands: object) -> None:
    """Four hands of the pack, no card twice, all of one size, the whole pack when full."""
    full = deck_mask(rules.deck)
    if not isinstance(hands, (list, tuple)) or len(hands) != 4 or \
            any(type(h) is not int or h < 0 or h & ~full for h in hands):
        raise IllegalAction(f"four hands of cards of the {rules.deck}-card pack are needed",
                            rule="bad_deck", code="illegal.bad_deck.hands",
                            params={"deck": rules.deck})
    seen = 0
    for h in hands:
        if h & seen:
            raise IllegalAction("a card is in two hands", rule="bad_deck",
                                code="illegal.bad_deck.twice")
        seen |= h
    sizes = {h.bit_count() for h in hands}
    ok = {rules.hand_size} | ({5} if rules.deal == DealKind.RETOURNE else set())
    if len(sizes) != 1 or not sizes <= ok:
        got = ", ".join(str(h.bit_count()) for h in hands)
        raise IllegalAction(f"each hand holds {rules.hand_size} cards (got {got})",
                            rule="bad_deck", code="illegal.bad_deck.sizes",
                            params={"size": rules.hand_size, "got": got})
    if sizes == {rules.hand_size} and seen != full:
        raise IllegalAction(f"the hands must make the {rules.deck}-card pack",
                            rule="bad_deck", code="illegal.bad_deck.not_pack",
                            params={"deck": rules.deck})


__all__ = ["check_dealer", "check_hands", "cut_deck", "full_deck", "shuffled_deck"]
