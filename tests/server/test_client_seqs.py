"""The last number each seat's client gave an action (issue 25 review: one owner,
:class:`~belote.server.rooms.journal.ClientSeqs`, the journal's ``clients``; the room claims
its connections' numbers, the catching up notes the other processes' rows)."""

from __future__ import annotations

from belote.server.rooms.journal import ClientSeqs


def test_the_log_s_rows_give_each_seat_its_greatest_number_and_bots_none():
    rows = [(1, 0, "pass", 4), (2, 1, "80 H", None), (3, 0, "pass", 2), (4, 2, "pass", 7)]
    seqs = ClientSeqs(rows)
    assert seqs.as_dict() == {0: 4, 2: 7}
    assert (seqs.last(0), seqs.last(1), seqs.last(2), seqs.last(None)) == (4, None, 7, None)


def test_a_number_is_claimed_once_and_only_above_the_last():
    seqs = ClientSeqs([(1, 0, "pass", 4)])
    assert seqs.claim(0, 4) is False and seqs.claim(0, 3) is False  # duplicates
    assert seqs.as_dict() == {0: 4}
    assert seqs.claim(0, 5) is True and seqs.claim(0, 5) is False
    assert seqs.claim(1, 0) is True  # a seat's first number may be 0
    assert seqs.as_dict() == {0: 5, 1: 0}


def test_a_row_noted_never_lowers_a_seat_s_number():
    seqs = ClientSeqs()
    seqs.note(3, 9)
    seqs.note(3, 6)  # an older row, replayed after a claim
    seqs.note(3, None)  # a bot's row
    assert seqs.as_dict() == {3: 9} and seqs.claim(3, 9) is False
    copy = seqs.as_dict()
    copy[3] = 0
    assert seqs.last(3) == 9  # as_dict is a copy
