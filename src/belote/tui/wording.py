"""The terminal table's words for cards, actions and annonces (Rich markup), shared by the
table (:mod:`belote.tui.app`) and the replay (:mod:`belote.tui.replay`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.actions import parse_action
from ..engine.cards import RED_SUITS, SUIT_OF, iter_cards, parse_card
from ..engine.views import move_json
from ..i18n import card_label
from ..i18n.labels import trump_symbol
from .i18n import Words

#: the suits of a bid, in the order of their number keys (1 ♠, 2 ♥, 3 ♦, 4 ♣, 5 SA, 6 TA)
BID_SUITS = ("S", "H", "D", "C", "SA", "TA")


def card_markup(card: int, lang: str = "fr") -> str:
    """Rich markup of a card, red for hearts and diamonds."""
    text = card_label(card, lang)
    return f"[bold red]{text}[/]" if SUIT_OF[card] in RED_SUITS else f"[bold]{text}[/]"


def move_words(move: Mapping[str, Any], t: Words, lang: str) -> str:
    """A structured move (:func:`belote.engine.views.move_json`) as a player says it (a
    button's word: "Contrer", "Je passe", ``80 ♥``), read from its fields: a card as
    :func:`card_markup`, a declaration as the word for annonces, a double by the preset's
    ``word``, a belote by its record word."""
    kind = move["kind"]
    if kind == "card":
        return card_markup(parse_card(move["card"]), lang)
    if kind == "declare":
        return t["annonces"]
    if kind in ("pass", "take"):
        return t[kind]
    if kind in ("double", "redouble"):
        return t[move["word"]]
    if kind == "choose":
        return trump_symbol(move["suit"])
    if kind == "bid":
        return f"{move['value']} {trump_symbol(move['suit'])}"
    if kind in ("capot", "generale"):
        return f"{t.get(kind, kind)} {trump_symbol(move['suit'])}"
    return str(move["text"])


def text_move(action: str, double_word: str) -> dict[str, Any]:
    """A bidding action's record string (``"80 H"``, ``"contre"``) as a structured move
    (:func:`~belote.engine.views.move_json`), for a caller that has only the text (a key
    pressed, the standing bid); ``double_word``: the preset's name of the double
    (``"contre"`` or ``"coinche"``). Raises ActionError for text that is no action."""
    redouble = "surcoinche" if double_word == "coinche" else "surcontre"
    return move_json(parse_action(action), {"double": double_word, "redouble": redouble})


def said_move(move: Mapping[str, Any], t: Words, lang: str) -> str:
    """A structured move as the log tells it, in the first person beside "Je passe": "Je
    contre", "Je surcoinche", "Je prends à ♥" (a button says "Contrer": :func:`move_words`)."""
    if move["kind"] in ("double", "redouble"):
        return t[f"said_{move['word']}"]
    if move["kind"] == "choose":  # round 2: the taker names the trump
        return t("said_take_suit", suit=trump_symbol(move["suit"]))
    return move_words(move, t, lang)


def said_words(action: str, t: Words, lang: str, double_word: str) -> str:
    """:func:`said_move` of a bidding action's record string (:func:`text_move`)."""
    return said_move(text_move(action, double_word), t, lang)


def annonce_words(kind: str, cards: int, lang: str) -> str:
    """An annonce as the table names it: ``tierce (7♣ 8♣ 9♣)`` (``cards``: a mask)."""
    return f"{kind} (" + " ".join(card_label(c, lang) for c in iter_cards(cards)) + ")"


def singular(n: int, lang: str) -> bool:
    """Whether ``n`` takes the singular: 0 and 1 in French ("0 carte"), 1 in English."""
    return n <= 1 if lang == "fr" else n == 1


def key_list(keys: list[int]) -> str:
    """Number keys as a player reads them: a run of three or more as ``1-4``, others listed
    (``1,2,4``)."""
    if len(keys) >= 3 and keys[-1] - keys[0] == len(keys) - 1:
        return f"{keys[0]}-{keys[-1]}"
    return ",".join(map(str, keys))
