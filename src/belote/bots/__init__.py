"""Bots: players that see only their seat's view (:class:`~belote.engine.views.SeatView`).

``make_bot("heuristic", seed=1)``; names in :data:`BOT_NAMES`.
"""

from __future__ import annotations

from .base import Bot, RandomBot, decide
from .expert import ExpertBot
from .heuristic import HeuristicBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot,
                              "expert": ExpertBot}
BOT_NAMES = tuple(BOTS)


def make_bot(name: str, seed: int | None = None, time_limit_ms: float | None = None) -> Bot:
    """A bot by name. Raises ValueError for an unknown name."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOT_NAMES)}") from None
    return cls(seed=seed, time_limit_ms=time_limit_ms)


__all__ = ["BOTS", "BOT_NAMES", "Bot", "HeuristicBot", "RandomBot", "decide", "make_bot"]
