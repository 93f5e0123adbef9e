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
