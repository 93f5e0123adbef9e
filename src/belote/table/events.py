"""What a :class:`~belote.table.Table` tells its subscribers, as typed, immutable events.

Every event names the deal it belongs to by ``deal_index``: the position of that deal in
``Game.deals`` once it is finished (passed-out and misdealt deals count), the one numbering
of the records, ``belote replay`` / ``check`` / ``analyse --deal`` (``deal_index + 1``).
``seat`` is a seat 0..3 in playing order (seats 0 and 2 are team 0).

The deal objects carried (``deal``) are the table's own: a subscriber reads them, never
changes them, and reads them in the callback (the table moves on afterwards).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.deal import Deal
from ..engine.scoring import DealResult


@dataclass(frozen=True)
class DealStarted:
    """A new deal is dealt and its bidding opens (``deal.turned`` is the turned card, if the
    preset turns one)."""

    deal_index: int
    deal: Deal


@dataclass(frozen=True)
class ActionApplied:
    """``seat`` did ``action`` (its record string: ``"pass"``, ``"80 H"``, ``"KH"``,
    ``"belote"``, ``"declare …"``) and the engine accepted it. ``deal`` is the deal after it
    (when it ended the deal, the finished deal; the game has already dealt the next one)."""

    deal_index: int
    seat: int
    action: str
    deal: Deal


@dataclass(frozen=True)
class ContractMade:
    """The bidding ended with a contract: ``deal.contract`` (taker, trump, value, doubling);
    ``turned``: the turned card the taker took or turned down (None in an auction preset)."""

    deal_index: int
    deal: Deal
    turned: int | None


@dataclass(frozen=True)
class BeloteSaid:
    """``seat`` said belote (``rebelote`` False, with the first of its trump K and Q) or
    rebelote (with the second)."""

    deal_index: int
    seat: int
    rebelote: bool


@dataclass(frozen=True)
class TrickWon:
    """Trick ``number`` (1-based) is over: ``cards`` in playing order from ``leader``; the
    ``winner`` seat takes ``points`` card points (the dix de der included on the last trick)."""

    deal_index: int
    number: int
    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int


def trick_won(deal: Deal, deal_index: int, number: int) -> TrickWon:
    """The :class:`TrickWon` of ``deal``'s trick ``number`` (1-based, a finished trick): its
    card points by the contract's trump, 10 more for the last trick (the dix de der).
    Raises IndexError for a trick not yet finished."""
    leader, cards, winner = deal.tricks[number - 1]
    points = sum(deal.tt.points[c] for c in cards) if deal.tt is not None else 0
    if number == deal.rules.hand_size:
        points += 10  # dix de der
    return TrickWon(deal_index, number, leader, tuple(cards), winner, points)


@dataclass(frozen=True)
class DealEnded:
    """The deal is over: ``result`` is None for a passed-out deal; ``mark`` the points each
    team marks for it (held litige points included, index = team), ``scores`` the game's
    totals after it."""

    deal_index: int
    deal: Deal
    result: DealResult | None
    mark: tuple[int, int]
    scores: tuple[int, int]


@dataclass(frozen=True)
class GameEnded:
    """The game is over: ``scores`` per team, ``winner`` the winning team (None on a tie)."""

    scores: tuple[int, int]
    winner: int | None


@dataclass(frozen=True)
class SeatJoined:
    """``seat`` is now held by a player of ``kind`` (``"human"``, ``"bot"``, ``"remote"``)
    called ``name``."""

    seat: int
    kind: str
    name: str


@dataclass(frozen=True)
class SeatLeft:
    """The player of ``seat`` left; the seat waits for another (no action is taken for it)."""

    seat: int


@dataclass(frozen=True)
class Saved:
    """The game was saved: ``where`` names the place (a path for the file store)."""

    where: str
    finished: bool


@dataclass(frozen=True)
class SaveFailed:
    """A save failed (``error``: the store's exception, an :class:`OSError` when the file
    store's medium fails, a :class:`~belote.engine.errors.BeloteError` such as
    :class:`~belote.table.store.StoreError` otherwise); the game stays in memory,
    :meth:`Table.save` retries."""

    error: Exception


@dataclass(frozen=True)
class BotFailed:
    """The bot of ``seat`` raised ``error`` or returned an action the engine refused; the
    seat waits (a bug to report: the table does not guess an action)."""

    seat: int
    error: Exception


Event = (DealStarted | ActionApplied | ContractMade | BeloteSaid | TrickWon | DealEnded
         | GameEnded | SeatJoined | SeatLeft | Saved | SaveFailed | BotFailed)

__all__ = ["ActionApplied", "BeloteSaid", "BotFailed", "ContractMade", "DealEnded",
           "DealStarted", "Event", "GameEnded", "SaveFailed", "Saved", "SeatJoined", "SeatLeft",
           "TrickWon", "trick_won"]
