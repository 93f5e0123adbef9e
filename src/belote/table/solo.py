"""The table of ``belote play`` (:func:`solo_table`): one person and three bots."""

from __future__ import annotations

from collections.abc import Sequence

from ..bots import Bot
from ..engine.game import Game
from ..engine.seats import Seat
from .players import Player, table_bots
from .store import GameStore, TableSettings, game_id_of, new_stamp
from .table import Table


def solo_table(game: Game, human: Seat | int, bot_names: Sequence[str], *,
               bots: Sequence[Bot] | None = None, store: GameStore | None = None,
               stamp: str | None = None, lang: str = "fr", auto_belote: bool = False,
               repeatable: bool = False, bot_delay: float = 0.6) -> Table:
    """The table of ``belote play``: one person at ``human``, bots at the other seats from
    their right (``bot_names``, or the given ``bots``: :func:`table_bots` by default), the
    bots holding after each deal until the person has read its result. Saved in ``store``
    under :func:`~belote.table.store.game_id_of` ``stamp`` and the game (``<stamp>-c<hex12>``
    for a game with a commitment, whose seed no id carries; else ``<stamp>-seed<seed>``)
    with its :class:`~belote.table.store.TableSettings`
    (:meth:`~belote.table.store.TableSettings.to_json`) that ``--resume`` reads. Raises
    ValueError for an unknown bot name or a bad level."""
    if bots is None:
        bots = table_bots(bot_names, game.seed, repeatable)
    players: list[Player] = [Player.human()] * 4
    for k, bot in enumerate(bots, 1):
        players[(human + k) % 4] = Player.of_bot(bot)
    stamp = stamp or new_stamp()
    settings = TableSettings(Seat(human), tuple(bot_names), lang, auto_belote, stamp,
                             repeatable).to_json()
    return Table(game, players, store=store, game_id=game_id_of(stamp, game),
                 settings=settings, bot_delay=bot_delay, hold_between_deals=True)


__all__ = ["solo_table"]
