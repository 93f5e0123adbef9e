"""A room's lobby alone (:class:`~belote.server.rooms.lobby.Lobby`, issue 25 item 4): seating,
the start and the end, driven through its :class:`LobbyHost` interface by a host that is no
room, over a real store; what it does it returns (a seat taken, a start, an end) for its
room to act on."""

from __future__ import annotations

import threading

import pytest

from belote.server.clock import CLOCK
from belote.server.errors import ServerError
from belote.server.rooms.lobby import Lobby, Seated, session_seat
from belote.server.rooms.parts import Settings
from belote.server.store import RoomData, SeatData, SqlStore, token_hash
from belote.table.session import SeatKind, Session, TableStatus


class _Host:
    """Notes what the lobby asks of its room (the seats read again, nothing else: the rest
    the lobby returns)."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def refresh(self) -> bool:
        self.calls.append("refresh")
        return False  # one process


@pytest.fixture
def store(database_url):
    s = SqlStore(database_url)
    yield s
    s.dispose()


def _lobby(store: SqlStore, room_id: str) -> tuple[Lobby, _Host, str]:
    """A waiting room of ``room_id``: its creator at seat 0 (token returned), seats 1-3
    open."""
    token = "creator-token-" + room_id
    seats = [SeatData(0, "Ana", SeatKind.HUMAN, token_hash=token_hash(token))] + \
        [SeatData(i, "", SeatKind.OPEN) for i in (1, 2, 3)]
    data = RoomData(id=room_id, code="ABC" + room_id[-3:], preset="classique", options={},
                    status=TableStatus.WAITING, ended=False, seed=1, commitment="",
                    creator_seat=0, settings={}, seats=seats, actions=[])
    store.create_room(data)
    lock = threading.RLock()
    session = Session([session_seat(s) for s in seats], CLOCK, creator=0, table_id=room_id,
                      lock=lock)
    host = _Host()
    return Lobby(host, data, store, session, lock, Settings(max_spectators=1)), host, token


def test_people_join_and_the_last_seat_taken_lets_the_table_start(store):
    """Each join returns the seat taken and its token (:class:`Seated`); the lobby tells
    nobody and starts nothing by itself: the table starts when the room asks, once no
    seat is open (``start_by_itself`` returns True once)."""
    lobby, host, _token = _lobby(store, "lobby1")
    bo = lobby.join("Bo", None)
    assert bo.seat == 1 and bo.token is not None and len(bo.token) >= 32
    assert lobby.join("Cy", 3).seat == 3
    assert lobby.start_by_itself() is False  # seat 2 is open
    assert lobby.session.status == TableStatus.WAITING and host.calls == []
    assert lobby.join("Di", None).seat == 2
    assert lobby.session.status == TableStatus.WAITING  # not started by the join itself
    assert lobby.start_by_itself() is True and lobby.start_by_itself() is False
    assert lobby.session.status == TableStatus.PLAYING and host.calls == []
    assert [s.kind for s in store.room("lobby1").seats] == [SeatKind.HUMAN] * 4
    assert store.room("lobby1").status == TableStatus.PLAYING
    assert lobby.session.seat_of(token_hash(bo.token)) == 1


def test_a_taken_seat_is_refused_and_only_the_creator_ends(store):
    lobby, _host, token = _lobby(store, "lobby2")
    other = lobby.join("Bo", 1).token
    with pytest.raises(ServerError) as taken:
        lobby.join("Cy", 1)
    assert (taken.value.code, taken.value.status) == ("server.seat_taken", 409)
    with pytest.raises(ServerError) as refused:
        lobby.check_creator(other)
    assert refused.value.code == "server.not_creator"
    lobby.check_creator(token)
    with lobby.lock:
        assert lobby.stop() is True and lobby.stop() is False  # over already
    assert lobby.session.status == TableStatus.OVER and lobby.session.ended
    assert store.room("lobby2").status == TableStatus.OVER and store.room("lobby2").ended


def test_a_bot_seated_by_the_creator_is_returned_without_a_token(store):
    lobby, _host, token = _lobby(store, "lobby4")
    assert lobby.seat_bot(token, 2, "heuristic") == Seated(2, None)
    assert store.room("lobby4").seats[2].kind == SeatKind.BOT


def test_a_spectator_beyond_the_limit_is_refused(store):
    lobby, host, _token = _lobby(store, "lobby3")
    assert lobby.admit(None, watching=0) is None
    with pytest.raises(ServerError) as full:
        lobby.admit(None, watching=1)
    assert (full.value.code, full.value.status) == ("server.too_many_spectators", 429)
    assert lobby.admit(_token, watching=1) == 0  # a seat's token: no limit
    with pytest.raises(ServerError) as bad:
        lobby.admit("no-such-token", watching=0)
    assert bad.value.code == "server.bad_token"
    assert "refresh" in host.calls  # one process: nothing more to read
