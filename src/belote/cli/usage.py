"""click's usage errors (typer parses the command line) in the language asked: belote's
command group (:class:`_Group`) catches them and words them."""

from __future__ import annotations

import sys

import typer
from rich.markup import escape
from typer.core import TyperGroup

from .help import localize
from .messages import _in_french, _lang_of
from .output import err

# click's exception classes as typer raises them (typer carries its own copy of click: the
# ``click`` package's classes are other classes); typer exports BadParameter, a subclass
_ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


class _Group(TyperGroup):
    """belote's command group: typer's own, with click's usage errors ("No such option",
    "Missing argument"…) in the language the command line asks for, French by default
    (click words them in English). Exit codes as click's: 2 for a usage error."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        argv = sys.argv[1:] if args is None else list(args)
        self.belote_lang = _lang_of(argv)  # read before parsing (see _lang_of)
        localize(self, self.belote_lang)  # -h and usage lines in the command's language
        if not standalone_mode:
            return super().main(argv, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(argv, prog_name, complete_var, False, **extra)
        except _ClickException as e:
            if type(e).__name__ == "NoArgsIsHelpError":  # plain ``belote``: the help
                _show(e)
            else:
                _click_error(e, self.belote_lang)
            sys.exit(e.exit_code)
        except typer.Abort:
            err.print("Interrompu." if self.belote_lang == "fr" else "Aborted!",
                      highlight=False)
            sys.exit(1)
        # a finished command returns None (exit 0); typer.Exit(n) comes back as n
        sys.exit(rv if isinstance(rv, int) else 0)


def _show(e: Exception) -> None:
    """click's own display of a usage error (English) or of the help; when standard error is
    closed, nothing: the exit code still tells (2, not 4 for an output not written)."""
    try:
        e.show()  # type: ignore[attr-defined]
    except OSError:
        pass


def _click_error(e: Exception, lang: str) -> None:
    """A usage error as click shows it (the usage line, where to find help, the error), in
    French unless ``lang`` is ``en``."""
    if lang == "en":
        _show(e)
        return
    ctx = getattr(e, "ctx", None)
    lines = []
    if ctx is not None:
        lines.append(ctx.get_usage())  # "Usage : …" (cli_help.localize)
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(f"Essayez « {ctx.command_path} {ctx.help_option_names[0]} » pour "
                         "l'aide.")
        lines.append("")
    try:
        err.print(escape("\n".join(lines + [""])) + "[bold red]erreur :[/] " +
                  escape(_in_french(e.format_message())), highlight=False)
    except OSError:  # standard error closed: the exit code still tells
        pass

