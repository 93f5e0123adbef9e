"""The oracle: a slow, plain minimax over card play — no pruning, no ordering, no bounds.

The one shortcut is exact and simple: within one call, the value at the start of a trick is
kept by what it depends on (the four hands, the leader, the tricks left, who already has a
trick), so a trick-start position reached again by another order of the same cards is not
searched twice. Nothing is kept between calls.

It uses the engine's own legal-card function, so it is exactly the rules the players get; the
compiled solver (:mod:`belote.solver.kernel`) is tested against it on thousands of positions.
Only for small endgames: the cost grows with the product of the legal moves.
"""

from __future__ import annotations

from ..engine.cards import TrumpTables, iter_cards
from ..engine.play import PlayRules, legal_cards
from .position import Position


def reference_value(pos: Position, capot_bonus: int = 0) -> int:
    """Card points team 0 wins **from now on** (the cards on the table included, dix de der
    included) when all four seats play perfectly (team 0 maximises, team 1 minimises).

    With ``capot_bonus``: plus the bonus if team 0 takes every trick of the deal, minus it if
    team 1 does (``pos.tricks`` tells who already has a trick)."""
    hands = list(pos.hands)
    tt = pos.tables
    last = pos.tricks_left_total()
    won = [pos.tricks[0] > 0, pos.tricks[1] > 0]
    return _mm(hands, list(pos.trick), pos.leader, tt, pos.play, last, capot_bonus, won, {})


def _mm(hands: list[int], trick: list[int], leader: int, tt: TrumpTables,
        play: PlayRules, tricks_left: int, bonus: int = 0,
        won: tuple[bool, bool] | list[bool] = (False, False),
        seen: dict[tuple[int, ...], int] | None = None) -> int:
    """Team 0's future points from the trick ``trick`` (led by ``leader``) on, with
    ``tricks_left`` tricks not complete; ``hands`` and ``trick`` are changed and restored.
    ``seen``: the values of trick-start positions already searched in this call."""
    seat = (leader + len(trick)) % 4
    if not trick and tricks_left == 0:
        if won[0] and not won[1]:
            return bonus
        if won[1] and not won[0]:
            return -bonus
        return 0
    if seen is None:
        seen = {}
    key = None
    if not trick:
        key = (*hands, leader, tricks_left, int(won[0]), int(won[1]))
        known = seen.get(key)
        if known is not None:
            return known
    mask, _ = legal_cards(hands[seat], trick, tt, play)
    best: int | None = None
    for c in iter_cards(mask):
        hands[seat] &= ~(1 << c)
        trick.append(c)
        if len(trick) == 4:
            w = (leader + tt.winner_index(trick)) % 4
            pts = sum(tt.points[x] for x in trick) + (10 if tricks_left == 1 else 0)
            t4 = trick[:]
            now = [won[0] or w % 2 == 0, won[1] or w % 2 == 1]
            v = (pts if w % 2 == 0 else 0) + _mm(hands, [], w, tt, play, tricks_left - 1,
                                                 bonus, now, seen)
            trick[:] = t4
        else:
            v = _mm(hands, trick, leader, tt, play, tricks_left, bonus, won, seen)
        trick.pop()
        hands[seat] |= 1 << c
        if best is None or (v > best if seat % 2 == 0 else v < best):
            best = v
    assert best is not None  # a seat to move has a legal card
    if key is not None:
        seen[key] = best
    return best


def reference_move_values(pos: Position) -> dict[int, int]:
    """For each legal card of the player to move: the final card points of **its team** for the
    whole deal (points already won included) under perfect play afterwards."""
    seat = pos.to_move
    tt = pos.tables
    mask, _ = legal_cards(pos.hands[seat], list(pos.trick), tt, pos.play)
    out = {}
    for c in iter_cards(mask):
        nxt = pos.after(c)
        team0_future = reference_value(nxt) + nxt.points[0] - pos.points[0]
        team0_final = pos.points[0] + team0_future
        out[c] = team0_final if seat % 2 == 0 else pos.final_total() - team0_final
    return out
