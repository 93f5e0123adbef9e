"""``belote arena``."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..engine import PRESET_NAMES, BeloteError
from .messages import _lang
from .options import JsonOpt, LangOpt, OptionOpt, _rules, _warm_up
from .output import _fail, err, out
from .render import _ci_text, _n_deals, _num


def arena(
    a: Annotated[str, typer.Option("--a", help="Bot A (random, heuristic, expert; expert:N "
                                   "for N worlds a decision).")] = "expert",
    b: Annotated[str, typer.Option("--b", help="Bot B.")] = "heuristic",
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESET_NAMES)}.")]
    = "coinche",
    deals: Annotated[int, typer.Option(help="Deals, each played twice (seats swapped).", min=1)]
    = 100,
    seed: Annotated[int, typer.Option(help="Seed: the same seed deals the same packs.")] = 1,
    play_only: Annotated[bool, typer.Option("--play-only", help="Card play only: both tables "
                                            "play the same contract; reports A's share of "
                                            "the card points.")] = False,
    worlds: Annotated[int, typer.Option(help="Worlds per decision of a plain `expert` (an "
                                        "`expert:N` keeps its N).", min=1, max=500)]
    = 20,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Duplicate match of bot A against bot B: mean score difference per deal (A − B) with a
    95% confidence interval, contracts taken / made, time per decision."""
    from rich.progress import Progress

    from ..bots import make_bot, parse_bot
    from ..sim import arena as run_arena
    fr = lang == "fr"
    t = _lang(lang)
    a, b = a.strip(), b.strip()
    try:
        rules = _rules(preset, option)
        for n in (a, b):
            parse_bot(n)
    except (BeloteError, ValueError) as e:
        _fail(str(e), lang)
        return

    def maker(name):
        # --worlds sets the plain expert's worlds; expert:N names its own
        return lambda s: make_bot(name, s, worlds=worlds)
    if any(n.startswith("expert") for n in (a, b)):
        _warm_up(lang)
    with Progress(console=err, transient=True, disable=as_json or not err.is_terminal) as prog:
        task = prog.add_task("arena", total=deals)
        rep = run_arena(rules, maker(a), maker(b), (a, b), deals, seed, play_only,
                        progress=lambda n: prog.update(task, completed=n))
    data = rep.to_json()
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return
    out.print(f"{preset}{t['colon']} {_n_deals(deals, fr)} × 2 tables"
              + f", A = {a}, B = {b}, " + ("graine" if fr else "seed") + f" {seed}")
    out.print(("écart moyen A − B par donne : " if fr else "mean difference A − B per deal: ")
              + f"[b]{_num(data['mean_diff'], 1, fr)}[/b] "
              + _ci_text(data["ci95"], fr, label=True))
    if play_only:
        ps = data["points_share"]
        out.print(("part des points de A : " if fr else "A's share of card points: ")
                  + f"{_num(100 * ps['mean'], 1, fr)}{' %' if fr else '%'} "
                  + _ci_text(ps["ci95"], fr, 100, label=True))
    for side, name in (("a", a), ("b", b)):
        taken, made_n = data["taken"][side], data["made"][side]
        ms = _num(data["ms_per_decision"][side], 2, fr)
        line = (f"contrats pris {taken}, réussis {made_n}, {ms} ms / décision" if fr
                else f"contracts taken {taken}, made {made_n}, {ms} ms / decision")
        out.print(f"  {side.upper()} ({name}){t['colon']} {line}", highlight=False)

