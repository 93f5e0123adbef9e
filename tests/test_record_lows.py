"""Low findings on records: a seed that is no whole number, a game record longer than its
game, a game's deals checked once (``belote check``/``verify`` on a long record)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from belote.cli import app
from belote.engine import Game, RecordError, Rules
from belote.engine.record import check_game, game_from_record, game_to_record, parse_game, referee


def _game(deals: int, seed: int = 3) -> dict:
    """The record of a finished game of ``deals`` taken deals (classique), bots playing at
    random from ``seed``."""
    g = Game(Rules.preset("classique").replace(game_end="deals", deals=deals), seed=seed)
    rng = random.Random(seed)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    return game_to_record(g)


def _write(tmp_path: Path, rec: dict) -> str:
    p = tmp_path / "rec.json"
    p.write_text(json.dumps(rec), encoding="utf-8")
    return str(p)


def _run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("seed", [True, False, 1.0, "7"])
def test_a_game_record_seed_is_a_whole_number(tmp_path, seed):
    rec = {**_game(1), "seed": seed}
    with pytest.raises(RecordError) as e:
        parse_game(rec)
    assert (e.value.code, e.value.where) == ("record.bad_seed", "seed")
    assert isinstance(e.value, ValueError)
    r = _run("check", _write(tmp_path, rec), "--json", "--lang", "en")
    assert r.exit_code == 2
    assert json.loads(r.stdout) == {"error": "seed: the seed is a whole number or null",
                                    "code": "record.bad_seed"}


def test_seed_0_null_and_negative_seeds_are_read():
    """A negative seed is a seed (``belote play --seed -5`` writes one, and every record
    written reads back): a game of seed -1 written and read gives the same deals."""
    assert parse_game({**_game(1), "seed": 0}).seed == 0
    assert parse_game({**_game(1), "seed": None}).seed is None
    for seed in (-1, -(2**256)):
        rec = _game(1, seed=seed)
        assert rec["seed"] == seed and parse_game(rec).seed == seed
        assert game_to_record(game_from_record(rec)) == rec


def test_analyse_refuses_a_deal_after_the_game_ended_as_check_does(tmp_path):
    rec = _game(1)
    taken = [d for d in rec["deals"] if d["bids"] != ["pass"] * 8]
    assert len(taken) == 1  # the game ended with its first taken deal
    longer = {**rec, "deals": [*rec["deals"], taken[0]]}
    path = _write(tmp_path, longer)
    where = f"deals[{len(rec['deals'])}]"
    check = _run("check", path, "--json", "--lang", "en")
    assert check.exit_code == 2
    assert json.loads(check.stdout) == {"error": f"{where}: the game was already over",
                                        "code": "record.game_over"}
    for deal in ("1", str(len(longer["deals"]))):
        r = _run("analyse", path, "--deal", deal, "--json", "--lang", "en")
        assert r.exit_code == 2, r.output
        assert r.stdout == ""
        assert "the game was already over" in r.stderr
    assert _run("analyse", _write(tmp_path, rec), "--deal", "1", "--json").exit_code == 0


def test_check_game_checks_each_deal_once(monkeypatch):
    """A regular game's deals are checked once (its totals come from those checks), not once
    for the report and again to score the game (docs/records.md: reading is linear)."""
    rec = _game(6)
    count = len(rec["deals"])
    set_up = referee._set_up
    calls = []
    monkeypatch.setattr(referee, "_set_up", lambda record: calls.append(1) or set_up(record))
    report = check_game(rec)
    assert report.legal and len(report.deals) == count
    assert len(calls) == count
    assert report.scores == rec["scores"]
