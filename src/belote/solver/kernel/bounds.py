"""What a trick start is worth without the search: the points each side is sure to win
(:func:`_sure`, a quick bound inlined into the search) and the exact value with two tricks left
(:func:`_two_tricks`, a small alpha-beta of its own); with the alpha-beta steps they share
(:func:`_better`, :func:`_narrow`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from .cards import _beats, _capot_terms, _legal, _pick4

BIG = 1 << 30  # more than any value: the start of a maximum or a minimum


@njit(cache=True, inline="always")
def _better(maxer, best, alpha, beta, v):
    """One child's value ``v`` taken by a maximising (``maxer``) or minimising player:
    ``(best, alpha, beta)`` updated (fail-soft alpha-beta)."""
    if maxer:
        return max(best, v), max(alpha, v), beta
    return min(best, v), alpha, min(beta, v)


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
