"""The expert bot (PIMC over the solver): worlds consistent with the seat's knowledge, legal
play, and the duplicate arena."""

import json
import random

import pytest
from typer.testing import CliRunner

from belote.bots import ExpertBot, HeuristicBot, make_bot, racing
from belote.bots.worlds import WorldSampler
from belote.cli import app
from belote.engine import Deal, Rules, shuffled_deck
from belote.engine.cards import SUIT_OF, iter_cards, parse_card, parse_hand, popcount
from belote.table.match import arena


def _opening(rules, hands, bids, dealer=3):
    """A deal from hand strings (seat 0 first), the actions played in order."""
    d = Deal.from_hands(rules, dealer, [parse_hand(h) for h in hands])
    for a in bids:
        d.play(a)
    return d

def _play_some(rules, rng, bots, until_cards):
    d = Deal.deal(rules, rng.randrange(4), shuffled_deck(rules, rng))
    while not d.is_over() and len(d.plays) < until_cards:
        s = d.to_move
        d.play(bots[s].act(d.view(s)), s)
    return d


def test_sampled_worlds_fit_what_the_seat_knows():
    rng = random.Random(4)
    for preset in ("coinche", "classique", "retourne", "simplifiee"):
        rules = Rules.preset(preset)
        bots = [HeuristicBot(seed=i) for i in range(4)]
        for _ in range(30):
            d = _play_some(rules, rng, bots, rng.randrange(1, rules.deck - 4))
            if d.is_over() or d.phase.value != "play":
                continue
            seat = d.to_move
            view = d.view(seat)
            sampler = WorldSampler(view, random.Random(1))
            played = 0
            for _s, c in d.plays:
                played |= 1 << c
            for _ in range(5):
                hands = sampler.sample()
                assert hands[seat] == d.hands[seat]  # its own hand
                assert [popcount(h) for h in hands] == [popcount(h) for h in d.hands]
                assert not any(h & played for h in hands)  # no played card
                union = hands[0] | hands[1] | hands[2] | hands[3]
                assert union == d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
                # a seat that did not follow a suit holds none of it
                for (leader, cards, _w) in d.tricks:
                    led = SUIT_OF[cards[0]]
                    for i, c in enumerate(cards[1:], 1):
                        if SUIT_OF[c] != led:
                            p = (leader + i) % 4
                            assert not any(SUIT_OF[x] == led for x in iter_cards(hands[p]))


def test_sampler_puts_a_said_belote_partner_card_in_its_hand():
    # seat 0 takes hearts holding KH and QH, says belote with KH: seat 1 must see QH in seat 0
    from belote.engine.cards import parse_hand
    rules = Rules.preset("coinche")
    hands = [parse_hand(h) for h in ("KH QH 7S 8S 9S TS JS QS", "AH TH 9H 8H 7C 8C 9C TC",
                                      "JH 7H AS KS AD TD KD QD", "AC KC QC JC JD 9D 8D 7D")]
    d = Deal.from_hands(rules, 3, hands)
    d.play("80 H")
    for _ in range(3):
        d.play("pass")
    d.play("belote")
    d.play("KH")
    sampler = WorldSampler(d.view(1), random.Random(2))
    for _ in range(10):
        assert (sampler.sample()[0] >> parse_card("QH")) & 1


def test_expert_plays_legal_deals_seeing_only_its_view():
    rules = Rules.preset("coinche")
    rng = random.Random(9)
    bots = [ExpertBot(seed=1, worlds=3), HeuristicBot(2), ExpertBot(seed=3, worlds=3),
            HeuristicBot(4)]
    for _ in range(2):
        d = Deal.deal(rules, rng.randrange(4), shuffled_deck(rules, rng))
        while not d.is_over():
            s = d.to_move
            a = bots[s].act(d.view(s))
            d.play(a, s)  # checked
        assert d.passed_out or sum(d.result.points) == 162


def test_arena_duplicate_is_symmetric_for_equal_bots():
    rules = Rules.preset("classique")
    rep = arena(rules, lambda s: make_bot("random", s), lambda s: make_bot("random", s),
                ("random", "random"), 60, seed=3)
    data = rep.to_json()
    assert data["deals"] == 60 and len(rep.diffs) == 60
    lo, hi = data["ci95"]
    assert lo <= data["mean_diff"] <= hi
    # heuristic against random: clearly ahead
    rep2 = arena(rules, lambda s: make_bot("heuristic", s), lambda s: make_bot("random", s),
                 ("heuristic", "random"), 120, seed=3)
    assert rep2.to_json()["ci95"][0] > 0


def test_arena_cli_json_and_play_only():
    r = CliRunner().invoke(app, ["arena", "--a", "heuristic", "--b", "random", "--preset",
                                 "coinche", "--deals", "20", "--play-only", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data) >= {"deals", "mean_diff", "ci95", "ms_per_decision", "points_share"}
    assert set(data["ms_per_decision"]) == {"a", "b"}
    assert 0 < data["points_share"]["mean"] < 1
    bad = CliRunner().invoke(app, ["arena", "--a", "oracle"])
    assert bad.exit_code == 2
    # the text report's first line, French colon spacing as the other commands
    for lang, head in (("fr", ("coinche : 2 donnes × 2 tables, A = heuristique, "
                               "B = aléatoire, graine 1")),
                       ("en", "coinche: 2 deals × 2 tables, A = heuristic, B = random, seed 1")):
        r = CliRunner().invoke(app, ["arena", "--a", "heuristic", "--b", "random", "--deals",
                                     "2", "--lang", lang])
        assert r.exit_code == 0 and r.stdout.splitlines()[0] == head, r.stdout


def test_cards_worth_the_same_in_every_world_are_solved_once():
    """7S and 8S in one hand (nothing between them) are one card for PIMC; 7S and 9S are
    too once 8S has been played in an earlier trick, but not while 8S is unseen; KS and QS
    differ in points (4 and 3 in a plain suit) and stay apart."""
    from belote.engine import Trump
    from belote.engine.cards import parse_card as pc
    from belote.engine.cards import parse_hand, tables

    tt = tables(Trump.H)
    cards = [pc(c) for c in ("7S", "8S", "9S", "QS", "KS")]
    rep = ExpertBot._representatives(cards, tt, 0)
    assert rep[pc("7S")] == rep[pc("8S")] == rep[pc("9S")]
    assert rep[pc("QS")] == pc("QS") and rep[pc("KS")] == pc("KS")
    cards = [pc(c) for c in ("7S", "9S")]
    assert len(set(ExpertBot._representatives(cards, tt, 0).values())) == 2
    gone = parse_hand("8S AS TS JS")  # an earlier trick
    assert len(set(ExpertBot._representatives(cards, tt, gone).values())) == 1


def test_a_choice_between_cards_worth_the_same_solves_nothing(monkeypatch):
    """Spades led, the expert holds 7S and 8S (nothing between them) and no other spade:
    one class, so no world is drawn or solved, and the card is the weaker, as the tie rule
    of _pick gives (equal totals: fewest points, then weakest: 7S)."""
    from belote.solver import Solver

    def no_solve(*a, **k):
        raise AssertionError("solved")
    monkeypatch.setattr(Solver, "solve", no_solve)
    rules = Rules.preset("coinche")
    hands = [parse_hand(h) for h in ("AS KS QS JH 9H AD KD QD", "7S 8S 7H 8H 7D 8D 7C 8C",
                                     "JS TS 9S AH TH KH QH JD", "9D TD AC TC KC QC JC 9C")]
    d = Deal.from_hands(rules, 3, hands)
    for a in ("80 H", "pass", "pass", "pass"):
        d.play(a)
    d.play("AS", 0)
    v = d.view(1)
    assert sorted(v.legal) == ["7S", "8S"]
    assert ExpertBot(seed=1, threads=1).act(v) == "7S"


def test_a_discard_when_bound_to_ruff_shows_no_trump():
    """docs/sources.md §4 / 002 §VI: a player who cannot follow must ruff when the opponents hold
    the trick. Seat 1 discards a club on the ace of spades led by seat 0 (an opponent,
    winning): seat 1 holds neither spades nor hearts (trumps), in every world seat 2 samples."""
    from belote.engine.cards import SUIT_MASK
    rules = Rules.preset("coinche")
    d = _opening(rules, ("AS KS QS JS 7D 8D 9D TD", "7C 8C 9C TC JC QC KC AC",
                         "TS 9S 8S 7S AD KD QD JD", "7H 8H 9H TH JH QH KH AH"),
                 ("pass", "pass", "pass", "80 H", "pass", "pass", "pass", "AS", "7C"), dealer=3)
    sampler = WorldSampler(d.view(2), random.Random(3))
    assert sampler.void[1] & (SUIT_MASK[0] | SUIT_MASK[1]) == SUIT_MASK[0] | SUIT_MASK[1]
    for _ in range(10):
        assert sampler.sample()[1] & (SUIT_MASK[0] | SUIT_MASK[1]) == 0


def test_inferred_voids_always_hold_in_the_real_deal():
    """Whatever the sampler infers from the play (not following, not ruffing, not going
    over), the real hands agree: over random heuristic deals of every play-rule variant."""
    rng = random.Random(11)
    for preset, over in (("coinche", {}), ("classique", {}), ("simplifiee", {}),
                         ("ffb", {"sa_ta": True}), ("contree", {"must_beat_in_suit": True})):
        rules = Rules.preset(preset, **over)
        bots = [make_bot("random", i) for i in range(4)]  # random play meets every obligation
        for _ in range(40):
            d = _play_some(rules, rng, bots, rng.randrange(4, rules.deck - 1))
            if d.is_over() or d.phase.value != "play":
                continue
            seat = d.to_move
            sampler = WorldSampler(d.view(seat), random.Random(1))
            for s in range(4):
                if s != seat:
                    assert d.hands[s] & sampler.void[s] == 0, (preset, s)



def test_worlds_give_the_taker_a_hand_that_backs_its_bid():
    """Bidding inference in card play: seat 3 bid 140 hearts; in the worlds seat 0 draws, the
    taker's hand backs about that (heuristic estimate at least 140 - 45), where a free deal of
    the same unseen cards seldom does (the real taker holds all eight hearts)."""
    from belote.engine import Trump
    rules = Rules.preset("coinche")
    d = _opening(rules, ("AS KS QS 7D 8D 9D 7C 8C", "JS TS 9S 8S TD JD QD KD",
                         "7S AD 9C TC JC QC KC AC", "JH 9H AH TH KH QH 8H 7H"),
                 ("140 H", "pass", "pass", "pass"), dealer=2)
    sampler = WorldSampler(d.view(0), random.Random(5))
    # the contract (140 - 45) and the first bid say the same here; the passes of seats 1 and
    # 2 (seat 3 opened, so they passed an auction already open) say nothing
    assert sampler.constraints == [(3, Trump.H, 95, 10**6), (3, Trump.H, 95, 10**6)]
    backed = [HeuristicBot.estimate(sampler.sample()[3], Trump.H) >= 95 for _ in range(20)]
    sampler.constraints = []  # the same sampler without the inference
    free = [HeuristicBot.estimate(sampler.sample()[3], Trump.H) >= 95 for _ in range(20)]
    # rejection sampling (INFERENCE_TRIES deals at most a world): most worlds, not all
    assert sum(backed) >= 12 and sum(free) <= 5


def test_worlds_give_an_overcaller_the_suit_it_bid():
    """Auction inference in card play (coinche): seat 1 bid 100 S before seat 3 took 110 H.
    Seen from seat 0, seat 1's whole hand backs about 100 in spades (heuristic estimate at
    least 100 - 45 = 55) in most worlds, where a free deal of the same cards seldom does (the
    real seat 1 holds the jack, nine and ace of spades). Seat 2 passed once the auction was
    open: nothing is read from it."""
    from belote.engine import Trump
    rules = Rules.preset("coinche")
    d = _opening(rules, ("7S 8S 7D 8D 9D 7C 8C QC", "JS 9S AS TS 7H KD QD 9C",
                         "KS QS AD TD JD KC AC TC", "JH 9H AH TH KH QH 8H JC"),
                 ("pass", "100 S", "pass", "110 H", "pass", "pass", "pass"), dealer=3)
    sampler = WorldSampler(d.view(0), random.Random(3))
    assert (1, Trump.S, 55, 10**6) in sampler.constraints
    assert all(c[0] != 2 for c in sampler.constraints)
    backed = [HeuristicBot.estimate(sampler.sample()[1], Trump.S) >= 55 for _ in range(40)]
    sampler.constraints = []
    free = [HeuristicBot.estimate(sampler.sample()[1], Trump.S) >= 55 for _ in range(40)]
    # a free deal backs it about 2 times in 5 (16 of 40 expected)
    assert sum(backed) >= 36 and sum(free) <= 26


def test_a_tie_between_worlds_gives_the_fewest_points_then_the_weakest_card():
    """Equal totals over the worlds: hearts trump (docs/sources.md §1: trump jack 20, nine 14, ace
    11; plain ace 11, seven 0), the bot keeps its points and strength. The best total wins
    whatever its points."""
    from belote.engine import Trump
    from belote.engine.cards import tables
    tt = tables(Trump.H)
    c = {k: parse_card(k) for k in ("AS", "7S", "8D", "JH", "9H")}
    assert ExpertBot._pick(list(c.values()), {c["AS"]: 50, c["7S"]: 50, c["8D"]: 50,
                                              c["JH"]: 50, c["9H"]: 49}, tt) == c["7S"]
    # 7S and 8D give no points: 7S is the weaker (a seven below an eight)
    assert ExpertBot._pick([c["JH"], c["9H"]], {c["JH"]: 70, c["9H"]: 70}, tt) == c["9H"]
    assert ExpertBot._pick([c["JH"], c["7S"]], {c["JH"]: 71, c["7S"]: 70}, tt) == c["JH"]
    # the rule, not the card order: the ace of spades comes first in the card order, the
    # seven of diamonds gives nothing
    ad = {k: parse_card(k) for k in ("AS", "7D", "QS", "QH", "8S", "7H")}
    assert ExpertBot._pick([ad["AS"], ad["7D"]], {ad["AS"]: 60, ad["7D"]: 60}, tt) == ad["7D"]
    # a plain card is weaker than a trump of the same points: queens (3 points either way),
    # and an eight before the seven of trump (both 0)
    assert ExpertBot._pick([ad["QS"], ad["QH"]], {ad["QS"]: 60, ad["QH"]: 60}, tt) == ad["QS"]
    assert ExpertBot._pick([ad["8S"], ad["7H"]], {ad["8S"]: 60, ad["7H"]: 60}, tt) == ad["8S"]


def test_worlds_are_close_to_uniform_when_a_seat_is_void():
    """Seat 1 is void in hearts and seat 3 is known to hold five cards (as when annonces
    show them): the eight hearts go to seats 2 (needs 8 cards) and 3 (needs 3). Counting the
    deals with k hearts in seat 3 (k hearts of 8 to seat 3, seat 1's eight cards from the 11
    other cards, seat 2's k others from the 3 left): C(8,k)·C(3,k) = 1, 24, 84, 56 for
    k = 0..3, so over equally likely deals seat 3 holds 360/165 = 2.18 hearts on average.
    (Sending each heart to seat 2 or 3 at even odds would give about 2.8.)"""
    from belote.engine.cards import SUIT_MASK, parse_hand
    rules = Rules.preset("coinche")
    d = _opening(rules, ("7S 8S 9S TS 7D 8D 7C 8C", "JS QS KS AS 9D TD 9C TC",
                         "7H 8H 9H TH JH QH KH AH", "JD QD KD AD JC QC KC AC"),
                 ("80 S", "pass", "pass", "pass"), dealer=3)
    sampler = WorldSampler(d.view(0), random.Random(1))
    sampler.known[3] |= parse_hand("JD QD KD AD JC")
    sampler.void[1] |= SUIT_MASK[1]
    worlds = [sampler.sample() for _ in range(2000)]
    assert all(w[1] & SUIT_MASK[1] == 0 and popcount(w[3]) == 8 for w in worlds)
    mean = sum(popcount(w[3] & SUIT_MASK[1]) for w in worlds) / len(worlds)
    assert abs(mean - 360 / 165) < 0.1


def test_a_trump_king_played_without_belote_says_the_queen_is_elsewhere():
    """docs/sources.md §5: a player holding king and queen of trump says belote when playing the
    first (worth 20: every player says it). Seat 1 plays the king of hearts (trump) and
    says nothing: in seat 2's worlds the queen of hearts is never in seat 1's hand; a rules
    void it is not (a player may keep quiet), so it is kept apart from the voids."""
    rules = Rules.preset("coinche")
    d = _opening(rules, ("7H 8H 7S 8S 9S 7D 8D 9D", "KH 9H TS JS QS TD JD QD",
                         "AH TH KS AS KD AD 7C 8C", "QH JH 9C TC JC QC KC AC"),
                 ("80 H", "pass", "pass", "pass", "7H", "KH"), dealer=3)
    sampler = WorldSampler(d.view(2), random.Random(4))
    qh = parse_card("QH")
    assert sampler.unlikely[1] == 1 << qh and not (sampler.void[1] >> qh) & 1
    assert all(not (sampler.sample()[1] >> qh) & 1 for _ in range(50))


def test_a_close_decision_asks_for_more_worlds():
    """racing.close: the best class's lead over another, world by world, against twice
    its standard error. Leads 2, 1, 3: mean 2, variance 1, 2 >= 2·1/sqrt(3): decided. Leads
    -2 and 3: mean 0.5, variance 12.5: 0.5 < 2·3.54/sqrt(2): close. Equal in every world:
    the worlds cannot separate them, more would not either: decided."""
    assert not racing.close([[10, 8], [10, 9], [10, 7]], 0)
    assert racing.close([[10, 12], [6, 3]], 1)
    assert not racing.close([[5, 5], [7, 7]], 0)
    assert racing.close([[5, 1]], 0)  # one world decides nothing


def test_close_decisions_draw_up_to_max_worlds(monkeypatch):
    """The level's worlds first; more, half a level at a time, while the decision is close,
    up to max_worlds (off by default)."""
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 0, shuffled_deck(rules, random.Random(8)))
    for a in ("80 H", "pass", "pass", "pass"):
        d.play(a)
    seat = d.to_move
    counts = {}
    for mw in (12, None):
        bot = ExpertBot(seed=3, worlds=4, max_worlds=mw, threads=1)  # one solver to count
        n0 = []

        def counted(*a, _orig=bot.solver.solve, _n=n0, **k):
            _n.append(1)
            return _orig(*a, **k)
        bot.solver.solve = counted
        bot.act(d.view(seat))
        counts[mw] = len(n0)
    assert bot.max_worlds == 4 and counts[None] == 4
    # four worlds do not settle this first lead, nor do six, eight or ten: all twelve
    assert counts[12] == 12
    # half a level at a time: close once, then decided -> 4 + 2 worlds
    bot = ExpertBot(seed=3, worlds=4, max_worlds=12, threads=1)
    verdicts = iter([True, False])
    monkeypatch.setattr(racing, "close", lambda rows, best, cols=None: next(verdicts))
    n1 = []

    def counted1(*a, _orig=bot.solver.solve, **k):
        n1.append(1)
        return _orig(*a, **k)
    bot.solver.solve = counted1
    bot.act(d.view(seat))
    assert len(n1) == 6
    assert ExpertBot(worlds=5, max_worlds=3).max_worlds == 5  # never below the level
    with pytest.raises(ValueError):
        ExpertBot(max_worlds=0)


def test_threads_change_the_time_not_the_card():
    """Worlds are drawn in the same order and solved exactly whatever the number of threads:
    the same seed bids and plays the same with one thread and with three (a close first
    lead with extra worlds included), whole deals through, auction included."""
    rules = Rules.preset("coinche")
    for seed, auction in ((8, ("80 H", "pass", "pass", "pass")), (11, ()), (12, ())):
        d = Deal.deal(rules, 0, shuffled_deck(rules, random.Random(seed)))
        for a in auction:
            d.play(a)
        one = ExpertBot(seed=3, worlds=4, max_worlds=8, threads=1)
        three = ExpertBot(seed=3, worlds=4, max_worlds=8, threads=3)
        step = 0
        while not d.is_over():
            v = d.view(d.to_move)
            a = one.act(v)
            assert three.act(v) == a, (seed, step)
            d.play(a)
            step += 1
    for bad in (0, -1, 65, 2.0, True, "2"):
        with pytest.raises(ValueError):
            ExpertBot(threads=bad)


def test_past_the_deadline_one_world_is_drawn_and_solved():
    """With a time limit run out, both the one-thread and the threaded path draw and solve the
    first world only (drawing a world with the play model takes a few ms: no world is drawn
    that will not be solved); before the deadline every world is."""
    import time
    drawn: list[int] = []

    def worlds(k):
        for i in range(k):
            drawn.append(i)
            yield i
    for threads in (1, 2):
        bot = ExpertBot(seed=1, threads=threads)
        drawn.clear()
        got = bot._map(lambda solver, x: x * 10, worlds(6), time.perf_counter() - 1)
        assert got == [0] and drawn == [0]
        drawn.clear()
        got = bot._map(lambda solver, x: x * 10, worlds(6), time.perf_counter() + 60)
        assert got == [0, 10, 20, 30, 40, 50] and drawn == list(range(6))
        bot.close()
        bot.close()  # twice is fine
        # after close the bot still decides: a new pool is made
        assert bot._map(lambda solver, x: x + 1, worlds(3), None) == [1, 2, 3]
        bot.close()


def test_each_world_starts_on_an_empty_table():
    """Another world's stored positions are forgotten before a world is solved (a new epoch
    of the solver's table), on one thread and on several: no two worlds of a thread share an
    epoch, and the epoch a world is solved in is past every one used before on that
    thread."""
    for threads in (1, 2):
        bot = ExpertBot(seed=1, threads=threads)
        seen: list[tuple[int, int]] = []

        def fn(solver, x, seen=seen):
            seen.append((id(solver), solver.epoch))
            return x
        for _ in range(2):  # two decisions
            assert bot._map(fn, iter(range(5)), None) == list(range(5))
        assert len(set(seen)) == len(seen) == 10
        last: dict[int, int] = {}
        for sid, epoch in seen:
            assert epoch > last.get(sid, -1)
            last[sid] = epoch
        bot.close()


def test_bench_ddloss_reports_losses_and_refuses_bad_options(capsys):
    """bench/ddloss.py: every loss is a best value minus a played card's value (>= 0), and
    the per-position figures add up to the total; a bad --alt exits 2 with a message (its
    ``main`` called here: the options are checked before anything is played)."""
    import importlib.util
    import pathlib
    import subprocess
    import sys
    script = pathlib.Path(__file__).parent.parent / "bench" / "ddloss.py"
    spec = importlib.util.spec_from_file_location("ddloss", script)
    assert spec is not None and spec.loader is not None
    ddloss = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ddloss)
    r = subprocess.run([sys.executable, str(script), "--deals", "1", "--a", "heuristic",
                        "--b", "random"], capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for side in ("a", "b"):
        s = out[side]
        assert s["decisions"] > 0 and s["loss_per_deal"] >= 0
        assert abs(sum(s["by_position"].values()) - s["loss_per_deal"]) < 0.05
        assert abs(s["taker_side"] + s["defence"] - s["loss_per_deal"]) < 0.05
    capsys.readouterr()
    for bad in ("colour=3", ",,,", "worlds=\u00b2", "max_worlds=3", "worlds=501"):
        assert ddloss.main(["--alt", bad]) == 2, bad
        said = capsys.readouterr()
        assert "--alt" in said.err and said.out == "", bad
    # the variant starts from A's level: expert:2 against itself never differs
    r = subprocess.run([sys.executable, str(script), "--deals", "1", "--a", "expert:2",
                        "--alt", "max_worlds=2"], capture_output=True, text=True, check=False)
    alt = json.loads(r.stdout)["alt"]
    assert alt["decisions"] > 0 and alt["differ"] == 0 and alt["options"]["worlds"] == 2


def test_belote_is_said_only_with_the_card_chosen():
    """docs/sources.md §5: belote is said when playing the first of the king and queen of trump, and
    saying it binds that card. The expert first chooses its card: the jack of trump is led
    without a word; when it chooses the queen, it says belote, then plays the queen (without
    choosing again)."""
    rules = Rules.preset("coinche")
    hands = ("9H KH QH 7H 7S 8S 7D 8D", "AH TH 9S TS 9D TD 9C TC",
             "JS QS KS AS JD QD KD AD", "JH 8H 7C 8C JC QC KC AC")
    for chosen, first in (("9H", "9H"), ("QH", "belote")):
        d = _opening(rules, hands, ("80 H", "pass", "pass", "pass"))
        bot = ExpertBot(seed=1, worlds=2)
        calls = []

        def fixed(view, cards, _c=chosen, _calls=calls):
            _calls.append(len(cards))
            return parse_card(_c)
        bot.choose = fixed
        assert bot.act(d.view(0)) == first
        if first == "belote":
            d.play("belote")
            assert bot.act(d.view(0)) == "QH"
        assert calls == [8]  # one choice, among the eight cards


def test_a_wrong_belief_gives_way_before_the_rules_voids():
    """Seat 1 keeps quiet about its belote (allowed): it plays the king of hearts (trump)
    with the queen in hand. Seats 2 and 3 showed no hearts (they did not follow the trump
    lead). The belief that seat 1 lacks the queen cannot hold with those voids: it is
    dropped, the voids stay: no world gives a heart to seat 2 or 3."""
    from belote.engine.cards import SUIT_MASK
    rules = Rules.preset("coinche")
    d = _opening(rules, ("JH 9H AH TH 7S 8S 7D 8D", "KH QH 8H 7H 9S TS 9D TD",
                         "JS QS KS AS JD QD KD AD", "7C 8C 9C TC JC QC KC AC"),
                 ("80 H", "pass", "pass", "pass", "JH", "KH", "JS", "7C"))
    sampler = WorldSampler(d.view(0), random.Random(0))
    assert sampler.unlikely[1] == 1 << parse_card("QH")
    for _ in range(100):
        w = sampler.sample()
        assert (w[2] | w[3]) & SUIT_MASK[1] == 0


def test_a_capot_taker_is_assumed_strong_not_impossible():
    """A capot bid is worth 250 (scoring): value - 45 would ask for a hand the heuristic
    never rates; the taker is assumed to back the highest plain bid, 160 - 45 = 115."""
    from belote.engine import Trump
    d = _opening(Rules.preset("coinche"),
                 ("7S 8S 7D 8D 9D 7C 8C QC", "JH 9H AH TH KH QH 8H 7H",
                  "KS QS AD TD JD KC AC TC", "JS 9S AS TS 9C JC KD QD"),
                 ("pass", "capot H", "pass", "pass", "pass"))
    sampler = WorldSampler(d.view(0), random.Random(0))
    assert (1, Trump.H, 115, 10**6) in sampler.constraints


def test_a_barred_team_passes_tell_nothing():
    """002 §VIII.A: after a second misdeal in a row the dealer's team may only pass: its
    passes are not read as weakness."""
    from belote.bots.simbid import PASS_CEILING
    d = _opening(Rules.preset("ffb"),
                 ("7S 8S 7D 8D 9D 7C 8C QC", "JH 9H AH TH KH QH AS AC",
                  "KS QS AD TD JD KC TC 9C", "JS 9S TS JC 8H 7H KD QD"),
                 (), dealer=0)
    d.barred_team = 1
    for a in ("pass", "80 S", "pass", "pass", "pass"):
        d.play(a)
    view = d.view(2)
    assert view.barred_team == 1
    cons = WorldSampler(view, random.Random(0)).constraints
    assert (1, None, 0, PASS_CEILING) not in cons


def test_played_cards_count_in_the_taker_s_hand():
    """The bid speaks for the whole hand the taker was dealt: once it has played its jack and
    nine of trump (set on the sampler as if led), the worlds give it the rest of a hand that,
    with those two, backs 140 (estimate >= 95); the six cards left alone back it less often."""
    from belote.engine import Trump
    rules = Rules.preset("coinche")
    d = _opening(rules, ("AS KS QS 7D 8D 9D 7C 8C", "JS TS 9S 8S TD JD QD KD",
                         "7S AD 9C TC JC QC KC AC", "JH 9H AH TH KH QH 8H 7H"),
                 ("pass", "pass", "pass", "140 H", "pass", "pass", "pass"), dealer=3)
    sampler = WorldSampler(d.view(0), random.Random(2))
    assert (3, Trump.H, 95, 10**6) in sampler.constraints
    played = parse_hand("JH 9H")
    sampler.played_by[3] |= played  # as if seat 3 had led them
    sampler.unseen &= ~played
    sampler.sizes[3] -= 2
    worlds = [sampler.sample() for _ in range(30)]
    full = [HeuristicBot.estimate(w[3] | played, Trump.H) >= 95 for w in worlds]
    alone = [HeuristicBot.estimate(w[3], Trump.H) >= 95 for w in worlds]
    assert sum(full) >= 27 and sum(alone) < sum(full)


def test_play_model_reads_a_cheapest_discard():
    """Play model (WorldSampler(play_model=True)): seat 1, void in spades and without trump,
    discards on seat 0's ace of spades. The heuristic discards its cheapest card (lowest
    points, then rank): an eight says seat 1 held no seven of a plain suit. Seen from seat 0,
    worlds that explain the discard keep the 7♦ and 7♣ away from seat 1, where a deal by the
    rules alone gives it one or both about three times in four (15 cards for its 7 places)."""
    rules = Rules.preset("coinche")
    d = _opening(rules, ("AS KS QS 7S JH 9H AH TH", "8D 8C 9C TD AD KD QC JC",
                         "JS TS 9S 8S 7H 8H 7D 7C", "KH QH 9D JD QD KC AC TC"),
                 ("80 H", "pass", "pass", "pass"), dealer=3)
    d.play("AS")
    discard = HeuristicBot().act(d.view(1))
    assert discard in ("8D", "8C")
    d.play(discard)
    while not d.tricks:  # seats 2 and 3 (and their annonces, belote)
        s = d.to_move
        d.play(HeuristicBot().act(d.view(s)), s)
    sevens = (1 << parse_card("7D")) | (1 << parse_card("7C"))
    model = WorldSampler(d.view(0), random.Random(2), play_model=True)
    rules_only = WorldSampler(d.view(0), random.Random(2))
    clear = [model.sample()[1] & sevens == 0 for _ in range(40)]
    free = [rules_only.sample()[1] & sevens == 0 for _ in range(40)]
    # free: a world is clear about 27 % of the time (8/15 * 7/14). The model also reads
    # seat 3's ruff with the queen (the heuristic ruffs last with its lowest trump: no 7♥ or
    # 8♥), so a world explaining both comes about once in 15 draws and 30 draws miss it about
    # one time in eight: then the world kept is the best explained, often clear too
    assert sum(clear) >= 32 and sum(free) <= 18
    # the partner's plays are not read: seat 2's own cards say nothing to the model
    assert all(p % 2 == 1 for p, *_ in model._decisions)


@pytest.mark.parametrize("preset", ["coinche", "classique", "retourne", "simplifiee", "ffb"])
def test_play_model_explains_every_heuristic_card_in_the_real_deal(preset):
    """The play model is the heuristic bot itself: in the real deal, played by heuristic bots,
    every past card of the opponents is the one the model chooses (the belote said as soon as
    allowed binds the king or queen, as in the engine), from every seat's view."""
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    bots = [HeuristicBot(seed=i) for i in range(4)]
    checked = 0
    for _ in range(12):
        d = _play_some(rules, rng, bots, rng.randrange(8, rules.deck - 2))
        if d.is_over() or d.phase.value != "play":
            continue
        for seat in range(4):
            sampler = WorldSampler(d.view(seat), random.Random(0), play_model=True)
            assert sampler._disagreements(list(d.hands), None) == 0, (preset, seat)
            checked += len(sampler._decisions)
    assert checked >= 100


def test_repair_makes_a_world_explain_the_discard():
    """WorldSampler._repair: a world where seat 1 (which discarded an eight) still holds a
    seven is swapped into one the play model explains, hands still legal: the same sizes, no
    card in a hand the rules' voids forbid, the known cards where they are."""
    rules = Rules.preset("coinche")
    d = _opening(rules, ("AS KS QS 7S JH 9H AH TH", "8D 8C 9C TD AD KD QC JC",
                         "JS TS 9S 8S 7H 8H 7D 7C", "KH QH 9D JD QD KC AC TC"),
                 ("80 H", "pass", "pass", "pass"), dealer=3)
    d.play("AS")
    while not d.tricks:
        s = d.to_move
        d.play(HeuristicBot().act(d.view(s)), s)
    sampler = WorldSampler(d.view(0), random.Random(4), play_model=True)
    seven = 1 << parse_card("7C")
    world = None
    for _ in range(200):
        w = sampler._sample(50)
        if w[1] & seven and sampler._disagreements(w, None) > 0:
            world = w
            break
    assert world is not None
    fixed = sampler._repair(world, 0, sampler._disagreements(world, None))
    assert sampler._disagreements(fixed, None) == 0
    assert fixed[1] & seven == 0
    assert [popcount(h) for h in fixed] == [popcount(h) for h in world]
    assert fixed[0] == world[0]  # our own hand never moves
    for s in (1, 2, 3):
        assert fixed[s] & sampler.void[s] == 0
        assert fixed[s] & sampler.known[s] == sampler.known[s]


def test_race_drops_a_class_far_behind_the_best_worked_by_hand():
    """Six worlds, three classes a, b, c (values below). Means: a 100.67, b 91.67, c 99.33:
    a leads. b's deficit world by world is 10 15 5 8 4 12: mean 9, variance 88/5 = 17.6,
    standard error sqrt(17.6/6) = 1.71, so 5.3 errors above zero: out at z = 1.2. c's
    deficit is 0 10 -5 -5 5 3: mean 4/3, variance 34.67, error 2.40, 0.55 errors above
    zero: kept at z = 1.2 and at 0.6, out at 0.5."""
    rows = [[100, 90, 100], [110, 95, 100], [90, 85, 95], [100, 92, 105], [100, 96, 95],
            [104, 92, 101]]
    index = {10: 0, 11: 1, 12: 2}
    assert racing.race(rows, [10, 11, 12], index, 1.2) == [10, 12]
    assert racing.race(rows, [10, 11, 12], index, 0.6) == [10, 12]
    assert racing.race(rows, [10, 11, 12], index, 0.5) == [10]
    assert racing.race(rows, [10, 11, 12], index, 6.0) == [10, 11, 12]
    # a class out of the race is not compared again (its column may hold None later)
    assert racing.race(rows, [10, 12], index, 1.2) == [10, 12]
    for bad in (-1, 101, "1", True, None):
        with pytest.raises(ValueError):
            ExpertBot(race_z=bad)


def test_racing_solves_fewer_cards_in_later_worlds_the_same_on_any_threads(monkeypatch):
    """The trick-1 lead of a coinche deal with 14 worlds (race_z 1.2): the first nine worlds
    are solved for every card class (racing starts on five worlds, four worlds before the one it
    decides), later ones for fewer; one thread and two give the same card and the same
    solves; race_z=0 solves every class in every world. Once one class is left, no more
    worlds are drawn (another deal: 13 worlds)."""
    from belote.solver import Solver
    calls: list[int] = []
    solve = Solver.solve

    def spy(self, pos, *a, **kw):
        calls.append(len(kw["cards"]))
        return solve(self, pos, *a, **kw)
    monkeypatch.setattr(Solver, "solve", spy)
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 0, shuffled_deck(rules, random.Random(2)))
    for a in ("80 S", "pass", "pass", "pass"):
        d.play(a)
    v = d.view(d.to_move)
    assert "declare" not in v.legal
    got = {}
    for threads in (1, 2):
        calls.clear()
        bot = ExpertBot(seed=3, worlds=14, threads=threads, race_z=1.2)
        got[threads] = (bot.act(v), list(calls))
        bot.close()
    card, sizes = got[1]
    assert got[2][0] == card and sorted(got[2][1]) == sorted(sizes)
    assert sizes == [8] * 9 + [4] * 5  # a class out stays out
    calls.clear()
    ExpertBot(seed=3, worlds=14, threads=1, race_z=0).act(v)
    assert calls == [8] * 14
    d = Deal.deal(rules, 0, shuffled_deck(rules, random.Random(5)))
    for a in ("80 S", "pass", "pass", "pass"):
        d.play(a)
    for threads in (1, 2):
        calls.clear()
        bot = ExpertBot(seed=3, worlds=14, threads=threads, race_z=1.2)
        bot.act(d.view(d.to_move))
        bot.close()
        assert sorted(calls, reverse=True) == [8] * 9 + [5, 5, 4, 2]
