"""Card rules on bit masks, for the search: whether a card beats the trick's best, the legal
cards of a hand, points of a set of cards, the capot terms of a finished deal (numba ``@njit``
helpers inlined into the search; scalars, not arrays: an array passed to an inlined helper
costs two atomic reference-count updates a call).

:func:`_legal` mirrors :func:`belote.engine.play.legal_cards` (docs/sources.md §4); the tests
compare the search with the plain minimax of :mod:`belote.solver.reference`."""

from __future__ import annotations

from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros


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
def _card_pts(mask, pts):
    s = 0
    while mask:
        c = trailing_zeros(mask)
        mask &= mask - 1
        s += pts[c]
    return s


@njit(cache=True, inline="always")
def _capot_terms(won, bonus):
    """The capot part of the value once the deal is over (see :func:`search`): ``bonus`` if
    team 0 took every trick, plus ``bonus`` unless team 1 did."""
    if bonus == 0:
        return 0
    return (bonus if won == 1 else 0) + (0 if won == 2 else bonus)
