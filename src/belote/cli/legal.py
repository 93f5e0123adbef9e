"""``belote legal``."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..engine import PRESET_NAMES, BeloteError, Trump, card_str, parse_cards, tables
from ..engine.cards import mask_of
from ..engine.play import PlayRules, check_position, legal_cards
from ..i18n import card_label
from .messages import _lang
from .options import JsonOpt, LangOpt, OptionOpt, _rules
from .output import _fail, out


def legal(
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESET_NAMES)}.")],
    trump: Annotated[str, typer.Option(help="Contract kind: S H D C SA TA (spades, hearts, "
                                            "diamonds, clubs, no trump, all trump).")],
    hand: Annotated[str, typer.Option(help='Cards of the player to move, e.g. "JH 9H AS 10D".')],
    trick: Annotated[str, typer.Option(help="Cards already on the trick, leader first.")] = "",
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Print the cards the player to move may legally play (card-play rules: docs/sources.md)."""
    _lang(lang)
    try:
        rules = _rules(preset, option)
        tr = Trump.parse(trump)
        h = parse_cards(hand)
        tk = parse_cards(trick)
        check_position(rules, tr, h, tk)
    except BeloteError as e:
        _fail(e, lang)
        return
    mask, _rule = legal_cards(mask_of(h), tk, tables(tr, rules.sa_ace_points, rules.deck),
                              PlayRules.of(rules))
    cards = [c for c in h if (mask >> c) & 1]
    if as_json:
        print(json.dumps([card_str(c) for c in cards]))
    else:
        out.print(" ".join(card_label(c, lang) for c in cards), highlight=False)

