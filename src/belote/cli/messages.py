"""The CLI's words: the language asked (``--lang``, ``$BELOTE_LANG``), the labels of its
reports, and the errors it prints, each worded by the catalog from its code."""

from __future__ import annotations

import itertools
import os
import re
from typing import Any

import typer

from .. import i18n

LANG_ENV = "BELOTE_LANG"  # the default language of messages when --lang is not given


def _lang_value(v: Any) -> Any:
    """``--lang`` as typed: any case and spaces (``EN``, `` en``) give ``en``, and a locale
    name its language (``en_US.UTF-8``: ``en``, as in ``LANG``)."""
    if not isinstance(v, str):
        return v
    v = v.strip().lower()
    return re.split(r"[_.@-]", v, maxsplit=1)[0] if re.match(r"^[a-z]{2}[_.@-]", v) else v


#: the labels of check's report (and a few more), by language: the catalog's ``cli.<key>``
_TEXT_KEYS = ("regular", "irregular", "taker", "trump", "contract", "made", "failed", "litige",
              "capot", "points", "score", "held", "team", "passed", "incomplete", "belote",
              "annonces", "seat", "trick", "error", "penalty", "colon", "stopped")
TEXT = {lang: {key: i18n.tr(f"cli.{key}", lang) for key in _TEXT_KEYS} for lang in i18n.LANGS}


def words(key: str, lang: str, /, **params: Any) -> str:
    """The catalog's ``cli.<key>`` in ``lang`` (French for a language the catalog lacks) with
    ``params`` filled in."""
    return i18n.tr(f"cli.{key}", lang if lang in i18n.LANGS else i18n.DEFAULT_LANG, **params)


class _CodedBadParameter(typer.BadParameter):
    """A usage error of the CLI's own (``--lang de``) that carries a catalog code and params,
    worded by :func:`belote.cli.usage.usage_message`."""

    def __init__(self, message: str, *, code: str, params: dict[str, Any],
                 param_hint: str) -> None:
        super().__init__(message, param_hint=param_hint)
        self.code, self.params = code, params


def _lang(lang: str) -> dict[str, str]:
    if lang not in TEXT:
        raise _CodedBadParameter(f"expected fr or en, not {lang!r}", code="usage.bad_lang",
                                 params={"value": lang}, param_hint="--lang")
    return TEXT[lang]


def say(error: BaseException, lang: str) -> str:
    """The words of ``error`` for the user in ``lang``: the catalog's wording of its code
    (:func:`belote.i18n.message`; an error in one deal of a game,
    :class:`~belote.engine.record.InDeal`, words its place then the deal's own error from its
    params); ``str(error)`` for an error from outside the project (it has no code in the
    catalog)."""
    lang = lang if lang in i18n.LANGS else i18n.DEFAULT_LANG
    return i18n.message(error, lang)


def _lang_of(args: list[str]) -> str:
    """The language a command line asks for before it is parsed (its errors are shown
    before ``--lang`` is read): the last ``--lang`` given (the command's own comes after
    belote's), else ``$BELOTE_LANG``; ``en`` or ``fr``. A value that is neither (its error is
    about to be shown) gives way to the ``--lang`` before it, then the variable, then
    French."""
    words = [str(a).strip().lower() for a in args]  # as --lang reads it (any case)
    if "--" in words:  # after it, arguments only
        words = words[:words.index("--")]
    given = [a[7:] if a.startswith("--lang=") else b
             for a, b in itertools.pairwise(words + [""])
             if a == "--lang" or a.startswith("--lang=")]
    for v in given[::-1] + [os.environ.get(LANG_ENV, "")]:
        lang = _lang_value(v)
        if isinstance(lang, str) and lang in TEXT:
            return lang
    return "fr"


def _bad_lang_with_help(args: list[str], *, group: bool) -> str | None:
    """The first ``--lang`` value of ``args`` that is neither ``fr`` nor ``en`` (as
    ``--lang`` reads it: :func:`_lang_value`) when they also ask for the help (``-h``,
    ``--help``), else None: the help is shown before any command runs, and a bad language
    must be refused with it as it is without it (exit 2), not hidden by a French help.
    ``args``: a command's own (up to ``--``), or with ``group`` a group's, up to its
    command's name (the command reads what follows)."""
    own = []
    value = False
    for a in args:
        if a == "--":
            break
        if group and not value and not a.startswith("-"):
            break  # the command's name
        own.append(a)
        value = a == "--lang"
    if not {"-h", "--help"} & set(own[:-1] if value else own):
        return None
    given = [a[7:] if a.startswith("--lang=") else b
             for a, b in itertools.pairwise(own + [""])
             if a == "--lang" or a.startswith("--lang=")]
    for v in given:
        lang = _lang_value(v)
        if lang not in TEXT:
            return str(lang)
    return None


def _refuse_bad_lang(args: list[str], ctx: Any, *, group: bool) -> None:
    """Refuse a bad ``--lang`` given with ``-h`` (:func:`_bad_lang_with_help`) as the
    command refuses it (``usage.bad_lang``, a usage error: exit 2)."""
    bad = _bad_lang_with_help(args, group=group)
    if bad is not None and not ctx.resilient_parsing:
        try:
            _lang(bad)
        except _CodedBadParameter as e:
            e.ctx = ctx
            raise

