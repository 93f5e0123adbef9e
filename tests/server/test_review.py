"""The hint, the double-dummy analysis and the replay of finished deals (issue 18 item 4;
src/belote/server/review.py), against a real server process on loopback."""

from __future__ import annotations

import pytest
from serverkit import Client, ServerProcess, cards_in, play_out

from belote.engine.cards import card_str, parse_card
from belote.engine.deal import Deal
from belote.engine.record import game_from_record
from belote.table.analysis import analyse_deal


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory):
    proc = ServerProcess(f"sqlite:///{tmp_path_factory.mktemp('review') / 'r.db'}")
    yield proc
    proc.stop()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_hint_is_the_experts_choice_from_the_seats_view_only(sqlite_server):
    s = sqlite_server
    made = s.create(["me", "bot:random", "bot:random", "bot:random"], preset="coinche")
    assert s.start(made["table"], made["token"]).status_code == 200
    me = Client(s, made["table"], made["token"])
    try:
        me.wait_for(lambda m: me.my_turn())
        # not at the person's turn? the first snapshot or event where it is
        view = me.view
        assert view is not None
        r = s.http.post(f"/api/tables/{made['table']}/hint", headers=_bearer(made["token"]))
        assert r.status_code == 200, r.text
        hint = r.json()
        assert hint["action"] in view["legal"]
        # the values name the seat's own cards only (no other hand leaks through a hint)
        assert set(hint["values"]) <= set(view["hand"])
        assert not cards_in(hint) - set(view["hand"])
        # no token, or a table with a person at another seat: refused
        r = s.http.post(f"/api/tables/{made['table']}/hint")
        assert r.status_code == 401 and r.json()["code"] == "server.bad_token"
    finally:
        me.close()


def test_no_hint_against_people_nor_out_of_turn(sqlite_server):
    s = sqlite_server
    made = s.create(["me", "open", "bot:random", "bot:random"], preset="coinche")
    bob = s.join(made["code"], "Bob")
    r = s.http.post(f"/api/tables/{made['table']}/hint", headers=_bearer(made["token"]))
    assert r.status_code == 409 and r.json()["code"] == "server.hint_people"
    alone = s.create(["me", "bot:random", "bot:random", "bot:random"], preset="coinche")
    r = s.http.post(f"/api/tables/{alone['table']}/hint", headers=_bearer(alone["token"]))
    assert r.status_code == 409 and r.json()["code"] == "server.not_playing"  # not started
    assert bob["seat"] == 1


def test_analysis_and_replay_of_a_finished_deal(sqlite_server):
    s = sqlite_server
    made = s.create(["me", "bot:heuristic", "bot:random", "bot:heuristic"], preset="classique")
    table = made["table"]
    assert s.start(table, made["token"]).status_code == 200
    me = Client(s, table, made["token"])
    try:
        me.wait_for(lambda m: me.my_turn())  # the first deal waits for the person
        r = s.http.get(f"/api/tables/{table}/deals/{me.view_deal}/analysis")
        assert r.status_code == 409 and r.json()["code"] == "server.deal_not_over"
        play_out([me])
    finally:
        me.close()
    record = s.record(table)
    game = game_from_record(record)
    index = next(i for i, d in enumerate(game.deals) if d.contract is not None)
    r = s.http.get(f"/api/tables/{table}/deals/{index}/analysis")
    assert r.status_code == 200, r.text
    rows = r.json()["cards"]
    deal: Deal = game.deals[index]
    # the same values as belote.table.analysis on the record's deal: 32 cards, each one's
    # value among the legal cards' values, no loss below zero
    assert rows == [a.to_json() for a in analyse_deal(deal)]
    assert len(rows) == 32 and all(row["loss"] >= 0 for row in rows)
    assert [row["card"] for row in rows] == [card_str(c) for _s, c in deal.plays]
    r = s.http.get(f"/api/tables/{table}/deals/99/analysis")
    assert r.status_code == 404 and r.json()["code"] == "server.no_deal"
    replay = s.http.get(f"/api/tables/{table}/replay").json()
    assert [d["deal_index"] for d in replay["deals"]] == list(range(len(game.deals)))
    shown = replay["deals"][index]
    assert sorted(c for h in shown["hands"] for c in h) == \
        sorted(card_str(c) for _s, c in deal.plays)  # the 32 cards, as dealt
    assert [[s_, parse_card(c)] for s_, c in shown["plays"]] == \
        [[int(s_), c] for s_, c in deal.plays]
    assert [t["winner"] for t in shown["tricks"]] == [int(w) for _l, _c, w in deal.tricks]
    assert shown["result"]["score"] == list(deal.result.score)
    assert [x["name"] for x in replay["seats"]] == ["Alice", "heuristic", "random", "heuristic"]
    # the hands in the engine's display order, the one of the table's view and the terminal
    from belote.engine.cards import display_order, iter_cards
    assert shown["hands"] == [[card_str(c) for c in display_order(iter_cards(h), deal.trump)]
                              for h in deal.initial_hands]
    assert replay["words"] == {"double": "contre", "redouble": "surcontre"}


def test_the_replay_of_a_game_in_play_shows_no_deal_in_progress(sqlite_server):
    """Two deals: once the first is over and the second waits for the person, the replay
    holds the first deal only, and no card of the deal in play (review: the first version
    of this test looked before any deal ended, so it could not fail)."""
    s = sqlite_server
    made = s.create(["me", "bot:random", "bot:random", "bot:random"], preset="coinche",
                    deals=2)
    assert s.start(made["table"], made["token"]).status_code == 200
    me = Client(s, made["table"], made["token"])
    try:
        play_out([me], stop=lambda: me.view_deal >= 1 and me.my_turn())
        replay = s.http.get(f"/api/tables/{made['table']}/replay").json()
        finished = [d["deal_index"] for d in replay["deals"]]
        assert finished == list(range(me.view_deal))  # every finished deal, none in play
        assert finished and me.view_deal not in finished
        assert all(len(d["plays"]) in (0, 32) for d in replay["deals"])  # whole deals only
    finally:
        me.close()
