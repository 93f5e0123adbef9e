"""A rule-based bot that plays and bids every preset sensibly.

It counts the cards played and the trumps still out, notes the voids shown, keeps its masters,
plays to its partner, takes / bids / doubles on an estimate of its hand, says the belote and
declares its annonces. It sees only its seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.cards import (
    ACE,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANK_OF,
    SUIT_MASK,
    SUIT_OF,
    TEN,
    Trump,
    TrumpTables,
    card_of,
    card_str,
    iter_cards,
    popcount,
    tables,
)
from ..engine.play import PlayRules, inferences, void_suits
from ..engine.rules import Rules
from ..engine.views import SeatView
from .base import Bot

#: estimated worth of holding a card, for bidding (points it should bring home)
TRUMP_WORTH = {JACK: 32, NINE: 24, ACE: 16, TEN: 13, KING: 8, QUEEN: 7}
PLAIN_ACE = 13



class HeuristicBot(Bot):
    """Rule-based play and bidding for every preset (see module docstring).

    ``boldness`` shifts the bidding thresholds, in points (positive: bids more)."""

    name = "heuristic"
    strength = 1

    def __init__(self, seed: int | None = None, time_limit_ms: float | None = None,
                 boldness: int = 0, repeatable: bool = False) -> None:
        super().__init__(seed, time_limit_ms, repeatable)
        self.boldness = boldness

    # -- entry ----------------------------------------------------------------------------
    def act(self, view: SeatView) -> str:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase == "bidding":
            return self._bid(view)
        for a in legal:  # say the belote, declare the annonces: always worth it
            if a == "belote" or a.startswith("declare"):
                return a
        return self._card(view)

    # -- hand evaluation ------------------------------------------------------------------
    @staticmethod
    def estimate(hand: int, trump: Trump, ncards: int = 32) -> int:
        """Rough points a hand brings to its team with ``trump``: trump honours and length,
        plain aces, guarded tens, belote."""
        if not trump.is_suit:
            if trump == Trump.SA:
                est = 0
                for s in range(4):
                    sm = hand & SUIT_MASK[s]
                    if (sm >> card_of(s, ACE)) & 1:
                        est += 22
                        if (sm >> card_of(s, TEN)) & 1:
                            est += 14
                return est
            return sum(HeuristicBot.estimate(hand, Trump(s), ncards) // 3 for s in range(4))
        t = int(trump)
        tm = hand & SUIT_MASK[t]
        est = sum(TRUMP_WORTH.get(RANK_OF[c], 3) for c in iter_cards(tm))
        n = popcount(tm)
        est += max(0, n - 3) * 8
        for s in range(4):
            if s == t:
                continue
            sm = hand & SUIT_MASK[s]
            if (sm >> card_of(s, ACE)) & 1:
                est += PLAIN_ACE
                if (sm >> card_of(s, TEN)) & 1:
                    est += 8
            elif (sm >> card_of(s, TEN)) & 1 and popcount(sm) >= 3:
                est += 3
            if not sm and n >= 3:
                est += 6  # a void to ruff
        kq = (1 << card_of(t, KING)) | (1 << card_of(t, QUEEN))
        if hand & kq == kq:
            est += 20
        return est

    def _bid(self, view: SeatView) -> str:
        rules = view.rules()
        hand = view.hand_mask()
        legal = view.legal
        if rules.bidding == "two_rounds":
            turned = view.turned_card()
            assert turned is not None  # two rounds: the turned card is up while bidding
            full = hand | (1 << turned)
            # 5 cards + the turned one are 6 of the 8 (9) cards: ask for about 2/3 of a taker's
            need = 58 - self.boldness
            if "take" in legal:
                return "take" if self.estimate(full, Trump(SUIT_OF[turned])) >= need else "pass"
            best, best_est = None, -1
            for a in legal:
                if a == "pass":
                    continue
                est = self.estimate(full, Trump.parse(a))
                if est > best_est:
                    best, best_est = a, est
            return best if best is not None and best_est >= need + 4 else "pass"
        return self._auction(view, rules, hand)

    def _auction(self, view: SeatView, rules: Rules, hand: int) -> str:
        legal = set(view.legal)
        seat = view.seat
        partner = (seat + 2) % 4
        best_bid: tuple[int, str] | None = None  # (seat, text)
        for s, b in view.bids:
            if b not in ("pass", "contre", "surcontre"):
                best_bid = (s, b)
        ests = {t: self.estimate(hand, t) for t in (Trump.S, Trump.H, Trump.D, Trump.C)}
        trump, est = max(ests.items(), key=lambda kv: kv[1])
        support = 0
        partner_trump = None
        for s, b in view.bids:
            if s == partner and b not in ("pass", "contre", "surcontre"):
                partner_trump = b.split()[-1]
        if partner_trump in ("S", "H", "D", "C"):
            pt = Trump.parse(partner_trump)
            support = 10 + self.estimate(hand, pt) // 4
            if ests[pt] + 25 >= est:
                trump, est = pt, ests[pt] + 10
        # a team's expected take: own estimate plus a partner's share
        value = est + 30 + support + self.boldness
        if best_bid is not None and best_bid[0] % 2 != seat % 2 and "contre" in legal:
            words = best_bid[1].split()
            their = Trump.parse(words[-1])
            if their.is_suit and words[0].isdigit():
                c = int(words[0])
                defence = self.estimate(hand, their)  # our strength in their trump
                if c >= 110 and defence >= 45:
                    return "contre"
        want = (value // rules.bid_step) * rules.bid_step
        want = min(want, rules.max_bid, 160)
        if best_bid is not None and best_bid[0] % 2 == seat % 2 and support == 0:
            return "pass"
        choice = f"{want} {trump.name}"
        if want >= rules.min_bid and choice in legal:
            # bid the lowest value that is legal and not above what the hand is worth
            for v in range(rules.min_bid, want + 1, rules.bid_step):
                cand = f"{v} {trump.name}"
                if cand in legal:
                    return cand
        return "pass"

    # -- card play ------------------------------------------------------------------------
    def _card(self, view: SeatView) -> str:
        contract = view.contract
        assert contract is not None  # card play: a contract stands
        trump = Trump.parse(contract["trump"])
        rules = view.rules()
        tt = tables(trump, rules.sa_ace_points, rules.deck)
        hand = view.hand_mask()
        legal = view.legal_card_ids()
        seat = view.seat
        team = seat % 2
        played = 0
        tricks = [(leader, cards) for leader, cards, _w in view.trick_history()]
        trick = view.trick_cards()
        if trick:
            tricks.append((trick[0][0], [c for _s, c in trick]))
        for _leader, cards in tricks:
            for c in cards:
                played |= 1 << c
        # the suits each seat has shown it lacks (bits)
        voids = [void_suits(m) for m in inferences(tricks, tt, PlayRules.of(rules))]
        full = (1 << (36 if rules.deck == 36 else 32)) - 1
        unseen = full & ~played & ~hand  # in the other three hands
        if not trick:
            return self._lead(legal, hand, unseen, tt, contract, team, voids, seat)
        return self._follow(legal, trick, unseen, tt, seat, voids)

    @staticmethod
    def _master(card: int, unseen: int, tt: TrumpTables) -> bool:
        """No unseen card of the suit beats it."""
        return not (tt.higher[card] & unseen)

    def _lead(self, legal: list[int], hand: int, unseen: int, tt: TrumpTables,
              contract: Mapping[str, Any], team: int, voids: list[int], seat: int) -> str:
        """The card to lead among ``legal`` (``unseen``: the cards of the other three hands;
        ``contract``: the view's; ``voids``: the suits each seat has shown it lacks)."""
        taker_team = contract["taker"] % 2
        trumps = [c for c in legal if (tt.ruff_mask >> c) & 1]
        trumps_out = unseen & tt.ruff_mask
        opps = [(seat + 1) % 4, (seat + 3) % 4]
        if trumps and trumps_out and team == taker_team:
            top = max(trumps, key=lambda c: tt.strength[c])
            if self._master(top, unseen, tt):
                return card_str(top)
            if len(trumps) >= 3:
                return card_str(min(trumps, key=lambda c: tt.strength[c]))
        # a master in a plain suit that no opponent is known to ruff
        masters = [c for c in legal if not (tt.ruff_mask >> c) & 1 and self._master(c, unseen, tt)
                   and (not trumps_out or not any((voids[o] >> SUIT_OF[c]) & 1 for o in opps))]
        if masters:
            return card_str(max(masters, key=lambda c: tt.points[c]))
        # else a small card of a suit where we hold no unprotected honour
        def cost(c: int) -> tuple[int, int, int]:
            s = SUIT_OF[c]
            n_in_suit = popcount(hand & SUIT_MASK[s])
            is_trump = (tt.trump_mask >> c) & 1
            return (is_trump, tt.points[c] * 2 + tt.strength[c], -n_in_suit)
        return card_str(min(legal, key=cost))

    def _follow(self, legal: list[int], trick: list[tuple[int, int]], unseen: int,
                tt: TrumpTables, seat: int, voids: list[int]) -> str:
        """The card to play among ``legal`` on ``trick`` (``(seat, card)`` in order; the
        other arguments as in :meth:`_lead`)."""
        cards = [c for _s, c in trick]
        wi = tt.winner_index(cards)
        win_seat, win_card = trick[wi]
        last = len(trick) == 3
        partner_wins = win_seat % 2 == seat % 2
        led = SUIT_OF[cards[0]]
        beaters = [c for c in legal if tt.beats(c, win_card)]
        if partner_wins:
            safe = last or self._master(win_card, unseen, tt) and not (
                (tt.ruff_mask & unseen) and SUIT_OF[win_card] == led
                and not (tt.ruff_mask >> win_card) & 1
                and self._opp_may_ruff(trick, seat, voids, led))
            if safe:
                # give points, but keep masters and high trumps
                def gift(c: int) -> tuple[bool, int]:
                    keep = (tt.ruff_mask >> c) & 1 and tt.strength[c] >= 6
                    return (not keep, tt.points[c] if not self._master(c, unseen, tt) or
                            SUIT_OF[c] == led else tt.points[c] // 2)
                return card_str(max(legal, key=gift))
            return card_str(min(legal, key=lambda c: (tt.points[c], tt.strength[c])))
        if beaters:
            if last:
                return card_str(max(beaters, key=lambda c: (
                    tt.points[c] if not (tt.ruff_mask >> c) & 1 else -tt.strength[c],
                    -tt.strength[c])))
            # win with a card that stays master if possible, else the cheapest winner
            masters = [c for c in beaters if self._master(c, unseen, tt)]
            if masters:
                return card_str(min(masters, key=lambda c: tt.strength[c]))
            return card_str(min(beaters, key=lambda c: (tt.points[c], tt.strength[c])))
        return card_str(min(legal, key=lambda c: ((tt.ruff_mask >> c) & 1, tt.points[c],
                                             tt.strength[c])))

    @staticmethod
    def _opp_may_ruff(trick: list[tuple[int, int]], seat: int, voids: list[int],
                      led: int) -> bool:
        # the opponent still to play after us (if any) may ruff when void in the suit led
        after = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
        return any((voids[p] >> led) & 1 for p in after if p % 2 != seat % 2) or bool(after)

