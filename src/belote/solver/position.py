"""A card-play position for the solvers: four hands, the contract kind, the trick in progress
and the points already won. Built by hand, or from a :class:`~belote.engine.deal.Deal`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.cards import Trump, TrumpTables, iter_cards, popcount, tables
from ..engine.errors import BeloteError
from ..engine.play import PlayRules
from ..engine.rules import Rules

if TYPE_CHECKING:
    from ..engine.deal import Deal


class PositionError(BeloteError):
    """A position that cannot occur (cards twice, hands of wrong sizes, a full trick…), or a
    solver argument out of range (``position.*`` and ``solver.*`` codes)."""

    default_code = "position.bad"


@dataclass
class Position:
    """Card-play position.

    :param hands: 4 masks, seat 0..3 (unplayed cards).
    :param trump: the contract kind.
    :param rules: rules that affect play (``must_underruff``, ``must_beat_in_suit``,
        ``must_overtrump_partner``, ``sa_ace_points``, ``deck``).
    :param leader: seat that led the trick in progress (or leads the next one).
    :param trick: cards already on the trick, leader first (0–3).
    :param points: card points already won per team ``[team 0, team 1]``.
    :param tricks: tricks already won per team ``[team 0, team 1]`` (they only matter for a
        capot bonus: a team that has won a trick is safe from a capot).
    """

    hands: list[int]
    trump: Trump
    rules: Rules
    leader: int = 0
    trick: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0])

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise PositionError("rules: a belote.engine.Rules is needed", code="position.no_rules")
        if not isinstance(self.trump, Trump):
            raise PositionError(f"trump: a belote.engine.Trump (a suit, SA or TA), not "
                                f"{self.trump!r}", code="position.bad_trump",
                                params={"value": repr(self.trump)})
        deck = (1 << self.rules.deck) - 1 if self.rules.deck == 36 else (1 << 32) - 1
        self._check_hands(deck)
        if self.leader not in (0, 1, 2, 3):
            raise PositionError(f"leader: a seat 0..3, not {self.leader!r}",
                                code="position.bad_leader", params={"value": repr(self.leader)})
        for name in ("points", "tricks"):
            v = getattr(self, name)
            if not (isinstance(v, (list, tuple)) and len(v) == 2 and
                    all(isinstance(x, int) and 0 <= x <= 10_000 for x in v)):
                raise PositionError(f"{name}: two counts >= 0 (team 0, team 1), not {v!r}",
                                    code="position.bad_counts",
                                    params={"name": name, "value": repr(v)})
        self._check_cards(deck)
        self._check_sizes()

    def _check_hands(self, deck: int) -> None:
        """Four masks of cards of the deck (``deck``: its mask)."""
        if not isinstance(self.hands, (list, tuple)) or len(self.hands) != 4:
            raise PositionError("four hands are needed", code="position.four_hands")
        for h in self.hands:
            if not isinstance(h, int) or h < 0 or h & ~deck:
                raise PositionError(f"a hand is a mask of cards of the {self.rules.deck}-card "
                                    f"deck: {h!r}", code="position.bad_hand",
                                    params={"deck": self.rules.deck, "value": repr(h)})

    def _check_cards(self, deck: int) -> None:
        """The trick holds at most 3 cards of the deck, and no card is twice in the trick and
        the hands."""
        if not isinstance(self.trick, (list, tuple)):
            raise PositionError("trick: a list of cards", code="position.bad_trick")
        seen = 0
        for c in self.trick:
            if not isinstance(c, int) or not 0 <= c < 36 or not (deck >> c) & 1:
                raise PositionError(f"trick: {c!r} is not a card of the {self.rules.deck}-card "
                                    "deck", code="position.bad_trick_card",
                                    params={"value": repr(c), "deck": self.rules.deck})
            if (seen >> c) & 1:
                raise PositionError("a card is played twice", code="position.card_twice")
            seen |= 1 << c
        for h in self.hands:
            if h & seen:
                raise PositionError("a card is both in a hand and on the trick",
                                    code="position.card_in_hand_and_trick")
            seen |= h
        if len(self.trick) > 3:
            raise PositionError("a trick in progress holds at most 3 cards",
                                code="position.full_trick")

    def _check_sizes(self) -> None:
        """The seats that already played to the trick hold one card fewer than the others."""
        sizes = [popcount(h) for h in self.hands]
        n = len(self.trick)
        exp = [sizes[(self.leader + n) % 4] - (1 if k < n else 0) for k in range(4)]
        for k in range(4):
            seat = (self.leader + k) % 4
            if sizes[seat] != exp[k]:
                raise PositionError(f"hand sizes do not fit the trick: {sizes}",
                                    code="position.bad_sizes", params={"sizes": sizes})

    # -- derived --------------------------------------------------------------------------
    @property
    def tables(self) -> TrumpTables:
        return tables(self.trump, self.rules.sa_ace_points, self.rules.deck)

    @property
    def play(self) -> PlayRules:
        """The card-play obligations of :attr:`rules`."""
        return PlayRules.of(self.rules)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def tricks_left_total(self) -> int:
        """Tricks not yet complete, the one in progress included."""
        return (sum(popcount(h) for h in self.hands) + len(self.trick)) // 4

    def remaining_points(self) -> int:
        """Card points still to be won (table and hands), dix de der included if still due."""
        p = self.tables.points
        rem = sum(p[c] for c in self.trick) + sum(p[c] for h in self.hands for c in iter_cards(h))
        return rem + (10 if self.tricks_left_total() > 0 else 0)

    def won_flags(self) -> int:
        """Bit 0: team 0 has won a trick; bit 1: team 1 has."""
        return (1 if self.tricks[0] else 0) | (2 if self.tricks[1] else 0)

    def final_total(self) -> int:
        return self.points[0] + self.points[1] + self.remaining_points()

    def after(self, card: int) -> Position:
        """The position after the player to move plays ``card`` (unchecked)."""
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        trick = self.trick + [card]
        points = list(self.points)
        tricks = list(self.tricks)
        leader = self.leader
        if len(trick) == 4:
            tt = self.tables
            w = (leader + tt.winner_index(trick)) % 4
            last = not any(hands)
            points[w % 2] += sum(tt.points[x] for x in trick) + (10 if last else 0)
            tricks[w % 2] += 1
            trick, leader = [], w
        return Position(hands, self.trump, self.rules, leader, trick, points, tricks)

    @classmethod
    def from_deal(cls, deal: Deal) -> Position:
        """The card-play position of a deal in play (it reads every hand: for analysis and
        double-dummy search, never for a bot)."""
        if deal.contract is None:
            raise PositionError("the deal has no contract yet", code="position.no_contract")
        tricks = [0, 0]
        for _leader, _cards, w in deal.tricks:
            tricks[w % 2] += 1
        return cls(list(deal.hands), deal.contract.trump, deal.rules, deal.leader,
                   list(deal.trick), list(deal.points), tricks)
