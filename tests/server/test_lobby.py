"""A room's lobby alone (:class:`~belote.server.rooms.lobby.Lobby`, issue 25 item 4): seating,
the start and the end, driven through its :class:`LobbyHost` interface by a host that is no
room, over a real store."""

from __future__ import annotations

import threading

import pytest

from belote.server.clock import CLOCK
from belote.server.errors import ServerError
from belote.server.rooms.lobby import Lobby, session_seat
from belote.server.rooms.parts import Settings
from belote.server.store import RoomData, SeatData, SqlStore, token_hash
from belote.table.session import SeatKind, Session, TableStatus


class _Host:
    """Notes what the lobby asks of its room."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.told: list[object] = []
        self.watching = 0

    def refresh(self) -> bool:
        self.calls.append("refresh")
        return False  # one process

    def spectators(self) -> int:
        return self.watching

    def started(self) -> None:
        self.calls.append("started")

    def stopped(self, close_table: bool) -> None:
        self.calls.append(f"stopped({close_table})")

    def broadcast(self, event: object) -> None:
        self.told.append(event)

    def done(self) -> None:
        self.calls.append("done")

    def touch(self) -> None:
        self.calls.append("touch")


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


def test_people_join_and_the_last_seat_taken_starts_the_table(store):
    lobby, host, _token = _lobby(store, "lobby1")
    assert lobby.join("Bo", None)[0] == 1
    assert lobby.join("Cy", 3)[0] == 3
    assert host.calls == ["touch", "touch"] and len(host.told) == 2
    assert lobby.join("Di", None)[0] == 2
    assert host.calls[-1] == "started" and lobby.session.status == TableStatus.PLAYING
    assert [s.kind for s in store.room("lobby1").seats] == [SeatKind.HUMAN] * 4
    assert store.room("lobby1").status == TableStatus.PLAYING


def test_a_taken_seat_is_refused_and_only_the_creator_ends(store):
    lobby, host, token = _lobby(store, "lobby2")
    seat, other = lobby.join("Bo", 1)
    with pytest.raises(ServerError) as taken:
        lobby.join("Cy", 1)
    assert (taken.value.code, taken.value.status) == ("server.seat_taken", 409)
    with pytest.raises(ServerError) as refused:
        lobby.end(other)
    assert refused.value.code == "server.not_creator"
    lobby.end(token)
    assert host.calls[-2:] == ["stopped(True)", "done"]
    assert store.room("lobby2").status == TableStatus.OVER and store.room("lobby2").ended


def test_a_spectator_beyond_the_limit_is_refused(store):
    lobby, host, _token = _lobby(store, "lobby3")
    assert lobby.admit(None) is None
    host.watching = 1
    with pytest.raises(ServerError) as full:
        lobby.admit(None)
    assert (full.value.code, full.value.status) == ("server.too_many_spectators", 429)
    with pytest.raises(ServerError) as bad:
        lobby.admit("no-such-token")
    assert bad.value.code == "server.bad_token"
    assert "refresh" in host.calls  # one process: nothing more to read
