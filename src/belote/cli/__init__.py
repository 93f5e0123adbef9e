"""The ``belote`` command line (typer): a thin layer over :mod:`belote.engine` and the other
floors. :mod:`.app` wires the commands, one module each (:mod:`.check`, :mod:`.legal`…);
:mod:`.output` holds the consoles and exit codes, :mod:`.messages` the words, :mod:`.help` the
help in each language.

Exit codes: 0 success (a regular deal), 1 an irregular deal (``check``), 2 bad input
(malformed record, bad card, unknown option, usage error), 3 an internal error (a bug), 4 the
output not written, 141 the output closed early.
"""

from __future__ import annotations

from .app import app, main

__all__ = ["app", "main"]
