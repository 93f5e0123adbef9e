"""``belote analyse``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer
from rich.table import Table

from ..engine import BeloteError
from ..engine.record import GAME_FORMAT, RecordLines, check_game
from ..engine.record import choose_deal as _choose_deal
from ..engine.record import read_record as _read_record
from ..i18n import card_label, irregularity, rule_name
from .messages import _lang, words
from .options import JsonOpt, LangOpt, _first_use_note
from .output import _fail, err, json_text, out
from .render import _contract_line, _print_seats


def analyse(
    record: Annotated[str, typer.Argument(
        help="A deal record (JSON), or with --deal a game record or a file of one deal record "
             "a line (simulate --out).")],
    deal_no: Annotated[int | None, typer.Option(
        "--deal", min=1, help="Which deal of a game record or line of a simulate --out file "
                              "(1 = first).")]
    = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Double-dummy value of every card played: which card lost how many points.

    A value is the final card points of the player's team for the whole deal, with perfect play
    by all four seats afterwards (dix de der included, no capot bonus). Under the table: each
    team's loss, the card points it made and its points with perfect play from the first
    card (the two differ by the team's loss minus the other team's)."""
    from rich.progress import Progress

    from ..engine.record import check_deal
    from ..table.analysis import analyse_deal, team_points
    t = _lang(lang)
    try:
        rec = _read_record(record)
        if isinstance(rec, RecordLines) or (isinstance(rec, dict)
                                            and rec.get("format") == GAME_FORMAT):
            # the whole record first, judged as check judges it: a malformed deal, or a deal
            # after the game's end (record.game_over), is refused
            check_game(rec)
        report = check_deal(_choose_deal(rec, deal_no, games=True))
        deal = report.deal
        _first_use_note(lang)
        with Progress(console=err, transient=True, disable=as_json or not err.is_terminal) as prog:
            task = prog.add_task("analyse", total=None)
            rows = analyse_deal(deal, progress=lambda i, n: prog.update(task, completed=i,
                                                                        total=n))
    except BeloteError as e:
        _fail(e, lang)
        return
    if as_json:
        print(json_text([r.to_json() for r in rows], indent=2))
        return
    if not rows:
        irr = report.irregularity
        if irr is not None and irr["kind"] == "bid":  # the check stopped at that bid
            out.print(f"{t['irregular']}{t['colon']} {t['seat']} {irr['seat']} ({irr['card']})"
                      f"{t['colon']} {irregularity(irr, lang)} [{rule_name(irr['rule'], lang)}]",
                      markup=False, highlight=False)
            out.print(t["stopped"])
        else:
            out.print(words("analyse.no_card", lang))
        return
    assert deal.contract is not None  # cards were played
    title = words("analyse.title", lang) if deal_no is None else \
        words("analyse.title_deal", lang, number=deal_no)
    table = Table(title=title,
                  caption=_contract_line(deal.contract.to_json(), t, lang))
    for col in ((t["trick"], "right"), (t["seat"], "right"),
                (words("analyse.card_played", lang), "left"),
                (words("analyse.value", lang), "right"), (words("analyse.best", lang), "left"),
                (words("analyse.loss", lang), "right")):
        table.add_column(col[0], justify=col[1])
    for r in rows:  # cards as check, legal and replay show them: V♦ / J♦
        best_cards = " ".join(card_label(c, lang) for c, v in sorted(r.values.items())
                              if v == r.best)
        loss = f"[red]{r.loss}[/]" if r.loss else "0"
        mark = " " + words("analyse.irregular", lang) if r.irregular else ""
        table.add_row(str(r.trick), str(r.seat), card_label(r.card, lang) + mark, str(r.played),
                      f"{r.best} ({best_cards})", loss)
    out.print(table)
    lost = [0, 0]
    for r in rows:
        lost[r.seat % 2] += r.loss
    c = t["colon"]

    def teams(p: Sequence[int]) -> str:
        return f"{t['team']} 0{c} {p[0]} · {t['team']} 1{c} {p[1]}"
    out.print(words("analyse.lost", lang) + f"{c} {teams(lost)}")
    dd, made = team_points(deal, rows)
    if made is not None:
        out.print(words("analyse.made", lang) + f"{c} {teams(made)}")
    else:
        n, of = len(deal.tricks), deal.rules.hand_size
        out.print(words("analyse.made", lang) + f"{c} "
                  + words("analyse.unfinished", lang, tricks=n, of=of))
    out.print(words("analyse.double_dummy", lang) + f"{c} {teams(dd)}")
    _print_seats(lang, rec)

