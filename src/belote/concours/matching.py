"""Maximum matching in a general graph (Edmonds' blossom algorithm), for the draw.

The draw asks one question many times: how many disjoint pairs can be made of vertices
``0..n-1`` using only the *allowed* pairs (partners who have not played together, teams that
have not met)? Edmonds' algorithm answers it exactly: a matching is maximum if and only if no
augmenting path exists (Berge), and the blossom search finds one whenever it does, in
O(n²) steps for each search (this implementation scans an adjacency function, O(n³) for a
whole matching from nothing; the draw starts from a greedy matching and searches only from
the few vertices left free).

Vertices can be removed (``remove``): the Swiss pairing of the équipes fixes one table at a
time and asks whether the rest can still be paired well enough.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

#: the allowed partners of a vertex (any order; the graph is undirected and loop-free)
Adjacency = Callable[[int], Iterable[int]]

FREE = -1


class Matching:
    """A matching of ``n`` vertices over the pairs ``adjacent`` allows. ``mate[v]`` is the
    vertex matched with ``v`` or ``FREE``; ``alive[v]`` whether ``v`` is still in the graph
    (``adjacent`` must name only alive vertices, or the caller must filter with ``alive``:
    the search skips dead ones)."""

    def __init__(self, n: int, adjacent: Adjacency) -> None:
        self.n = n
        self.adjacent = adjacent
        self.mate: list[int] = [FREE] * n
        self.alive: list[bool] = [True] * n

    def size(self) -> int:
        """The number of matched pairs."""
        return sum(1 for v in range(self.n) if self.alive[v] and self.mate[v] > v)

    def join(self, u: int, v: int) -> None:
        """Match two free vertices (an allowed pair; not checked)."""
        self.mate[u] = v
        self.mate[v] = u

    def remove(self, v: int) -> None:
        """Take ``v`` out of the graph; its mate, if any, becomes free."""
        w = self.mate[v]
        if w != FREE:
            self.mate[w] = FREE
        self.mate[v] = FREE
        self.alive[v] = False

    def maximize(self) -> int:
        """Augment from every free alive vertex until none can be: the matching is then
        maximum (Berge; a vertex with no augmenting path keeps none after other augmentations).
        Returns its size."""
        for v in range(self.n):
            if self.alive[v] and self.mate[v] == FREE:
                self.augment(v)
        return self.size()

    def augment(self, root: int) -> bool:
        """Look for an augmenting path from the free vertex ``root`` (breadth first, shrinking
        odd cycles into blossoms); flip it and return True when found."""
        return _Search(self, root).run()


class _Search:
    """One blossom search from a free vertex (the classic array formulation: ``parent`` the
    tree's links from odd vertices, ``base`` each vertex's blossom base)."""

    def __init__(self, matching: Matching, root: int) -> None:
        n = matching.n
        self.m = matching
        self.root = root
        self.parent = [FREE] * n
        self.base = list(range(n))
        self.used = [False] * n
        self.used[root] = True
        self.queue = [root]

    def run(self) -> bool:
        mate, alive, parent, base = self.m.mate, self.m.alive, self.parent, self.base
        head = 0
        while head < len(self.queue):
            v = self.queue[head]
            head += 1
            for to in self.m.adjacent(v):
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == self.root or (mate[to] != FREE and parent[mate[to]] != FREE):
                    self._shrink(v, to)
                elif parent[to] == FREE:
                    parent[to] = v
                    if mate[to] == FREE:
                        self._flip(to)
                        return True
                    self.used[mate[to]] = True
                    self.queue.append(mate[to])
        return False

    def _flip(self, v: int) -> None:
        mate, parent = self.m.mate, self.parent
        while v != FREE:
            pv = parent[v]
            ppv = mate[pv]
            mate[v] = pv
            mate[pv] = v
            v = ppv

    def _lca(self, a: int, b: int) -> int:
        mate, parent, base = self.m.mate, self.parent, self.base
        seen = [False] * self.m.n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == FREE:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def _mark(self, v: int, b: int, child: int, blossom: list[bool]) -> None:
        mate, parent, base = self.m.mate, self.parent, self.base
        while base[v] != b:
            blossom[base[v]] = True
            blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    def _shrink(self, v: int, to: int) -> None:
        top = self._lca(v, to)
        blossom = [False] * self.m.n
        self._mark(v, top, to, blossom)
        self._mark(to, top, v, blossom)
        base = self.base
        for i in range(self.m.n):
            if blossom[base[i]]:
                base[i] = top
                if not self.used[i]:
                    self.used[i] = True
                    self.queue.append(i)
