"""The draw of one partie (seed 000: "Les équipes sont tirées au sort à chaque partie"):
pure and deterministic, from the entrants present, the earlier parties' draws and a seed.

*À la mêlée* (``Format.MELEE``): tables of four players, two sides of two partners. The
players over a multiple of four sit out (``Leftover.BYE``) or sit beside a bot
(``Leftover.BOT``), chosen among those with the fewest such turns so far. Partners are an
exact maximum matching (Edmonds' blossom, :mod:`belote.concours.matching`) of the pairs who
have not played together: **no partner repeat whenever one can be avoided** for the players
left to pair, and otherwise the fewest possible (``PartieDraw.repeats`` names them); with
12 players or fewer, a draw that leaves the next partie repeat-free is preferred. The
sides are then grouped into tables and improved by exchanges until no exchange of two sides
between two tables (nor of two players, without a partner repeat more) lowers the number of
pairs of players facing each other again.

*Par équipes* (``Format.EQUIPES``): a table is two registered pairs. The first partie (or no
``ranking``) is drawn at random; later ones pair by the ranking, 1st v 2nd, 3rd v 4th…, with
backtracking so that no two teams meet again while it can be avoided (Swiss pairing; the
fewest rematches when it cannot). Table 1 is the top table.

docs/concours-draw.md states the algorithm and its guarantees; the property tests
(tests/concours/test_draw.py) check them.

Reproducibility: everything random comes from one ``random.Random(seed)`` and only its
``shuffle`` and ``randrange`` methods, whose output for an int seed has not changed since
Python 3.2; the entrants are sorted first, and no set's order is ever used.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from .errors import ConcoursError
from .matching import FREE, Matching
from .model import Format, Leftover, PartieDraw, Side, TableDraw

#: players at a mêlée table, teams at an équipes table
TABLE_PLAYERS = 4
TABLE_TEAMS = 2

#: the most choices among equally entitled entrants (who sits out, who sits beside a bot)
#: tried when the first one drawn leaves a partner repeat or a rematch that another avoids
SET_ASIDE_TRIES = 1000

#: with this many players or fewer, a draw that leaves the next partie without a partner
#: repeat is preferred, among the first LOOKAHEAD_TRIES draws without one (and as many
#: choices of who is set aside at the next partie)
LOOKAHEAD_PLAYERS = 12
LOOKAHEAD_TRIES = 100

#: a mêlée side: two players, or a player and a bot (None, always second)
Pair = tuple[int, int | None]
Repeat = tuple[int, int]
#: a test a partnership must pass (the look-ahead's: the next partie still repeat-free)
Keep = Callable[[list[Repeat]], bool]


def draw_partie(fmt: Format, entrants: Sequence[int], history: Sequence[PartieDraw],
                seed: int, *, leftover: Leftover = Leftover.BYE,
                ranking: Sequence[int] | None = None,
                partie: int | None = None) -> PartieDraw:
    """The draw of one partie.

    ``entrants``: the ids present this partie (players in ``melee``, registered pairs in
    ``equipes``), any order. ``history``: the earlier parties' draws (ids no longer present
    and missing late arrivals are fine). ``seed``: an int, 0 ≤ seed < 2**63: the same
    arguments give the same draw, whatever the entrants' order. ``leftover``: what the
    entrants over a multiple of the table size do (sit out, or play beside bots: ``None``
    seats). ``ranking``: the team ids best first (``equipes`` from the second partie: pairing
    by ranking; ids absent from it come after, in id order; ignored in ``melee``). ``partie``:
    the number drawn, ``len(history) + 1`` by default.

    Returns the :class:`PartieDraw`: tables numbered from 1, ``out`` the entrants with a
    bye, ``repeats`` the partner repeats (mêlée) or rematches (équipes) no draw could avoid.

    Raises :class:`ConcoursError` ``concours.draw.duplicate`` (an id twice in ``entrants``;
    param ``id``) or ``concours.draw.too_few`` (fewer than 4 players, or 2 pairs; params
    ``count``, ``needed``).
    """
    fmt = Format(fmt)
    leftover = Leftover(leftover)
    number = len(history) + 1 if partie is None else partie
    ids = _checked(entrants, TABLE_PLAYERS if fmt == Format.MELEE else TABLE_TEAMS)
    rng = random.Random(seed)
    if fmt == Format.MELEE:
        tables, out, repeats = _draw_melee(ids, history, rng, leftover)
    else:
        by_rank = ranking if ranking is not None and number > 1 else None
        tables, out, repeats = _draw_equipes(ids, history, rng, leftover, by_rank)
    return PartieDraw(partie=number, seed=seed, tables=tables, out=out, repeats=repeats)


def _checked(entrants: Sequence[int], needed: int) -> list[int]:
    """The entrants' ids sorted; raises on a duplicate or too few."""
    ids = sorted(entrants)
    for a, b in itertools.pairwise(ids):
        if a == b:
            raise ConcoursError(f"entrant {a} is listed twice among those present",
                                code="concours.draw.duplicate", params={"id": a})
    if len(ids) < needed:
        raise ConcoursError(f"present: {len(ids)}; a draw needs at least {needed}",
                            code="concours.draw.too_few",
                            params={"count": len(ids), "needed": needed})
    return ids


# --- what the earlier parties did -------------------------------------------------------

@dataclass
class Past:
    """What the earlier draws did, by entrant id: the partners each had (mêlée; bots left
    out), the opponents each faced (players in mêlée, teams in équipes: the teams it met),
    the byes each had, and its *bot turns*: games beside a bot (mêlée) or against the bot
    pair (équipes)."""

    partners: defaultdict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    opponents: defaultdict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    byes: Counter[int] = field(default_factory=Counter)
    bot_turns: Counter[int] = field(default_factory=Counter)


def past_of(history: Iterable[PartieDraw]) -> Past:
    """The partners, opponents, byes and bot turns of ``history``."""
    past = Past()
    for draw in history:
        past.byes.update(draw.out)
        for table in draw.tables:
            for side, other in zip(table.sides, reversed(table.sides), strict=True):
                humans = [p for p in side if p is not None]
                if len(humans) == 2:
                    _link(past.partners, humans[0], humans[1])
                elif humans and (None in side or all(p is None for p in other)):
                    past.bot_turns[humans[0]] += 1
            for x, y in itertools.product(*table.sides):
                if x is not None and y is not None:
                    _link(past.opponents, x, y)
    return past


def _link(graph: defaultdict[int, set[int]], a: int, b: int) -> None:
    graph[a].add(b)
    graph[b].add(a)


# --- pairing by exact maximum matching --------------------------------------------------

def _max_matching(order: Sequence[int], banned: defaultdict[int, set[int]],
                  ) -> tuple[Matching, list[set[int]]]:
    """A maximum matching of ``order``'s positions over the pairs not in ``banned`` (id →
    ids), started greedily along ``order`` (each free entrant with the next free allowed
    one), and the banned positions of each position."""
    index = {p: i for i, p in enumerate(order)}
    count = len(order)
    forbidden = [{index[q] for q in banned.get(p, ()) if q in index} for p in order]

    def adjacent(v: int) -> Iterable[int]:
        no = forbidden[v]
        return (u for u in range(count) if u != v and u not in no)

    matching = Matching(count, adjacent)
    for v in range(count):
        if matching.mate[v] != FREE:
            continue
        for u in range(v + 1, count):
            if matching.mate[u] == FREE and u not in forbidden[v]:
                matching.join(v, u)
                break
    matching.maximize()
    return matching, forbidden


def _pairs_of(order: Sequence[int], matching: Matching) -> list[Repeat]:
    """The matched pairs (ids, in ``order``'s order of their first member), then the
    unmatched entrants paired in ``order`` (each such pair a repeat)."""
    pairs = [(order[v], order[matching.mate[v]]) for v in range(len(order))
             if matching.mate[v] > v]
    left = [order[v] for v in range(len(order)) if matching.mate[v] == FREE]
    pairs += [(left[i], left[i + 1]) for i in range(0, len(left), 2)]
    return pairs


def _partnership(players: Sequence[int], partners: defaultdict[int, set[int]],
                 rng: random.Random) -> list[Repeat]:
    """``players`` (an even number) in pairs of partners, drawn at random, with the fewest
    pairs who were partners before (a maximum matching of the others: exact)."""
    order = list(players)
    rng.shuffle(order)
    return _pairs_of(order, _max_matching(order, partners)[0])


def _count_repeats(pairs: Iterable[Repeat], banned: defaultdict[int, set[int]]) -> int:
    return sum(1 for a, b in pairs if b in banned[a])


def _fair_choices(ids: Sequence[int], count: int, turns: Counter[int],
                  rng: random.Random | None) -> Iterator[set[int]]:
    """The sets of ``count`` entrants that may be set aside (out, or beside a bot): the
    fewest ``turns`` first; those tied with the last one taken in random order (by ``rng``;
    None: in id order), at most :data:`SET_ASIDE_TRIES` sets."""
    if count == 0:
        yield set()
        return
    level = sorted(turns[p] for p in ids)[count - 1]
    forced = {p for p in ids if turns[p] < level}
    ties = [p for p in ids if turns[p] == level]
    if rng is not None:
        rng.shuffle(ties)
    combos = itertools.combinations(ties, count - len(forced))
    for chosen in itertools.islice(combos, SET_ASIDE_TRIES):
        yield forced | set(chosen)


def _set_aside_melee(ids: list[int], count: int, turns: Counter[int],
                     partners: defaultdict[int, set[int]], rng: random.Random,
                     ) -> tuple[list[int], list[Repeat], Keep | None]:
    """The ``count`` players set aside (fewest ``turns`` first, ties by lot, preferring a
    choice that lets the others pair without a partner repeat) and the others' partnership
    (fewest repeats). With :data:`LOOKAHEAD_PLAYERS` or fewer, among the repeat-free draws,
    one that leaves the next partie (the same players) a repeat-free draw is preferred; the
    third item is then the test a changed partnership must still pass (else None)."""
    best: tuple[int, list[int], list[Repeat]] | None = None
    for aside in _fair_choices(ids, count, turns, rng):
        pairs = _partnership([p for p in ids if p not in aside], partners, rng)
        repeats = _count_repeats(pairs, partners)
        if best is None or repeats < best[0]:
            best = (repeats, sorted(aside), pairs)
        if repeats == 0:
            break
    assert best is not None
    if best[0] == 0 and len(ids) <= LOOKAHEAD_PLAYERS:
        ahead = _looking_ahead(ids, count, turns, partners, rng)
        if ahead is not None:
            chosen, pairs = ahead
            after = turns + Counter(chosen)

            def keep(changed: list[Repeat]) -> bool:
                return _can_draw_again(ids, count, after, partners, changed)
            return chosen, pairs, keep
    return best[1], best[2], None


def _looking_ahead(ids: list[int], count: int, turns: Counter[int],
                   partners: defaultdict[int, set[int]], rng: random.Random,
                   ) -> tuple[list[int], list[Repeat]] | None:
    """The first repeat-free draw (set aside, partnership; at most
    :data:`LOOKAHEAD_TRIES` tried, in random order) after which the same players can be
    drawn again without a repeat; None if none is found."""
    tried = 0
    for aside in _fair_choices(ids, count, turns, rng):
        order = [p for p in ids if p not in aside]
        rng.shuffle(order)
        for pairs in _repeat_free(order, partners):
            tried += 1
            if tried > LOOKAHEAD_TRIES:
                return None
            if _can_draw_again(ids, count, turns + Counter(aside), partners, pairs):
                return sorted(aside), pairs
    return None


def _repeat_free(order: list[int], partners: defaultdict[int, set[int]],
                 ) -> Iterator[list[Repeat]]:
    """Every partnership of ``order`` without a partner repeat (the first player's partner
    in ``order``'s order first)."""
    if not order:
        yield []
        return
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if other not in partners[first]:
            for more in _repeat_free(rest[:i] + rest[i + 1:], partners):
                yield [(first, other), *more]


def _can_draw_again(ids: list[int], count: int, turns: Counter[int],
                    partners: defaultdict[int, set[int]], pairs: list[Repeat]) -> bool:
    """Whether, ``pairs`` added to ``partners`` and the turns to ``turns``, some fair choice
    (of the first :data:`LOOKAHEAD_TRIES`) leaves a repeat-free partnership."""
    after: defaultdict[int, set[int]] = defaultdict(set, {p: set(q) for p, q in
                                                         partners.items()})
    for a, b in pairs:
        _link(after, a, b)
    for aside in itertools.islice(_fair_choices(ids, count, turns, None), LOOKAHEAD_TRIES):
        rest = [p for p in ids if p not in aside]
        if 2 * _max_matching(rest, after)[0].size() == len(rest):
            return True
    return False


# --- à la mêlée -------------------------------------------------------------------------

def _draw_melee(ids: list[int], history: Sequence[PartieDraw], rng: random.Random,
                leftover: Leftover) -> tuple[tuple[TableDraw, ...], tuple[int, ...],
                                             tuple[Repeat, ...]]:
    past = past_of(history)
    over = len(ids) % TABLE_PLAYERS
    if leftover == Leftover.BYE:
        out, pairs, keep = _set_aside_melee(ids, over, past.byes, past.partners, rng)
        bot_pairs: list[Pair] = []
    else:
        bots = (TABLE_PLAYERS - over) % TABLE_PLAYERS
        beside, pairs, keep = _set_aside_melee(ids, bots, past.bot_turns, past.partners,
                                               rng)
        out, bot_pairs = [], [(p, None) for p in beside]
    seating = Seating(past, pairs, bot_pairs, rng, keep=keep)
    seating.improve()
    return seating.tables(rng), tuple(out), seating.repeats()


class Seating:
    """Mêlée sides grouped into tables, improved by local search.

    ``groups[k]`` is table k's two sides. A move exchanges two sides between two tables, or
    two players between two sides (at one table or two; a bot's partner stays with the bot).
    A move is taken when it lowers (partner repeats, opponent repeats) in that order; each
    taken move lowers a bounded integer, so the search ends, at a state no single move
    improves. Opponent repeats: the pairs of players facing each other who faced each other
    before. Two bot sides never share a table unless the bots outnumber the tables (5
    players: 3 bots, 2 tables). ``keep``: a test every changed partnership (the players'
    sides, bots' left out) must pass (the look-ahead's)."""

    def __init__(self, past: Past, pairs: list[Repeat], bot_pairs: list[Pair],
                 rng: random.Random, *, keep: Keep | None = None) -> None:
        self.keep = keep
        self.partners = past.partners
        self.opponents = past.opponents
        count = (len(pairs) + len(bot_pairs)) // 2
        self.bots_may_share = len(bot_pairs) > count
        slots: list[list[Pair | None]] = [[None, None] for _ in range(count)]
        for i, bot_pair in enumerate(bot_pairs):
            slots[i % count][i // count] = bot_pair
        humans: list[Pair] = list(pairs)
        rng.shuffle(humans)
        free = [(k, s) for k in range(count) for s in range(2) if slots[k][s] is None]
        for (k, s), pair in zip(free, humans, strict=True):
            slots[k][s] = pair
        self.groups: list[list[Pair]] = [[a, b] for a, b in slots]  # type: ignore[list-item]
        self.cost = [self.table_cost(g) for g in self.groups]

    def faced(self, x: int | None, y: int | None) -> int:
        return 1 if x is not None and y is not None and y in self.opponents[x] else 0

    def table_cost(self, group: Sequence[Pair]) -> int:
        """The pairs of players at a table who faced each other before."""
        p, q = group
        return (self.faced(p[0], q[0]) + self.faced(p[0], q[1]) + self.faced(p[1], q[0])
                + self.faced(p[1], q[1]))

    def repeated(self, pair: Pair) -> int:
        return 1 if pair[1] is not None and pair[1] in self.partners[pair[0]] else 0

    def repeats(self) -> tuple[Repeat, ...]:
        """The partner repeats (each pair lower id first), in id order."""
        return tuple(sorted((min(a, b), max(a, b)) for group in self.groups
                            for a, b in group if b is not None and b in self.partners[a]))

    def improve(self) -> None:
        """Take improving moves from the tables with a repeat until none is left."""
        improved = True
        while improved:
            improved = False
            for a in range(len(self.groups)):
                if self.cost[a] and any(self._move(a, c) for c in range(len(self.groups))):
                    improved = True

    def _allowed(self, group: Sequence[Pair]) -> bool:
        return self.bots_may_share or group[0][1] is not None or group[1][1] is not None

    def _move(self, a: int, c: int) -> bool:
        """Take the first improving move between tables ``a`` and ``c`` (the same table:
        the other ways to split its four players into sides)."""
        for new_a, new_c in self._candidates(a, c):
            if new_c is None:
                before = self.cost[a]
                after = self.table_cost(new_a)
            else:
                before = self.cost[a] + self.cost[c]
                after = self.table_cost(new_a) + self.table_cost(new_c)
            partner_delta = (sum(map(self.repeated, new_a))
                             + (sum(map(self.repeated, new_c)) if new_c else 0)
                             - sum(map(self.repeated, self.groups[a]))
                             - (sum(map(self.repeated, self.groups[c])) if new_c else 0))
            if (partner_delta < 0 or (partner_delta == 0 and after < before)) \
                    and self._kept(a, new_a, c, new_c):
                self._set(a, new_a)
                if new_c is not None:
                    self._set(c, new_c)
                return True
        return False

    def _kept(self, a: int, new_a: list[Pair], c: int, new_c: list[Pair] | None) -> bool:
        """Whether a move passes ``keep``: a move of whole sides always does."""
        old = self.groups[a] + (self.groups[c] if new_c is not None else [])
        new = new_a + (new_c or [])
        if self.keep is None or {frozenset(p) for p in old} == {frozenset(p) for p in new}:
            return True
        groups = list(self.groups)
        groups[a] = new_a
        if new_c is not None:
            groups[c] = new_c
        return self.keep([(x, y) for group in groups for x, y in group if y is not None])

    def _set(self, k: int, group: list[Pair]) -> None:
        self.groups[k] = group
        self.cost[k] = self.table_cost(group)

    def _candidates(self, a: int, c: int) -> Iterable[tuple[list[Pair], list[Pair] | None]]:
        """The moves between tables ``a`` and ``c``: (new table a, new table c, or None when
        ``a == c``)."""
        p, q = self.groups[a]
        if a == c:
            if p[1] is not None and q[1] is not None:
                yield [(p[0], q[0]), (p[1], q[1])], None
                yield [(p[0], q[1]), (p[1], q[0])], None
            return
        r, s = self.groups[c]
        for new_a, new_c in (([r, q], [p, s]), ([s, q], [r, p])):
            if self._allowed(new_a) and self._allowed(new_c):
                yield new_a, new_c
        for i, mine in enumerate((p, q)):
            for j, theirs in enumerate((r, s)):
                if mine[1] is None or theirs[1] is None:
                    continue
                for x, y in itertools.product(range(2), repeat=2):
                    new_mine, new_theirs = list(mine), list(theirs)
                    new_mine[x], new_theirs[y] = theirs[y], mine[x]
                    new_a = [p, q]
                    new_c = [r, s]
                    new_a[i] = (new_mine[0], new_mine[1])  # type: ignore[assignment]
                    new_c[j] = (new_theirs[0], new_theirs[1])  # type: ignore[assignment]
                    yield new_a, new_c

    def tables(self, rng: random.Random) -> tuple[TableDraw, ...]:
        """The tables in random order, numbered from 1, each side's seats and the two
        sides' places drawn (a bot second on its side)."""
        groups = list(self.groups)
        rng.shuffle(groups)
        drawn = []
        for number, group in enumerate(groups, 1):
            sides = [self._seats(pair, rng) for pair in group]
            if rng.randrange(2):
                sides.reverse()
            drawn.append(TableDraw(table=number, sides=(sides[0], sides[1])))
        return tuple(drawn)

    @staticmethod
    def _seats(pair: Pair, rng: random.Random) -> Side:
        if pair[1] is not None and rng.randrange(2):
            return (pair[1], pair[0])
        return pair


# --- par équipes ------------------------------------------------------------------------

def _draw_equipes(ids: list[int], history: Sequence[PartieDraw], rng: random.Random,
                  leftover: Leftover, ranking: Sequence[int] | None,
                  ) -> tuple[tuple[TableDraw, ...], tuple[int, ...], tuple[Repeat, ...]]:
    past = past_of(history)
    order = _team_order(ids, ranking, rng)
    left: int | None = None
    if len(order) % 2:
        turns = past.byes if leftover == Leftover.BYE else past.bot_turns
        left = _set_aside_team(order, turns, past.opponents)
        order = [t for t in order if t != left]
    pairs = swiss_pairing(order, past.opponents)
    tables = [TableDraw(table=k, sides=((a,), (b,))) for k, (a, b) in enumerate(pairs, 1)]
    out: tuple[int, ...] = ()
    if left is not None and leftover == Leftover.BOT:
        tables.append(TableDraw(table=len(tables) + 1, sides=((left,), (None,))))
    elif left is not None:
        out = (left,)
    repeats = sorted((min(a, b), max(a, b)) for a, b in pairs if b in past.opponents[a])
    return tuple(tables), out, tuple(repeats)


def _team_order(ids: list[int], ranking: Sequence[int] | None,
                rng: random.Random) -> list[int]:
    """The teams best first: by ``ranking`` (then those it lacks, in id order), or shuffled
    when there is none."""
    if ranking is None:
        order = list(ids)
        rng.shuffle(order)
        return order
    present = set(ids)
    ranked = list(dict.fromkeys(t for t in ranking if t in present))
    placed = set(ranked)
    return ranked + [t for t in ids if t not in placed]


def _set_aside_team(order: list[int], turns: Counter[int],
                    met: defaultdict[int, set[int]]) -> int:
    """The team out (or facing the bot pair) when the teams are odd: the fewest ``turns``,
    the lowest in ``order`` among equals, preferring one whose absence lets the others pair
    with fewer rematches."""
    level = min(turns[t] for t in order)
    candidates = [t for t in reversed(order) if turns[t] == level]
    best: tuple[int, int] | None = None
    for team in candidates[:SET_ASIDE_TRIES]:
        rest = [t for t in order if t != team]
        rematches = len(rest) // 2 - _max_matching(rest, met)[0].size()
        if best is None or rematches < best[0]:
            best = (rematches, team)
        if rematches == 0:
            break
    assert best is not None
    return best[1]


def swiss_pairing(order: Sequence[int], met: defaultdict[int, set[int]]) -> list[Repeat]:
    """Pair the teams of ``order`` (best first, an even number) by rank: the best unpaired
    team meets the next one it has not met, as long as the rest can still be paired with the
    fewest rematches possible (checked exactly, by a maximum matching of the teams that have
    not met); a rematch only when none of those is left. Returns the pairs, top table
    first, each (the better ranked, the other)."""
    matching, forbidden = _max_matching(order, met)
    budget = len(order) // 2 - matching.size()
    remaining = list(range(len(order)))
    pairs = []
    while remaining:
        top, others = remaining[0], remaining[1:]
        fresh = [c for c in others if c not in forbidden[top]]
        again = [c for c in others if c in forbidden[top]]
        for rival in fresh + (again if budget else []):
            cost = 1 if rival in forbidden[top] else 0
            if _still_pairable(matching, top, rival, len(remaining) // 2 - 1, budget - cost):
                budget -= cost
                pairs.append((order[top], order[rival]))
                remaining = [v for v in others if v != rival]
                break
        else:  # pragma: no cover - the budget is exact: some rival always fits
            raise AssertionError("swiss pairing found no rival")
    return pairs


def _still_pairable(matching: Matching, top: int, rival: int, rest_pairs: int,
                    budget: int) -> bool:
    """Whether, ``top`` and ``rival`` paired, the others can still be paired with at most
    ``budget`` rematches; if so the two leave ``matching`` (kept maximum), else it is
    restored."""
    if budget < 0:
        return False
    if matching.mate[top] == rival:
        matching.remove(top)
        matching.remove(rival)
        return True  # the rest of a maximum matching stays maximum without one of its pairs
    saved = list(matching.mate)
    matching.remove(top)
    matching.remove(rival)
    if rest_pairs - matching.maximize() <= budget:
        return True
    matching.mate = saved
    matching.alive[top] = matching.alive[rival] = True
    return False


def opponent_repeats(draw: PartieDraw, history: Sequence[PartieDraw]) -> int:
    """The pairs of players facing each other in ``draw`` who faced each other in
    ``history`` (mêlée): the figure the seating minimises."""
    return _opponent_repeats(draw, past_of(history).opponents)


def _opponent_repeats(draw: PartieDraw, opponents: defaultdict[int, set[int]]) -> int:
    return sum(1 for table in draw.tables for x in table.sides[0] for y in table.sides[1]
               if x is not None and y is not None and y in opponents[x])

