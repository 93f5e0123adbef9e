"""``belote simulate``."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from ..engine import PRESET_NAMES, BeloteError
from .messages import _lang
from .options import JsonOpt, LangOpt, OptionOpt, _rules, _warm_up
from .output import _fail, _write_failed, err, out
from .render import _ci_text, _n_deals, _num


def simulate(
    # classique by default, as play: in an auction the random bot bids at almost every turn
    # (one pass among a hundred bids), which makes a first look at heuristic against random
    # a list of absurd contracts
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESET_NAMES)}.")]
    = "classique",
    deals: Annotated[int, typer.Option(help="Number of deals to play.", min=1)] = 1000,
    seed: Annotated[int, typer.Option(help="Seed: the same seed deals the same packs.")] = 1,
    bots: Annotated[str, typer.Option(help="Bots at seats 0,1,2,3 (team 0 = seats 0 and 2): "
                                           "random, heuristic, expert or expert:N (N worlds "
                                           "a decision), e.g. heuristic,random,heuristic,random; "
                                           "two names for the two teams (heuristic,random), "
                                           "one for every seat.")]
    = "heuristic,random,heuristic,random",
    option: OptionOpt = None,
    output: Annotated[str | None, typer.Option(
        "--out", help="Save every deal's record, one JSON object a line.")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Play bots against bots and report per team: mean score per deal with a 95% confidence
    interval, contracts taken / made, capots, litiges, and time per decision."""
    from rich.progress import Progress

    from ..bots import make_bot
    from ..sim import simulate as run_sim
    t = _lang(lang)
    try:
        rules = _rules(preset, option)
        names = [b.strip() for b in bots.split(",")]
        if len(names) in (1, 2):  # one for every seat, or one a team
            names = (names * 4)[:4]
        if len(names) != 4:
            raise BeloteError(f"--bots: 4 names (seats 0,1,2,3), 2 (teams 0 and 1) or 1 (every "
                              f"seat), got {len(names)}")
        players = [make_bot(n, seed=seed * 10 + i) for i, n in enumerate(names)]
    except (BeloteError, ValueError) as e:
        _fail(str(e), lang)
        return
    if output:
        try:
            open(output, "w", encoding="utf-8").close()  # fail now, not after the run
        except OSError as e:
            _write_failed(output, e, lang)
            return
    if any(n.startswith("expert") for n in names):
        _warm_up(lang)
    with Progress(console=err, transient=True, disable=as_json or not err.is_terminal) as prog:
        task = prog.add_task("simulation", total=deals)
        report = run_sim(rules, players, names, deals, seed, keep_records=bool(output),
                         progress=lambda n: prog.update(task, completed=n))
    if output:
        try:
            with open(output, "w", encoding="utf-8") as f:
                f.writelines(json.dumps(rec, ensure_ascii=False) + "\n" for rec in report.records)
        except OSError as e:
            _write_failed(output, e, lang)
    data = report.to_json()
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return
    fr = lang == "fr"
    table = Table(title=f"{rules.preset_name}{t['colon']} {_n_deals(deals, fr)}, "
                  + ("graine" if fr else "seed") + f" {seed}")
    table.add_column("")
    for k in (0, 1):
        table.add_column(f"{t['team']} {k} ({names[k]}+{names[k + 2]})", justify="right")
    tm = data["teams"]
    table.add_row("marque moyenne / donne" if fr else "mean score / deal",
                  *[_num(x["mean_score"], 1, fr) for x in tm])
    table.add_row("IC 95 %" if fr else "95% CI",
                  *[_ci_text(x["ci95"], fr) for x in tm])
    table.add_row("contrats pris" if fr else "contracts taken", *[str(x["taken"]) for x in tm])
    table.add_row("réussis" if fr else "made", *[str(x["made"]) for x in tm])
    table.add_row("capots", *[str(x["capots"]) for x in tm])
    table.add_row("litiges", *[str(x["litiges"]) for x in tm])
    out.print(table)
    dm = data["diff"]
    out.print(("écart équipe 0 − équipe 1 : " if fr else "team 0 − team 1: ")
              + f"{_num(dm['mean'], 1, fr)} " + _ci_text(dm["ci95"], fr, label=True)
              + (f" ; donnes passées : {data['passed_out']}" if fr
                 else f"; passed-out deals: {data['passed_out']}"))
    for p in data["ms_per_decision"]:
        ms = _num(p["ms_mean"], 3, fr)
        out.print(f"  {t['seat']} {p['seat']} ({p['bot']}) : {ms} ms / décision" if fr
                  else f"  seat {p['seat']} ({p['bot']}): {ms} ms / decision", highlight=False)

