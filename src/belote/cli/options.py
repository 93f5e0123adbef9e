"""What several commands share: their common options (``--lang``, ``--json``, ``-o``), the
rules they name, the solver's first use, the terminal the full-screen commands need."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer
from rich.markup import escape

from ..engine import BeloteError, Rules
from .messages import _lang_value, words
from .output import _fail, err

LangOpt = Annotated[str, typer.Option(
    "--lang", help="Language of messages and help: fr or en (default: belote's own --lang, "
                   "then $BELOTE_LANG, else fr).", callback=_lang_value, show_default=False)]


JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="Override a rules option: NAME=VALUE (repeatable). "
                           "See `belote rules` for the names.")]


def _first_use_note(lang: str) -> None:
    """On a terminal, say that the solver compiles on its first use (about 10 s of silence
    otherwise)."""
    from ..solver import kernel_ready
    if err.is_terminal and not kernel_ready():
        err.print("[dim]" + escape(words("first_use", lang)) + "[/]")


def _warm_up(lang: str) -> None:
    """Before a timed match with the expert: compile the solver (or load it from the disk
    cache) first, saying so on a terminal, so that the time per decision does not count it."""
    from ..solver import warm_up
    _first_use_note(lang)
    warm_up()


def _need_terminal(command: str, lang: str) -> None:
    """The full-screen commands (play, replay) need a terminal for input and output: without
    one they would draw for nobody and never end. Exit 2 with a message."""
    if not (sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()):
        _fail(BeloteError(f"belote {command} needs a terminal (an interactive window): run it "
                          "there, not with its input or output redirected",
                          code="cli.needs_terminal", params={"command": command}), lang)


def _rules(preset: str, options: list[str] | None) -> Rules:
    over: dict[str, Any] = {}
    for item in options or []:
        if "=" not in item:
            raise BeloteError(f"--option {item!r}: expected NAME=VALUE", code="cli.option_syntax",
                              params={"item": item})
        name, value = item.split("=", 1)
        name = name.strip().replace("-", "_")
        over[name] = Rules.parse_value(name, value)
    return Rules.preset(preset, **over)

