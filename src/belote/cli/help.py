"""The command line's help in the language asked for (``belote -h``, ``belote check -h``…).

The help of both languages is in the catalog (:mod:`belote.i18n`): ``help.<command>`` (the
full help), ``help.<command>.short_help``, ``help.<command>.<param>``, ``help.belote`` and
``help.belote.<param>`` for belote's own, ``help.metavar.<param>`` the value names; the
English one is also written where each command is declared (docstrings and ``help=``, a test
checks they agree). The words typer adds around them (``Usage:``, the section headings, the
extras ``[default: …; x>=1; required]``) are the catalog's ``cli.help.*`` too, the extras
worded from each parameter (its default, ``min``/``max``, ``required``). :func:`localize`
puts one language on the command tree typer builds before it parses the command line, so
``-h`` and the usage line of an error speak the same language as the command's messages
(``--lang``, then ``$BELOTE_LANG``, else French).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer
from typer._click.formatting import HelpFormatter
from typer.core import TyperGroup

from .. import i18n

#: the codes of the catalog that are not a command's: the application's own help
#: (``help.belote``, ``help.belote.<param>``), the value names (``help.metavar.<param>``)
_NOT_COMMANDS = ("belote", "metavar", "subcommand_metavar")


def _text(code: str, lang: str) -> str | None:
    """The catalog's ``code`` in ``lang``, None when it lacks it."""
    return i18n.tr(code, lang) if i18n.has(code, lang) else None


def command_helps(lang: str) -> dict[str, tuple[str, str]]:
    """Command path (``check``, ``i18n.export``) → (one-line help, full help) in ``lang``, as
    the catalog words them (``help.<command>.short_help``, ``help.<command>``)."""
    codes = i18n.catalog(lang)
    return {code[5:-11]: (codes[code], codes[code[:-11]]) for code in codes
            if code.startswith("help.") and code.endswith(".short_help")
            and code[:-11] in codes}


def param_helps(lang: str) -> dict[str, dict[str, str]]:
    """Command path (``""`` for belote's own options) → parameter name → its help in
    ``lang``, as the catalog words them (``help.<command>.<param>``)."""
    commands = command_helps(lang)
    helps: dict[str, dict[str, str]] = {"": {}, **{path: {} for path in commands}}
    for code, text in i18n.catalog(lang).items():
        path, _, name = code[5:].rpartition(".")
        if not code.startswith("help.") or name == "short_help" or code[5:] in commands:
            continue
        if path == "belote":
            helps[""][name] = text
        elif path in commands:
            helps[path][name] = text
    return helps


#: command name -> (one-line help for the list of commands, full help), French (top level)
COMMANDS_FR: dict[str, tuple[str, str]] = {
    path: texts for path, texts in command_helps("fr").items() if "." not in path}
#: command name ("" for belote's own options) -> parameter name -> help, French
PARAMS_FR: dict[str, dict[str, str]] = {
    path: helps for path, helps in param_helps("fr").items() if "." not in path}


class _Formatter(HelpFormatter):
    """click's help formatter (typer's copy) in the language of its class (``lang``): the
    usage line's prefix and the section headings from the catalog (``usage.usage``,
    ``cli.help.heading``), without typer's ``<str>`` after a named argument (``RECORD <str>``:
    the name says what it is)."""

    lang = "en"

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, i18n.tr("usage.usage", self.lang)
                            if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}"
                   f"{i18n.tr('cli.help.heading', self.lang, name=heading)}\n")

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl([(term.removesuffix(" <str>"), text) for term, text in rows],
                         col_max, col_spacing)


#: what French typography puts a non-breaking space before (click's wrapping then never
#: starts a line with one)
_FR_PUNCTUATION = ":;?!"


def _nbsp(text: str) -> str:
    """French typography in a French text of the catalog: the space before ``:`` ``;``
    ``?`` ``!`` made non-breaking."""
    for mark in _FR_PUNCTUATION:
        text = text.replace(f" {mark}", f"\u00a0{mark}")
    return text


class _FrFormatter(_Formatter):
    """:class:`_Formatter` in French, with French spacing."""

    lang = "fr"

    def write_text(self, text: str) -> None:
        super().write_text(_nbsp(text))

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl([(term, _nbsp(text)) for term, text in rows], col_max, col_spacing)


def _decimal(value: float, lang: str) -> str:
    """A default in seconds as its reader writes it: a whole number without its ``.0``
    (``60``, ``604800``), else with the language's decimal mark (``0.6``; French ``0,6``)."""
    text = str(int(value)) if value.is_integer() else repr(value)
    return text.replace(".", ",") if lang == "fr" else text


def _extras(param: Any, ctx: Any, lang: str) -> list[str]:
    """What the help adds after a parameter's text, worded in ``lang`` from the parameter
    itself (as typer decides to show each): its environment variable, its default, the range
    of its value (``min``/``max``, both inclusive in typer) and whether it is required."""
    extras = []
    envvar = param.envvar if getattr(param, "show_envvar", False) else None
    if envvar is not None:
        names = envvar if isinstance(envvar, str) else ", ".join(str(v) for v in envvar)
        extras.append(i18n.tr("cli.help.extra.envvar", lang, names=names))
    default = param._extract_default_help_str(ctx=ctx)  # typer's own reading of it
    shown_as = isinstance(param.show_default, str)
    if shown_as or (default is not None and (param.show_default or ctx.show_default)):
        value = param._get_default_string(ctx=ctx, show_default_is_str=shown_as,
                                          default_value=default)
        if not shown_as and type(default) is float:
            value = _decimal(default, lang)
        if value:
            extras.append(i18n.tr("cli.help.extra.default", lang, value=value))
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if getattr(param, "count", False) and low == 0 and high is None:
        low = None  # a counted flag (-vvv): no range shown
    if low is not None or high is not None:
        which = "between" if low is not None and high is not None else (
            "at_least" if low is not None else "at_most")
        low, high = (_decimal(b, lang) if type(b) is float else b for b in (low, high))
        extras.append(i18n.tr(f"cli.help.extra.{which}", lang, min=low, max=high))
    if param.required:
        extras.append(i18n.tr("cli.help.extra.required", lang))
    return extras


def help_record(param: Any, ctx: Any, lang: str) -> tuple[str, str] | None:
    """A parameter's line of the help in ``lang``: typer's term (``--deals N``), its help text
    (the catalog's for the help option, ``cli.help.help_option``) and its extras
    (:func:`_extras`, ``cli.help.extra.*``) in brackets; None for a hidden one."""
    record = param.get_help_record(ctx)
    if record is None:
        return None
    text = param.help or ""
    if param.name == "help" and param.is_eager and not param.expose_value:
        text = i18n.tr("cli.help.help_option", lang)
    extras = _extras(param, ctx, lang)
    if extras:
        bracket = i18n.tr("cli.help.extras", lang,
                          extras=i18n.tr("cli.help.extra.separator", lang).join(extras))
        text = f"{text}  {bracket}" if text else bracket
    return record[0], text


class LocalizedHelp:
    """A command's help sections in its language (``belote_lang``, set by :func:`localize`):
    the parameters' lines from :func:`help_record`, the section names from the catalog
    (``cli.help.section.*``). Mixed into belote's command and group classes."""

    belote_lang = "en"

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """The usage line's pieces with a required argument by its plain name, as usage lines
        write it (``belote check [OPTIONS] FICHIER``): typer braces it (``{FICHIER}``), which
        reads as a placeholder left unfilled; an optional one stays in brackets."""
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        plain = {}
        for param in self.get_params(ctx):  # type: ignore[attr-defined]
            if param.param_type_name == "argument" and param.required:
                for piece in param.get_usage_pieces(ctx):
                    if piece.startswith("{") and "}" in piece:
                        plain[piece] = piece[1:].replace("}", "", 1)
        return [plain.get(piece, piece) for piece in pieces]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        rows: dict[str, list[tuple[str, str]]] = {"argument": [], "option": []}
        for param in self.get_params(ctx):  # type: ignore[attr-defined]
            record = help_record(param, ctx, self.belote_lang)
            if record is not None and param.param_type_name in rows:
                rows[param.param_type_name].append(record)
        for kind, lines in rows.items():
            if lines:
                with formatter.section(i18n.tr(f"cli.help.section.{kind}s", self.belote_lang)):
                    formatter.write_dl(lines)
        if hasattr(self, "list_commands"):
            self.format_commands(ctx, formatter)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The group's commands and their one-line help (as typer lists them)."""
        commands = [(name, cmd) for name in self.list_commands(ctx)  # type: ignore[attr-defined]
                    if (cmd := self.get_command(ctx, name)) is not None  # type: ignore[attr-defined]
                    and not cmd.hidden]
        if not commands:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in commands)
        with formatter.section(i18n.tr("cli.help.section.commands", self.belote_lang)):
            formatter.write_dl([(name, cmd.get_short_help_str(limit)) for name, cmd in commands])


class HelpGroup(LocalizedHelp, TyperGroup):
    """typer's group with :class:`LocalizedHelp` (``belote i18n``)."""


class _Context(typer.Context):
    """typer's context, with :class:`_Formatter`."""

    formatter_class = _Formatter


class _FrContext(typer.Context):
    """typer's context, with the French help formatter."""

    formatter_class = _FrFormatter


def localize(group: Any, lang: str) -> None:
    """Put ``lang``'s help (``fr`` or ``en``) on typer's command tree ``group`` (a click
    group, built afresh for each run of the application): the help texts of the group, its
    commands and their parameters and the value names, from the catalog (``help.*``), and
    in French the words typer adds. A text the catalog lacks stays as declared (English)."""
    _localize(group, "belote", lang)


def _localize(cmd: Any, path: str, lang: str) -> None:
    """:func:`localize` for ``cmd``, named ``path`` in the catalog (``belote``, ``check``,
    ``i18n.export``), and the commands under it."""
    fr = lang == "fr"
    # the English texts, kept the first time: a tree localized twice (one object run twice)
    # gets each language whole
    en = cmd.__dict__.setdefault("_belote_en", (cmd.help, cmd.short_help,
                                               getattr(cmd, "subcommand_metavar", None)))
    cmd.help = _text(f"help.{path}", lang) or en[0]
    cmd.short_help = _text(f"help.{path}.short_help", lang) or en[1]
    if en[2] is not None:
        cmd.subcommand_metavar = _text("help.subcommand_metavar", lang) or en[2]
    cmd.context_class = _FrContext if fr else _Context
    cmd.belote_lang = lang if lang in i18n.LANGS else i18n.DEFAULT_LANG
    if path == "play":  # the table's keys, as the table lists them when it opens
        cmd.epilog = i18n.tr("tui.help", lang if lang in i18n.LANGS else "fr")
    for p in cmd.params:
        english = p.__dict__.setdefault("_belote_en", p.help)  # kept the first time
        p.help = _text(f"help.{path}.{p.name}", lang) or english
        metavar = _text(f"help.metavar.{p.name}", lang)
        if metavar is not None:
            p.metavar = metavar
    for name, sub in getattr(cmd, "commands", {}).items():
        _localize(sub, name if path == "belote" else f"{path}.{name}", lang)
