"""``belote replay``."""

from __future__ import annotations

from typing import Annotated

import typer

from ..engine import BeloteError
from ..engine.record import RecordLines as _Lines
from ..engine.record import choose_deal as _choose_deal
from ..engine.record import read_record as _read_record
from ..engine.record import record_players as _players
from .messages import _lang
from .options import LangOpt, _need_terminal
from .output import _fail


def replay(
    record: Annotated[str, typer.Argument(
        help="A saved game or deal record (JSON), or with --deal a file of one deal record a "
             "line (simulate --out).")],
    deal_no: Annotated[int | None, typer.Option(
        "--deal", min=1, help="Which line of a simulate --out file (1 = first).")] = None,
    lang: LangOpt = "fr",
) -> None:
    """Step through a saved game forwards (→) and backwards (←), all hands visible."""
    from ..tui.replay import ReplayApp, load_steps
    _lang(lang)
    try:
        rec = _read_record(record)
        steps = load_steps(_choose_deal(rec, deal_no, games=False))
    except BeloteError as e:
        _fail(e, lang)
        return
    _need_terminal("replay", lang)
    # one line of a simulate --out file: its header says which (3/20, not 1/1)
    numbered = (deal_no, len(rec)) if isinstance(rec, _Lines) and deal_no else None
    ReplayApp(steps, lang=lang, numbered=numbered, players=_players(rec)).run()

