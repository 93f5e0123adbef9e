"""Who holds a seat of a :class:`~belote.table.Table`: a :class:`Player` of a
:class:`PlayerKind` (a person at this front end, a bot, or a player elsewhere)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..bots import Bot
from ..engine.errors import BeloteError


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


__all__ = ["Player", "PlayerKind", "check_player"]
