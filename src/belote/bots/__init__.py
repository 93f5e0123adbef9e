"""Bots: players that see only their seat's view (:class:`~belote.engine.views.SeatView`).

``make_bot("heuristic", seed=1)``; names in :data:`BOT_NAMES`. The expert's level is its
number of worlds a decision: ``expert`` is ``expert:20``; ``expert:5`` plays faster and
weaker, ``expert:50`` slower and stronger (see :func:`parse_bot`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import Bot, BotError, RandomBot, decide
from .expert import MAX_WORLDS, ExpertBot
from .heuristic import HeuristicBot

#: the bots by name, weakest first
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot,
                              "expert": ExpertBot}
BOT_NAMES = tuple(BOTS)
#: the bot a front end seats when the person chooses none (the page's lists, ``belote play``)
DEFAULT_BOT = "heuristic"


def parse_bot(spec: str) -> tuple[str, dict[str, int]]:
    """``"heuristic"`` → ``("heuristic", {})``; ``"expert:8"`` → ``("expert", {"worlds": 8})``
    (worlds per card-play decision, 1 to 500: a bot's :attr:`~Bot.levels`). Raises
    :class:`BotError` (a ValueError) on an unknown name (``bot.unknown``) or a bad level
    (``bot.bad_level``), with the accepted forms."""
    name, colon, level = str(spec).strip().partition(":")
    if name not in BOTS:
        known = ", ".join(BOT_NAMES)
        raise BotError(f"unknown bot {spec!r}: expected one of {known} "
                       "(expert:N for N worlds a decision)", code="bot.unknown",
                       params={"spec": str(spec), "known": known})
    if not colon:
        return name, {}
    levels = BOTS[name].levels
    if levels is None or not (level.isascii() and level.isdigit()) or \
            not levels[0] <= int(level) <= levels[2]:
        raise BotError(f"bad bot level {spec!r}: only the expert has one, expert:N with N "
                       f"worlds a decision, 1 to {MAX_WORLDS}", code="bot.bad_level",
                       params={"spec": str(spec), "max": MAX_WORLDS})
    return name, {"worlds": int(level)}


def bot_class(spec: str) -> type[Bot]:
    """The class of the bot ``spec`` names (``"expert:8"``: :class:`ExpertBot`), whose class
    data tell what a caller needs to know (:attr:`Bot.uses_solver`,
    :attr:`Bot.table_time_limit_ms`, :attr:`Bot.process_pool`, :attr:`Bot.gives_hints`...).
    Raises :class:`BotError` as :func:`parse_bot` does."""
    return BOTS[parse_bot(spec)[0]]


def make_bot(name: str, seed: int | None = None, time_limit_ms: float | None = None,
             worlds: int | None = None, repeatable: bool = False) -> Bot:
    """A bot by name or level (``"expert:8"``, see :func:`parse_bot`). ``worlds``: the worlds
    of a plain ``expert`` (an ``expert:N`` keeps its N; bots without levels ignore it).
    ``repeatable``: decisions from the seed and the views only, never the wall clock
    (``time_limit_ms`` is then not read; see :class:`Bot`): a seeded table passes it. Raises
    :class:`BotError` (a ValueError) for an unknown name or a bad level."""
    base, kw = parse_bot(name)
    cls = BOTS[base]
    if cls.levels is not None and worlds is not None:
        kw.setdefault("worlds", worlds)
    return cls(seed=seed, time_limit_ms=time_limit_ms, repeatable=repeatable, **kw)


@dataclass(frozen=True)
class BotChoice:
    """A bot a front end offers: ``name`` (:data:`BOT_NAMES`), ``levels`` True for a bot that
    takes one (``expert:N``, N worlds a decision, 1 to :data:`MAX_WORLDS`), ``default`` True
    for :data:`DEFAULT_BOT`. Its label is the catalog's ``bot.name.<name>``."""

    name: str
    levels: bool
    default: bool


def bot_list() -> list[BotChoice]:
    """The bots a front end offers, weakest first (:data:`BOT_NAMES` order, by
    :attr:`Bot.strength`; ``GET /api/bots``)."""
    return [BotChoice(name, cls.levels is not None, name == DEFAULT_BOT)
            for name, cls in BOTS.items()]


__all__ = ["BOTS", "BOT_NAMES", "DEFAULT_BOT", "MAX_WORLDS", "Bot", "BotChoice", "BotError",
           "ExpertBot", "HeuristicBot", "RandomBot", "bot_class", "bot_list", "decide", "make_bot",
           "parse_bot"]
