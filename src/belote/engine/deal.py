"""One deal as a state machine: dealing (chance) → bidding → card play → scoring.

>>> import random
>>> from belote.engine import Deal, Rules
>>> d = Deal.deal(Rules.preset("coinche"), dealer=3, deck=shuffled_deck(Rules.preset("coinche"), random.Random(1)))
>>> d.phase, d.to_move
(<Phase.BIDDING: 'bidding'>, 0)

* :meth:`Deal.legal_actions` is the one source of truth of what may be done: a
  :class:`LegalActions` view (iterate, ``in``, ``len``).
* :meth:`Deal.play` is the checked entry point for untrusted input: it raises
  :class:`~belote.engine.errors.WrongTurn` or :class:`~belote.engine.errors.IllegalAction` whose
  message names the rule broken. :meth:`Deal.apply` is the unchecked fast path for search.
* :meth:`Deal.view` is what one seat may know, as plain data (``to_json()``).

Seats are 0..3 in playing order (counter-clockwise, 000/001/002 §V): ``(dealer + 1) % 4`` speaks
first and leads the first trick. Seats 0 and 2 are team 0, seats 1 and 3 team 1.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from enum import Enum
from typing import TYPE_CHECKING

from . import annonces as ann
from .actions import (
    BELOTE,
    DOUBLE,
    PASS,
    REDOUBLE,
    TAKE,
    Action,
    ActionError,
    Bid,
    Capot,
    Choose,
    Declare,
    Double,
    Generale,
    Pass,
    Play,
    Redouble,
    SayBelote,
    Take,
    parse_action,
)
from .cards import KING, QUEEN, SUIT_OF, Trump, card_of, deck_mask, iter_cards, tables
from .errors import IllegalAction, WrongTurn
from .play import legal_cards, refusal, rule_text
from .rules import Rules
from .scoring import CAPOT_VALUE, GENERALE_VALUE, Contract, DealResult, belote_points, score_deal

if TYPE_CHECKING:
    from .views import SeatView


class Phase(str, Enum):
    BIDDING = "bidding"
    PLAY = "play"
    DONE = "done"


def full_deck(rules: Rules) -> list[int]:
    """The cards of the pack in a fixed order (card ids ascending)."""
    return list(iter_cards(deck_mask(rules.deck)))


def shuffled_deck(rules: Rules, rng: random.Random) -> list[int]:
    """A shuffled pack, then cut (002 §IV.A–B). Same ``rng`` seed, same deck."""
    deck = full_deck(rules)
    rng.shuffle(deck)
    return cut_deck(deck, rng)


def cut_deck(deck: list[int], rng: random.Random) -> list[int]:
    """The cut by the player on the dealer's left: at least 3 cards on each side (002 §IV.B)."""
    n = rng.randint(3, len(deck) - 3)
    return deck[n:] + deck[:n]


class LegalActions:
    """The legal actions of the player to move: iterate, ``in``, ``len``, ``[i]``."""

    __slots__ = ("_actions", "_set")

    def __init__(self, actions: list[Action]):
        self._actions = actions
        self._set = None

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i: int) -> Action:
        return self._actions[i]

    def __contains__(self, action: object) -> bool:
        """``action`` may be an action or its record string (``"80 H" in legal``)."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionError:
                return False
        if self._set is None:
            self._set = set(self._actions)
        try:
            return action in self._set
        except TypeError:  # unhashable junk is no action
            return False

    def __repr__(self) -> str:
        return f"LegalActions([{', '.join(str(a) for a in self._actions)}])"


class Deal:
    """A deal in progress. Build it with :meth:`deal` (from a pack) or :meth:`from_hands`.

    Public attributes (read-only by convention): ``rules``, ``dealer``, ``phase``, ``to_move``,
    ``hands`` (4 masks), ``turned`` (card or None), ``bids`` (list of ``(seat, action)``),
    ``contract`` (:class:`~belote.engine.scoring.Contract` or None), ``trick`` (cards on the
    table, leader first), ``leader``, ``tricks`` (list of ``(leader, cards, winner)``),
    ``points`` (card points won per team so far), ``tricks_won`` (per seat), ``belotes``
    (list of ``(seat, suit)`` said), ``declared`` (seat → annonces), ``plays`` (list of
    ``(seat, card)``), ``result`` (:class:`~belote.engine.scoring.DealResult` once over).
    """

    def __init__(self, rules: Rules, dealer: int, hands: list[int], turned: int | None,
                 stock: list[int], last_deal: bool = False):
        self.rules = rules
        self.dealer = dealer % 4
        self.hands = list(hands)
        self.turned = turned
        self.stock = list(stock)
        self.last_deal = last_deal
        #: team barred from taking after a second consecutive misdeal (002 §VIII.A), or None
        self.barred_team: int | None = None
        #: the deal was cancelled as a misdeal before the bidding (002 §VIII.A, 004)
        self.misdealt = False
        self.phase = Phase.BIDDING
        self.to_move = (self.dealer + 1) % 4
        self.bids: list[tuple[int, Action]] = []
        self.round = 1
        self.passes = 0
        self.best: tuple[int, Action] | None = None
        self.doubled = 1
        self.contract: Contract | None = None
        self.tt = None
        self.trick: list[int] = []
        self.leader = (self.dealer + 1) % 4
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.points = [0, 0]
        self.tricks_won = [0, 0, 0, 0]
        self.played_any = [False] * 4
        self.initial_hands: list[int] = []
        self.belote_pending = [False] * 4
        self.belotes: list[tuple[int, int]] = []
        self.declared: dict[int, list[ann.Annonce]] = {}
        self.plays: list[tuple[int, int]] = []
        self.result: DealResult | None = None
        self.passed_out = False

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, dealer: int, deck: list[int], last_deal: bool = False) -> Deal:
        """Deal ``deck`` (pack order, top card first, after the cut) by packets of
        ``rules.packets`` from the dealer's right (002 §IV.C). A ``retourne`` deal gives 5 cards,
        turns the next one (in ``simplifiee`` the 21st) and keeps the rest for after the take."""
        n = rules.deck
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise IllegalAction(f"the dealer is a seat 0..3, got {dealer!r}", rule="bad_seat")
        if not isinstance(deck, (list, tuple)) or any(type(c) is not int for c in deck) \
                or sorted(deck) != full_deck(rules):
            raise IllegalAction(f"a {n}-card pack is needed to deal", rule="bad_deck")
        hands = [0, 0, 0, 0]
        pos = 0
        for size in rules.packets:
            for k in range(1, 5):
                seat = (dealer + k) % 4
                for c in deck[pos:pos + size]:
                    hands[seat] |= 1 << c
                pos += size
        turned = None
        if rules.deal == "retourne":
            turned = deck[pos]
            pos += 1
        return cls(rules, dealer, hands, turned, deck[pos:], last_deal)

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
        the hands and the turned card)."""
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise IllegalAction(f"the dealer is a seat 0..3, got {dealer!r}", rule="bad_seat")
        full = deck_mask(rules.deck)
        if not isinstance(hands, (list, tuple)) or len(hands) != 4 or \
                any(type(h) is not int or h < 0 or h & ~full for h in hands):
            raise IllegalAction(f"four hands of cards of the {rules.deck}-card pack are needed",
                                rule="bad_deck")
        seen = 0
        for h in hands:
            if h & seen:
                raise IllegalAction("a card is in two hands", rule="bad_deck")
            seen |= h
        sizes = {h.bit_count() for h in hands}
        ok = {rules.hand_size} | ({5} if rules.deal == "retourne" else set())
        if len(sizes) != 1 or not sizes <= ok:
            raise IllegalAction(f"each hand holds {rules.hand_size} cards (got "
                                f"{', '.join(str(h.bit_count()) for h in hands)})",
                                rule="bad_deck")
        if sizes == {rules.hand_size} and seen != full:
            raise IllegalAction(f"the hands must make the {rules.deck}-card pack",
                                rule="bad_deck")
        if turned is not None:
            if rules.deal != "retourne":
                raise IllegalAction(f"a {rules.preset} deal has no turned card",
                                    rule="bad_deck")
            if type(turned) is not int or not 0 <= turned < 36 or not (full >> turned) & 1 \
                    or (sizes == {rules.hand_size} and not (seen >> turned) & 1) \
                    or (sizes == {5} and (seen >> turned) & 1):
                raise IllegalAction(f"bad turned card {turned!r}: a card of the pack, in a "
                                    "hand once the hands are full", rule="bad_deck")
        return cls(rules, dealer, list(hands), turned, [], last_deal)

    def clone(self) -> Deal:
        """An independent copy (for search)."""
        return copy.deepcopy(self)

    # -- queries --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == Phase.DONE

    @property
    def trump(self) -> Trump | None:
        return self.contract.trump if self.contract else None

    @property
    def trick_number(self) -> int:
        """Index of the trick in progress, 0-based."""
        return len(self.tricks)

    def legal_card_mask(self) -> int:
        """Mask of the cards the player to move may play (card play only)."""
        r = self.rules
        seat = self.to_move
        mask, _ = legal_cards(self.hands[seat], self.trick, self.tt, r.must_underruff,
                              r.must_beat_in_suit, r.must_overtrump_partner)
        if self.belote_pending[seat]:
            mask &= self._belote_cards(seat)
        return mask

    def _belote_cards(self, seat: int) -> int:
        """K and Q of each trump suit of which ``seat`` still holds both."""
        return belote_cards(self.hands[seat], self.tt)

    def legal_actions(self) -> LegalActions:
        """What the player to move may do (empty when the deal is over)."""
        return LegalActions(self._legal_list())

    def _legal_list(self) -> list[Action]:
        if self.phase == Phase.BIDDING:
            return self._legal_bids()
        if self.phase == Phase.DONE:
            return []
        seat = self.to_move
        mask = self.legal_card_mask()
        out: list[Action] = [Play(c) for c in iter_cards(mask)]
        if not self.belote_pending[seat] and self._belote_cards(seat) & mask:
            out.append(BELOTE)
        if self.rules.annonces and not self.played_any[seat] and seat not in self.declared:
            found = ann.find_annonces(self.hands[seat], self.contract.trump)
            if found:
                out.append(Declare(tuple(a.cards for a in found)))
        return out

    def _legal_bids(self) -> list[Action]:
        r = self.rules
        if self.barred_team is not None and self.to_move % 2 == self.barred_team:
            # 002 §VIII.A: after a second consecutive misdeal the faulty team may not take
            out_b: list[Action] = [PASS]
            if r.bidding == "auction" and self.best is not None and self.doubled == 1 \
                    and self.best[0] % 2 != self.barred_team:
                out_b.append(DOUBLE)
            return out_b
        if r.bidding == "two_rounds":
            if self.round == 1:
                return [TAKE, PASS]
            ts = [Trump(s) for s in range(4)
                  if r.round2_any_suit or s != SUIT_OF[self.turned]]
            if r.sa_ta:
                ts += [Trump.SA, Trump.TA]
            return [Choose(t) for t in ts] + [PASS]
        seat = self.to_move
        out: list[Action] = [PASS]
        trumps = [Trump(s) for s in range(4)] + ([Trump.SA, Trump.TA] if r.sa_ta else [])
        best = self.best
        if self.doubled == 1:
            low = r.min_bid
            level = 0
            if best is not None:
                b = best[1]
                level = {Bid: 0, Capot: 1, Generale: 2}[type(b)]
                if isinstance(b, Bid):
                    low = b.value + r.bid_step
            if level == 0:
                for v in range(low, r.max_bid + 1, r.bid_step):
                    out.extend(Bid(v, t) for t in trumps)
            if r.capot_bid and level < 1:
                out.extend(Capot(t) for t in trumps)
            if r.generale_bid and level < 2:
                out.extend(Generale(t) for t in trumps)
            if best is not None and best[0] % 2 != seat % 2:
                out.append(DOUBLE)
        elif self.doubled == 2 and best is not None and best[0] % 2 == seat % 2:
            out.append(REDOUBLE)
        return out

    # -- acting ---------------------------------------------------------------------------
    def play(self, action: Action | str, seat: int | None = None) -> None:
        """Checked action for untrusted input (a string is parsed first).

        :param seat: who sends it; a seat whose turn it is not gets :class:`WrongTurn`.
        :raises IllegalAction: (a ``ValueError``) naming the rule broken, e.g. ``rule ==
            "must_overruff"`` with the message "you must overtrump: an opponent has ruffed…".
        """
        if isinstance(action, str):
            action = parse_action(action)
        elif not _well_formed(action):
            raise ActionError(f"not an action: {action!r}")
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise IllegalAction(f"a seat is 0..3, got {seat!r}", rule="bad_seat")
        if self.phase == Phase.DONE:
            raise IllegalAction("the deal is over", rule="deal_over", seat=seat)
        if seat is not None and seat != self.to_move:
            raise WrongTurn(f"it is seat {self.to_move}'s turn, not seat {seat}'s", seat=seat)
        seat = self.to_move
        if isinstance(action, Declare) and self.phase == Phase.PLAY and self.rules.annonces \
                and not self.played_any[seat] and seat not in self.declared:
            # any valid subset of the seat's annonces may be declared (the legal actions list
            # offers the best split only)
            try:
                self.declared[seat] = self.check_declaration(action)
            except IllegalAction as e:
                e.seat = seat
                raise
            return
        if action not in self.legal_actions():
            raise self._why_illegal(action, seat)
        self.apply(action)

    def _why_illegal(self, action: Action, seat: int) -> IllegalAction:
        """Why ``action`` is refused: the rule broken, in English and in French."""
        r = self.rules

        def no(en: str, fr: str, rule: str) -> IllegalAction:
            return IllegalAction(en, rule=rule, seat=seat, message_fr=fr)

        if self.phase == Phase.BIDDING:
            if isinstance(action, (Play, SayBelote, Declare)):
                return no("the bidding is not over", "les enchères ne sont pas finies",
                          "bidding_not_over")
            if self.barred_team is not None and seat % 2 == self.barred_team:
                return no("your team dealt two misdeals in a row and may not take on this deal "
                          "(002 §VIII.A)", "votre équipe a fait deux maldonnes de suite et ne "
                          "peut pas prendre sur cette donne (002 §VIII.A)", "barred")
            if r.bidding == "two_rounds":
                if isinstance(action, Choose) and self.round == 1:
                    return no("in the first round you may only take the turned card's suit or "
                              "pass (001)", "au premier tour, on prend dans la couleur de la "
                              "retourne ou on passe (001)", "bid_round1")
                if isinstance(action, Take) and self.round == 2:
                    return no("in the second round name another suit or pass (001)",
                              "au second tour, nommez une autre couleur ou passez (001)",
                              "bid_round2")
                if isinstance(action, Choose):
                    return no(f"in the second round you may name one of the other suits"
                              f"{' or SA/TA' if r.sa_ta else ''}, not {action} (001, 004)",
                              f"au second tour, nommez une des autres couleurs"
                              f"{' ou SA/TA' if r.sa_ta else ''}, pas {action} (001, 004)",
                              "bid_round2")
                return no(f"{action} is not a bid of a two-round deal",
                          f"{action} n'est pas une enchère d'une donne à deux tours", "bad_bid")
            if isinstance(action, (Take, Choose)):
                return no("this is an auction: bid a value and a suit, or pass",
                          "ce sont des enchères : annoncez une valeur et une couleur, ou passez",
                          "bad_bid")
            if isinstance(action, Double):
                if self.best is None:
                    return no("there is no bid to double", "il n'y a pas d'enchère à contrer",
                              "double")
                if self.doubled > 1:
                    return no("the contract is already doubled", "le contrat est déjà contré",
                              "double")
                return no("you may only double an opponent's bid",
                          "on ne contre que l'enchère d'un adversaire", "double")
            if isinstance(action, Redouble):
                return no("only the doubled team may redouble a doubled bid",
                          "seule l'équipe contrée peut surcontrer", "redouble")
            if self.doubled > 1:
                return no("after a double no one may bid any more (001)",
                          "après un contre, plus personne ne peut enchérir (001)",
                          "bid_after_double")
            if isinstance(action, Bid):
                if action.trump in (Trump.SA, Trump.TA) and not r.sa_ta:
                    return no("Sans Atout / Tout Atout are not allowed by these rules (option "
                              "sa_ta)", "Sans Atout / Tout Atout ne sont pas permis par ces "
                              "règles (option sa_ta)", "sa_ta")
                if not (r.min_bid <= action.value <= r.max_bid) or \
                        (action.value - r.min_bid) % r.bid_step:
                    return no(f"bids go from {r.min_bid} to {r.max_bid} by {r.bid_step}",
                              f"les enchères vont de {r.min_bid} à {r.max_bid} par "
                              f"{r.bid_step}", "bid_value")
                current = self.best[1] if self.best else "none"
                return no(f"a bid must be above the current bid ({current})",
                          f"une enchère doit dépasser l'enchère en cours "
                          f"({self.best[1] if self.best else 'aucune'})", "bid_too_low")
            if isinstance(action, Capot) and not r.capot_bid or \
                    isinstance(action, Generale) and not r.generale_bid:
                name = type(action).__name__.lower()
                return no(f"{name} is not a bid of these rules",
                          f"{'la générale' if name == 'generale' else 'le capot'} n'est pas "
                          "une enchère de ces règles", "bad_bid")
            return no("a bid must be above the current bid",
                      "une enchère doit dépasser l'enchère en cours", "bid_too_low")
        # card play
        if not isinstance(action, (Play, SayBelote, Declare)):
            return no("the bidding is over: play a card",
                      "les enchères sont finies : jouez une carte", "bidding_over")
        if isinstance(action, SayBelote):
            return no("you can say belote only when playing the first of the king and queen of "
                      "trump, holding both", "on dit belote en jouant le premier du roi et de "
                      "la dame d'atout, en ayant les deux", "belote")
        if isinstance(action, Declare):
            if not r.annonces:
                return no("these rules have no annonces", "ces règles n'ont pas d'annonces",
                          "no_annonces")
            if self.played_any[seat] or seat in self.declared:
                return no("annonces are declared with your first card (001)",
                          "les annonces se font avec sa première carte (001)", "annonce_late")
            try:
                ann.validate_declaration(self.hands[seat], action.groups, self.contract.trump)
            except IllegalAction as e:
                e.seat = seat
                return e
            return no("bad declaration", "annonce invalide", "bad_annonce")
        if self.belote_pending[seat] and (self.hands[seat] >> action.card) & 1:
            why = ("belote_card", {})
        else:
            why = refusal(action.card, self.hands[seat], self.trick, self.tt, r.must_underruff,
                          r.must_beat_in_suit, r.must_overtrump_partner)
        if why is None:
            return IllegalAction("illegal card", rule="illegal", seat=seat)
        return IllegalAction(rule_text(*why), rule=why[0], seat=seat,
                             message_fr=rule_text(*why, "fr"), facts=why[1])

    def check_declaration(self, action: Declare) -> list[ann.Annonce]:
        """Validate a declaration of the player to move (any subset of its annonces)."""
        return ann.validate_declaration(self.hands[self.to_move], action.groups,
                                        self.contract.trump)

    def apply(self, action: Action) -> None:
        """Unchecked fast path: apply an action known to be legal (search, replays of checked
        records). A ``Declare`` is still validated against the hand."""
        if self.phase == Phase.BIDDING:
            self._apply_bid(action)
        elif isinstance(action, Play):
            self.play_card(action.card)
        elif isinstance(action, SayBelote):
            self.belote_pending[self.to_move] = True
        elif isinstance(action, Declare):
            self.declared[self.to_move] = self.check_declaration(action)
        else:
            raise IllegalAction(f"{action} cannot be played now", rule="bad_action")

    def _apply_bid(self, action: Action) -> None:
        seat = self.to_move
        r = self.rules
        self.bids.append((seat, action))
        if r.bidding == "two_rounds":
            if isinstance(action, Pass):
                self.passes += 1
                if self.passes == 4:
                    if self.round == 1:
                        self.round, self.passes = 2, 0
                    else:
                        self._pass_out()
                        return
                self.to_move = (seat + 1) % 4
                return
            trump = Trump(SUIT_OF[self.turned]) if isinstance(action, Take) else action.trump
            self._start_play(Contract(seat, trump))
            return
        if isinstance(action, Pass):
            self.passes += 1
            if self.best is None and self.passes == 4:
                self._pass_out()
                return
            if self.best is not None and self.passes == 3:
                self._end_auction()
                return
        elif isinstance(action, Double):
            self.doubled = 2
            self.passes = 0
        elif isinstance(action, Redouble):
            self.doubled = 4
            self._end_auction()
            return
        else:
            self.best = (seat, action)
            self.passes = 0
        self.to_move = (seat + 1) % 4

    def _end_auction(self) -> None:
        seat, b = self.best
        if isinstance(b, Bid):
            c = Contract(seat, b.trump, b.value, "normal", self.doubled)
        elif isinstance(b, Capot):
            c = Contract(seat, b.trump, CAPOT_VALUE, "capot", self.doubled)
        else:
            c = Contract(seat, b.trump, GENERALE_VALUE, "generale", self.doubled)
        self._start_play(c)

    def _pass_out(self) -> None:
        self.phase = Phase.DONE
        self.passed_out = True
        self.to_move = -1

    def _start_play(self, contract: Contract) -> None:
        r = self.rules
        self.contract = contract
        self.tt = tables(contract.trump, r.sa_ace_points, r.deck)
        if self.stock:  # finish a retourne deal: the taker gets the turned card and 2 more
            rest = r.hand_size - 5
            pos = 0
            self.hands[contract.taker] |= 1 << self.turned
            for k in range(1, 5):
                seat = (self.dealer + k) % 4
                n = rest - 1 if seat == contract.taker else rest
                for c in self.stock[pos:pos + n]:
                    self.hands[seat] |= 1 << c
                pos += n
            self.stock = []
        self.initial_hands = list(self.hands)
        self.phase = Phase.PLAY
        self.leader = self.to_move = (self.dealer + 1) % 4

    def play_card(self, card: int) -> None:
        """Unchecked: the player to move plays ``card``."""
        seat = self.to_move
        if self.belote_pending[seat]:
            self.belote_pending[seat] = False
            self.belotes.append((seat, SUIT_OF[card]))
        self.hands[seat] &= ~(1 << card)
        self.played_any[seat] = True
        self.trick.append(card)
        self.plays.append((seat, card))
        if len(self.trick) < 4:
            self.to_move = (seat + 1) % 4
            return
        tt = self.tt
        w = (self.leader + tt.winner_index(self.trick)) % 4
        p = tt.points
        self.points[w & 1] += p[self.trick[0]] + p[self.trick[1]] + p[self.trick[2]] + p[self.trick[3]]
        self.tricks_won[w] += 1
        self.tricks.append((self.leader, tuple(self.trick), w))
        self.trick = []
        self.leader = self.to_move = w
        if len(self.tricks) == self.rules.hand_size:
            self.points[w & 1] += 10  # dix de der
            self._finish()

    def _finish(self) -> None:
        self.phase = Phase.DONE
        self.to_move = -1
        r = self.rules
        bel, own = belote_points((seat for seat, _s in self.belotes), self.contract.taker)
        team = None
        apts = 0
        if r.annonces and self.declared:
            team = ann.best_team(self.declared, self.contract.trump, (self.dealer + 1) % 4,
                                 r.annonce_tie, r.sequence_order == "length")
            if team is not None:
                apts = ann.team_points(self.declared, team)
        self.result = score_deal(r, self.contract, self.points, self.tricks_won, bel, team, apts,
                                 self.tt.total, self.last_deal, own)

    # -- views ----------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know, as plain data (no other seat's cards).

        Raises :class:`IllegalAction` (``rule="bad_seat"``) unless ``seat`` is an ``int``
        0..3."""
        from .views import SeatView
        return SeatView.of(self, seat)

    def __repr__(self) -> str:
        return (f"<Deal {self.rules.preset} dealer={self.dealer} phase={self.phase.value} "
                f"to_move={self.to_move} tricks={len(self.tricks)}>")


def _well_formed(a: object) -> bool:
    """An action object whose fields have the right types (checked path only)."""
    if isinstance(a, Play):
        return type(a.card) is int and 0 <= a.card < 36
    if isinstance(a, Bid):
        return type(a.value) is int and isinstance(a.trump, Trump)
    if isinstance(a, (Choose, Capot, Generale)):
        return isinstance(a.trump, Trump)
    if isinstance(a, Declare):
        return isinstance(a.groups, tuple) and len(a.groups) > 0 and all(
            type(g) is int and 0 < g < 1 << 36 for g in a.groups)
    return isinstance(a, (Pass, Take, Double, Redouble, SayBelote))


def belote_cards(hand: int, tt) -> int:
    """Mask of the king and queen of each trump suit of the contract kind ``tt`` of which
    ``hand`` (a mask) holds both: the cards a player may say belote with, and once said must
    play one of (RULES.md §5)."""
    m = 0
    for s in tt.trump_suits:
        pair = (1 << card_of(s, KING)) | (1 << card_of(s, QUEEN))
        if hand & pair == pair:
            m |= pair
    return m


def belote_pairs(hands: list[int], tt) -> list[int]:
    """Seats whose hand (of ``hands``, 4 masks) holds K and Q of a trump suit of the contract
    kind ``tt`` (a :class:`~belote.engine.cards.TrumpTables`): one entry a pair (TA: one a
    suit; SA: none)."""
    out = []
    for seat in range(4):
        for s in tt.trump_suits:
            pair = (1 << card_of(s, KING)) | (1 << card_of(s, QUEEN))
            if hands[seat] & pair == pair:
                out.append(seat)
    return out


def belote_holders(deal: Deal) -> list[int]:
    """Seats holding K and Q of a trump suit at the start of card play (one entry a pair)."""
    return belote_pairs(deal.initial_hands, deal.tt)


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
