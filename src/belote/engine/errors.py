"""Typed errors of the engine. Every error is a :class:`ValueError` subclass so that
callers who only care about "bad input" can catch ``ValueError``."""

from __future__ import annotations


class BeloteError(ValueError):
    """Base class of every error raised by the belote engine."""


class CardError(BeloteError):
    """A card or hand string cannot be parsed (``"ZH"``, ``"11S"``, a duplicate card…)."""


class RulesError(BeloteError):
    """An unknown option, a bad option value, or an impossible combination of options."""


class IllegalAction(BeloteError):
    """An action that the rules forbid at this point of the deal.

    ``rule`` is a short machine-readable key (``"must_overtrump"``, ``"wrong_turn"``…) and the
    message says in words which rule was broken ("you must overtrump: an opponent has ruffed").
    """

    def __init__(self, message: str, rule: str = "illegal", seat: int | None = None,
                 message_fr: str | None = None, facts: dict[str, int] | None = None):
        super().__init__(message)
        self.rule = rule
        self.seat = seat
        #: the same message in French, where the engine has it (card-play rules)
        self.message_fr = message_fr
        #: a card-play rule's facts (``belote.engine.play.rule_text`` words them again, e.g.
        #: for a referee's report); None for other rules
        self.facts = facts


class WrongTurn(IllegalAction):
    """An action sent by a seat whose turn it is not."""

    def __init__(self, message: str, seat: int | None = None):
        super().__init__(message, rule="wrong_turn", seat=seat)


class RecordError(BeloteError):
    """A malformed deal or game record: missing key, bad type, unknown format version…

    ``where`` names the place in the record (``"hands[2]"``, ``"bids[4]"``)."""

    def __init__(self, message: str, where: str | None = None):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
