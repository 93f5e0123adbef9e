"""The engine's random legal play (``belote.engine.randomplay``): ``belote deal``'s policy."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from belote.cli import app
from belote.engine import (
    Deal,
    Pass,
    Rules,
    play_randomly,
    random_action,
    shuffled_deck,
    uniform_action,
)
from belote.engine.record import deal_to_record, dumps

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("preset", ["coinche", "classique", "ffb"])
def test_random_play_gives_the_records_belote_deal_gave_before_the_move(preset):
    # golden records captured from `belote deal --preset P --seed 7` while the policy still
    # lived in the CLI: the same seed draws the same packs and actions from the engine
    golden = (DATA / f"random_deal_{preset}_seed7.json").read_text(encoding="utf-8")
    rules = Rules.preset(preset)
    rng = random.Random(7)
    deal = play_randomly(Deal.deal(rules, 0, shuffled_deck(rules, rng)), rng)
    assert dumps(deal_to_record(deal)) == golden
    r = CliRunner().invoke(app, ["deal", "--preset", preset, "--seed", "7"])
    assert r.exit_code == 0 and r.stdout == golden


def test_sober_auction_bids_at_the_fourth_action_after_three_passes():
    # coinche seed 7 (golden): three passes, then the fourth seat must bid one of the four
    # lowest bids (80 of a suit or SA/TA) rather than pass the deal out
    record = json.loads((DATA / "random_deal_coinche_seed7.json").read_text(encoding="utf-8"))
    assert record["bids"][:4] == ["pass", "pass", "pass", "80 D"]
    # and the fourth action of any such auction is a bid, never a pass
    rules = Rules.preset("coinche")
    three_passes = 0
    for seed in range(30):
        rng = random.Random(seed)
        deal = Deal.deal(rules, seed % 4, shuffled_deck(rules, rng))
        while len(deal.bids) < 3:
            deal.play(random_action(deal, rng))
        if all(isinstance(a, Pass) for _s, a in deal.bids):
            three_passes += 1
            assert not isinstance(random_action(deal, rng), Pass)
    assert three_passes > 0  # the case was met


def test_sober_play_declares_whenever_it_may():
    # coinche seed 7 (golden): seat 1 holds A♠ K♠ Q♠ J♠, a sequence of four (a cinquante,
    # docs/sources.md §6); the policy declares it with seat 1's first card
    rules = Rules.preset("coinche")
    rng = random.Random(7)
    deal = play_randomly(Deal.deal(rules, 0, shuffled_deck(rules, rng)), rng)
    record = deal_to_record(deal)
    assert record["hands"][1] == "AS KS QS JS JH TC QC 8C"
    assert record["annonces"] == {"1": [["JS", "QS", "KS", "AS"]]}


def test_uniform_play_checked_and_unchecked_paths_play_the_same_deal():
    rules = Rules.preset("coinche")
    records = []
    for checked in (True, False):
        rng = random.Random(11)
        deal = Deal.deal(rules, 1, shuffled_deck(rules, rng))
        play_randomly(deal, rng, uniform_action, checked=checked)
        assert deal.is_over()
        records.append(deal_to_record(deal))
    assert records[0] == records[1]
