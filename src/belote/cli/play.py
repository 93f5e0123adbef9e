"""``belote play``."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from ..engine import PRESET_NAMES, BeloteError
from .messages import _lang, _lang_value, words
from .options import OptionOpt, _need_terminal, _rules
from .output import EXIT_INTERNAL, EXIT_OUTPUT, _fail, err


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
                                                     help="Say belote automatically (or be "
                                                          "asked).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the game saved on quitting "
                                         "(the saved game's rules, seats and bots).")] = False,
    option: OptionOpt = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Language of the table: fr or en (default: belote's own --lang, then "
                       "$BELOTE_LANG, then a resumed game's, else fr).",
        callback=_lang_value)] = None,
) -> None:
    """Play a game in the terminal against three bots (full screen; q quits and saves)."""
    from ..bots import BOT_NAMES, parse_bot
    from ..engine.game import Game
    from ..i18n import os_error, tr
    from ..table import store as storage
    from ..tui.app import BeloteApp
    if lang is not None:
        _lang(lang)
    try:
        if resume:
            given = [n for n, v in (("--preset", preset), ("--target", target), ("--seed", seed),
                                    ("--bots", bots), ("--seat", seat), ("-o", option))
                     if v is not None]  # --seed 0 and --seat 0 are given too
            if given:
                raise BeloteError(f"{', '.join(given)}: a resumed game keeps its own rules, seats "
                                  "and bots; start a new game to change them",
                                  code="cli.resume_keeps", params={"given": ", ".join(given)})
            loaded = storage.FileStore().load()
            game, saved = loaded.game, storage.TableSettings.from_json(loaded.settings)
            names, human, auto = list(saved.bots), int(saved.human), saved.auto_belote
            saved_lang, stamp, repeatable = saved.lang, saved.stamp, saved.repeatable
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
        warn = not resume and store.has_current()
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

