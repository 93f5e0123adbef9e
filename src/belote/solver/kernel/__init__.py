"""Compiled double-dummy search (numba ``@njit``) on bit-mask hands.

Value searched: the card points team 0 wins **from the current position on** (cards already on
the table and dix de der included), team 0 maximising, team 1 minimising. Techniques:

* zero-window searches converging on the exact value (MTD(f) first test, then steps away
  from a caller's guess, then bisection);
* an **iterative** fail-soft alpha-beta (an explicit stack of plies, no recursion: no call
  overhead per node, and the compiled code can be cached on disk);
* a transposition table at trick boundaries keyed by the four hands and the leader, storing a
  lower and an upper bound of the future points (bounds are never stored as exact values, and
  they are relative to the points already won, so they hold wherever the position recurs), the
  best move found there, and the tricks left; buckets of two entries (deeper entry kept,
  the other always replaced), an epoch instead of clearing between contract kinds;
* quick bounds at trick starts: the points the leader's side is sure to win with its master
  trumps, and (when the leader holds every remaining trump and only masters) the whole rest;
* equivalent-card pruning: two cards of one hand, same suit, same points, with no card of another
  hand or of the trick between them in the contract's order, are one move;
* move ordering: **killers** at the lead and at the leader's partner (the card that last cut
  a node off at the same ply for the same seat, in a sibling subtree), then the table's best
  move; then masters
  and small plain cards at the lead, cards that take the trick, points given to a master
  partner (from plain suits, masters kept), small cards when the trick is lost, and a history
  of moves that cut off;
* the last two tricks evaluated directly (:func:`.bounds._two_tricks`: a small alpha-beta over the
  first of them, the last one forced).

The legal-card logic (:func:`.cards._legal`) mirrors
:func:`belote.engine.play.legal_cards` (docs/sources.md §4); the tests compare this search
with the plain minimax of :mod:`belote.solver.reference`.

Every helper called at each node takes scalars, not arrays, or borrowed arrays
(:func:`.alphabeta._borrowed`): numba updates an array's reference count atomically at each
call of an inlined helper. The table's bucket is
prefetched (:func:`.table._prefetch`) before the quick bounds are computed, which then hide
part of the wait.

Modules, one job each: :mod:`.table` (the transposition table), :mod:`.cards` (card rules on
bit masks), :mod:`.bounds` (the quick bounds and the last two tricks), :mod:`.alphabeta` (the
search and the zero-window driver). Their helpers are ``inline="always"``: numba inlines them
into the search whatever their module; :mod:`.cache` keeps numba's disk cache in step with
all of these files.
"""

from __future__ import annotations

from pathlib import Path

from .alphabeta import _search, mtdf, search
from .bounds import _two_tricks
from .cache import keep_fresh
from .table import MAX_EPOCH, MAX_VALUE, TT_SIZE, I64Array, new_table

__all__ = ["COMPILED", "MAX_EPOCH", "MAX_VALUE", "TT_SIZE", "I64Array", "mtdf", "new_table",
           "search"]

#: the compiled functions whose cached code takes in helpers of the kernel's other files
COMPILED = (search, _search, mtdf, _two_tricks)

keep_fresh(COMPILED, Path(__file__).parent)
