"""The command line's help in the language asked for (``belote -h``, ``belote check -h``…).

The help of both languages is in the catalog (:mod:`belote.i18n`): ``help.<command>`` (the
full help), ``help.<command>.short_help``, ``help.<command>.<param>``, ``help.belote`` and
``help.belote.<param>`` for belote's own, ``help.metavar.<param>`` the value names; the
English one is also written where each command is declared (docstrings and ``help=``, a test
checks they agree). The words typer adds (``Usage:``, ``[default: …]``, ``[required]``) are
put in French here. :func:`localize` puts one language on the command tree typer builds before
it parses the command line, so ``-h`` and the usage line of an error speak the same language
as the command's messages (``--lang``, then ``$BELOTE_LANG``, else French).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import typer
from typer._click.formatting import HelpFormatter

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


#: the words typer writes around the help texts, French (a section heading is followed by
#: click's colon: "Commandes :")
_FR_WORDS = {"Usage: ": i18n.tr("usage.usage", "fr"), "Options": "Options ",
             "Arguments": "Arguments ", "Commands": "Commandes ",
             "Show this message and exit.": "Afficher cette aide et quitter."}
_EXTRA = re.compile(r"\[([^\[\]]*)\]$")  # typer's "[default: 1; x>=1; required]"


#: click's ranges ("x>=1", "1<=x<=500") in words
_FR_RANGES = tuple((re.compile(p), f) for p, f in (
    (r"^(-?[\d.]+)<=x<=(-?[\d.]+)$", r"de \1 à \2"),
    (r"^x>=(-?[\d.]+)$", r"au moins \1"),
    (r"^x<=(-?[\d.]+)$", r"au plus \1"),
    (r"^x>(-?[\d.]+)$", r"plus de \1"),
    (r"^x<(-?[\d.]+)$", r"moins de \1"),
))


def _fr_extra(match: re.Match[str]) -> str:
    parts = []
    for part in match[1].split("; "):
        if part.startswith("default: "):
            part = "par défaut : " + part[len("default: "):]
        elif part == "required":
            part = "obligatoire"
        else:
            for pattern, words in _FR_RANGES:
                if pattern.match(part):
                    part = pattern.sub(words, part)
                    break
        parts.append(part)
    return "[" + " ; ".join(parts) + "]"


class _Formatter(HelpFormatter):
    """click's help formatter (typer's copy), without typer's ``<str>`` after a named
    argument (``RECORD <str>``: the name says what it is)."""

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl([(term.removesuffix(" <str>"), text) for term, text in rows],
                         col_max, col_spacing)


def _nbsp(text: str) -> str:
    """French typography: the space before ``:`` ``;`` ``?`` ``!`` made non-breaking (click's
    wrapping then never starts a line with one)."""
    return re.sub(r" ([:;?!])", "\u00a0\\1", text)


class _FrFormatter(_Formatter):
    """:class:`_Formatter` with typer's own words in French, French spacing."""

    def write_text(self, text: str) -> None:
        super().write_text(_nbsp(text))

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _FR_WORDS["Usage: "] if prefix is None else prefix)

    def section(self, name: str) -> Any:
        return super().section(_FR_WORDS.get(name, name))

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl([(term, _nbsp(_EXTRA.sub(_fr_extra, _FR_WORDS.get(text, text))))
                          for term, text in rows], col_max, col_spacing)


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
