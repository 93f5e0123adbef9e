"""Where games are kept: the :class:`GameStore` protocol and its file implementation.

A store keeps games by id (a plain name: letters, digits, ``-``): each game's record
(``belote.game/1``, :func:`belote.engine.record.game_to_record`) and, for a game in progress,
its table ``settings`` (who sits where, language: JSON-ready values). The server's SQL store
will be a second implementation of the same protocol.

:class:`FileStore` keeps them in a folder (the user's data folder, or ``BELOTE_DATA_DIR``):

* ``current.json``: the game in progress (``belote play --resume``), its record with the
  settings under the key ``"table"``;
* ``games/<id>-<preset>.json``: every game, rewritten after every deal and at its end, with
  the same ``"table"`` settings: a game in progress that ``current.json`` no longer holds (a
  new game was saved over it) is resumed from there (``belote play --game ID``).

A game's id there is :func:`make_game_id`'s: the settings' ``"stamp"`` (when the game started,
``YYYYMMDD-HHMMSS``), then ``-c`` and the first 12 hex digits of the game's commitment for a
game dealt from a secret seed (``game.commitment``: its seed is in no id, file name or
listing), else ``-seed`` and the game's seed (a repeatable game's seed is not secret).

Every write is atomic and durable: a temporary file in the same folder (``.<name>.*.tmp``),
written, flushed and fsynced, renamed over the old file, then the folder fsynced (a crash
leaves the old file or the new one, never half of one, and perhaps a temporary file, which
the next :class:`FileStore` opened on the folder removes). A save writes ``current.json``
first, then the archive copy: a crash between the two leaves the archive one deal behind,
never a game in progress older than its archive (a resume never replays a finished deal).
Reading accepts a UTF-8 byte-order mark.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from platformdirs import user_data_dir

from ..bots import BOT_NAMES, parse_bot
from ..engine.errors import BeloteError, RecordError, errno_name
from ..engine.game import Game
from ..engine.record import dumps, game_from_record, game_to_record, load_json
from ..engine.seats import Seat, is_seat

#: the name of a game in progress in a :class:`FileStore`
CURRENT = "current.json"


class StoreError(BeloteError):
    """The store's folder cannot be used: it cannot be searched (no permission), its path is
    too long, or it is not a folder (``store.bad_folder``: ``path``, ``reason``)."""

    default_code = "store.bad_folder"


@dataclass(frozen=True)
class StoredGame:
    """One game a store holds: its ``id``, whether it is ``finished``, and ``where`` it is
    (a path for the file store)."""

    id: str
    finished: bool
    where: str


@dataclass
class LoadedGame:
    """A game read back: the :class:`~belote.engine.game.Game` (every deal replayed and
    checked) and the table ``settings`` saved with it (empty when none)."""

    id: str
    game: Game
    settings: dict[str, Any] = field(default_factory=dict)


class GameStore(Protocol):
    """What a table needs from a store. Implementations raise :class:`OSError` when the
    medium fails (read-only, full) and :class:`~belote.engine.errors.RecordError` for a
    record they cannot read."""

    def save(self, game_id: str, game: Game, settings: Mapping[str, Any]) -> str:
        """Save ``game`` (in progress, or finished: ``game.current is None``) under ``game_id`` with
        its table ``settings``; returns where it went."""
        ...

    def load(self, game_id: str | None = None) -> LoadedGame:
        """The game ``game_id``, or the game in progress when None."""
        ...

    def list(self) -> list[StoredGame]:
        """The games kept, in progress and finished."""
        ...


def data_dir() -> Path:
    """The folder of the default :class:`FileStore`: ``$BELOTE_DATA_DIR`` if set, else the
    user's data folder (platformdirs)."""
    d = os.environ.get("BELOTE_DATA_DIR")
    return Path(d) if d else Path(user_data_dir("belote", appauthor=False))


def new_stamp() -> str:
    """The stamp of a game started now: ``YYYYMMDD-HHMMSS`` (local time)."""
    return time.strftime("%Y%m%d-%H%M%S")


#: how many hex digits of a commitment a game id carries (48 bits)
ID_COMMITMENT_DIGITS = 12
#: seconds after which a temporary file of an interrupted write is removed (a younger one may
#: be another process's write in progress)
STALE_TEMPORARY_S = 600.0
#: digits of a seed written whole in a game id (a longer seed is hashed: ids stay short)
ID_SEED_DIGITS = 40


def make_game_id(stamp: str, seed: int, commitment: str | None = None) -> str:
    """The id of the game started at ``stamp`` from ``seed``: ``<stamp>-c<hex12>`` for a game
    with a ``commitment`` (:func:`belote.engine.provenance.commitment`, 64 hex digits; the
    id carries its first :data:`ID_COMMITMENT_DIGITS`, never the secret seed), else
    ``<stamp>-seed<seed>``, or ``<stamp>-seedh<hex12>`` (SHA-256 of its decimal digits) for a
    seed of more than :data:`ID_SEED_DIGITS` digits."""
    if commitment is not None:
        return f"{stamp}-c{commitment[:ID_COMMITMENT_DIGITS]}"
    digits = str(seed)
    if len(digits) > ID_SEED_DIGITS:  # a seed too long for a file name: its hash stands in
        return f"{stamp}-seedh{hashlib.sha256(digits.encode()).hexdigest()[:ID_COMMITMENT_DIGITS]}"
    return f"{stamp}-seed{seed}"


def game_id_of(stamp: str, game: Game) -> str:
    """:func:`make_game_id` of ``game`` (its seed and commitment) started at ``stamp``."""
    return make_game_id(stamp, game.seed, game.commitment)


def _id_of(settings: Mapping[str, Any], game: Game) -> str:
    stamp = settings.get("stamp")
    return game_id_of(stamp, game) if isinstance(stamp, str) else ""


def write_durably(path: Path, text: str | bytes) -> None:
    """Write ``text`` (a text in UTF-8, or bytes as they are) to ``path`` atomically and
    durably: a temporary file in the same folder, fsynced, renamed over ``path``, then the
    folder fsynced. Creates the folder. Raises OSError (the temporary file is removed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX); a system that cannot open a folder for
    reading (Windows) makes it durable on its own."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_record(path: Path) -> Any:
    """The JSON document of ``path`` (:func:`belote.engine.record.load_json`: a UTF-8
    byte-order mark accepted, its size capped). Raises RecordError."""
    return load_json(str(path))


class FileStore:
    """A :class:`GameStore` in a folder (default :func:`data_dir`, read when used, so that
    ``BELOTE_DATA_DIR`` set later counts). One game is in progress at a time
    (``current.json``); its id is :func:`game_id_of` its settings' ``"stamp"`` and the game
    (``<stamp>-c<hex12>`` or ``<stamp>-seed<seed>``): save a game in progress under that id."""

    def __init__(self, folder: Path | str | None = None) -> None:
        self._folder = Path(folder) if folder is not None else None
        self._remove_stale_temporaries()

    def _remove_stale_temporaries(self) -> None:
        """Remove the temporary files (``.<name>.*.tmp``) an interrupted write left in the
        folder and its ``games`` folder, once older than :data:`STALE_TEMPORARY_S` seconds: a
        younger one may be another process's write in progress (a second ``belote play``
        opening the folder), which must still rename it. One that cannot be removed (or read)
        is left."""
        cutoff = time.time() - STALE_TEMPORARY_S
        for folder in (self.folder, self.folder / "games"):
            with contextlib.suppress(OSError):
                for path in folder.glob(".*.json.*.tmp"):
                    with contextlib.suppress(OSError):
                        if path.stat().st_mtime < cutoff:
                            path.unlink()

    @property
    def folder(self) -> Path:
        return self._folder if self._folder is not None else data_dir()

    @property
    def current_path(self) -> Path:
        """Where the game in progress is kept."""
        return self.folder / CURRENT

    def archive_path(self, game_id: str, preset: str) -> Path:
        return self.folder / "games" / f"{game_id}-{preset}.json"

    def has_current(self) -> bool:
        """Whether a game in progress is saved. Raises :class:`StoreError` when the folder
        cannot be searched (no permission, a path too long); a folder that does not exist yet
        (or a file in its path) holds none."""
        path = self.current_path
        try:
            path.stat()
        except (FileNotFoundError, NotADirectoryError):
            return False
        except OSError as e:
            reason = e.strerror or type(e).__name__
            raise StoreError(f"the data folder cannot be used: {self.folder} ({reason})",
                             params={"path": str(self.folder), "reason": reason,
                                     "errno": errno_name(e)}) from None
        return True

    def check_usable(self) -> None:
        """Make the folder and its ``games/`` if they are missing, so that a folder the store
        cannot write to (a file in its path, no permission, a path too long) is told before a
        game starts rather than at its first save. Raises :class:`StoreError`."""
        try:
            (self.folder / "games").mkdir(parents=True, exist_ok=True)
            if not os.access(self.folder, os.W_OK | os.X_OK):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self.folder))
        except OSError as e:
            reason = e.strerror or type(e).__name__
            raise StoreError(f"the data folder cannot be used: {self.folder} ({reason})",
                             params={"path": str(self.folder), "reason": reason,
                                     "errno": errno_name(e)}) from None

    def save(self, game_id: str, game: Game, settings: Mapping[str, Any]) -> str:
        """Write ``current.json`` (a game in progress) or remove it (a finished game), then
        the archive copy (see the module docstring for why in this order). Returns the path
        of the game in progress, or of the archive copy once the game is over. Raises
        OSError, ValueError ``store.bad_id`` for an id that is not a plain name."""
        check_game_id(game_id)
        # the store resumes the game from its seed: written even for a committed game in
        # progress, whose records handed to players hide it (game_to_record's default)
        record = game_to_record(game, reveal_seed=True)
        text = dumps({**record, "table": dict(settings)})
        archive = self.archive_path(game_id, game.rules.preset_name)
        if game.current is None:
            if self.current_id() in (game_id, None):
                with contextlib.suppress(FileNotFoundError):
                    self.current_path.unlink()
                _fsync_folder(self.folder)
            write_durably(archive, text)
            return str(archive)
        write_durably(self.current_path, text)
        write_durably(archive, text)
        return str(self.current_path)

    def current_id(self) -> str | None:
        """The id of the game in progress (None: none, or unreadable). Raises
        :class:`StoreError` when the folder cannot be searched."""
        try:
            return self.load().id if self.has_current() else None
        except RecordError:
            return None

    def load(self, game_id: str | None = None) -> LoadedGame:
        """The game in progress (``game_id`` None or its id), or an archived one. Raises
        RecordError (``store.no_saved_game`` when there is none, or the record's own)."""
        path = self.current_path
        if game_id is not None:
            found = [g for g in self.list() if g.id == game_id]
            if not found:
                raise RecordError(f"no saved game {game_id} in {self.folder}",
                                  code="store.no_such_game",
                                  params={"id": game_id, "path": str(self.folder)})
            path = Path(found[0].where)
        elif not self.has_current():
            raise RecordError(f"no saved game to resume ({path})", code="store.no_saved_game",
                              params={"path": str(path)})
        loaded = self.load_file(path)
        return loaded if game_id is None else LoadedGame(game_id, loaded.game, loaded.settings)

    @staticmethod
    def load_file(path: Path | str) -> LoadedGame:
        """The game of the file ``path`` (``current.json``, an archive copy, or one copied
        elsewhere) with its ``"table"`` settings (empty when it has none). Its id is
        ``<stamp>-seed<seed>`` from the settings' ``"stamp"``, else an archive file's name
        (``<id>-<preset>.json``) if it has that form, else ``""``. Raises RecordError."""
        path = Path(path)
        rec = read_record(path)
        table = rec.get("table") if isinstance(rec, dict) else None
        settings = dict(table) if isinstance(table, dict) else {}
        game = game_from_record(rec)
        game_id = _id_of(settings, game)
        if not game_id:
            stem = path.stem.rsplit("-", 1)
            if (len(stem) == 2 and stem[1] == game.rules.preset_name
                    and stem[0].endswith(f"-seed{game.seed}")):
                game_id = stem[0]
        return LoadedGame(game_id, game, settings)

    def list(self) -> list[StoredGame]:
        """The game in progress (if any) then the archive, by id; an archive copy of the game
        in progress is not listed twice. A file that cannot be read is skipped."""
        out: list[StoredGame] = []
        current_id = None
        if self.has_current():
            with contextlib.suppress(RecordError):
                loaded = self.load()
                current_id = loaded.id
                out.append(StoredGame(current_id, loaded.game.current is None,
                                      str(self.current_path)))
        games = self.folder / "games"
        for path in sorted(games.glob("*.json")) if games.is_dir() else []:
            game_id = path.stem.rsplit("-", 1)[0]
            if game_id == current_id:
                continue
            try:
                finished = game_from_record(read_record(path)).current is None
            except RecordError:
                continue
            out.append(StoredGame(game_id, finished, str(path)))
        return out

    def retire_current(self, loaded: LoadedGame) -> str:
        """``current.json`` holds ``loaded``, a finished game (a save never writes one
        there: a file copied in, or left by another version): keep it in the archive (its
        copy written when it is missing; under a new stamp's id when it has none), then
        remove ``current.json``, so that no game is in progress. Returns the archive copy's
        path. Raises OSError."""
        game_id = loaded.id or game_id_of(new_stamp(), loaded.game)
        archive = self.archive_path(game_id, loaded.game.rules.preset_name)
        if not archive.exists():
            record = game_to_record(loaded.game, reveal_seed=True)
            write_durably(archive, dumps({**record, "table": dict(loaded.settings)}))
        self.clear_current()
        _fsync_folder(self.folder)
        return str(archive)

    def clear_current(self) -> None:
        """Forget the game in progress (its archive copy stays)."""
        with contextlib.suppress(FileNotFoundError):
            self.current_path.unlink()


def check_game_id(game_id: object) -> None:
    """Raise :class:`~belote.engine.errors.BeloteError` ``store.bad_id`` (``id``: its repr)
    unless ``game_id`` is a plain name: a non-empty ``str`` of ASCII letters, digits and
    ``-``, at most 200 characters (its file names stay within every system's 255). Both
    forms of :func:`make_game_id` are plain names."""
    if not (isinstance(game_id, str) and 0 < len(game_id) <= 200 and game_id.isascii()
            and game_id.replace("-", "").isalnum()):
        raise BeloteError(f"a game id is letters, digits and '-', not {game_id!r}",
                          code="store.bad_id", params={"id": repr(game_id)})


# -- the settings of ``belote play``'s table ----------------------------------------------------

def _bot_ok(name: object) -> bool:
    """A bot name or level (``expert:8``) that :func:`belote.bots.make_bot` accepts."""
    if not isinstance(name, str):
        return False
    try:
        parse_bot(name)
    except ValueError:
        return False
    return True


def is_stamp(value: object) -> bool:
    """Whether ``value`` has the form of :func:`new_stamp`'s stamps: ``YYYYMMDD-HHMMSS``
    (8 ASCII digits, ``-``, 6 ASCII digits)."""
    if not isinstance(value, str) or len(value) != 15 or value[8] != "-":
        return False
    digits = value[:8] + value[9:]
    return digits.isascii() and digits.isdigit()


@dataclass(frozen=True)
class TableSettings:
    """What a save of ``belote play`` holds besides the game (the record's ``"table"`` block,
    :meth:`to_json`): the person's ``human`` seat, the three ``bots`` from the person's right
    (names or levels, :func:`belote.bots.make_bot`), the table's ``lang`` (``"fr"`` or
    ``"en"``), ``auto_belote``, the ``stamp`` ``YYYYMMDD-HHMMSS`` of the game's start (which
    names its files; None: not yet given) and ``repeatable`` (bots without a wall-time limit:
    a seeded game). Build one from saved JSON with :meth:`from_json` (which validates)."""

    human: Seat = Seat(0)
    bots: tuple[str, ...] = ("heuristic",) * 3
    lang: str = "fr"
    auto_belote: bool = False
    stamp: str | None = None
    repeatable: bool = False

    def to_json(self) -> dict[str, Any]:
        """The JSON-ready ``"table"`` block: ``{"human", "bots", "lang", "auto_belote",
        "stamp"}``, and ``"repeatable": true`` when set (a stamp None is left out)."""
        out: dict[str, Any] = {"human": int(self.human), "bots": list(self.bots),
                               "lang": self.lang, "auto_belote": self.auto_belote}
        if self.stamp is not None:
            out["stamp"] = self.stamp
        if self.repeatable:
            out["repeatable"] = True
        return out

    @classmethod
    def from_json(cls, table: Mapping[str, Any]) -> TableSettings:
        """Validate a saved ``"table"`` block (a missing key takes its default; a
        ``"repeatable"`` other than ``true`` is False). Raises
        :class:`~belote.engine.errors.BeloteError` ``cli.saved.bots`` (``names``: the bot
        names), ``cli.saved.human``, ``cli.saved.auto_belote``, ``cli.saved.lang``,
        ``cli.saved.stamp``."""
        names = table.get("bots", ["heuristic"] * 3)
        human = table.get("human", 0)
        auto = table.get("auto_belote", False)
        lang = table.get("lang", "fr")
        stamp = table.get("stamp")
        if not (isinstance(names, list) and len(names) == 3 and all(_bot_ok(n) for n in names)):
            raise BeloteError(f"saved game: table.bots must list three of {', '.join(BOT_NAMES)}",
                              code="cli.saved.bots", params={"names": ", ".join(BOT_NAMES)})
        if not is_seat(human):
            raise BeloteError("saved game: table.human must be a seat 0..3",
                              code="cli.saved.human")
        if not isinstance(auto, bool):
            raise BeloteError("saved game: table.auto_belote must be true or false",
                              code="cli.saved.auto_belote")
        if lang not in ("fr", "en"):
            raise BeloteError("saved game: table.lang must be fr or en", code="cli.saved.lang")
        if stamp is not None and not is_stamp(stamp):
            raise BeloteError("saved game: table.stamp must be a stamp YYYYMMDD-HHMMSS",
                              code="cli.saved.stamp")
        return cls(Seat(human), tuple(names), lang, auto, stamp,
                   table.get("repeatable") is True)


__all__ = ["CURRENT", "ID_COMMITMENT_DIGITS", "FileStore", "GameStore", "LoadedGame",
           "StoreError", "StoredGame", "TableSettings", "check_game_id", "data_dir",
           "game_id_of", "is_stamp", "make_game_id", "new_stamp", "read_record",
           "write_durably"]
