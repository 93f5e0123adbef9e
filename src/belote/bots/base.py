"""The bot protocol: a bot sees one seat's view (plain data) and returns one legal action.

Bots never receive the deal itself: :func:`decide` hands them ``deal.view(seat)`` only, so no
code path gives a bot another seat's cards (hidden information is a security property).
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from ..engine.errors import BeloteError
from ..engine.views import SeatView

if TYPE_CHECKING:
    from ..engine.deal import Deal


class BotError(BeloteError):
    """A bot that cannot be made or asked: an unknown name, a bad level or option, a view
    where the seat has nothing to do."""

    default_code = "bot.bad"


class Bot(ABC):
    """A player. Subclasses implement :meth:`act`.

    :param seed: seed of the bot's own random generator (same seed, same choices).
    :param time_limit_ms: time a decision may take, in milliseconds (None: no limit). Bots
        that search stop when it runs out; rule-based bots are far below any sensible limit.
    :param repeatable: decisions that depend only on the seed and the views shown, never on
        the wall clock: ``time_limit_ms`` is then not read (a searching bot is capped by
        counts of worlds or nodes instead), so a seeded game gives the same actions whatever
        the machine's load. The random and heuristic bots are repeatable either way.
    """

    #: the bot's name, as :func:`~belote.bots.make_bot` takes it (the catalog words it:
    #: ``bot.name.<name>``)
    name: ClassVar[str] = "bot"
    #: how strong it plays, 0 the weakest (the order of :func:`~belote.bots.bot_list`)
    strength: ClassVar[int] = 0
    #: the levels ``name:N`` it takes, ``(lowest, default, highest)``, or None (no level)
    levels: ClassVar[tuple[int, int, int] | None] = None
    #: it searches with the double-dummy solver: its first decision compiles the solver
    #: (:func:`belote.solver.warm_up` before a timed match)
    uses_solver: ClassVar[bool] = False
    #: the wall-clock limit of a decision at a table with people (milliseconds), or None:
    #: it needs none (it decides far faster than a person waits)
    table_time_limit_ms: ClassVar[float | None] = None
    #: a server runs its decisions in a pool of processes (its search is Python as much as
    #: solver), not on the rooms' threads
    process_pool: ClassVar[bool] = False
    #: it can give a player a hint: the value of each card over its worlds (``last_means``)
    gives_hints: ClassVar[bool] = False

    def __init__(self, seed: int | None = None, time_limit_ms: float | None = None,
                 repeatable: bool = False) -> None:
        self.rng = random.Random(seed)
        self.time_limit_ms = time_limit_ms
        self.repeatable = bool(repeatable)

    @property
    def label(self) -> str:
        """The name with the level, as a player would give it (``expert:5``)."""
        return self.name

    @abstractmethod
    def act(self, view: SeatView) -> str:
        """Return one of ``view.legal`` (an action's record string)."""

    def reseed(self, seed: int) -> None:
        """Make the next decision a function of ``seed`` and the view it is shown alone: the
        random generator seeded with ``seed``, and nothing kept from earlier decisions (a bot
        that remembers forgets: see :meth:`ExpertBot.reseed
        <belote.bots.expert.ExpertBot.reseed>`). A table calls it before each decision, so
        that a table rebuilt from its actions (a restart) plays what it would have; a
        decision under a wall-clock limit stays load-dependent (see ``repeatable``)."""
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomBot(Bot):
    """Any legal action, uniformly at random (seeded)."""

    name = "random"

    def act(self, view: SeatView) -> str:
        return self.rng.choice(view.legal)


def decide(bot: Bot, deal: Deal, seat: int) -> tuple[str, float]:
    """Ask ``bot`` for the action of ``seat`` from that seat's view only.

    :returns: ``(action, milliseconds)``: the time covers building the view and the bot's
        decision."""
    t0 = time.perf_counter()
    view = deal.view(seat)
    action = bot.act(view)
    return action, (time.perf_counter() - t0) * 1000.0
