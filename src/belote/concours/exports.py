"""The concours as CSV text (the ``csv`` module's default dialect: commas, ``"`` quoting
where needed, ``\\r\\n`` line ends, RFC 4180): the ranking and the draw, headers worded by the
catalog in ``lang`` (``concours.pdf.col.*``). Each function returns a ``str``; the caller
writes it as UTF-8 with ``newline=""`` (``"utf-8-sig"``, with a byte-order mark, for a
spreadsheet that would otherwise read it in its own code page).

Names are user input and kept whole, but for one thing: a text cell that starts with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return (which a spreadsheet runs as a formula) gets a
leading ``'`` (the OWASP advice on CSV injection). Numbers are written as numbers.

Raises :class:`~belote.i18n.UnknownLanguage` (a ValueError) for a language not in the
catalog.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from .. import i18n
from .model import ConcoursInfo, Format, RankRow, SheetTable

#: the first characters that make a spreadsheet read a cell as a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet will not run: ``'`` before a formula's first
    character (:data:`FORMULA_STARTS`)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def side_label(format: Format, side: int, lang: str = "fr") -> str:
    """Side 0 or 1 of a table as the sheets and the exports name it: "Nord–Sud" /
    "Est–Ouest" à la mêlée (seats 0 and 2, 1 and 3), "Équipe 1" / "Équipe 2" par équipes."""
    if format is Format.EQUIPES:
        return i18n.tr("concours.pdf.team", lang, number=side + 1)
    return i18n.tr("concours.pdf.side_ns" if side == 0 else "concours.pdf.side_ew", lang)


def _csv(rows: Iterable[Sequence[str | int]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    return buffer.getvalue()


def ranking_csv(rows: Sequence[RankRow], lang: str = "fr") -> str:
    """The ranking, a line per row in the order given: rank, name, points, parties won,
    points conceded, parties played, byes, withdrawn (the catalog's "oui" / "yes", or empty),
    then each partie's points (empty: not played or not yet scored; as many columns as the
    longest ``parties``)."""
    lang = i18n.check_lang(lang)
    parties = max((len(row.parties) for row in rows), default=0)
    header = [i18n.tr("concours.pdf.col.rank", lang), i18n.tr("concours.pdf.col.name", lang),
              i18n.tr("concours.pdf.col.points", lang), i18n.tr("concours.pdf.col.won", lang),
              i18n.tr("concours.pdf.col.conceded", lang),
              i18n.tr("concours.pdf.col.played", lang), i18n.tr("concours.pdf.col.byes", lang),
              i18n.tr("concours.pdf.col.withdrawn", lang),
              *(i18n.tr("concours.pdf.col.partie", lang, partie=p)
                for p in range(1, parties + 1))]
    yes = i18n.tr("concours.pdf.yes", lang)
    lines: list[list[str | int]] = [list(header)]
    for row in rows:
        scores = [*row.parties, *([None] * (parties - len(row.parties)))]
        lines.append([row.rank, text_cell(row.name), row.points, row.won, row.conceded,
                      row.played, row.byes, yes if row.withdrawn else "",
                      *("" if score is None else score for score in scores)])
    return _csv(lines)


def draw_csv(info: ConcoursInfo, tables: Sequence[SheetTable], lang: str = "fr") -> str:
    """The draw, a line per side of each table in the order given: partie, table, the draw's
    seed, the side as the score sheets name it ("Nord–Sud" / "Est–Ouest" à la mêlée,
    "Équipe 1" / "Équipe 2" par équipes), then its players (as many columns as the largest
    side, empty where a side has fewer)."""
    lang = i18n.check_lang(lang)
    width = max((len(side) for table in tables for side in table.sides), default=0)
    header = [i18n.tr("concours.pdf.col.partie_number", lang),
              i18n.tr("concours.pdf.col.table", lang), i18n.tr("concours.pdf.col.seed", lang),
              i18n.tr("concours.pdf.col.side", lang),
              *(i18n.tr("concours.pdf.col.player", lang, number=n)
                for n in range(1, width + 1))]
    labels = [side_label(info.format, side, lang) for side in (0, 1)]
    lines: list[list[str | int]] = [list(header)]
    for table in tables:
        for label, side in zip(labels, table.sides, strict=True):
            players = [text_cell(name) for name in side] + [""] * (width - len(side))
            lines.append([table.partie, table.table, table.seed, label, *players])
    return _csv(lines)
