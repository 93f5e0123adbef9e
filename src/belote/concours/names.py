"""The names of a concours: a player's or a pair's name as stored (cleaned, compared
without case or accents), free text, and the names a CSV file of registrations gives."""

from __future__ import annotations

import csv
import re
import unicodedata

from .data import ConcoursData
from .errors import ConcoursError
from .model import Entrant, Format

#: the longest name of a player (characters, once cleaned)
NAME_MAX = 60


def clean_name(text: str, what: str = "name") -> str:
    """A name as stored: Unicode NFC, without control or format characters, spaces
    collapsed, at most :data:`NAME_MAX` characters. Raises ConcoursError
    ``concours.name.empty`` / ``concours.name.long``."""
    text = unicodedata.normalize("NFC", str(text))
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    if not text:
        raise ConcoursError("a name cannot be empty", code="concours.name.empty",
                            params={"what": what})
    if re.fullmatch(r"#[0-9]+|bot [0-9]+", text.casefold()):
        raise ConcoursError(f"'{text}' names a registration number or a bot: choose another "
                            "name", code="concours.name.reserved", params={"name": text})
    if len(text) > NAME_MAX:
        raise ConcoursError(f"a name has at most {NAME_MAX} characters: {text[:20]}…",
                            code="concours.name.long",
                            params={"name": text[:20], "most": NAME_MAX})
    return text


def name_key(name: str) -> str:
    """What two names must differ in: case and accents ignored ("Émile" is "emile")."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def pair_members(text: str) -> tuple[str, str]:
    """The two players of a pair written "A / B". Raises ConcoursError
    ``concours.name.pair``."""
    parts = str(text).split("/")
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        raise ConcoursError(f"a pair is written \"A / B\", not '{str(text)[:40]}'",
                            code="concours.name.pair", params={"name": str(text)[:40]})
    return clean_name(parts[0]), clean_name(parts[1])


def short_text(text: str, most: int) -> str:
    """Free text (a date, a place, a prize): spaces collapsed, control characters out,
    at most ``most`` characters."""
    text = unicodedata.normalize("NFC", str(text))
    text = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(text.split())[:most]


def check_not_taken(entrant: Entrant, taken: set[str], index: int = 0) -> None:
    """Raise ConcoursError ``concours.name.taken`` when a name of ``entrant`` (a pair's, or
    one of its players') is in ``taken`` (keys: :func:`name_key`); ``index``: its place in the
    names given (a param); a pair of one player twice: ``concours.name.same_pair``."""
    if len(entrant.members) == 2 and name_key(entrant.members[0]) == name_key(entrant.members[1]):
        raise ConcoursError(f"a pair is two players, not {entrant.members[0]} twice",
                            code="concours.name.same_pair", params={"name": entrant.members[0]})
    for n in dict.fromkeys((entrant.name, *entrant.members)):
        if name_key(n) in taken:
            raise ConcoursError(f"{n} is already registered (add an initial to tell two "
                                "namesakes apart)", code="concours.name.taken",
                                params={"name": n, "index": index})


def names_taken(data: ConcoursData, but: int | None = None) -> set[str]:
    """The keys (:func:`name_key`) of every registered name (a pair's and its players')."""
    return {name_key(n) for e in data.entrants.values() if e.id != but
            for n in (e.name, *e.members)}


#: a CSV file's column names (then its first row is skipped): first names, last names (or
#: whole names), a pair's first and second player, a pair written whole
_FIRST = {"prénom", "prenom", "first name", "firstname", "given name"}
_LAST = {"nom", "name", "last name", "lastname", "surname", "joueur", "player", "nom complet",
         "full name"}
_PLAYER1 = {"joueur 1", "joueur1", "player 1", "player1", "partenaire 1"}
_PLAYER2 = {"joueur 2", "joueur2", "player 2", "player2", "partenaire 2", "partenaire",
            "partner"}
_TEAM = {"équipe", "equipe", "team", "doublette", "paire", "pair"}
#: the most text a CSV file may hold (characters)
CSV_MAX = 256 * 1024


def _delimiter(lines: list[str]) -> str:
    """The separator of a CSV text: the one of ``;`` tab ``,`` found on the most lines
    (``;`` first when as many: a French spreadsheet's)."""
    counts = {d: sum(d in line for line in lines) for d in (";", "\t", ",")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ";"


def _columns(header: list[str]) -> dict[str, int] | None:
    """What a first row names, when it is a header: role → column index (``first``,
    ``last``, ``p1``, ``p2``, ``team``); None when it names none of them (a player's row)."""
    roles: dict[str, int] = {}
    for i, cell in enumerate(header):
        word = cell.strip().casefold()
        for role, words in (("first", _FIRST), ("last", _LAST), ("p1", _PLAYER1),
                            ("p2", _PLAYER2), ("team", _TEAM)):
            if word in words and role not in roles:
                roles[role] = i
    return roles or None


def _row_text(row: list[str], fmt: Format, columns: dict[str, int] | None) -> str:
    """The name (mêlée) or the pair "A / B" (équipes) a row gives."""
    def cell(role: str) -> str:
        i = columns.get(role) if columns else None
        return row[i].strip() if i is not None and i < len(row) else ""
    cells = [c.strip() for c in row if c.strip()]
    if columns and fmt == Format.MELEE and (cell("first") or cell("last")):
        return " ".join(x for x in (cell("first"), cell("last")) if x)
    if columns and fmt == Format.EQUIPES and cell("p1") and cell("p2"):
        return f"{cell('p1')} / {cell('p2')}"
    if columns and fmt == Format.EQUIPES and cell("team"):
        return cell("team")
    if fmt == Format.EQUIPES:
        if len(cells) > 2:
            raise ConcoursError(f"a pair is written \"A / B\", not '{' / '.join(cells)}'",
                                code="concours.name.pair", params={"name": " / ".join(cells)})
        return cells[0] if len(cells) == 1 else " / ".join(cells)
    return " ".join(cells)


def csv_rows(text: str, fmt: Format) -> list[tuple[int, str]]:
    """The names in a CSV file's text, each with its line number: one row a player (mêlée:
    the row's cells joined by a space, "Prénom;Nom" → "Prénom Nom"; under a header, its
    first-name and name columns only) or a pair (équipes: two cells, or one "A / B"; under
    a header, its "joueur 1" / "joueur 2" or "équipe" columns); separator ``;`` tab or
    ``,`` (the one on the most lines); line ends of any system (CR LF, LF, CR); a first
    row of column names is skipped; empty rows are ignored. Raises ConcoursError
    ``concours.csv.too_big`` (over :data:`CSV_MAX` characters), ``concours.csv.bad`` (no
    CSV: a field too long…), ``concours.csv.empty``, ``concours.csv.row`` (its line number)
    for a row that names no one or a bad pair."""
    if len(text) > CSV_MAX:
        raise ConcoursError(f"a file of names holds at most {CSV_MAX} characters",
                            code="concours.csv.too_big", params={"most": CSV_MAX})
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    reader = csv.reader(lines, delimiter=_delimiter(lines))
    rows: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            rows.append((reader.line_num, row))
    except csv.Error as e:
        raise ConcoursError(f"line {reader.line_num}: this is not a CSV file of names",
                            code="concours.csv.bad", params={"line": reader.line_num}) from e
    filled = [(n, r) for n, r in rows if any(c.strip() for c in r)]
    columns = _columns(filled[0][1]) if filled else None
    names = []
    for number, row in filled[1:] if columns else filled:
        try:
            text = _row_text(row, fmt, columns)
            if fmt == Format.EQUIPES:
                a, b = pair_members(text)
                names.append((number, f"{a} / {b}"))
            else:
                names.append((number, clean_name(text)))
        except ConcoursError as e:
            row_text = ";".join(c.strip() for c in row if c.strip())[:60]
            raise ConcoursError(f"line {number} ({row_text}): a name of 1 to {NAME_MAX} "
                                "characters, or a pair \"A / B\", is expected",
                                code="concours.csv.row",
                                params={"line": number, "row": row_text, "most": NAME_MAX}
                                ) from e
    if not names:
        raise ConcoursError("the file names no one", code="concours.csv.empty", params={})
    return names


def csv_names(text: str, fmt: Format) -> list[str]:
    """The names of :func:`csv_rows`, without their line numbers."""
    return [name for _, name in csv_rows(text, fmt)]


__all__ = ["CSV_MAX", "NAME_MAX", "check_not_taken", "clean_name", "csv_names", "csv_rows",
           "name_key", "names_taken", "pair_members", "short_text"]
