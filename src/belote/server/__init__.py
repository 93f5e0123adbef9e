"""``belote serve``: online tables (issue 17), a front end over :mod:`belote.table`.

* :mod:`.protocol`: the WebSocket messages (pydantic; JSON Schema exported);
* :mod:`.store`: the :class:`~belote.server.store.SqlStore` (rooms, seats, the action log,
  the :class:`~belote.table.store.GameStore` protocol) over the tables of :mod:`belote.db`;
* :mod:`.rooms`: a room's table, seats, connections, absence and takeover;
* :mod:`.app`: the FastAPI application (REST and WebSocket).

Floor: a front end; imports every floor below (docs/architecture.md).
"""

from __future__ import annotations
