"""Seats 0..3 in playing order, their partners and teams (000/001/002 §V).

Play goes counter-clockwise: the seat after ``s`` is ``s.next()`` (the player on its right),
the dealer's next seat speaks first and leads the first trick. Seats 0 and 2 are team 0,
seats 1 and 3 team 1.

>>> Seat(3).next(), Seat(0).previous(), Seat(1).partner, Seat(1).team
(<Seat.S0: 0>, <Seat.S3: 3>, <Seat.S3: 3>, 1)

:class:`Seat` is an :class:`~enum.IntEnum`: it equals, hashes, indexes and prints as its number,
so code that holds seats as plain ints works with it unchanged (``hands[seat]``, ``seat == 2``,
JSON ``2``).
"""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    """A seat, 0..3 in playing order. ``Seat(n)`` raises ``ValueError`` outside 0..3
    (:func:`is_seat` tests a value first)."""

    S0 = 0
    S1 = 1
    S2 = 2
    S3 = 3

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places later in playing order (the next one by default)."""
        return _SEATS[(self + steps) % 4]

    def previous(self) -> Seat:
        """The seat that played just before this one (on its left)."""
        return _SEATS[(self + 3) % 4]

    @property
    def partner(self) -> Seat:
        """The seat across the table, of the same team."""
        return _SEATS[(self + 2) % 4]

    @property
    def team(self) -> int:
        """The seat's team: 0 (seats 0 and 2) or 1 (seats 1 and 3)."""
        return self & 1

    def __str__(self) -> str:  # "2", as the int it stands for
        return str(int(self))


#: the four seats in playing order
SEATS: tuple[Seat, ...] = tuple(Seat)
_SEATS = SEATS


def is_seat(value: object) -> bool:
    """Whether ``value`` is a seat: an ``int`` (or :class:`Seat`) 0..3, not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3


def seat_after(seat: int, steps: int = 1) -> Seat:
    """The seat ``steps`` places after ``seat`` (an int) in playing order."""
    return _SEATS[(seat + steps) % 4]


def team_of(seat: int) -> int:
    """The team (0 or 1) of ``seat`` (an int 0..3)."""
    return seat & 1


#: where a front end draws each seat, from the person's own: itself at the bottom, the next
#: to play on its right, the partner opposite, the one before it on its left
PLACES = ("south", "east", "north", "west")


def screen_place(seat: int, person: int) -> str:
    """Where ``person``'s screen draws ``seat`` (ints 0..3): ``"south"`` (itself),
    ``"east"`` (the next to play: on its right), ``"north"`` (its partner) or ``"west"``."""
    return PLACES[(seat - person) % 4]


__all__ = ["PLACES", "SEATS", "Seat", "is_seat", "screen_place", "seat_after", "team_of"]
