"""The search proper: one iterative fail-soft alpha-beta (:func:`search`, on an explicit stack
of plies) and the zero-window driver converging on the exact value (:func:`mtdf`); see
:mod:`belote.solver.kernel` for the techniques."""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.core import cgutils
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from .bounds import BIG, _narrow, _sure, _two_tricks
from .cards import _beats, _capot_terms, _card_pts, _legal
from .table import M36, TT_MIN_LEFT, I64Array, _bucket, _key0, _prefetch

FIRST = 1 << 62  # the order key of the move searched first (above any rule's key: card points
# can be large with an odd sa_ace_points)

# columns of the per-ply state
(_N, _I, _ALPHA, _BETA, _A0, _B0, _BEST, _BM, _SEAT, _TLEN, _LEADER, _LEFT, _ACC, _HAND,
 _WON, _HP, _BKT, _K0, _WC, _WI) = range(20)
_NCOL = 20
MAXPLY = 40


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
