"""Who holds a seat of a :class:`~belote.table.Table`: a :class:`Player` of a
:class:`PlayerKind` (a person at this front end, a bot, or a player elsewhere), and the
bots of a table with people (:func:`table_bots`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..bots import Bot, bot_class, make_bot
from ..engine.errors import BeloteError
from .match import derive_seed


class PlayerKind(StrEnum):
    """Who holds a seat: a person at this front end, a bot, or a player elsewhere."""

    HUMAN = "human"
    BOT = "bot"
    REMOTE = "remote"


@dataclass(frozen=True)
class Player:
    """The player of a seat. Build one with :meth:`human`, :meth:`bot` or :meth:`remote`.

    A human's and a remote player's actions come from outside (:meth:`Table.act`); a bot's
    from its :meth:`~belote.bots.Bot.act` on the table's worker thread."""

    kind: PlayerKind
    name: str
    bot: Bot | None = None

    @classmethod
    def human(cls, name: str = "") -> Player:
        return cls(PlayerKind.HUMAN, name)

    @classmethod
    def remote(cls, name: str = "") -> Player:
        return cls(PlayerKind.REMOTE, name)

    @classmethod
    def of_bot(cls, bot: Bot, name: str | None = None) -> Player:
        return cls(PlayerKind.BOT, bot.label if name is None else name, bot)


def check_player(seat: int, player: object) -> None:
    """Raise ``table.bad_player`` unless ``player`` is a :class:`Player` of a
    :class:`PlayerKind`, ``table.bot_player`` unless it holds a bot exactly when it is a
    bot player."""
    if not isinstance(player, Player) or not isinstance(player.kind, PlayerKind):
        raise BeloteError(f"seat {seat}: a player is a Player of kind human, bot or remote, "
                          f"not {player!r}", code="table.bad_player",
                          params={"seat": seat, "value": repr(player)[:80]})
    if (player.kind == PlayerKind.BOT) != (player.bot is not None):
        raise BeloteError(f"seat {seat}: a bot player holds its bot, and only a bot player "
                          "does", code="table.bot_player", params={"seat": seat})


#: ``make(name, seed, time_limit_ms)``: a bot of ``name`` (``make_bot`` by default; the
#: server's pools give their own)
BotFactory = Callable[[str, int, float | None], Bot]


def _make(name: str, seed: int, time_limit_ms: float | None) -> Bot:
    return make_bot(name, seed=seed, time_limit_ms=time_limit_ms)


def table_bots(names: Sequence[str], seed: int, repeatable: bool = False, *,
               indices: Sequence[int] | None = None, make: BotFactory = _make) -> list[Bot]:
    """The bots of a table with people, by name or level (``"expert:5"``), the ``i``-th
    seeded ``derive_seed("table", seed, indices[i])`` (``indices``: by default 0, 1, …; a
    server's room gives its bots' seats; one-way: a bot's seed does not reveal the game's
    packs), made by ``make``. A bot thinks at most its class's ``table_time_limit_ms`` a
    decision (the expert :data:`TABLE_TIME_LIMIT_MS`), unless ``repeatable``: then no
    wall-time limit (its worlds cap it), so that the same seed gives the same actions
    whatever the machine's load. Raises ValueError for an unknown name or a bad level."""
    order = range(len(names)) if indices is None else indices
    out = []
    for name, index in zip(names, order, strict=True):
        limit = None if repeatable else bot_class(name).table_time_limit_ms
        out.append(make(name, derive_seed("table", seed, index), limit))
    return out


__all__ = ["BotFactory", "Player", "PlayerKind", "check_player", "table_bots"]
