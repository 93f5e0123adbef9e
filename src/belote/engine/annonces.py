"""Annonces (declarations): sequences and carrés, found, validated and compared (docs/sources.md
§6).

* Sequences in natural order ``7 8 9 10 J Q K A`` of one suit: *tierce* (3) 20, *cinquante*
  (4) 50, *cent* (5) 100; six or more in a row are one *cent* (001).
* Carrés: suit or TA contracts J 200, 9 150, A/10/K/Q 100; SA contracts A 200, 10 150,
  J/9/K/Q 100 (004 table, 002 annex). Carrés of 8s and 7s (and 6s) are worth nothing.
* A card serves in one annonce only (001, 004); the belote is separate.
* Only the team holding the single best annonce scores, all of its annonces (001, 004).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from .cards import (
    ACE,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANK_OF,
    SUIT_OF,
    TEN,
    Trump,
    card_of,
    cards_str,
    iter_cards,
    popcount,
)
from .errors import IllegalAction
from .rules import AnnonceTie

SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100}
SEQUENCE_NAMES = {3: "tierce", 4: "cinquante", 5: "cent"}
CARRE_POINTS = {JACK: 200, NINE: 150, ACE: 100, TEN: 100, KING: 100, QUEEN: 100}
CARRE_POINTS_SA = {ACE: 200, TEN: 150, JACK: 100, NINE: 100, KING: 100, QUEEN: 100}
#: carrés from best to worst (001: "Valets, 9, As, 10, Rois, Dames"); in SA by value, then the
#: same order (004 table gives A 200, 10 150: the order among the 100s is ours)
CARRE_ORDER = (JACK, NINE, ACE, TEN, KING, QUEEN)
CARRE_ORDER_SA = (ACE, TEN, JACK, NINE, KING, QUEEN)


@dataclass(frozen=True)
class Annonce:
    """One declared combination.

    ``cards``: mask of its cards; ``kind``: ``tierce | cinquante | cent | carre``; ``points``;
    ``suit``: the suit of a sequence (None for a carré); ``top``: rank index (0..8) of the
    sequence's highest card or of the carré's rank."""

    kind: str
    cards: int
    points: int
    suit: int | None
    top: int

    def key(self, trump: Trump, by_length: bool = False) -> tuple[int, int, int]:
        """Comparison key, bigger is better, without the trump and play-order tie-breaks:
        a carré beats any sequence (004: even a carré of 100 beats a cent); carrés by
        :data:`CARRE_ORDER`; sequences by points (001: "on regarde les points, puis la carte la
        plus haute") or, with ``by_length``, by length (004: "La suite la plus longue
        l'emporte": a run of six beats a run of five), then by top card."""
        if self.kind == "carre":
            order = CARRE_ORDER_SA if trump == Trump.SA else CARRE_ORDER
            return (2, len(order) - order.index(self.top), 0)
        return (1, popcount(self.cards) if by_length else self.points, self.top)

    def is_trump(self, trump: Trump) -> bool:
        """A sequence in a trump suit (every suit in TA, none in SA)."""
        if self.suit is None:
            return False
        if trump == Trump.TA:
            return True
        return trump.is_suit and self.suit == int(trump)


def classify(cards: int, trump: Trump) -> Annonce | None:
    """The annonce made of exactly these cards, or None if they form none."""
    n = popcount(cards)
    if n == 4:
        rank_set = {RANK_OF[c] for c in iter_cards(cards)}
        if len(rank_set) == 1:
            r = rank_set.pop()
            table = CARRE_POINTS_SA if trump == Trump.SA else CARRE_POINTS
            if r in table:
                return Annonce("carre", cards, table[r], None, r)
            return None
    if n >= 3:
        suits = {SUIT_OF[c] for c in iter_cards(cards)}
        if len(suits) != 1:
            return None
        ranks = sorted(RANK_OF[c] for c in iter_cards(cards))
        if ranks[-1] - ranks[0] != n - 1:
            return None
        length = min(n, 5)
        return Annonce(SEQUENCE_NAMES[length], cards, SEQUENCE_POINTS[length], suits.pop(),
                       ranks[-1])
    return None


def _sequences(hand: int, trump: Trump) -> list[Annonce]:
    out: list[Annonce] = []
    for s in range(4):
        run: list[int] = []
        for r in range(9):  # natural order 6 7 8 9 T J Q K A
            c = card_of(s, r)
            if (hand >> c) & 1:
                run.append(c)
            else:
                if len(run) >= 3:
                    a = classify(_m(run), trump)
                    if a:
                        out.append(a)
                run = []
        if len(run) >= 3:
            a = classify(_m(run), trump)
            if a:
                out.append(a)
    return out


def _m(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def find_annonces(hand: int, trump: Trump) -> list[Annonce]:
    """All the annonces a player declares from ``hand`` (a mask), cards used once, choosing
    the split worth the most points (a run of 6+ is one cent, 001). Empty when none."""
    table = CARRE_POINTS_SA if trump == Trump.SA else CARRE_POINTS
    carres = []
    for r in table:
        m = _m(card_of(s, r) for s in range(4))
        if hand & m == m:
            carres.append(Annonce("carre", m, table[r], None, r))
    best: list[Annonce] = []
    best_pts = -1
    for k in range(len(carres), -1, -1):
        for chosen in combinations(carres, k):
            used = 0
            for a in chosen:
                used |= a.cards
            cand = list(chosen) + _sequences(hand & ~used, trump)
            pts = sum(a.points for a in cand)
            if pts > best_pts:
                best, best_pts = cand, pts
    return best if best_pts > 0 else []


def validate_declaration(hand: int, groups: Iterable[int], trump: Trump) -> list[Annonce]:
    """Check a declaration (masks of cards, one per annonce) against the hand.

    Raises :class:`IllegalAction` when a group is not an annonce, holds a card not in the
    hand, or shares a card with another group (001: "sans utiliser deux fois la même carte")."""
    used = 0
    out = []
    for g in groups:
        if g & ~hand:
            raise IllegalAction("you cannot declare cards you do not hold", rule="bad_annonce",
                                code="illegal.bad_annonce.not_held",
                                params={"cards": cards_str(iter_cards(g & ~hand))})
        if g & used:
            raise IllegalAction("a card may serve in only one annonce (001)", rule="bad_annonce",
                                code="illegal.bad_annonce.shared",
                                params={"cards": cards_str(iter_cards(g & used)),
                                        "cite": "001"})
        a = classify(g, trump)
        if a is None:
            raise IllegalAction("these cards are not an annonce: a tierce, cinquante or cent "
                                "is 3, 4 or 5+ cards in a row of one suit; a carré is four J, "
                                "9, A, 10, K or Q", rule="bad_annonce",
                                code="illegal.bad_annonce.not_annonce",
                                params={"cards": cards_str(iter_cards(g))})
        used |= g
        out.append(a)
    # 001: "Six cartes ou plus qui se suivent ne font qu'un seul Cent": a run may not be split
    # into touching sequences to score more
    for i, a in enumerate(out):
        for b in out[i + 1:]:
            if a.suit is not None and a.suit == b.suit and classify(a.cards | b.cards, trump):
                raise IllegalAction("six or more cards in a row are a single cent (001): declare "
                                    "the run as one annonce", rule="bad_annonce",
                                    code="illegal.bad_annonce.split_run",
                                    params={"cards": annonce_str(a) + " " + annonce_str(b),
                                            "cite": "001"})
    return out


def best_team(declared: Mapping[int, list[Annonce]], trump: Trump, first_seat: int,
              tie: AnnonceTie | str, by_length: bool = False) -> int | None:
    """The team (0 or 1) whose single best annonce wins, or None (no annonce, or cancelled).

    ``declared`` maps seat → its annonces; ``first_seat`` leads trick 1 (for the play-order
    tie-break of 001); ``tie`` is ``"play_order"`` (001) or ``"trump_else_cancel"`` (004:
    equal plain sequences cancel each other); ``by_length``: sequences compared by length
    (004) rather than points (001), see :meth:`Annonce.key`."""
    best: list[tuple[tuple[int, int, int], int, bool, int]] = []  # key, order, trump, seat
    for seat, anns in declared.items():
        for a in anns:
            best.append((a.key(trump, by_length), (seat - first_seat) % 4, a.is_trump(trump),
                         seat))
    if not best:
        return None
    top_key = max(b[0] for b in best)
    tops = [b for b in best if b[0] == top_key]
    teams = {b[3] % 2 for b in tops}
    if len(teams) == 1:
        return teams.pop()
    trump_teams = {b[3] % 2 for b in tops if b[2]}
    if len(trump_teams) == 1:
        return trump_teams.pop()
    if tie == AnnonceTie.PLAY_ORDER:
        return min(tops, key=lambda b: b[1])[3] % 2
    return None


def team_points(declared: Mapping[int, list[Annonce]], team: int) -> int:
    """Sum of the annonces declared by both players of ``team``."""
    return sum(a.points for seat, anns in declared.items() if seat % 2 == team for a in anns)


def annonce_str(a: Annonce) -> str:
    """Record form of an annonce's cards, in natural order: ``"TH JH QH"``."""
    return cards_str(sorted(iter_cards(a.cards), key=lambda c: (SUIT_OF[c], RANK_OF[c])))


__all__ = [
    "Annonce",
    "annonce_str",
    "best_team",
    "classify",
    "find_annonces",
    "team_points",
    "validate_declaration",
]
