"""Worlds: the unseen cards of a seat's view dealt into hands consistent with what the seat
knows (the expert's sampling, :class:`WorldSampler`).

What a world respects: the seat's hand and the cards played; what the play proves a seat
lacks (:func:`~belote.engine.play.inferences`: not following suit, not ruffing, not going
over); the turned card in the taker's hand, the other card of a belote said, the annonces
shown; and, as preferences, hands that back the auction (the taker's contract, and in an
auction every bid, opening pass and contre) and opponents whose past cards a sensible player
would have chosen (the play model).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeAlias

from ..engine.cards import (
    KING,
    QUEEN,
    Trump,
    TrumpTables,
    card_of,
    deck_mask,
    iter_cards,
    parse_card,
    popcount,
    tables,
)
from ..engine.play import PlayRules, infer_trick, inferences, legal_cards, void_suits
from ..engine.views import SeatView

if TYPE_CHECKING:
    from .simbid import Constraint

#: an opponent's past card decision (:meth:`WorldSampler._opponent_decisions`)
_Decision: TypeAlias = tuple[int, list[int], list[int], int, list[int], int, int]

#: the highest bid below a capot (coinche, contrée): a capot or générale taker is assumed
#: to hold at least what this bid shows
MAX_PLAIN_BID = 160
#: worlds drawn at most to find one that meets every bidding constraint
INFERENCE_TRIES = 30
#: swaps tried at most to make the play model explain a world (WorldSampler._repair)
REPAIR_SWAPS = 30
#: heuristic estimate a taker of a two-round deal is assumed to hold (the heuristic takes 6 of
#: 8 cards at 58: with its last cards, about this much)
TAKER_NEED_TWO_ROUNDS = 50


class WorldSampler:
    """Deals the unseen cards of a view into worlds consistent with the seat's knowledge.

    ``play_model``: also prefer worlds where the opponents' past cards are the ones a
    sensible player would have chosen, the model of that player being the heuristic bot
    (:class:`~belote.bots.heuristic.HeuristicBot`: discards its cheapest card, wins as
    cheaply as it can, gives points to a partner who is master...). A preference, not a
    rule: among the worlds drawn for the bidding constraints, the one whose opponents' plays
    the model explains best (see :meth:`sample`)."""

    def __init__(self, view: SeatView, rng: random.Random, play_model: bool = False) -> None:
        self.rng = rng
        rules = view.rules()
        self.seat = view.seat
        self.sizes = list(view.hand_sizes)
        own = view.hand_mask()
        self.void = [0, 0, 0, 0]  # cards a seat cannot hold, by the rules (card masks)
        self.unlikely = [0, 0, 0, 0]  # cards a seat's own play says it does not hold
        trump = Trump.parse(view.contract["trump"]) if view.contract else None
        self._rules = rules
        self._play = PlayRules.of(rules)
        self._contract = view.contract
        self.tt = tables(trump, rules.sa_ace_points, rules.deck) if trump is not None else None
        self.played_by = [0, 0, 0, 0]
        self.tricks_won = [0, 0]  # per team
        played = self._read_play(view)
        if self.tt is not None:
            self._unsaid_belotes(view, self.tt)
        # bidding inference, on each seat's whole hand (cards left and played): the taker's
        # hand backs its contract, and in an auction every bid, opening pass and contre tells
        # something (simbid.read_auction)
        self.constraints = self._auction_constraints(view, trump)
        self.unseen = deck_mask(rules.deck) & ~own & ~played
        self._decisions = self._opponent_decisions(view, self.tt) \
            if play_model and self.tt else []
        self.known = [0, 0, 0, 0]  # cards a seat is known to hold
        self.known[self.seat] = own
        self._shown_cards(view, trump is not None)

    def _read_play(self, view: SeatView) -> int:
        """Read the tricks and the trick in progress: what they prove each seat lacks
        (:attr:`void`, :func:`~belote.engine.play.inferences`), the cards each seat played
        (:attr:`played_by`), the tricks each team won; :attr:`gone`, the cards of the
        completed tricks. Returns the mask of every card played."""
        played = 0
        for leader, cards, winner in view.trick_history():
            for i, c in enumerate(cards):
                played |= 1 << c
                self.played_by[(leader + i) % 4] |= 1 << c
            self.tricks_won[winner % 2] += 1
        self.gone = played  # the cards of the completed tricks
        for s, c in view.trick_cards():
            played |= 1 << c
            self.played_by[s] |= 1 << c
        if self.tt is not None:  # card play (no trick is played before a contract)
            self.void = list(inferences(_tricks_of(view), self.tt, self._play))
        return played

    def _unsaid_belotes(self, view: SeatView, tt: TrumpTables) -> None:
        """Belote not said: a seat that played the king or queen of a trump suit without
        saying belote does not hold the other one (every player says it: it is worth 20)."""
        said = {(s, "SHDC".index(suit)) for s, suit in view.belotes}
        for p in range(4):
            for su in tt.trump_suits:
                k, q = card_of(su, KING), card_of(su, QUEEN)
                pk, pq = (self.played_by[p] >> k) & 1, (self.played_by[p] >> q) & 1
                if pk != pq and (p, su) not in said:
                    self.unlikely[p] |= 1 << (q if pk else k)

    def _auction_constraints(self, view: SeatView, trump: Trump | None) -> list[Constraint]:
        """What the contract and the auction show of the other seats' hands: the taker's
        hand backs its contract (a suit contract), and in an auction every bid, opening pass
        and contre (:func:`~belote.bots.simbid.read_auction`)."""
        constraints: list[Constraint] = []
        ct = view.contract
        if ct is not None and ct["taker"] != self.seat and trump is not None and trump.is_suit:
            value = ct.get("value") or 0
            # a capot or générale (250, 500) backs at least the highest plain bid
            need = max(0, min(value, MAX_PLAIN_BID) - 45) if value else TAKER_NEED_TWO_ROUNDS
            constraints.append((ct["taker"], trump, need, 10**6))
        if ct is not None and self._rules.bidding != "two_rounds":
            from .simbid import read_auction
            constraints += read_auction(view.bids, self.seat, view.barred_team).constraints
        return constraints

    def _shown_cards(self, view: SeatView, trump_known: bool) -> None:
        """Cards the other seats are known to hold (:attr:`known`): the turned card in the
        taker's hand, the other card of a belote said, the cards of the annonces shown."""
        c = view.contract
        tc = view.turned_card()
        if tc is not None and c is not None and (self.unseen >> tc) & 1 and \
                c["taker"] != self.seat:
            self.known[c["taker"]] |= 1 << tc
        if trump_known:
            for s, suit in view.belotes:
                su = "SHDC".index(suit)
                for r in (KING, QUEEN):
                    k = card_of(su, r)
                    if (self.unseen >> k) & 1 and s != self.seat:
                        self.known[s] |= 1 << k
        for seat, shown in view.annonce_cards().items():
            if seat != self.seat:
                self.known[seat] |= shown & self.unseen

    def sample(self, tries: int = 50) -> list[int]:
        """Four hands that fit the play; among up to :data:`INFERENCE_TRIES` such deals, the
        first that meets every bidding constraint (:attr:`constraints`) and, with the play
        model, whose opponents' past cards the model all chooses; or else the one that meets
        the most constraints, then has the fewest cards the model would not have played."""
        hands = self._sample(tries)
        if not self.constraints and not self._decisions:
            return hands
        best, best_k, best_d = hands, -1, 0
        for _ in range(INFERENCE_TRIES):
            k = self._met(hands)
            if k >= best_k:
                d = self._disagreements(hands, best_d if k == best_k else None)
                if k == len(self.constraints) and d == 0:
                    return hands
                if k > best_k or d < best_d:
                    best, best_k, best_d = hands, k, d
            hands = self._sample(tries)
        if best_d > 0:
            best = self._repair(best, best_k, best_d)
        return best

    def _met(self, hands: list[int]) -> int:
        """How many bidding constraints the world ``hands`` meets (each on the seat's whole
        hand: its cards there and those it played)."""
        from .simbid import fits
        deck = self._rules.deck
        return sum(1 for c in self.constraints
                   if fits(hands[c[0]] | self.played_by[c[0]], c, deck))

    def _repair(self, hands: list[int], k: int, d: int) -> list[int]:
        """Local search on a world the play model does not fully explain (``d`` opponent
        cards unexplained, ``k`` bidding constraints met): up to :data:`REPAIR_SWAPS` swaps
        of two cards between two seats other than ours (cards not known to be where they are,
        each allowed in its new hand by the rules' voids), a swap kept when it meets as many
        constraints and leaves no more cards unexplained."""
        seats = [s for s in range(4) if s != self.seat]
        n = len(self.constraints)
        for _ in range(REPAIR_SWAPS):
            a, b = self.rng.sample(seats, 2)
            xa = hands[a] & ~self.known[a] & ~self.void[b]
            xb = hands[b] & ~self.known[b] & ~self.void[a]
            if not xa or not xb:
                continue
            x = self.rng.choice(list(iter_cards(xa)))
            y = self.rng.choice(list(iter_cards(xb)))
            new = list(hands)
            new[a] = (hands[a] & ~(1 << x)) | (1 << y)
            new[b] = (hands[b] & ~(1 << y)) | (1 << x)
            k2 = self._met(new)
            if k2 < k:
                continue
            d2 = self._disagreements(new, d + 1 if k2 == k else None)
            if k2 > k or d2 <= d:
                hands, k, d = new, k2, d2
                if d == 0 and k == n:
                    break
        return hands

    def _opponent_decisions(self, view: SeatView, tt: TrumpTables) -> list[_Decision]:
        """The opponents' past card decisions, as the play model needs them: ``(seat, the
        seats and the cards of the trick so far, every card played before (mask), the
        heuristic's voids then, the card played, the seat's cards played from then on
        (mask))`` (``tt``: the contract's tables)."""
        from .heuristic import HeuristicBot
        self._model = HeuristicBot()
        out: list[_Decision] = []
        played = 0
        lacks = [0, 0, 0, 0]  # what the tricks before prove (the heuristic reads its voids)
        for leader, cards in _tricks_of(view):
            for i, c in enumerate(cards):
                p = (leader + i) % 4
                if p % 2 != self.seat % 2:
                    now = list(lacks)
                    if i:
                        infer_trick(now, leader, cards[:i], tt, self._play)
                    out.append((p, [(leader + j) % 4 for j in range(i)], cards[:i], played,
                                [void_suits(m) for m in now], c, self.played_by[p] & ~played))
                played |= 1 << c
            infer_trick(lacks, leader, cards, tt, self._play)
        return out

    def _disagreements(self, hands: list[int], limit: int | None) -> int:
        """How many of the opponents' past cards the play model would not have chosen in the
        world ``hands`` (counting stops at ``limit``)."""
        if not self._decisions:
            return 0
        from ..engine.deal import belote_cards
        tt = self.tt
        contract = self._contract
        assert tt is not None and contract is not None  # decisions are read in card play only
        full = deck_mask(self._rules.deck)
        model = self._model
        d = 0
        for p, seats, trick, played, voids, card, later in self._decisions:
            hand = hands[p] | later
            legal, _rule = legal_cards(hand, trick, tt, self._play)
            # the heuristic says belote as soon as it may (holding the king and queen of a
            # trump suit, one of them legal): then it must play one of them (the engine's rule)
            belote = belote_cards(hand, tt)
            if legal & belote:
                legal &= belote
            if legal & (legal - 1) == 0:
                continue  # forced
            cards = list(iter_cards(legal))
            unseen = full & ~played & ~hand
            if trick:
                choice = model._follow(cards, list(zip(seats, trick, strict=True)), unseen, tt,
                                       p, voids)
            else:
                choice = model._lead(cards, hand, unseen, tt, contract, p % 2, voids, p)
            if parse_card(choice) != card:
                d += 1
                if limit is not None and d >= limit:
                    return d
        return d

    def _sample(self, tries: int) -> list[int]:
        """Four hands. If no deal fits, the beliefs (:attr:`unlikely`) are dropped first, then
        the rules' voids: a player may keep quiet about a belote, never break a rule."""
        for attempt in range(tries + 1):
            # the first half of the tries keeps the beliefs (unlikely cards), the second
            # half the rules' voids only, the last none
            beliefs = attempt < tries // 2
            hands = list(self.known)
            need = [self.sizes[s] - popcount(hands[s]) for s in range(4)]
            cards = [c for c in iter_cards(self.unseen & ~(self.known[0] | self.known[1] |
                                                           self.known[2] | self.known[3]))]
            self.rng.shuffle(cards)
            # most constrained cards first: fewest seats able to hold them
            ok = True
            out = [self.void[s] | (self.unlikely[s] if beliefs else 0) for s in range(4)]
            for c in sorted(cards, key=lambda c: sum(
                    1 for s in range(4) if s != self.seat and need[s] and
                    not (out[s] >> c) & 1)):
                seats = [s for s in range(4) if s != self.seat and need[s] > 0 and
                         (attempt == tries or not (out[s] >> c) & 1)]
                if not seats:
                    ok = False
                    break
                # odds in proportion to the cards a seat still needs: without constraints,
                # every deal of the unseen cards is equally likely
                s = seats[0] if len(seats) == 1 else \
                    self.rng.choices(seats, weights=[need[x] for x in seats])[0]
                hands[s] |= 1 << c
                need[s] -= 1
            if ok and all(n == 0 for n in need):
                return hands
        raise RuntimeError("no world fits the view")  # cannot happen: the real deal fits


def _tricks_of(view: SeatView) -> list[tuple[int, list[int]]]:
    """The view's tricks, the one in progress last, as ``(leader, cards)``."""
    seq = [(leader, cards) for leader, cards, _w in view.trick_history()]
    if view.trick:
        seq.append((view.trick[0][0], [c for _s, c in view.trick_cards()]))
    return seq
