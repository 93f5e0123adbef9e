"""Labels every front end shows the same way, from the catalog: the names of the seats around
a person (Vous, Droite, Partenaire, Gauche), a seat by its number (``siège 1 (équipe 1)``), a
trump's symbol and a contract's text (``80 ♥ ×2``, ``capot ♠``).

Floor: imports :mod:`belote.engine` only, through :mod:`belote.i18n`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.cards import SUIT_SYMBOLS, SUITS
from ..engine.scoring import Contract
from . import tr

#: the catalog's words of the seats around a person, from the person's own seat on in playing
#: order (counter-clockwise: the next seat sits on the person's right)
SEAT_KEYS: tuple[str, str, str, str] = ("seat.you", "seat.right", "seat.partner", "seat.left")


def seat_words(lang: str) -> tuple[str, str, str, str]:
    """The names of the four seats seen from a person's seat, in playing order from it:
    ``("Vous", "Droite", "Partenaire", "Gauche")`` in French, ``("You", "Right", "Partner",
    "Left")`` in English. Raises :class:`belote.i18n.UnknownLanguage` for another language."""
    you, right, partner, left = (tr(key, lang) for key in SEAT_KEYS)
    return you, right, partner, left


def seat_word(seat: int, person: int, lang: str) -> str:
    """What ``person`` (a seat 0..3) calls ``seat``: ``seat_word(1, 0, "fr") == "Droite"``."""
    return seat_words(lang)[(seat - person) % 4]


def seat_label(seat: int, lang: str) -> str:
    """A seat by its number and its team (``seat % 2``), as the tools name it, the catalog's
    ``seat.label``: ``siège 1 (équipe 1)``, ``seat 2 (team 0)``."""
    return tr("seat.label", lang, seat=seat, team=seat % 2)


#: the catalog's words of a seat of an online table, by its kind
_SEAT_KIND_KEYS = {"human": "cli.seat_human", "bot": "cli.seat_bot", "open": "cli.seat_open"}


def online_seats(players: Sequence[tuple[int, str, str]], lang: str) -> str:
    """The line naming the seats of an online table's record by number (no one there is
    "Vous"), with the players' names when the record has them (``players``:
    ``[(seat, name, kind)]``, :func:`belote.engine.record.record_players`): ``Sièges : 0 =
    Alice, 1 = robot heuristic, 2 = Bob, 3 = libre ; équipe 0 = sièges 0 et 2.``, or without
    names ``Sièges 0 à 3 dans l'ordre du jeu ; …`` (catalog ``cli.seats_online``,
    ``cli.seats_numbered``, ``cli.seat_{human,bot,open}``)."""
    if not players:
        return tr("cli.seats_numbered", lang)
    named = {seat: tr(_SEAT_KIND_KEYS[kind], lang, seat=seat, name=name)
             for seat, name, kind in players if kind in _SEAT_KIND_KEYS}
    return tr("cli.seats_online", lang,
              names=", ".join(named.get(s, str(s)) for s in range(4)))


def trump_symbol(trump: Any) -> str:
    """A trump as a player reads it: the suit's symbol for ``S H D C`` (``"♥"``), the text
    itself otherwise (``"SA"``, ``"TA"``)."""
    text = str(trump)
    return SUIT_SYMBOLS[SUITS.index(text)] if len(text) == 1 and text in SUITS else text


def contract_text(contract: Contract | Mapping[str, Any], lang: str, *,
                  capital: bool = True) -> str:
    """A contract as the table, ``check``, ``analyse`` and ``replay`` show it: its value (an
    ordinary contract), or the catalog's word for a capot or a générale, the trump's symbol,
    then ``×2`` / ``×4`` when doubled: ``80 ♥ ×2``, ``Capot ♠``, ``Générale TA ×4``.

    ``contract``: a :class:`~belote.engine.scoring.Contract` or its JSON
    (:meth:`~belote.engine.scoring.Contract.to_json`); ``capital``: the word of a capot or a
    générale as at the start of a line (``Capot``), else lower case for mid-sentence
    (``capot``)."""
    c = contract.to_json() if isinstance(contract, Contract) else contract
    parts = []
    if c["kind"] in ("capot", "generale"):
        word = tr(f"tui.{c['kind']}", lang)
        parts.append(word if capital else word.lower())
    elif c["value"]:
        parts.append(str(c["value"]))
    parts.append(trump_symbol(c["trump"]))
    if c["doubled"] in (2, 4):
        parts.append(f"×{c['doubled']}")
    return " ".join(parts)


__all__ = ["SEAT_KEYS", "contract_text", "online_seats", "seat_label", "seat_word", "seat_words",
           "trump_symbol"]
