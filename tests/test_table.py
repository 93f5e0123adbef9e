"""belote.table: a Table driven through its API only (people, bots, events, saving), the
match loops, and the file store (atomic, durable, BOM-tolerant)."""

from __future__ import annotations

import json
import os
import threading

import pytest

from belote.bots import RandomBot, make_bot
from belote.engine import IllegalAction, Rules, WrongTurn
from belote.engine.game import Game
from belote.engine.record import dumps, game_to_record
from belote.table import (
    ActionApplied,
    DealEnded,
    DealStarted,
    FileStore,
    GameEnded,
    Player,
    SaveFailed,
    SeatJoined,
    StoreError,
    Table,
    TrickWon,
    play_game,
    solo_table,
    table_bots,
)
from belote.table import store as storage


def short_rules(preset="classique"):
    # two taken deals (docs/sources.md §8: a game of deals ends after that many taken deals)
    return Rules.preset(preset, game_end="deals", deals=2)


def test_a_person_and_three_bots_finish_a_game_through_the_table_api_only(tmp_path):
    """The person (seat 0) acts with Table.act whenever Table.idle says it is its turn; the
    bots play on the worker thread; every event comes in order, and the store holds the game
    after every deal and at its end."""
    game = Game(short_rules(), seed=8, first_dealer=3)
    players = [Player.human("Ann")] + [Player.of_bot(RandomBot(seed=s)) for s in (1, 2, 3)]
    table = Table(game, players, store=FileStore(tmp_path), game_id="g-seed8",
                  settings={"human": 0, "stamp": "g"})
    seen = []
    threads = set()
    table.subscribe(lambda e: (seen.append(e), threads.add(threading.get_ident())))
    table.start()
    person = RandomBot(seed=9)
    for _ in range(400):
        assert table.wait_idle(timeout=30)
        if table.to_move is None:
            break
        assert table.to_move == 0
        view = table.view(0)
        table.act(0, person.act(view))
    assert game.is_over() and game.taken == 2
    kinds = [type(e) for e in seen]
    assert kinds[:5] == [SeatJoined] * 4 + [DealStarted]
    assert kinds[-1] is GameEnded
    ended = [e for e in seen if isinstance(e, DealEnded)]
    assert len(ended) == len(game.deals)
    assert [e.deal_index for e in ended] == list(range(len(game.deals)))
    assert [list(e.mark) for e in ended] == game.marks
    actions = [e for e in seen if isinstance(e, ActionApplied)]
    assert len(actions) == sum(len(d.bids) + len(d.plays) + len(d.belotes) for d in game.deals)
    tricks = [e for e in seen if isinstance(e, TrickWon)]
    assert sum(e.points for e in tricks) == sum(sum(d.points) for d in game.deals
                                                 if not d.passed_out)
    assert threads - {threading.get_ident()}  # bots' events came from the worker thread
    # finished: the archive copy holds the whole game, no game in progress is left
    store = FileStore(tmp_path)
    assert not store.has_current()
    [stored] = store.list()
    assert stored.finished and stored.id == "g-seed8"
    assert game_to_record(store.load("g-seed8").game) == game_to_record(game)
    table.close()


def test_the_table_refuses_actions_out_of_turn_and_for_a_bot_s_seat():
    game = Game(Rules.preset("classique"), seed=3, first_dealer=3)  # seat 0 speaks first
    players = [Player.human(), Player.remote("far"), Player.human(), Player.of_bot(RandomBot(1))]
    table = Table(game, players)
    table.start()
    with pytest.raises(WrongTurn):
        table.act(1, "pass")
    with pytest.raises(IllegalAction) as e:
        table.act(3, "pass")
    assert e.value.code == "table.bot_seat"
    with pytest.raises(IllegalAction) as e:
        table.act(0, "80 H")  # no auction in classique
    assert game.current.bids == []
    table.act(0, "pass")
    table.act(1, "pass")  # the remote player's action comes from outside like a person's
    assert [s for s, _a in game.current.bids] == [0, 1]
    table.close()


def test_bots_hold_between_deals_until_resume():
    """hold_between_deals: after a deal, bots wait (a front end shows the result first)."""
    game = Game(short_rules(), seed=5, first_dealer=0)
    bots = [Player.of_bot(RandomBot(seed=s)) for s in range(4)]
    table = Table(game, bots, hold_between_deals=True)
    ended = []
    table.subscribe(lambda e: ended.append(e) if isinstance(e, DealEnded) else None)
    table.start()
    assert table.wait_idle(timeout=60)
    assert len(ended) == 1 and table.held and len(game.deals) == 1
    assert game.current is not None and game.current.bids == []
    table.resume()
    assert table.wait_idle(timeout=60)
    assert len(ended) == 2
    table.close()


def test_a_failed_save_is_an_event_and_the_game_stays_in_memory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    game = Game(short_rules(), seed=5, first_dealer=0)
    table = Table(game, [Player.of_bot(RandomBot(seed=s)) for s in range(4)],
                  store=FileStore(blocker / "data"), game_id="g-2", hold_between_deals=True)
    failed = []
    table.subscribe(lambda e: failed.append(e) if isinstance(e, SaveFailed) else None)
    table.start()
    assert table.wait_idle(timeout=60)
    assert len(failed) == 1 and isinstance(failed[0].error, OSError)
    assert table.unsaved
    with pytest.raises(OSError):
        table.save()
    table.store = FileStore(tmp_path / "ok")
    assert table.save() == str(tmp_path / "ok" / "current.json") and not table.unsaved
    table.close()


def test_a_seeded_game_with_expert_bots_repeats_exactly():
    """Issue 16 item 6: with a seed the bots get no wall-time limit (their worlds cap them),
    so two games from one seed give the same actions whatever the machine's load."""
    bots = table_bots(["expert:2"] * 3, seed=4, repeatable=True)
    assert all(b.time_limit_ms is None for b in bots)
    assert all(b.time_limit_ms == 1500 for b in table_bots(["expert:2"] * 3, seed=4))

    def one_game():
        game = Game(Rules.preset("classique", game_end="deals", deals=1), seed=4,
                    first_dealer=3)
        bots = table_bots(["expert:2"] * 4, seed=4, repeatable=True)
        table = Table(game, [Player.of_bot(b) for b in bots])
        table.start()
        assert table.wait_idle(timeout=600)
        table.close()
        return game_to_record(game)
    assert one_game() == one_game()


def test_solo_table_seats_the_bots_from_the_person_s_right():
    game = Game(Rules.preset("classique"), seed=1)
    table = solo_table(game, 2, ["random", "heuristic", "expert:3"], repeatable=True)
    assert [table.player(s).kind.value for s in range(4)] == ["bot", "bot", "human", "bot"]
    assert [table.player(s).name for s in (3, 0, 1)] == ["random", "heuristic", "expert:3"]
    assert table.settings["repeatable"] is True and table.settings["human"] == 2
    assert table.game_id == f"{table.settings['stamp']}-seed1"


def test_a_committed_game_s_id_carries_its_commitment_never_its_seed(tmp_path):
    """A game dealt from a secret seed (provenance: only its commitment is published) is kept
    under ``<stamp>-c<first 12 hex digits of the commitment>``: the seed is in no id, file
    name or listing; an ordinary game keeps ``<stamp>-seed<seed>``."""
    from belote.engine.provenance import commitment, new_secret_seed
    seed = new_secret_seed()
    digest = commitment(seed)
    game = Game(Rules.preset("classique"), seed=seed, commitment=digest)
    store = FileStore(tmp_path)
    table = solo_table(game, 0, ["random"] * 3, store=store, stamp="20261201-101500")
    assert table.game_id == "20261201-101500-c" + digest[:12]
    storage.check_game_id(table.game_id)
    store.save(table.game_id, game, table.settings)
    listed = store.list()
    assert [g.id for g in listed] == [table.game_id]
    names = [p.name for p in tmp_path.rglob("*")]
    assert str(seed) not in " ".join(names + [g.id for g in listed] + [table.game_id])
    assert store.load().id == table.game_id
    # an ordinary game (no commitment) keeps its seed in its id
    plain = Game(Rules.preset("classique"), seed=5)
    assert storage.game_id_of("20261201-101500", plain) == "20261201-101500-seed5"
    storage.check_game_id("20261201-101500-seed5")


def test_a_seed_too_long_for_a_file_name_is_hashed_in_the_id(tmp_path):
    """A seed of more than 40 digits (10**190: a whole number, as records allow) gives
    ``<stamp>-seedh<12 hex digits of the SHA-256 of its digits>``: the id stays a plain name
    (at most 200 characters) where ``-seed<190 digits>`` was refused, an internal error of
    ``belote play --seed``. The table saves and loads under it."""
    import hashlib
    seed = 10**190
    game = Game(Rules.preset("classique"), seed=seed)
    want = "20261201-101500-seedh" + hashlib.sha256(str(seed).encode()).hexdigest()[:12]
    assert storage.game_id_of("20261201-101500", game) == want
    storage.check_game_id(want)
    store = FileStore(tmp_path)
    table = solo_table(game, 0, ["random"] * 3, store=store, stamp="20261201-101500")
    assert table.game_id == want
    store.save(table.game_id, game, table.settings)
    assert store.load().id == want
    # 40 digits are still written whole
    assert storage.make_game_id("s", 10**39) == "s-seed" + "1" + "0" * 39


def test_play_game_plays_to_the_end_through_the_checked_path():
    game = play_game(Game(short_rules("coinche"), seed=2, first_dealer=1),
                     [make_bot("heuristic", seed=s) for s in range(4)])
    assert game.is_over() and game.taken == 2


# -- the file store ---------------------------------------------------------------------------

def _game():
    game = Game(Rules.preset("classique"), seed=6, first_dealer=0)
    game.play(game.legal_actions()[0])
    return game


def test_the_file_store_writes_through_a_fsynced_temporary_file(tmp_path, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    path = tmp_path / "current.json"
    storage.write_durably(path, "{}")
    assert path.read_text() == "{}"
    assert len(synced) == 2  # the file, then its folder
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]  # no temporary left


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "current.json"
    path.write_text("old")

    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        storage.write_durably(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]


def test_a_saved_game_with_a_byte_order_mark_loads(tmp_path):
    """Issue 16 item 7: play --resume refused a save with a UTF-8 BOM that check accepts."""
    game = _game()
    rec = game_to_record(game)
    rec["table"] = {"human": 0, "stamp": "20260101-000000"}
    (tmp_path / "current.json").write_bytes(b"\xef\xbb\xbf" + dumps(rec).encode())
    loaded = FileStore(tmp_path).load()
    assert game_to_record(loaded.game) == game_to_record(game)
    assert loaded.id == "20260101-000000-seed6" and loaded.settings["human"] == 0


def test_the_store_lists_the_game_in_progress_and_the_finished_ones(tmp_path):
    store = FileStore(tmp_path)
    game = _game()
    assert store.save("a-seed6", game, {"stamp": "a"}) == str(tmp_path / "current.json")
    finished = play_game(Game(short_rules(), seed=3), [RandomBot(seed=s) for s in range(4)])
    store.save("b-2", finished, {})
    listed = {g.id: g.finished for g in store.list()}
    assert listed == {"a-seed6": False, "b-2": True}
    assert json.loads((tmp_path / "games" / "b-2-classique.json").read_text())["deals"]


def test_an_unusable_data_folder_is_a_store_error(tmp_path):
    """Issue 16 item 7: a path too long (or an unsearchable folder) raised OSError (exit 3)."""
    store = FileStore(tmp_path / ("x" * 300) / "y")
    with pytest.raises(StoreError) as e:
        store.has_current()
    assert e.value.code == "store.bad_folder"
    from belote import i18n
    assert i18n.message(e.value, "en") == str(e.value)
    assert i18n.message(e.value, "fr").startswith("dossier de données inutilisable : ")
    with pytest.raises(StoreError):
        store.load()


def test_the_archive_copy_keeps_the_table_settings_and_an_old_copy_its_id(tmp_path):
    """The archive copy of a game in progress holds its ``"table"`` settings as current.json
    does (a game whose current.json a newer game took is resumed from there with its seats,
    bots and stamp); a copy written without them (before they were kept) still has its id,
    from its file name ``<id>-<preset>.json``."""
    store = FileStore(tmp_path)
    game = _game()
    table = {"human": 2, "bots": ["random"] * 3, "stamp": "20261129-120000"}
    store.save("20261129-120000-seed6", game, table)
    archive = tmp_path / "games" / "20261129-120000-seed6-classique.json"
    assert json.loads(archive.read_text())["table"] == table
    store.clear_current()
    loaded = store.load("20261129-120000-seed6")
    assert loaded.settings == table and game_to_record(loaded.game) == game_to_record(game)
    old = game_to_record(game, reveal_seed=True)  # no "table" block
    archive.write_text(dumps(old))
    loaded = FileStore.load_file(archive)
    assert (loaded.id, loaded.settings) == ("20261129-120000-seed6", {})
    from belote.cli.play import _stamp_of
    assert _stamp_of(loaded.id, 6) == "20261129-120000"
    assert _stamp_of(loaded.id, 7) is None and _stamp_of("g-seed6", 6) is None
    other = tmp_path / "copy.json"  # a file of another name: no id
    other.write_text(dumps(old))
    assert FileStore.load_file(other).id == ""
