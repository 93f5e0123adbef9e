"""Double-dummy solver: exact optimal card play with all hands known.

>>> from belote.solver import Solver, Position
>>> result = Solver().solve(Position.from_deal(deal))      # doctest: +SKIP
>>> result.points, result.values                            # doctest: +SKIP

:class:`Solver` wraps the compiled kernel (:mod:`belote.solver.kernel`); the plain minimax of
:mod:`belote.solver.reference` is the oracle it is tested against.
"""

from __future__ import annotations

import pickle
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.cards import SUIT_MASK, SUIT_OF, iter_cards
from ..engine.play import PlayRules, legal_cards
from . import kernel
from .kernel import I64Array
from .position import Position, PositionError

__all__ = ["Position", "PositionError", "SolveResult", "Solver", "kernel_ready", "warm_up"]


def kernel_ready() -> bool:
    """Whether the compiled search is at hand: compiled in this process already, or in numba's
    disk cache for this version of the kernel. False on the first use after an install or an
    upgrade, which compiles it (about 10 s once, up to half a minute on a busy machine; see
    docs/performance.md): the CLI and the TUI say so meanwhile.
    True when it cannot tell (numba's cache internals are not public)."""
    # numba's dispatchers, read through their private cache attributes (not in numba's types)
    compiled: tuple[Any, ...] = kernel.COMPILED
    try:
        for f in compiled:
            if not f.signatures and not f._cache._cache_file._load_index():
                return False
    except (AttributeError, TypeError, OSError, ValueError, EOFError,
            pickle.UnpicklingError):  # another numba version, a damaged index: say nothing
        return True
    return True


def warm_up() -> float:
    """Compile the search now (or load it from numba's disk cache): about 10 s after an
    install (up to half a minute on a busy machine), well under a second afterwards. Call it
    before timing anything, so that the first solve does not carry the compile time
    (``belote arena`` and ``simulate`` do). Returns the milliseconds it took."""
    from ..engine.cards import Trump
    from ..engine.rules import PRESETS
    t0 = time.perf_counter()
    hands = [1 << 0, 1 << 8, 1 << 16, 1 << 24]  # one card each, four suits: one trick left
    Solver().solve(Position(hands, Trump.S, PRESETS["coinche"], leader=0))
    return (time.perf_counter() - t0) * 1000.0


@dataclass
class SolveResult:
    """``points``: final card points per team for the whole deal under perfect play (points
    already won plus optimal play from here, dix de der included, no capot bonus).
    ``values``: for each legal card of the player to move, the final card points of **its
    team** if it plays that card and everyone plays perfectly afterwards. ``nodes``: search
    nodes visited; ``ms``: time in milliseconds."""

    points: list[int]
    values: dict[int, int]
    nodes: int
    ms: float


MAX_BONUS = 10_000


#: the kernel's tables of a contract kind and play rules: points, strength, higher, suit of,
#: suit masks (``int64[36]``, ``[36]``, ``[36]``, ``[36]``, ``[4]``), the trump and ruff masks,
#: and the three flags of a :class:`~belote.engine.play.PlayRules` (see
#: :func:`belote.solver.kernel.search`)
KernelTables = tuple[I64Array, I64Array, I64Array, I64Array, I64Array, np.int64, np.int64,
                     bool, bool, bool]
#: what the kernel's tables depend on: trump, SA ace points, deck, play rules, capot bonus
_Context = tuple[int, int, int, PlayRules, int]


def _kernel_arrays(pos: Position) -> tuple[I64Array, I64Array]:
    """The kernel's view of ``pos``: the four hands and the trick (4 slots, ``int64``)."""
    hands = np.array(pos.hands, dtype=np.int64)
    trick = np.zeros(4, dtype=np.int64)
    trick[:len(pos.trick)] = pos.trick
    return hands, trick


def _check_bonus(bonus: object) -> int:
    if not isinstance(bonus, int) or isinstance(bonus, bool) or not 0 <= bonus <= MAX_BONUS:
        raise PositionError(f"capot_bonus: whole points 0..{MAX_BONUS}, not {bonus!r}",
                            code="solver.bad_bonus",
                            params={"max": MAX_BONUS, "value": repr(bonus)})
    return bonus


class Solver:
    """A double-dummy solver with its own transposition table (about 10 MB; reused between
    calls while the contract kind and play rules stay the same). Not thread-safe: one solver
    per thread (the kernel releases the GIL, so solvers on several threads run in parallel)."""

    def __init__(self) -> None:
        self.table = kernel.new_table()
        self.epoch = 0
        self.stats = np.zeros(1, dtype=np.int64)
        self.hist = np.zeros(64, dtype=np.int64)
        self._ctx: _Context | None = None
        self._arrays: KernelTables | None = None

    @property
    def nodes(self) -> int:
        """Search nodes this solver has visited so far (every call counted)."""
        return int(self.stats[0])

    def clear(self) -> None:
        """Forget every stored position (a new epoch: the table is not rewritten, except
        when the epoch, 23 bits of the key, would wrap: then it is zeroed)."""
        self.epoch += 1
        if self.epoch >= kernel.MAX_EPOCH:
            self.table[:] = 0
            self.epoch = 1

    def _context(self, pos: Position, bonus: int = 0) -> KernelTables:
        """The kernel's tables for ``pos``'s contract kind; a new epoch when the contract kind,
        the play rules or the capot bonus change (stored bounds depend on all three)."""
        r = pos.rules
        play = pos.play
        ctx = (int(pos.trump), r.sa_ace_points, r.deck, play, bonus)
        if ctx != self._ctx or self._arrays is None:
            self.clear()
            tt = pos.tables
            under, beat, over_partner = play.flags()
            self._arrays = (
                np.array(tt.points, dtype=np.int64), np.array(tt.strength, dtype=np.int64),
                np.array(tt.higher, dtype=np.int64), np.array(SUIT_OF, dtype=np.int64),
                np.array(SUIT_MASK, dtype=np.int64), np.int64(tt.trump_mask),
                np.int64(tt.ruff_mask), bool(under), bool(beat), bool(over_partner))
            self._ctx = ctx
        return self._arrays

    def future(self, pos: Position, guess: int | None = None, tolerance: int = 0,
               capot_bonus: int = 0) -> int:
        """Card points team 0 wins from ``pos`` on (table cards and dix de der included).

        ``guess``: where the first zero-window test goes (default: half the points left).
        ``tolerance``: stop once the value is known within this many points and return the
        middle of the interval (0: exact; a few points make bidding simulations cheaper).
        ``capot_bonus``: points (>= 0) a team adds to its side of the objective if it takes
        every trick of the deal (``pos.tricks`` tells which teams already have one): the value
        is then team 0's future card points, plus the bonus if team 0 makes the capot, minus
        it if team 1 does. Off (0) by default: pure card points."""
        b = _check_bonus(capot_bonus)
        if not isinstance(tolerance, int) or tolerance < 0:
            raise PositionError(f"tolerance: points >= 0, not {tolerance!r}",
                                code="solver.bad_tolerance", params={"value": repr(tolerance)})
        if pos.tricks_left_total() == 0:  # the deal is over: only the capot part is left
            t0, t1 = pos.tricks
            return b if t0 and not t1 else (-b if t1 and not t0 else 0)
        a = self._context(pos, b)
        hands, trick = _kernel_arrays(pos)
        upper = pos.remaining_points() + 2 * b
        if upper > kernel.MAX_VALUE:
            raise PositionError(f"points and capot bonus too large for the solver: up to "
                                f"{kernel.MAX_VALUE} points in all, not {upper}",
                                code="solver.too_large",
                                params={"max": kernel.MAX_VALUE, "value": upper})
        if guess is not None and not isinstance(guess, int):
            raise PositionError(f"guess: points, not {guess!r}", code="solver.bad_guess",
                                params={"value": repr(guess)})
        g = upper // 2 if guess is None else max(0, min(upper, guess + b))
        self.hist[:] = 0
        return int(kernel.mtdf(hands, trick, len(pos.trick), pos.leader, pos.tricks_left_total(),
                               upper, g, guess is not None, int(tolerance), *a, self.table,
                               np.int64(self.epoch), self.stats, self.hist, b,
                               pos.won_flags())) - b

    def search(self, pos: Position, alpha: int, beta: int) -> int:
        """One fail-soft alpha-beta search of ``pos`` with the window ``(alpha, beta)`` on the
        points team 0 wins from here on: a result ``v <= alpha`` is an upper bound of the true
        value, ``v >= beta`` a lower bound, anything between is exact. For tests and
        experiments; :meth:`future` is the exact value."""
        if pos.tricks_left_total() == 0:
            return 0
        if pos.remaining_points() > kernel.MAX_VALUE or \
                not all(isinstance(x, int) and abs(x) < 1 << 40 for x in (alpha, beta)):
            raise PositionError("search: window or points out of the solver's range",
                                code="solver.bad_window")
        if alpha >= beta:  # an empty window searches no card (and would store its -inf)
            raise PositionError(f"search: alpha < beta, not {alpha} >= {beta}",
                                code="solver.empty_window", params={"alpha": alpha, "beta": beta})
        a = self._context(pos)
        hands, trick = _kernel_arrays(pos)
        self.hist[:] = 0
        return int(kernel.search(hands, trick, len(pos.trick), pos.leader,
                                 pos.tricks_left_total(), alpha, beta, *a, self.table,
                                 np.int64(self.epoch), self.stats, self.hist,
                                 0, pos.won_flags()))

    def solve(self, pos: Position, values: bool = True, capot_bonus: int = 0,
              cards: set[int] | None = None) -> SolveResult:
        """Solve ``pos``: final points per team, and (with ``values``) the value of each legal
        card of the player to move. With ``values`` the position's own value is the best of
        its cards' (no separate search). With a ``capot_bonus`` (see :meth:`future`) the
        points and values are the objective: card points plus the bonus of a capot made,
        minus the other side's. ``cards``: only these legal cards get a value (the points are
        then the best of them)."""
        t0 = time.perf_counter()
        n0 = int(self.stats[0])
        total = pos.final_total()
        vals: dict[int, int] = {}
        if values and pos.tricks_left_total() > 0:
            seat = pos.to_move
            mask, _ = legal_cards(pos.hands[seat], pos.trick, pos.tables, pos.play)
            finals = []
            guess = None
            for c in iter_cards(mask):
                if cards is not None and c not in cards:
                    continue
                nxt = pos.after(c)
                g: int | None = None if guess is None else guess - nxt.points[0]
                t0_final = nxt.points[0] + self.future(nxt, guess=g, capot_bonus=capot_bonus)
                guess = t0_final
                finals.append(t0_final)
                vals[c] = t0_final if seat % 2 == 0 else total - t0_final
            if not finals:
                raise PositionError("cards: none of them is a legal card of the player to move",
                                    code="solver.no_card")
            team0 = max(finals) if seat % 2 == 0 else min(finals)
        else:
            team0 = pos.points[0] + self.future(pos, capot_bonus=capot_bonus)
        points = [team0, total - team0]
        return SolveResult(points, vals, int(self.stats[0]) - n0,
                           (time.perf_counter() - t0) * 1000.0)
