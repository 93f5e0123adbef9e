"""The ranking and its tie-breaks on worked examples (docs/concours.md "Ranking"; seed 000:
"Chaque joueur enregistre donc ses points": a player's total is the sum of his teams' partie
totals)."""

from __future__ import annotations

from belote.concours.model import Entrant, PartieDraw, TableDraw
from belote.concours.ranking import bye_points, lot_order, rank

NAMES = "ABCDEFGH"
ENTRANTS = {i + 1: Entrant(i + 1, n, (n,)) for i, n in enumerate(NAMES)}

# two parties of two tables; sides are (partners), side 0 against side 1
DRAWS = [
    PartieDraw(1, 11, (TableDraw(1, ((1, 2), (3, 4))), TableDraw(2, ((5, 6), (7, 8))))),
    PartieDraw(2, 22, (TableDraw(1, ((1, 3), (5, 7))), TableDraw(2, ((2, 4), (6, 8))))),
]
RESULTS = {(1, 1): (1000, 800), (1, 2): (900, 900), (2, 1): (700, 1100), (2, 2): (1000, 800)}


def _by_name(rows):
    return {r.name: r for r in rows}


def test_points_won_and_conceded_worked_by_hand():
    rows = _by_name(rank(ENTRANTS, DRAWS, RESULTS, bye=None, lot=1))
    # A: 1000 (won) + 700 (lost); conceded 800 + 1100
    assert (rows["A"].points, rows["A"].won, rows["A"].conceded) == (1700, 1, 1900)
    # B: 1000 (won) + 1000 (won)
    assert (rows["B"].points, rows["B"].won, rows["B"].conceded) == (2000, 2, 1600)
    # C: 800 + 700, both lost
    assert (rows["C"].points, rows["C"].won, rows["C"].conceded) == (1500, 0, 2100)
    # E: 900 (a drawn partie is won by nobody) + 1100 (won)
    assert (rows["E"].points, rows["E"].won, rows["E"].conceded) == (2000, 1, 1600)
    assert rows["E"].parties == (900, 1100) and rows["E"].played == 2


def test_tie_breaks_points_then_won_then_conceded_then_the_lot():
    for lot in range(6):
        order = [r.name for r in rank(ENTRANTS, DRAWS, RESULTS, bye=None, lot=lot)]
        # 2000: B (2 won) before E and G (1 won, 1600 conceded each: the lot decides)
        assert order[0] == "B" and set(order[1:3]) == {"E", "G"}
        # then D 1800; then A (1700, 1 won) before F and H (1700, 0 won, 1900: the lot)
        assert order[3:5] == ["D", "A"] and set(order[5:7]) == {"F", "H"} and order[7] == "C"
        places = lot_order(list(ENTRANTS), lot)
        assert order.index("E") < order.index("G") if places[5] < places[7] else \
            order.index("G") < order.index("E")
    # the lot does change the order of the equal ones for some seed
    firsts = {rank(ENTRANTS, DRAWS, RESULTS, bye=None, lot=lot)[1].name for lot in range(20)}
    assert firsts == {"E", "G"}


def test_ranks_are_one_to_n_and_a_table_not_scored_counts_for_nobody():
    partial = dict(RESULTS)
    partial[(2, 2)] = None
    rows = rank(ENTRANTS, DRAWS, partial, bye=None, lot=3)
    assert [r.rank for r in rows] == list(range(1, 9))
    b = _by_name(rows)["B"]
    assert (b.points, b.played, b.parties) == (1000, 1, (1000, None))


def test_a_bye_scores_the_partie_mean_rounded_half_up():
    entrants = {i: Entrant(i, n, (n,)) for i, n in enumerate("ABCDE", start=1)}
    draw = PartieDraw(1, 5, (TableDraw(1, ((1, 2), (3, 4))),), out=(5,))
    # sides 1001 and 640: mean 820.5 → 821
    assert bye_points(draw, {(1, 1): (1001, 640)}, None) == 821
    assert bye_points(draw, {(1, 1): (1000, 640)}, None) == 820
    assert bye_points(draw, {(1, 1): None}, None) is None  # nothing scored yet
    assert bye_points(draw, {(1, 1): None}, 500) == 500  # a fixed bye
    e = _by_name(rank(entrants, [draw], {(1, 1): (1000, 640)}, bye=None, lot=0))["E"]
    assert (e.points, e.conceded, e.won, e.byes, e.played) == (820, 820, 0, 1, 0)


def test_a_bot_seat_counts_for_nobody_and_its_partner_scores_his_side():
    entrants = {i: Entrant(i, n, (n,)) for i, n in enumerate("ABC", start=1)}
    draw = PartieDraw(1, 5, (TableDraw(1, ((1, None), (2, 3))),))
    rows = _by_name(rank(entrants, [draw], {(1, 1): (820, 1010)}, bye=None, lot=0))
    assert rows["A"].points == 820 and rows["B"].points == 1010 and rows["B"].won == 1


def test_a_withdrawn_player_keeps_his_points_marked():
    entrants = dict(ENTRANTS)
    entrants[3] = Entrant(3, "C", ("C",), withdrawn=2)
    rows = _by_name(rank(entrants, DRAWS, RESULTS, bye=None, lot=0))
    assert rows["C"].withdrawn and rows["C"].points == 1500 and not rows["A"].withdrawn
