"""``belote rules``."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from .. import i18n
from ..engine import PRESET_NAMES, BeloteError
from ..engine.rules import OPTION_NAMES
from .messages import _lang, words
from .options import JsonOpt, LangOpt, OptionOpt, _rules
from .output import _fail, json_text, out


def rules_cmd(
    preset: Annotated[str | None, typer.Argument(help="A preset to show (all if omitted).")] = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Show the presets and their options (every option can be overridden with -o NAME=VALUE)."""
    _lang(lang)
    try:
        names = [preset] if preset else list(PRESET_NAMES)
        rules = [_rules(n, option) for n in names]
    except BeloteError as e:
        _fail(e, lang)
        return
    if as_json:
        print(json_text({r.preset_name: r.to_dict() for r in rules}, indent=2))
        return
    def shown(v: Any) -> str:  # as typed after -o NAME=
        if isinstance(v, bool):
            return "true" if v else "false"
        return "-".join(map(str, v)) if isinstance(v, tuple) else str(v)
    cells = {r.preset_name: [shown(getattr(r, name)) for name in OPTION_NAMES] for r in rules}
    meanings = [i18n.tr(f"option.{name}", lang) for name in OPTION_NAMES]
    if len(rules) == 1:
        _print_one(rules[0].preset_name, cells[rules[0].preset_name], meanings, lang)
        return
    _print_presets(cells, lang)
    _print_meanings(meanings, lang)


def _print_one(preset: str, values: list[str], meanings: list[str], lang: str) -> None:
    """``belote rules PRESET``: one table, each option with its value and its meaning (the
    meaning wraps within the width)."""
    table = Table(title=words("rules.title", lang), caption=words("rules.caption", lang))
    table.add_column("option", no_wrap=True)
    table.add_column(preset, no_wrap=True)
    table.add_column(words("rules.meaning", lang))
    for name, value, meaning in zip(OPTION_NAMES, values, meanings, strict=True):
        table.add_row(name, escape(value), escape(meaning))
    out.print(table)


def _print_presets(cells: dict[str, list[str]], lang: str) -> None:
    """The options' values of several presets (``cells``: preset → values in
    ``OPTION_NAMES`` order), as many presets a table as the width holds."""
    # a narrow terminal gets several tables, each with the option names, rather than words
    # cut inside the cells: a column takes its longest value, its padding and a border
    widths = {p: max(map(len, [p, *v])) + 3 for p, v in cells.items()}
    room = out.width - (max(map(len, OPTION_NAMES)) + 4)
    groups: list[list[str]] = [[]]
    for p in cells:
        if groups[-1] and sum(widths[q] for q in groups[-1]) + widths[p] > room:
            groups.append([])
        groups[-1].append(p)
    for i, group in enumerate(groups):
        last = i == len(groups) - 1
        table = Table(title=words("rules.title", lang) if i == 0 else None,
                      caption=words("rules.caption", lang) if last else None)
        table.add_column("option", no_wrap=True)
        for p in group:
            table.add_column(p, overflow="fold")
        for k, name in enumerate(OPTION_NAMES):
            table.add_row(name, *[escape(cells[p][k]) for p in group])
        out.print(table)


def _print_meanings(meanings: list[str], lang: str) -> None:
    """What each option means, one row an option (the meaning wraps within the width): a
    borderless list under its title, apart from the presets' tables."""
    table = Table(title=words("rules.meanings", lang), box=None, show_header=False,
                  pad_edge=False)
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for name, meaning in zip(OPTION_NAMES, meanings, strict=True):
        table.add_row(name, escape(meaning))
    out.print(table)
