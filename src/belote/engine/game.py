"""A game: deals until a target score or a fixed count of taken deals (docs/sources.md §8).

* The first dealer is drawn at random (002 §IV.C); the deal then passes to the right, i.e. to
  seat ``dealer.next()`` in playing order.
* All pass: the cards are gathered and dealt again, by the same dealer or the next one
  (option ``passed_out_dealer``: 003 same, 004 next). Passed-out deals never count.
* Target games end after the deal in which a team reaches the target; the higher total wins; an
  exact tie adds one more deal (001). ``deals`` games end after that many taken deals (000: 12
  *donnes prises effectives*; 003: 12 *cartées*).
* Litige points are held and go to the team that makes the next contract (001,
  ``litige_to="next_made"``) or wins the next deal (000, ``"next_winner"``).
* ``shuffle="cut"`` (004): the pack is never shuffled again; the tricks are gathered in the order
  they were played and the pack is only cut.
"""

from __future__ import annotations

import random

from . import events as ev
from .actions import Action
from .cards import iter_cards
from .deal import Deal, LegalActions, Phase, cut_deck, shuffled_deck
from .errors import BeloteError, IllegalAction
from .rules import GameEnd, LitigeTo, PassedOutDealer, Rules, Shuffle
from .scoring import DealResult
from .seats import Seat, seat_after


class Game:
    """A game in progress, from ``seed`` (a whole number; None draws one): the same seed gives
    the same first dealer (:func:`first_dealer_of`) and the same packs (:func:`deal_pack`).
    ``deals`` lists every finished deal (passed-out ones included); ``current`` is the deal
    being played (None once the game is over); ``scores`` are the running totals per team
    (points); ``dealer`` the current dealer (a :class:`~belote.engine.seats.Seat`).
    ``commitment``: the published SHA-256 commitment of the seed
    (:func:`belote.engine.provenance.commitment`, 64 hex digits) for a game dealt from a secret
    seed, kept for its record; None otherwise (it is not checked here). Raises BeloteError
    ``game.bad_seed`` (a ValueError) for a seed that is not an int (a bool, a text: the record
    could not be read back)."""

    def __init__(self, rules: Rules, seed: int | None = None, first_dealer: int | None = None,
                 commitment: str | None = None):
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise BeloteError(f"a game's seed is a whole number, not {seed!r}",
                              code="game.bad_seed", params={"value": repr(seed)})
        self.rules = rules
        self.seed = random.SystemRandom().randrange(2**53) if seed is None else seed
        self.commitment = commitment
        self.first_dealer: Seat = (first_dealer_of(self.seed) if first_dealer is None
                                   else seat_after(first_dealer, 0))
        self.dealer: Seat = self.first_dealer
        self.scores = [0, 0]
        self.held = 0
        self.taken = 0
        self.deals: list[Deal] = []
        self.marks: list[list[int]] = []  # points marked per finished deal (held points included)
        self.pack: list[int] | None = None
        self.misdeals = 0  # consecutive misdeals by the current dealer (002 §VIII.A)
        self.current: Deal | None = None
        self._next_deal()

    # -- flow -----------------------------------------------------------------------------
    def _next_deal(self, deck: list[int] | None = None) -> None:
        r = self.rules
        if deck is None:
            deck = deal_pack(r, self.seed, len(self.deals), self.pack)
        last = r.game_end == GameEnd.DEALS and self.taken == r.deals - 1
        self.current = Deal.deal(r, self.dealer, deck, last_deal=last)
        if r.misdeal_penalty and self.misdeals == 2:
            self.current.barred_team = self.dealer.team

    def is_over(self) -> bool:
        """Whether the game is over (``current`` is then None)."""
        return self.current is None

    @property
    def to_move(self) -> Seat | None:
        """The seat to move in the current deal; None once the game is over."""
        return self.current.to_move if self.current else None

    def legal_actions(self) -> LegalActions:
        """The legal actions of the current deal (empty once the game is over)."""
        if self.current is None:
            return LegalActions([])
        return self.current.legal_actions()

    def play(self, action: Action | str, seat: int | None = None) -> tuple[ev.Event, ...]:
        """Checked action on the current deal (:meth:`Deal.judge` once, then :meth:`apply`);
        starts the next deal when it ends. Returns the move's events (the deal's, then
        :meth:`finish_deal`'s). Raises what :meth:`Deal.play` raises, :class:`IllegalAction`
        ``illegal.game_over`` once the game is over."""
        if self.current is None:
            raise IllegalAction("the game is over", rule="game_over", seat=seat)
        return self.apply(self.current.judge(action, seat))

    def misdeal(self) -> tuple[ev.Event, ...]:
        """The dealer misdealt (a card turned over, a wrong count…): the deal is cancelled before
        any bid and dealt again by the same dealer (002 §VIII.A, 004). With
        ``rules.misdeal_penalty``: at the second misdeal in a row the dealer's team may not take
        on the new deal; at the third, ``misdeal_penalty`` points go to the other team.
        Returns the events (:class:`~belote.engine.events.DealMarked`, then
        :class:`~belote.engine.events.DealDealt`).

        :raises IllegalAction: once a bid has been made, or when the game is over."""
        d = self.current
        if d is None:
            raise IllegalAction("the game is over", rule="game_over")
        if d.bids or d.phase != Phase.BIDDING:
            raise IllegalAction("a misdeal is called before the first bid (002 §VIII.A)",
                                rule="misdeal_late", params={"cite": "002 §VIII.A"})
        r = self.rules
        d.misdealt = True
        self.deals.append(d)
        self.misdeals += 1
        mark = [0, 0]
        if r.misdeal_penalty and self.misdeals >= 3:
            mark[1 - self.dealer.team] = r.misdeal_penalty
            self.misdeals = 0
        self.scores = [self.scores[0] + mark[0], self.scores[1] + mark[1]]
        self.marks.append(mark)
        self._next_deal()
        return self._marked(mark), self._dealt()

    def apply(self, action: Action, events: bool = True) -> tuple[ev.Event, ...]:
        """Unchecked action (judged by :meth:`Deal.judge`, or bots and search) on the current
        deal (the game is not over): :meth:`Deal.apply`, then :meth:`finish_deal` when the
        deal ends. Returns the move's events (``()`` with ``events`` False, as
        :meth:`Deal.apply`)."""
        assert self.current is not None, "the game is over"
        told = self.current.apply(action, events)
        if self.current.is_over():
            marked = self.finish_deal()
            if events:
                told += marked
        return told

    def finish_deal(self, next_deck: list[int] | None = None) -> tuple[ev.Event, ...]:
        """Mark the finished current deal, move the dealer, start the next deal or end.
        Returns the events: :class:`~belote.engine.events.DealMarked`, then
        :class:`~belote.engine.events.DealDealt` or :class:`~belote.engine.events.GameOver`."""
        d = self.current
        assert d is not None, "the game is over"
        r = self.rules
        self.deals.append(d)
        self.pack = gathered_pack(d)
        self.misdeals = 0
        mark = [0, 0]
        if d.passed_out:
            if r.passed_out_dealer == PassedOutDealer.NEXT:
                self.dealer = self.dealer.next()
        else:
            res = d.result
            assert res is not None and d.contract is not None
            mark, self.held = deal_mark(r, res, d.contract.team, self.held)
            self.taken += 1
            self.dealer = self.dealer.next()
        self.marks.append(mark)
        self.scores = [self.scores[0] + mark[0], self.scores[1] + mark[1]]
        if self._ended():
            self.current = None
            outcome = self.outcome()
            assert outcome is not None
            return self._marked(mark), ev.GameOver(outcome)
        self._next_deal(next_deck)
        return self._marked(mark), self._dealt()

    def _marked(self, mark: list[int]) -> ev.DealMarked:
        return ev.DealMarked((mark[0], mark[1]), (self.scores[0], self.scores[1]), self.held)

    def _dealt(self) -> ev.DealDealt:
        d = self.current
        assert d is not None and d.to_move is not None
        return ev.DealDealt(d.dealer, d.to_move, d.turned, d.barred_team)

    def _ended(self) -> bool:
        r = self.rules
        if r.game_end == GameEnd.DEALS:
            return self.taken >= r.deals
        return max(self.scores) >= r.target and self.scores[0] != self.scores[1]

    def outcome(self) -> ev.Outcome | None:
        """How the game ended (:class:`~belote.engine.events.Outcome`: scores and winner),
        None while it is played."""
        if not self.is_over():
            return None
        return ev.Outcome((self.scores[0], self.scores[1]), self.winner)

    @property
    def winner(self) -> int | None:
        """The winning team once the game is over (None while playing, or on an exact tie of
        a game of deals)."""
        if not self.is_over() or self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1


def first_dealer_of(seed: int) -> Seat:
    """The first dealer of a game from ``seed``, drawn at random (002 §IV.C) from
    ``random.Random(f"{seed}/dealer")``."""
    return seat_after(random.Random(f"{seed}/dealer").randrange(4), 0)


def deal_pack(rules: Rules, seed: int, n: int, gathered: list[int] | None) -> list[int]:
    """The pack (card indices, top first, after the cut) of deal ``n`` (0-based; every deal
    counts, passed-out and misdealt ones too) of a game from ``seed``. One generator per deal,
    ``random.Random(f"{seed}/{n}")``, so that a saved game resumes exactly and a revealed seed
    gives every pack again: the pack is shuffled then cut (002 §IV.A–B); with
    ``shuffle="cut"`` (004), once a deal has been gathered (``gathered``: the pack
    :func:`gathered_pack` gives after the last finished deal; None before the first), it is
    only cut."""
    rng = random.Random(f"{seed}/{n}")
    if rules.shuffle == Shuffle.FULL or gathered is None:
        return shuffled_deck(rules, rng)
    return cut_deck(gathered, rng)


def deal_mark(rules: Rules, result: DealResult, taker_team: int,
              held: int) -> tuple[list[int], int]:
    """What a finished, taken deal marks per team (points) with the ``held`` litige points of
    the deals before carried in (docs/sources.md §7): to ``taker_team`` when its contract is made
    (001), to the defence when it fails under ``litige_to="next_winner"`` (000), else still
    held. Returns the marks ``[team 0, team 1]`` and the points held after the deal (those
    still held plus the deal's own litige, ``result.held``)."""
    mark = list(result.score)
    if held and result.made is not None:
        if result.made:  # both litige_to rules: to the team making the next contract
            mark[taker_team] += held
            held = 0
        elif rules.litige_to == LitigeTo.NEXT_WINNER:
            mark[1 - taker_team] += held
            held = 0
    return mark, held + result.held


def gathered_pack(deal: Deal) -> list[int]:
    """The pack as gathered after a deal, for cut-only dealing (004): the tricks in the order
    they were played, each in playing order; after a passed-out deal, each hand from the
    dealer's right, then the turned card and the rest of the pack."""
    if deal.tricks:
        return [c for _ld, cards, _w in deal.tricks for c in cards]
    out: list[int] = []
    for k in range(1, 5):
        out.extend(iter_cards(deal.hands[deal.dealer.next(k)]))
    if deal.turned is not None:
        out.append(deal.turned)
    out.extend(deal.stock)
    return out
