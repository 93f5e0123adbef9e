"""What an organiser does with a concours, each step checked and stored in one transaction:
create it, register players or pairs (at any time, from a CSV file too), rename and withdraw
them, draw each partie, enter scores (a table's totals, or deal by deal, each line checked
against the preset's scoring), undo the last entry, read the ranking.

Every refusal is a :class:`~belote.concours.errors.ConcoursError` (or the engine's
``RulesError`` for a bad preset option), raised before anything is written.
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine.rules import Rules, Shuffle
from . import draw as drawing
from . import sheet
from .data import ConcoursData, ConcoursStore, ConcoursWrites, ScoreEntry, new_id
from .errors import ConcoursError
from .model import Entrant, Format, Leftover, PartieDraw, RankRow
from .names import (
    check_not_taken,
    clean_name,
    csv_rows,
    name_key,
    names_taken,
    pair_members,
    short_text,
)
from .ranking import TableResult, rank

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
    def get(self, concours_id: str, *,
            table: tuple[int, int] | None = None) -> ConcoursData:
        """The concours ``concours_id`` (its code, any case); with ``table`` (partie, table)
        only that table's score entries are read. Raises ConcoursError
        ``concours.unknown``."""
        return _found(concours_id, self.store.load(_code(concours_id), table=table))

    @staticmethod
    def _locked(w: ConcoursWrites, concours_id: str, *,
                table: tuple[int, int] | None = None) -> ConcoursData:
        """:meth:`get` inside a write's transaction, the concours's row locked first (every
        change of one concours waits for the one in progress: two organisers, or the
        commands and the server, cannot both check then write). Raises ConcoursError
        ``concours.unknown``."""
        return _found(concours_id, w.load(_code(concours_id), table=table, lock=True))

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
            date=short_text(date, 40), place=short_text(place, 120), preset=preset, options=options,
            format=Format(format), parties=parties, deals=deals, target=target,
            leftover=Leftover(leftover), bye=bye, online=online,
            lot=secrets.randbelow(SEED_LIMIT), prizes=[], created=dt.datetime.now(dt.UTC))

        def write(w: ConcoursWrites) -> ConcoursData:
            data.id = new_id()
            while w.id_taken(data.id):
                data.id = new_id()
            w.insert_concours(data)
            w.note(data.id, "new", **data.settings_json())
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

        def write(w: ConcoursWrites) -> list[Entrant]:
            data = self._locked(w, concours_id)
            taken = names_taken(data)
            added = []
            next_id = w.next_entrant_id(data.id)
            for index, text in enumerate(names):
                entrant = self._entrant(data, text, next_id)
                check_not_taken(entrant, taken, index)
                taken |= {name_key(n) for n in (entrant.name, *entrant.members)}
                added.append(entrant)
                next_id += 1
            if len(data.entrants) + len(added) > ENTRANTS_MAX:
                raise ConcoursError(f"a concours holds at most {ENTRANTS_MAX} entrants",
                                    code="concours.settings.entrants",
                                    params={"most": ENTRANTS_MAX})
            for entrant in added:
                w.insert_entrant(data.id, entrant)
                w.note(data.id, "add", id=entrant.id, name=entrant.name,
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
            key = name_key(clean_name(who))
        except ConcoursError:
            key = ""
        for e in data.entrants.values():
            if key and key in {name_key(e.name), *(name_key(m) for m in e.members)}:
                return e
        raise ConcoursError(f"no one named '{who[:40]}' in this concours",
                            code="concours.entrant.unknown", params={"name": who[:40]})

    def rename(self, concours_id: str, who: str, new: str) -> Entrant:
        """Rename a player (a pair: one of its players by his name, or the pair by its "A /
        B" name). Raises ConcoursError ``concours.entrant.unknown``, ``concours.name.*``."""
        def write(w: ConcoursWrites) -> Entrant:
            data = self._locked(w, concours_id)
            entrant = self.find(data, who)
            old = who.strip()
            members: tuple[str, ...]
            if data.format == Format.EQUIPES and "/" in new:
                members = pair_members(new)
            elif data.format == Format.EQUIPES:
                idx = next((i for i, m in enumerate(entrant.members)
                            if name_key(m) == name_key(old)), None)
                if idx is None:
                    raise ConcoursError("name one player of the pair, or the pair as "
                                        "\"A / B\"", code="concours.name.member",
                                        params={"name": old[:40]})
                members = tuple(clean_name(new) if i == idx else m
                                for i, m in enumerate(entrant.members))
            else:
                members = (clean_name(new),)
            changed = replace(entrant, name=" / ".join(members), members=members)
            check_not_taken(changed, names_taken(data, but=entrant.id))
            w.update_entrant(data.id, changed)
            w.note(data.id, "rename", id=entrant.id, old=entrant.name,
                   new=changed.name)
            return changed
        return self.store.run(write)

    def withdraw(self, concours_id: str, who: str) -> Entrant:
        """Withdraw a player or pair from the next partie on (the parties drawn keep him;
        his points stay in the ranking, marked). Raises ConcoursError
        ``concours.entrant.unknown``, ``concours.entrant.withdrawn``."""
        def write(w: ConcoursWrites) -> Entrant:
            data = self._locked(w, concours_id)
            entrant = self.find(data, who)
            if entrant.withdrawn is not None:
                raise ConcoursError(f"{entrant.name} has already withdrawn",
                                    code="concours.entrant.withdrawn",
                                    params={"name": entrant.name})
            changed = replace(entrant, withdrawn=max(data.next_partie, entrant.joined))
            w.update_entrant(data.id, changed)
            w.note(data.id, "withdraw", id=entrant.id, name=entrant.name,
                   partie=changed.withdrawn)
            return changed
        return self.store.run(write)

    def reinstate(self, concours_id: str, who: str) -> Entrant:
        """Bring back a withdrawn player or pair from the next partie on. Raises
        ConcoursError ``concours.entrant.unknown``, ``concours.entrant.playing``."""
        def write(w: ConcoursWrites) -> Entrant:
            data = self._locked(w, concours_id)
            entrant = self.find(data, who)
            if entrant.withdrawn is None:
                raise ConcoursError(f"{entrant.name} has not withdrawn",
                                    code="concours.entrant.playing",
                                    params={"name": entrant.name})
            changed = replace(entrant, joined=data.next_partie, withdrawn=None)
            w.update_entrant(data.id, changed)
            w.note(data.id, "reinstate", id=entrant.id, name=entrant.name,
                   partie=data.next_partie)
            return changed
        return self.store.run(write)

    def set_prizes(self, concours_id: str, prizes: Sequence[str]) -> list[str]:
        """The prizes, first prize first (each at most 120 characters)."""
        cleaned = [short_text(p, 120) for p in prizes if str(p).strip()]

        def write(w: ConcoursWrites) -> list[str]:
            data = self._locked(w, concours_id)
            w.update_concours(data.id, prizes=cleaned)
            w.note(data.id, "prizes", prizes=cleaned)
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

        def write(w: ConcoursWrites) -> PartieDraw:
            data = self._locked(w, concours_id)
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
            w.insert_draw(data.id, result)
            w.note(data.id, "draw", partie=partie, seed=chosen)
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
        def write(w: ConcoursWrites) -> PartieDraw:
            data = self._locked(w, concours_id)
            if not data.draws:
                raise ConcoursError("no partie is drawn", code="concours.draw.none", params={})
            last = data.draws[-1]
            if any(e.partie == last.partie and e.undone is None for e in data.scores) or \
                    data.rooms.get(last.partie):
                raise ConcoursError(f"partie {last.partie} has scores: it cannot be drawn "
                                    "again", code="concours.draw.scored",
                                    params={"partie": last.partie})
            w.delete_draw(data.id, last.partie)
            # what was registered since that draw takes effect from the partie drawn again:
            # a late arrival plays it, a player who withdrew does not
            for e in data.entrants.values():
                if e.joined == last.partie + 1 or e.withdrawn == last.partie + 1:
                    w.update_entrant(data.id, replace(
                        e, joined=min(e.joined, last.partie),
                        withdrawn=last.partie if e.withdrawn == last.partie + 1
                        else e.withdrawn))
            w.note(data.id, "undraw", partie=last.partie, seed=last.seed)
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

        def write(w: ConcoursWrites) -> TableScore:
            data = self._locked(w, concours_id, table=(partie, table))
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
            data.add_score(w.insert_score(data.id, partie, table, deal, a, b, source))
            w.note(data.id, "score", partie=partie, table=table, deal=deal, points=[a, b],
                   source=source)
            return table_score(data, partie, table)
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
        def write(w: ConcoursWrites) -> ScoreEntry:
            data = self._locked(w, concours_id)
            live = [e for e in data.scores if e.undone is None and e.source != "online"
                    and (partie is None or e.partie == partie)
                    and (table is None or e.table == table)]
            if not live:
                raise ConcoursError("no score entry to undo", code="concours.score.nothing",
                                    params={})
            last = replace(live[-1], undone=w.undo_score(live[-1].id))
            w.note(data.id, "undo", entry=last.id, partie=last.partie,
                   table=last.table, deal=last.deal)
            return last
        return self.store.run(write)


def _code(concours_id: str) -> str:
    """A concours's code as stored (upper case, no spaces around)."""
    return str(concours_id).strip().upper()


def _found(concours_id: str, data: ConcoursData | None) -> ConcoursData:
    """``data``, read for ``concours_id``. Raises ConcoursError ``concours.unknown`` for
    None."""
    if data is None:
        raise ConcoursError(f"no concours '{str(concours_id)[:20]}' (belote concours list "
                            "shows them)",
                            code="concours.unknown", params={"id": str(concours_id)[:20]})
    return data


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
