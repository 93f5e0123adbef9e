"""Compiled double-dummy search (numba ``@njit``) on bit-mask hands.

Value searched: the card points team 0 wins **from the current position on** (cards already on
the table and dix de der included), team 0 maximising, team 1 minimising. Techniques:

* MTD(f) and bisection: zero-window alpha-beta searches converging on the exact value;
* a transposition table at trick boundaries keyed by the four hands and the leader, storing a
  lower and an upper bound of the future points (bounds are never stored as exact values, and
  they are relative to the points already won, so they hold wherever the position recurs);
* equivalent-card pruning: two cards of one hand, same suit, same points, with no card of another
  hand or of the trick between them in the contract's order, are one move;
* move ordering: cards that take the trick first, points given to a master partner, small cards
  when the trick is lost.

The recursive search is compiled when this module is imported (a few seconds) and not cached on
disk: numba 0.68 crashes when it loads a cached self-recursive function.

The legal-card logic mirrors :func:`belote.engine.play.legal_cards` (RULES.md §4); the tests
compare this search with the plain minimax of :mod:`belote.solver.reference`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

TT_BITS = 20
TT_SIZE = 1 << TT_BITS
NEG = -1
MASK64 = np.uint64(0xFFFFFFFFFFFFFFFF)


def new_table() -> tuple[np.ndarray, ...]:
    """Empty transposition table: keys (4 int64 per entry) and bounds (lower, upper)."""
    keys = np.zeros((TT_SIZE, 4), dtype=np.int64)
    lo = np.zeros(TT_SIZE, dtype=np.int16)
    hi = np.zeros(TT_SIZE, dtype=np.int16)
    best = np.full(TT_SIZE, -1, dtype=np.int8)
    return keys, lo, hi, best


@njit(cache=True, inline="always")
def _beats(c, best, strength, suit_of, ruff):
    if (ruff >> c) & 1:
        return ((ruff >> best) & 1) == 0 or strength[c] > strength[best]
    if (ruff >> best) & 1:
        return False
    return suit_of[c] == suit_of[best] and strength[c] > strength[best]


@njit(cache=True, inline="always")
def _winning(trick, n, strength, suit_of, ruff):
    """Index and card winning the first ``n`` cards of the trick."""
    wi = 0
    w = trick[0]
    for i in range(1, n):
        if _beats(trick[i], w, strength, suit_of, ruff):
            wi = i
            w = trick[i]
    return wi, w


@njit(cache=True)
def legal_mask(hand, trick, tlen, strength, higher, suit_of, suit_mask, trump_mask, ruff,
               underruff, beat_in_suit, overtrump_partner):
    """Legal cards (mask) of the player to move; same rules as the engine's legal_cards."""
    if tlen == 0:
        return hand
    led = suit_of[trick[0]]
    follow = hand & suit_mask[led]
    win_i, win = _winning(trick, tlen, strength, suit_of, ruff)
    partner_master = win_i == tlen - 2
    if follow:
        if (trump_mask >> trick[0]) & 1:
            if partner_master and not overtrump_partner:
                return follow
            h = follow & higher[win] if suit_of[win] == led else 0
            return h if h else follow
        if beat_in_suit and not partner_master and suit_of[win] == led and \
                ((ruff >> win) & 1) == 0:
            h = follow & higher[win]
            if h:
                return h
        return follow
    trumps = hand & ruff
    if trumps == 0 or partner_master or (ruff >> trick[0]) & 1:
        return hand
    if (ruff >> win) & 1:
        over = trumps & higher[win]
        if over:
            return over
        if underruff:
            return trumps
        return hand
    return trumps




@njit(cache=True)
def _slot(h0, h1, h2, h3, leader):
    x = np.uint64(h0) * np.uint64(0x9E3779B97F4A7C15)
    x ^= np.uint64(h1) * np.uint64(0xC2B2AE3D27D4EB4F)
    x ^= np.uint64(h2) * np.uint64(0x165667B19E3779F9)
    x ^= np.uint64(h3) * np.uint64(0x27D4EB2F165667C5)
    x ^= np.uint64(leader + 1) * np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(29)
    return np.int64(x & np.uint64(TT_SIZE - 1))


_AB_SIG = ("int64(int64[:], int64[:], int64, int64, int64, int64, int64, int64[:], int64[:], "
           "int64[:], int64[:], int64[:], int64, int64, boolean, boolean, boolean, int64[:, :], "
           "int16[:], int16[:], int8[:], int64[:], int64[:, :], int64[:, :], int64)")


@njit(_AB_SIG)
def _ab(hands, trick, tlen, leader, left, alpha, beta, pts, strength, higher, suit_of,
        suit_mask, trump_mask, ruff, underruff, beat_in_suit, overtrump_partner,
        keys, tlo, thi, tbest, stats, mbuf, obuf, ply):
    """Fail-soft alpha-beta; returns team 0's future points (see module docstring).
    ``mbuf``/``obuf`` are preallocated move and ordering buffers, one row per ply."""
    stats[0] += 1
    hint = -1
    if tlen == 0:
        if left == 0:
            return 0
        slot = _slot(hands[0], hands[1], hands[2], hands[3], leader)
        k0 = hands[0] | ((leader + 1) << 40)
        if keys[slot, 0] == k0 and keys[slot, 1] == hands[1] and keys[slot, 2] == hands[2] \
                and keys[slot, 3] == hands[3]:
            lo = np.int64(tlo[slot])
            hi = np.int64(thi[slot])
            hint = np.int64(tbest[slot])
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:  # exact inside the window: an empty window would break fail-soft
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
    seat = (leader + tlen) % 4
    hand = hands[seat]
    legal = legal_mask(hand, trick, tlen, strength, higher, suit_of, suit_mask, trump_mask,
                       ruff, underruff, beat_in_suit, overtrump_partner)
    maximize = seat % 2 == 0
    # cards of the other hands and of the trick, for equivalence
    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
    for i in range(tlen):
        others |= np.int64(1) << trick[i]
    # collect moves with ordering keys
    moves = mbuf[ply]
    order = obuf[ply]
    n = 0
    win = -1
    partner_wins = False
    if tlen > 0:
        wi, win = _winning(trick, tlen, strength, suit_of, ruff)
        partner_wins = wi == tlen - 2
    m = legal
    while m:
        low = m & -m
        c = 0
        while (low >> c) != 1:
            c += 1
        m ^= low
        # equivalent-card pruning: skip c if a stronger kept card d of the same suit and points
        # has nothing of another hand (or of the trick) between them
        skip = False
        for j in range(n):
            d = moves[j]
            if suit_of[d] == suit_of[c] and pts[d] == pts[c]:
                if strength[d] > strength[c]:
                    between = higher[c] & ~higher[d] & ~(np.int64(1) << d)
                else:
                    between = higher[d] & ~higher[c] & ~(np.int64(1) << c)
                if (between & others) == 0:
                    skip = True
                    break
        if skip:
            continue
        if tlen == 0:
            key = strength[c] * 4 + ((ruff >> c) & 1) * 40 + pts[c]
        else:
            takes = _beats(c, win, strength, suit_of, ruff)
            if partner_wins:
                key = pts[c] * 2 - (10 if takes else 0)
            elif takes:
                key = 100 + pts[c] * 2 - strength[c]
            else:
                key = -pts[c] * 2 - strength[c]
        if c == hint:
            key = 1000000  # the move that was best here in an earlier search: first
        moves[n] = c
        order[n] = key
        n += 1
    # insertion sort by key, descending
    for i in range(1, n):
        c = moves[i]
        k = order[i]
        j = i - 1
        while j >= 0 and order[j] < k:
            moves[j + 1] = moves[j]
            order[j + 1] = order[j]
            j -= 1
        moves[j + 1] = c
        order[j + 1] = k
    a0 = alpha
    b0 = beta
    best = -1 if maximize else 10000
    best_move = -1
    for i in range(n):
        c = moves[i]
        hands[seat] = hand & ~(np.int64(1) << c)
        trick[tlen] = c
        if tlen == 3:
            wi, _wc = _winning(trick, 4, strength, suit_of, ruff)
            w = (leader + wi) % 4
            gain = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
            if left == 1:
                gain += 10
            if w % 2 != 0:
                gain = 0
            t0, t1, t2, t3 = trick[0], trick[1], trick[2], trick[3]
            v = gain + _ab(hands, trick, 0, w, left - 1, alpha - gain, beta - gain, pts,
                           strength, higher, suit_of, suit_mask, trump_mask, ruff, underruff,
                           beat_in_suit, overtrump_partner, keys, tlo, thi, tbest, stats, mbuf,
                           obuf, ply + 1)
            trick[0], trick[1], trick[2], trick[3] = t0, t1, t2, t3
        else:
            v = _ab(hands, trick, tlen + 1, leader, left, alpha, beta, pts, strength, higher,
                    suit_of, suit_mask, trump_mask, ruff, underruff, beat_in_suit,
                    overtrump_partner, keys, tlo, thi, tbest, stats, mbuf, obuf, ply + 1)
        hands[seat] = hand
        if maximize:
            if v > best:
                best = v
                best_move = c
            alpha = max(alpha, best)
        else:
            if v < best:
                best = v
                best_move = c
            beta = min(beta, best)
        if alpha >= beta:
            break
    if tlen == 0:
        slot = _slot(hands[0], hands[1], hands[2], hands[3], leader)
        k0 = hands[0] | ((leader + 1) << 40)
        same = keys[slot, 0] == k0 and keys[slot, 1] == hands[1] and \
            keys[slot, 2] == hands[2] and keys[slot, 3] == hands[3]
        lo = np.int64(tlo[slot]) if same else np.int64(0)
        hi = np.int64(thi[slot]) if same else np.int64(10000)
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = best
            hi = best
        keys[slot, 0] = k0
        keys[slot, 1] = hands[1]
        keys[slot, 2] = hands[2]
        keys[slot, 3] = hands[3]
        tlo[slot] = lo
        thi[slot] = hi
        tbest[slot] = best_move
    return best


@njit
def mtdf(hands, trick, tlen, leader, left, upper_bound, guess, pts, strength, higher, suit_of,
         suit_mask, trump_mask, ruff, underruff, beat_in_suit, overtrump_partner, keys, tlo,
         thi, tbest, stats):
    """Exact value by zero-window searches: first at ``guess`` (MTD(f)), then bisecting the
    interval left between the bounds (MTD-bi), until the bounds meet."""
    lower = 0
    upper = upper_bound
    g = guess
    mbuf = np.empty((40, 9), dtype=np.int64)
    obuf = np.empty((40, 9), dtype=np.int64)
    first = True
    while lower < upper:
        # the first test at the guess (MTD(f)); then bisect the remaining interval: fail-soft
        # bounds move by one or two points at a time in this game, so pure MTD(f) would need
        # dozens of searches
        if first:
            b = g + 1 if g == lower else g
            first = False
        else:
            b = (lower + upper + 1) // 2
        g = _ab(hands, trick, tlen, leader, left, b - 1, b, pts, strength, higher, suit_of,
                suit_mask, trump_mask, ruff, underruff, beat_in_suit, overtrump_partner, keys,
                tlo, thi, tbest, stats, mbuf, obuf, 0)
        if g < b:
            upper = g
        else:
            lower = g
    return g
