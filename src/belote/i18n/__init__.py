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
English), and the reasons other programs give, by their fixed names (never their English text):
``{errno!o}`` an OS error by its errno name (``"EACCES"``: the catalog's ``os.eacces``; the
``reason`` param, the system's own words, for a name the catalog lacks), ``{error!d}`` a
message of Python's JSON or UTF-8 decoder (one of a fixed set, :data:`DECODER_MESSAGES`:
``"Expecting value"`` → ``json.expecting_value``), ``{source!f}`` where a record was read
from (a path, or ``"-"``: standard input, ``record.stdin``), ``{kind!k}`` the kind of a
referee's irregularity (``"bid"``: ``record.kind.bid``), ``{cite!n}`` the rule texts a
message cites by their codes (``"002 §IV.C"``, ``"001, 004"``: each code named by the
catalog's ``source.<code>``, ``"règlement FFB §IV.C"``), ``{irregularity!m}`` a message given
as a param (``{"code": …, "params": {…}}``, optionally ``"places"``: a referee's irregularity
inside a record error, a deal's error inside a game's).

Cards and suits as a player reads them come from the catalog too (:func:`card_label`,
:func:`suit_name`: ``rank.<R>`` and ``suit.<S>``), as do the rule keys of a report
(:func:`rule_name`: ``rule.<key>``) and the names of the bots (:func:`bot_name`:
``bot.name.<name>``).

Floor: imports :mod:`belote.engine` only (and the standard library).
"""

from __future__ import annotations

import gettext
import json
import math
import string
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from belote.engine.cards import RANK_OF, RANKS, SUIT_OF, SUIT_SYMBOLS, SUITS, parse_card
from belote.engine.errors import BeloteError, CardError, RecordError, errno_name

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


#: the fixed messages of Python's JSON decoder (``JSONDecodeError.msg``, the C scanner's and
#: the pure-Python decoder's) and of its UTF-8 codec (``UnicodeDecodeError.reason``) → their
#: code in the catalog
DECODER_MESSAGES: dict[str, str] = {
    "Expecting value": "json.expecting_value",
    "Expecting property name enclosed in double quotes": "json.expecting_property_name",
    "Expecting ',' delimiter": "json.expecting_comma",
    "Expecting ':' delimiter": "json.expecting_colon",
    "Extra data": "json.extra_data",
    "Unterminated string starting at": "json.unterminated_string",
    "Invalid control character at": "json.invalid_control_character",
    "Invalid \\escape": "json.invalid_escape",
    "Invalid \\uXXXX escape": "json.invalid_uxxxx_escape",
    "Illegal trailing comma before end of object": "json.trailing_comma_object",
    "Illegal trailing comma before end of array": "json.trailing_comma_array",
    "Unexpected UTF-8 BOM (decode using utf-8-sig)": "json.unexpected_bom",
    "invalid start byte": "utf8.invalid_start_byte",
    "invalid continuation byte": "utf8.invalid_continuation_byte",
    "unexpected end of data": "utf8.unexpected_end_of_data",
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


def catalog(lang: str) -> Mapping[str, str]:
    """Every code of ``lang``'s catalog → its wording (fields unfilled), read-only (shared by
    every caller: :func:`export` hands out copies)."""
    return _catalog(lang)


@cache
def _catalog(lang: str) -> Mapping[str, str]:
    messages = _translations(lang)._catalog  # type: ignore[attr-defined]
    return MappingProxyType({str(k): str(v) for k, v in messages.items() if k})


class _Formatter(string.Formatter):
    """``str.format`` with the catalog's conversions (``!c`` card, ``!h`` cards, ``!t`` type,
    ``!u`` suit, ``!o`` errno name, ``!d`` decoder message, ``!f`` record source, ``!k`` kind
    of irregularity, ``!n`` rule texts cited, ``!m`` a nested message)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.params: Mapping[str, Any] = {}

    def vformat(self, format_string: str, args: Sequence[Any],
                kwargs: Mapping[str, Any]) -> str:
        self.params = kwargs  # (``!o`` falls back on the ``reason`` param)
        return super().vformat(format_string, args, kwargs)

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "c":
            return _card(value, self.lang)
        if conversion == "h":
            cards = value.split() if isinstance(value, str) else list(value)
            return " ".join(_card(c, self.lang) for c in cards)
        if conversion == "u":
            return _suit(value, self.lang)
        if conversion == "k":
            code = f"record.kind.{value}"
            return tr(code, self.lang) if has(code, self.lang) else str(value)
        if conversion == "o":
            return os_reason(value, self.params.get("reason"), self.lang)
        if conversion == "d":
            decoded = DECODER_MESSAGES.get(str(value))
            return str(value) if decoded is None else tr(decoded, self.lang)
        if conversion == "f":
            return tr("record.stdin", self.lang) if value == "-" else str(value)
        if conversion == "n":
            return cite(value, self.lang)
        if conversion == "m":
            return nested(value, self.lang)
        if conversion is None and self.lang != "en":
            return _as_json(value)
        if conversion == "t":
            names = _TYPE_NAMES[self.lang]
            return " ".join(names.get(w, w) if w != "or" else ("ou" if self.lang == "fr" else w)
                            for w in str(value).split())
        return super().convert_field(value, conversion)


#: Python's words for values that JSON words otherwise, as whole words (outside quotes)
_PY_WORDS = {"None": "null", "True": "true", "False": "false", "nan": "NaN",
             "inf": "Infinity"}


def _as_json(value: Any) -> Any:
    """A param as a JSON text would word it, in a language other than English (whose
    wording is the error's own ``str``): None ``null``, True ``true``, a float NaN ``NaN``,
    and in a Python repr given as text (``"[None, True]"``), those words outside quotes."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, float) and not math.isfinite(value):
        return json.dumps(value)
    if isinstance(value, str) and len(value) <= 1000:
        return _json_words(value)
    return value


def _json_words(text: str) -> str:
    """``text`` with each whole word of :data:`_PY_WORDS` outside quotes ('…' or "…", a
    backslash escaping the next character) replaced."""
    out: list[str] = []
    word: list[str] = []
    quote, escaped = "", False
    for ch in text + " ":  # (the space ends the last word; dropped below)
        if quote:
            out.append(ch)
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch.isalnum() or ch == "_":
            word.append(ch)
        else:
            if word:
                w = "".join(word)
                out.append(_PY_WORDS.get(w, w))
                word = []
            out.append(ch)
            quote = ch if ch in "'\"" else ""
    return "".join(out)[:-1]


def os_reason(name: Any, reason: Any, lang: str) -> str:
    """What the system says of a file, in ``lang``: the catalog's ``os.<name>`` for ``name``,
    an errno name (``"EACCES"``); else ``reason`` (the system's own words), else the name."""
    code = f"os.{name}".lower()
    if isinstance(name, str) and has(code, lang):
        return tr(code, lang)
    return str(reason if reason is not None else name)


def os_error_reason(error: OSError, lang: str) -> str:
    """Why the system refused, in ``lang``: :func:`os_reason` of ``error``'s errno name
    (:func:`belote.engine.errors.errno_name`) and its own words (``strerror``, else
    ``str(error)``), the file it names left out."""
    return os_reason(errno_name(error), error.strerror or str(error), lang)


def os_error(error: BaseException, lang: str) -> str:
    """An exception of the system (an :class:`OSError`: a save that failed) in ``lang``: its
    reason by errno (:func:`os_reason`) and the file it names (``os.error_path``); another
    exception as ``str(error)``."""
    if not isinstance(error, OSError):
        return str(error)
    reason = os_error_reason(error, lang)
    if error.filename is None:
        return reason
    return tr("os.error_path", lang, reason=reason, path=str(error.filename))


def _suit(value: Any, lang: str) -> str:
    text = str(value)
    if len(text) != 1 or text not in SUITS:
        return text
    return suit_name(SUITS.index(text), lang)


def _card(value: Any, lang: str) -> str:
    try:
        card = parse_card(str(value))
    except CardError:
        return str(value)
    return card_label(card, lang)


def card_label(card: int, lang: str = DEFAULT_LANG) -> str:
    """How a player reads ``card`` (a card id 0..35) in ``lang``: its rank as the catalog's
    ``rank.<R>`` words it then the suit's symbol (``"V♥"``, ``"10♠"`` in French; ``"J♥"`` in
    English); records and JSON use :func:`belote.engine.cards.card_str` (``"JH"``)."""
    return tr(f"rank.{RANKS[RANK_OF[card]]}", lang) + SUIT_SYMBOLS[SUIT_OF[card]]


def suit_name(suit: int, lang: str = DEFAULT_LANG) -> str:
    """A suit (0..3, ``S H D C``) named mid-sentence in ``lang``, the catalog's
    ``suit.<S>``: ``"trèfle"`` in French, ``"Clubs"`` in English."""
    return tr(f"suit.{SUITS[suit]}", lang)


def rule_name(rule: str, lang: str = DEFAULT_LANG) -> str:
    """A rule key of a report (``IllegalAction.rule``, an irregularity's ``"rule"``:
    ``"follow_suit"``) as ``lang`` names it, the catalog's ``rule.<key>`` (English: the key
    itself); the key for a rule the catalog lacks."""
    code = f"rule.{rule}"
    return tr(code, lang) if has(code, lang) else str(rule)


def bot_name(label: str, lang: str = DEFAULT_LANG) -> str:
    """A bot's name or label (``"heuristic"``, ``"expert:8"``: a name of
    :data:`belote.bots.BOT_NAMES`, then its level) as ``lang`` names it, the catalog's
    ``bot.name.<name>`` (``"heuristique"``; English: the name itself), the level kept; a label
    the catalog lacks as it is."""
    name, colon_, level = str(label).partition(":")
    code = f"bot.name.{name}"
    return tr(code, lang) + colon_ + level if has(code, lang) else str(label)


def cite(value: Any, lang: str = DEFAULT_LANG) -> str:
    """Rule texts cited by their codes (``"002 §IV.C"``, ``"001, 002 §VI.3, 004 §1a"``: codes
    separated by ``", "``, each followed by its section or nothing) named in ``lang``
    (``source.<code>``: ``"règlement FFB §IV.C"``); a part that is no such code left as it is."""
    parts = []
    for part in str(value).split(", "):
        code, _, section = part.partition(" ")
        name = f"source.{code}"
        parts.append(tr(name, lang) + (f" {section}" if section else "")
                     if has(name, lang) else part)
    return ", ".join(parts)


def nested(value: Any, lang: str = DEFAULT_LANG) -> str:
    """A message given as a param, ``{"code": …, "params": {…}}`` and optionally
    ``"places"`` (a record error's places, outermost first: each put before it followed by
    the language's colon, as :func:`message` does), worded in ``lang``.
    Raises KeyError (its code not in the catalog) or TypeError (not such a mapping)."""
    if not isinstance(value, Mapping) or not isinstance(value.get("code"), str):
        raise TypeError(f"not a message: {value!r}")
    text = tr(value["code"], lang, **dict(value.get("params") or {}))
    places = value.get("places") or ()
    if isinstance(places, str) or not all(isinstance(p, str) for p in places):
        raise TypeError(f"not a list of places: {places!r}")
    return "".join(f"{place}{colon(lang)} " for place in places) + text


def irregularity(irr: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    """A referee's irregularity (:data:`belote.engine.record.Irregularity`) in ``lang``, the
    catalog's wording of its ``code`` and ``params``; its English ``message`` when they do
    not fill a wording (an irregularity made by hand)."""
    try:
        return nested(irr, lang)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return str(irr.get("message"))


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
    (a :class:`RecordError`'s place before it, each of its ``places`` followed by the
    language's colon: ``deals[1] : plays[3] : …``), or ``str(error)`` when the catalog has no
    such code (an error from outside the project) or when its params do not fill the wording
    (a param missing or of the wrong kind)."""
    code = getattr(error, "code", None)
    if not isinstance(code, str) or not has(code, lang):
        return str(error)
    params = getattr(error, "params", {}) or {}
    try:
        text = tr(code, lang, **params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return str(error)  # params that do not fill the wording (an error made by hand)
    places = error.places if isinstance(error, RecordError) else ()
    return "".join(f"{place}{colon(lang)} " for place in places) + text


def export(lang: str | None = None) -> dict[str, Any]:
    """The catalog as JSON-ready data for a browser client: ``{"fr": {code: text}, "en": …}``,
    or one language's ``{code: text}`` when ``lang`` is given."""
    if lang is not None:
        return dict(catalog(lang))
    return {each: dict(catalog(each)) for each in LANGS}


def export_json(lang: str | None = None) -> str:
    """:func:`export` as a JSON text (UTF-8, sorted keys)."""
    return json.dumps(export(lang), ensure_ascii=False, sort_keys=True, indent=1)


__all__ = ["DECODER_MESSAGES", "DEFAULT_LANG", "LANGS", "UnknownLanguage", "bot_name",
           "card_label", "catalog", "check_lang", "cite", "colon", "export", "export_json", "has",
           "irregularity", "message", "nested", "os_error", "os_error_reason", "os_reason",
           "rule_name", "suit_name", "tr"]
