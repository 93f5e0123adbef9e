"""The table layer, between the engine and every front end (docs/architecture.md).

* :class:`Table` (:mod:`belote.table.table`): a game and its four seats (people, bots, remote
  players), checked actions, typed events (:mod:`belote.table.events`), saving after every deal.
* :mod:`belote.table.match`: bots playing a deal or a game, ``simulate`` and the duplicate
  ``arena`` (their statistics running sums, :mod:`belote.table.stats`).
* :mod:`belote.table.store`: the :class:`GameStore` protocol and the :class:`FileStore`.
* :mod:`belote.table.analysis`: the double-dummy analysis of a recorded deal.

Floor: imports the engine, the catalog, the solver and the bots, never a front end.
"""

from __future__ import annotations

from . import events
from .events import (
    ActionApplied,
    BeloteSaid,
    BotFailed,
    ContractMade,
    DealEnded,
    DealStarted,
    Event,
    GameEnded,
    JournalFailed,
    Saved,
    SaveFailed,
    SeatJoined,
    SeatLeft,
    TrickWon,
)
from .match import arena, play_deal, play_game, simulate
from .solo import solo_table
from .store import FileStore, GameStore, LoadedGame, StoredGame, StoreError
from .table import (
    TABLE_TIME_LIMIT_MS,
    Journal,
    Player,
    PlayerKind,
    Subscriber,
    Table,
    table_bots,
)

__all__ = ["TABLE_TIME_LIMIT_MS", "ActionApplied", "BeloteSaid", "BotFailed", "ContractMade",
           "DealEnded", "DealStarted", "Event", "FileStore", "GameEnded", "GameStore", "Journal",
           "JournalFailed", "LoadedGame", "Player", "PlayerKind", "SaveFailed", "Saved",
           "SeatJoined", "SeatLeft", "StoreError", "StoredGame", "Subscriber", "Table",
           "TrickWon", "arena", "events", "play_deal", "play_game", "simulate", "solo_table",
           "table_bots"]
