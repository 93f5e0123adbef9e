"""click's usage errors (typer parses the command line) in the language asked: belote's
command group (:class:`_Group`) catches them and words them from their structure (the
exception's class and fields, the parameter it names), never from click's English text.

typer 0.29.2 carries its own copy of click (``typer._click``; the ``click`` package's classes
are other classes) and checks option values with pydantic (a bad ``--deals abc`` is a
``BadParameter`` raised from a ``ValidationError``, whose error ``type`` names the failure).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from difflib import get_close_matches
from typing import Any

import typer
from rich.markup import escape
from typer._click import exceptions as click_errors
from typer._click.utils import _escape_control_characters
from typer.core import TyperCommand, TyperGroup

from .. import i18n
from .help import HelpGroup, LocalizedHelp, localize
from .messages import _lang_of, _refuse_bad_lang, words
from .output import err


class _CodedUsageError(click_errors.UsageError):
    """A usage error whose words the catalog gives: ``code`` and ``params``."""

    def __init__(self, message: str, ctx: Any, *, code: str, params: dict[str, Any]) -> None:
        super().__init__(message, ctx)
        self.code, self.params = code, params


class _Command(LocalizedHelp, TyperCommand):
    """belote's commands: typer's own, with extra arguments refused by a coded error
    (``usage.extra_arguments``, the arguments as given)."""

    allow_extra_args = True  # parsed, then refused below (click would word them in English)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        _refuse_bad_lang(args, ctx, group=False)  # before -h shows the help
        try:
            rest: list[str] = super().parse_args(ctx, args)
        except click_errors.BadOptionUsage as e:  # raised by the parser, without the command
            found = _bad_option_usage(e, self.params)
            if found is None:
                raise
            raise _CodedUsageError(e.message, e.ctx, code=found[0], params=found[1]) from None
        if rest and not ctx.resilient_parsing:
            extra = " ".join(_escape_control_characters(str(arg)) for arg in rest)
            raise _CodedUsageError(f"Got unexpected extra argument(s) ({extra})", ctx,
                                   code="usage.extra_arguments", params={"arguments": extra})
        return rest


class _CodedCommands(TyperGroup):
    """A click group's bad ``--lang`` refused with ``-h`` as without it, and its unknown
    command (``belote foo``, ``belote i18n expor``) refused by a coded error:
    ``usage.no_such_command`` (param ``name``), or ``usage.no_such_command_suggest`` with
    the close names (``suggestions``: ``'export'``)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        _refuse_bad_lang(args, ctx, group=True)  # before -h shows the help
        rest: list[str] = super().parse_args(ctx, args)
        return rest

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except click_errors.UsageError as e:
            name = args[0] if args else ""
            if type(e) is not click_errors.UsageError or self.get_command(ctx, name):
                raise  # an option where the command was expected (No such option…)
            matches = get_close_matches(name, list(self.commands))
            code, params = "usage.no_such_command", {"name": name}
            if matches:
                code = "usage.no_such_command_suggest"
                params["suggestions"] = ", ".join(repr(m) for m in matches)
            raise _CodedUsageError(e.message, ctx, code=code, params=params) from None


class _Group(_CodedCommands, LocalizedHelp, TyperGroup):
    """belote's command group: typer's own, with click's usage errors ("No such option",
    "Missing argument"…) in the language the command line asks for, French by default
    (click words them in English). Exit codes as click's: 2 for a usage error."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        argv = sys.argv[1:] if args is None else list(args)
        self.belote_lang = _lang_of(argv)  # read before parsing (see _lang_of)
        localize(self, self.belote_lang)  # -h and usage lines in the command's language
        if not standalone_mode:
            return super().main(argv, prog_name, complete_var, False, windows_expand_args,
                                **extra)
        try:
            rv = super().main(argv, prog_name, complete_var, False, windows_expand_args,
                              **extra)
        except click_errors.ClickException as e:
            if isinstance(e, click_errors.NoArgsIsHelpError):  # plain ``belote``: the help
                _show(e)
            else:
                _click_error(e, self.belote_lang)
            sys.exit(e.exit_code)
        except typer.Abort:
            with contextlib.suppress(OSError):
                err.print(escape(words("aborted", self.belote_lang)), highlight=False)
            sys.exit(1)
        # a finished command returns None (exit 0); typer.Exit(n) comes back as n
        sys.exit(rv if isinstance(rv, int) else 0)

    def invoke(self, ctx: Any) -> Any:
        if not ctx._protected_args and not self.invoke_without_command:  # no command named
            raise _CodedUsageError("Missing command.", ctx, code="usage.missing_command",
                                   params={})
        return super().invoke(ctx)

class CommandGroup(_CodedCommands, HelpGroup):
    """A group of commands under belote's (``belote i18n``): :class:`belote.cli.help.HelpGroup`
    with an unknown command refused in the language asked (:class:`_CodedCommands`)."""


def _show(e: click_errors.ClickException) -> None:
    """click's own display of a usage error (English) or of the help; when standard error is
    closed, nothing: the exit code still tells (2, not 4 for an output not written)."""
    with contextlib.suppress(OSError):
        e.show()


def _click_error(e: click_errors.ClickException, lang: str) -> None:
    """A usage error as click shows it (the usage line, where to find help, the error), in
    ``lang``."""
    ctx = getattr(e, "ctx", None)
    lines = []
    if ctx is not None:
        lines.append(ctx.get_usage())  # "Usage : …" (cli.help.localize)
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(i18n.tr("usage.try_help", lang, command=ctx.command_path,
                                 option=ctx.help_option_names[0]))
        lines.append("")
    with contextlib.suppress(OSError):  # standard error closed: the exit code still tells
        err.print(escape("\n".join(lines + [""])) + "[bold red]"
                  + escape(i18n.tr("usage.error", lang)) + "[/] "
                  + escape(usage_message(e, lang)), highlight=False)


def usage_message(e: click_errors.ClickException, lang: str) -> str:
    """The words of click's usage error ``e`` in ``lang``: the catalog's, found from the
    exception's class and fields; click's own message (English) for an error it lacks."""
    found = _usage_code(e)
    if found is None:
        return e.format_message()
    code, params = found
    return i18n.tr(code, lang, **_params_in(params, lang))


def _params_in(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """``params`` with a ``reason`` given as ``(code, params)`` worded in ``lang``."""
    reason = params.get("reason")
    if isinstance(reason, tuple):
        code, inner = reason
        params = {**params, "reason": i18n.tr(code, lang, **inner)}
    return params


def _usage_code(e: click_errors.ClickException) -> tuple[str, dict[str, Any]] | None:
    """The catalog's code for ``e`` and its params, None when the catalog lacks it."""
    if isinstance(e, _CodedUsageError):
        return e.code, e.params
    if isinstance(e, click_errors.NoSuchOption):
        if e.possibilities:
            return "usage.no_such_option_possible", {
                "name": e.option_name, "possible": ", ".join(sorted(e.possibilities))}
        return "usage.no_such_option", {"name": e.option_name}
    if isinstance(e, click_errors.MissingParameter):
        return _missing(e)
    if isinstance(e, click_errors.BadParameter):
        return _bad_parameter(e)
    return None


def _param_name(param: Any) -> str:
    """How a usage error names ``param``: an option by its names (``--deals``), an argument
    by its value's name (``FICHIER``, ``RECORD``)."""
    if param.param_type_name == "option" and param.opts:
        return " / ".join(param.opts)
    return str(param.metavar or param.name)


def _missing(e: click_errors.MissingParameter) -> tuple[str, dict[str, Any]] | None:
    param = e.param
    if param is None or e.message or e.param_hint is not None:
        return None
    kind = param.param_type_name
    if kind not in ("argument", "option"):
        return None
    return f"usage.missing_{kind}", {"name": _param_name(param)}


def _bad_option_usage(e: click_errors.BadOptionUsage,
                      params: list[Any]) -> tuple[str, dict[str, Any]] | None:
    """An option given without its value, or a flag given one (``--json=x``): which, from the
    option's declaration among the command's ``params``."""
    option = next((p for p in params if e.option_name in getattr(p, "opts", ())), None)
    if option is None:
        return None
    if getattr(option, "is_flag", False) or getattr(option, "count", False):
        return "usage.takes_no_value", {"name": e.option_name}
    if option.nargs == 1:
        return "usage.requires_value", {"name": e.option_name}
    return "usage.requires_values", {"name": e.option_name, "count": option.nargs}


def _bad_parameter(e: click_errors.BadParameter) -> tuple[str, dict[str, Any]]:
    """A value refused: by pydantic (its error's type: ``int_parsing``, ``greater_than_equal``
    with its bound…), by belote's own check (a coded error), else click's message as it is."""
    reason: Any = e.message
    code = getattr(e, "code", None)
    if isinstance(code, str) and i18n.has(code, "fr"):
        reason = (code, dict(getattr(e, "params", {})))
    else:
        validation = _validation_error(e.__cause__)
        if validation is not None:
            reason = validation
    if e.param_hint is not None:
        hint = e.param_hint
        name = hint if isinstance(hint, str) else " / ".join(repr(x) for x in hint)
        return "usage.invalid_value_hint", {"name": name, "reason": reason}
    if e.param is not None:
        return "usage.invalid_value", {"name": _param_name(e.param), "reason": reason}
    return "usage.invalid", {"reason": reason}


def _validation_error(cause: BaseException | None) -> tuple[str, dict[str, Any]] | None:
    """pydantic's first error in ``cause`` (a ``ValidationError``) as ``(code, params)``:
    ``usage.value.<type>`` with the bounds of its context (``ge``, ``le``…); None when it is
    not one or the catalog lacks its type."""
    errors = getattr(cause, "errors", None)
    if not callable(errors):
        return None
    try:
        first = errors()[0]
        kind, context = first["type"], dict(first.get("ctx") or {})
    except (IndexError, KeyError, TypeError):
        return None
    code = f"usage.value.{kind}"
    if not i18n.has(code, "fr"):
        return None
    return code, {k: v for k, v in context.items() if isinstance(v, int | float | str)}
