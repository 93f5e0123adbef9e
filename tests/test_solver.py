"""The compiled double-dummy solver against the plain minimax oracle (a single disagreement is
a bug), on random endgames of every contract kind and of every preset's play rules."""

import random

import pytest

from belote.engine import BeloteError, Deal, Rules, Trump, shuffled_deck
from belote.engine.actions import Declare, SayBelote
from belote.solver import Position, PositionError, Solver
from belote.solver.reference import reference_move_values, reference_value

SOLVER = Solver()


def random_position(rng, preset, cards_left, trump=None, **over):
    """A position of a random legal deal with ``cards_left`` cards in the hand to move;
    the trick in progress is random too. ``trump`` forces the contract kind."""
    rules = Rules.preset(preset, **over)
    while True:
        d = Deal.deal(rules, rng.randrange(4), shuffled_deck(rules, rng))
        while d.phase.value == "bidding":
            acts = list(d.legal_actions())
            if trump is not None:
                want = [a for a in acts if str(a).split()[-1] == trump.name
                        and str(a) not in ("pass",)]
                if rules.bidding == "two_rounds" and "take" in [str(a) for a in acts] \
                        and d.turned is not None and Trump(d.turned >> 3 if d.turned < 32
                                                           else d.turned - 32) == trump:
                    want = [a for a in acts if str(a) == "take"]
                d.apply(rng.choice(want) if want and rng.random() < 0.9 else
                        rng.choice([a for a in acts if str(a) == "pass"] or acts))
            else:
                d.apply(rng.choice(acts))
        if d.is_over() or (trump is not None and d.contract.trump != trump):
            continue
        done_tricks = rules.hand_size - cards_left
        extra = rng.randrange(4)
        while len(d.tricks) < done_tricks or (len(d.tricks) == done_tricks and
                                              len(d.trick) < extra):
            acts = [a for a in d.legal_actions() if not isinstance(a, (SayBelote, Declare))]
            d.apply(rng.choice(acts))
            if d.is_over():
                break
        if not d.is_over():
            return Position.from_deal(d)


KINDS = [("coinche", None, {}), ("classique", None, {}), ("ffb", None, {}),
         ("simplifiee", None, {}), ("retourne", Trump.SA, {}), ("retourne", Trump.TA, {}),
         ("ffb", Trump.SA, {"sa_ta": True}), ("ffb", Trump.TA, {"sa_ta": True})]


@pytest.mark.parametrize("preset,trump,over", KINDS,
                         ids=[f"{p}-{t.name if t else 'suit'}" for p, t, _o in KINDS])
def test_solver_agrees_with_minimax_on_endgames(preset, trump, over):
    rng = random.Random(f"{preset}{trump}")
    checked = 0
    for k in range(300):
        n = 1 + k % 3
        pos = random_position(rng, preset, n, trump, **over)
        assert SOLVER.future(pos) == reference_value(pos), pos
        checked += 1
    for _ in range(12):  # four cards a hand
        pos = random_position(rng, preset, 4, trump, **over)
        assert SOLVER.future(pos) == reference_value(pos), pos
    assert checked == 300


def test_move_values_agree_with_minimax():
    rng = random.Random(7)
    for _ in range(60):
        pos = random_position(rng, "coinche", rng.randint(1, 3))
        res = SOLVER.solve(pos)
        assert res.values == reference_move_values(pos)
        # the position's value is the best move's value for the side to move
        team = pos.to_move % 2
        assert res.points[team] == max(res.values.values())
        assert sum(res.points) == pos.final_total()


def test_full_deals_are_consistent_one_ply_deep():
    """On full deals the oracle is out of reach; the solver's value must equal the best of its
    own move values (searched separately), and the totals add up to 162."""
    rng = random.Random(11)
    for _ in range(8):
        pos = random_position(rng, "coinche", 8)
        res = SOLVER.solve(pos)
        team = pos.to_move % 2
        assert res.points[team] == max(res.values.values())
        assert sum(res.points) == 162


def test_a_hand_worked_endgame():
    # Hearts trump, one card each, seat 0 leads: JH (seat 0), 7H (seat 1), AS (seat 2),
    # TS (seat 3). Seat 1 must follow trump (7H); JH wins: 20 + 0 + 11 + 10 + dix de der 10
    # = 51 for team 0 (docs/sources.md §1 points, dix de der).
    from belote.engine import parse_hand
    pos = Position([parse_hand("JH"), parse_hand("7H"), parse_hand("AS"), parse_hand("TS")],
                   Trump.H, Rules.preset("coinche"), leader=0)
    assert SOLVER.future(pos) == 51
    assert SOLVER.solve(pos).points == [51, 0]


def test_bad_positions_are_refused():
    from belote.engine import parse_hand
    with pytest.raises(PositionError):
        Position([parse_hand("JH"), parse_hand("JH"), 0, 0], Trump.H, Rules.preset("coinche"))
    with pytest.raises(PositionError):
        Position([parse_hand("JH 7H"), parse_hand("8H"), parse_hand("9H"), parse_hand("TH")],
                 Trump.H, Rules.preset("coinche"))


def _alphabeta(hands, trick, leader, tt, play, left, alpha, beta):
    """Plain alpha-beta (no table, no equivalence): exact like the minimax, faster; the oracle
    for five-card endgames."""
    from belote.engine.cards import iter_cards
    from belote.engine.play import legal_cards
    seat = (leader + len(trick)) % 4
    if not trick and left == 0:
        return 0
    mask, _ = legal_cards(hands[seat], trick, tt, play)
    maxi = seat % 2 == 0
    best = -1 if maxi else 10**6
    for c in iter_cards(mask):
        hands[seat] &= ~(1 << c)
        trick.append(c)
        if len(trick) == 4:
            w = (leader + tt.winner_index(trick)) % 4
            g = sum(tt.points[x] for x in trick) + (10 if left == 1 else 0)
            g = g if w % 2 == 0 else 0
            t4 = trick[:]
            v = g + _alphabeta(hands, [], w, tt, play, left - 1, alpha - g, beta - g)
            trick[:] = t4
        else:
            v = _alphabeta(hands, trick, leader, tt, play, left, alpha, beta)
        trick.pop()
        hands[seat] |= 1 << c
        if maxi:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def test_full_window_and_mtdf_agree_with_alphabeta_on_five_card_endgames():
    """Regression: a transposition-table entry known exactly inside the window once made the
    full-window search run with an empty window and store a wrong bound."""
    rng = random.Random(3)
    for _ in range(25):
        pos = random_position(rng, "coinche", 5)
        want = _alphabeta(list(pos.hands), list(pos.trick), pos.leader, pos.tables, pos.play,
                          pos.tricks_left_total(), -1, 1000)
        SOLVER.clear()
        full = SOLVER.search(pos, -1, pos.remaining_points() + 1)
        assert full == want
        assert SOLVER.future(pos) == want


@pytest.mark.parametrize("preset,trump,over", KINDS,
                         ids=[f"{p}-{t.name if t else 'suit'}" for p, t, _o in KINDS])
def test_any_window_gives_a_true_bound(preset, trump, over):
    """Fail-soft contract of one search, with a warm table shared between windows (as in
    MTD): below the window an upper bound, above it a lower bound, inside it the value."""
    rng = random.Random(f"window{preset}{trump}")
    for k in range(40):
        pos = random_position(rng, preset, 3 + k % 3, trump, **over)
        want = _alphabeta(list(pos.hands), list(pos.trick), pos.leader, pos.tables, pos.play,
                          pos.tricks_left_total(), -1, 10**6)
        for _ in range(6):
            a = rng.randrange(-1, pos.remaining_points() + 1)
            b = a + rng.choice((1, 1, 2, 5, 30))
            v = SOLVER.search(pos, a, b)
            if v <= a:
                assert want <= v, (a, b, v, want)
            elif v >= b:
                assert want >= v, (a, b, v, want)
            else:
                assert v == want, (a, b, v, want)


@pytest.mark.parametrize("preset,trump,over", KINDS[:4] + KINDS[5:6],
                         ids=[f"{p}-{t.name if t else 'suit'}" for p, t, _o in
                              KINDS[:4] + KINDS[5:6]])
def test_capot_bonus_objective_agrees_with_minimax(preset, trump, over):
    """The capot bonus as an option of the objective (issue 4): plus the bonus when team 0
    takes every trick of the deal, minus it when team 1 does; a team that already has a
    trick is safe."""
    rng = random.Random(f"capot{preset}{trump}")
    for k in range(60):
        pos = random_position(rng, preset, 1 + k % 4, trump, **over)
        # who already has a trick: none, one side, or both (the deal's history)
        pos.tricks = [[0, 0], [1, 0], [0, 2], [1, 1]][k % 4]
        bonus = (90, 250, 500)[k % 3]
        want = reference_value(pos, capot_bonus=bonus)
        assert SOLVER.future(pos, capot_bonus=bonus) == want
    # worked by hand: the last trick, team 0 leads the master trump; no trick yet to anyone:
    # team 0 takes it (and every trick of the deal): 20 + 0 + 0 + 0 + 10 = 30, plus 90
    from belote.engine.cards import parse_hand
    hands = [parse_hand(h) for h in ("JH", "7S", "8S", "9S")]
    last = Position(hands, Trump.H, Rules.preset("classique"), 0)
    assert SOLVER.future(last, capot_bonus=90) == 120
    assert SOLVER.future(last) == 30
    last.tricks = [3, 4]
    assert SOLVER.future(last, capot_bonus=90) == 30


def test_switching_the_capot_bonus_never_reuses_stored_bounds():
    """Regression (adversarial pass): bounds stored with one capot bonus were read back with
    another. Worked: 9S 9D | TH 8C | AH AD | QH 8D, clubs trump, seat 3 leads: 24 points to
    team 0 whatever the bonus (each team wins a trick), in any order of calls."""
    from belote.engine.cards import parse_hand
    pos = Position([parse_hand(h) for h in ("9S 9D", "TH 8C", "AH AD", "QH 8D")], Trump.C,
                   Rules.preset("coinche"), 3)
    s = Solver()
    assert [s.future(pos), s.future(pos, capot_bonus=90), s.future(pos)] == [24, 24, 24]
    assert reference_value(pos, capot_bonus=90) == 24


def test_the_capot_bonus_counts_on_the_last_card_too():
    """The last card of a capot: team 0 already has the 7 tricks; JH 7S 8S on the table, 7D to
    play: 132 + 30 points (20 + 10 de der) and the bonus 90."""
    from belote.engine.cards import parse_card, parse_hand
    pos = Position([0, 0, 0, parse_hand("7D")], Trump.H, Rules.preset("coinche"), 0,
                   [parse_card(c) for c in ("JH", "7S", "8S")], [132, 0], [7, 0])
    assert SOLVER.future(pos, capot_bonus=90) == 30 + 90
    assert SOLVER.future(pos.after(parse_card("7D")), capot_bonus=90) == 90
    # seat 3 (team 1) plays the last card: its team ends with no point and the other side's
    # capot, -90
    assert SOLVER.solve(pos, capot_bonus=90).values == {parse_card("7D"): -90}


def test_out_of_range_inputs_are_refused():
    from belote.engine.cards import parse_hand
    rules = Rules.preset("coinche")
    hands = [parse_hand(h) for h in ("9S", "TH", "AH", "QH")]
    pos = Position(hands, Trump.C, rules, 0)
    for kw in ({"tolerance": -1}, {"capot_bonus": -5}, {"capot_bonus": 90.5},
               {"capot_bonus": 10**30}):
        with pytest.raises(PositionError):
            SOLVER.future(pos, **kw)
    with pytest.raises(PositionError):
        SOLVER.solve(pos, cards=set())
    for kw in ({"leader": 5}, {"points": [-1, 0]}, {"tricks": [0, "x"]}, {"trick": [99]}):
        with pytest.raises(PositionError):
            Position(hands[:1] + [0, 0, 0] if "trick" in kw else hands, Trump.C, rules, **kw)
    with pytest.raises(PositionError):  # a six in the 32-card game
        Position([1 << 32, 0, 0, 0], Trump.C, rules)
    # 16-bit table bounds: 90 029 points could not be stored; the rules refuse such an ace
    # (at most 1000: 4,086 points and twice the largest capot bonus fit)
    with pytest.raises(BeloteError, match="option sa_ace_points: at most 1000"):
        Rules.preset("ffb", sa_ta=True, sa_ace_points=30000)


def test_any_guess_gives_the_exact_value():
    # the first test goes at the guess, then steps away from it (kernel.mtdf): wherever the
    # guess lies (right, off by a little, off by a lot, out of range), the value is the
    # minimax value
    rng = random.Random(11)
    for _ in range(40):
        pos = random_position(rng, "coinche", rng.randint(2, 4))
        want = reference_value(pos)
        for guess in (want, want + 1, want - 3, want + 17, 0, pos.remaining_points(), -50, 400):
            assert SOLVER.future(pos, guess=guess) == want, (pos, guess)


def _hands(*texts):
    from belote.engine.cards import parse_hand
    return [parse_hand(t) for t in texts]


def test_search_refuses_an_empty_window():
    # an empty window would search no card and store its -infinity in the table, spoiling
    # every later answer of the same solver
    rules = Rules.preset("coinche")
    pos = Position(_hands("TH 8D 9C", "8S 9H JC", "AS QS JS", "8H TD 7D"), Trump.H, rules)
    solver = Solver()
    with pytest.raises(PositionError):
        solver.search(pos, 40, 40)
    assert solver.future(pos) == reference_value(pos)


def test_the_table_is_zeroed_when_the_epoch_would_wrap():
    # the epoch is 23 bits of a table key: past them an old entry (here the same hands with
    # another trump) would read as current, so the table is zeroed instead
    from belote.solver import kernel
    rules = Rules.preset("coinche")
    hands = _hands("KC QH AH AC", "KH JS AS JH", "TC QD KD TH", "TD TS QC JC")
    hearts, spades = Position(hands, Trump.H, rules), Position(hands, Trump.S, rules)
    solver = Solver()
    solver.epoch = 4
    assert solver.future(hearts) == reference_value(hearts)  # a new contract kind: epoch 5
    assert solver.epoch == 5
    # 2^24 epochs later the key bits of epoch 5 would come back
    solver.epoch = 5 + (1 << 24) - 1
    assert solver.future(spades) == reference_value(spades) != reference_value(hearts)
    assert 0 < solver.epoch < kernel.MAX_EPOCH


def test_kernel_ready_tells_a_first_use(tmp_path):
    """kernel_ready: False with an empty numba cache and nothing compiled in the process (the
    first use after an install: the CLI and the TUI then say the solver compiles), True once
    the kernel has run here."""
    import subprocess
    import sys

    from belote.solver import kernel_ready
    env = dict(__import__("os").environ, NUMBA_CACHE_DIR=str(tmp_path))
    code = "from belote.solver import kernel_ready; print(kernel_ready())"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       timeout=120, check=False)
    assert r.stdout.strip() == "False", r.stderr
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 0, shuffled_deck(rules, random.Random(3)))
    for a in ("80 H", "pass", "pass", "pass"):
        d.play(a)
    Solver().future(Position.from_deal(d))
    assert kernel_ready()


def test_warm_up_compiles_before_timing(tmp_path):
    """warm_up compiles the search (here into an empty numba cache) so that a timed match
    does not count the compile in its first decision (the fresh-user run of the 7th session
    saw 243 ms a decision for the expert in a one-deal arena instead of about 10)."""
    import subprocess
    import sys
    env = dict(__import__("os").environ, NUMBA_CACHE_DIR=str(tmp_path))
    code = ("from belote.solver import kernel, kernel_ready, warm_up\n"
            "print(kernel_ready(), bool(kernel.mtdf.signatures))\n"
            "ms = warm_up()\n"
            "print(kernel_ready(), bool(kernel.mtdf.signatures), ms > 0)\n"
            "print(warm_up() < ms)\n")  # the second time nothing compiles
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       timeout=300, check=False)
    assert r.stdout.split("\n")[:3] == ["False False", "True True True", "True"], r.stderr
