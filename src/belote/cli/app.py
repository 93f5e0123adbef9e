"""The ``belote`` command line (typer): the application, its own options (``--lang``,
``--version``), its commands (one module each) and the entry point :func:`main`."""

from __future__ import annotations

import errno
import os
import sys
from typing import Annotated

import typer
from rich.markup import escape

from . import (
    analyse,
    arena,
    check,
    concours,
    deal,
    i18n_export,
    legal,
    play,
    replay,
    rules,
    serve,
    simulate,
    verify,
)
from .messages import LANG_ENV, TEXT, _lang, _lang_value, words
from .output import (
    _OUTPUT_ERRNOS,
    EXIT_OK,
    EXIT_PIPE,
    _hold_closed_stdout,
    _internal,
    _output_failed,
    err,
    out,
)
from .usage import _Command, _Group

app = typer.Typer(
    name="belote", cls=_Group, no_args_is_help=True, add_completion=False, rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    help="belote — play, referee and analyse belote, contrée and coinche.\n\n"
         "Exit codes: 0 ok, 1 irregular deal (check) or a mismatch (verify), 2 bad input, 3 "
         "internal error, 4 output not written (disk full), 141 output closed early (a pipe "
         "into head).")


def _print_version() -> None:
    """``belote --version``: print the version and exit 0 (an eager option: before any
    command is needed)."""
    from .. import __version__
    out.print(f"belote {__version__}", highlight=False)
    raise typer.Exit(EXIT_OK)


def _lang_default(command: object, lang: str) -> dict[str, object]:
    """click's default map giving ``--lang`` to ``command``, or to each command of a group
    (``belote concours …``), level by level."""
    commands = getattr(command, "commands", None)
    if commands is None:
        return {"lang": lang}
    return {name: _lang_default(sub, lang) for name, sub in commands.items()}


@app.callback()
def _group(
    ctx: typer.Context,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Language of messages and help for the command that follows: fr or "
                       "en (the command's own --lang wins; default: $BELOTE_LANG, else fr).",
        envvar=LANG_ENV, show_envvar=False, callback=_lang_value)] = None,
    version: Annotated[bool, typer.Option(
        "--version", help="Print belote's version and exit.", is_eager=True,
        callback=lambda v: _print_version() if v else None)] = False,
) -> None:
    # (no docstring: the application's help stays the one given to typer.Typer)
    if lang and lang not in TEXT:
        source = ctx.get_parameter_source("lang")  # (typer's own copy of click's enum)
        if getattr(source, "name", None) != "ENVIRONMENT":
            _lang(lang)  # refused as a command's own --lang is
        # a variable set for something else must not stop every command (a command's own
        # --lang would still win): say it once and go on in the default language
        bad = os.environ.get(LANG_ENV)
        said = getattr(ctx.command, "belote_lang", "fr")  # a command's --lang en
        err.print(escape(words("lang_ignored", said, variable=LANG_ENV, value=bad)),
                  highlight=False)
        lang = None
    if lang:
        # the command's --lang defaults to this one (click's default_map: a command's own
        # option, given after its name, still wins)
        ctx.default_map = {name: _lang_default(command, lang)
                           for name, command in ctx.command.commands.items()}  # type: ignore[attr-defined]


#: the commands, in the order the help lists them: (name, function, one-line help in English;
#: each module's function keeps its name)
COMMANDS = (
    ("check", check.check, "Check a deal record against its rules and score it."),
    ("legal", legal.legal, "The cards the player to move may legally play."),
    ("rules", rules.rules_cmd, "Show the presets and their options."),
    ("deal", deal.deal_cmd, "Deal and play one random legal deal (JSON record)."),
    ("play", play.play, "Play a game against three bots in the terminal."),
    ("replay", replay.replay, "Step through a saved game or deal, card by card."),
    ("analyse", analyse.analyse, "Double-dummy value of every card played."),
    ("arena", arena.arena, "Duplicate match of two bots."),
    ("simulate", simulate.simulate, "Bots against bots: mean scores, contracts, capots."),
    ("serve", serve.serve, "Serve online tables (API and WebSocket)."),
    ("verify", verify.verify, "Check a game's packs against its revealed seed."),
)
for _name, _function, _short in COMMANDS:
    app.command(_name, cls=_Command, short_help=_short)(_function)
i18n_export.i18n_app.command("export", cls=_Command,
                             short_help="The catalog as JSON (for a browser client).")(
    i18n_export.export)
app.add_typer(i18n_export.i18n_app, short_help="The message catalog: export it as JSON.")
app.add_typer(concours.concours_app,
              short_help="Run a club concours: register, draw, score, rank, print.")


def main() -> None:
    """Entry point of the ``belote`` command. An unexpected failure (a bug) prints one line and
    exits 3 instead of a traceback; set ``BELOTE_DEBUG=1`` to see the traceback."""
    if sys.stdout is None:  # started with standard output closed (>&-)
        _hold_closed_stdout()  # writing there fails (exit 4); deal --out still works
    try:
        app(standalone_mode=True)
    except SystemExit as e:
        # click (typer's own copy) ends a broken pipe with status 1 and wraps the streams in
        # a PacifyFlushWrapper so that nothing more is written, nor a traceback at exit
        if e.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            sys.exit(EXIT_PIPE)
        raise
    except OSError as e:
        if e.errno not in _OUTPUT_ERRNOS | {errno.EPIPE}:
            _internal(e)
        _output_failed(e)
    except Exception as e:  # noqa: BLE001 -- any bug: one line, exit 3 (re-raised with BELOTE_DEBUG)
        _internal(e)


