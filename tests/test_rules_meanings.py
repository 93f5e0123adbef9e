"""``belote rules`` says what each option means (issue 16 item 6: 31 option names were printed
with no description), in both languages, within 80 columns; ``--json`` keeps its keys."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from belote import i18n
from belote.cli import app
from belote.cli.output import out
from belote.engine import PRESET_NAMES, Rules
from belote.engine.rules import OPTION_NAMES


@pytest.fixture
def columns_80(monkeypatch):
    """The command's standard output 80 columns wide (a terminal's default)."""
    monkeypatch.setattr(out, "width", 80)


def rows(text: str, columns: int) -> dict[str, list[str]]:
    """The body rows of the rich tables in ``text``: option name → its other cells, the
    wrapped lines of a cell joined by spaces."""
    found: dict[str, list[str]] = {}
    name = None
    for line in text.splitlines():
        if not line.startswith("│"):
            continue
        cells = [c.strip() for c in line.strip("│").split("│")]
        assert len(cells) == columns, line
        if cells[0]:
            name = cells[0]
            found[name] = cells[1:]
        else:
            assert name is not None
            found[name] = [f"{a} {b}".strip() for a, b in zip(found[name], cells[1:],
                                                               strict=True)]
    return found


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rules_preset_gives_each_option_its_value_and_meaning_in_80_columns(lang, columns_80):
    r = CliRunner().invoke(app, ["rules", "ffb", "--lang", lang])
    assert r.exit_code == 0, r.output
    assert all(len(line) <= 80 for line in r.stdout.splitlines())
    head = [c.strip() for c in r.stdout.splitlines()[2].strip("┃").split("┃")]
    assert head == ["option", "ffb", {"fr": "sens", "en": "meaning"}[lang]]
    table = rows(r.stdout, 3)
    assert list(table) == list(OPTION_NAMES)
    ffb = Rules.preset("ffb")
    # docs/sources.md §10 / 002: ffb deals 3-3-2 by auction, ta scaled to 162 (002 annex)
    assert table["packets"][0] == "3-3-2" and table["bidding"][0] == "auction"
    assert table["ta_scaled"][0] == ("true" if ffb.ta_scaled else "false") == "true"
    for name in OPTION_NAMES:
        assert table[name][1] == i18n.tr(f"option.{name}", lang)
    if lang == "fr":
        assert table["sequence_order"][1] == (
            "Suites comparées : points (leur valeur, puis la plus haute carte) ou length "
            "(leur longueur, puis la plus haute carte).")
    else:
        assert table["must_underruff"][1] == (
            "Unable to overtrump, a player must still play a lower trump (underruff).")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rules_of_every_preset_ends_with_what_each_option_means(lang, columns_80):
    r = CliRunner().invoke(app, ["rules", "--lang", lang])
    assert r.exit_code == 0, r.output
    assert all(len(line) <= 80 for line in r.stdout.splitlines())
    title = {"fr": "ce que dit chaque option", "en": "what each option means"}[lang]
    head, legend = r.stdout.split(title)
    for preset in PRESET_NAMES:
        assert preset in head
    meanings: dict[str, str] = {}  # a borderless list: a name, then its wrapped meaning
    for line in legend.splitlines()[1:]:
        if line[:1].strip():
            name, meaning = line.split(None, 1)
            meanings[name] = meaning.strip()
        elif line.strip():
            meanings[name] += " " + line.strip()
    assert list(meanings) == list(OPTION_NAMES)
    for name in OPTION_NAMES:
        assert meanings[name] == i18n.tr(f"option.{name}", lang)
    assert meanings["annonces"] == {"fr": "Les annonces (tierce, cinquante, cent, carré) "
                                          "comptent.",
                                    "en": "Annonces (tierce, cinquante, cent, carré) "
                                          "count."}[lang]


def test_every_option_has_a_meaning_in_both_languages():
    for lang in ("fr", "en"):
        for name in OPTION_NAMES:
            assert i18n.has(f"option.{name}", lang), (lang, name)


def test_rules_json_keeps_one_key_a_preset_and_no_meanings():
    r = CliRunner().invoke(app, ["rules", "--json"])
    data = json.loads(r.stdout)
    assert set(data) == set(PRESET_NAMES)   # the meanings are in `belote i18n export`
    for preset in PRESET_NAMES:
        assert data[preset] == Rules.preset(preset).to_dict()
