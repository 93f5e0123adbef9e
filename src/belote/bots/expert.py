"""The expert bot: Perfect Information Monte Carlo card play over the double-dummy solver.

For each decision it deals the unseen cards into worlds consistent with what its seat knows
(its hand, the cards played, what the play shows a seat lacks: not following suit, not ruffing,
not going over, the turned card in the taker's hand, the other card of a belote said, the
annonces shown, and hands that back the auction: the taker's contract, and in an auction
every bid, opening pass and contre), solves each world exactly
and plays the card with the best total value. It sees only its seat's view.

It bids by simulation (:mod:`belote.bots.simbid`): the unseen cards dealt into worlds that fit
the auction, each candidate contract solved and scored with the preset's scoring, the action
with the best mean score difference chosen (take / name a suit, bid, capot, contre, surcontre).
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from ..engine.cards import (
    KING,
    QUEEN,
    SUIT_MASK,
    SUIT_OF,
    Trump,
    TrumpTables,
    card_of,
    card_str,
    deck_mask,
    iter_cards,
    parse_card,
    popcount,
    tables,
)
from ..engine.views import SeatView
from .base import Bot, BotError

if TYPE_CHECKING:
    from ..solver import Position, Solver, SolveResult
    from .simbid import Constraint, _World

#: an opponent's past card decision (:meth:`WorldSampler._opponent_decisions`)
_Decision: TypeAlias = tuple[int, list[int], list[int], int, list[int], int, int]
_T = TypeVar("_T")
_R = TypeVar("_R")

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
        """Read the tricks and the trick in progress: the voids they show, the cards each seat
        played (:attr:`played_by`), the tricks each team won; :attr:`gone`, the cards of the
        completed tricks. Returns the mask of every card played."""
        played = 0
        for t in view.tricks:
            cards = [parse_card(c) for c in t["cards"]]
            self._voids(t["leader"], cards)
            for i, c in enumerate(cards):
                played |= 1 << c
                self.played_by[(t["leader"] + i) % 4] |= 1 << c
            self.tricks_won[t["winner"] % 2] += 1
        self.gone = played  # the cards of the completed tricks
        if view.trick:
            leader = view.trick[0][0]
            cards = [parse_card(c) for _s, c in view.trick]
            self._voids(leader, cards)
            for i, c in enumerate(cards):
                played |= 1 << c
                self.played_by[(leader + i) % 4] |= 1 << c
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

    def _voids(self, leader: int, cards: list[int]) -> None:
        """What each card of a trick shows its player lacks, by the rules of play (RULES.md
        §4, the same obligations as :func:`belote.engine.play.legal_cards`): not following
        shows a void in the led suit; not ruffing when bound to shows no trump (or, where
        underruffing is not required, no trump above the one winning); not going over the
        winning card when bound to (trump led, or a ruffed trick, or ``must_beat_in_suit``)
        shows no card above it."""
        tt = self.tt
        r = self._rules
        if tt is None:  # no contract yet: only the suits not followed
            for i, c in enumerate(cards[1:], 1):
                if SUIT_OF[c] != SUIT_OF[cards[0]]:
                    self.void[(leader + i) % 4] |= SUIT_MASK[SUIT_OF[cards[0]]]
            return
        led = SUIT_OF[cards[0]]
        led_trump = (tt.trump_mask >> cards[0]) & 1
        ruff = tt.ruff_mask
        w = 0  # index of the card winning so far
        for i, c in enumerate(cards[1:], 1):
            p = (leader + i) % 4
            win = cards[w]
            partner_master = w == i - 2
            beats = tt.beats(c, win)
            if SUIT_OF[c] == led:
                # bound to go over the winning card: a trump lead (002 §VI), or
                # must_beat_in_suit on a trick not ruffed
                bound = (led_trump and not (partner_master and not r.must_overtrump_partner)) \
                    or (r.must_beat_in_suit and not partner_master and not (ruff >> win) & 1)
                if bound and not beats and SUIT_OF[win] == led:
                    self.void[p] |= tt.higher[win]
            else:
                self.void[p] |= SUIT_MASK[led]
                if ruff and not partner_master and not led_trump:
                    if (ruff >> win) & 1:  # the trick is ruffed
                        if (ruff >> c) & 1:
                            if not beats:
                                self.void[p] |= tt.higher[win]
                        elif r.must_underruff:
                            self.void[p] |= ruff
                        else:
                            self.void[p] |= tt.higher[win] & ruff
                    elif not (ruff >> c) & 1:
                        self.void[p] |= ruff
            if beats:
                w = i

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
        seq = [(leader, cards) for leader, cards, _w in view.trick_history()]
        if view.trick:
            seq.append((view.trick[0][0], [c for _s, c in view.trick_cards()]))
        out: list[_Decision] = []
        played = 0
        voids = [0, 0, 0, 0]
        for leader, cards in seq:
            for i, c in enumerate(cards):
                p = (leader + i) % 4
                if p % 2 != self.seat % 2:
                    now = list(voids)
                    if i:
                        HeuristicBot._note_voids(now, leader, cards[:i], tt)
                    out.append((p, [(leader + j) % 4 for j in range(i)], cards[:i], played,
                                now, c, self.played_by[p] & ~played))
                played |= 1 << c
            HeuristicBot._note_voids(voids, leader, cards, tt)
        return out

    def _disagreements(self, hands: list[int], limit: int | None) -> int:
        """How many of the opponents' past cards the play model would not have chosen in the
        world ``hands`` (counting stops at ``limit``)."""
        if not self._decisions:
            return 0
        from ..engine.deal import belote_cards
        from ..engine.play import legal_cards
        tt = self.tt
        contract = self._contract
        assert tt is not None and contract is not None  # decisions are read in card play only
        r = self._rules
        flags = (r.must_underruff, r.must_beat_in_suit, r.must_overtrump_partner)
        full = deck_mask(r.deck)
        model = self._model
        d = 0
        for p, seats, trick, played, voids, card, later in self._decisions:
            hand = hands[p] | later
            legal, _rule = legal_cards(hand, trick, tt, *flags)
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


#: threads an expert may use (each with a solver table of about 10 MB)
MAX_THREADS = 64
#: card play uses the threads from this many cards in hand on: smaller worlds are solved in
#: less time than a hand-off to another thread takes (bench/expert.py: no gain up to 5)
THREADS_MIN_CARDS = 6


#: racing (card play): from RACE_MIN worlds on, a card class whose mean deficit to the best
#: class is more than ``race_z`` standard errors above zero is no longer solved in the worlds
#: after; a world's classes follow the worlds before the RACE_LAG that precede it (RACE_LAG
#: worlds are solving or waiting to be read while the next one is drawn: two threads keep
#: busy), so the cards chosen do not depend on the number of threads
RACE_MIN = 5
RACE_LAG = 4


def default_threads() -> int:
    """The processor cores this process may use (:func:`available_cores`), at most 4: the
    expert's default ``threads``."""
    return max(1, min(4, available_cores()))


def available_cores() -> int:
    """The processor cores this process may use, at least 1: the cores it may run on, fewer
    if a container's CPU quota (cgroup v2 ``cpu.max``) allows fewer."""
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    try:
        with open("/sys/fs/cgroup/cpu.max") as f:
            quota, period = f.read().split()[:2]
        if quota != "max":
            n = min(n, int(quota) // int(period))
    except (OSError, ValueError):
        pass
    return max(1, n)


def _check_race_z(race_z: object) -> float:
    if isinstance(race_z, bool) or not isinstance(race_z, (int, float)) or \
            not 0 <= race_z <= 100:
        raise BotError(f"race_z: standard errors from 0 (off) to 100, not {race_z!r}",
                       code="bot.bad_race_z", params={"value": repr(race_z)})
    return race_z


def _check_threads(threads: object) -> int:
    if not isinstance(threads, int) or isinstance(threads, bool) or \
            not 1 <= threads <= MAX_THREADS:
        raise BotError(f"threads: 1 to {MAX_THREADS}, not {threads!r}", code="bot.bad_threads",
                       params={"max": MAX_THREADS, "value": repr(threads)})
    return threads


def _check_count(name: str, value: object) -> int:
    """``value`` when it is an ``int`` of at least 1 (``name``: the option, for the error)."""
    if not isinstance(value, int) or value < 1:
        raise BotError(f"{name}: at least 1, not {value!r}", code="bot.bad_count",
                       params={"name": name, "value": repr(value)})
    return value


def _solved(fn: Callable[[Solver, _T], _R], solver: Solver, pos: _T) -> _R:
    """``fn(solver, pos)`` on an empty table (a world of its own, see :meth:`ExpertBot._map`)."""
    solver.clear()
    return fn(solver, pos)


def _means(cards: list[int], rep: dict[int, int], index: dict[int, int],
           rows: list[list[int | None]]) -> dict[int, float]:
    """Each card's mean class value over the worlds ``rows`` that solved its class (a class
    that left the race early has fewer); a card of a class no world solved is left out."""
    out = {}
    for c in cards:
        values = [v for r in rows if (v := r[index[rep[c]]]) is not None]
        if values:
            out[c] = sum(values) / len(values)
    return out


def _value(row: list[int | None], k: int) -> int:
    """The value of class ``k`` in a world's ``row``: a class still in the race has one."""
    v = row[k]
    assert v is not None
    return v


class ExpertBot(Bot):
    """PIMC card play over ``worlds`` worlds a decision (default 20), or fewer when
    ``time_limit_ms`` runs out (at least one), each world solved with a ``capot_bonus``
    (default 90 points: a capot marks about 250 where the cards hold 162, in every scoring);
    bidding by simulation over ``bid_worlds`` worlds (default: 2/5 of ``worlds``, at least 2:
    8 for the default level) solved for the two contract kinds the hand rates best (and the
    standing bid's), within ``time_limit_ms`` too.

    ``max_worlds`` (off by default): a close decision, where the best card's lead over another
    is within twice its standard error over the worlds drawn, draws more worlds, half a level
    at a time, up to this many (``max_worlds=60`` with 20 worlds: a first lead often takes all
    60). ``play_model`` (on by default): the worlds also prefer opponents whose past cards a
    sensible player would have chosen (see :class:`WorldSampler`).

    ``race_z`` (default 1.0; 0: off): racing in card play. From ``RACE_MIN`` worlds on, a
    card class whose mean deficit to the best class, world by world, is more than ``race_z``
    standard errors above zero is no longer solved in later worlds, and once one class is
    left no more worlds are drawn (the decision then rests on fewer than ``worlds``). A
    world's classes follow the worlds before the ``RACE_LAG`` that precede it, so the card
    does not depend on ``threads`` (see ``docs/ai.md``).

    ``threads``: worlds solved at once (card play from ``THREADS_MIN_CARDS`` cards in hand,
    and bidding), each thread with its own solver and table (about 10 MB each); default
    :func:`default_threads` (the processor cores this process may use, at most 4). The
    worlds are drawn in the same order whatever the number of threads and each is solved
    exactly, so the card chosen is the same (with no ``time_limit_ms``: with one, the worlds
    solved in time may differ); only the time changes. :meth:`close` stops the threads at
    once (else they end with the bot).

    Repeatable decisions: a wall-clock limit makes the decisions depend on the machine's load.
    With ``repeatable`` (see :class:`~belote.bots.base.Bot`) ``time_limit_ms`` is not read, and
    the same seed and views give the same actions on any machine and any ``threads``; the
    search is then capped by counts only: the worlds, and ``max_nodes`` if given.
    ``max_nodes`` (off by default): a decision draws no more worlds once the worlds solved for
    it have visited this many solver nodes (card play: counted on the worlds before the
    ``RACE_LAG`` that precede the next one, as racing is; bidding: once spent, the contract
    kinds left are judged on one world each, as when out of time).

    A bot makes one decision at a time: call :meth:`act` from one thread at a time (one bot
    per seat and table; a :class:`~belote.solver.Solver` is not thread-safe either).

    Raises :class:`~belote.bots.base.BotError` (a ValueError) on ``worlds``, ``max_worlds``
    or ``max_nodes`` below 1 (or not an ``int``), on ``threads`` not an ``int`` from 1 to
    ``MAX_THREADS`` (64), and on ``race_z`` not a number from 0 to 100."""

    name = "expert"

    def __init__(self, seed: int | None = None, time_limit_ms: float | None = None,
                 worlds: int = 20, bid_worlds: int | None = None, capot_bonus: int = 90,
                 max_worlds: int | None = None, play_model: bool = True,
                 threads: int | None = None, race_z: float = 1.0,
                 max_nodes: int | None = None, repeatable: bool = False) -> None:
        super().__init__(seed, time_limit_ms, repeatable)
        self.race_z = _check_race_z(race_z)
        self.threads = _check_threads(default_threads() if threads is None else threads)
        self._pool: ThreadPoolExecutor | None = None
        self._local: threading.local | None = None
        self.play_model = bool(play_model)
        self.worlds = _check_count("worlds", worlds)
        # close decisions draw more worlds, up to this many (off by default)
        if max_worlds is not None:
            _check_count("max_worlds", max_worlds)
        self.max_worlds = max(worlds, max_worlds or worlds)
        self.max_nodes = None if max_nodes is None else _check_count("max_nodes", max_nodes)
        # the level (worlds) sets the bidding worlds too: 20 -> 8, 5 -> 2
        self.bid_worlds = bid_worlds if bid_worlds is not None else max(2, (worlds * 2 + 2) // 5)
        self.capot_bonus = capot_bonus
        self._bid_worlds: tuple[tuple[object, ...], list[_World]] | None = None
        self._solver: Solver | None = None
        self._after_belote: int | None = None
        #: after :meth:`choose`: each legal card's mean value (the team's card points of the
        #: deal, points won included) over the worlds that solved it, and how many worlds
        #: were drawn; empty when no world was needed (one card, or all worth the same)
        self.last_means: dict[int, float] = {}
        self.last_worlds = 0

    @property
    def card_after_belote(self) -> int | None:
        """After :meth:`act` said ``"belote"``: the card it is said with (played next)."""
        return self._after_belote

    @property
    def solver(self) -> Solver:
        """The solver of the bot's own thread (made on first use)."""
        if self._solver is None:
            from ..solver import Solver
            self._solver = Solver()
        return self._solver

    def _deadline(self, t0: float) -> float | None:
        """The ``time.perf_counter()`` value a decision started at ``t0`` must end by, or None
        (no time limit, or :attr:`repeatable`: no wall clock)."""
        if self.time_limit_ms is None or self.repeatable:
            return None
        return t0 + self.time_limit_ms / 1000

    def _map(self, fn: Callable[[Solver, _T], _R], positions: Iterable[_T],
             deadline: float | None, parallel: bool = True, ahead: int | None = None,
             sink: Callable[[_R], None] | None = None) -> list[_R]:
        """``fn(solver, position)`` for each position of the iterable ``positions`` (one
        world each), the results in order. With ``threads`` > 1 and ``parallel`` the worlds
        are solved by a pool (the kernel releases the GIL; each thread has its own solver)
        while the next worlds are drawn. Past ``deadline`` (a ``time.perf_counter()`` value)
        no world is solved but the first: the results are then the first ones only.

        ``sink(result)`` is called on each result, in order, as soon as it is in (before the
        next position is drawn on one thread); with ``ahead`` at most that many worlds are
        drawn and not yet in (default: all are drawn at once), so that ``positions`` may
        depend on the results up to ``ahead`` worlds before the one it draws, whatever the
        number of threads.

        Each world starts on an empty table (:meth:`Solver.clear`, a new epoch: no cost):
        another world's positions almost never come again, and kept they held the table's
        first slots (the deeper position stays) decision after decision (1.4 % fewer nodes
        over the four cards of 30 tricks 1, one thread; the values are exact either way)."""
        it = iter(positions)

        def more(done: int) -> _T | None:
            # the next world, drawn only while there is time (drawing one with the play
            # model takes a few milliseconds); None when there is no more
            if done and deadline is not None and time.perf_counter() > deadline:
                return None
            return next(it, None)

        if self.threads == 1 or not parallel:
            out: list[_R] = []
            while (pos := more(len(out))) is not None:
                out.append(_solved(fn, self.solver, pos))
                if sink is not None:
                    sink(out[-1])
            return out
        return self._map_pool(fn, more, deadline, ahead, sink)

    def _map_pool(self, fn: Callable[[Solver, _T], _R], more: Callable[[int], _T | None],
                  deadline: float | None, ahead: int | None,
                  sink: Callable[[_R], None] | None) -> list[_R]:
        """:meth:`_map` on the pool: ``more(done)`` draws the next position (None: no more),
        ``done`` the worlds drawn so far."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.threads,
                                            thread_name_prefix="belote-expert")
            self._local = threading.local()
        local = self._local
        pool = self._pool
        assert local is not None  # made with the pool

        def task(pos: _T, first: bool) -> _R | None:
            # tasks start in order: once one is past the deadline, so are all after it
            if not first and deadline is not None and time.perf_counter() > deadline:
                return None
            solver: Solver | None = getattr(local, "solver", None)
            if solver is None:
                from ..solver import Solver
                solver = local.solver = Solver()
            return _solved(fn, solver, pos)

        jobs: deque[Future[_R | None]] = deque()  # submitted, result not yet taken
        out: list[_R] = []
        try:
            while True:
                while ahead is None or len(jobs) < ahead:
                    pos = more(len(out) + len(jobs))
                    if pos is None:
                        break
                    jobs.append(pool.submit(task, pos, not out and not jobs))
                if not jobs:
                    break
                res = jobs.popleft().result()
                if res is None:  # past the deadline: so are the worlds after it
                    break
                out.append(res)
                if sink is not None:
                    sink(res)
        finally:  # an interrupt (Ctrl-C) or an error: the worlds not started are dropped
            for j in jobs:
                j.cancel()
        return out

    def close(self) -> None:
        """Stop the bot's threads (the worlds not started are dropped) and free their
        solvers; the bot still works afterwards (a new pool is made when needed)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self._local = None

    def reseed(self, seed: int) -> None:
        """:meth:`Bot.reseed <belote.bots.base.Bot.reseed>`, and forget what earlier decisions
        left: the worlds of an earlier turn of the auction (so a bid is simulated on fresh
        worlds) and the card chosen before saying belote (so the card after it is chosen
        again, between the king and the queen the belote binds to)."""
        super().reseed(seed)
        self._bid_worlds = None
        self._after_belote = None

    def _bid_points(self, positions: list[Position],
                    deadline: float | None) -> list[tuple[int, int]]:
        """Team 0's card points in each position (bidding simulation) and the solver nodes
        each took, see :meth:`_map`."""
        from .simbid import TOLERANCE

        def points(solver: Solver, pos: Position) -> tuple[int, int]:
            n0 = solver.nodes
            value = solver.future(pos, tolerance=TOLERANCE)
            return value, solver.nodes - n0
        return self._map(points, positions, deadline)

    def act(self, view: SeatView) -> str:
        legal = view.legal
        if not legal:
            raise BotError(f"seat {view.seat} has nothing to play: it is not its turn",
                           code="bot.not_its_turn", params={"seat": view.seat})
        if len(legal) == 1:
            return legal[0]
        if view.phase == "bidding":
            return self._bid(view)
        for a in legal:
            if a.startswith("declare"):
                return a
        cards = view.legal_card_ids()
        if len(cards) == 1:
            card = cards[0]
        elif self._after_belote is not None and self._after_belote in cards and \
                "belote" not in legal:
            card = self._after_belote  # chosen before saying belote (same decision)
        else:
            card = self.choose(view, cards)
        self._after_belote = None
        if "belote" in legal and card_str(card) in view.belote_cards:
            # belote is said with the first of the king and queen of trump played (002 §V),
            # so only when the card chosen may carry it: saying it binds the card
            self._after_belote = card
            return "belote"
        return card_str(card)

    def _bid(self, view: SeatView) -> str:
        """A bidding decision by simulation (:mod:`belote.bots.simbid`)."""
        from .simbid import bid_auction, bid_two_rounds
        rules = view.rules()
        bid = bid_two_rounds if rules.bidding == "two_rounds" else bid_auction
        # worlds solved at an earlier turn of the same auction are reused when they fit
        key = (tuple(view.hand), view.dealer, view.turned, view.preset)
        prev = self._bid_worlds[1] if self._bid_worlds and self._bid_worlds[0] == key \
            else None
        deadline = self._deadline(time.perf_counter())
        action, worlds = bid(view, rules, self.solver, self.rng, self.bid_worlds, prev,
                             deadline, self._bid_points, max_nodes=self.max_nodes)
        self._bid_worlds = (key, worlds)
        return action

    @property
    def label(self) -> str:
        return self.name if self.worlds == 20 else f"{self.name}:{self.worlds}"

    @staticmethod
    def _representatives(cards: list[int], tt: TrumpTables, gone: int) -> dict[int, int]:
        """Cards worth the same in every world: same suit, same points, and every card
        between them in the contract's order (``tt``) already played in an earlier trick
        (``gone``, a mask). Each card maps to the one solved for its class."""
        rep: dict[int, int] = {}
        for c in sorted(cards, key=lambda c: -tt.strength[c]):
            rep[c] = c
            for d in list(rep):  # stronger cards already placed
                if d != c and SUIT_OF[d] == SUIT_OF[c] and tt.points[d] == tt.points[c]:
                    between = tt.higher[c] & ~tt.higher[d] & ~(1 << d)
                    if between & ~gone == 0:
                        rep[c] = rep[d]
                        break
        return rep

    def choose(self, view: SeatView, cards: list[int]) -> int:
        """The card to play among ``cards`` (the legal cards, at least two): the best total
        value over the worlds (see the class docstring)."""
        from ..solver import Position
        rules = view.rules()
        assert view.contract is not None  # card play: a contract stands
        trump = Trump.parse(view.contract["trump"])
        sampler = WorldSampler(view, self.rng, self.play_model)
        tt = sampler.tt
        assert tt is not None
        leader = view.trick[0][0] if view.trick else \
            (view.tricks[-1]["winner"] if view.tricks else (view.dealer + 1) % 4)
        trick = [c for _s, c in view.trick_cards()]
        rep = self._representatives(cards, tt, sampler.gone)
        t0 = time.perf_counter()
        classes = sorted(set(rep.values()))
        self.last_means, self.last_worlds = {}, 0
        if len(classes) == 1:  # every card worth the same in every world: nothing to solve
            return self._pick(cards, dict.fromkeys(cards, 0), tt)
        index = {k: j for j, k in enumerate(classes)}
        # per world: the value of each class, None for a class no longer solved (racing)
        rows: list[list[int | None]] = []
        nodes: list[int] = []  # per world: the solver nodes it took
        active = list(classes)  # the classes still solved
        drawn = 0
        spent = False  # max_nodes reached: no more worlds

        def best() -> int:  # the card chosen on the worlds so far, among the classes left
            live = [c for c in cards if rep[c] in active]
            sums = {k: sum(_value(r, index[k]) for r in rows) for k in {rep[c] for c in live}}
            return self._pick(live, {c: sums[rep[c]] for c in live}, tt)

        half = max(1, self.worlds // 2)
        deadline = self._deadline(t0)

        def draw(k: int) -> Iterator[tuple[Position, set[int]]]:
            # each world with the classes still in the race on the worlds before the
            # RACE_LAG that precede it (the same whatever the threads: see _map's ahead)
            nonlocal active, drawn, spent
            for _ in range(k):
                m = drawn - RACE_LAG
                if self.race_z and m >= RACE_MIN and len(active) > 1:
                    active = self._race(rows[:m], active, index, self.race_z)
                    if len(active) == 1:  # the race is run: no world can change the card
                        return
                if self.max_nodes is not None and m > 0 and sum(nodes[:m]) >= self.max_nodes:
                    spent = True
                    return
                drawn += 1
                yield (Position(sampler.sample(), trump, rules, leader, trick,
                                list(view.points), list(sampler.tricks_won)), set(active))

        def solve(s: Solver, world: tuple[Position, set[int]]) -> SolveResult:
            return s.solve(world[0], capot_bonus=self.capot_bonus, cards=world[1])

        def sink(res: SolveResult) -> None:
            rows.append([res.values.get(k) for k in classes])
            nodes.append(res.nodes)

        while len(rows) < self.max_worlds:
            n = len(rows)
            # the worlds up to the next stopping check
            nxt = self.worlds if n < self.worlds else n + half
            self._map(solve, draw(min(nxt, self.max_worlds) - n), deadline,
                      len(view.hand) >= THREADS_MIN_CARDS, RACE_LAG, sink)
            n = len(rows)
            if len(active) == 1 or spent:
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
            # past the level, every half level: stop unless the decision is still close
            if self.worlds <= n < self.max_worlds and \
                    not self._close(rows, index[rep[best()]], [index[k] for k in active]):
                break
        self.last_means, self.last_worlds = _means(cards, rep, index, rows), len(rows)
        return best()

    @staticmethod
    def _race(rows: list[list[int | None]], active: list[int], index: dict[int, int],
              z: float) -> list[int]:
        """The card classes of ``active`` left in the race after the worlds ``rows`` (each a
        list of class values, by ``index``): a class leaves once its mean deficit to the
        class with the best mean, world by world, is more than ``z`` standard errors above
        zero (a one-sided test: a card the worlds so far put well behind stops costing a
        solve)."""
        n = len(rows)
        mean = {k: sum(_value(r, index[k]) for r in rows) / n for k in active}
        lead = max(active, key=lambda k: (mean[k], -k))
        keep = []
        for k in active:
            if k != lead:
                m, var = ExpertBot._lead(rows, index[lead], index[k])
                if m > 0 and m * m * n > z * z * var:
                    continue
            keep.append(k)
        return keep

    @staticmethod
    def _lead(rows: list[list[int | None]], a: int, b: int) -> tuple[float, float]:
        """Class ``a``'s lead over class ``b`` (indices in each row of ``rows``, at least two
        worlds), world by world: its mean and sample variance (racing and the close-decision
        test read the same paired statistic)."""
        d = [_value(r, a) - _value(r, b) for r in rows]
        m = sum(d) / len(d)
        return m, sum((x - m) ** 2 for x in d) / (len(d) - 1)

    @staticmethod
    def _close(rows: list[list[int | None]], best: int, cols: list[int] | None = None) -> bool:
        """Whether the worlds so far (``rows``: one list of card-class values a world) leave
        the best class (index ``best``) within reach of another (of the indices ``cols``,
        default all: the classes still in the race): its mean lead over that class, world
        by world, is less than twice its standard error."""
        n = len(rows)
        if n < 2:
            return True
        for j in (range(len(rows[0])) if cols is None else cols):
            if j == best:
                continue
            m, var = ExpertBot._lead(rows, best, j)
            if var > 0 and m * m * n < 4 * var:
                return True
        return False

    @staticmethod
    def _pick(cards: list[int], totals: dict[int, int], tt: TrumpTables) -> int:
        """The card with the best total over the worlds; among cards the worlds cannot tell
        apart (equal totals), the one giving the fewest points (``tt``: the contract's
        tables), then the weakest (a plain card before a trump, then by rank): a
        double-dummy tie says no world needs the stronger card, and the real play, which
        guesses, may."""
        return max(cards, key=lambda c: (totals[c], -tt.points[c], -((tt.ruff_mask >> c) & 1),
                                         -tt.strength[c], -c))

