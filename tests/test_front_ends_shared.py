"""The pieces the front ends share instead of repeating them (issue 16: "cli only parses,
calls table/engine, and renders"): one errno lookup, one seat-name table, one contract text,
one walker of a record's actions, one game referee."""

from __future__ import annotations

import errno

from belote.engine.errors import errno_name
from belote.i18n import os_error, os_error_reason


def test_errno_name_is_the_symbolic_name_or_none():
    assert errno_name(PermissionError(errno.EACCES, "Permission denied")) == "EACCES"
    assert errno_name(OSError(0, "zero")) is None  # no errno 0 in errno.errorcode
    assert errno_name(OSError("no number")) is None
    assert errno_name(ValueError("not an OS error")) is None


def test_an_os_error_is_worded_by_its_errno_in_french_and_english():
    e = PermissionError(errno.EACCES, "Permission denied", "/x/y.json")
    assert os_error_reason(e, "fr") == "permission refusée"  # the catalog's os.eacces
    assert "Permission denied" not in os_error(e, "fr")  # the catalog's os.eacces, not English
    assert "/x/y.json" in os_error(e, "fr") and "/x/y.json" not in os_error_reason(e, "fr")


def test_the_seats_are_named_from_one_table_in_both_languages():
    from belote.i18n.labels import seat_label, seat_word, seat_words
    assert seat_words("fr") == ("Vous", "Droite", "Partenaire", "Gauche")
    assert seat_words("en") == ("You", "Right", "Partner", "Left")
    assert seat_word(1, 0, "fr") == "Droite" and seat_word(0, 1, "fr") == "Gauche"
    assert seat_label(3, "fr") == "siège 3 (équipe 1)"
    assert seat_label(2, "en") == "seat 2 (team 0)"


def test_a_contract_is_worded_by_one_function_for_the_table_and_the_tools():
    from belote.engine.cards import Trump
    from belote.engine.scoring import Contract
    from belote.i18n.labels import contract_text
    assert contract_text(Contract(1, Trump.parse("H"), 80, "normal", 2), "fr") == "80 ♥ ×2"
    assert contract_text(Contract(0, Trump.parse("S"), 250, "capot", 4), "fr") == "Capot ♠ ×4"
    generale = {"taker": 0, "trump": "TA", "value": 500, "kind": "generale", "doubled": 1}
    assert contract_text(generale, "en", capital=False) == "générale TA"
    two_round = Contract(2, Trump.parse("C"))  # value 0: a two-round deal's contract
    assert contract_text(two_round, "fr") == "♣"
