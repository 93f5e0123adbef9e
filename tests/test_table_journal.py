"""belote.table: the journal (``Table(journal=…)``), the trusted hook a front end keeps its
action log with (the server's SQL log). It gets every accepted action's full record string,
a declaration's cards included (so that the log replays), before any event of it; a journal
that raises closes the table, for a person's action and for a bot's.

The deal: the annonces preset, seed 30, dealer 0 (found by search, its hands printed once):
seat 1 speaks first and holds AS QS 8H JD 9C, the turned card 8C. Seat 1 takes (clubs
trump, seed 001 / docs/sources.md §3) and gets 8C, AC and 7C: AS QS 8H JD AC 9C 8C 7C. It
declares its tierce 7C 8C 9C with its first card (seed 001: "annonces are declared with the
first card"; a tierce is worth 20, seed 004) and leads AS."""

from __future__ import annotations

import json

import pytest

from belote.bots import RandomBot
from belote.engine import Rules
from belote.engine.cards import card_str, hand_str
from belote.engine.errors import BeloteError
from belote.engine.game import Game
from belote.engine.seats import Seat
from belote.table import ActionApplied, BotFailed, JournalFailed, Player, Table
from belote.table.events import SeatJoined


def _game() -> Game:
    game = Game(Rules.preset("annonces", game_end="deals", deals=1), seed=30, first_dealer=0)
    assert hand_str(game.current.hands[1]) == "AS QS 8H JD 9C"
    assert card_str(game.current.turned) == "8C"
    return game


def _people(journal) -> tuple[Game, Table, list]:
    game = _game()
    table = Table(game, [Player.human()] * 4, journal=journal)
    return game, table, []


def test_the_journal_gets_each_action_s_full_record_string_before_its_events():
    heard: list[tuple] = []
    game = _game()
    table = Table(game, [Player.human()] * 4,
                  journal=lambda i, s, a: heard.append(("journal", i, s, a)))
    table.subscribe(lambda e: heard.append(("event", e)))
    table.start()
    heard.clear()  # the seats and the deal, told at start: no action
    table.act(1, "take")
    assert hand_str(game.current.hands[1]) == "AS QS 8H JD AC 9C 8C 7C"
    table.act(1, "declare 9C 8C 7C")  # any order in: the record string sorts the cards
    table.act(1, "AS")
    journal = [h[1:] for h in heard if h[0] == "journal"]
    assert journal == [(0, Seat(1), "take"), (0, Seat(1), "declare 7C 8C 9C"),
                       (0, Seat(1), "AS")]
    assert all(type(s) is Seat for _i, s, _a in journal)
    # each journal entry comes before every event of its action (the public one without
    # the declared cards)
    assert [h[0] if h[0] == "journal" else type(h[1]).__name__ for h in heard] == [
        "journal", "ActionApplied", "ContractMade",
        "journal", "ActionApplied",
        "journal", "ActionApplied"]
    assert [h[1].action for h in heard if h[0] == "event"
            and isinstance(h[1], ActionApplied)] == ["take", "declare tierce", "AS"]
    # the log replays: the same strings on a new game give the same deal
    replay = _game()
    for _i, seat, action in journal:
        replay.play(action, seat)
    assert replay.current.declared == game.current.declared
    assert replay.current.plays == game.current.plays


def test_a_journal_that_raises_closes_the_table_and_no_event_of_the_action_goes_out():
    calls: list[str] = []
    boom = OSError(5, "I/O error")

    def journal(_i, _s, action):
        calls.append(action)
        if action.startswith("declare"):
            raise boom

    game, table, seen = _people(journal)
    table.subscribe(seen.append)
    table.start()
    table.act(1, "take")
    seen.clear()
    with pytest.raises(OSError) as info:
        table.act(1, "declare 7C 8C 9C")
    assert info.value is boom  # the journal's own exception, to act's caller
    assert seen == [JournalFailed(0, Seat(1), "os_error", "OSError")]  # told before it
    assert seen[0].to_json() == {"kind": "journal_failed", "deal_index": 0, "seat": 1,
                                 "code": "os_error", "error_type": "OSError"}
    assert "7C" not in json.dumps(seen[0].to_json())
    # closed: nothing more is applied, so the journal and the game cannot diverge further
    with pytest.raises(BeloteError) as closed:
        table.act(1, "AS")
    assert closed.value.code == "table.closed"
    assert calls == ["take", "declare 7C 8C 9C"]
    assert game.current.plays == [] and table.idle
    # the refused declaration was never applied: the game is what the journal holds (review:
    # an action applied before its record could be shown, then taken back)
    assert 1 not in game.current.declared


def test_an_illegal_action_never_reaches_the_journal():
    """The table judges an action before the journal hears of it (Deal.judge), so a refused
    card is neither recorded nor applied."""
    calls: list[str] = []
    game, table, _seen = _people(lambda _i, _s, action: calls.append(action))
    table.start()
    table.act(1, "take")
    with pytest.raises(BeloteError):
        table.act(1, "declare 7C 8C")  # no annonce of two cards
    with pytest.raises(BeloteError):
        table.act(2, "AS")  # not seat 2's turn
    assert calls == ["take"] and game.current.plays == [] and 1 not in game.current.declared


def test_a_journal_that_raises_on_a_bot_s_action_stops_the_table_not_the_bot(caplog):
    """A ValueError from the journal on a bot's action is no bot failure: the table closes,
    the worker ends, the error is logged."""
    game = _game()
    players = [Player.human()] + [Player.of_bot(RandomBot(seed=s)) for s in (1, 2, 3)]

    def journal(_i, _s, _a):
        raise BeloteError("the log is full", code="store.bad_folder")

    table = Table(game, players, journal=journal)
    seen: list = []
    table.subscribe(seen.append)
    table.start()  # seat 1, a bot, speaks first
    assert table.wait_idle(timeout=30)
    assert [e for e in seen if not isinstance(e, SeatJoined)][1:] == \
        [JournalFailed(0, Seat(1), "store.bad_folder", "BeloteError")]
    assert not any(isinstance(e, BotFailed | ActionApplied) for e in seen)
    assert "the journal failed on the bot action of seat 1" in caplog.text
    assert game.current.bids == []  # judged, refused by the journal: not applied, not told
    with pytest.raises(BeloteError) as closed:
        table.act(0, "pass")
    assert closed.value.code == "table.closed"
    table.close(timeout=None)
