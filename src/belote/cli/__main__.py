"""``python -m belote.cli``: the ``belote`` command."""

from __future__ import annotations

from .app import main

main()
