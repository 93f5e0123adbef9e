"""belote.table against hostile or careless callers: a subscriber that raises, seats that are
no seat, a table used after close, a store without a game id or failing with a StoreError,
bots that try to rebuild the packs from their seeds, two save files written in a crash-safe
order, and ``belote play --resume``'s checks of its settings and options."""

from __future__ import annotations

import logging
import os
import random
import time

import pytest
from typer.testing import CliRunner

from belote.bots import RandomBot, make_bot
from belote.bots.base import Bot
from belote.cli import app
from belote.engine import Deal, Rules, shuffled_deck
from belote.engine.cards import hand_str
from belote.engine.errors import BeloteError
from belote.engine.game import Game
from belote.i18n import message
from belote.table import (
    ActionApplied,
    DealEnded,
    DealStarted,
    FileStore,
    Player,
    PlayerKind,
    SaveFailed,
    StoreError,
    Table,
    table_bots,
)
from belote.table.match import arena, bot_seed, derive_seed
from belote.table.store import TableSettings


def _person_and_bots(seed=5):
    """Seat 0 a person, seats 1..3 random bots, no delay; seat 1 speaks first (dealer 0)."""
    game = Game(Rules.preset("classique"), seed=seed, first_dealer=0)
    players = [Player.human()] + [Player.of_bot(RandomBot(seed=s)) for s in (1, 2, 3)]
    return game, Table(game, players)


def _actions_so_far(game):
    return sum(len(d.bids) + len(d.plays) + len(d.belotes) for d in [*game.deals, game.current]
               if d is not None)


# -- 1. a subscriber that raises ---------------------------------------------------------------

def test_a_subscriber_that_raises_loses_no_event_and_stops_no_bot(caplog):
    game, table = _person_and_bots()
    raised = []

    def buggy(e):  # a front end's draw with a one-off bug on a bot's action
        if isinstance(e, ActionApplied) and e.seat != 0 and not raised:
            raised.append(e)
            raise RuntimeError("draw bug")
    seen = []
    table.subscribe(buggy)
    table.subscribe(seen.append)  # subscribed after the buggy one: still gets every event
    with caplog.at_level(logging.ERROR, logger="belote.table.table"):
        table.start()  # seats 1, 2, 3 speak on the worker thread, then seat 0 is to move
        assert table.wait_idle(timeout=30)
        assert table.to_move == 0 and len(raised) == 1
        table.act(0, table.legal(0)[0])  # a bot answers: the worker survived the bug
        assert table.wait_idle(timeout=30)
    applied = [e for e in seen if isinstance(e, ActionApplied)]
    assert len(applied) == _actions_so_far(game) >= 5
    assert raised[0] in applied  # the event that raised was delivered to the next subscriber
    assert table.to_move == 0  # seats 1..3 answered the person
    assert [r.message for r in caplog.records] == ["a table subscriber raised on ActionApplied"]
    table.close()


def test_act_returns_once_applied_even_when_a_subscriber_raises_on_its_event():
    game, table = _person_and_bots()
    table.subscribe(lambda e: (_ for _ in ()).throw(RuntimeError("draw bug"))
                    if isinstance(e, ActionApplied) and e.seat == 0 else None)
    seen = []
    table.subscribe(seen.append)
    table.start()
    assert table.wait_idle(timeout=30) and table.to_move == 0
    before = _actions_so_far(game)
    action = table.legal(0)[0]
    table.act(0, action)  # no exception: the action is applied and told
    assert table.wait_idle(timeout=30)
    assert _actions_so_far(game) >= before + 1
    mine = [e for e in seen if isinstance(e, ActionApplied) and e.seat == 0]
    assert [e.action for e in mine] == [action]
    table.close()


# -- 3. seats that are no seat -----------------------------------------------------------------

BAD_SEATS = ["0", None, 0.0, 4, -1, -2, True]


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_every_seat_argument_is_checked(seat):
    game = Game(Rules.preset("classique"), seed=5, first_dealer=3)  # seat 0 speaks first
    table = Table(game, [Player.human(str(s)) for s in range(4)])
    table.start()
    calls = [lambda: table.act(seat, "pass"), lambda: table.player(seat),
             lambda: table.join(seat, Player.human("x")), lambda: table.leave(seat),
             lambda: table.view(seat), lambda: table.legal(seat)]
    for call in calls:
        with pytest.raises(BeloteError) as info:
            call()
        assert info.value.code == "table.bad_seat" and isinstance(info.value, ValueError)
        assert info.value.params == {"seat": repr(seat)}
        assert str(info.value) == f"a seat is 0, 1, 2 or 3, not {seat!r}"
        assert message(info.value, "en") == str(info.value)
        # French names Python's None / True as JSON does (null / true)
        shown = {"None": "null", "True": "true"}.get(repr(seat), repr(seat))
        assert message(info.value, "fr") == f"un siège vaut 0, 1, 2 ou 3, pas {shown}"
    assert [table.player(s).name for s in range(4)] == ["0", "1", "2", "3"]  # nobody moved
    assert game.current.bids == []  # nothing played


# -- 4. the store's game id, every save failure told ---------------------------------------------

def test_a_store_without_a_valid_game_id_is_refused_at_construction(tmp_path):
    game = Game(Rules.preset("classique"), seed=5)
    for bad in ("", "a/b", "x" * 201, "é-1"):
        with pytest.raises(BeloteError) as info:
            Table(game, [Player.human()] * 4, store=FileStore(tmp_path), game_id=bad)
        assert info.value.code == "store.bad_id" and info.value.params == {"id": repr(bad)}
        assert message(info.value, "en") == str(info.value)
    Table(game, [Player.human()] * 4, game_id="")  # no store: no id needed


class _StoreErrorStore:
    """A store whose every save raises a StoreError (a ValueError, not an OSError)."""

    def save(self, game_id, game, settings):
        raise StoreError("the data folder cannot be used: /x (Permission denied)",
                         params={"path": "/x", "reason": "Permission denied"})


def test_a_store_error_at_a_deal_s_end_is_a_save_failed_event_and_the_deal_goes_on():
    game = Game(Rules.preset("classique"), seed=5, first_dealer=3)
    table = Table(game, [Player.human()] * 4, store=_StoreErrorStore(), game_id="g-5")
    seen = []
    table.subscribe(seen.append)
    table.start()
    for k in range(8):  # 000 §III: eight passes, two rounds: the deal is passed out
        table.act(k % 4, "pass")
    kinds = [type(e) for e in seen if not isinstance(e, ActionApplied)]
    assert kinds[-3:] == [SaveFailed, DealEnded, DealStarted]
    failed = next(e for e in seen if isinstance(e, SaveFailed))
    assert isinstance(failed.error, StoreError) and table.unsaved
    assert len(game.deals) == 1 and game.deals[0].passed_out and game.current is not None


# -- 5. a closed table -------------------------------------------------------------------------

def test_a_closed_table_refuses_actions():
    game = Game(Rules.preset("classique"), seed=5, first_dealer=3)
    table = Table(game, [Player.human()] * 4)
    table.start()
    table.close()
    with pytest.raises(BeloteError) as info:
        table.act(0, "pass")
    assert info.value.code == "table.closed" and str(info.value) == "the table is closed"
    assert message(info.value, "fr") == "la table est fermée"
    assert game.current.bids == []


def test_a_closed_table_refuses_joins_and_leaves():
    game = Game(Rules.preset("classique"), seed=5, first_dealer=3)
    table = Table(game, [Player.human(str(s)) for s in range(4)])
    table.start()
    table.close()
    for call in (lambda: table.join(1, Player.remote("Bob")), lambda: table.leave(2)):
        with pytest.raises(BeloteError) as info:
            call()
        assert info.value.code == "table.closed" and message(info.value, "en") == str(info.value)
    assert [table.player(s).name for s in range(4)] == ["0", "1", "2", "3"]  # nobody moved


@pytest.mark.parametrize("players, code, params, words", [
    ([Player.human()] * 3, "table.player_count", {"count": 3},
     "a table has four players, not 3"),
    ([Player.human()] * 5, "table.player_count", {"count": 5},
     "a table has four players, not 5"),
    ([Player.human(), Player("robot", "x"), Player.human(), Player.human()],
     "table.bad_player", {"seat": 1, "value": "Player(kind='robot', name='x', bot=None)"},
     "seat 1: a player is a Player of kind human, bot or remote, not "
     "Player(kind='robot', name='x', bot=None)"),
    ([Player.human(), Player.human(), "bot", Player.human()], "table.bad_player",
     {"seat": 2, "value": "'bot'"},
     "seat 2: a player is a Player of kind human, bot or remote, not 'bot'"),
    ([Player.human()] * 3 + [Player(PlayerKind.BOT, "b")], "table.bot_player", {"seat": 3},
     "seat 3: a bot player holds its bot, and only a bot player does"),
])
def test_a_table_of_players_that_are_not_four_players_is_refused_with_a_code(
        players, code, params, words):
    game = Game(Rules.preset("classique"), seed=5)
    with pytest.raises(BeloteError) as info:
        Table(game, players)
    assert isinstance(info.value, ValueError)
    assert (info.value.code, info.value.params, str(info.value)) == (code, params, words)
    assert message(info.value, "en") == words and message(info.value, "fr") != words



@pytest.mark.parametrize("player, code", [
    (Player("robot", "x"), "table.bad_player"), (None, "table.bad_player"),
    (Player(PlayerKind.BOT, "b"), "table.bot_player"),
    (Player(PlayerKind.HUMAN, "h", RandomBot(seed=1)), "table.bot_player"),
])
def test_a_join_of_a_player_that_is_not_one_is_refused_with_a_code(player, code):
    table = Table(Game(Rules.preset("classique"), seed=5), [Player.human("p")] * 4)
    with pytest.raises(BeloteError) as info:
        table.join(0, player)
    assert info.value.code == code and info.value.params["seat"] == 0
    assert table.player(0).name == "p"


# -- 2. bots' seeds reveal nothing -------------------------------------------------------------

def test_bot_seeds_are_one_way_and_differ_per_seat_and_deal():
    seeds = {bot_seed(42, deal, seat) for deal in range(50) for seat in range(4)}
    assert len(seeds) == 200
    assert all(0 <= s < 2 ** 64 for s in seeds)
    assert bot_seed(42, 3, 1) != 42 * 1000 + 3 * 4 + 1
    assert derive_seed("arena", 42, 3, 1) == bot_seed(42, 3, 1)
    assert derive_seed("table", 42, 0) != derive_seed("simulate", 42, 0)  # labelled
    assert derive_seed("table", 42, 0) != derive_seed("table", 43, 0)
    # a table's bots: seeded through derive_seed, not the game's seed + i
    bots = table_bots(["random"] * 3, seed=7)
    for i, b in enumerate(bots):
        assert b.rng.getstate() == random.Random(derive_seed("table", 7, i)).getstate()
        assert b.rng.getstate() != random.Random(7 + i).getstate()


class _Cheater(Bot):
    """Rebuilds deal i's pack from its own seed by the old formula (seed*1000 + deal*4 + seat)
    and counts the bidding decisions where the rebuilt hand is its real hand."""

    name = "cheater"
    hits = 0
    tries = 0

    def __init__(self, seed=None, **kw):
        super().__init__(seed, **kw)
        self.my_seed = seed

    def act(self, view):
        s, rest = divmod(self.my_seed, 1000)
        i = rest // 4
        rules = view.rules()
        rebuilt = Deal.deal(rules, i % 4, shuffled_deck(rules, random.Random(f"{s}/{i}")))
        if view.phase == "bidding":
            _Cheater.tries += 1
            _Cheater.hits += set(hand_str(rebuilt.hands[view.seat]).split()) == set(view.hand)
        return view.legal[0]


def _cheat(deals):
    _Cheater.hits = _Cheater.tries = 0
    arena(Rules.preset("coinche"), lambda s: _Cheater(seed=s),
          lambda s: make_bot("random", seed=s), ("cheat", "random"), deals=deals, seed=42)
    return _Cheater.hits, _Cheater.tries


def test_a_bot_cannot_rebuild_the_packs_from_its_seed(monkeypatch):
    hits, tries = _cheat(5)
    assert tries > 0 and hits == 0
    # the control: with the old linear seeds the same bot rebuilt its hand every time
    import belote.table.match as match
    monkeypatch.setattr(match, "bot_seed", lambda seed, deal, seat: seed * 1000 + deal * 4 + seat)
    hits, tries = _cheat(5)
    assert tries > 0 and hits == tries


# -- 8. the two save files ---------------------------------------------------------------------

def _finish_first_deal(game):
    while len(game.deals) == 0:
        seat = game.current.seat_to_move()
        game.play(RandomBot(seed=1).act(game.current.view(seat)), seat)


def test_a_crash_between_the_two_writes_leaves_current_json_ahead(tmp_path, monkeypatch):
    """current.json is written first: a failure before the archive's rename leaves the game
    in progress up to date (a resume replays no finished deal) and the archive behind."""
    store = FileStore(tmp_path)
    game = Game(Rules.preset("classique"), seed=9, first_dealer=0)
    store.save("g-seed9", game, {"stamp": "g"})
    _finish_first_deal(game)
    real = os.replace
    calls = []

    def replace(a, b):
        calls.append(os.path.basename(b))
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(a, b)
    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(OSError):
        store.save("g-seed9", game, {"stamp": "g"})
    monkeypatch.setattr(os, "replace", real)
    assert calls == ["current.json", "g-seed9-classique.json"]
    assert len(store.load().game.deals) == 1  # the game in progress holds the finished deal
    assert len(store.load("g-seed9").game.deals) in (0, 1)
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == ["g-seed9-classique.json"]
    assert len(FileStore(tmp_path).load().game.deals) == 1


def test_opening_a_store_removes_stale_temporary_files(tmp_path):
    (tmp_path / "games").mkdir()
    stale = [tmp_path / ".current.json.abc123.tmp",
             tmp_path / "games" / ".g-seed1-classique.json.xyz.tmp"]
    kept = [tmp_path / "notes.txt", tmp_path / "games" / "g-seed1-classique.json"]
    fresh = tmp_path / ".current.json.live42.tmp"  # another process's write in progress
    for p in stale + kept + [fresh]:
        p.write_text("{}")
    old = time.time() - 601  # older than STALE_TEMPORARY_S (600 s): an interrupted write
    for p in stale:
        os.utime(p, (old, old))
    FileStore(tmp_path)
    assert [p.exists() for p in stale] == [False, False]
    assert [p.exists() for p in kept] == [True, True]
    assert fresh.exists()  # a second store opening the folder leaves a live write alone
    FileStore(tmp_path / "missing")  # a folder that does not exist yet: nothing to remove


# -- 6. and 7. ``belote play --resume`` ----------------------------------------------------------

def test_a_saved_stamp_must_be_new_stamp_s_form():
    ok = TableSettings.from_json({"stamp": "20240102-030405"})
    assert ok.stamp == "20240102-030405"
    for bad in ("x" * 300, "2024-01", "20240102-0304056", "abcdefgh-ijklmn", 20240102,
                "２０２４０１０２-０３０４０５", "20240102_030405"):
        with pytest.raises(BeloteError) as info:
            TableSettings.from_json({"stamp": bad})
        assert info.value.code == "cli.saved.stamp"
        assert str(info.value) == "saved game: table.stamp must be a stamp YYYYMMDD-HHMMSS"
        assert message(info.value, "en") == str(info.value)


@pytest.mark.parametrize("option", [["--seed", "0"], ["--seat", "0"]])
def test_resume_refuses_a_zero_seed_or_seat(option, tmp_path, monkeypatch):
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path))
    r = CliRunner().invoke(app, ["--lang", "en", "play", "--resume", *option])
    assert r.exit_code == 2
    assert f"{option[0]}: a resumed game keeps its own rules" in r.output


def test_an_unusable_data_folder_is_told_before_the_game(tmp_path, monkeypatch):
    """A data folder under a file (BELOTE_DATA_DIR=/a/file/sub): play says so at once and
    exits 2 (a fresh-user trial only learnt it at the first save, in the table)."""
    from typer.testing import CliRunner

    from belote.cli import app
    a_file = tmp_path / "afile"
    a_file.write_text("")
    with pytest.raises(StoreError) as info:
        FileStore(a_file / "sub").check_usable()
    assert info.value.params["errno"] == "ENOTDIR"
    monkeypatch.setenv("BELOTE_DATA_DIR", str(a_file / "sub"))
    r = CliRunner().invoke(app, ["play"])
    assert r.exit_code == 2
    assert f"dossier de données inutilisable : {a_file / 'sub'} (ce n'est pas un dossier)" \
        in " ".join(r.output.split())
    FileStore(tmp_path / "ok").check_usable()  # a usable one is made, games/ within
    assert (tmp_path / "ok" / "games").is_dir()
