"""Where games are kept: the user's data directory (platformdirs), or ``BELOTE_DATA_DIR``.

* ``current.json``: the game in progress, written when the player quits (``belote play --resume``).
* ``games/YYYYMMDD-HHMMSS-<preset>.json``: every game played, written at its end (or on quit).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from platformdirs import user_data_dir

from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.record import dumps, game_from_record, game_to_record, load_json


def data_dir() -> Path:
    d = os.environ.get("BELOTE_DATA_DIR")
    return Path(d) if d else Path(user_data_dir("belote", appauthor=False))


def current_path() -> Path:
    return data_dir() / "current.json"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)  # never leave a half-written record


def save_current(game: Game, table: dict | None = None) -> Path:
    """Save the game in progress for ``--resume``; ``table`` (who sits where, language,
    settings) is kept beside the record under the key ``"table"``. Returns the path."""
    p = current_path()
    rec = game_to_record(game)
    if table:
        rec["table"] = table
    _write(p, dumps(rec))
    return p


def archive(game: Game, stamp: str | None = None) -> Path:
    """Save a copy of the game under ``games/``; returns the path."""
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    p = data_dir() / "games" / f"{stamp}-{game.rules.preset_name}.json"
    _write(p, dumps(game_to_record(game)))
    return p


def load_current() -> tuple[Game, dict]:
    """The saved game in progress and its ``table`` settings. Raises RecordError when there is
    none or it is unreadable."""
    p = current_path()
    if not p.exists():
        raise RecordError(f"no saved game to resume ({p})")
    rec = load_json(str(p))
    table = rec.get("table") if isinstance(rec, dict) else None
    return game_from_record(rec), table if isinstance(table, dict) else {}


def clear_current() -> None:
    try:
        current_path().unlink()
    except FileNotFoundError:
        pass


__all__ = [
    "archive",
    "clear_current",
    "current_path",
    "data_dir",
    "load_current",
    "save_current",
]
