"""belote.table: :meth:`Table.replay`, an action another table sharing the journal accepted
already (the server's other processes): applied whoever holds the seat, a bot's seat too,
through the journal and the events as a person's; ``skip`` leaves an action the journal holds.

The deal (tests/test_table_journal.py): the annonces preset, seed 30, dealer 0: seat 1 speaks
first and takes (clubs trump, seed 001 / docs/sources.md §3), then declares its tierce 7C 8C 9C and
leads AS."""

from __future__ import annotations

import pytest

from belote.bots import RandomBot
from belote.engine import Rules
from belote.engine.errors import BeloteError, WrongTurn
from belote.engine.game import Game
from belote.engine.seats import Seat
from belote.table import ActionApplied, ContractMade, Player, Table


def _table(heard: list) -> tuple[Game, Table]:
    game = Game(Rules.preset("annonces", game_end="deals", deals=1), seed=30, first_dealer=0)
    # a bot at seat 1, the seat to move: the table is not started, so it never plays itself
    players = [Player.remote(), Player.of_bot(RandomBot(seed=1)), Player.remote(),
               Player.remote()]
    table = Table(game, players, journal=lambda i, s, a: heard.append(("journal", s, a)))
    table.subscribe(lambda e: heard.append(("event", e)))
    return game, table


def test_a_replayed_action_is_applied_at_a_bot_s_seat_with_its_journal_and_events():
    heard: list = []
    game, table = _table(heard)
    with pytest.raises(BeloteError) as refused:
        table.act(1, "take")  # a person's path: never for a bot's seat
    assert refused.value.code == "table.bot_seat"
    assert table.replay(1, "take") is True
    assert table.replay(1, "declare 9C 8C 7C") is True
    assert [h[1:] for h in heard if h[0] == "journal"] == [
        (Seat(1), "take"), (Seat(1), "declare 7C 8C 9C")]
    events = [h[1] for h in heard if h[0] == "event"]
    assert [type(e) for e in events] == [ActionApplied, ContractMade, ActionApplied]
    assert [e.action for e in events if isinstance(e, ActionApplied)] == [
        "take", "declare tierce"]  # the public text: no declared card
    assert game.current.declared[1][0].kind == "tierce"


def test_skip_leaves_an_action_the_journal_holds_and_a_wrong_turn_is_refused():
    heard: list = []
    game, table = _table(heard)
    asked: list[bool] = []
    assert table.replay(1, "take", skip=lambda: asked.append(True) or True) is False
    assert asked == [True] and heard == [] and game.current.bids == []
    with pytest.raises(WrongTurn):
        table.replay(2, "pass")  # seat 1 speaks first
    assert heard == []
    table.close()
    with pytest.raises(BeloteError) as closed:
        table.replay(1, "take")
    assert closed.value.code == "table.closed"
