"""A concours's documents from its stored data: the printables (PDF,
:mod:`belote.concours.printables`) and the CSV exports (:mod:`belote.concours.exports`), with
the players' names put in the draws' places.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import replace

from .. import i18n
from . import exports, printables
from .data import ConcoursData, iso
from .errors import ConcoursError
from .manager import ranking
from .model import RankRow
from .views import info, sheet_tables

#: what ``belote concours print --what`` writes
PRINTABLE = ("sheets", "cards", "ranking", "prizes")
#: what ``belote concours export --what`` writes
EXPORTS = ("ranking", "draws", "scores", "players")


def _partie(data: ConcoursData, partie: int | None) -> int:
    if partie is not None:
        return partie
    if not data.draws:
        raise ConcoursError("no partie is drawn", code="concours.draw.none", params={})
    return len(data.draws)


def _complete_parties(data: ConcoursData) -> int:
    """The number of parties whose every table is scored (0: none)."""
    from .manager import table_score
    done = 0
    for d in data.draws:
        if all(table_score(data, d.partie, t.table).complete for t in d.tables):
            done = d.partie
        else:
            break
    return done


def printable(data: ConcoursData, what: str, partie: int | None = None,
              lang: str = "fr") -> bytes:
    """The PDF ``what`` (one of :data:`PRINTABLE`): ``sheets`` / ``cards`` of ``partie``
    (default: the last drawn), the ``ranking`` (after the last complete partie, or final),
    the ``prizes`` list. Raises ConcoursError ``concours.partie.not_drawn``,
    ``concours.draw.none``."""
    head = info(data)
    if what in ("sheets", "cards"):
        tables = sheet_tables(data, _partie(data, partie), lang)
        make = printables.score_sheets if what == "sheets" else printables.table_cards
        return make(head, tables, lang)
    if what == "ranking":
        done = _complete_parties(data)
        return printables.ranking_pdf(head, ranking(data, upto=done), lang,
                                      after=done if done < data.parties else None)
    rows = ranking(data)
    return printables.prizes_pdf(head, prize_rows(rows), data.prizes, lang)


def prize_rows(rows: Sequence[RankRow]) -> list[RankRow]:
    """The ranking as the prize list reads it: the withdrawn left out, the others ranked
    again from 1 (the best one still in takes the first prize)."""
    return [replace(r, rank=i) for i, r in enumerate((r for r in rows if not r.withdrawn), 1)]


def export(data: ConcoursData, what: str, lang: str = "fr") -> str:
    """The CSV text ``what`` (one of :data:`EXPORTS`), starting with a byte-order mark so
    that a spreadsheet reads it as UTF-8 (accents whole)."""
    return "\ufeff" + _export(data, what, lang)


def _export(data: ConcoursData, what: str, lang: str) -> str:
    if what == "ranking":
        return exports.ranking_csv(ranking(data), lang)
    if what == "draws":
        tables = [t for d in data.draws for t in sheet_tables(data, d.partie, lang)]
        return exports.draw_csv(info(data), tables, lang)
    if what == "players":
        return players_csv(data, lang)
    return scores_csv(data, lang)


#: the columns of the registration's CSV (catalog codes)
PLAYER_COLUMNS = ("concours.export.number", "concours.export.name",
                  "concours.export.members", "concours.export.joined",
                  "concours.export.withdrawn")


def players_csv(data: ConcoursData, lang: str) -> str:
    """The registration, in registration order: number, name, players (a pair's two,
    separated by " / "), first partie, first partie missed after a withdrawal (empty: in)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([i18n.tr(code, lang) for code in PLAYER_COLUMNS])
    for e in data.entrants.values():
        writer.writerow([e.id, exports.text_cell(e.name),
                         exports.text_cell(" / ".join(e.members)), e.joined,
                         "" if e.withdrawn is None else e.withdrawn])
    return buffer.getvalue()


#: the columns of the score entries' CSV (catalog codes)
SCORE_COLUMNS = ("concours.export.entry", "concours.export.partie", "concours.export.table",
                 "concours.export.deal", "concours.export.points_ns",
                 "concours.export.points_ew", "concours.export.source",
                 "concours.export.created", "concours.export.undone")


def scores_csv(data: ConcoursData, lang: str) -> str:
    """Every score entry, in the order entered (the audit trail): entry, partie, table, deal
    (empty: totals), the two sides' points, source, when, when undone."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([i18n.tr(code, lang) for code in SCORE_COLUMNS])
    for e in data.scores:
        writer.writerow([e.id, e.partie, e.table, "" if e.deal is None else e.deal, e.a, e.b,
                         e.source, iso(e.created),
                         iso(e.undone) if e.undone else ""])
    return buffer.getvalue()
