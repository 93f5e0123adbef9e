"""What an organiser does with a concours, each step checked and stored in one transaction:
create it, register players or pairs (at any time, from a CSV file too), rename and withdraw
them, draw each partie, enter scores (a table's totals, or deal by deal, each line checked
against the preset's scoring), undo the last entry, read the ranking.

Every refusal is a :class:`~belote.concours.errors.ConcoursError` (or the engine's
``RulesError`` for a bad preset option), raised before anything is written.
"""

from __future__ import annotations

import csv
import datetime as dt
import re
import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.orm import Session

from ..engine.rules import Rules, Shuffle
from . import draw as drawing
from . import sheet
from .errors import ConcoursError
from .model import Entrant, Format, Leftover, PartieDraw, RankRow
from .ranking import TableResult, rank
from .store import ConcoursData, ConcoursStore, ScoreEntry, new_id

#: the longest name of a player (characters, once cleaned)
NAME_MAX = 60
#: limits of a concours's settings
PARTIES_MAX, DEALS_MAX, TARGET_MAX = 20, 100, 10000
#: the draw seeds offered when none is given: 0 ≤ seed < SEED_LIMIT (9 digits: easy to type)
SEED_LIMIT = 10**9
#: the most deal lines a partie to a target score may have
LINES_MAX = 200
#: the most entrants a concours may hold
ENTRANTS_MAX = 2000
#: the most points a side's entry may hold (a partie to a target score has no other bound)
POINTS_MAX = 1_000_000


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


def _key(name: str) -> str:
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


@dataclass(frozen=True)
class TableScore:
    """A table's score in a partie as entered: ``lines`` the deal lines in force (deal 1
    first), ``total`` the totals entered without lines (or None), ``result`` the two sides'
    points once complete (the lines' sum or the totals), ``complete``."""

    partie: int
    table: int
    lines: tuple[tuple[int, int], ...]
    total: tuple[int, int] | None
    result: TableResult

    @property
    def complete(self) -> bool:
        return self.result is not None

    def to_json(self) -> dict[str, Any]:
        return {"partie": self.partie, "table": self.table,
                "lines": [list(x) for x in self.lines],
                "total": list(self.total) if self.total else None,
                "points": list(self.result) if self.result else None,
                "complete": self.complete}


def rules_of(data: ConcoursData) -> Rules:
    """The concours's rules: its preset with its options."""
    return Rules.preset(data.preset, **data.options)


def lines_in_force(data: ConcoursData, partie: int, table: int) \
        -> tuple[dict[int, tuple[int, int]], tuple[int, int] | None]:
    """The deal lines (deal → points) and the totals in force at one table: for each line,
    its newest entry not undone."""
    lines: dict[int, tuple[int, int]] = {}
    total: tuple[int, int] | None = None
    for e in data.entries_of(partie, table):
        if e.undone is not None:
            continue
        if e.deal is None:
            total = (e.a, e.b)
        else:
            lines[e.deal] = (e.a, e.b)
    return lines, total


def table_score(data: ConcoursData, partie: int, table: int) -> TableScore:
    """One table's score (:class:`TableScore`). Deal lines are complete when there are
    ``deals`` of them, or (a partie to a target score) when a side has reached it."""
    lines, total = lines_in_force(data, partie, table)
    ordered = tuple(lines[k] for k in sorted(lines))
    result: TableResult = None
    if ordered:
        sums = (sum(x[0] for x in ordered), sum(x[1] for x in ordered))
        if (data.deals is not None and len(ordered) >= data.deals) or \
                (data.target is not None and max(sums) >= data.target):
            result = sums
    elif total is not None:
        result = total
    return TableScore(partie, table, ordered, total, result)


def results(data: ConcoursData) -> dict[tuple[int, int], TableResult]:
    """Every drawn table's result: (partie, table) → points, None while not complete."""
    return {(d.partie, t.table): table_score(data, d.partie, t.table).result
            for d in data.draws for t in d.tables}


def ranking(data: ConcoursData, upto: int | None = None) -> list[RankRow]:
    """The concours's ranking now (:func:`belote.concours.ranking.rank`), or after partie
    ``upto`` (the later parties left out)."""
    draws = data.draws if upto is None else data.draws[:upto]
    return rank(data.entrants, draws, results(data), bye=data.bye, lot=data.lot)


class Manager:
    """The organiser's operations on the concours of one :class:`ConcoursStore`."""

    def __init__(self, store: ConcoursStore) -> None:
        self.store = store

    # -- reading ----------------------------------------------------------------------------
    def get(self, concours_id: str, s: Session | None = None, *,
            table: tuple[int, int] | None = None) -> ConcoursData:
        """The concours ``concours_id`` (its code, any case); with ``table`` (partie, table)
        only that table's score entries are read. Raises ConcoursError
        ``concours.unknown``."""
        cid = str(concours_id).strip().upper()
        data = self.store.load(cid, s, table=table)
        if data is None:
            raise ConcoursError(f"no concours '{str(concours_id)[:20]}' (belote concours list "
                                "shows them)",
                                code="concours.unknown", params={"id": str(concours_id)[:20]})
        return data

    def _locked(self, concours_id: str, s: Session, *,
                table: tuple[int, int] | None = None) -> ConcoursData:
        """:meth:`get` inside a write's transaction, the concours's row locked first (every
        change of one concours waits for the one in progress: two organisers, or the
        commands and the server, cannot both check then write). Raises ConcoursError
        ``concours.unknown``."""
        self.store.lock(s, str(concours_id).strip().upper())
        return self.get(concours_id, s, table=table)

    def every(self) -> list[tuple[str, str, dt.datetime]]:
        """Every concours: (id, name, created), newest first."""
        return self.store.ids()

    def ranking(self, concours_id: str) -> list[RankRow]:
        return ranking(self.get(concours_id))

    # -- creating ---------------------------------------------------------------------------
    def create(self, name: str, *, format: Format = Format.MELEE, parties: int = 4,
               deals: int | None = 12, target: int | None = None, preset: str = "concours",
               options: dict[str, Any] | None = None, leftover: Leftover = Leftover.BYE,
               bye: int | None = None, date: str = "", place: str = "",
               online: bool = False) -> ConcoursData:
        """A new concours (nothing registered, nothing drawn). ``deals`` and ``target``: one
        of them (a target given makes ``deals`` None). Raises ConcoursError
        ``concours.settings`` for a value out of range, ``concours.online_cut`` for an online
        concours asking for ``shuffle=cut``, the engine's RulesError for a bad preset or
        option."""
        if target is not None:
            deals = None
        _text("name", name)
        options = dict(options or {})
        rules = Rules.preset(preset, **options)  # RulesError for a bad preset or option
        if online and rules.shuffle == Shuffle.CUT and "shuffle" in options:
            raise ConcoursError("an online concours shuffles every deal: shuffle=cut would "
                                "let a seat work out the others' hands (docs/rules-notes.md)",
                                code="concours.online_cut", params={})
        _in_range("parties", parties, 1, PARTIES_MAX)
        if deals is None and target is None:
            raise ConcoursError("a partie needs a number of deals or a target score",
                                code="concours.settings.length", params={})
        if deals is not None:
            _in_range("deals", deals, 1, DEALS_MAX)
        if target is not None:
            _in_range("target", target, 1, TARGET_MAX)
        if bye is not None:
            _in_range("bye", bye, 0, 5000)
        data = ConcoursData(
            id="", key=secrets.token_urlsafe(18), name=clean_name(name, "concours"),
            date=_short(date, 40), place=_short(place, 120), preset=preset, options=options,
            format=Format(format), parties=parties, deals=deals, target=target,
            leftover=Leftover(leftover), bye=bye, online=online,
            lot=secrets.randbelow(SEED_LIMIT), prizes=[], created=dt.datetime.now(dt.UTC))

        def write(s: Session) -> ConcoursData:
            data.id = new_id()
            while self.store.id_taken(s, data.id):
                data.id = new_id()
            self.store.insert_concours(s, data)
            self.store.note(s, data.id, "new", **data.settings_json())
            return data
        return self.store.run(write)

    # -- registration -----------------------------------------------------------------------
    def add(self, concours_id: str, names: Sequence[str]) -> list[Entrant]:
        """Register players (mêlée) or pairs written "A / B" (équipes), in order; late
        arrivals (after a draw) play from the next partie. All or none: a bad or taken name
        refuses the whole list. Raises ConcoursError ``concours.name.*``."""
        if isinstance(names, str) or not all(isinstance(n, str) for n in names):
            raise ConcoursError("names: a list of texts", code="concours.not_text",
                                params={"name": "names", "kind": type(names).__name__})

        def write(s: Session) -> list[Entrant]:
            data = self._locked(concours_id, s)
            taken = _names_taken(data)
            added = []
            next_id = self.store.next_entrant_id(s, data.id)
            for index, text in enumerate(names):
                entrant = self._entrant(data, text, next_id)
                _not_taken(entrant, taken, index)
                taken |= {_key(n) for n in (entrant.name, *entrant.members)}
                added.append(entrant)
                next_id += 1
            if len(data.entrants) + len(added) > ENTRANTS_MAX:
                raise ConcoursError(f"a concours holds at most {ENTRANTS_MAX} entrants",
                                    code="concours.settings.entrants",
                                    params={"most": ENTRANTS_MAX})
            for entrant in added:
                self.store.insert_entrant(s, data.id, entrant)
                self.store.note(s, data.id, "add", id=entrant.id, name=entrant.name,
                                joined=entrant.joined)
            return added
        return self.store.run(write)

    def _entrant(self, data: ConcoursData, text: str, eid: int) -> Entrant:
        if data.format == Format.EQUIPES:
            a, b = pair_members(text)
            return Entrant(eid, f"{a} / {b}", (a, b), data.next_partie)
        name = clean_name(text)
        return Entrant(eid, name, (name,), data.next_partie)

    def add_csv(self, concours_id: str, text: str,
                names: Sequence[str] = ()) -> list[Entrant]:
        """Register the players of a CSV file's text (:func:`csv_rows`), then ``names``, all
        or none (one transaction). Raises what :func:`csv_rows` and :meth:`add` raise; a
        name of the file already taken as ``concours.csv.taken`` with its line number."""
        fmt = self.get(concours_id).format  # (the format never changes)
        rows = csv_rows(text, fmt)
        try:
            return self.add(concours_id, [name for _, name in rows] + list(names))
        except ConcoursError as e:
            if e.code != "concours.name.taken" or \
                    not 0 <= int(str(e.params.get("index", -1))) < len(rows):
                raise
            line = rows[int(str(e.params["index"]))][0]
            raise ConcoursError(f"line {line}: {e.params['name']} is already registered",
                                code="concours.csv.taken",
                                params={"line": line, "name": e.params["name"]}) from None

    def find(self, data: ConcoursData, who: str) -> Entrant:
        """The entrant named ``who`` (case and accents ignored; a pair by its name or either
        player's; ``#N`` its number). Raises ConcoursError ``concours.entrant.unknown``."""
        who = str(who).strip()
        number = re.fullmatch(r"#([0-9]{1,9})", who)
        if number and int(number[1]) in data.entrants:
            return data.entrants[int(number[1])]
        try:
            key = _key(clean_name(who))
        except ConcoursError:
            key = ""
        for e in data.entrants.values():
            if key and key in {_key(e.name), *(_key(m) for m in e.members)}:
                return e
        raise ConcoursError(f"no one named '{who[:40]}' in this concours",
                            code="concours.entrant.unknown", params={"name": who[:40]})

    def rename(self, concours_id: str, who: str, new: str) -> Entrant:
        """Rename a player (a pair: one of its players by his name, or the pair by its "A /
        B" name). Raises ConcoursError ``concours.entrant.unknown``, ``concours.name.*``."""
        def write(s: Session) -> Entrant:
            data = self._locked(concours_id, s)
            entrant = self.find(data, who)
            old = who.strip()
            members: tuple[str, ...]
            if data.format == Format.EQUIPES and "/" in new:
                members = pair_members(new)
            elif data.format == Format.EQUIPES:
                idx = next((i for i, m in enumerate(entrant.members) if _key(m) == _key(old)),
                           None)
                if idx is None:
                    raise ConcoursError("name one player of the pair, or the pair as "
                                        "\"A / B\"", code="concours.name.member",
                                        params={"name": old[:40]})
                members = tuple(clean_name(new) if i == idx else m
                                for i, m in enumerate(entrant.members))
            else:
                members = (clean_name(new),)
            changed = replace(entrant, name=" / ".join(members), members=members)
            _not_taken(changed, _names_taken(data, but=entrant.id))
            self.store.update_entrant(s, data.id, changed)
            self.store.note(s, data.id, "rename", id=entrant.id, old=entrant.name,
                            new=changed.name)
            return changed
        return self.store.run(write)

    def withdraw(self, concours_id: str, who: str) -> Entrant:
        """Withdraw a player or pair from the next partie on (the parties drawn keep him;
        his points stay in the ranking, marked). Raises ConcoursError
        ``concours.entrant.unknown``, ``concours.entrant.withdrawn``."""
        def write(s: Session) -> Entrant:
            data = self._locked(concours_id, s)
            entrant = self.find(data, who)
            if entrant.withdrawn is not None:
                raise ConcoursError(f"{entrant.name} has already withdrawn",
                                    code="concours.entrant.withdrawn",
                                    params={"name": entrant.name})
            changed = replace(entrant, withdrawn=max(data.next_partie, entrant.joined))
            self.store.update_entrant(s, data.id, changed)
            self.store.note(s, data.id, "withdraw", id=entrant.id, name=entrant.name,
                            partie=changed.withdrawn)
            return changed
        return self.store.run(write)

    def reinstate(self, concours_id: str, who: str) -> Entrant:
        """Bring back a withdrawn player or pair from the next partie on. Raises
        ConcoursError ``concours.entrant.unknown``, ``concours.entrant.playing``."""
        def write(s: Session) -> Entrant:
            data = self._locked(concours_id, s)
            entrant = self.find(data, who)
            if entrant.withdrawn is None:
                raise ConcoursError(f"{entrant.name} has not withdrawn",
                                    code="concours.entrant.playing",
                                    params={"name": entrant.name})
            changed = replace(entrant, joined=data.next_partie, withdrawn=None)
            self.store.update_entrant(s, data.id, changed)
            self.store.note(s, data.id, "reinstate", id=entrant.id, name=entrant.name,
                            partie=data.next_partie)
            return changed
        return self.store.run(write)

    def set_prizes(self, concours_id: str, prizes: Sequence[str]) -> list[str]:
        """The prizes, first prize first (each at most 120 characters)."""
        cleaned = [_short(p, 120) for p in prizes if str(p).strip()]

        def write(s: Session) -> list[str]:
            data = self._locked(concours_id, s)
            self.store.update_concours(s, data.id, prizes=cleaned)
            self.store.note(s, data.id, "prizes", prizes=cleaned)
            return cleaned
        return self.store.run(write)

    # -- the draw ---------------------------------------------------------------------------
    def draw(self, concours_id: str, seed: int | None = None) -> PartieDraw:
        """Draw the next partie (:func:`belote.concours.draw.draw_partie`) from ``seed``
        (default: a random one below :data:`SEED_LIMIT`, printed on the sheets). Par équipes,
        the parties after the first are drawn by ranking, so the previous partie must be
        scored. Raises ConcoursError ``concours.draw.all_drawn``, ``concours.draw.unscored``,
        ``concours.draw.seed``, and the draw's own (too few players)."""
        if seed is not None and not 0 <= _whole("seed", seed) < 2**63:
            raise ConcoursError(f"a seed is a whole number from 0 to 2^63 - 1, not {seed}",
                                code="concours.draw.seed", params={"seed": str(seed)})
        chosen = secrets.randbelow(SEED_LIMIT) if seed is None else seed

        def write(s: Session) -> PartieDraw:
            data = self._locked(concours_id, s)
            partie = data.next_partie
            if partie > data.parties:
                raise ConcoursError(f"all {data.parties} parties are drawn",
                                    code="concours.draw.all_drawn",
                                    params={"parties": data.parties})
            ranked = None
            if data.format == Format.EQUIPES and data.draws:
                self._all_scored(data, partie - 1)
                ranked = [row.entrant for row in ranking(data)]
            playing = [e.id for e in data.entrants.values() if e.plays(partie)]
            result = drawing.draw_partie(data.format, playing, data.draws, chosen,
                                         leftover=data.leftover, ranking=ranked, partie=partie)
            self.store.insert_draw(s, data.id, result)
            self.store.note(s, data.id, "draw", partie=partie, seed=chosen)
            return result
        return self.store.run(write)

    def _all_scored(self, data: ConcoursData, partie: int) -> None:
        draw = data.draws[partie - 1]
        missing = [t.table for t in draw.tables
                   if not table_score(data, partie, t.table).complete]
        if missing:
            shown = ", ".join(str(t) for t in missing[:20])
            raise ConcoursError(f"partie {partie} is not fully scored (tables {shown}): par "
                                "équipes, the next partie is drawn by the ranking",
                                code="concours.draw.unscored",
                                params={"partie": partie, "tables": shown})

    def undraw(self, concours_id: str) -> PartieDraw:
        """Take back the last partie's draw while no score of it is in force (a late arrival
        came in just after): the players registered since play the partie when it is drawn
        again, those who withdrew since do not. Raises ConcoursError ``concours.draw.none``,
        ``concours.draw.scored``."""
        def write(s: Session) -> PartieDraw:
            data = self._locked(concours_id, s)
            if not data.draws:
                raise ConcoursError("no partie is drawn", code="concours.draw.none", params={})
            last = data.draws[-1]
            if any(e.partie == last.partie and e.undone is None for e in data.scores) or \
                    data.rooms.get(last.partie):
                raise ConcoursError(f"partie {last.partie} has scores: it cannot be drawn "
                                    "again", code="concours.draw.scored",
                                    params={"partie": last.partie})
            self.store.delete_draw(s, data.id, last.partie)
            # what was registered since that draw takes effect from the partie drawn again:
            # a late arrival plays it, a player who withdrew does not
            for e in data.entrants.values():
                if e.joined == last.partie + 1 or e.withdrawn == last.partie + 1:
                    self.store.update_entrant(s, data.id, replace(
                        e, joined=min(e.joined, last.partie),
                        withdrawn=last.partie if e.withdrawn == last.partie + 1
                        else e.withdrawn))
            self.store.note(s, data.id, "undraw", partie=last.partie, seed=last.seed)
            return last
        return self.store.run(write)

    # -- scores -----------------------------------------------------------------------------
    def score(self, concours_id: str, partie: int, table: int, a: int, b: int,
              deal: int | None = None, source: str = "cli",
              only_if_missing: bool = False) -> TableScore:
        """Enter a table's two totals for a partie (``deal`` None) or one deal line (deal
        ``deal``, from 1; lines in order, a line entered again corrects it), checked against
        the preset's scoring (:mod:`belote.concours.sheet`: the rule named when impossible).
        A table is scored by its totals or by its lines, not both. Returns the table's
        score; with ``only_if_missing`` (the online tables' lines), nothing is written when
        the line is already there (an organiser typed it meanwhile: his stays). Raises
        ConcoursError ``concours.partie.*``, ``concours.table.unknown``, ``concours.score.*``,
        ``concours.line.*``, ``concours.total.*``, ``concours.not_whole``."""
        for name, value in (("partie", partie), ("table", table), ("points", a),
                            ("points", b)):
            _whole(name, value)
        if deal is not None:
            _whole("deal", deal)
        if not (0 <= a <= POINTS_MAX and 0 <= b <= POINTS_MAX):
            raise ConcoursError(f"points: 0 to {POINTS_MAX}, not {a} and {b}",
                                code="concours.score.points",
                                params={"most": POINTS_MAX, "a": a, "b": b})

        def write(s: Session) -> TableScore:
            data = self._locked(concours_id, s, table=(partie, table))
            self._table(data, partie, table)
            rules = rules_of(data)
            lines, total = lines_in_force(data, partie, table)
            if only_if_missing and (deal in lines or total is not None):
                return table_score(data, partie, table)
            if deal is None:
                if lines:
                    raise ConcoursError(f"table {table} is scored deal by deal: correct a "
                                        "line, or undo the lines first",
                                        code="concours.score.has_lines",
                                        params={"table": table})
                sheet.check_total(rules, a, b, deals=data.deals)
            else:
                self._check_line_entry(data, rules, lines, total, table, deal, a, b)
            self.store.insert_score(s, data.id, partie, table, deal, a, b, source)
            self.store.note(s, data.id, "score", partie=partie, table=table, deal=deal,
                            points=[a, b], source=source)
            s.flush()
            return table_score(self.get(data.id, s, table=(partie, table)), partie, table)
        return self.store.run(write)

    def _check_line_entry(self, data: ConcoursData, rules: Rules,
                          lines: dict[int, tuple[int, int]], total: tuple[int, int] | None,
                          table: int, deal: int, a: int, b: int) -> None:
        most = data.deals if data.deals is not None else LINES_MAX
        if not 1 <= deal <= most:
            raise ConcoursError(f"deal {deal}: a partie has deals 1 to {most}",
                                code="concours.score.deal", params={"deal": deal, "most": most})
        if total is not None:
            raise ConcoursError(f"table {table} is scored by its totals: undo them first",
                                code="concours.score.has_total", params={"table": table})
        if deal > 1 and deal - 1 not in lines:
            raise ConcoursError(f"enter deal {len(lines) + 1} first (lines go in order)",
                                code="concours.score.order",
                                params={"deal": deal, "next": len(lines) + 1})
        if data.target is not None and deal not in lines and lines and \
                max(sum(x[0] for x in lines.values()),
                    sum(x[1] for x in lines.values())) >= data.target:
            raise ConcoursError(f"the partie is over: a side reached {data.target}",
                                code="concours.score.over", params={"target": data.target})
        new = dict(lines)
        new[deal] = (a, b)
        sheet.check_lines(rules, [new[k] for k in sorted(new)], deals=data.deals)

    def _table(self, data: ConcoursData, partie: int, table: int) -> PartieDraw:
        if not 1 <= partie <= len(data.draws):
            raise ConcoursError(f"partie {partie} is not drawn ({len(data.draws)} drawn)",
                                code="concours.partie.not_drawn",
                                params={"partie": partie, "drawn": len(data.draws)})
        draw = data.draws[partie - 1]
        if not 1 <= table <= len(draw.tables):
            raise ConcoursError(f"partie {partie} has tables 1 to {len(draw.tables)}",
                                code="concours.table.unknown",
                                params={"partie": partie, "table": table,
                                        "tables": len(draw.tables)})
        return draw

    def undo(self, concours_id: str, partie: int | None = None,
             table: int | None = None) -> ScoreEntry:
        """Undo the newest score entry in force typed by an organiser (it stays in the audit
        trail, marked undone; a corrected line shows its previous value again). The lines an
        online table entered are not undone (they would come back from the room: correct
        one by entering it again). ``partie`` / ``table``: the newest of that partie or
        table only. Raises ConcoursError ``concours.score.nothing``."""
        def write(s: Session) -> ScoreEntry:
            data = self._locked(concours_id, s)
            live = [e for e in data.scores if e.undone is None and e.source != "online"
                    and (partie is None or e.partie == partie)
                    and (table is None or e.table == table)]
            if not live:
                raise ConcoursError("no score entry to undo", code="concours.score.nothing",
                                    params={})
            last = replace(live[-1], undone=self.store.undo_score(s, live[-1].id))
            self.store.note(s, data.id, "undo", entry=last.id, partie=last.partie,
                            table=last.table, deal=last.deal)
            return last
        return self.store.run(write)


def _whole(name: str, value: object) -> int:
    """``value`` when it is a whole number (not a bool, a text or a float). Raises
    ConcoursError ``concours.not_whole``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConcoursError(f"{name}: a whole number, not {str(value)[:20]}",
                            code="concours.not_whole", params={"name": name,
                                                               "value": str(value)[:20]})
    return value


def _text(name: str, value: object) -> str:
    """``value`` when it is a text. Raises ConcoursError ``concours.not_text``."""
    if not isinstance(value, str):
        raise ConcoursError(f"{name}: a text, not {type(value).__name__}",
                            code="concours.not_text",
                            params={"name": name, "kind": type(value).__name__})
    return value


def _in_range(name: str, value: int, low: int, high: int) -> None:
    _whole(name, value)
    if not low <= value <= high:
        raise ConcoursError(f"{name}: {low} to {high}, not {value}", code="concours.settings",
                            params={"name": name, "low": low, "high": high, "value": value})


def _short(text: str, most: int) -> str:
    """Free text (a date, a place, a prize): spaces collapsed, control characters out,
    at most ``most`` characters."""
    text = unicodedata.normalize("NFC", str(text))
    text = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(text.split())[:most]


def _not_taken(entrant: Entrant, taken: set[str], index: int = 0) -> None:
    """Raise ConcoursError ``concours.name.taken`` when a name of ``entrant`` (a pair's, or
    one of its players') is in ``taken`` (keys: :func:`_key`); ``index``: its place in the
    names given (a param); a pair of one player twice: ``concours.name.same_pair``."""
    if len(entrant.members) == 2 and _key(entrant.members[0]) == _key(entrant.members[1]):
        raise ConcoursError(f"a pair is two players, not {entrant.members[0]} twice",
                            code="concours.name.same_pair", params={"name": entrant.members[0]})
    for n in dict.fromkeys((entrant.name, *entrant.members)):
        if _key(n) in taken:
            raise ConcoursError(f"{n} is already registered (add an initial to tell two "
                                "namesakes apart)", code="concours.name.taken",
                                params={"name": n, "index": index})


def _names_taken(data: ConcoursData, but: int | None = None) -> set[str]:
    """The keys (:func:`_key`) of every registered name (a pair's and its players')."""
    return {_key(n) for e in data.entrants.values() if e.id != but
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

