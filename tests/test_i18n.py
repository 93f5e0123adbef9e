"""The message catalog (belote.i18n): every code worded in both languages, the compiled
catalogs current, the fields the same in both, every code the source raises present."""

from __future__ import annotations

import gettext
import io
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from belote import i18n
from belote.engine.errors import RecordError

SRC = Path(__file__).resolve().parent.parent / "src" / "belote"


def _po(lang):
    with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "belote.po", "rb") as f:
        return read_po(f, locale=lang)


def _fields(text):
    return sorted({name for _, name, _, _ in string.Formatter().parse(text) if name})


def test_every_code_is_worded_in_both_languages():
    fr, en = i18n.catalog("fr"), i18n.catalog("en")
    assert set(fr) == set(en), sorted(set(fr) ^ set(en))
    assert all(fr.values()) and all(en.values())


#: fields one language may leave out: ``cite``, the rule texts a rule cites (the French of a
#: refused underruff, ``illegal.must_underruff``, names none; the English names 001)
OPTIONAL_FIELDS = {"cite"}


def test_both_languages_fill_the_same_fields():
    fr, en = i18n.catalog("fr"), i18n.catalog("en")
    for code in fr:
        assert set(_fields(fr[code])) - OPTIONAL_FIELDS == \
            set(_fields(en[code])) - OPTIONAL_FIELDS, code
    # (few: each such wording is one where the languages said it differently before)
    # (the rules.* three: the French names the rule texts by ``{cite!n}``, the English, the
    # engine's own words, cites them by code as it always did)
    assert sorted(c for c in fr if _fields(fr[c]) != _fields(en[c])) == \
        ["illegal.must_underruff", "irregular.must_underruff", "rules.max_bid_limit",
         "rules.rounding_scoring", "rules.winner_if_doubled"]


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_compiled_catalog_is_current(lang):
    """The .mo beside each .po is what ``pybabel compile`` makes of it (run it after an edit)."""
    buf = io.BytesIO()
    write_mo(buf, _po(lang))
    fresh = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))._catalog
    # the metadata entry ("") holds the compile time: compare the messages only
    assert {k: v for k, v in fresh.items() if k} == \
        {k: v for k, v in i18n._translations(lang)._catalog.items() if k}


def test_every_code_the_source_names_is_in_the_catalog():
    codes = set()
    for path in SRC.rglob("*.py"):
        codes |= set(re.findall(r"\bcode=\"([a-z0-9_.]+)\"", path.read_text(encoding="utf-8")))
    missing = sorted(c for c in codes if not i18n.has(c, "fr"))
    assert not missing


def test_an_error_is_worded_in_each_language():
    try:
        i18n.check_lang("de")
    except ValueError as e:
        assert e.code == "i18n.unknown_lang"
        assert i18n.message(e, "fr") == "fr ou en attendu, pas de"
        assert i18n.message(e, "en") == str(e) == "expected fr or en, not 'de'"


def test_a_record_error_keeps_its_place_before_the_words():
    e = RecordError("expected fr or en, not 'de'", where="deals[1]", code="i18n.unknown_lang",
                    params={"lang": "de"})
    assert i18n.message(e, "fr") == "deals[1] : fr ou en attendu, pas de"
    assert i18n.message(e, "en") == "deals[1]: expected fr or en, not 'de'" == str(e)


def test_an_error_from_outside_is_left_as_it_is():
    assert i18n.message(OSError("disk on fire"), "fr") == "disk on fire"


def test_conversions_word_cards_and_types():
    f = i18n._Formatter("fr")
    assert f.format("{c!c} {h!h} {t!t}", c="KD", h="JH 9H", t="int or null") == \
        "R♦ V♥ 9♥ entier ou null"
    assert i18n._Formatter("en").format("{c!c}", c="KD") == "K♦"


def test_the_catalog_exports_as_json_for_a_browser():
    data = json.loads(i18n.export_json())
    assert set(data) == set(i18n.LANGS)
    assert data["fr"]["i18n.unknown_lang"] == "fr ou en attendu, pas {lang}"


def test_an_unknown_language_is_refused():
    with pytest.raises(i18n.UnknownLanguage):
        i18n.tr("error", "de")


def test_an_exported_catalog_is_a_copy():
    """A client editing what export() gave it changes nothing for the others (the catalog is
    shared and read-only)."""
    mine = i18n.export("fr")
    mine["seat.you"] = "X"
    assert i18n.tr("seat.you", "fr") == "Vous"
    with pytest.raises(TypeError):
        i18n.catalog("fr")["seat.you"] = "X"  # type: ignore[index]
