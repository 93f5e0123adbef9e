"""Bots: players that see only their seat's view (:class:`~belote.engine.views.SeatView`).

``make_bot("heuristic", seed=1)``; names in :data:`BOT_NAMES`. The expert's level is its
number of worlds a decision: ``expert`` is ``expert:20``; ``expert:5`` plays faster and
weaker, ``expert:50`` slower and stronger (see :func:`parse_bot`).
"""

from __future__ import annotations

from .base import Bot, RandomBot, decide
from .expert import ExpertBot
from .heuristic import HeuristicBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot,
                              "expert": ExpertBot}
BOT_NAMES = tuple(BOTS)


MAX_WORLDS = 500


def parse_bot(spec: str) -> tuple[str, dict]:
    """``"heuristic"`` → ``("heuristic", {})``; ``"expert:8"`` → ``("expert", {"worlds": 8})``
    (worlds per card-play decision, 1 to 500). Raises ValueError on an unknown name or a bad
    level, with the accepted forms."""
    name, colon, level = str(spec).strip().partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {spec!r}: expected one of {', '.join(BOT_NAMES)} "
                         "(expert:N for N worlds a decision)")
    if not colon:
        return name, {}
    if name != "expert" or not (level.isascii() and level.isdigit()) or \
            not 1 <= int(level) <= MAX_WORLDS:
        raise ValueError(f"bad bot level {spec!r}: only the expert has one, expert:N with N "
                         f"worlds a decision, 1 to {MAX_WORLDS}")
    return name, {"worlds": int(level)}


def make_bot(name: str, seed: int | None = None, time_limit_ms: float | None = None,
             worlds: int | None = None) -> Bot:
    """A bot by name or level (``"expert:8"``, see :func:`parse_bot`). ``worlds``: the worlds
    of a plain ``expert`` (an ``expert:N`` keeps its N; other bots ignore it). Raises
    ValueError for an unknown name or a bad level."""
    base, kw = parse_bot(name)
    if base == "expert" and worlds is not None:
        kw.setdefault("worlds", worlds)
    return BOTS[base](seed=seed, time_limit_ms=time_limit_ms, **kw)


__all__ = ["BOTS", "BOT_NAMES", "Bot", "HeuristicBot", "RandomBot", "decide", "make_bot",
           "parse_bot"]
