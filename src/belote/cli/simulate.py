"""``belote simulate``."""

from __future__ import annotations

import errno
import os
from typing import IO, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from ..engine import PRESET_NAMES, BeloteError
from ..i18n import bot_name
from .messages import _lang, words
from .options import JsonOpt, LangOpt, OptionOpt, _rules, _warm_up
from .output import _fail, _write_failed, err, json_text, out
from .render import _ci_text, _n_deals, _num

#: the most deals one ``simulate`` plays: 10 million, about a day of heuristic bots on one
#: core (2,000 deals in 12 s of CPU); a bigger count (``--deals 10**26``, which ran until
#: killed) is refused as a usage error, exit 2
MAX_DEALS = 10_000_000


def simulate(
    # classique by default, as play: in an auction the random bot bids at almost every turn
    # (one pass among a hundred bids), which makes a first look at heuristic against random
    # a list of absurd contracts
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESET_NAMES)}.")]
    = "classique",
    deals: Annotated[int, typer.Option(help="Number of deals to play.", min=1,
                                       max=MAX_DEALS)] = 1000,
    seed: Annotated[int, typer.Option(help="Seed: the same seed deals the same packs.")] = 1,
    bots: Annotated[str, typer.Option(help="Bots at seats 0,1,2,3 (team 0 = seats 0 and 2): "
                                           "random, heuristic, expert or expert:N (N worlds "
                                           "a decision), e.g. heuristic,random,heuristic,random; "
                                           "two names for the two teams (heuristic,random), "
                                           "one for every seat.")]
    = "heuristic,random,heuristic,random",
    option: OptionOpt = None,
    output: Annotated[str | None, typer.Option(
        "--out", help="Save every deal's record, one JSON object a line, as it is played "
        "(an existing file is emptied at the start, not replaced at the end).")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Play bots against bots and report per team: mean score per deal with a 95% confidence
    interval, contracts taken / made, capots, litiges, and time per decision."""
    from rich.progress import Progress

    from ..bots import make_bot
    from ..table.match import derive_seed
    from ..table.match import simulate as run_sim
    t = _lang(lang)
    try:
        rules = _rules(preset, option)
        names = [b.strip() for b in bots.split(",")]
        if len(names) in (1, 2):  # one for every seat, or one a team
            names = (names * 4)[:4]
        if len(names) != 4:
            raise BeloteError(f"--bots: 4 names (seats 0,1,2,3), 2 (teams 0 and 1) or 1 (every "
                              f"seat), got {len(names)}", code="cli.bots_count",
                              params={"count": len(names)})
        players = [make_bot(n, seed=derive_seed("simulate", seed, i))
                   for i, n in enumerate(names)]
    except (BeloteError, ValueError) as e:
        _fail(e, lang)
        return
    if any(p.uses_solver for p in players):
        _warm_up(lang)
    try:
        with _RecordLines(output) as lines, \
                Progress(console=err, transient=True,
                         disable=as_json or not err.is_terminal) as prog:
            task = prog.add_task("simulation", total=deals)
            report = run_sim(rules, players, names, deals, seed,
                             on_record=lines.write if output else None,
                             progress=lambda n: prog.update(task, completed=n))
    except OSError as e:  # opening --out (before the first deal), a line, the final sync
        if output is None:
            raise
        _write_failed(output, e, lang)
        return
    data = report.to_json()
    if as_json:
        print(json_text(data, indent=2))
        return
    _print_simulation(data, rules.preset_name, names, deals, seed, t, lang)


def _print_simulation(data: dict[str, Any], preset: str, names: list[str], deals: int,
                      seed: int, t: dict[str, str], lang: str) -> None:
    """simulate's report (``data``: :meth:`belote.sim.SimReport.to_json`) as a table and lines."""
    table = Table(title=escape(f"{preset}{t['colon']} {_n_deals(deals, lang)}, "
                               + words("seed", lang) + f" {seed}"))
    table.add_column("")
    for k in (0, 1):
        pair = f"{bot_name(names[k], lang)}+{bot_name(names[k + 2], lang)}"
        table.add_column(escape(f"{t['team']} {k} ({pair})"),
                         justify="right")
    tm = data["teams"]
    table.add_row(words("simulate.mean_score", lang),
                  *[_num(x["mean_score"], 1, lang) for x in tm])
    table.add_row(words("ci_label", lang), *[_ci_text(x["ci95"], lang) for x in tm])
    table.add_row(words("simulate.taken", lang), *[str(x["taken"]) for x in tm])
    table.add_row(words("simulate.made", lang), *[str(x["made"]) for x in tm])
    table.add_row(words("simulate.capots", lang), *[str(x["capots"]) for x in tm])
    table.add_row(words("simulate.litiges", lang), *[str(x["litiges"]) for x in tm])
    out.print(table)
    dm = data["diff"]
    out.print(escape(words("simulate.diff", lang) + f"{t['colon']} "
                     + f"{_num(dm['mean'], 1, lang)} " + _ci_text(dm["ci95"], lang, label=True)
                     + words("simulate.passed_out", lang, count=data["passed_out"])))
    for p in data["ms_per_decision"]:
        ms = _num(p["ms_mean"], 3, lang)
        out.print(escape(words("simulate.seat_time", lang, seat=p["seat"],
                               bot=bot_name(p["bot"], lang), ms=ms)),
                  highlight=False)


class _RecordLines:
    """``simulate --out``: the file of the deals' records, one JSON object a line, written as
    each deal ends (a line flushed at a time: an interrupted run leaves the deals played) and
    synced to the disk at the end. ``path`` None writes nothing. The file is opened (and
    emptied) on entering, so a wrong path fails before the first deal. Raises OSError."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.file: IO[str] | None = None

    def __enter__(self) -> _RecordLines:
        if self.path is not None:
            self.file = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 -- closed on exit
        return self

    def write(self, record: dict[str, Any]) -> None:
        """Append ``record`` as one line."""
        assert self.file is not None
        self.file.write(json_text(record) + "\n")
        self.file.flush()

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if self.file is None:
            return
        try:
            if kind is None:
                _sync(self.file)
        finally:
            self.file.close()


def _sync(file: IO[str]) -> None:
    """Flush ``file`` and sync it to the disk (a special file, ``/dev/stdout``, cannot be
    synced: its data is already gone). Raises OSError (a full disk)."""
    file.flush()
    try:
        os.fsync(file.fileno())
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.ENOTSUP):
            raise

