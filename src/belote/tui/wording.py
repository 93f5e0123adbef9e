"""The terminal table's words for cards, actions and annonces (Rich markup), shared by the
table (:mod:`belote.tui.app`) and the replay (:mod:`belote.tui.replay`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.cards import RED_SUITS, SUIT_OF, iter_cards, parse_card
from ..i18n import card_label
from ..i18n.labels import trump_symbol
from .i18n import Words

#: the suits of a bid, in the order of their number keys (1 ♠, 2 ♥, 3 ♦, 4 ♣, 5 SA, 6 TA)
BID_SUITS = ("S", "H", "D", "C", "SA", "TA")


def card_markup(card: int, lang: str = "fr") -> str:
    """Rich markup of a card, red for hearts and diamonds."""
    text = card_label(card, lang)
    return f"[bold red]{text}[/]" if SUIT_OF[card] in RED_SUITS else f"[bold]{text}[/]"


def action_words(action: str, t: Words, lang: str, double_word: str) -> str:
    """An action string as a player says it (a button's word: "Contrer", "Je passe");
    ``double_word``: the view's ``words["double"]`` (``"contre"`` or ``"coinche"``)."""
    if action == "pass":
        return t["pass"]
    if action == "take":
        return t["take"]
    if action == "contre":
        return t["coinche" if double_word == "coinche" else "contre"]
    if action == "surcontre":
        return t["surcoinche" if double_word == "coinche" else "surcontre"]
    words = action.split()
    if len(words) == 1 and words[0] in BID_SUITS:
        return trump_symbol(words[0])
    if len(words) == 2 and words[1] in BID_SUITS:
        w0 = t.get(words[0], words[0])
        return f"{w0} {trump_symbol(words[1])}"
    return action


def move_words(move: Mapping[str, Any], t: Words, lang: str) -> str:
    """A structured move (:func:`belote.engine.views.move_json`) as :func:`action_words`
    says its action, read from its fields: a card as :func:`card_markup`, a declaration as
    the word for annonces, a double by the preset's ``word``."""
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
    return str(move["text"])  # belote: its record word, as action_words leaves it


def said_words(action: str, t: Words, lang: str, double_word: str) -> str:
    """An action as the log tells it, in the first person beside "Je passe": "Je contre",
    "Je surcoinche" (a button says "Contrer")."""
    if action in ("contre", "surcontre"):
        word = {"contre": "coinche", "surcontre": "surcoinche"}[action] \
            if double_word == "coinche" else action
        return t[f"said_{word}"]
    if action in BID_SUITS:  # round 2: the taker names the trump
        return t("said_take_suit", suit=action_words(action, t, lang, double_word))
    return action_words(action, t, lang, double_word)


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
