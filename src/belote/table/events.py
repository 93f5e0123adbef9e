"""What a :class:`~belote.table.Table` tells its subscribers, as typed, immutable events.

Every event names the deal it belongs to by ``deal_index``: the position of that deal in
``Game.deals`` once it is finished (passed-out and misdealt deals count), the one numbering
of the records, ``belote replay`` / ``check`` / ``analyse --deal`` (``deal_index + 1``).
``seat`` is a :class:`~belote.engine.seats.Seat` 0..3 in playing order (seats 0 and 2 are
team 0).

Events are public: each holds only facts every seat and every spectator may know when it is
sent (hidden information is a security property). None holds the deal, a hand, the pack or
the seed; a card appears in an event only once it is public (played, turned up, or shown with
an annonce after the first trick: :class:`AnnoncesShown`).

The table builds them from the engine's own events (:mod:`belote.engine.events`, what
:meth:`Game.apply <belote.engine.game.Game.apply>` returns) with :func:`from_engine`,
adding the deal's index; nothing is worked out again from the deal. A subscriber that needs a seat's
cards asks :meth:`Table.view(seat) <belote.table.Table.view>`. :meth:`to_json` of every
event is a dict of JSON-ready public facts with a ``"kind"`` key (what a server sends).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..engine import events as en
from ..engine.actions import BELOTE, Declare, Play
from ..engine.annonces import Annonce
from ..engine.cards import card_str
from ..engine.deal import Deal
from ..engine.errors import BeloteError
from ..engine.scoring import Contract, DealResult
from ..engine.seats import Seat
from ..engine.views import move_json


def _error_code(error: Exception) -> str:
    """The catalog code of ``error`` (a :class:`BeloteError`'s ``code``; ``"os_error"`` for
    an OSError, ``"error"`` otherwise)."""
    if isinstance(error, BeloteError):
        return error.code
    return "os_error" if isinstance(error, OSError) else "error"


@dataclass(frozen=True)
class DealStarted:
    """A new deal is dealt and its bidding opens: ``dealer`` dealt it, ``to_move`` speaks
    first (for a deal resumed at :meth:`Table.start`: the seat to act now), ``turned`` is the
    turned-up card (public; None in an auction preset)."""

    deal_index: int
    dealer: Seat
    to_move: Seat | None
    turned: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "deal_started", "deal_index": self.deal_index, "dealer": int(self.dealer),
                "to_move": None if self.to_move is None else int(self.to_move),
                "turned": None if self.turned is None else card_str(self.turned)}


def deal_started(deal: Deal, deal_index: int) -> DealStarted:
    """The :class:`DealStarted` of ``deal`` (just dealt, or resumed)."""
    to_move = deal.to_move
    return DealStarted(deal_index, Seat(deal.dealer), None if to_move is None else Seat(to_move),
                       deal.turned)


@dataclass(frozen=True)
class ActionApplied:
    """``seat`` did ``action`` and the engine accepted it. ``kind`` is ``"bid"`` (any
    bidding action), ``"card"``, ``"belote"`` or ``"declare"``; ``action`` its public text:
    the record string (``"pass"``, ``"80 H"``, ``"KH"``, ``"belote"``) except for a
    declaration, whose cards are shown only after the first trick: ``"declare"`` and the
    ``annonces``' kinds (``"declare tierce / carre"``). ``move``: the same action as a
    structured move (:func:`belote.engine.views.move_json`, the type of the views'
    ``legal_moves``; a declaration's annonces by kind, their points and cards None), so that
    no client parses ``action``; derived from it, so not compared (None: none given)."""

    deal_index: int
    seat: Seat
    action: str
    kind: str = "bid"
    annonces: tuple[str, ...] = ()
    move: Mapping[str, Any] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.move is not None:  # one move read by every subscriber: read-only all through
            object.__setattr__(self, "move", _frozen(self.move))

    def to_json(self) -> dict[str, Any]:
        return {"kind": "action", "deal_index": self.deal_index, "seat": int(self.seat),
                "action": self.action, "action_kind": self.kind,
                "annonces": list(self.annonces),
                "move": None if self.move is None else _plain(self.move)}


def _frozen(value: Any) -> Any:
    """``value`` read-only all through: a mapping as a :class:`~types.MappingProxyType` over
    a copy, a list or tuple as a tuple, each item likewise."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


def _plain(value: Any) -> Any:
    """A fresh JSON-ready copy of what :func:`_frozen` gives: dicts and lists."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _declared(kinds: tuple[str, ...]) -> tuple[str, list[dict[str, Any]]]:
    """A declaration as every seat hears it: its public text (``"declare tierce / carre"``)
    and its annonces by kind, points and cards not yet public."""
    return ("declare " + " / ".join(kinds),
            [{"kind": k, "points": None, "cards": None} for k in kinds])


@dataclass(frozen=True)
class ContractMade:
    """The bidding ended with ``contract`` (taker, trump, value, doubling); ``turned``: the
    turned card the taker took or turned down (None in an auction preset)."""

    deal_index: int
    contract: Contract
    turned: int | None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "contract", "deal_index": self.deal_index,
                "contract": self.contract.to_json(),
                "turned": None if self.turned is None else card_str(self.turned)}


def contract_made(deal: Deal, deal_index: int) -> ContractMade:
    """The :class:`ContractMade` of ``deal`` (its bidding over). Raises ValueError when it
    has no contract."""
    if deal.contract is None:
        raise ValueError("the deal has no contract")
    return ContractMade(deal_index, deal.contract, deal.turned)


@dataclass(frozen=True)
class BeloteSaid:
    """``seat`` said belote (``rebelote`` False, with the first of its trump K and Q) or
    rebelote (with the second); docs/sources.md §5 / seed 002: 20 points for the team that says
    both."""

    deal_index: int
    seat: Seat
    rebelote: bool

    def to_json(self) -> dict[str, Any]:
        return {"kind": "belote", "deal_index": self.deal_index, "seat": int(self.seat),
                "rebelote": self.rebelote}


@dataclass(frozen=True)
class TrickWon:
    """Trick ``number`` (1-based) is over: ``cards`` in playing order from ``leader``; the
    ``winner`` seat takes ``points`` card points (the dix de der included on the last trick)."""

    deal_index: int
    number: int
    leader: Seat
    cards: tuple[int, ...]
    winner: Seat
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": "trick", "deal_index": self.deal_index, "number": self.number,
                "leader": int(self.leader), "cards": [card_str(c) for c in self.cards],
                "winner": int(self.winner), "points": self.points}


def trick_won(deal: Deal, deal_index: int, number: int) -> TrickWon:
    """The :class:`TrickWon` of ``deal``'s trick ``number`` (1-based, a finished trick), its
    points as the engine counted them (``Deal.trick_points``: the dix de der included on
    the last trick). Raises IndexError for a trick not yet finished."""
    leader, cards, winner = deal.tricks[number - 1]
    return TrickWon(deal_index, number, Seat(leader), tuple(cards), Seat(winner),
                    deal.trick_points[number - 1])


@dataclass(frozen=True)
class AnnoncesShown:
    """The first trick of deal ``deal_index`` is over: the declared annonces are shown (001
    "montre sa combinaison au début du deuxième pli"), ``annonces`` a ``(seat, annonces)``
    pair for each seat that declared, seat order (:func:`~belote.engine.events.shown_annonces`
    for their JSON: kind, points, cards)."""

    deal_index: int
    annonces: tuple[tuple[Seat, tuple[Annonce, ...]], ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": "annonces_shown", "deal_index": self.deal_index,
                "annonces": en.shown_annonces(self.annonces)}


@dataclass(frozen=True)
class DealEnded:
    """The deal is over: ``result`` is None for a passed-out deal (``passed_out``: its hands
    are not shown: nothing but the result is told); ``mark`` the points each team marks for
    it (held litige points included, index = team), ``scores`` the game's totals after it.
    The finished deal itself (every card, now public) is
    :meth:`Table.finished_deal(deal_index) <belote.table.Table.finished_deal>`."""

    deal_index: int
    result: DealResult | None
    mark: tuple[int, int]
    scores: tuple[int, int]
    passed_out: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"kind": "deal_ended", "deal_index": self.deal_index,
                "passed_out": self.passed_out,
                "result": None if self.result is None else self.result.to_json(),
                "mark": list(self.mark), "scores": list(self.scores)}


@dataclass(frozen=True)
class GameEnded:
    """The game is over: ``scores`` per team, ``winner`` the winning team (None on a tie)."""

    scores: tuple[int, int]
    winner: int | None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "game_ended", "scores": list(self.scores), "winner": self.winner}


@dataclass(frozen=True)
class SeatJoined:
    """``seat`` is now held by a player of ``kind`` (``"human"``, ``"bot"``, ``"remote"``)
    called ``name``."""

    seat: Seat
    kind: str
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": "seat_joined", "seat": int(self.seat), "player": self.kind,
                "name": self.name}


@dataclass(frozen=True)
class SeatLeft:
    """The player of ``seat`` left; the seat waits for another (no action is taken for it)."""

    seat: Seat

    def to_json(self) -> dict[str, Any]:
        return {"kind": "seat_left", "seat": int(self.seat)}


@dataclass(frozen=True)
class Saved:
    """The game was saved: ``where`` names the place (a path for the file store; a server
    does not send it to clients: :meth:`to_json` leaves it out)."""

    where: str
    finished: bool

    def to_json(self) -> dict[str, Any]:
        return {"kind": "saved", "finished": self.finished}


@dataclass(frozen=True)
class SaveFailed:
    """A save failed (``error``: the store's exception, an :class:`OSError` when the file
    store's medium fails, a :class:`~belote.engine.errors.BeloteError` such as
    :class:`~belote.table.store.StoreError` otherwise); the game stays in memory,
    :meth:`Table.save` retries. :meth:`to_json` gives the error's code only."""

    error: Exception

    def to_json(self) -> dict[str, Any]:
        return {"kind": "save_failed", "code": _error_code(self.error)}


@dataclass(frozen=True)
class BotFailed:
    """The bot of ``seat`` raised or returned an action the engine refused; the seat waits
    (a bug to report: the table does not guess an action). ``code``: the error's catalog code
    (``"error"`` for an exception that is no BeloteError), ``error_type`` its class name.
    The exception itself (whose message may name a card of the bot's hand) is logged by the
    table (logger ``belote.table.table``), never carried."""

    seat: Seat
    code: str
    error_type: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": "bot_failed", "seat": int(self.seat), "code": self.code,
                "error_type": self.error_type}


def bot_failed(seat: Seat | int, error: Exception) -> BotFailed:
    """The public :class:`BotFailed` of ``error`` raised for ``seat``'s bot."""
    return BotFailed(Seat(seat), _error_code(error), type(error).__name__)


@dataclass(frozen=True)
class JournalFailed:
    """The table's journal (:class:`Table(journal=…) <belote.table.Table>`) raised on
    ``seat``'s action in deal ``deal_index``: the table is closed (it takes no action
    afterwards) and no event of that action is delivered, so that the journal and the game
    told to subscribers cannot diverge. ``code``: the error's catalog code (``"error"`` for an
    exception that is no BeloteError), ``error_type`` its class name; the exception itself is
    raised to :meth:`Table.act <belote.table.Table.act>`'s caller (a person's action) or logged
    (a bot's, logger ``belote.table.table``), never carried."""

    deal_index: int
    seat: Seat
    code: str
    error_type: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": "journal_failed", "deal_index": self.deal_index,
                "seat": int(self.seat), "code": self.code, "error_type": self.error_type}


def journal_failed(deal_index: int, seat: Seat | int, error: BaseException) -> JournalFailed:
    """The public :class:`JournalFailed` of ``error`` raised by the journal."""
    code = _error_code(error) if isinstance(error, Exception) else "error"
    return JournalFailed(deal_index, Seat(seat), code, type(error).__name__)


Event = (DealStarted | ActionApplied | ContractMade | BeloteSaid | TrickWon | AnnoncesShown
         | DealEnded | GameEnded | SeatJoined | SeatLeft | Saved | SaveFailed | BotFailed
         | JournalFailed)


def _applied(event: en.ActionEvent, deal_index: int,
             words: Mapping[str, str]) -> ActionApplied:
    """The :class:`ActionApplied` of a move's first engine event (its action); ``words``:
    the preset's names of the double (:func:`~belote.engine.views.double_words`)."""
    if isinstance(event, en.CardPlayed):
        return ActionApplied(deal_index, event.seat, card_str(event.card), "card",
                             move=move_json(Play(event.card), words))
    if isinstance(event, en.BeloteClaimed):
        return ActionApplied(deal_index, event.seat, "belote", "belote",
                             move=move_json(BELOTE, words))
    if isinstance(event, en.AnnonceDeclared):
        text, annonces = _declared(event.kinds)
        return ActionApplied(deal_index, event.seat, text, "declare", event.kinds,
                             move_json(Declare(()), words, annonces=annonces, text=text))
    return ActionApplied(deal_index, event.seat, str(event.action), "bid",
                         move=move_json(event.action, words))


def _during(event: en.Event, deal_index: int, words: Mapping[str, str]) -> Event | None:
    """The table's event of an engine event of a deal in play (None: told at its end)."""
    if isinstance(event, en.BidMade | en.CardPlayed | en.BeloteClaimed | en.AnnonceDeclared):
        return _applied(event, deal_index, words)
    if isinstance(event, en.ContractSet):
        return ContractMade(deal_index, event.contract, event.turned)
    if isinstance(event, en.BeloteSaid):
        return BeloteSaid(deal_index, event.seat, event.rebelote)
    if isinstance(event, en.TrickWon):
        return TrickWon(deal_index, event.number, event.leader, event.cards, event.winner,
                        event.points)
    if isinstance(event, en.AnnoncesShown):
        return AnnoncesShown(deal_index, event.annonces)
    return None


def from_engine(told: tuple[en.Event, ...], deal_index: int,
                words: Mapping[str, str]) -> tuple[list[Event], list[Event]]:
    """The table's events of one move of deal ``deal_index``, from the engine's (``told``:
    what :meth:`Game.apply <belote.engine.game.Game.apply>` returned; ``words``: the
    preset's names of the double, for the moves), in their order: those
    of the deal in play (:class:`ActionApplied` first), and those of its end (none unless the
    move ended it: :class:`DealEnded`, then :class:`DealStarted` of the next deal or
    :class:`GameEnded`), which the table tells once it has saved."""
    during: list[Event] = []
    after: list[Event] = []
    result: DealResult | None = None
    passed_out = False
    for event in told:
        if isinstance(event, en.DealScored):
            result = event.result
        elif isinstance(event, en.DealPassedOut):
            passed_out = True
        elif isinstance(event, en.DealMarked):
            after.append(DealEnded(deal_index, result, event.mark, event.scores, passed_out))
        elif isinstance(event, en.DealDealt):
            after.append(DealStarted(deal_index + 1, event.dealer, event.to_move, event.turned))
        elif isinstance(event, en.GameOver):
            after.append(GameEnded(event.outcome.scores, event.outcome.winner))
        else:
            told_now = _during(event, deal_index, words)
            if told_now is not None:
                during.append(told_now)
    return during, after

__all__ = ["ActionApplied", "AnnoncesShown", "BeloteSaid", "BotFailed", "ContractMade", "DealEnded",
           "DealStarted", "Event", "GameEnded", "JournalFailed", "SaveFailed", "Saved",
           "SeatJoined", "SeatLeft", "TrickWon", "bot_failed", "contract_made",
           "deal_started", "from_engine", "journal_failed", "trick_won"]
