"""The table's session (belote.table.session): seating, the start and end rules, presence and
the takeover clock, driven by a fake clock (no sleep: time moves when the test says so)."""

from __future__ import annotations

import pytest

from belote.table.session import (
    Presence,
    SeatKind,
    Session,
    SessionError,
    SessionSeat,
    Synced,
    TableStatus,
)


class FakeClock:
    """A clock whose time moves only by :meth:`advance`, running what is due in order."""

    def __init__(self):
        self.time = 0.0
        self.due: list[tuple[float, int, FakeTimer]] = []

    def now(self):
        return self.time

    def call_later(self, delay, fn, *args):
        timer = FakeTimer(fn, args)
        self.due.append((self.time + delay, len(self.due), timer))
        return timer

    def advance(self, seconds):
        self.time += seconds
        for when, _order, timer in sorted(self.due, key=lambda d: d[:2]):
            if when <= self.time and not timer.cancelled and not timer.ran:
                timer.ran = True
                timer.fn(*timer.args)

    def running(self):
        return sum(1 for _w, _o, t in self.due if not t.cancelled and not t.ran)


class FakeTimer:
    def __init__(self, fn, args):
        self.fn, self.args, self.cancelled, self.ran = fn, args, False, False

    def cancel(self):
        self.cancelled = True


def person(seat, name, credential):
    return SessionSeat(seat, name, SeatKind.HUMAN, credential=credential)


def bot(seat, level="heuristic"):
    return SessionSeat(seat, level, SeatKind.BOT, bot=level)


def open_seat(seat):
    return SessionSeat(seat)


def waiting(*seats, creator=0):
    """A waiting session of ``seats`` whose takeovers and hand-backs are noted in order."""
    clock = FakeClock()
    calls: list[tuple[str, int]] = []
    session = Session(list(seats), clock, takeover_after=60.0, creator=creator, table_id="t1",
                      take_over=lambda s: calls.append(("take_over", s)),
                      hand_back=lambda s: calls.append(("hand_back", s)))
    return session, clock, calls


def four_people():
    session, clock, calls = waiting(*(person(k, n, f"c{k}") for k, n in
                                      enumerate(("Alice", "Bob", "Carol", "Dan"))))
    assert session.start(strict=True)
    return session, clock, calls


# -- seating -----------------------------------------------------------------------------------

def test_a_credential_names_its_seat_and_nothing_else():
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), open_seat(1), bot(2),
                                      person(3, "Dan", "dd"))
    assert session.seat_of("aa") == 0 and session.seat_of("dd") == 3
    assert session.seat_of("a") is None and session.seat_of("") is None


def test_a_newcomer_takes_the_first_open_seat_or_the_one_he_asks_for():
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), open_seat(1), bot(2),
                                      open_seat(3))
    assert session.open_seats() == [1, 3]
    assert session.place(None) == 1 and session.place(3) == 3
    session.sit(person(1, "Bob", "bb"))
    assert session.place(None) == 3 and session.open_seats() == [3]


@pytest.mark.parametrize(("asked", "code"), [(0, "server.seat_taken"), (2, "server.seat_taken"),
                                             (4, "table.bad_seat"), (-1, "table.bad_seat")])
def test_a_seat_taken_or_out_of_range_is_refused(asked, code):
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), open_seat(1), bot(2),
                                      open_seat(3))
    with pytest.raises(SessionError) as info:
        session.place(asked)
    assert info.value.code == code


def test_a_full_table_has_no_open_seat():
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), bot(1), bot(2), bot(3))
    with pytest.raises(SessionError) as info:
        session.place(None)
    assert info.value.code == "server.no_open_seat" and info.value.params == {"table": "t1"}


def test_nobody_joins_a_table_started_or_over():
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), bot(1), bot(2), bot(3))
    session.start(strict=True)
    with pytest.raises(SessionError) as info:
        session.place(None)
    assert info.value.code == "server.not_waiting"
    session.finish()
    with pytest.raises(SessionError) as info:
        session.place(None)
    assert info.value.code == "server.table_over"


# -- following another front end (sync_from) ------------------------------------------------------

def test_a_join_elsewhere_that_fills_the_table_says_it_is_full_and_changes_no_status():
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), open_seat(1), bot(2), bot(3))
    seats = [person(0, "Alice", "aa"), person(1, "Bob", "bb"), bot(2), bot(3)]
    assert session.sync_from(seats, TableStatus.WAITING, False) == Synced(full=True)
    assert session.seats == seats and session.seats is not seats
    assert session.seat_of("bb") == 1 and session.status == TableStatus.WAITING
    # read again, nothing new: nobody joined now
    assert session.sync_from(seats, TableStatus.WAITING, False) == Synced()


def test_a_bot_seated_elsewhere_is_no_join():
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), open_seat(1), bot(2), bot(3))
    seats = [person(0, "Alice", "aa"), bot(1), bot(2), bot(3)]
    assert session.sync_from(seats, TableStatus.WAITING, False) == Synced()
    assert session.open_seats() == []


def test_a_start_elsewhere_starts_the_session_once():
    seats = [person(0, "Alice", "aa"), bot(1), bot(2), bot(3)]
    session, _clock, _calls = waiting(*seats)
    assert session.sync_from(seats, TableStatus.PLAYING, False) == Synced(started=True)
    assert session.status == TableStatus.PLAYING
    assert session.sync_from(seats, TableStatus.PLAYING, False) == Synced()


def test_an_end_elsewhere_stops_every_clock_and_a_table_over_stays_over():
    session, clock, _calls = four_people()
    session.connect(0)  # the others away: their clocks run
    assert session.timed() == [1, 2, 3]
    seats = list(session.seats)
    assert session.sync_from(seats, TableStatus.OVER, True) == Synced(stopped=True)
    assert (session.status, session.ended) == (TableStatus.OVER, True)
    assert session.timed() == [] and clock.running() == 0
    assert session.sync_from(seats, TableStatus.PLAYING, False) == Synced()
    assert (session.status, session.ended) == (TableStatus.OVER, True)


def test_a_game_over_elsewhere_is_over_not_ended():
    session, _clock, _calls = four_people()
    assert session.sync_from(list(session.seats), TableStatus.OVER, False) == \
        Synced(stopped=True)
    assert (session.status, session.ended) == (TableStatus.OVER, False)


# -- starting and ending -------------------------------------------------------------------------

def test_a_table_with_an_open_seat_waits_and_its_creator_is_told_which():
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), open_seat(1), bot(2),
                                      open_seat(3))
    assert session.start(strict=False) is False and session.status == TableStatus.WAITING
    with pytest.raises(SessionError) as info:
        session.start(strict=True)
    assert info.value.code == "server.open_seats" and info.value.params == {"seats": [1, 3]}


def test_a_full_table_starts_once_after_its_write_and_not_if_the_write_fails():
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), bot(1), bot(2), bot(3))
    writes = []

    def failing():
        raise OSError("disk full")
    with pytest.raises(OSError):
        session.start(strict=False, persist=failing)
    assert session.status == TableStatus.WAITING
    assert session.start(strict=False, persist=lambda: writes.append("playing"))
    assert session.status == TableStatus.PLAYING and writes == ["playing"]
    assert session.start(strict=True) is False  # playing already: left as it is
    assert writes == ["playing"]


def test_ending_marks_the_table_ended_once_and_a_finished_game_is_over_not_ended():
    session, _clock, _calls = four_people()
    assert session.end() and session.status == TableStatus.OVER and session.ended
    assert session.end() is False
    with pytest.raises(SessionError) as info:
        session.start(strict=True)
    assert info.value.code == "server.table_over"
    other, _clock, _calls = four_people()
    other.finish()
    assert other.status == TableStatus.OVER and not other.ended


def test_the_states_are_the_strings_of_the_protocol():
    assert [str(k) for k in SeatKind] == ["open", "human", "bot"]
    assert [str(s) for s in TableStatus] == ["waiting", "playing", "over"]
    assert SeatKind.HUMAN == "human" and TableStatus.OVER == "over"


# -- presence and takeover -------------------------------------------------------------------------

def test_a_waiting_table_runs_no_clock():
    session, clock, _calls = waiting(person(0, "Alice", "aa"), person(1, "Bob", "bb"),
                                     bot(2), open_seat(3))
    session.connect(0)
    assert session.timed() == [] and clock.running() == 0
    assert session.presence(1).away and not session.presence(0).away


def test_nobody_connected_runs_no_clock_and_the_first_person_starts_the_others():
    session, clock, _calls = four_people()
    assert session.timed() == []  # nobody connected: nobody waits
    session.connect(0)
    assert session.timed() == [1, 2, 3] and clock.running() == 3
    assert session.presence(0).connected and not session.presence(0).away
    assert session.presence(1).away and not session.presence(1).connected


def test_an_away_person_is_taken_over_after_the_delay_and_given_back_on_return():
    session, clock, calls = four_people()
    for seat in range(4):
        session.connect(seat)
    assert session.timed() == []
    session.disconnect(1)
    assert session.timed() == [1]
    clock.advance(59.9)
    assert calls == [] and not session.bot_playing(1)
    assert session.away_for(1) == pytest.approx(59.9) and session.away_for(0) is None
    clock.advance(0.1)  # 60 s after he left
    assert calls == [("take_over", 1)] and session.bot_playing(1)
    assert session.presence(1) == Presence(connected=False, away=True, bot_playing=True)
    assert session.timed() == []
    assert session.away_for(1) == pytest.approx(60.0)
    session.connect(1)
    assert calls == [("take_over", 1), ("hand_back", 1)] and not session.bot_playing(1)
    assert session.away_for(1) is None
    assert session.presence(1).connected and not session.presence(1).away


def test_a_person_back_before_the_delay_is_never_taken_over():
    session, clock, calls = four_people()
    for seat in range(4):
        session.connect(seat)
    session.disconnect(2)
    clock.advance(30)
    session.connect(2)
    clock.advance(3600)
    assert calls == [] and session.timed() == []


def test_the_last_person_leaving_gives_every_seat_back_and_stops_the_clocks():
    session, clock, calls = four_people()
    session.connect(0)
    clock.advance(60)  # the three others, never connected, are taken over
    assert calls == [("take_over", 1), ("take_over", 2), ("take_over", 3)]
    session.disconnect(0)
    assert calls[3:] == [("hand_back", 1), ("hand_back", 2), ("hand_back", 3)]
    assert session.timed() == [] and not any(session.bot_playing(s) for s in range(4))
    clock.advance(3600)
    assert len(calls) == 6  # nobody is here: nobody waits, nothing is taken over
    session.connect(2)  # someone is back: the clocks of the others start again
    assert session.timed() == [0, 1, 3]


def test_a_person_connected_elsewhere_has_no_clock_and_starts_the_others():
    session, clock, calls = four_people()
    changed = session.sync_elsewhere({1})
    assert changed == {1} and session.presence(1).connected
    assert session.timed() == [0, 2, 3]
    session.connect(0)
    session.connect(2)
    session.connect(3)
    assert session.timed() == []
    assert session.sync_elsewhere(set()) == {1}  # Bob gone from everywhere: his clock runs
    assert session.timed() == [1]
    clock.advance(60)
    assert calls == [("take_over", 1)]
    session.sync_elsewhere({1})  # back through another process: the bot gives the seat back
    assert calls == [("take_over", 1), ("hand_back", 1)] and session.timed() == []


def test_a_session_that_does_not_run_the_clocks_starts_none_until_it_does():
    session, clock, calls = four_people()
    session.runs_clocks = False
    session.connect(0)
    assert session.timed() == []
    session.run_clocks()
    assert session.timed() == [1, 2, 3]
    clock.advance(60)
    assert [c for c, _s in calls] == ["take_over"] * 3


def test_a_halted_or_ended_table_runs_no_clock_and_takes_no_seat():
    session, clock, calls = four_people()
    session.connect(0)
    session.halt()
    assert session.timed() == [] and clock.running() == 0
    clock.advance(60)
    session.disconnect(0)
    session.connect(0)
    assert session.timed() == [] and calls == []
    ended, clock, calls = four_people()
    ended.connect(0)
    ended.end()
    clock.advance(60)
    assert calls == [] and ended.timed() == []


def test_a_bot_level_sits_as_a_bot_and_is_never_away():
    session, _clock, _calls = waiting(person(0, "Alice", "aa"), bot(1, "expert"), bot(2),
                                      bot(3))
    session.start(strict=True)
    session.connect(0)
    assert session.timed() == []
    assert session.presence(1) == session.presence(2)
    assert not session.presence(1).away and not session.presence(1).connected
