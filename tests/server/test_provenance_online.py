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


#: the engine's ways to a new pack other than a deal's end: a misdeal, a deal finished or
#: started from outside the game, a pack drawn or dealt by hand
REDEALS = {"misdeal", "finish_deal", "_next_deal", "deal_pack", "shuffled_deck", "cut_deck"}


def _redeal_calls(path: Path) -> list[tuple[int, str]]:
    """The lines of ``path`` that call one of :data:`REDEALS` or ``Deal.deal``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else \
            func.id if isinstance(func, ast.Name) else ""
        dealt = isinstance(func, ast.Attribute) and func.attr == "deal" and \
            isinstance(func.value, ast.Name) and func.value.id == "Deal"
        if name in REDEALS or dealt:
            found.append((node.lineno, name))
    return found


def test_neither_the_server_nor_the_table_deals_a_pack_itself():
    """A server's table gets a new pack from its game only, when a deal ends (played or
    passed out): no module of the server, nor :class:`~belote.table.Table`, misdeals,
    finishes or starts a deal, or draws or deals a pack (``belote.table.match``, the
    arena's deals, serves no table)."""
    files = [*sorted((SRC / "server").rglob("*.py")), SRC / "table" / "table.py",
             SRC / "table" / "events.py", SRC / "table" / "store.py"]
    found = {str(p.relative_to(SRC)): calls for p in files if (calls := _redeal_calls(p))}
    assert found == {}
    # the scan finds such calls where there are some
    assert (_redeal_calls(SRC / "engine" / "record" / "codec.py")
            and _redeal_calls(SRC / "table" / "match.py"))
