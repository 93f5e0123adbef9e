"""One deal as a state machine: dealing (chance) → bidding → card play → scoring.

>>> import random
>>> from belote.engine import Deal, Rules
>>> rules = Rules.preset("coinche")
>>> d = Deal.deal(rules, dealer=3, deck=shuffled_deck(rules, random.Random(1)))
>>> d.phase, d.to_move
(<Phase.BIDDING: 'bidding'>, <Seat.S0: 0>)

* :meth:`Deal.legal_actions` is the one source of truth of what may be done: a
  :class:`LegalActions` view (iterate, ``in``, ``len``).
* :meth:`Deal.play` is the checked entry point for untrusted input: it raises
  :class:`~belote.engine.errors.WrongTurn` or :class:`~belote.engine.errors.IllegalAction` whose
  message names the rule broken. :meth:`Deal.apply` is the unchecked fast path for search.
* :meth:`Deal.view` is what one seat may know, as plain data (``to_json()``).

Seats are :class:`~belote.engine.seats.Seat` 0..3 in playing order (counter-clockwise,
000/001/002 §V): ``dealer.next()`` speaks first and leads the first trick. Seats 0 and 2 are
team 0, seats 1 and 3 team 1. ``to_move`` is None once the deal is over.
"""

from __future__ import annotations

import copy
from enum import StrEnum
from typing import TYPE_CHECKING, cast

from . import annonces as ann
from . import events as ev
from .actions import BELOTE, Action, ActionError, Declare, Play, SayBelote, parse_action
from .bidding import apply_bid, bid_refusal, legal_bids
from .cards import (
    KING,
    QUEEN,
    SUIT_OF,
    Trump,
    TrumpTables,
    card_of,
    card_str,
    deck_mask,
    iter_cards,
    tables,
)
from .deck import check_dealer, check_hands, cut_deck, full_deck, shuffled_deck
from .errors import IllegalAction, WrongTurn
from .legal import LegalActions, belote_cards, belote_pairs, well_formed
from .play import PlayRules, legal_cards, refusal, rule_params, rule_text
from .rules import DealKind, Rules, SequenceOrder
from .scoring import Contract, DealResult, belote_points, score_deal
from .seats import Seat, is_seat, seat_after

if TYPE_CHECKING:
    from .views import PublicView, SeatView


class Phase(StrEnum):
    """Where a deal stands: bidding, card play, over."""

    BIDDING = "bidding"
    PLAY = "play"
    DONE = "done"


class Deal:
    """A deal in progress. Build it with :meth:`deal` (from a pack) or :meth:`from_hands`.

    Public attributes (read-only by convention): ``rules``, ``dealer`` (a
    :class:`~belote.engine.seats.Seat`), ``phase``, ``to_move`` (a seat, None once over),
    ``hands`` (4 masks), ``turned`` (card or None), ``bids`` (list of ``(seat, action)``),
    ``contract`` (:class:`~belote.engine.scoring.Contract` or None), ``trick`` (cards on the
    table, leader first), ``leader``, ``tricks`` (list of ``(leader, cards, winner)``),
    ``trick_points`` (each trick's card points, the dix de der in the last one), ``points``
    (card points won per team so far), ``tricks_won`` (per seat), ``belotes``
    (list of ``(seat, suit)`` said), ``declared`` (seat → annonces), ``plays`` (list of
    ``(seat, card)``), ``result`` (:class:`~belote.engine.scoring.DealResult` once over).
    The bidding's own state (``round``, ``passes``, ``best``, ``doubled``, ``barred_team``) is
    described in :class:`~belote.engine.bidding.AuctionState`.
    """

    def __init__(self, rules: Rules, dealer: int, hands: list[int], turned: int | None,
                 stock: list[int], last_deal: bool = False):
        self.rules = rules
        #: the card-play obligations of ``rules``
        self.play_rules = PlayRules.of(rules)
        self.dealer: Seat = seat_after(dealer, 0)
        self.hands = list(hands)
        self.turned = turned
        self.stock = list(stock)
        self.last_deal = last_deal
        #: team barred from taking after a second consecutive misdeal (002 §VIII.A), or None
        self.barred_team: int | None = None
        #: the deal was cancelled as a misdeal before the bidding (002 §VIII.A, 004)
        self.misdealt = False
        self.phase = Phase.BIDDING
        self.to_move: Seat | None = self.dealer.next()
        self.bids: list[tuple[Seat, Action]] = []
        self.round = 1
        self.passes = 0
        self.best: tuple[Seat, Action] | None = None
        self.doubled = 1
        self.contract: Contract | None = None
        self.tt: TrumpTables | None = None
        self.trick: list[int] = []
        self.leader: Seat = self.dealer.next()
        self.tricks: list[tuple[Seat, tuple[int, ...], Seat]] = []
        #: card points each finished trick gave its winner (the dix de der in the last one)
        self.trick_points: list[int] = []
        self.points = [0, 0]
        self.tricks_won = [0, 0, 0, 0]
        self.played_any = [False] * 4
        self.initial_hands: list[int] = []
        self.belote_pending = [False] * 4
        self.belotes: list[tuple[Seat, int]] = []
        #: per seat, the mask of the card that will carry its rebelote (the other of a pair said)
        self.rebelote_due = [0] * 4
        #: seats a record says said belote without the king and queen of trump to say it
        #: with (the referee's irregular claims, kept for the deal's record; never scored)
        self.unheld_belotes: list[int] = []
        self.declared: dict[int, list[ann.Annonce]] = {}
        self.plays: list[tuple[Seat, int]] = []
        self.result: DealResult | None = None
        self.passed_out = False

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, dealer: int, deck: list[int], last_deal: bool = False) -> Deal:
        """Deal ``deck`` (pack order, top card first, after the cut) by packets of
        ``rules.packets`` from the dealer's right (002 §IV.C). A ``retourne`` deal gives 5 cards,
        turns the next one (in ``simplifiee`` the 21st) and keeps the rest for after the take.

        Raises :class:`IllegalAction` (``illegal.bad_seat.dealer``, ``illegal.bad_deck.pack``).
        """
        n = rules.deck
        check_dealer(dealer)
        if not isinstance(deck, (list, tuple)) or any(type(c) is not int for c in deck) \
                or sorted(deck) != full_deck(rules):
            raise IllegalAction(f"a {n}-card pack is needed to deal", rule="bad_deck",
                                code="illegal.bad_deck.pack", params={"deck": n})
        hands = [0, 0, 0, 0]
        pos = 0
        for size in rules.packets:
            for k in range(1, 5):
                seat = seat_after(dealer, k)
                for c in deck[pos:pos + size]:
                    hands[seat] |= 1 << c
                pos += size
        turned = None
        if rules.deal == DealKind.RETOURNE:
            turned = deck[pos]
            pos += 1
        return cls(rules, dealer, hands, turned, list(deck[pos:]), last_deal)

    @classmethod
    def from_hands(cls, rules: Rules, dealer: int, hands: list[int], turned: int | None = None,
                   last_deal: bool = False) -> Deal:
        """A deal from the final hands (what each seat holds when card play starts), as in a
        record. In a two-round deal the turned card is already in its taker's hand: the views of
        the bidding then show the final hands.

        ``hands``: four 32-bit (36-bit for a 36-card pack) masks of the same size, the
        preset's hand size (or 5, a two-round deal saved before the second round), with no
        card twice; full hands make the whole pack. ``turned``: a card (two-round deals only),
        in a hand when the hands are full.

        Raises :class:`IllegalAction` (``rule="bad_seat"`` for the dealer, ``"bad_deck"`` for
        the hands and the turned card; codes ``illegal.bad_seat.dealer``,
        ``illegal.bad_deck.<what>``)."""
        check_dealer(dealer)
        check_hands(rules, hands)
        sizes = {h.bit_count() for h in hands}
        seen = hands[0] | hands[1] | hands[2] | hands[3]
        if turned is not None:
            if rules.deal != DealKind.RETOURNE:
                raise IllegalAction(f"a {rules.preset_name} deal has no turned card",
                                    rule="bad_deck", code="illegal.bad_deck.no_turned",
                                    params={"preset": rules.preset_name})
            full = deck_mask(rules.deck)
            if type(turned) is not int or not 0 <= turned < 36 or not (full >> turned) & 1 \
                    or (sizes == {rules.hand_size} and not (seen >> turned) & 1) \
                    or (sizes == {5} and (seen >> turned) & 1):
                raise IllegalAction(f"bad turned card {turned!r}: a card of the pack, in a "
                                    "hand once the hands are full", rule="bad_deck",
                                    code="illegal.bad_deck.turned",
                                    params={"turned": repr(turned)})
        return cls(rules, dealer, list(hands), turned, [], last_deal)

    def clone(self) -> Deal:
        """An independent copy (for search)."""
        return copy.deepcopy(self)

    # -- queries --------------------------------------------------------------------------
    def is_over(self) -> bool:
        """Whether the deal is over (played out, or passed out): ``to_move`` is then None
        and :meth:`legal_actions` empty."""
        return self.phase == Phase.DONE

    @property
    def trump(self) -> Trump | None:
        return self.contract.trump if self.contract else None

    @property
    def trick_number(self) -> int:
        """Index of the trick in progress, 0-based."""
        return len(self.tricks)

    def seat_to_move(self) -> Seat:
        """The seat to act, for a deal that is not over (:meth:`is_over`). Raises
        :class:`IllegalAction` (``illegal.deal_over``) once it is over (``to_move`` None)."""
        if self.to_move is None:
            raise IllegalAction("the deal is over", rule="deal_over")
        return self.to_move

    _mover = seat_to_move

    def _tables(self) -> TrumpTables:
        """The contract's tables (card play)."""
        assert self.tt is not None, "no contract yet"
        return self.tt

    def _trump(self) -> Trump:
        assert self.contract is not None, "no contract yet"
        return self.contract.trump

    def legal_card_mask(self) -> int:
        """Mask of the cards the player to move may play (card play only)."""
        seat = self._mover()
        mask, _ = legal_cards(self.hands[seat], self.trick, self._tables(), self.play_rules)
        if self.belote_pending[seat]:
            mask &= self.belote_cards_of(seat)
        return mask

    def belote_cards_of(self, seat: int) -> int:
        """The cards ``seat`` may say belote with now (a mask): the king and queen of each
        trump suit of which it still holds both (docs/rules-notes.md "Belote"); card play
        only (asserts a contract)."""
        return belote_cards(self.hands[seat], self._tables())

    def legal_actions(self) -> LegalActions:
        """What the player to move may do (empty when the deal is over)."""
        return LegalActions(self._legal_list())

    def _legal_list(self) -> list[Action]:
        if self.phase == Phase.DONE:
            return []
        seat = self._mover()
        if self.phase == Phase.BIDDING:
            return legal_bids(self, seat)
        mask = self.legal_card_mask()
        out: list[Action] = [Play(c) for c in iter_cards(mask)]
        if not self.belote_pending[seat] and self.belote_cards_of(seat) & mask:
            out.append(BELOTE)
        if self.rules.annonces and not self.played_any[seat] and seat not in self.declared:
            found = ann.find_annonces(self.hands[seat], self._trump())
            if found:
                out.append(Declare(tuple(a.cards for a in found)))
        return out

    # -- acting ---------------------------------------------------------------------------
    def play(self, action: Action | str, seat: int | None = None) -> tuple[ev.Event, ...]:
        """Checked action for untrusted input (a string is parsed first): :meth:`judge`, then
        :meth:`apply`. Returns the move's events (:mod:`belote.engine.events`).

        :param seat: who sends it; a seat whose turn it is not gets :class:`WrongTurn`.
        :raises ActionError: text or an object that is no action (``action.*``).
        :raises IllegalAction: (a ``ValueError``) naming the rule broken, e.g. ``rule ==
            "must_overruff"`` with the message "you must overtrump: an opponent has ruffed…";
            ``code`` ``illegal.<rule>`` (``illegal.deal_over`` once the deal is over).
        """
        return self.apply(self.judge(action, seat))

    def judge(self, action: Action | str, seat: int | None = None) -> Action:
        """The checks of :meth:`play`, nothing applied: the action (parsed) if ``seat`` may
        play it now. Raises what :meth:`play` raises. A caller that must record an action
        before it is applied (the table's journal) judges it, records it, then applies the
        judged action with :meth:`apply` (one judgement: :meth:`play` is just that), so that
        a refused record leaves the deal as it was. The legal list is not built: a card is
        looked up in :meth:`legal_card_mask`."""
        if isinstance(action, str):
            action = parse_action(action)
        elif not well_formed(action):
            raise ActionError(f"not an action: {action!r}", code="action.not_an_object",
                              params={"value": repr(action)})
        if seat is not None and not is_seat(seat):
            raise IllegalAction(f"a seat is 0..3, got {seat!r}", rule="bad_seat",
                                params={"seat": repr(seat)})
        if self.phase == Phase.DONE:
            raise IllegalAction("the deal is over", rule="deal_over", seat=seat)
        mover = self._mover()
        if seat is not None and seat != mover:
            raise WrongTurn(f"it is seat {mover}'s turn, not seat {seat}'s", seat=seat,
                            params={"to_move": int(mover), "seat": int(seat)})
        if self._declaring(action):
            # any valid subset of the seat's annonces may be declared (the legal actions list
            # offers the best split only)
            try:
                self.check_declaration(cast(Declare, action))
            except IllegalAction as e:
                e.seat = mover
                raise
            return action
        if not self._is_legal(action, mover):
            raise self._why_illegal(action, mover)
        return action

    def _is_legal(self, action: Action, seat: Seat) -> bool:
        """Whether ``action`` (no declaration the mover may still make: :meth:`_declaring`)
        is in :meth:`legal_actions`, without building it."""
        if self.phase == Phase.BIDDING:
            return action in legal_bids(self, seat)
        if isinstance(action, Play):
            return bool(self.legal_card_mask() >> action.card & 1)
        if isinstance(action, SayBelote):
            return not self.belote_pending[seat] and \
                bool(self.belote_cards_of(seat) & self.legal_card_mask())
        return False

    def _declaring(self, action: Action) -> bool:
        """Whether ``action`` is a declaration the mover may still make (with his first
        card, once: 001)."""
        mover = self._mover()
        return isinstance(action, Declare) and self.phase == Phase.PLAY and \
            self.rules.annonces and not self.played_any[mover] and mover not in self.declared

    def _why_illegal(self, action: Action, seat: Seat) -> IllegalAction:
        """Why ``action`` is refused: the rule broken (its code and params; English text)."""
        if self.phase == Phase.BIDDING:
            if isinstance(action, (Play, SayBelote, Declare)):
                return IllegalAction("the bidding is not over", rule="bidding_not_over",
                                     seat=seat)
            return bid_refusal(self, action, seat)
        if not isinstance(action, (Play, SayBelote, Declare)):
            return IllegalAction("the bidding is over: play a card", rule="bidding_over",
                                 seat=seat)
        if isinstance(action, SayBelote):
            return IllegalAction("you can say belote only when playing the first of the king "
                                 "and queen of trump, holding both", rule="belote", seat=seat)
        if isinstance(action, Declare):
            return self._declaration_refusal(action, seat)
        why: tuple[str, dict[str, int]] | None
        if self.belote_pending[seat] and (self.hands[seat] >> action.card) & 1:
            why = ("belote_card", {})
        else:
            why = refusal(action.card, self.hands[seat], self.trick, self._tables(),
                          self.play_rules)
        if why is None:
            return IllegalAction("illegal card", rule="illegal", seat=seat,
                                 params={"card": card_str(action.card)})
        rule, facts = why
        return IllegalAction(rule_text(rule, facts), rule=rule, seat=seat, facts=facts,
                             params=rule_params(rule, facts))

    def _declaration_refusal(self, action: Declare, seat: Seat) -> IllegalAction:
        if not self.rules.annonces:
            return IllegalAction("these rules have no annonces", rule="no_annonces", seat=seat)
        if self.played_any[seat] or seat in self.declared:
            return IllegalAction("annonces are declared with your first card (001)",
                                 rule="annonce_late", seat=seat, params={"cite": "001"})
        try:
            ann.validate_declaration(self.hands[seat], action.groups, self._trump())
        except IllegalAction as e:
            e.seat = seat
            return e
        return IllegalAction("bad declaration", rule="bad_annonce", seat=seat)

    def check_declaration(self, action: Declare) -> list[ann.Annonce]:
        """Validate a declaration of the player to move (any subset of its annonces).

        Raises :class:`IllegalAction` (``illegal.bad_annonce.*``)."""
        return ann.validate_declaration(self.hands[self._mover()], action.groups, self._trump())

    def apply(self, action: Action, events: bool = True) -> tuple[ev.Event, ...]:
        """Unchecked: apply an action known to be legal (judged by :meth:`judge`, or from
        :meth:`legal_actions`: search, replays of checked records) and return the move's
        events (:mod:`belote.engine.events`), its action first; with ``events`` False, ``()``
        and no event built (random playouts and replays that read none). Nothing is checked
        (as python-chess's ``push``): an illegal action leaves the deal in a state no rule
        reaches. A ``Declare`` is still read against the hand (its annonces, or
        :class:`IllegalAction` ``illegal.bad_annonce.*``)."""
        seat = self._mover()
        if self.phase == Phase.BIDDING:
            return self._apply_bid(seat, action, events)
        if isinstance(action, Play):
            return self.play_card(action.card, events)
        if isinstance(action, SayBelote):
            self.belote_pending[seat] = True
            return (ev.BeloteClaimed(seat),) if events else ()
        if isinstance(action, Declare):
            found = self.check_declaration(action)
            self.declared[seat] = found
            return (ev.AnnonceDeclared(seat, tuple(a.kind for a in found)),) if events else ()
        raise IllegalAction(f"{action} cannot be played now", rule="bad_action",
                            params={"action": str(action)})

    def _apply_bid(self, seat: Seat, action: Action, events: bool) -> tuple[ev.Event, ...]:
        outcome = apply_bid(self, seat, action)
        if outcome == "next":
            self.to_move = seat.next()
            return (ev.BidMade(seat, action),) if events else ()
        if outcome == "passed_out":
            self.phase = Phase.DONE
            self.passed_out = True
            self.to_move = None
            return (ev.BidMade(seat, action), ev.DealPassedOut()) if events else ()
        self._start_play(outcome)
        return (ev.BidMade(seat, action), ev.ContractSet(outcome, self.turned)) if events \
            else ()

    def _start_play(self, contract: Contract) -> None:
        r = self.rules
        self.contract = contract
        self.tt = tables(contract.trump, r.sa_ace_points, r.deck)
        if self.stock:  # finish a retourne deal: the taker gets the turned card and 2 more
            assert self.turned is not None
            rest = r.hand_size - 5
            pos = 0
            self.hands[contract.taker] |= 1 << self.turned
            for k in range(1, 5):
                seat = self.dealer.next(k)
                n = rest - 1 if seat == contract.taker else rest
                for c in self.stock[pos:pos + n]:
                    self.hands[seat] |= 1 << c
                pos += n
            self.stock = []
        self.initial_hands = list(self.hands)
        self.phase = Phase.PLAY
        self.leader = self.to_move = self.dealer.next()

    def play_card(self, card: int, events: bool = True) -> tuple[ev.Event, ...]:
        """Unchecked: the player to move plays ``card``; returns the events (see
        :meth:`apply`; none built with ``events`` False)."""
        seat = self._mover()
        said = self._belote_of(seat, card) \
            if self.belote_pending[seat] or self.rebelote_due[seat] else None
        self.hands[seat] &= ~(1 << card)
        self.played_any[seat] = True
        trick = self.trick
        trick.append(card)
        self.plays.append((seat, card))
        if len(trick) < 4:
            self.to_move = seat.next()
            if not events:
                return ()
            played = ev.CARD_PLAYED[seat][card]
            return (played,) if said is None else (played, said)
        if not events:
            return self._end_trick(False)
        played = ev.CARD_PLAYED[seat][card]
        return (played, *self._end_trick()) if said is None else \
            (played, said, *self._end_trick())

    def _end_trick(self, events: bool = True) -> tuple[ev.Event, ...]:
        """The fourth card is down: the trick's winner takes its points (the dix de der with
        the last trick, 001), leads next; the deal is scored after the last trick. Returns the
        events that follow the card (:class:`~.events.TrickWon` first; none built with
        ``events`` False)."""
        tt = self._tables()
        cards = tuple(self.trick)
        w = self.leader.next(tt.winner_index(cards))
        p = tt.points
        points = p[cards[0]] + p[cards[1]] + p[cards[2]] + p[cards[3]]
        last = len(self.tricks) + 1 == self.rules.hand_size
        if last:
            points += 10  # dix de der (001)
        self.points[w.team] += points
        self.tricks_won[w] += 1
        leader = self.leader
        self.tricks.append((leader, cards, w))
        self.trick_points.append(points)
        self.trick = []
        self.leader = self.to_move = w
        if not events:
            if last:
                self._finish()
            return ()
        told: tuple[ev.Event, ...] = (ev.TrickWon(len(self.tricks), leader, cards, w, points),)
        if len(self.tricks) == 1 and self.declared:  # shown at the second trick (001)
            told += (ev.AnnoncesShown(tuple((Seat(s), tuple(found)) for s, found
                                            in sorted(self.declared.items()))),)
        if last:
            told += (ev.DealScored(self._finish()),)
        return told

    def _belote_of(self, seat: Seat, card: int) -> ev.BeloteSaid | None:
        """Belote said with ``card`` (a claim pending: the first of the pair), or rebelote
        (the other card of a pair said); notes the card that will carry the rebelote."""
        bit = 1 << card
        if self.belote_pending[seat]:
            self.belote_pending[seat] = False
            suit = SUIT_OF[card]
            self.belotes.append((seat, suit))
            pair = (1 << card_of(suit, KING)) | (1 << card_of(suit, QUEEN))
            if pair & bit:
                self.rebelote_due[seat] |= pair & ~bit & self.hands[seat]
            return ev.BeloteSaid(seat, False, card)
        if self.rebelote_due[seat] & bit:
            self.rebelote_due[seat] &= ~bit
            return ev.BeloteSaid(seat, True, card)
        return None

    def _finish(self) -> DealResult:
        """Score the played-out deal: ``result``, returned."""
        self.phase = Phase.DONE
        self.to_move = None
        r = self.rules
        contract = self.contract
        assert contract is not None
        bel, own = belote_points((seat for seat, _s in self.belotes), contract.taker)
        team = None
        apts = 0
        if r.annonces and self.declared:
            team = ann.best_team(self.declared, contract.trump, self.dealer.next(),
                                 r.annonce_tie, r.sequence_order == SequenceOrder.LENGTH)
            if team is not None:
                apts = ann.team_points(self.declared, team)
        self.result = score_deal(r, contract, self.points, self.tricks_won, bel, team, apts,
                                 self._tables().total, self.last_deal, own)
        return self.result

    # -- views ----------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know, as plain data (no other seat's cards).

        Raises :class:`IllegalAction` (``rule="bad_seat"``) unless ``seat`` is an ``int``
        0..3."""
        from .views import SeatView
        return SeatView.of(self, seat)

    def public_view(self) -> PublicView:
        """What a spectator may know, as plain data: the public facts only (no hand, no legal
        action, annonces as the other seats hear them; :class:`~belote.engine.views.PublicView`)."""
        from .views import PublicView
        return PublicView.of(self)

    def __repr__(self) -> str:
        return (f"<Deal {self.rules.preset_name} dealer={self.dealer} phase={self.phase.value} "
                f"to_move={self.to_move} tricks={len(self.tricks)}>")


def belote_holders(deal: Deal) -> list[Seat]:
    """Seats holding K and Q of a trump suit at the start of card play (one entry a pair)."""
    return belote_pairs(deal.initial_hands, deal._tables())


__all__ = [
    "Deal",
    "LegalActions",
    "Phase",
    "belote_cards",
    "belote_holders",
    "belote_pairs",
    "cut_deck",
    "full_deck",
    "shuffled_deck",
]
