"""Typed errors of the engine. Every error is a :class:`ValueError` subclass so that
callers who only care about "bad input" can catch ``ValueError``.

Every error carries a stable ``code`` (``"card.bad_rank"``, ``"play.must_overtrump"``) and
``params`` (JSON-ready values: ``str``, ``int``, ``bool``, ``None``, lists of them, or a
mapping: a message inside another): the
message catalog (:mod:`belote.i18n`) words the code in French or English from them. ``str(e)``
is the English message, for library users.
"""

from __future__ import annotations

import errno
from collections.abc import Mapping, Sequence
from typing import TypeAlias

#: a parameter of an error's message: what JSON can carry (a mapping: a message inside
#: another, ``{"code": …, "params": {…}}``)
Param: TypeAlias = str | int | bool | None | list[str] | list[int] | dict[str, "Param"]


class BeloteError(ValueError):
    """Base class of every error raised by the belote engine.

    ``code``: stable, dotted, lower case (``"rules.unknown_option"``); ``params``: the facts the
    catalog's wording of ``code`` names (``{"name": "foo", "known": "a, b"}``)."""

    #: the code of an error raised without one
    default_code = "error"

    def __init__(self, message: str, *, code: str | None = None,
                 params: Mapping[str, Param] | None = None) -> None:
        super().__init__(message)
        self.code: str = code or self.default_code
        self.params: dict[str, Param] = dict(params or {})


class CardError(BeloteError):
    """A card or hand string cannot be parsed (``"ZH"``, ``"11S"``, a duplicate card…)."""

    default_code = "card.bad"


class RulesError(BeloteError):
    """An unknown option, a bad option value, or an impossible combination of options."""

    default_code = "rules.bad"


class IllegalAction(BeloteError):
    """An action that the rules forbid at this point of the deal.

    ``rule`` is a short machine-readable key (``"must_overtrump"``, ``"wrong_turn"``…);
    ``code`` (default ``"illegal." + rule``) and ``params`` name the rule broken and its facts
    for the catalog (:mod:`belote.i18n` words them; a rule that cites the rule texts has the
    param ``cite``, ``"001"`` or ``"002 §VIII.A"``); ``str(e)`` says it in English ("you must
    overtrump: an opponent has ruffed with the 8H").
    """

    def __init__(self, message: str, rule: str = "illegal", seat: int | None = None,
                 facts: dict[str, int] | None = None, *,
                 code: str | None = None, params: Mapping[str, Param] | None = None) -> None:
        super().__init__(message, code=code or f"illegal.{rule}", params=params)
        self.rule = rule
        self.seat = seat
        #: a card-play rule's facts (cards and suit as ids: ``belote.engine.play.rule_params``
        #: makes them params, e.g. for a referee's report); None for other rules
        self.facts = facts


class WrongTurn(IllegalAction):
    """An action sent by a seat whose turn it is not."""

    def __init__(self, message: str, seat: int | None = None, *,
                 params: Mapping[str, Param] | None = None) -> None:
        super().__init__(message, rule="wrong_turn", seat=seat, params=params)


class RecordError(BeloteError):
    """A malformed deal or game record: missing key, bad type, unknown format version…

    ``where`` names the place in the record (``"hands[2]"``, ``"bids[4]"``); the catalog words
    it as a prefix (``"hands[2]: …"``). ``places``: the same place as its parts, outermost
    first (``("deals[1]", "plays[3]")``, ``where`` ``"deals[1]: plays[3]"``), given instead of
    ``where`` for a place nested in another (each part followed by the language's colon)."""

    default_code = "record.bad"

    def __init__(self, message: str, where: str | None = None, *, code: str | None = None,
                 params: Mapping[str, Param] | None = None,
                 places: Sequence[str] | None = None) -> None:
        if places:
            where = ": ".join(places)
        super().__init__(f"{where}: {message}" if where else message, code=code, params=params)
        self.where = where
        self.places: tuple[str, ...] = tuple(places) if places else (where,) if where else ()


def errno_name(error: BaseException) -> str | None:
    """The symbolic name of an :class:`OSError`'s errno (``"EACCES"``, ``"ENOSPC"``): the
    name an error's ``errno`` param carries and the catalog's ``os.<name>`` codes word (the
    ``{errno!o}`` conversion of :mod:`belote.i18n`); None for an error without a known errno
    (another exception, errno None or 0)."""
    number = getattr(error, "errno", None)
    return errno.errorcode.get(number) if isinstance(number, int) else None
