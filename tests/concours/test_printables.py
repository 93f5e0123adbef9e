"""Issue 19 item 6: the concours's printables (belote.concours.printables) read back with
poppler's pdftotext and pdfinfo, and the CSV exports (belote.concours.exports) read back with
the csv module."""

from __future__ import annotations

import csv
import html
import io
import re
import subprocess

import pytest

from belote.concours import printables
from belote.concours.exports import draw_csv, ranking_csv, text_cell
from belote.concours.model import ConcoursInfo, Format, RankRow, SheetTable
from belote.concours.printables import (
    Pen,
    prizes_pdf,
    ranking_pdf,
    score_sheets,
    table_cards,
)
from belote.i18n import UnknownLanguage

INFO = ConcoursInfo(name="Concours de la Saint-Éloi", date="2026-12-05",
                    place="Salle des fêtes, Cœuvres")
#: eight players à la mêlée, an "œ" name first
PLAYERS = ["Œdipe Cœurdelion", "Élodie Müller", "Jean-François Noël", "Zoé Lefèvre",
           "Anaïs Bœuf", "Gaëtan Roux", "Chloé Dupré", "Hervé Kœnig"]
#: a name no font draws whole: an emoji with a skin tone, 500 Cyrillic letters, a NUL, a
#: right-to-left override and Arabic, CJK, a lone surrogate, a line break, markup, a
#: combining accent and zero-width characters
HOSTILE = ("👍🏽 " + "Ж" * 500 + "\x00\u202eمرحبا 李小龍\ud800\n<b>&amp;</b> e\u0301"
           "\u200d\ufeff fin")


def _tables(count: int, partie: int = 2, seed: int = 4242) -> list[SheetTable]:
    """``count`` tables of ``partie``, the players taken round the list by fours."""
    tables = []
    for index in range(count):
        names = [PLAYERS[(4 * index + k) % len(PLAYERS)] for k in range(4)]
        tables.append(SheetTable(partie=partie, seed=seed, table=index + 1,
                                 sides=((names[0], names[2]), (names[1], names[3]))))
    return tables


def _write(tmp_path, data: bytes, name: str = "out.pdf"):
    assert isinstance(data, bytes) and data.startswith(b"%PDF-")
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _pages(path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)$", info.stdout, re.M).group(1))


def _text(path, page: int | None = None, *crop: str) -> str:
    """pdftotext -layout of the document, or of one page (``crop``: pdftotext's -x -y -W -H
    options, in points)."""
    pages = [] if page is None else ["-f", str(page), "-l", str(page)]
    out = subprocess.run(["pdftotext", "-layout", *pages, *crop, str(path), "-"],
                         capture_output=True, text=True, check=True)
    return out.stdout


def _in_order(text: str, *parts: str) -> None:
    """Each of ``parts`` appears in ``text`` after the one before it."""
    position = 0
    for part in parts:
        found = text.find(part, position)
        assert found >= 0, (part, text[position:position + 400])
        position = found + len(part)


def _grid(text: str) -> list[list[str]]:
    """The words of each line of a score sheet's grid, from the first deal line to the Total
    line (the header's lines left out)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == ["Donne"]
                 or line.split()[:1] == ["Deal"])
    grid = []
    for line in lines[start + 1:]:
        words = line.split()
        if words and (words[0].isdigit() or words[0] == "Total"):
            grid.append(words)
            if words[0] == "Total":
                return grid
    raise AssertionError("no Total line")


def _words(path, page: int) -> list[tuple[str, float, float]]:
    """Each word of ``page`` with the centre of its box (points, from the top left), from
    pdftotext -bbox."""
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path),
                          "-"], capture_output=True, text=True, check=True).stdout
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                       r'yMax="([\d.]+)">([^<]*)</word>', out)
    return [(html.unescape(word), (float(x0) + float(x1)) / 2, (float(y0) + float(y1)) / 2)
            for x0, y0, x1, y1, word in found]


def _at(words: list[tuple[str, float, float]], word: str) -> tuple[float, float]:
    """The centre of the one ``word`` on the lower half of the page (y > 421)."""
    places = [(x, y) for text, x, y in words if text == word and y > 421]
    assert len(places) == 1, (word, places)
    return places[0]


def _line(text: str, first: str) -> list[str]:
    """The words of the first line of ``text`` whose first word is ``first``."""
    for line in text.splitlines():
        words = line.split()
        if words and words[0] == first:
            return words
    raise AssertionError(f"no line starting with {first!r}")


def _rows(count: int, parties: int = 4) -> list[RankRow]:
    """``count`` ranking rows, rank r with 10000 - r points, every seventh withdrawn."""
    return [RankRow(rank=r, entrant=r, name=f"{PLAYERS[r % 8]} {r}", points=10000 - r,
                    won=parties - r % (parties + 1), conceded=3000 + r, played=parties,
                    byes=r % 2, parties=tuple(1000 + 10 * p + r % 10 for p in range(parties)),
                    withdrawn=r % 7 == 0)
            for r in range(1, count + 1)]


# -- score sheets ------------------------------------------------------------------------------

def test_a_sheet_per_table_with_the_partie_table_seed_players_and_12_deals(tmp_path):
    """Seed 000: "4 parties de 12 donnes prises effectives"; one sheet per table."""
    path = _write(tmp_path, score_sheets(INFO, _tables(8)))
    assert _pages(path) == 8
    for table in range(1, 9):
        names = [PLAYERS[(4 * (table - 1) + k) % 8] for k in range(4)]
        text = _text(path, table)
        _in_order(text, "tirage n° 4242", "Concours de la Saint-Éloi",
                  "2026-12-05 · Salle des fêtes, Cœuvres", "12 donnes prises effectives",
                  f"Partie 2 · Table {table}")
        _in_order(text, "Nord–Sud", "Est–Ouest", names[0], names[1], names[2], names[3])
        assert [line[0] for line in _grid(text)] == [*map(str, range(1, 13)), "Total"]
        _in_order(text, "162", "182", "252", "272", "Litige", "12e et dernière donne",
                  "Signature Nord–Sud", "Signature Est–Ouest")
    assert "Œdipe Cœurdelion" in _text(path, 1) and "Hervé Kœnig" in _text(path, 2)


def test_a_sheet_with_lines_is_printed_filled_in_with_running_totals(tmp_path):
    """Three lines of seed 000: 100 / 62 (made, 162 in all), 0 / 162 (failed: "le camp
    adverse marque la totalité des points"), 252 / 0 (capot)."""
    table = SheetTable(partie=1, seed=7, table=3, sides=(("Anaïs Bœuf", "Zoé Lefèvre"),
                                                         ("Gaëtan Roux", "Chloé Dupré")),
                       lines=((100, 62), (0, 162), (252, 0)))
    path = _write(tmp_path, score_sheets(INFO, [table]))
    grid = _grid(_text(path))
    assert grid[:4] == [["1", "100", "100", "62", "62"], ["2", "0", "100", "162", "224"],
                        ["3", "252", "352", "0", "224"], ["4"]]
    assert grid[-1] == ["Total", "352", "224"] and len(grid) == 13


def test_an_empty_sheet_has_no_points(tmp_path):
    path = _write(tmp_path, score_sheets(INFO, _tables(1)))
    assert _grid(_text(path)) == [[str(n)] for n in range(1, 13)] + [["Total"]]


def test_a_partie_to_a_target_score_has_20_lines_and_names_the_target(tmp_path):
    info = ConcoursInfo(name="Concours", deals=None, target=1000)
    path = _write(tmp_path, score_sheets(info, _tables(2)))
    assert _pages(path) == 2
    text = _text(path, 1)
    assert "partie en 1000 points" in text
    assert [line[0] for line in _grid(text)] == [*map(str, range(1, 21)), "Total"]
    assert "dernière donne" not in text  # no last deal to a target score


def test_a_target_sheet_in_english_with_lines_keeps_to_one_page(tmp_path):
    info = ConcoursInfo(name="Club", deals=None, target=701)
    table = SheetTable(partie=4, seed=3, table=9, sides=(("A", "B"), ("C", "D")),
                       lines=((162, 0),) * 5)
    path = _write(tmp_path, score_sheets(info, [table, table], lang="en"))
    assert _pages(path) == 2
    text = _text(path, 2)
    assert "game to 701 points" in text and "Round 4 · Table 9" in text
    grid = _grid(text)
    assert len(grid) == 21 and grid[4] == ["5", "162", "810", "0", "0"]
    assert grid[-1] == ["Total", "810", "0"]


def test_a_sheet_longer_than_its_deals_prints_every_line(tmp_path):
    table = SheetTable(partie=1, seed=1, table=1, sides=(("A", "B"), ("C", "D")),
                       lines=tuple((81, 81) for _ in range(14)))
    path = _write(tmp_path, score_sheets(INFO, [table]))
    assert _pages(path) == 1
    grid = _grid(_text(path))
    assert len(grid) == 15 and grid[13] == ["14", "81", str(14 * 81), "81", str(14 * 81)]


def test_the_sheets_in_english(tmp_path):
    path = _write(tmp_path, score_sheets(INFO, _tables(1), lang="en"))
    text = _text(path)
    _in_order(text, "draw no. 4242", "12 taken deals", "Round 2 · Table 1", "North–South",
              "East–West", "Deal", "Points", "Running total", "Total", "162", "litige",
              "Signature North–South")
    assert "Partie" not in text and "Donne" not in text


def test_teams_sides_are_team_1_and_team_2(tmp_path):
    info = ConcoursInfo(name="Par équipes", format=Format.EQUIPES)
    table = SheetTable(partie=1, seed=5, table=1, sides=(("Œdipe / Zoé",), ("Anaïs / Hervé",)))
    text = _text(_write(tmp_path, score_sheets(info, [table])))
    _in_order(text, "Équipe 1", "Équipe 2", "Œdipe / Zoé", "Anaïs / Hervé")
    assert "Nord–Sud" not in text


def test_another_preset_has_no_reminder_of_seed_000(tmp_path):
    info = ConcoursInfo(name="Coinche", preset="coinche")
    text = _text(_write(tmp_path, score_sheets(info, _tables(1))))
    assert "182" not in text and "litige" not in text and "Signature" in text


def test_no_table_gives_one_empty_page(tmp_path):
    for make in (score_sheets, table_cards):
        path = _write(tmp_path, make(INFO, []))
        assert _pages(path) == 1


def test_the_same_sheets_give_the_same_bytes():
    assert score_sheets(INFO, _tables(2)) == score_sheets(INFO, _tables(2))


# -- table cards -------------------------------------------------------------------------------

def test_a_card_per_table_with_its_number_and_the_players_by_seat(tmp_path):
    """The lower face reads: North above the number, West left and East right of it, South
    below; side 0 South (seat 0) and North (seat 2), side 1 East (seat 1) and West (seat
    3): the player after South on its right (seed 000: counter-clockwise)."""
    tables = _tables(3, partie=5)
    path = _write(tmp_path, table_cards(INFO, tables))
    assert _pages(path) == 3
    for table in tables:
        words = _words(path, table.table)
        (south, north), (east, west) = ([name.split()[0] for name in side]
                                        for side in table.sides)
        number = _at(words, str(table.table))
        assert _at(words, "Concours")[1] < _at(words, "Partie")[1] < _at(words, north)[1] \
            < _at(words, "Table")[1] < number[1] < _at(words, south)[1]
        assert _at(words, west)[0] < number[0] < _at(words, east)[0]
        assert abs(_at(words, west)[1] - number[1]) < 30 > abs(_at(words, east)[1] - number[1])
        assert _at(words, "Nord")[1] < _at(words, north)[1]  # each seat's name under its word
        assert _at(words, "Sud")[1] < _at(words, south)[1]
        assert _at(words, "Ouest")[1] < _at(words, west)[1]
        upper = [w for w, _x, y in words if y < 421]  # the other face, upside down
        assert upper.count(north) == upper.count("Partie") == 1
        assert upper.count(str(table.table)) == 1


def test_a_team_card_splits_the_team_name_on_its_seats(tmp_path):
    info = ConcoursInfo(name="Par équipes", format=Format.EQUIPES)
    table = SheetTable(partie=1, seed=5, table=12, sides=(("Œdipe / Zoé",), ("Anaïs / Hervé",)))
    words = _words(_write(tmp_path, table_cards(info, [table])), 1)
    number = _at(words, "12")
    assert _at(words, "Zoé")[1] < number[1] < _at(words, "Œdipe")[1]  # North, South
    assert _at(words, "Hervé")[0] < number[0] < _at(words, "Anaïs")[0]  # West, East


def test_the_cards_in_english(tmp_path):
    text = _text(_write(tmp_path, table_cards(INFO, _tables(1), lang="en")))
    assert "Round 2" in text and "North" in text and "West" in text and "Partie" not in text


# -- ranking and prize list --------------------------------------------------------------------

def test_400_rows_of_ranking_take_several_pages_each_with_the_header(tmp_path):
    rows = _rows(400)
    path = _write(tmp_path, ranking_pdf(INFO, rows, after=3))
    pages = _pages(path)
    assert pages >= 5
    seen = []
    for page in range(1, pages + 1):
        text = _text(path, page)
        _in_order(text, "Classement après la partie 3", "Rang", "Nom", "Points", "Gagnées",
                  "Concédés", "P1", "P2", "P3", "P4", "Exempt")
        assert f"page {page}" in text
        seen += [int(line.split()[0]) for line in text.splitlines()
                 if re.match(r"\s*\d+\s+\D", line)]
    assert seen == list(range(1, 401))  # every rank once, in order, over the pages


def test_a_ranking_row_shows_its_points_parties_and_byes(tmp_path):
    rows = _rows(14)
    text = _text(_write(tmp_path, ranking_pdf(INFO, rows)))
    assert "Classement final" in text
    row = rows[6]  # rank 7: withdrawn
    assert _line(text, "7") == ["7", *row.name.split(), "(retiré)", str(row.points),
                                str(row.won), str(row.conceded),
                                *(str(p) for p in row.parties), str(row.byes)]
    assert _line(text, "3") == ["3", *rows[2].name.split(), "9997", str(rows[2].won), "3003",
                                "1003", "1013", "1023", "1033", "1"]
    assert text.count("(retiré)") == 2  # ranks 7 and 14


def test_a_partie_not_scored_is_a_dash_and_many_parties_turn_the_page(tmp_path):
    rows = [RankRow(rank=1, entrant=1, name="Zoé", points=2400, won=2, conceded=2000,
                    played=2, byes=0, parties=(1200, None, 1200, None, None, None, None, None))]
    path = _write(tmp_path, ranking_pdf(INFO, rows, lang="en"))
    text = _text(path)
    _in_order(text, "Final ranking", "Rank", "Name", "Points", "Won", "Conceded", "R1", "R8",
              "Byes")
    assert _line(text, "1") == ["1", "Zoé", "2400", "2", "2000", "1200", "–", "1200",
                                *["–"] * 5, "0"]
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
    assert re.search(r"Page size:\s+841\.\d+ x 595\.\d+", info)  # landscape


def test_the_prize_list(tmp_path):
    rows = _rows(5)
    prizes = ["Un jambon de Bayonne", "Deux bouteilles de bordeaux", "Un panier garni"]
    path = _write(tmp_path, prizes_pdf(INFO, rows, prizes))
    assert _pages(path) == 1
    text = _text(path)
    _in_order(text, "Concours de la Saint-Éloi", "Palmarès", "Rang", "Nom", "Points", "Lot")
    assert _line(text, "1") == ["1", *rows[0].name.split(), "9999", *prizes[0].split()]
    assert _line(text, "3") == ["3", *rows[2].name.split(), "9997", *prizes[2].split()]
    assert _line(text, "5") == ["5", *rows[4].name.split(), "9995"]  # listed, no prize
    english = _text(_write(tmp_path, prizes_pdf(INFO, rows, prizes, lang="en"), "en.pdf"))
    assert "Prize list" in english and "Prize" in english and "Palmarès" not in english


# -- any text ----------------------------------------------------------------------------------

def test_a_hostile_name_crashes_nothing_and_keeps_the_page_count(tmp_path):
    info = ConcoursInfo(name=HOSTILE, date=HOSTILE, place=HOSTILE)
    tables = [SheetTable(partie=1, seed=1, table=t, sides=((HOSTILE, HOSTILE), (HOSTILE,)),
                         lines=((81, 81),)) for t in (1, 2, 3)]
    rows = [RankRow(rank=r, entrant=r, name=HOSTILE, points=0, won=0, conceded=0, played=0,
                    byes=0, parties=(None,), withdrawn=True) for r in (1, 2)]
    assert _pages(_write(tmp_path, score_sheets(info, tables), "s.pdf")) == 3
    assert _pages(_write(tmp_path, table_cards(info, tables), "c.pdf")) == 3
    assert _pages(_write(tmp_path, ranking_pdf(info, rows), "r.pdf")) == 1
    assert _pages(_write(tmp_path, prizes_pdf(info, rows, ["Lot " + HOSTILE[:40]]),
                         "p.pdf")) == 1
    huge = prizes_pdf(info, rows, ["Lot " * 3000, "Ж" * 5000])  # no cell taller than a page
    assert _pages(_write(tmp_path, huge, "huge.pdf")) == 1
    text = _text(tmp_path / "s.pdf", 1)
    assert "?? " in text and "…" in text and "\x00" not in text
    assert _grid(text)[0] == ["1", "81", "81", "81", "81"]


def test_clean_keeps_what_the_font_draws_and_replaces_the_rest():
    pen = Pen("fr")
    assert pen.clean("Œdipe Cœurdelion") == "Œdipe Cœurdelion"
    assert pen.clean("e\u0301") == "é"  # composed (NFC)
    assert pen.clean("a\x00b\u200d\ufeffc\u202e") == "abc"  # control and format: dropped
    assert pen.clean("  a\n\tb\r\n") == "a b"
    assert pen.clean("👍") == "?" and pen.clean("\ud800") == ""
    assert pen.clean("<b>&amp;</b>") == "<b>&amp;</b>"  # no markup read


def test_fit_cuts_a_long_name_to_its_width():
    pen = Pen("fr")
    cut = pen.fit("Œ" * 500, 100, 10)
    assert cut.endswith("…") and pen.width(cut, 10) <= 100 < pen.width(cut + "Œ", 10)
    assert pen.fit("Zoé", 100, 10) == "Zoé"


def test_without_dejavu_the_fonts_are_reportlabs_vera_which_draws_oe(tmp_path, monkeypatch):
    monkeypatch.setattr(printables, "FONT_DIRS", ())
    pen = Pen("fr")
    assert pen.fonts.regular == "belote-Vera" and pen.clean("Œœ–…€Ж") == "Œœ–…€?"
    path = _write(tmp_path, score_sheets(INFO, _tables(1)))
    assert "Œdipe Cœurdelion" in _text(path)
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                           check=True).stdout.splitlines()[2:]
    assert fonts and all("Vera" in line and " yes yes yes " in line for line in fonts)


def test_a_broken_dejavu_file_falls_back_on_vera(tmp_path, monkeypatch):
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        (tmp_path / name).write_bytes(b"not a font")
    monkeypatch.setattr(printables, "FONT_DIRS", (str(tmp_path / "none"), str(tmp_path)))
    assert Pen("en").fonts.bold == "belote-VeraBd"


def test_every_font_of_a_printable_is_embedded(tmp_path):
    for index, data in enumerate([score_sheets(INFO, _tables(1)),
                                  table_cards(INFO, _tables(1)),
                                  ranking_pdf(INFO, _rows(3)),
                                  prizes_pdf(INFO, _rows(3), ["Lot"])]):
        path = _write(tmp_path, data, f"{index}.pdf")
        fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                               check=True).stdout.splitlines()[2:]
        assert len(fonts) == 2 and all(" TrueType " in f and " yes yes yes " in f
                                       for f in fonts), fonts


def test_an_unknown_language_is_refused():
    for call in (lambda: score_sheets(INFO, [], lang="de"),
                 lambda: ranking_pdf(INFO, [], lang="de"),
                 lambda: ranking_csv([], lang="de")):
        with pytest.raises(UnknownLanguage):
            call()


# -- CSV ---------------------------------------------------------------------------------------

def _read_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_the_ranking_as_csv_reads_back():
    rows = _rows(8)
    rows[1] = RankRow(rank=2, entrant=2, name='Zoé "la Reine", Cœur\nde lion', points=2400,
                      won=2, conceded=2000, played=3, byes=1, parties=(1200, None, 1200))
    lines = _read_csv(ranking_csv(rows))
    assert lines[0] == ["Rang", "Nom", "Points", "Gagnées", "Concédés", "Jouées", "Exempt",
                        "Abandon", "P1", "P2", "P3", "P4"]
    assert len(lines) == 9
    first = rows[0]
    assert lines[1] == ["1", first.name, "9999", str(first.won), "3001", "4", "1", "",
                        "1001", "1011", "1021", "1031"]
    assert lines[2] == ["2", 'Zoé "la Reine", Cœur\nde lion', "2400", "2", "2000", "3", "1",
                        "", "1200", "", "1200", ""]
    assert lines[7][:2] == ["7", rows[6].name] and lines[7][7] == "oui"
    english = _read_csv(ranking_csv(rows, "en"))
    assert english[0][:8] == ["Rank", "Name", "Points", "Won", "Conceded", "Played", "Byes",
                              "Withdrawn"] and english[7][7] == "yes"


def test_the_draw_as_csv_reads_back():
    tables = _tables(2, partie=3, seed=99)
    lines = _read_csv(draw_csv(INFO, tables))
    assert lines == [
        ["Partie", "Table", "Tirage", "Camp", "Joueur 1", "Joueur 2"],
        ["3", "1", "99", "Nord–Sud", "Œdipe Cœurdelion", "Jean-François Noël"],
        ["3", "1", "99", "Est–Ouest", "Élodie Müller", "Zoé Lefèvre"],
        ["3", "2", "99", "Nord–Sud", "Anaïs Bœuf", "Chloé Dupré"],
        ["3", "2", "99", "Est–Ouest", "Gaëtan Roux", "Hervé Kœnig"],
    ]
    teams = ConcoursInfo(name="Par équipes", format=Format.EQUIPES)
    table = SheetTable(partie=1, seed=5, table=1, sides=(("Œdipe / Zoé",), ("Anaïs / Hervé",)))
    assert _read_csv(draw_csv(teams, [table], "en")) == [
        ["Round", "Table", "Draw", "Side", "Player 1"],
        ["1", "1", "5", "Team 1", "Œdipe / Zoé"], ["1", "1", "5", "Team 2", "Anaïs / Hervé"]]


def test_a_csv_cell_that_a_spreadsheet_would_run_is_defused():
    assert text_cell("=HYPERLINK(\"x\")") == "'=HYPERLINK(\"x\")"
    assert [text_cell(s) for s in ("+1", "-2", "@a", "\tb", "Zoé")] == [
        "'+1", "'-2", "'@a", "'\tb", "Zoé"]
    table = SheetTable(partie=1, seed=1, table=1, sides=(("=1+1", "Zoé"), ("A\x00B", "C")))
    lines = _read_csv(draw_csv(INFO, [table]))
    assert lines[1][4:] == ["'=1+1", "Zoé"] and lines[2][4:] == ["A\x00B", "C"]
