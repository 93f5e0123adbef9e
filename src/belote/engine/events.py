"""What a move did: the engine's typed events, returned by :meth:`Deal.apply
<belote.engine.deal.Deal.apply>`, :meth:`Deal.play <belote.engine.deal.Deal.play>`,
:meth:`Game.apply <belote.engine.game.Game.apply>` and :meth:`Game.play
<belote.engine.game.Game.play>` as a tuple, in the order they happened.

A move's first event is its action, one of :data:`ActionEvent`: :class:`BidMade`,
:class:`BeloteClaimed`, :class:`AnnonceDeclared` or :class:`CardPlayed`. What follows is what
it caused: :class:`ContractSet` or :class:`DealPassedOut` (the bidding's end),
:class:`BeloteSaid` (with the card that carries it), :class:`TrickWon`,
:class:`AnnoncesShown` (after the first trick), :class:`DealScored`; a :class:`Game` adds
:class:`DealMarked`, then :class:`DealDealt` (the next deal) or :class:`GameOver`.

Events are public facts: each holds only what every seat and every spectator may know when it
happens (no card of a hand not yet played; a declaration's kinds, its cards only once they are
shown at the second trick, 001 "montre sa combinaison au début du deuxième pli"). Together they
tell a deal whole: the record's bids, belotes, annonces and plays, and its result
(tests/test_events.py rebuilds every preset's records from them). :meth:`to_json` of each is a
dict of JSON-ready facts with a ``"kind"`` key.

Seats are :class:`~belote.engine.seats.Seat` 0..3 in playing order, cards card ids
(:func:`~belote.engine.cards.card_str` for their text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action
from .annonces import Annonce, annonce_str
from .cards import NCARDS, card_str
from .scoring import Contract, DealResult
from .seats import Seat


def _card(card: int | None) -> str | None:
    return None if card is None else card_str(card)


@dataclass(frozen=True, slots=True)
class BidMade:
    """``seat`` made the bidding action ``action`` (pass, take, a suit, a bid, capot,
    générale, contre, surcontre)."""

    seat: Seat
    action: Action

    def to_json(self) -> dict[str, Any]:
        return {"kind": "bid", "seat": int(self.seat), "action": str(self.action)}


@dataclass(frozen=True, slots=True)
class BeloteClaimed:
    """``seat`` said "belote" (the action ``belote``): the card it plays next is the first of
    its trump king and queen (:class:`BeloteSaid` follows with that card; 001 "Belote et
    rebelote", docs/rules-notes.md "Belote")."""

    seat: Seat

    def to_json(self) -> dict[str, Any]:
        return {"kind": "belote_claimed", "seat": int(self.seat)}


@dataclass(frozen=True, slots=True)
class AnnonceDeclared:
    """``seat`` declared annonces with its first card (001): their ``kinds`` (``"tierce"``,
    ``"cinquante"``, ``"cent"``, ``"carre"``) in the declaration's order; their cards are told
    by :class:`AnnoncesShown` after the first trick."""

    seat: Seat
    kinds: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": "annonce_declared", "seat": int(self.seat), "kinds": list(self.kinds)}


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card``."""

    seat: Seat
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": "card", "seat": int(self.seat), "card": card_str(self.card)}


#: ``CARD_PLAYED[seat][card] == CardPlayed(seat, card)``: one shared instance a seat and a card,
#: which the engine returns rather than building one a card (an event is an immutable value)
CARD_PLAYED: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple(CardPlayed(seat, card) for card in range(NCARDS)) for seat in Seat)


#: the first event of every move: the action itself, as every seat hears it
ActionEvent = BidMade | BeloteClaimed | AnnonceDeclared | CardPlayed


@dataclass(frozen=True, slots=True)
class ContractSet:
    """The bidding ended with ``contract``; ``turned``: the turned card the taker took or
    turned down (None in an auction preset)."""

    contract: Contract
    turned: int | None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "contract", "contract": self.contract.to_json(),
                "turned": _card(self.turned)}


@dataclass(frozen=True, slots=True)
class DealPassedOut:
    """Every seat passed: the deal is over, unplayed (its hands are never shown; 003, 004)."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": "passed_out"}


@dataclass(frozen=True, slots=True)
class BeloteSaid:
    """``seat`` played ``card``, the first of its trump king and queen after claiming belote
    (``rebelote`` False), or the second (``rebelote`` True): 20 points to the team that says
    both (001: « belote » en posant la première de ces deux cartes, et « rebelote » en
    posant la seconde)."""

    seat: Seat
    rebelote: bool
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": "belote", "seat": int(self.seat), "rebelote": self.rebelote,
                "card": card_str(self.card)}


@dataclass(frozen=True, slots=True)
class TrickWon:
    """Trick ``number`` (1-based) is over: ``cards`` in playing order from ``leader``; the
    ``winner`` takes ``points`` card points by the contract's trump, the dix de der (10)
    included on the last trick (001: "les 10 points du dernier pli, le « dix de der »")."""

    number: int
    leader: Seat
    cards: tuple[int, ...]
    winner: Seat
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": "trick", "number": self.number, "leader": int(self.leader),
                "cards": [card_str(c) for c in self.cards], "winner": int(self.winner),
                "points": self.points}


@dataclass(frozen=True, slots=True)
class AnnoncesShown:
    """The first trick is over: the declared annonces are shown (001), ``annonces`` a
    ``(seat, annonces)`` pair for each seat that declared, seat order."""

    annonces: tuple[tuple[Seat, tuple[Annonce, ...]], ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": "annonces_shown", "annonces": shown_annonces(self.annonces)}


def shown_annonces(annonces: tuple[tuple[Seat, tuple[Annonce, ...]], ...]
                   ) -> dict[str, list[dict[str, Any]]]:
    """``{"seat": [{"kind", "points", "cards"}, …]}`` of shown annonces, as the views show
    them from the second trick (``cards``: their record text, ``"TH JH QH"``)."""
    return {str(int(seat)): [{"kind": a.kind, "points": a.points, "cards": annonce_str(a)}
                             for a in lst] for seat, lst in annonces}


@dataclass(frozen=True, slots=True)
class DealScored:
    """The last trick is over and the deal is scored: ``result`` (every rule of the preset
    applied; :class:`~belote.engine.scoring.DealResult`)."""

    result: DealResult

    def to_json(self) -> dict[str, Any]:
        return {"kind": "deal_scored", "result": self.result.to_json()}


@dataclass(frozen=True, slots=True)
class DealMarked:
    """The game marked its finished deal (passed out, misdealt or scored): ``mark`` the points
    each team marks for it (held litige points included, index = team; 001, 000), ``scores``
    the game's totals after it, ``held`` the litige points still held."""

    mark: tuple[int, int]
    scores: tuple[int, int]
    held: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"kind": "deal_marked", "mark": list(self.mark), "scores": list(self.scores),
                "held": self.held}


@dataclass(frozen=True, slots=True)
class DealDealt:
    """The game dealt its next deal: ``dealer`` dealt it, ``to_move`` speaks first,
    ``turned`` the turned-up card (public; None in an auction preset), ``barred_team`` the
    team that may only pass after two misdeals in a row (002 §VIII.A), else None."""

    dealer: Seat
    to_move: Seat
    turned: int | None = None
    barred_team: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "deal_dealt", "dealer": int(self.dealer), "to_move": int(self.to_move),
                "turned": _card(self.turned), "barred_team": self.barred_team}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: ``scores`` per team (points), ``winner`` the winning team,
    None on an exact tie (a game of a fixed number of deals only: a target game plays on)."""

    scores: tuple[int, int]
    winner: int | None

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winner": self.winner}


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over: its ``outcome``."""

    outcome: Outcome

    def to_json(self) -> dict[str, Any]:
        return {"kind": "game_over", **self.outcome.to_json()}


Event = (BidMade | BeloteClaimed | AnnonceDeclared | CardPlayed | ContractSet | DealPassedOut
         | BeloteSaid | TrickWon | AnnoncesShown | DealScored | DealMarked | DealDealt
         | GameOver)

__all__ = ["CARD_PLAYED", "ActionEvent", "AnnonceDeclared", "AnnoncesShown", "BeloteClaimed",
           "BeloteSaid", "BidMade", "CardPlayed", "ContractSet", "DealDealt", "DealMarked",
           "DealPassedOut", "DealScored", "Event", "GameOver", "Outcome", "TrickWon",
           "shown_annonces"]
