"""``belote deal``."""

from __future__ import annotations

import random
import sys
from typing import Annotated

import typer

from ..engine import PRESET_NAMES, BeloteError, Deal, shuffled_deck
from ..engine.randomplay import play_randomly
from ..engine.record import deal_to_record, dumps
from .messages import _lang
from .options import LangOpt, OptionOpt, _rules
from .output import _fail, write_file_out


def deal_cmd(
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESET_NAMES)}.")]
    = "coinche",
    seed: Annotated[int | None, typer.Option(help="Random seed (same seed, same deal).")] = None,
    dealer: Annotated[int, typer.Option(help="Dealer seat 0..3.", min=0, max=3)] = 0,
    option: OptionOpt = None,
    output: Annotated[str | None, typer.Option("--out", help="Write the record to this file.")]
    = None,
    lang: LangOpt = "fr",
) -> None:
    """Deal and play one random legal deal; print its record (JSON). Handy to try `check`."""
    _lang(lang)
    try:
        rules = _rules(preset, option)
    except BeloteError as e:
        _fail(e, lang)
        return
    rng = random.Random(seed)
    d = play_randomly(Deal.deal(rules, dealer, shuffled_deck(rules, rng)), rng)
    text = dumps(deal_to_record(d))
    if output:
        write_file_out(output, text, lang)
    else:
        sys.stdout.write(text)

