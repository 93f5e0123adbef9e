"""``belote arena``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from ..engine import PRESET_NAMES, BeloteError
from ..i18n import bot_name
from .messages import _lang, words
from .options import JsonOpt, LangOpt, OptionOpt, _rules, _warm_up
from .output import _fail, err, json_text, out
from .render import _ci_text, _n_deals, _num

if TYPE_CHECKING:
    from ..bots import Bot


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

    from ..bots import bot_class, make_bot, parse_bot
    from ..table.match import arena as run_arena
    t = _lang(lang)
    a, b = a.strip(), b.strip()
    try:
        rules = _rules(preset, option)
        for n in (a, b):
            parse_bot(n)
    except (BeloteError, ValueError) as e:
        _fail(e, lang)
        return

    def maker(name: str) -> Callable[[int], Bot]:
        # --worlds sets the plain expert's worlds; expert:N names its own
        return lambda s: make_bot(name, s, worlds=worlds)
    if any(bot_class(n).uses_solver for n in (a, b)):
        _warm_up(lang)
    with Progress(console=err, transient=True, disable=as_json or not err.is_terminal) as prog:
        task = prog.add_task("arena", total=deals)
        rep = run_arena(rules, maker(a), maker(b), (a, b), deals, seed, play_only,
                        progress=lambda n: prog.update(task, completed=n))
    data = rep.to_json()
    if as_json:
        print(json_text(data, indent=2))
        return
    c = t["colon"]
    out.print(escape(f"{preset}{c} {_n_deals(deals, lang)} × 2 tables, "
                     f"A = {bot_name(a, lang)}, B = {bot_name(b, lang)}, "
                     + words("seed", lang) + f" {seed}"))
    out.print(escape(words("arena.mean_diff", lang) + f"{c} ")
              + f"[b]{_num(data['mean_diff'], 1, lang)}[/b] "
              + escape(_ci_text(data["ci95"], lang, label=True)))
    if play_only:
        ps = data["points_share"]
        out.print(escape(words("arena.share", lang) + f"{c} "
                         + words("percent", lang, value=_num(100 * ps["mean"], 1, lang)) + " "
                         + _ci_text(ps["ci95"], lang, 100, label=True)))
    for side, name in (("a", a), ("b", b)):
        taken, made_n = data["taken"][side], data["made"][side]
        ms = _num(data["ms_per_decision"][side], 2, lang)
        line = words("arena.side", lang, taken=taken, made=made_n, ms=ms)
        out.print(escape(f"  {side.upper()} ({bot_name(name, lang)}){c} {line}"),
                  highlight=False)

