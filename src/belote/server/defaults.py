"""The defaults of ``belote serve``'s options that the CLI shows in its help, importable
without the server (no third-party import)."""

from __future__ import annotations

#: seconds a room with no connection and no activity is kept before it is closed: a week
KEEP_IDLE = 7 * 24 * 3600.0
#: the rate limits per client address (the ``limits`` notation), for friends at home
RATES = {"create": "10/minute", "join": "30/minute", "connect": "60/minute"}

#: spectators one table takes at once (each costs the table: its view is built under the
#: room's lock for every event); one more is refused, ``server.too_many_spectators``
MAX_SPECTATORS = 50

__all__ = ["KEEP_IDLE", "MAX_SPECTATORS", "RATES"]
