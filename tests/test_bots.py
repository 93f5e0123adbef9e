"""Bots: only legal actions, never an exception, in every preset; the heuristic beats random;
bots see only their seat's view; simulate is reproducible on a fixed seed."""

import json
import random
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from belote.bots import BOT_NAMES, HeuristicBot, RandomBot, make_bot
from belote.cli import app
from belote.engine import PRESET_NAMES, Deal, Rules, shuffled_deck
from belote.engine.views import SeatView
from belote.table.match import mean_ci, simulate


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_bots_play_a_thousand_deals_legally(preset):
    rules = Rules.preset(preset)
    seats = [make_bot("heuristic", 1), make_bot("random", 2), make_bot("heuristic", 3),
             make_bot("random", 4)]
    for i in range(1000):
        d = Deal.deal(rules, i % 4, shuffled_deck(rules, random.Random(f"bots/{i}")))
        if i % 2:  # heuristic against heuristic too
            seats = seats[1:] + seats[:1]
        while not d.is_over():
            s = d.to_move
            view = d.view(s)
            legal = tuple(view.legal)  # before the bot holds the view
            a = seats[s].act(view)
            assert a in legal
            d.play(a, s)  # checked: raises on anything illegal
        assert d.passed_out or sum(d.result.points) == d.tt.total


class SpyBot(HeuristicBot):
    """Records what it is given."""

    seen: ClassVar[list] = []

    def act(self, view):
        SpyBot.seen.append(view)
        return super().act(view)


def test_bots_receive_only_their_seat_view():
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 0, shuffled_deck(rules, random.Random(9)))
    spy = SpyBot(seed=1)
    SpyBot.seen = []
    bots = [spy, RandomBot(2), HeuristicBot(3), RandomBot(4)]
    while not d.is_over():
        s = d.to_move
        before = [h for h in d.hands]
        a = bots[s].act(d.view(s))
        if s == 0:
            view = SpyBot.seen[-1]
            assert isinstance(view, SeatView)
            text = json.dumps(view.to_json())
            others = set()
            for o in (1, 2, 3):
                from belote.engine.cards import card_str, iter_cards
                others |= {card_str(c) for c in iter_cards(before[o])}
            tokens = set(text.replace('"', " ").replace(",", " ").replace("[", " ")
                         .replace("]", " ").split())
            assert not (others & tokens)
        d.play(a, s)
    assert SpyBot.seen


def test_heuristic_beats_random_clearly():
    # 400 deals of classique: the heuristic team's mean advantage is well above zero
    rules = Rules.preset("classique")
    bots = [make_bot(n, seed=i) for i, n in enumerate(["heuristic", "random"] * 2)]
    rep = simulate(rules, bots, ["heuristic", "random"] * 2, 400, seed=3)
    _m, lo, _hi = mean_ci(rep.diffs)
    assert lo > 20


def test_mean_ci_by_hand():
    # values 0, 10, 20: mean 10, sample sd 10, half-width 1.96 * 10 / sqrt(3) = 11.3161...
    m, lo, hi = mean_ci([0, 10, 20])
    assert m == 10
    assert abs(hi - 10 - 11.316) < 0.001 and abs(10 - lo - 11.316) < 0.001
    # one value: no interval (not a zero-width one), none at all without values
    assert mean_ci([7]) == (7, None, None)
    assert mean_ci([]) == (0.0, None, None)


def test_make_bot_refuses_unknown_names():
    assert set(BOT_NAMES) == {"random", "heuristic", "expert"}
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


def test_simulate_is_reproducible_and_reports_per_team(tmp_path):
    runner = CliRunner()
    args = ["simulate", "--preset", "coinche", "--deals", "60", "--seed", "5", "--bots",
            "heuristic,random,heuristic,random", "--json"]
    r1 = runner.invoke(app, args)
    r2 = runner.invoke(app, args)
    assert r1.exit_code == 0, r1.output
    a, b = json.loads(r1.stdout), json.loads(r2.stdout)
    for x in (a, b):
        for p in x["ms_per_decision"]:
            p.pop("ms_mean"), p.pop("ms_max")
    assert a == b
    # golden file: the same seed gives the same deals, bots and report (tests/data)
    from pathlib import Path
    golden = json.loads((Path(__file__).parent / "data" / "simulate_coinche_seed5.json")
                        .read_text())
    assert a == golden
    assert a["deals"] == 60 and len(a["teams"]) == 2
    for team in a["teams"]:
        assert set(team) >= {"mean_score", "ci95", "taken", "made"}
        lo, hi = team["ci95"]
        assert lo <= team["mean_score"] <= hi
    t0, t1 = a["teams"]
    assert t0["taken"] + t1["taken"] + a["passed_out"] == 60
    out = tmp_path / "deals.jsonl"
    r3 = runner.invoke(app, args[:-1] + ["--out", str(out)])
    assert r3.exit_code == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 60
    from belote.engine.record import check_deal
    assert all(check_deal(json.loads(line)).legal for line in lines)


def test_simulate_bad_bots_exit_2():
    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "--bots", "heuristic,random,heuristic"])
    assert r.exit_code == 2 and "2 (équipes 0 et 1)" in r.output
    r = runner.invoke(app, ["simulate", "--bots", "a,b,c,d"])
    assert r.exit_code == 2
    assert "bot inconnu" in r.output  # French by default


def test_expert_levels_by_worlds():
    from belote.bots import parse_bot
    assert parse_bot("expert") == ("expert", {})
    assert parse_bot("expert:8") == ("expert", {"worlds": 8})
    assert make_bot("expert:3", seed=1).worlds == 3
    assert make_bot("expert", seed=1).worlds == 20
    assert make_bot("expert:3").label == "expert:3" and make_bot("expert").label == "expert"
    assert make_bot("heuristic").label == "heuristic"
    # worlds= sets a plain expert's level; expert:N keeps its own
    assert make_bot("expert", worlds=4).worlds == 4 and make_bot("expert:3", worlds=4).worlds == 3
    for bad in ("expert:0", "expert:x", "heuristic:3", "oracle", "expert:501", "expert:"):
        with pytest.raises(ValueError):
            make_bot(bad)


def test_the_bot_list_names_the_bots_weakest_first_with_their_levels():
    from belote.bots import BOTS, BotChoice, bot_list
    assert bot_list() == [BotChoice("random", False, False),
                          BotChoice("heuristic", False, True),
                          BotChoice("expert", True, False)]
    assert [BOTS[b.name].strength for b in bot_list()] == [0, 1, 2]


def test_what_a_caller_needs_to_know_is_class_data():
    from belote.bots import bot_class
    from belote.table.table import TABLE_TIME_LIMIT_MS
    expert = bot_class("expert:5")
    assert expert.uses_solver and expert.process_pool and expert.gives_hints
    assert expert.table_time_limit_ms == TABLE_TIME_LIMIT_MS == 1500.0
    for name in ("random", "heuristic"):
        cls = bot_class(name)
        assert not (cls.uses_solver or cls.process_pool or cls.gives_hints)
        assert cls.table_time_limit_ms is None and cls.levels is None


def test_no_module_outside_the_bots_tests_a_bots_name():
    from pathlib import Path

    import belote
    root = Path(belote.__file__).parent
    for path in root.rglob("*.py"):
        if "bots" in path.relative_to(root).parts[:1]:
            continue
        text = path.read_text()
        for pattern in ('startswith("expert")', '== "expert"', "startswith('expert')"):
            assert pattern not in text, (path, pattern)
