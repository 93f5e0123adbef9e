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
  a node off at the same ply for the same seat, in a sibling subtree: 20 % fewer nodes with
  the lead's, 8 % fewer again with the third card's), then the table's best move; then masters
  and small plain cards at the lead, cards that take the trick, points given to a master
  partner (from plain suits, masters kept), small cards when the trick is lost, and a history
  of moves that cut off;
* the last two tricks evaluated directly (:func:`_two_tricks`: a small alpha-beta over the
  first of them, the last one forced; 20 % fewer nodes, 15 % less time).

The legal-card logic (:func:`_legal`) mirrors :func:`belote.engine.play.legal_cards`
(docs/sources.md
§4); the tests compare this search with the plain minimax of :mod:`belote.solver.reference`.

Every helper called at each node takes scalars, not arrays, or borrowed arrays
(:func:`_borrowed`): numba updates an array's reference count atomically at each call of an
inlined helper, which was half of the search's time. The table's bucket is prefetched
(:func:`_prefetch`) before the quick bounds are computed, which then hide part of the wait.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from llvmlite import ir
from numba import njit
from numba.core import cgutils, types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

TT_BITS = 18
TT_SIZE = 1 << TT_BITS  # entries (buckets of two)
BIG = 1 << 30
FIRST = 1 << 62  # the order key of the move searched first (above any rule's key: card points
# can be large with an odd sa_ace_points)
MAX_EPOCH = 1 << 23  # epochs in bits 40-62 of a key word (see _key0)
MAX_VALUE = 0xFFFF  # table bounds are 16-bit: points left plus twice the capot bonus
TT_MIN_LEFT = 2  # positions with more tricks left than this go to the table (two tricks
# left are solved directly, see _two_tricks)

# columns of the per-ply state
(_N, _I, _ALPHA, _BETA, _A0, _B0, _BEST, _BM, _SEAT, _TLEN, _LEADER, _LEFT, _ACC, _HAND,
 _WON, _HP, _BKT, _K0, _WC, _WI) = range(20)
_NCOL = 20
MAXPLY = 40


M36 = (1 << 36) - 1  # a hand's bits in a table word

#: the kernel's arrays: hands, tricks, card tables, the transposition table, counters
I64Array = npt.NDArray[np.int64]


def new_table() -> I64Array:
    """Empty transposition table: ``int64[TT_SIZE, 4]``, one row an entry of 32 bytes, a bucket
    of two entries one 64-byte cache line (the array is aligned on 64 bytes: a probe costs one
    memory access, the search's most expensive instruction). Word 0: hand 0 (bits 0-35), the
    leader, the epoch (see :func:`_key0`); word 1: hand 1; word 2: hand 2 (0-35), the lower
    bound (36-51), the best move + 1 (52-57); word 3: hand 3 (0-35), the upper bound (36-51),
    the tricks left (52-55)."""
    raw = np.zeros(TT_SIZE * 4 + 8, dtype=np.int64)
    off = (-raw.ctypes.data % 64) // 8
    return raw[off:off + TT_SIZE * 4].reshape(TT_SIZE, 4)


@intrinsic
def _prefetch(typingctx, table, row):
    """Start loading row ``row`` of ``table`` (a 2-D array) into the caches and go on (LLVM's
    ``llvm.prefetch``: read, keep in every level, data). A table probe waits on memory, the
    search's most expensive instruction; the quick bounds are computed meanwhile."""
    def codegen(context, builder, sig, args):
        aty = sig.args[0]
        ary = context.make_array(aty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aty, ary,
                                       [args[1], context.get_constant(sig.args[1], 0)])
        i32 = ir.IntType(32)
        if getattr(ptr.type, "is_opaque", False):  # LLVM's untyped pointers (this llvmlite)
            name = "llvm.prefetch.p0"
        else:  # typed pointers (older llvmlite): the intrinsic takes an i8*
            ptr = builder.bitcast(ptr, ir.IntType(8).as_pointer())
            name = "llvm.prefetch.p0i8"
        fnty = ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, name)
        builder.call(fn, [ptr, i32(0), i32(3), i32(1)])
        return context.get_dummy_value()
    return types.void(table, row), codegen


@intrinsic
def _borrowed(typingctx, arr):
    """The same array without its reference count (a null meminfo). numba counts references
    to an array atomically (a locked instruction) every time it is passed to a helper; the
    search's helpers take the borrowed views, so those updates do nothing (4 % less time).
    Only valid while the caller holds the array: :func:`search` holds what :func:`_search`
    borrows."""
    def codegen(context, builder, sig, args):
        src = context.make_array(sig.args[0])(context, builder, args[0])
        out = context.make_array(sig.return_type)(context, builder)
        for k in ("nitems", "itemsize", "data", "shape", "strides"):
            setattr(out, k, getattr(src, k))
        out.meminfo = cgutils.get_null_value(out.meminfo.type)
        out.parent = cgutils.get_null_value(out.parent.type)
        return out._getvalue()
    return arr(arr), codegen


@njit(cache=True, inline="always")
def _beats(c, best, sc, sb, uc, ub, ruff):
    """Whether card ``c`` (strength ``sc``, suit ``uc``) beats the trick's best card so far
    (``best``, ``sb``, ``ub``). Scalars, not the tables: an array passed to an inlined helper
    costs two atomic reference-count updates a call, which were half the search's time."""
    if (ruff >> c) & 1:
        return ((ruff >> best) & 1) == 0 or sc > sb
    if (ruff >> best) & 1:
        return False
    return uc == ub and sc > sb


@njit(cache=True, inline="always")
def _legal(hand, lead, led_mask, wc, higher_wc, wc_led, partner_wins, trump_mask, ruff,
           underruff, beat_in_suit, overtrump_partner):
    """Legal cards (mask) of ``hand`` on a trick led with ``lead`` (``led_mask``: the cards of
    its suit) and won so far by ``wc`` (``higher_wc``: the cards above it in its suit;
    ``wc_led``: it is of the suit led; ``partner_wins``: by the partner). The engine's
    legal_cards (docs/sources.md §4), on scalars (arrays passed to an inlined helper cost atomic
    reference counts at every call)."""
    follow = hand & led_mask
    if follow:
        if (trump_mask >> lead) & 1:
            if wc_led and not (partner_wins and not overtrump_partner):
                h = follow & higher_wc
                if h:
                    return h
            return follow
        if beat_in_suit and not partner_wins and wc_led and ((ruff >> wc) & 1) == 0:
            h = follow & higher_wc
            if h:
                return h
        return follow
    trumps = hand & ruff
    if trumps == 0 or partner_wins or (ruff >> lead) & 1:
        return hand
    if (ruff >> wc) & 1:
        over = trumps & higher_wc
        if over:
            return over
        if underruff:
            return trumps
        return hand
    return trumps


@njit(cache=True, inline="always")
def _pick4(i, a, b, c, d):
    """The ``i``-th of four scalars."""
    if i == 0:
        return a
    if i == 1:
        return b
    if i == 2:
        return c
    return d


@njit(cache=True, inline="always")
def _better(maxer, best, alpha, beta, v):
    """One child's value ``v`` taken by a maximising (``maxer``) or minimising player:
    ``(best, alpha, beta)`` updated (fail-soft alpha-beta)."""
    if maxer:
        return max(best, v), max(alpha, v), beta
    return min(best, v), alpha, min(beta, v)


@njit(cache=True, nogil=True)
def _two_tricks(a, b, c, d, leader, won, bonus, alpha, beta, pts, strength, higher, suit_of,
                suit_mask, trump_mask, ruff, underruff, beat_in_suit, overtrump_partner):
    """Exact value of a trick start with two tricks left (two cards a hand; ``a`` to ``d``:
    the hands of the leader and the next three seats): team 0's points from here on, dix de
    der and capot terms (see :func:`search`) included. Plain minimax over the at most 16 ways
    to play the first trick (the last one is forced), alpha-beta on the window ``(alpha,
    beta)`` (fail-soft: a result outside the window is a bound, as in :func:`search`)."""
    max0 = leader % 2 == 0
    max1 = not max0
    best0 = -BIG if max0 else BIG
    m0 = a
    while m0:
        c0 = trailing_zeros(m0)
        m0 &= m0 - 1
        led = suit_of[c0]
        lm = suit_mask[led]
        best1 = -BIG if max1 else BIG
        a1 = alpha
        b1 = beta
        m1 = _legal(b, c0, lm, c0, higher[c0], True, False, trump_mask, ruff, underruff,
                    beat_in_suit, overtrump_partner)
        while m1:
            c1 = trailing_zeros(m1)
            m1 &= m1 - 1
            w1 = c0
            i1 = 0
            if _beats(c1, c0, strength[c1], strength[c0], suit_of[c1], led, ruff):
                w1 = c1
                i1 = 1
            best2 = -BIG if max0 else BIG
            a2 = a1
            b2 = b1
            m2 = _legal(c, c0, lm, w1, higher[w1], suit_of[w1] == led, i1 == 0, trump_mask,
                        ruff, underruff, beat_in_suit, overtrump_partner)
            while m2:
                c2 = trailing_zeros(m2)
                m2 &= m2 - 1
                w2 = w1
                i2 = i1
                if _beats(c2, w1, strength[c2], strength[w1], suit_of[c2], suit_of[w1], ruff):
                    w2 = c2
                    i2 = 2
                best3 = -BIG if max1 else BIG
                a3 = a2
                b3 = b2
                m3 = _legal(d, c0, lm, w2, higher[w2], suit_of[w2] == led, i2 == 1,
                            trump_mask, ruff, underruff, beat_in_suit, overtrump_partner)
                while m3:
                    c3 = trailing_zeros(m3)
                    m3 &= m3 - 1
                    i3 = i2
                    if _beats(c3, w2, strength[c3], strength[w2], suit_of[c3], suit_of[w2],
                              ruff):
                        i3 = 3
                    t1 = (leader + i3) % 4
                    p1 = pts[c0] + pts[c1] + pts[c2] + pts[c3]
                    # the last trick, led by the first one's winner: every card forced
                    p2 = 10
                    wl = -1
                    wj = 0
                    for j in range(4):
                        r = (i3 + j) % 4
                        e = trailing_zeros(_pick4(r, a & ~(np.int64(1) << c0),
                                                  b & ~(np.int64(1) << c1),
                                                  c & ~(np.int64(1) << c2),
                                                  d & ~(np.int64(1) << c3)))
                        p2 += pts[e]
                        if j == 0 or _beats(e, wl, strength[e], strength[wl], suit_of[e],
                                            suit_of[wl], ruff):
                            wl = e
                            wj = j
                    t2 = (t1 + wj) % 4
                    v = (p1 if t1 % 2 == 0 else 0) + (p2 if t2 % 2 == 0 else 0) + \
                        _capot_terms(won | (1 << (t1 % 2)) | (1 << (t2 % 2)), bonus)
                    # the fourth seat is on the second seat's team, the third on the leader's
                    best3, a3, b3 = _better(max1, best3, a3, b3, v)
                    if a3 >= b3:
                        break
                best2, a2, b2 = _better(max0, best2, a2, b2, best3)
                if a2 >= b2:
                    break
            best1, a1, b1 = _better(max1, best1, a1, b1, best2)
            if a1 >= b1:
                break
        best0, alpha, beta = _better(max0, best0, alpha, beta, best1)
        if alpha >= beta:
            break
    return best0


@njit(cache=True, inline="always")
def _bucket(h0, h1, h2, h3, leader):
    x = np.uint64(h0) * np.uint64(0x9E3779B97F4A7C15)
    x ^= np.uint64(h1) * np.uint64(0xC2B2AE3D27D4EB4F)
    x ^= np.uint64(h2) * np.uint64(0x165667B19E3779F9)
    x ^= np.uint64(h3) * np.uint64(0x27D4EB2F165667C5)
    x ^= np.uint64(leader + 1) * np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(29)
    return np.int64(x & np.uint64(TT_SIZE - 2))  # even: the first entry of a bucket


@njit(cache=True, inline="always")
def _card_pts(mask, pts):
    s = 0
    while mask:
        c = trailing_zeros(mask)
        mask &= mask - 1
        s += pts[c]
    return s


@njit(cache=True, inline="always")
def _sure(hands, leader, pts, higher, suit_mask, ruff, torder, tn):
    """Card points each side is sure to win from this trick start on: ``(leader's side,
    other side, leader's side takes every trick)``.

    * **Top trumps** (suit contracts): the trumps from the highest remaining one down, while
      they belong to one side. A trump's trick goes to the highest trump in it, so each of
      these cards is won by its side whatever happens.
    * **Runs** of the leader: its cards of a suit from the top down while no other hand holds
      a higher card of that suit; led one after another, each wins its trick. Runs in plain
      suits are safe once the leader's trump run has drawn the defence's trumps (it is at
      least as long as each opponent's trumps), or when no suit ruffs (Sans Atout, Tout
      Atout). If every card of the leader is in a safe run, its side takes every trick.
    """
    hand = hands[leader]
    other = 0
    for s in range(4):
        if s != leader:
            other |= hands[s]
    side_pts = 0
    in_runs = 0
    trump_n = 0
    for s in range(4):
        m = hand & suit_mask[s]
        if m == 0:
            continue
        trumps = (ruff & suit_mask[s]) != 0
        while m:
            c = trailing_zeros(m)
            m &= m - 1
            if (higher[c] & other) == 0:
                in_runs += 1
                if trumps:
                    trump_n += 1
                else:
                    side_pts += pts[c]
    k = 0
    r = hand
    while r:
        r &= r - 1
        k += 1
    if ruff == 0:
        return side_pts, 0, in_runs == k
    # top trumps and the side holding them (``torder``: the ``tn`` trumps, highest first)
    t0 = hands[0] | hands[2]
    t1 = hands[1] | hands[3]
    top_pts = 0
    top_team = -1
    for i in range(tn):
        c = torder[i]
        if (t0 >> c) & 1:
            team = 0
        elif (t1 >> c) & 1:
            team = 1
        else:
            continue
        if top_team < 0:
            top_team = team
        elif team != top_team:
            break
        top_pts += pts[c]
    o1 = hands[(leader + 1) % 4] & ruff
    o3 = hands[(leader + 3) % 4] & ruff
    n1 = 0
    while o1:
        o1 &= o1 - 1
        n1 += 1
    n3 = 0
    while o3:
        o3 &= o3 - 1
        n3 += 1
    safe = trump_n >= n1 and trump_n >= n3
    x = 0
    y = 0
    if top_team == leader % 2:
        x = top_pts
    elif top_team >= 0:
        y = top_pts
    if safe:
        x += side_pts
    return x, y, safe and in_runs == k


@njit(cache=True, inline="always")
def _key0(h0, leader, epk, won, bonus):
    """First key word of a table entry: hand 0 (bits 0-35), the leader (37-38), the epoch
    (40-), and with a capot bonus which teams have won a trick (bits 36 and 39)."""
    k = h0 | (leader << 37) | epk
    if bonus > 0:
        k |= ((won & 1) << 36) | ((won >> 1) << 39)
    return k


@njit(cache=True, inline="always")
def _capot_terms(won, bonus):
    """The capot part of the value once the deal is over (see :func:`search`): ``bonus`` if
    team 0 took every trick, plus ``bonus`` unless team 1 did."""
    if bonus == 0:
        return 0
    return (bonus if won == 1 else 0) + (0 if won == 2 else bonus)


@njit(cache=True, inline="always")
def _narrow(lo, hi, alpha, beta):
    """Bounds ``lo <= value <= hi`` against the window: ``(decided, value, alpha, beta)``; a
    bound outside the window (or an exact value) decides the node, otherwise the window
    narrows."""
    if lo >= beta:
        return True, lo, alpha, beta
    if hi <= alpha:
        return True, hi, alpha, beta
    if lo == hi:
        return True, lo, alpha, beta
    return False, 0, max(alpha, lo), min(beta, hi)


@njit(cache=True, nogil=True)
def search(hands_in: I64Array, rtrick: I64Array, rtlen: int, leader0: int, left0: int,
           alpha0: int, beta0: int, pts: I64Array, strength: I64Array, higher: I64Array,
           suit_of: I64Array, suit_mask: I64Array, trump_mask: np.int64, ruff: np.int64,
           underruff: bool, beat_in_suit: bool, overtrump_partner: bool, table: I64Array,
           epoch: np.int64, stats: I64Array, hist: I64Array, bonus: int, won0: int) -> int:
    """Fail-soft alpha-beta with window ``(alpha0, beta0)``; returns team 0's future points
    (see the module docstring). ``left0`` counts the tricks not complete (the one in progress
    included) and must be at least 1.

    Capot bonus (``bonus`` > 0): the value becomes team 0's future points
    ``+ bonus`` if team 0 takes every trick of the deal ``+ bonus`` unless team 1 does (shifted
    by ``bonus`` to stay non-negative: team 0's bonus minus team 1's, plus ``bonus``).
    ``won0``: which teams already won a trick before this position (bit 0: team 0, bit 1:
    team 1)."""
    return int(_search(hands_in.copy(), np.empty(16, dtype=np.int64), rtrick, rtlen, leader0,
                       left0, alpha0, beta0, pts, strength, higher, suit_of, suit_mask,
                       trump_mask, ruff, underruff, beat_in_suit, overtrump_partner, table, epoch,
                       stats, hist, bonus, won0))


@njit(cache=True, nogil=True)
def _search(hands_own, torder_own, rtrick, rtlen, leader0, left0, alpha0, beta0, pts_own,
            strength_own, higher_own, suit_of_own, suit_mask_own, trump_mask, ruff, underruff,
            beat_in_suit, overtrump_partner, table, epoch, stats, hist, bonus, won0):
    """:func:`search` on its own copy of the hands (``hands_own``, changed as the search goes)
    and a scratch array for the trump order (``torder_own``, 16 entries); the arrays that
    helpers take are borrowed (see :func:`_borrowed`)."""
    hands = _borrowed(hands_own)
    torder = _borrowed(torder_own)
    pts = _borrowed(pts_own)
    strength = _borrowed(strength_own)
    higher = _borrowed(higher_own)
    suit_of = _borrowed(suit_of_own)
    suit_mask = _borrowed(suit_mask_own)
    seq = np.empty(MAXPLY + 4, dtype=np.int64)
    for i in range(rtlen):
        seq[i] = rtrick[i]
    base = rtlen
    moves = np.empty((MAXPLY, 10), dtype=np.int64)
    order = np.empty(10, dtype=np.int64)
    st = np.empty((MAXPLY, _NCOL), dtype=np.int64)
    # killers: per ply and seat, the last card that cut a node off there (leads and third
    # cards; see the module docstring)
    killer = np.full(MAXPLY * 4, -1, dtype=np.int64)
    epk = epoch << 40
    # the trumps, highest first (for the quick bounds)
    tn = 0
    r = ruff
    while r:
        c = trailing_zeros(r)
        r &= r - 1
        j = tn
        while j > 0 and strength[torder[j - 1]] < strength[c]:
            torder[j] = torder[j - 1]
            j -= 1
        torder[j] = c
        tn += 1
    hp = _card_pts(hands[0] | hands[1] | hands[2] | hands[3], pts)  # points in the hands

    ply = 0
    won = won0
    tlen = rtlen
    leader = leader0
    left = left0
    acc = 0
    # the trick's best card so far and its place in the trick (-1, 0 at a trick start)
    wc = -1
    wi = 0
    for i in range(rtlen):
        c = rtrick[i]
        if i == 0 or _beats(c, wc, strength[c], strength[wc], suit_of[c], suit_of[wc], ruff):
            wc = c
            wi = i
    alpha = alpha0
    beta = beta0
    while True:
        # ---- enter the node at ``ply`` (tlen, leader, left, acc, alpha, beta) ----
        stats[0] += 1
        imm = False
        v = 0
        h0 = h1 = h2 = h3 = b = k0 = 0
        if left == 0:
            imm = True
            v = acc + _capot_terms(won, bonus)
        elif left == 2 and tlen == 0:
            # two tricks left: solved directly
            imm = True
            v = acc + _two_tricks(hands[leader], hands[(leader + 1) % 4], hands[(leader + 2) % 4],
                                  hands[(leader + 3) % 4], leader, won, bonus, alpha - acc,
                                  beta - acc, pts, strength,
                                  higher, suit_of, suit_mask, trump_mask, ruff, underruff,
                                  beat_in_suit, overtrump_partner)
        elif left == 1:
            # last trick: every card is forced
            tot = 10
            lwi = 0
            w = -1
            for k in range(4):
                if k < tlen:
                    c = seq[base + ply - tlen + k]
                else:
                    c = trailing_zeros(hands[(leader + k) % 4])
                tot += pts[c]
                if k == 0 or _beats(c, w, strength[c], strength[w], suit_of[c], suit_of[w],
                                    ruff):
                    w = c
                    lwi = k
            imm = True
            wt = (leader + lwi) % 2
            v = acc + (tot if wt == 0 else 0) + _capot_terms(won | (1 << wt), bonus)
        else:
            hint = -1
            if tlen == 0 and left > TT_MIN_LEFT:
                h0 = hands[0]
                h1 = hands[1]
                h2 = hands[2]
                h3 = hands[3]
                b = _bucket(h0, h1, h2, h3, leader)
                k0 = _key0(h0, leader, epk, won, bonus)
                _prefetch(table, b)  # loads while the quick bounds are computed
                # quick bounds: top trumps and the leader's runs
                sx, sy, allw = _sure(hands, leader, pts, higher, suit_mask, ruff, torder,
                                     tn)
                rest = 10 + hp
                if allw:
                    imm = True
                    v = acc + (rest if leader % 2 == 0 else 0) + \
                        _capot_terms(won | (1 << (leader % 2)), bonus)
                else:
                    if leader % 2 == 0:
                        low = acc + sx
                        high = acc + rest - sy
                    else:
                        low = acc + sy
                        high = acc + rest - sx
                    if bonus > 0:
                        # team 0's term is possible while team 1 has no trick; the other
                        # term is certain once team 0 has one
                        low += bonus if won & 1 else 0
                        high += bonus + (0 if won & 2 else bonus)
                    imm, v, alpha, beta = _narrow(low, high, alpha, beta)
                if not imm:
                    for s in range(b, b + 2):
                        w2 = table[s, 2]
                        w3 = table[s, 3]
                        if table[s, 0] == k0 and table[s, 1] == h1 and (w2 & M36) == h2 and \
                                (w3 & M36) == h3:
                            lo = acc + ((w2 >> 36) & 0xFFFF)
                            hi = acc + ((w3 >> 36) & 0xFFFF)
                            imm, v, alpha, beta = _narrow(lo, hi, alpha, beta)
                            if not imm:  # the stored best move is searched first
                                hint = ((w2 >> 52) & 0x3F) - 1
                            break
            if not imm:
                # ---- generate and order the moves ----
                seat = (leader + tlen) % 4
                hand = hands[seat]
                # legal cards: the engine's legal_cards (docs/sources.md §4)
                partner_wins = wi == tlen - 2
                if tlen == 0:
                    legal = hand
                else:
                    lead = seq[base + ply - tlen]
                    legal = _legal(hand, lead, suit_mask[suit_of[lead]], wc, higher[wc],
                                   suit_of[wc] == suit_of[lead], partner_wins, trump_mask, ruff,
                                   underruff, beat_in_suit, overtrump_partner)
                n = 0
                m = legal
                others = 0
                if legal & (legal - 1) == 0:
                    # one legal card (a quarter of the nodes): nothing to order or compare
                    moves[ply, 0] = trailing_zeros(legal)
                    n = 1
                    m = 0
                else:
                    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
                    for i in range(tlen):
                        others |= np.int64(1) << seq[base + ply - tlen + i]
                while m:
                    c = trailing_zeros(m)
                    m &= m - 1
                    skip = False
                    for j in range(n):
                        d = moves[ply, j]
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
                    # (the weights were chosen by node counts over random deals: 20 % fewer
                    # than the order before, on deals other than those used to choose them)
                    master = (higher[c] & others) == 0
                    if tlen == 0:
                        # masters first, richest first; then small cards, plain before trump
                        if master:
                            key = 300 + pts[c]
                        else:
                            key = 100 - pts[c] * 4 - strength[c] - ((ruff >> c) & 1) * 50
                    else:
                        takes = _beats(c, wc, strength[c], strength[wc], suit_of[c],
                                       suit_of[wc], ruff)
                        if partner_wins:
                            # points to the partner, from plain suits, masters kept
                            key = 100 + pts[c] * 2 - ((ruff >> c) & 1) * 30 - \
                                (12 if master else 0)
                        elif takes:
                            key = 200 + pts[c] * 2 - strength[c]
                        else:
                            key = 100 - pts[c] * 2 - strength[c]
                    key = key * 65536 + min(hist[c], 65535)
                    if c == hint:
                        key = FIRST - 1
                    if (tlen == 0 or tlen == 2) and c == killer[ply * 4 + seat]:
                        key = FIRST
                    moves[ply, n] = c
                    order[n] = key
                    n += 1
                for i in range(1, n):
                    c = moves[ply, i]
                    k = order[i]
                    j = i - 1
                    while j >= 0 and order[j] < k:
                        moves[ply, j + 1] = moves[ply, j]
                        order[j + 1] = order[j]
                        j -= 1
                    moves[ply, j + 1] = c
                    order[j + 1] = k
                st[ply, _N] = n
                st[ply, _I] = 0
                st[ply, _ALPHA] = alpha
                st[ply, _BETA] = beta
                st[ply, _A0] = alpha
                st[ply, _B0] = beta
                st[ply, _BEST] = -BIG if seat % 2 == 0 else BIG
                st[ply, _BM] = -1
                st[ply, _SEAT] = seat
                st[ply, _TLEN] = tlen
                st[ply, _LEADER] = leader
                st[ply, _LEFT] = left
                st[ply, _ACC] = acc
                st[ply, _HAND] = hand
                st[ply, _WON] = won
                st[ply, _HP] = hp
                if tlen == 0:
                    # the table's bucket and first key word, for the store when the node is
                    # done (the other key words are the hands, as they are again by then)
                    st[ply, _BKT] = b
                    st[ply, _K0] = k0
                st[ply, _WC] = wc
                st[ply, _WI] = wi
        # ---- climb: deliver values up, or pick the next move of a node ----
        while True:
            if imm:
                imm = False
                if ply == 0:
                    return v
                ply -= 1
                c = moves[ply, st[ply, _I] - 1]
                hands[st[ply, _SEAT]] = st[ply, _HAND]
                if st[ply, _SEAT] % 2 == 0:
                    if v > st[ply, _BEST]:
                        st[ply, _BEST] = v
                        st[ply, _BM] = c
                    st[ply, _ALPHA] = max(st[ply, _ALPHA], v)
                else:
                    if v < st[ply, _BEST]:
                        st[ply, _BEST] = v
                        st[ply, _BM] = c
                    st[ply, _BETA] = min(st[ply, _BETA], v)
            i = st[ply, _I]
            if i < st[ply, _N] and st[ply, _ALPHA] < st[ply, _BETA]:
                # play the next move and enter the child
                c = moves[ply, i]
                st[ply, _I] = i + 1
                seat = st[ply, _SEAT]
                hands[seat] = st[ply, _HAND] & ~(np.int64(1) << c)
                tl = st[ply, _TLEN]
                seq[base + ply] = c
                leader = st[ply, _LEADER]
                left = st[ply, _LEFT]
                acc = st[ply, _ACC]
                won = st[ply, _WON]
                hp = st[ply, _HP] - pts[c]
                wc = st[ply, _WC]
                wi = st[ply, _WI]
                if tl == 0 or _beats(c, wc, strength[c], strength[wc], suit_of[c], suit_of[wc],
                                     ruff):
                    wc = c
                    wi = tl
                if tl == 3:
                    leader = (leader + wi) % 4
                    won |= 1 << (leader % 2)
                    if leader % 2 == 0:
                        acc += pts[seq[base + ply - 3]] + pts[seq[base + ply - 2]] + \
                            pts[seq[base + ply - 1]] + pts[c]
                        if left == 1:
                            acc += 10
                    left -= 1
                    tlen = 0
                    wc = -1
                    wi = 0
                else:
                    tlen = tl + 1
                alpha = st[ply, _ALPHA]
                beta = st[ply, _BETA]
                ply += 1
                break  # enter the child
            # the node is done
            v = st[ply, _BEST]
            if st[ply, _TLEN] == 0 and st[ply, _LEFT] > TT_MIN_LEFT:
                acc = st[ply, _ACC]
                # every child has put its mover's hand back: the hands are the node's own
                h1 = hands[1]
                h2 = hands[2]
                h3 = hands[3]
                b = st[ply, _BKT]
                k0 = st[ply, _K0]
                slot = -1
                lo = 0
                hi = 0xFFFF
                for s in range(b, b + 2):
                    w2 = table[s, 2]
                    w3 = table[s, 3]
                    if table[s, 0] == k0 and table[s, 1] == h1 and (w2 & M36) == h2 and \
                            (w3 & M36) == h3:
                        slot = s
                        lo = (w2 >> 36) & 0xFFFF
                        hi = (w3 >> 36) & 0xFFFF
                        break
                f = v - acc
                if v <= st[ply, _A0]:
                    hi = min(hi, f)
                elif v >= st[ply, _B0]:
                    lo = max(lo, f)
                else:
                    lo = f
                    hi = f
                lft = st[ply, _LEFT]
                if slot < 0:
                    # two entries: the first keeps the deeper position, the second is replaced
                    if (table[b, 0] >> 40) != epoch or ((table[b, 3] >> 52) & 0xF) <= lft:
                        for k in range(4):
                            table[b + 1, k] = table[b, k]
                        slot = b
                    else:
                        slot = b + 1
                table[slot, 0] = k0
                table[slot, 1] = h1
                table[slot, 2] = h2 | (lo << 36) | ((st[ply, _BM] + 1) << 52)
                table[slot, 3] = h3 | (hi << 36) | (lft << 52)
            bm = st[ply, _BM]
            # (a forced move teaches the history nothing)
            if bm >= 0 and st[ply, _N] > 1 and (v <= st[ply, _A0] or v >= st[ply, _B0]):
                hist[bm] += st[ply, _LEFT] * st[ply, _LEFT]
                tl = st[ply, _TLEN]
                if (tl == 0 or tl == 2) and (v >= st[ply, _B0]) == (st[ply, _SEAT] % 2 == 0):
                    killer[ply * 4 + st[ply, _SEAT]] = bm  # a cut-off, not a fail-low
            imm = True


@njit(cache=True, nogil=True)
def mtdf(hands: I64Array, trick: I64Array, tlen: int, leader: int, left: int, upper_bound: int,
         guess: int, near: bool, tol: int, pts: I64Array, strength: I64Array, higher: I64Array,
         suit_of: I64Array, suit_mask: I64Array, trump_mask: np.int64, ruff: np.int64,
         underruff: bool, beat_in_suit: bool, overtrump_partner: bool, table: I64Array,
         epoch: np.int64, stats: I64Array, hist: I64Array, bonus: int, won0: int) -> int:
    """Exact value by zero-window searches: first at ``guess`` (MTD(f)), then, when the guess
    is ``near`` the value, steps of 1, 2, 4… from the bound found, away from the guess, until
    a test fails the other way; then (or at once without ``near``) bisecting the interval left
    between the bounds, until the bounds meet (or are ``tol`` points apart: then the middle).

    The tests near the value are the costly ones (a test far from it cuts off early), so a
    near guess saves the far tests of a bisection: two tests when the guess is right."""
    lower = 0
    upper = upper_bound
    g = guess
    first = True
    step = 1 if near else 0
    up = True  # the direction of the last test: the value at or above it
    while upper - lower > tol:
        # fail-soft bounds move by one or two points at a time in this game, so pure MTD(f)
        # would need dozens of searches
        if first:
            b = g + 1 if g == lower else g
            first = False
        elif step > 0:
            b = lower + step if up else upper + 1 - step
            b = max(lower + 1, min(upper, b))
            step *= 2
        else:
            b = (lower + upper + 1) // 2
        g = search(hands, trick, tlen, leader, left, b - 1, b, pts, strength, higher, suit_of,
                   suit_mask, trump_mask, ruff, underruff, beat_in_suit, overtrump_partner,
                   table, epoch, stats, hist, bonus, won0)
        if g < b:
            upper = g
            if up and step > 1:
                step = 0  # the value is bracketed: bisect
            up = False
        else:
            lower = g
            if not up and step > 1:
                step = 0
            up = True
    if tol > 0:
        return (lower + upper) // 2
    return g
