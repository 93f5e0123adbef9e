"""A server's deals against its seed (issue 17, item 4): a table deals a new pack only when
the rules say so, and ``belote verify`` checks that of its record.

The rules deal again when everyone passes (001 contrée: "Si les quatre joueurs passent
d'emblée, on redistribue"; 001 classique: "Si tout le monde passe encore, on redistribue").
A misdeal (002 §VIII.A: "Si le donneur commet une irrégularité en distribuant les cartes")
is a dealer's error, which a table that deals by program never makes: no request of any
client can make a table deal again."""

from __future__ import annotations

import ast
import json
import secrets
from pathlib import Path

import pytest
from serverkit import people, seeded_room

from belote.engine.errors import BeloteError
from belote.engine.provenance import verify_record
from belote.engine.record import dumps
from belote.server.rooms import Rooms, Settings
from belote.server.store import SqlStore

SRC = Path(__file__).resolve().parents[2] / "src" / "belote"


@pytest.fixture
def rooms(database_url):
    store = SqlStore(database_url)
    r = Rooms(store, Settings(bot_delay=0.0, takeover_after=60.0))
    yield r
    r.close()
    store.dispose()


@pytest.mark.parametrize("preset, passes", [("coinche", 4), ("classique", 8)])
def test_a_deal_everyone_passed_is_dealt_again_and_verified(database_url, rooms, preset,
                                                             passes):
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room = rooms.get(seeded_room(database_url, people(tokens), preset,
                                 {"game_end": "deals", "deals": 1}, 2**255 + 7))
    room.start(tokens[0])
    seq = 0
    for _ in range(passes):  # everyone passes (twice round in classique)
        seat = room.table.to_move
        seq += 1
        assert room.act(seat, "pass", seq) is True
    assert room.table.deal_index == 1  # the rules dealt a new pack
    assert room.info().deals_played == 1 and room.scores() == [0, 0]

    def contract_then_play(view) -> str:
        legal = view["legal"]
        others = [a for a in legal if a != "pass"]
        return others[0] if others else legal[0]
    while room.status != "over":
        seat = room.table.to_move
        seq += 1
        assert room.act(seat, contract_then_play(room.table.view(seat).to_json()), seq)
    record = json.loads(dumps(room.record()))
    assert record["over"] and len(record["deals"]) == 2
    report = verify_record(record)
    assert report.verified
    assert [(d.number, d.outcome, d.passes) for d in report.deals] == [
        (1, "passed_out", passes), (2, "played", 0)]


@pytest.mark.parametrize("text", ["misdeal", "redeal", "deal", "new deal"])
def test_no_action_of_a_client_deals_again(database_url, rooms, text):
    tokens = [secrets.token_urlsafe(16) for _ in range(4)]
    room = rooms.get(seeded_room(database_url, people(tokens), "ffb",
                                 {"game_end": "deals", "deals": 1}, 11))
    room.start(tokens[0])
    seat = room.table.to_move
    before = room.table.view(seat).to_json()
    with pytest.raises(BeloteError) as e:
        room.act(seat, text, 1)
    assert e.value.code.startswith("action.")
    assert room.table.deal_index == 0 and room.table.view(seat).to_json() == before


def _calls_misdeal(path: Path) -> list[int]:
    """The lines of ``path`` that call a ``misdeal`` method (``Game.misdeal``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "misdeal"]


def test_neither_the_server_nor_the_table_calls_a_misdeal():
    """The one redeal that is no pass-out, :meth:`Game.misdeal`, is called by no module of
    the server or the table layer (the record reader replays the misdeals a record says)."""
    found = {str(p.relative_to(SRC)): lines
             for pkg in ("server", "table")
             for p in sorted((SRC / pkg).rglob("*.py"))
             if (lines := _calls_misdeal(p))}
    assert found == {}
    # the scan finds a call where there is one
    assert _calls_misdeal(SRC / "engine" / "record" / "codec.py")
