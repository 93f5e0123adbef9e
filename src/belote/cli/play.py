"""``belote play``."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ..engine import PRESET_NAMES, BeloteError
from .messages import _lang, _lang_value, words
from .options import OptionOpt, _need_terminal, _rules
from .output import EXIT_INTERNAL, EXIT_OUTPUT, _fail, err, out

if TYPE_CHECKING:
    from ..table.store import FileStore, LoadedGame


def play(
    preset: Annotated[str | None, typer.Option(
        help=f"Rules preset: {', '.join(PRESET_NAMES)} (default: classique).")] = None,
    target: Annotated[int | None, typer.Option(help="Points to reach (target games).", min=1)]
    = None,
    seed: Annotated[int | None, typer.Option(help="Seed: same seed, same deals.")] = None,
    bots: Annotated[str | None, typer.Option(
        help="Bots of the other seats, from your right: one name for all, or three names "
             "(random, heuristic, expert; expert:N for N worlds a decision). Default "
             "heuristic.")] = None,
    seat: Annotated[int | None, typer.Option(help="Your seat 0..3 (seats 0 and 2 are one team).",
                                             min=0, max=3)] = None,
    auto_belote: Annotated[bool | None, typer.Option("--auto-belote/--ask-belote",
                                                     help="Say belote automatically, or be "
                                                          "asked (default: asked; a resumed "
                                                          "game: as it was saved).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the game saved on quitting "
                                         "(the saved game's rules, seats and bots); with "
                                         "--game, another saved game.")] = False,
    game_ref: Annotated[str | None, typer.Option(
        "--game", help="Continue this saved game (implies --resume): its id as --list shows "
                       "it, or its file (the data folder's games/ keeps a copy of every "
                       "game).")] = None,
    list_games: Annotated[bool, typer.Option(
        "--list", help="List the saved games in progress (id, preset, start, deals, score) "
                       "and exit.")] = False,
    option: OptionOpt = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Language of the table: fr or en (default: belote's own --lang, then "
                       "$BELOTE_LANG, then a resumed game's, else fr).",
        callback=_lang_value)] = None,
) -> None:
    """Play a game in the terminal against three bots (full screen; q quits and saves).

    Examples: belote play --preset coinche --bots expert · belote play -o game_end=deals -o
    deals=4 (four deals, then the result) · belote play --list, then belote play --game ID (a
    saved game that a newer one replaced)."""
    from ..bots import BOT_NAMES, parse_bot
    from ..engine.game import Game
    from ..i18n import os_error, tr
    from ..table import store as storage
    from ..tui.app import BeloteApp
    if lang is not None:
        _lang(lang)
    if list_games:
        _list_games(lang or "fr")
        return
    resume = resume or game_ref is not None
    playing_id = None  # the id of the resumed game (a new game's: none yet)
    try:
        if resume:
            given = [n for n, v in (("--preset", preset), ("--target", target), ("--seed", seed),
                                    ("--bots", bots), ("--seat", seat), ("-o", option))
                     if v is not None]  # --seed 0 and --seat 0 are given too
            if given:
                raise BeloteError(f"{', '.join(given)}: a resumed game keeps its own rules, seats "
                                  "and bots; start a new game to change them",
                                  code="cli.resume_keeps", params={"given": ", ".join(given)})
            loaded = _load(storage.FileStore(), game_ref)
            if loaded.game.current is None:
                _resume_over(storage.FileStore(), loaded, game_ref)
            game, saved = loaded.game, storage.TableSettings.from_json(loaded.settings)
            names, human, auto = list(saved.bots), int(saved.human), saved.auto_belote
            saved_lang, repeatable = saved.lang, saved.repeatable
            stamp = saved.stamp or _stamp_of(loaded.id, game.seed)
            playing_id = loaded.id
            lang = lang or saved_lang
            if auto_belote is not None:
                auto = auto_belote
        else:
            rules = _rules(preset or "classique", option)
            if target is not None:
                rules = rules.replace(game_end="target", target=target)
            names = [b.strip() for b in (bots or "heuristic").split(",")]
            if len(names) == 1:
                names = names * 3
            if len(names) != 3:
                raise BeloteError(f"--bots: one or three of {', '.join(BOT_NAMES)} "
                                  "(expert:N for N worlds a decision)", code="cli.bots_three",
                                  params={"names": ", ".join(BOT_NAMES)})
            for n in names:
                parse_bot(n)  # a clear message for a bad name or level
            game = Game(rules, seed=seed)
            human, auto, stamp = seat or 0, bool(auto_belote), None
            repeatable = seed is not None  # the same bot actions whatever the machine's load
            lang = lang or "fr"
        store = storage.FileStore()
        store.check_usable()  # a data folder that cannot be written to: said now, exit 2
        # a game in progress saved, and not the one played: this one's first save replaces it
        # in current.json (its archive copy stays)
        warn = store.has_current() and (playing_id is None or store.current_id() != playing_id)
    except (BeloteError, ValueError) as e:  # StoreError too: an unsearchable data folder
        _fail(e, lang or "fr")
        return
    _need_terminal("play", lang or "fr")
    app_ = BeloteApp(game, human=human, bot_names=names, lang=lang, auto_belote=auto,
                     stamp=stamp, warn_saved=warn, repeatable=repeatable)
    app_.run()
    if app_.return_code not in (0, None):
        err.print(escape(words("table_failed", lang or "fr")), highlight=False)
        raise typer.Exit(EXIT_INTERNAL)
    if app_.not_saved is not None:  # quit without saving after a failed save
        err.print(tr("tui.not_saved", lang, err=os_error(app_.not_saved, lang)), markup=False,
                  highlight=False)
        raise typer.Exit(EXIT_OUTPUT)
    if app_.saved_to is not None and game.current is not None:
        err.print(tr("tui.saved_resume", lang, path=app_.saved_to), markup=False,
                  highlight=False)



def _resume_over(store: FileStore, loaded: LoadedGame, game_ref: str | None) -> None:
    """Refuse to resume ``loaded``, a finished game: ``cli.resume_over`` (``game``: its id,
    else the reference given, else the file). When it is ``current.json``'s (``game_ref``
    None), it no longer stands as the game in progress: kept in the archive, then removed
    from ``current.json`` (:meth:`FileStore.retire_current`; a write that fails leaves it
    as it was), so that ``--resume`` is not offered it again. Raises BeloteError."""
    name = loaded.id or game_ref or str(store.current_path)
    if game_ref is None:
        with contextlib.suppress(OSError):  # not retired: current.json stays as it was
            store.retire_current(loaded)
    raise BeloteError(f"{name}: this game is over, there is nothing to resume",
                      code="cli.resume_over", params={"game": name})


def _load(store: FileStore, game_ref: str | None) -> LoadedGame:
    """The game ``--resume`` continues: the game in progress (``game_ref`` None), the stored
    game of that id (a plain name, :func:`belote.table.store.check_game_id`), else the file of
    that path (``-`` too: a file of that name). Raises RecordError."""
    from ..table.store import check_game_id
    if game_ref is None:
        return store.load()
    try:
        check_game_id(game_ref)
    except BeloteError:  # a path ("-" too: standard input is the table's, not a record's)
        return store.load_file(game_ref)
    return store.load(game_ref)


def _stamp_of(game_id: str, seed: int | None) -> str | None:
    """The stamp in ``game_id`` (``<stamp>-seed<seed>``, :func:`belote.table.store.make_game_id`)
    for a saved game whose settings lack it (an archive copy written before they were kept
    there): resumed, it is saved under the same id. None when the id has another form."""
    from ..table.store import is_stamp, make_game_id
    stamp = game_id[:15]
    return stamp if seed is not None and is_stamp(stamp) and \
        game_id == make_game_id(stamp, seed) else None


def _list_games(lang: str) -> None:
    """``belote play --list``: the store's games in progress, the one ``--resume`` continues
    first, as a table (id, preset, start, deals played, score of each team, the option that
    resumes it: ``--resume`` or ``--game ID``); a line saying there are none. A folder that
    cannot be searched: exit 2."""
    from ..engine.errors import RecordError
    from ..table.store import FileStore, is_stamp
    store = FileStore()
    try:
        games = [g for g in store.list() if not g.finished]
    except BeloteError as e:  # StoreError
        _fail(e, lang)
        return
    rows = []
    for g in games:
        try:
            loaded = store.load_file(g.where)
        except RecordError:  # (changed since it was listed)
            continue
        stamp = loaded.settings.get("stamp") or _stamp_of(g.id, loaded.game.seed) or ""
        started = (f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]}"
                   if is_stamp(stamp) else "?")
        scores = loaded.game.scores
        rows.append((g.id, loaded.game.rules.preset_name, started, str(len(loaded.game.deals)),
                     f"{scores[0]} – {scores[1]}",
                     "--resume" if g.where == str(store.current_path) else f"--game {g.id}"))
    if not rows:
        out.print(escape(words("play_list.none", lang, path=str(store.folder))), highlight=False)
        return
    table = Table(title=escape(words("play_list.title", lang, path=str(store.folder))))
    for key in ("play_list.id", "play_list.preset", "play_list.started", "play_list.deals",
                "play_list.score", "play_list.resume"):
        table.add_column(escape(words(key, lang)), overflow="fold",
                         min_width=max(len(r[0]) for r in rows) if key == "play_list.id" else None)
    for cells in rows:
        table.add_row(*map(escape, cells))
    out.print(table)
