"""The concours's printables as PDF (ReportLab, A4): the score sheets, the table cards, the
ranking and the prize list. Each function returns the whole document as ``bytes`` (the
caller writes it atomically); the same arguments give the same bytes (no date, no random id
in the file).

Words come from the catalog in ``lang`` (``concours.pdf.*``; ``"fr"`` by default, ``"en"``).
Names, the concours's name and prizes are user input: they are drawn in an embedded TrueType
font, DejaVu Sans when the system has it (Debian's ``fonts-dejavu-core``: Latin, Greek,
Cyrillic, Hebrew, Arabic letters…), else Bitstream Vera, shipped inside ReportLab (Latin-1 and
the French "œ", "Œ", "–", "…", "€"). Any character that font cannot draw becomes "?",
control and format characters are dropped, line breaks become spaces, and a text too long
for its place is cut with "…" (:class:`Pen`). Right-to-left text is drawn in its stored
order (ReportLab shapes no script without the optional HarfBuzz).

Seats follow the play (seed 000: "dans le sens inverse des aiguilles d'une montre", the seat
after ``s`` the player on its right): side 0 holds seats 0 and 2 (South and North), side 1
seats 1 and 3 (East and West).

Raises :class:`~belote.i18n.UnknownLanguage` (a ValueError) for a language not in the
catalog; no text given crashes them.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal
from xml.sax.saxutils import escape

import reportlab
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from .. import i18n
from .exports import side_label
from .model import ConcoursInfo, RankRow, SheetTable

#: folders searched, in order, for DejaVu Sans (DejaVuSans.ttf and DejaVuSans-Bold.ttf):
#: Debian and Ubuntu, Fedora, Arch
FONT_DIRS: tuple[str, ...] = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu-sans-fonts",
    "/usr/share/fonts/TTF",
)
#: the font shipped inside ReportLab, used when no folder above has DejaVu Sans
VERA_DIR = str(Path(reportlab.__file__).parent / "fonts")

MARGIN = 36.0  # points (1/72 inch): half an inch round every page
#: the score sheet's deal lines when the partie is played to a target score (no deal count)
TARGET_LINES = 20


@dataclass(frozen=True)
class Fonts:
    """Two registered TrueType fonts (ReportLab names) and the code points both can draw."""

    regular: str
    bold: str
    covered: frozenset[int]


@cache
def load_fonts(dirs: tuple[str, ...]) -> Fonts:
    """DejaVu Sans (regular and bold) from the first of ``dirs`` that has both readable,
    else ReportLab's Vera, registered with ReportLab under names of their files. Raises
    OSError or TTFError only when ReportLab's own Vera is missing or broken."""
    pairs = [(Path(d) / "DejaVuSans.ttf", Path(d) / "DejaVuSans-Bold.ttf") for d in dirs]
    pairs.append((Path(VERA_DIR) / "Vera.ttf", Path(VERA_DIR) / "VeraBd.ttf"))
    for index, pair in enumerate(pairs):
        try:
            faces = [TTFont(f"belote-{path.stem}", str(path)) for path in pair]
        except (OSError, TTFError):
            if index == len(pairs) - 1:
                raise  # (ReportLab's own font: an install to repair)
            continue  # missing, unreadable or not a TrueType font: the next pair
        for face in faces:
            pdfmetrics.registerFont(face)
        covered = set(faces[0].face.charToGlyph) & set(faces[1].face.charToGlyph)
        return Fonts(faces[0].fontName, faces[1].fontName, frozenset(covered))
    raise AssertionError("unreachable")  # pragma: no cover


#: characters read as a space (line and page breaks, tabs)
_SPACES = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85\u2028\u2029")


class Pen:
    """The fonts, the language and the means to draw any text: :meth:`clean` makes it
    drawable, :meth:`fit` makes it fit a width, :meth:`tr` words a catalog code."""

    def __init__(self, lang: str) -> None:
        self.lang = i18n.check_lang(lang)
        self.fonts = load_fonts(FONT_DIRS)

    def tr(self, code: str, **params: Any) -> str:
        """The catalog's wording of ``code`` (ints as params; no user text goes through)."""
        return i18n.tr(code, self.lang, **params)

    def clean(self, text: str) -> str:
        """``text`` (NFC) as the font can draw it: breaks and tabs as spaces, runs of spaces
        as one, control, format and private-use characters and marks it lacks dropped, any
        other character it lacks as "?"."""
        out: list[str] = []
        for ch in unicodedata.normalize("NFC", str(text)):
            kind = unicodedata.category(ch)
            if ch in _SPACES or kind == "Zs":
                out.append(" ")
            elif ord(ch) in self.fonts.covered and kind[0] != "C":
                out.append(ch)
            elif kind[0] not in "CM":
                out.append("?")
        return " ".join("".join(out).split())

    def font(self, bold: bool) -> str:
        """The ReportLab name of the regular or the bold font."""
        return self.fonts.bold if bold else self.fonts.regular

    def width(self, text: str, size: float, bold: bool = False) -> float:
        """The width of ``text`` (drawable) in points at ``size``."""
        return float(pdfmetrics.stringWidth(text, self.font(bold), size))

    def fit(self, text: str, width: float, size: float, bold: bool = False) -> str:
        """``text`` cleaned, cut with "…" to at most ``width`` points at ``size``."""
        text = self.clean(text)
        if self.width(text, size, bold) <= width:
            return text
        low, high = 0, len(text)  # the longest prefix that fits with "…"
        while low < high:
            middle = (low + high + 1) // 2
            if self.width(text[:middle].rstrip() + "…", size, bold) <= width:
                low = middle
            else:
                high = middle - 1
        return text[:low].rstrip() + "…"

    def size_to_fit(self, text: str, width: float, largest: float, smallest: float,
                    bold: bool = False) -> float:
        """The largest size from ``largest`` down to ``smallest`` at which ``text``
        (drawable) fits ``width``; ``smallest`` when none does."""
        size = largest
        while size > smallest and self.width(text, size, bold) > width:
            size = max(smallest, size * 0.9)
        return size

    def style(self, size: float, bold: bool = False, align: Literal[0, 1, 2] = 0,
              leading: float | None = None) -> ParagraphStyle:
        """A paragraph style in the fonts (``align``: 0 left, 1 centre, 2 right)."""
        return ParagraphStyle(f"belote-{size}-{bold}-{align}", fontName=self.font(bold),
                              fontSize=size, leading=leading or size * 1.2, alignment=align)

    def para(self, text: str, size: float, bold: bool = False,
             align: Literal[0, 1, 2] = 0) -> Paragraph:
        """A paragraph of ``text`` (cleaned, any markup escaped) that wraps."""
        return Paragraph(escape(self.clean(text)), self.style(size, bold, align))

    def side_label(self, info: ConcoursInfo, side: int) -> str:
        """Side 0 or 1 as the sheets name it (:func:`~.exports.side_label`)."""
        return side_label(info.format, side, self.lang)

    def heading(self, info: ConcoursInfo) -> str:
        """The concours's date and place, as given, joined by " · " ("" for neither)."""
        return " · ".join(self.clean(part) for part in (info.date, info.place) if part.strip())


def _document(pen: Pen, info: ConcoursInfo, story: list[Flowable], *, landscaped: bool = False,
              on_page: Callable[[Canvas, Any], None] | None = None) -> bytes:
    """``story`` laid out on A4 (portrait, or landscape) as PDF bytes, titled with the
    concours's name, ``on_page`` drawing on every page."""
    buffer = io.BytesIO()
    story = story or [Spacer(1, 1)]  # (no flowable would give a file of no page)
    document = SimpleDocTemplate(
        buffer, pagesize=landscape(A4) if landscaped else A4, leftMargin=MARGIN,
        rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN, title=pen.clean(info.name),
        author="belote", creator="belote", invariant=1, lang=pen.lang,
        initialFontName=pen.font(False))
    if on_page is None:
        document.build(story)
    else:
        document.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return buffer.getvalue()


def _lines_style(pen: Pen, size: float, *extra: tuple[Any, ...]) -> TableStyle:
    """A table style: the regular font at ``size``, a grid, cells centred vertically."""
    return TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pen.font(False)),
        ("FONTSIZE", (0, 0), (-1, -1), size),
        ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        *extra,
    ])


# -- score sheets ------------------------------------------------------------------------------

def score_sheets(info: ConcoursInfo, tables: Sequence[SheetTable], lang: str = "fr") -> bytes:
    """One A4 page per table of ``tables`` (a partie's tables, or several parties'), in the
    order given: the concours's name, date and place, "Partie N", "Table T", the draw's seed
    ("tirage n° S"), the two sides' players, a grid of the deal lines (``info.deals`` lines,
    seed 000: "4 parties de 12 donnes prises effectives"; :data:`TARGET_LINES` when the
    partie is played to ``info.target`` points, named in the header) with each side's points
    and running total and a Total line, the rules of seed 000 in brief (preset
    ``concours``), and a box for each side's signature. A table whose ``lines`` is not empty
    is printed filled in (a copy of an entered sheet), with as many lines as it has when
    they are more. No table: a document of one empty page."""
    pen = Pen(lang)
    story: list[Flowable] = []
    for index, table in enumerate(tables):
        if index:
            story.append(PageBreak())
        story.extend(_sheet(pen, info, table))
    return _document(pen, info, story)


def _sheet(pen: Pen, info: ConcoursInfo, table: SheetTable) -> list[Flowable]:
    """The flowables of one score sheet: one page, the deal lines from 24 points high down
    to 12 as they need (past that, about 35 lines, the grid goes on to another page)."""
    rules = _sheet_rules(pen, info)
    rows = max(info.deals or TARGET_LINES, len(table.lines))
    width = A4[0] - 2 * MARGIN
    # the page's frame less its padding, what all but the deal lines take, 10 to spare
    room = A4[1] - 2 * MARGIN - 12 - 10 - sum(rule.wrap(width, A4[1])[1] for rule in rules)
    room -= _HEADER + 8 + _PLAYER * (1 + _seat_rows(table)) + 10 + 18 + 16 + 8 + 8 + 64
    row_height = max(12.0, min(24.0, room / (rows + 1)))
    return [_sheet_header(pen, info, table), Spacer(1, 8), _sheet_players(pen, info, table),
            Spacer(1, 10), _sheet_grid(pen, info, table, rows, row_height), Spacer(1, 8),
            *rules, Spacer(1, 8), _sheet_signatures(pen, info)]


#: the heights of the sheet's header and of a line of its players, points
_HEADER, _PLAYER = 68.0, 18.0


def _seat_rows(table: SheetTable) -> int:
    """How many players the larger side names (1 at least)."""
    return max(1, *(len(side) for side in table.sides))


def _sheet_header(pen: Pen, info: ConcoursInfo, table: SheetTable) -> Table:
    width = A4[0] - 2 * MARGIN
    seed = pen.tr("concours.pdf.seed", seed=table.seed)
    if info.deals:
        length = pen.tr("concours.pdf.deals", deals=info.deals)
    elif info.target:
        length = pen.tr("concours.pdf.target", target=info.target)
    else:
        length = ""
    where = pen.tr("concours.pdf.partie", partie=table.partie) + "  ·  " + pen.tr(
        "concours.pdf.table", table=table.table)
    cells = [[pen.fit(info.name, width - 110, 16, bold=True), seed],
             [pen.fit(pen.heading(info), width - 110, 10), ""],
             [where, length]]
    bold, regular = pen.font(True), pen.font(False)
    style = TableStyle([
        ("FONTNAME", (0, 0), (0, 0), bold), ("FONTSIZE", (0, 0), (0, 0), 16),
        ("FONTNAME", (0, 1), (-1, 1), regular), ("FONTSIZE", (0, 1), (-1, 1), 10),
        ("FONTNAME", (1, 0), (1, 0), regular), ("FONTSIZE", (1, 0), (1, 0), 8),
        ("FONTNAME", (0, 2), (0, 2), bold), ("FONTSIZE", (0, 2), (0, 2), 20),
        ("FONTNAME", (1, 2), (1, 2), regular), ("FONTSIZE", (1, 2), (1, 2), 9),
        ("ALIGN", (1, 0), (1, -1), "RIGHT"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 2), (-1, 2), 1, colors.black)])
    return Table(cells, colWidths=[width - 110, 110], rowHeights=[22, 16, _HEADER - 38],
                 style=style)


def _sheet_players(pen: Pen, info: ConcoursInfo, table: SheetTable) -> Table:
    half = (A4[0] - 2 * MARGIN) / 2
    cells = [[pen.side_label(info, 0), pen.side_label(info, 1)]]
    for row in range(_seat_rows(table)):
        cells.append([pen.fit(side[row], half - 12, 11) if row < len(side) else ""
                      for side in table.sides])
    return Table(cells, colWidths=[half, half], rowHeights=_PLAYER,
                 style=_lines_style(pen, 11, ("FONTNAME", (0, 0), (-1, 0), pen.font(True)),
                                    ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
                                    ("ALIGN", (0, 0), (-1, -1), "CENTER")))


def _sheet_grid(pen: Pen, info: ConcoursInfo, table: SheetTable, rows: int,
                row_height: float) -> Table:
    """Deal number, then each side's points and running total, one row per deal line, and
    the Total row (filled in from ``table.lines``)."""
    points, running = pen.tr("concours.pdf.points"), pen.tr("concours.pdf.running")
    cells: list[list[str]] = [
        [pen.tr("concours.pdf.deal"), pen.side_label(info, 0), "", pen.side_label(info, 1), ""],
        ["", points, running, points, running]]
    totals = [0, 0]
    for number in range(1, rows + 1):
        if number <= len(table.lines):
            line = table.lines[number - 1]
            totals = [totals[0] + line[0], totals[1] + line[1]]
            cells.append([str(number), str(line[0]), str(totals[0]), str(line[1]),
                          str(totals[1])])
        else:
            cells.append([str(number), "", "", "", ""])
    total = [str(t) for t in totals] if table.lines else ["", ""]
    cells.append([pen.tr("concours.pdf.total"), total[0], "", total[1], ""])
    width = A4[0] - 2 * MARGIN
    size = min(11.0, row_height * 0.55)
    bold = pen.font(True)
    return Table(cells, colWidths=[width * 0.12] + [width * 0.22] * 4,
                 rowHeights=[18, 16] + [row_height] * (rows + 1), repeatRows=2,
                 style=_lines_style(
                     pen, size, ("SPAN", (1, 0), (2, 0)), ("SPAN", (3, 0), (4, 0)),
                     ("SPAN", (0, 0), (0, 1)), ("SPAN", (1, -1), (2, -1)),
                     ("SPAN", (3, -1), (4, -1)), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                     ("FONTNAME", (0, 0), (-1, 1), bold), ("FONTSIZE", (0, 0), (-1, 1), 10),
                     ("FONTNAME", (0, -1), (-1, -1), bold),
                     ("BACKGROUND", (0, 0), (-1, 1), colors.lightgrey),
                     ("LINEABOVE", (0, -1), (-1, -1), 1.5, colors.black),
                     ("TEXTCOLOR", (2, 2), (2, -2), colors.dimgrey),
                     ("TEXTCOLOR", (4, 2), (4, -2), colors.dimgrey)))


def _sheet_rules(pen: Pen, info: ConcoursInfo) -> list[Flowable]:
    """Seed 000's scoring in brief, for the ``concours`` preset (the others score otherwise):
    162 a deal, 182 with the belote; a capot 252, 272; a litige (seed 000 c); with a deal
    count, the last deal's litige to the defence."""
    if info.preset != "concours":
        return []
    codes = ["concours.pdf.rules_points", "concours.pdf.rules_litige"]
    texts = [pen.tr(code) for code in codes]
    if info.deals:
        texts.append(pen.tr("concours.pdf.rules_last", deals=info.deals))
    return [pen.para(text, 8) for text in texts]


def _sheet_signatures(pen: Pen, info: ConcoursInfo) -> Table:
    half = (A4[0] - 2 * MARGIN) / 2
    cells = [[pen.tr("concours.pdf.signature", side=pen.side_label(info, side))
              for side in (0, 1)], ["", ""]]
    return Table(cells, colWidths=[half, half], rowHeights=[16, 48],
                 style=_lines_style(pen, 9))


# -- table cards -------------------------------------------------------------------------------

def table_cards(info: ConcoursInfo, tables: Sequence[SheetTable], lang: str = "fr") -> bytes:
    """One A4 page per table of ``tables``, to fold across the middle and stand on the table
    as a tent: each half shows (the upper half upside down, so that both faces read once
    folded) the concours's name, "Partie N", the table number very large and the four
    players by seat, partners opposite each other: side 0 South and North, side 1 East and
    West (the player after South on its right). A side of one name (a team "A / B") is split
    at its first " / "; a name missing is left blank. No table: one empty page."""
    pen = Pen(lang)
    buffer = io.BytesIO()
    # (types-reportlab 5.0.0 types initialFontName as a float: ReportLab takes a font name)
    canvas = Canvas(buffer, pagesize=A4, invariant=1, lang=pen.lang,
                    initialFontName=pen.font(False))  # type: ignore[arg-type]
    canvas.setTitle(pen.clean(info.name))
    canvas.setAuthor("belote")
    canvas.setCreator("belote")
    width, height = A4
    for table in tables:
        canvas.saveState()  # the upper face, turned half a turn about the page's centre
        canvas.translate(width, height)
        canvas.rotate(180)
        _card_face(canvas, pen, info, table)
        canvas.restoreState()
        _card_face(canvas, pen, info, table)
        canvas.setDash(4, 4)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN / 2, height / 2, width - MARGIN / 2, height / 2)
        canvas.showPage()
    if not tables:
        canvas.showPage()  # (else a file of no page)
    canvas.save()
    return buffer.getvalue()


def _seat_names(table: SheetTable) -> tuple[str, str, str, str]:
    """The players of seats 0 to 3 (South, East, North, West): side 0 gives seats 0 and 2,
    side 1 seats 1 and 3."""
    pairs = []
    for side in table.sides:
        names = list(side)
        if len(names) == 1 and " / " in names[0]:
            names = names[0].split(" / ", 1)
        names += ["", ""]
        pairs.append(names[:2])
    return pairs[0][0], pairs[1][0], pairs[0][1], pairs[1][1]


def _centred(canvas: Canvas, pen: Pen, text: str, x: float, y: float, width: float,
             size: float, bold: bool = False, smallest: float = 9) -> None:
    """``text`` centred on ``x`` at baseline ``y``, shrunk down to ``smallest`` then cut to
    fit ``width``."""
    text = pen.clean(text)
    size = pen.size_to_fit(text, width, size, smallest, bold)
    canvas.setFont(pen.font(bold), size)
    canvas.drawCentredString(x, y, pen.fit(text, width, size, bold))


def _card_face(canvas: Canvas, pen: Pen, info: ConcoursInfo, table: SheetTable) -> None:
    """One face of a table card, on the lower half of the page (595 × 421 points)."""
    width, half = A4[0], A4[1] / 2
    middle = width / 2
    _centred(canvas, pen, info.name, middle, half - 34, width - 2 * MARGIN, 13, bold=True)
    _centred(canvas, pen, pen.tr("concours.pdf.partie", partie=table.partie), middle,
             half - 56, width - 2 * MARGIN, 16, bold=True)
    number = str(table.table)
    size = pen.size_to_fit(number, 210, 150, 40, bold=True)
    canvas.setFont(pen.font(True), size)
    canvas.drawCentredString(middle, 128, number)
    _centred(canvas, pen, pen.tr("concours.pdf.table_word"), middle, 128 + size * 0.76 + 8,
             200, 14)
    south, east, north, west = _seat_names(table)
    seats = [("concours.pdf.seat_north", north, middle, half - 98, 420),
             ("concours.pdf.seat_south", south, middle, 58, 420),
             ("concours.pdf.seat_west", west, MARGIN + 75, 168, 150),
             ("concours.pdf.seat_east", east, width - MARGIN - 75, 168, 150)]
    for code, name, x, y, room in seats:
        _centred(canvas, pen, pen.tr(code), x, y + 18, room, 9)
        _centred(canvas, pen, name, x, y, room, 16, bold=True)
    where = pen.heading(info)
    if where:
        _centred(canvas, pen, where, middle, 22, width - 2 * MARGIN, 8)


# -- ranking and prize list --------------------------------------------------------------------

def _running_header(pen: Pen, info: ConcoursInfo, title: str) -> Callable[[Canvas, Any], None]:
    """What every page of a list shows: the concours's name and ``title`` at the top, the
    page number at the bottom."""
    name = pen.clean(info.name)

    def draw(canvas: Canvas, document: Any) -> None:
        width, height = document.pagesize
        canvas.saveState()
        canvas.setFont(pen.font(False), 8)
        canvas.drawString(MARGIN, height - MARGIN / 2 - 4,
                          pen.fit(name, width / 2 - MARGIN, 8))
        canvas.drawRightString(width - MARGIN, height - MARGIN / 2 - 4,
                               pen.fit(title, width / 2 - MARGIN, 8))
        canvas.drawCentredString(width / 2, MARGIN / 2,
                                 pen.tr("concours.pdf.page", page=canvas.getPageNumber()))
        canvas.restoreState()

    return draw


def _title(pen: Pen, info: ConcoursInfo, title: str) -> list[Flowable]:
    """The first page's heading: the concours's name, date and place (each on one line, cut
    to the page's width), and ``title``."""
    width = A4[0] - 2 * MARGIN
    story: list[Flowable] = [pen.para(pen.fit(info.name, width, 16, bold=True), 16,
                                      bold=True, align=1), Spacer(1, 4)]
    where = pen.heading(info)
    if where:
        story += [pen.para(pen.fit(where, width, 10), 10, align=1), Spacer(1, 4)]
    return [*story, pen.para(title, 14, bold=True, align=1), Spacer(1, 10)]


def _name_cell(pen: Pen, row: RankRow, width: float, size: float) -> str:
    """The entrant's name cut to ``width``, and the catalog's mark when it has withdrawn."""
    if not row.withdrawn:
        return pen.fit(row.name, width, size)
    mark = " " + pen.tr("concours.pdf.withdrawn")
    return pen.fit(row.name, width - pen.width(mark, size), size) + mark


def _number(value: int | None) -> str:
    return "–" if value is None else str(value)


def _ranking_layout(pen: Pen, cells: list[list[str]]) -> tuple[bool, float, list[float]]:
    """Whether the ranking goes landscape, its font size and its column widths (points):
    each column but the name (column 1) as wide as its widest cell, bold (the partie columns
    as the widest of them), the name the rest;
    the first of portrait 9 pt, landscape 9 pt, 7 pt, 6 pt that leaves the name 120 points
    or more (else the last)."""
    choices = [(False, 9.0), (True, 9.0), (True, 7.0), (True, 6.0)]
    for landscaped, size in choices:
        width = (landscape(A4)[0] if landscaped else A4[0]) - 2 * MARGIN
        widths = [max(pen.width(row[column], size, bold=True) for row in cells) + 8
                  for column in range(len(cells[0]))]
        if len(widths) > 6:  # the partie columns (5 to the one before the byes), alike
            widths[5:-1] = [max(widths[5:-1])] * (len(widths) - 6)
        widths[1] = width - sum(widths) + widths[1]
        if widths[1] >= 120 or (landscaped, size) == choices[-1]:
            widths[1] = max(widths[1], 60.0)
            return landscaped, size, widths
    raise AssertionError("unreachable")  # pragma: no cover


def ranking_pdf(info: ConcoursInfo, rows: Sequence[RankRow], lang: str = "fr", *,
                after: int | None = None) -> bytes:
    """The ranking, in the order of ``rows``: rank, name (a withdrawn entrant marked), points,
    parties won, points conceded, the points of each partie ("–": not played or not yet
    scored; as many columns as the longest ``parties``), byes. Titled "après la partie N"
    when ``after`` is given, "classement final" otherwise; the column header, the concours's
    name and the title are on every page, and the page number. A4 portrait while the name
    keeps 120 points, landscape (and smaller) beyond (:func:`_ranking_layout`)."""
    pen = Pen(lang)
    parties = max((len(row.parties) for row in rows), default=0)
    header = [pen.tr("concours.pdf.col.rank"), pen.tr("concours.pdf.col.name"),
              pen.tr("concours.pdf.col.points"), pen.tr("concours.pdf.col.won"),
              pen.tr("concours.pdf.col.conceded"),
              *(pen.tr("concours.pdf.col.partie", partie=p) for p in range(1, parties + 1)),
              pen.tr("concours.pdf.col.byes")]
    cells = [header]
    for row in rows:
        scores = [*row.parties, *([None] * (parties - len(row.parties)))]
        cells.append([str(row.rank), "", str(row.points), str(row.won), str(row.conceded),
                      *(_number(score) for score in scores), str(row.byes)])
    landscaped, size, widths = _ranking_layout(pen, cells)
    for row, line in zip(rows, cells[1:], strict=True):
        line[1] = _name_cell(pen, row, widths[1] - 8, size)
    grid = Table(cells, colWidths=widths, repeatRows=1, style=_lines_style(
        pen, size, ("ALIGN", (0, 0), (-1, -1), "RIGHT"), ("ALIGN", (1, 0), (1, -1), "LEFT"),
        ("FONTNAME", (0, 0), (-1, 0), pen.font(True)),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("FONTNAME", (2, 1), (2, -1), pen.font(True)),
        ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 1), (-1, -1), 2), ("BOTTOMPADDING", (0, 1), (-1, -1), 2)))
    title = (pen.tr("concours.pdf.ranking_after", partie=after) if after is not None
             else pen.tr("concours.pdf.ranking_final"))
    story = [*_title(pen, info, title), grid]
    return _document(pen, info, story, landscaped=landscaped,
                     on_page=_running_header(pen, info, title))


def prizes_pdf(info: ConcoursInfo, rows: Sequence[RankRow], prizes: Sequence[str],
               lang: str = "fr") -> bytes:
    """The prize list ("Palmarès"), in the order of ``rows``: each rank, its name (a
    withdrawn entrant marked) and points, and ``prizes[rank - 1]`` (tied ranks show the same
    prize); every row is listed, a rank beyond the prizes given with an empty prize cell. A
    prize wraps on several lines, cut with "…" past about four."""
    pen = Pen(lang)
    width = A4[0] - 2 * MARGIN
    widths = [40.0, 220.0, 52.0, width - 312]
    header = [pen.tr("concours.pdf.col.rank"), pen.tr("concours.pdf.col.name"),
              pen.tr("concours.pdf.col.points"), pen.tr("concours.pdf.col.prize")]
    cells: list[list[Any]] = [header]
    for row in rows:
        prize = prizes[row.rank - 1] if 0 < row.rank <= len(prizes) else ""
        # about four lines at most: ReportLab refuses a cell taller than a page
        prize = pen.fit(prize, 3.6 * (widths[3] - 12), 10)
        cells.append([str(row.rank), _name_cell(pen, row, widths[1] - 12, 10),
                      str(row.points), pen.para(prize, 10)])
    grid = Table(cells, colWidths=widths, repeatRows=1, style=_lines_style(
        pen, 10, ("FONTNAME", (0, 0), (-1, 0), pen.font(True)),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"), ("ALIGN", (2, 0), (2, -1), "RIGHT")))
    title = pen.tr("concours.pdf.prizes")
    story = [*_title(pen, info, title), grid]
    return _document(pen, info, story, on_page=_running_header(pen, info, title))

