"""``belote concours …``: run a club concours (seed 000) from the command line, in the same
database as ``belote serve`` (docs/concours.md). Each command opens the database, does one
step through :class:`belote.concours.manager.Manager` and prints what it did (``--json``: as
JSON); a refusal prints its words and exits 2."""

from __future__ import annotations

import contextlib
import errno
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from ..engine import BeloteError
from .messages import _lang, words
from .options import JsonOpt, LangOpt, OptionOpt, _rules
from .output import err, fail_command, json_text, out, write_file_out
from .usage import CommandGroup, _Command

concours_app = typer.Typer(
    name="concours", cls=CommandGroup, no_args_is_help=True, add_completion=False,
    rich_markup_mode=None,
    help="Run a club concours: register, draw the parties, enter scores, rank, print.")

IdArg = Annotated[str, typer.Argument(help="The concours's code (as `belote concours new` "
                                           "printed it).", show_default=False)]
DatabaseOpt = Annotated[str | None, typer.Option(
    "--database", help="Database URL: sqlite:///PATH or postgresql+psycopg://USER@HOST/NAME "
                       "(default: server.db in the data folder, as belote serve).")]


#: the words of a format (the catalog's ``cli.<word>``)
FORMAT_WORDS = {"melee": "concours.format.melee", "equipes": "concours.format.equipes"}
#: the ranking's columns (the catalog's ``cli.<word>``)
RANKING_COLUMNS = ("concours.col.rank", "concours.col.name", "concours.col.points",
                   "concours.col.won", "concours.col.conceded", "concours.col.played",
                   "concours.col.byes")


@contextlib.contextmanager
def _manager(database: str | None, lang: str, as_json: bool = False) -> Iterator[Any]:
    """The concours manager on ``database`` (the server's default one); a refusal
    (:class:`~belote.engine.BeloteError`, a database that fails included:
    ``server.bad_database``, ``concours.database``) ends the command with its words and exit
    2 (with ``--json``, first ``{"error", "code"}``)."""
    from ..concours.manager import Manager
    from ..concours.store import SqlConcoursStore
    from ..db import default_url, open_url
    from ..table.store import data_dir
    url = database or default_url(data_dir())
    if database is None:  # the data folder: made on first use, as the games' own
        with contextlib.suppress(OSError):  # (a folder that cannot be made: said below)
            data_dir().mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        engine = open_url(url)
    except BeloteError as e:
        fail_command(e, as_json, lang)
        return
    try:
        yield Manager(SqlConcoursStore(engine))
    except BeloteError as e:
        fail_command(e, as_json, lang)
    finally:
        engine.dispose()


def _say(key: str, lang: str, **params: Any) -> None:
    """The catalog's ``cli.<key>`` on standard error (what a command did)."""
    err.print(escape(words(key, lang, **params)), highlight=False)


def new(
    name: Annotated[str, typer.Argument(help="The concours's name (quoted if it has spaces).",
                                        show_default=False)],
    format: Annotated[str, typer.Option(
        "--format", help="melee: players, partners drawn at every partie (seed 000); "
                         "equipes: registered pairs.")] = "melee",
    parties: Annotated[int, typer.Option(help="Number of parties.", min=1, max=20)] = 4,
    deals: Annotated[int, typer.Option(
        help="Deals a partie (taken deals: passed-out deals do not count, seed 000).",
        min=1, max=100)] = 12,
    target: Annotated[int | None, typer.Option(
        help="A partie ends when a side reaches this score (instead of --deals).", min=1,
        max=10000)] = None,
    preset: Annotated[str, typer.Option(
        help="Rules preset: concours, classique, annonces, contree, coinche, ffb, simplifiee, "
             "retourne.")] = "concours",
    option: OptionOpt = None,
    leftover: Annotated[str, typer.Option(
        help="Players over a multiple of four: bye (they sit out, scoring a bye) or bot "
             "(bots fill their seats, for online concours).")] = "bye",
    bye: Annotated[int | None, typer.Option(
        help="Points a bye scores (default: the mean of the partie's team totals).", min=0,
        max=5000)] = None,
    date: Annotated[str, typer.Option(help="The date, as printed on the sheets.")] = "",
    place: Annotated[str, typer.Option(help="The place, as printed on the sheets.")] = "",
    online: Annotated[bool, typer.Option(
        "--online", help="Play the tables online on belote serve (scores flow in).")] = False,
    database: DatabaseOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Create a concours; prints its code, which the other commands take."""
    _lang(lang)
    from ..concours.model import Format, Leftover
    fmt = _choice("--format", format, [str(f) for f in Format], lang, as_json)
    left = _choice("--leftover", leftover, [str(x) for x in Leftover], lang, as_json)
    with _manager(database, lang, as_json) as m:
        rules_options = _rules(preset, option).overrides()
        data = m.create(name, format=Format(fmt), parties=parties, deals=deals, target=target,
                        preset=preset, options=rules_options, leftover=Leftover(left), bye=bye,
                        date=date, place=place, online=online)
        if as_json:
            print(json_text({**data.settings_json(), "key": data.key}))
            return
        out.print(data.id, highlight=False)
        _say("concours.created", lang, id=data.id, name=data.name)


def _choice(option: str, value: str, allowed: Sequence[str], lang: str, as_json: bool) -> str:
    v = value.strip().lower()
    if v not in allowed:
        fail_command(BeloteError(f"{option}: one of {', '.join(allowed)}, not '{value}'",
                                 code="cli.concours.choice",
                                 params={"option": option, "value": value,
                                         "allowed": ", ".join(allowed)}), as_json, lang)
    return v


def list_cmd(database: DatabaseOpt = None, as_json: JsonOpt = False,
             lang: LangOpt = "fr") -> None:
    """List the concours of the database, newest first."""
    _lang(lang)
    from ..concours.data import iso
    with _manager(database, lang, as_json) as m:
        rows = m.every()
        if as_json:
            print(json_text([{"id": i, "name": n, "created": iso(c)}
                             for i, n, c in rows]))
            return
        if not rows:
            _say("concours.none", lang)
            return
        table = Table(title=words("concours.list_title", lang))
        table.add_column(words("concours.col.id", lang), no_wrap=True)
        table.add_column(words("concours.col.name", lang))
        table.add_column(words("concours.col.created", lang), no_wrap=True)
        for i, n, c in rows:
            table.add_row(i, escape(n), c.strftime("%Y-%m-%d %H:%M"))
        out.print(table)


def show(concours_id: IdArg, database: DatabaseOpt = None, as_json: JsonOpt = False,
         lang: LangOpt = "fr") -> None:
    """The concours's settings, its players and the parties drawn, with each table's
    scoring state."""
    _lang(lang)
    from ..concours.manager import table_score
    with _manager(database, lang, as_json) as m:
        data = m.get(concours_id)
        if as_json:
            from ..concours.online import with_links  # online: each seat's link
            print(json_text(with_links(_show_json(data), data, m.store.engine)))
            return
        _print_settings(data, lang)
        _print_entrants(data, lang)
        for d in data.draws:
            done = sum(table_score(data, d.partie, t.table).complete for t in d.tables)
            _say("concours.partie_state", lang, partie=d.partie, seed=d.seed, done=done,
                 tables=len(d.tables))


def _show_json(data: Any) -> dict[str, Any]:
    from ..concours import views
    from ..concours.manager import table_score
    return {**data.settings_json(),
            "entrants": [views.entrant_json(e) for e in data.entrants.values()],
            "parties_drawn": [{**views.draw_json(data, d),
                               "scores": [table_score(data, d.partie, t.table).to_json()
                                          for t in d.tables]} for d in data.draws]}


def _print_settings(data: Any, lang: str) -> None:
    length = words("concours.deals", lang, deals=data.deals) if data.deals is not None \
        else words("concours.target", lang, target=data.target)
    _say("concours.settings", lang, id=data.id, name=data.name, format=words(
        FORMAT_WORDS[data.format], lang), parties=data.parties, length=length,
        preset=data.preset)


def _print_entrants(data: Any, lang: str) -> None:
    table = Table(title=words("concours.entrants_title", lang, count=sum(
        e.withdrawn is None for e in data.entrants.values())))
    table.add_column("#", justify="right")
    table.add_column(words("concours.col.name", lang))
    table.add_column(words("concours.col.state", lang))
    for e in data.entrants.values():
        state = words("concours.withdrawn_from", lang, partie=e.withdrawn) \
            if e.withdrawn is not None else (words("concours.joined_at", lang, partie=e.joined)
                                             if e.joined > 1 else "")
        table.add_row(str(e.id), escape(e.name), escape(state))
    out.print(table)


def add(
    concours_id: IdArg,
    names: Annotated[list[str] | None, typer.Argument(
        help="Players, or pairs written \"A / B\" par équipes.", show_default=False)] = None,
    csv_file: Annotated[Path | None, typer.Option(
        "--csv", help="Register the players of a CSV file (one a row; a pair's two names "
                      "in two cells, or \"A / B\"; separator , ; or tab).")] = None,
    database: DatabaseOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Register players or pairs (late arrivals play from the next partie)."""
    _lang(lang)
    with _manager(database, lang, as_json) as m:
        if csv_file is not None:  # the file's names then the others, all or none
            added = m.add_csv(concours_id, _read_text(csv_file), names or ())
        else:
            added = m.add(concours_id, names) if names else []
        if not added:
            raise BeloteError("name players, or give --csv FILE", code="cli.concours.no_names",
                              params={})
        if as_json:
            from ..concours import views
            print(json_text([views.entrant_json(e) for e in added]))
            return
        _say("concours.added", lang, count=len(added),
             names=", ".join(e.name for e in added[:10]) + ("…" if len(added) > 10 else ""),
             partie=added[0].joined)


def _read_text(path: Path) -> str:
    """A CSV file's text: UTF-8 (with or without its BOM), else Windows-1252 (a spreadsheet's
    French export); a regular file only, its first 4 MiB (more is refused when read as
    names). Raises BeloteError ``cli.concours.read``."""
    from ..concours.names import CSV_MAX
    try:
        if not path.is_file():  # a folder, a pipe, a device: never read without end
            raise IsADirectoryError(errno.EISDIR, "not a regular file") if path.is_dir() \
                else OSError(errno.EINVAL, "not a regular file")
        with path.open("rb") as f:
            raw = f.read(4 * CSV_MAX + 1)
    except OSError as e:
        raise BeloteError(f"cannot read {path}: {e.strerror or e}", code="cli.concours.read",
                          params={"path": str(path), "reason": e.strerror or str(e)}) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def rename(concours_id: IdArg,
           old: Annotated[str, typer.Argument(help="The name registered (or #N).",
                                              show_default=False)],
           new_name: Annotated[str, typer.Argument(help="The new name.", show_default=False)],
           database: DatabaseOpt = None, lang: LangOpt = "fr") -> None:
    """Rename a player (a pair: one of its players, or the pair as \"A / B\")."""
    _lang(lang)
    with _manager(database, lang) as m:
        e = m.rename(concours_id, old, new_name)
        _say("concours.renamed", lang, old=old, new=e.name)


def withdraw(concours_id: IdArg,
             name: Annotated[str, typer.Argument(help="The player or pair (or #N).",
                                                 show_default=False)],
             database: DatabaseOpt = None, lang: LangOpt = "fr") -> None:
    """Withdraw a player or pair from the next partie on (his points stay in the ranking)."""
    _lang(lang)
    with _manager(database, lang) as m:
        e = m.withdraw(concours_id, name)
        _say("concours.withdrew", lang, name=e.name, partie=e.withdrawn)


def reinstate(concours_id: IdArg,
              name: Annotated[str, typer.Argument(help="The player or pair (or #N).",
                                                  show_default=False)],
              database: DatabaseOpt = None, lang: LangOpt = "fr") -> None:
    """Bring back a withdrawn player or pair from the next partie on."""
    _lang(lang)
    with _manager(database, lang) as m:
        e = m.reinstate(concours_id, name)
        _say("concours.reinstated", lang, name=e.name, partie=e.joined)


def draw(concours_id: IdArg,
         seed: Annotated[int | None, typer.Option(
             help="Draw from this seed (to reproduce a printed draw); default: a random "
                  "one.", min=0)] = None,
         undo: Annotated[bool, typer.Option(
             "--undo", help="Take back the last draw (while none of its scores is "
                            "entered).")] = False,
         database: DatabaseOpt = None, as_json: JsonOpt = False, lang: LangOpt = "fr") -> None:
    """Draw the next partie: tables, partners, byes; prints the tables."""
    _lang(lang)
    with _manager(database, lang, as_json) as m:
        if undo:
            d = m.undraw(concours_id)
            if as_json:
                print(json_text({"undone": d.partie, "seed": d.seed}))
            else:
                _say("concours.undrawn", lang, partie=d.partie)
            return
        from ..concours import views
        d = m.draw(concours_id, seed)
        shown = views.draw_json(m.get(concours_id), d)
        if as_json:
            print(json_text(shown))
            return
        _print_draw(shown, lang)


def _print_draw(shown: dict[str, Any], lang: str) -> None:
    table = Table(title=words("concours.draw_title", lang, partie=shown["partie"],
                              seed=shown["seed"]))
    table.add_column(words("concours.col.table", lang), justify="right")
    table.add_column(words("concours.col.side0", lang))
    table.add_column(words("concours.col.side1", lang))
    for t in shown["tables"]:
        table.add_row(str(t["table"]), escape(" – ".join(t["teams"][0])),
                      escape(" – ".join(t["teams"][1])))
    out.print(table)
    if shown["out"]:
        _say("concours.out", lang, names=", ".join(shown["out"]))


def score(concours_id: IdArg,
          partie: Annotated[int, typer.Option(help="The partie.", min=1,
                                              show_default=False)],
          table: Annotated[int, typer.Option(help="The table.", min=1, show_default=False)],
          points: Annotated[tuple[int, int], typer.Option(
              help="The two sides' points: North–South's, then East–West's.",
              show_default=False)],
          deal: Annotated[int | None, typer.Option(
              help="One deal line (1 to 12) instead of the partie's totals.", min=1)] = None,
          database: DatabaseOpt = None, as_json: JsonOpt = False,
          lang: LangOpt = "fr") -> None:
    """Enter a table's points for a partie (or one deal line with --deal), checked against
    the preset's scoring; entering a line again corrects it."""
    _lang(lang)
    with _manager(database, lang, as_json) as m:
        result = m.score(concours_id, partie, table, points[0], points[1], deal=deal)
        if as_json:
            print(json_text(result.to_json()))
            return
        if result.complete:
            _say("concours.scored", lang, partie=partie, table=table, a=result.result[0],
                 b=result.result[1])
        else:
            _say("concours.line_scored", lang, partie=partie, table=table, lines=len(result.lines),
                 a=sum(x[0] for x in result.lines), b=sum(x[1] for x in result.lines))


def undo(concours_id: IdArg,
         partie: Annotated[int | None, typer.Option(
             help="Only an entry of this partie.", min=1)] = None,
         table: Annotated[int | None, typer.Option(
             help="Only an entry of this table.", min=1)] = None,
         database: DatabaseOpt = None, as_json: JsonOpt = False,
         lang: LangOpt = "fr") -> None:
    """Undo the last score entry (kept in the audit trail, marked undone); with --partie and
    --table, the last one of that table."""
    _lang(lang)
    with _manager(database, lang, as_json) as m:
        e = m.undo(concours_id, partie, table)
        if as_json:
            print(json_text(e.to_json()))
            return
        what = words("concours.line", lang, deal=e.deal) if e.deal is not None \
            else words("concours.totals", lang)
        _say("concours.undone", lang, partie=e.partie, table=e.table, what=what, a=e.a, b=e.b)


def ranking(concours_id: IdArg, database: DatabaseOpt = None, as_json: JsonOpt = False,
            lang: LangOpt = "fr") -> None:
    """The ranking: points, then parties won, then points conceded, then the lot."""
    _lang(lang)
    with _manager(database, lang, as_json) as m:
        rows = m.ranking(concours_id)
        if as_json:
            from ..concours import views
            print(json_text([views.rank_json(r) for r in rows]))
            return
        table = Table(title=words("concours.ranking_title", lang))
        for key in RANKING_COLUMNS:
            table.add_column(words(key, lang),
                             justify="left" if key == "concours.col.name" else "right")
        for r in rows:
            name = escape(r.name) + (" " + escape(words("concours.withdrawn", lang))
                                     if r.withdrawn else "")
            table.add_row(str(r.rank), name, str(r.points), str(r.won), str(r.conceded),
                          str(r.played), str(r.byes))
        out.print(table)


def prizes(concours_id: IdArg,
           items: Annotated[list[str] | None, typer.Argument(
               help="The prizes, first prize first (none: show them).",
               show_default=False)] = None,
           database: DatabaseOpt = None, as_json: JsonOpt = False,
           lang: LangOpt = "fr") -> None:
    """Set the prizes (first prize first) for the prize list, or show them."""
    _lang(lang)
    with _manager(database, lang, as_json) as m:
        shown = m.set_prizes(concours_id, items) if items else m.get(concours_id).prizes
        if as_json:
            print(json_text(shown))
            return
        for i, p in enumerate(shown, start=1):
            out.print(f"{i}. {escape(p)}", highlight=False)


def print_cmd(concours_id: IdArg,
              what: Annotated[str, typer.Option(
                  "--what", help="sheets (score sheets), cards (table cards), ranking or "
                                 "prizes (the prize list).", show_default=False)],
              output: Annotated[str, typer.Option(
                  "--out", help="The PDF file to write.", show_default=False)],
              partie: Annotated[int | None, typer.Option(
                  help="The partie of the sheets or cards (default: the last drawn).",
                  min=1)] = None,
              database: DatabaseOpt = None, lang: LangOpt = "fr") -> None:
    """Write a PDF to print: score sheets, table cards, the ranking or the prize list."""
    _lang(lang)
    from ..concours import documents
    kind = _choice("--what", what, list(documents.PRINTABLE), lang, False)
    with _manager(database, lang) as m:
        pdf = documents.printable(m.get(concours_id), kind, partie, lang)
    write_file_out(output, pdf, lang)


def export(concours_id: IdArg,
           what: Annotated[str, typer.Option(
               "--what", help="ranking, draws (every partie's tables), scores (every "
                              "entry, the audit trail) or players (the registration).",
               show_default=False)],
           output: Annotated[str, typer.Option("--out", help="The CSV file to write.",
                                               show_default=False)],
           database: DatabaseOpt = None, lang: LangOpt = "fr") -> None:
    """Export the ranking, the draws, the score entries or the registration as CSV
    (UTF-8)."""
    _lang(lang)
    from ..concours import documents
    kind = _choice("--what", what, list(documents.EXPORTS), lang, False)
    with _manager(database, lang) as m:
        text = documents.export(m.get(concours_id), kind, lang)
    write_file_out(output, text, lang)


def log(concours_id: IdArg, database: DatabaseOpt = None, as_json: JsonOpt = False,
        lang: LangOpt = "fr") -> None:
    """Every change made to the concours, in order (the audit trail)."""
    _lang(lang)
    with _manager(database, lang, as_json) as m:
        data = m.get(concours_id)
        rows = m.store.log(data.id)
        from ..concours.data import iso
        if as_json:
            print(json_text([{"when": iso(w), "what": what, **facts}
                             for w, what, facts in rows]))
            return
        for w, what, facts in rows:
            shown = ", ".join(f"{k}={v}" for k, v in facts.items() if k not in {"options"})
            out.print(f"{w.strftime('%Y-%m-%d %H:%M:%S')}  {what:<10} {escape(shown)}",
                      highlight=False)


def link(concours_id: IdArg,
         url: Annotated[str, typer.Option(
             "--url", help="The address of belote serve as the club's machines reach it "
                           "(its --public-url).")] = "http://127.0.0.1:8000",
         database: DatabaseOpt = None, as_json: JsonOpt = False,
         lang: LangOpt = "fr") -> None:
    """Print the organiser's link (it holds the concours's secret key: keep it to yourself)
    and the live page's link (for the projector)."""
    _lang(lang)
    with _manager(database, lang, as_json) as m:
        data = m.get(concours_id)
        base = url.strip().rstrip("/")
        links = {"organiser_url": f"{base}/concours/{data.id}?key={data.key}",
                 "live_url": f"{base}/concours/{data.id}/live"}
        if as_json:
            print(json_text({"id": data.id, **links}))
            return
        out.print(words("concours.link.organiser", lang, url=links["organiser_url"]),
                  highlight=False, soft_wrap=True)
        out.print(words("concours.link.live", lang, url=links["live_url"]), highlight=False,
                  soft_wrap=True)


#: (name, function, one-line help)
COMMANDS: tuple[tuple[str, Callable[..., None], str], ...] = (
    ("new", new, "Create a concours."),
    ("list", list_cmd, "List the concours."),
    ("show", show, "A concours's settings, players and parties."),
    ("add", add, "Register players or pairs."),
    ("rename", rename, "Rename a player or pair."),
    ("withdraw", withdraw, "Withdraw a player or pair."),
    ("reinstate", reinstate, "Bring back a withdrawn player or pair."),
    ("draw", draw, "Draw the next partie."),
    ("score", score, "Enter a table's points."),
    ("undo", undo, "Undo the last score entry."),
    ("ranking", ranking, "The ranking."),
    ("prizes", prizes, "Set or show the prizes."),
    ("print", print_cmd, "Write sheets, table cards, ranking or prize list as PDF."),
    ("export", export, "Export ranking, draws or scores as CSV."),
    ("log", log, "The audit trail of every change."),
    ("link", link, "The organiser's and the live page's links."),
)
for _name, _function, _short in COMMANDS:
    concours_app.command(_name, cls=_Command, short_help=_short)(_function)
