"""One catalog for every message a user can read, in French (the default) and English.

Messages are named by stable codes (``"card.bad_rank"``, ``"tui.your_turn"``): the code is the
gettext ``msgid`` and each language's ``locale/LANG/LC_MESSAGES/belote.po`` words it, with
``str.format`` fields named after the error's ``params`` (``"carte inconnue : {text}"``).
The ``.mo`` files beside them are compiled with Babel
(``pybabel compile -d src/belote/i18n/locale -D belote``; a test checks they are current).

Fields may carry a conversion that words a value in the language (see :class:`_Formatter`):
``{card!c}`` a card code (``"KD"`` → ``"R♦"`` in French, ``"K♦"`` in English), ``{cards!h}``
cards (a list of codes or a space-separated string), ``{kind!t}`` a JSON type name,
``{suit!u}`` a suit letter (``"C"`` → ``"trèfle"`` in French, mid-sentence, ``"Clubs"`` in
English),
``{reason!w}`` a word of another program (an OS error's reason, Python's JSON or UTF-8
decoder's message, "standard input"): the catalog's ``word.<text>``, or the text as it is.

Floor: imports :mod:`belote.engine` only (and the standard library).
"""

from __future__ import annotations

import gettext
import json
import string
from functools import cache
from pathlib import Path
from typing import Any

from belote.engine.cards import SUIT_NAMES_EN, SUIT_NAMES_FR, SUITS, card_en, card_fr, parse_card
from belote.engine.errors import BeloteError, CardError, RecordError

#: the languages of the catalog, the default first
LANGS: tuple[str, ...] = ("fr", "en")
DEFAULT_LANG = "fr"
DOMAIN = "belote"
LOCALE_DIR = Path(__file__).parent / "locale"

#: JSON type names (``type(x).__name__``) as a record error names them
_TYPE_NAMES: dict[str, dict[str, str]] = {
    "fr": {"int": "entier", "str": "texte", "list": "liste", "dict": "objet",
           "bool": "booléen", "float": "nombre décimal", "NoneType": "null", "null": "null"},
    "en": {"int": "int", "str": "str", "list": "list", "dict": "dict", "bool": "bool",
           "float": "float", "NoneType": "null", "null": "null"},
}


class UnknownLanguage(BeloteError):
    """A language that the catalog does not have (``LANGS`` lists them)."""

    default_code = "i18n.unknown_lang"


def check_lang(lang: str) -> str:
    """``lang`` when the catalog has it. Raises :class:`UnknownLanguage` (a ValueError)."""
    if lang not in LANGS:
        raise UnknownLanguage(f"expected fr or en, not {lang!r}", params={"lang": str(lang)})
    return lang


@cache
def _translations(lang: str) -> gettext.GNUTranslations:
    with open(LOCALE_DIR / check_lang(lang) / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
        return gettext.GNUTranslations(f)


def has(code: str, lang: str) -> bool:
    """Whether the catalog words ``code`` in ``lang``."""
    return code in catalog(lang)


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every code of ``lang``'s catalog → its wording (fields unfilled), a fresh dict."""
    messages = _translations(lang)._catalog  # type: ignore[attr-defined]
    return {str(k): str(v) for k, v in messages.items() if k}


class _Formatter(string.Formatter):
    """``str.format`` with the catalog's conversions (``!c`` card, ``!h`` cards, ``!t`` type,
    ``!w`` a word of another program)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "c":
            return _card(value, self.lang)
        if conversion == "h":
            cards = value.split() if isinstance(value, str) else list(value)
            return " ".join(_card(c, self.lang) for c in cards)
        if conversion == "u":
            return _suit(value, self.lang)
        if conversion == "w":  # a word of another program (the system, Python's json)
            return catalog(self.lang).get(f"word.{value}", str(value))
        if conversion == "t":
            names = _TYPE_NAMES[self.lang]
            return " ".join(names.get(w, w) if w != "or" else ("ou" if self.lang == "fr" else w)
                            for w in str(value).split())
        return super().convert_field(value, conversion)


def _suit(value: Any, lang: str) -> str:
    text = str(value)
    if len(text) != 1 or text not in SUITS:
        return text
    index = SUITS.index(text)
    return SUIT_NAMES_FR[index].lower() if lang == "fr" else SUIT_NAMES_EN[index]


def _card(value: Any, lang: str) -> str:
    try:
        card = parse_card(str(value))
    except CardError:
        return str(value)
    return card_fr(card) if lang == "fr" else card_en(card)


def tr(code: str, lang: str = DEFAULT_LANG, /, **params: Any) -> str:
    """The catalog's wording of ``code`` in ``lang`` with ``params`` filled in.

    Raises KeyError when the catalog lacks ``code`` (a bug: a test checks every code),
    :class:`UnknownLanguage` for a language not in :data:`LANGS`."""
    text = catalog(lang).get(code)
    if text is None:
        raise KeyError(f"no message {code!r} in the {lang} catalog")
    return _Formatter(lang).vformat(text, (), params)


def colon(lang: str) -> str:
    """What stands before a colon: a space in French (as every message of the CLI), nothing in
    English."""
    return " :" if lang == "fr" else ":"


def message(error: BaseException, lang: str = DEFAULT_LANG) -> str:
    """The words of ``error`` for a user in ``lang``: the catalog's wording of its ``code``
    (a :class:`RecordError`'s ``where`` before it), or ``str(error)`` when the catalog has no
    such code (an error from outside the project)."""
    code = getattr(error, "code", None)
    if not isinstance(code, str) or not has(code, lang):
        return str(error)
    params = getattr(error, "params", {}) or {}
    text = tr(code, lang, **params)
    where = getattr(error, "where", None) if isinstance(error, RecordError) else None
    return f"{where}{colon(lang)} {text}" if where else text


def export(lang: str | None = None) -> dict[str, Any]:
    """The catalog as JSON-ready data for a browser client: ``{"fr": {code: text}, "en": …}``,
    or one language's ``{code: text}`` when ``lang`` is given."""
    if lang is not None:
        return catalog(lang)
    return {each: catalog(each) for each in LANGS}


def export_json(lang: str | None = None) -> str:
    """:func:`export` as a JSON text (UTF-8, sorted keys)."""
    return json.dumps(export(lang), ensure_ascii=False, sort_keys=True, indent=1)


__all__ = ["DEFAULT_LANG", "LANGS", "UnknownLanguage", "catalog", "check_lang", "colon",
           "export", "export_json", "has", "message", "tr"]
