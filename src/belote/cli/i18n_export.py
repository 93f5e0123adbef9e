"""``belote i18n export``: the message catalog as JSON, for a browser client."""

from __future__ import annotations

from typing import Annotated

import typer

from .. import i18n
from .messages import _lang, _lang_value
from .output import write_file_out, write_stdout
from .usage import CommandGroup

i18n_app = typer.Typer(name="i18n", cls=CommandGroup, no_args_is_help=True, add_completion=False,
                       rich_markup_mode=None, help="The message catalog (French and English).")


def export(
    lang: Annotated[str | None, typer.Option(
        "--lang", help="One language only: fr or en (default: both, by language).",
        callback=_lang_value)] = None,
    output: Annotated[str | None, typer.Option(
        "--out", help="Write the JSON to this file.")] = None,
) -> None:
    """Print the message catalog as JSON (UTF-8, keys sorted): every code with its wording,
    str.format fields unfilled, by language; one language's codes only with --lang."""
    if lang is not None:
        _lang(lang)  # refused unless fr or en
    said = lang or "fr"  # the language of the messages (the note, an error)
    text = i18n.export_json(lang) + "\n"
    if output is None:
        write_stdout(text)  # whole, or exit 141 when the reader is gone (… | head)
        return
    write_file_out(output, text, said)
