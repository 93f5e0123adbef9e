"""What each connection of a room sees: the view of a seat (:meth:`Table.view
<belote.table.Table.view>`) or of a spectator (the deal's public view), and each one as JSON
text kept while the game does not change (the events of one action and every spectator
share it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

from ...engine.deal import Deal
from ...engine.game import Game
from ...engine.views import PublicView, SeatView, seat_views
from ...table import Table
from ...table.session import TableStatus
from . import wire

T = TypeVar("T")

if TYPE_CHECKING:
    from .journal import Journal


class ViewHost(Protocol):
    """What :class:`Views` reads of its room."""

    @property
    def status(self) -> TableStatus: ...

    @property
    def table(self) -> Table | None: ...

    @property
    def game(self) -> Game: ...


class Views:
    """The views of a room (:class:`ViewHost`) whose log is ``journal`` (its count of
    actions logged is the state a view is of)."""

    def __init__(self, host: ViewHost, journal: Journal) -> None:
        self.host, self.journal = host, journal
        # the views as JSON text, by seat (None: a spectator), of the game after _state
        # (actions logged, status): see text
        self._state: tuple[int, str] = (-1, "")
        self._views: dict[int | None, tuple[int, str]] = {}
        # the four seats' views of that state, worked out together (see text)
        self._seats: tuple[int, list[SeatView] | None] | None = None

    def of(self, seat: int | None) -> tuple[int, SeatView | PublicView | None]:
        """:meth:`Room.view_json`'s view as the engine's object."""
        return self._steady(lambda source: None if source is None else
                            source.public_view() if seat is None else source.view(seat))

    def _steady(self, read: Callable[[Table | Deal | None], T]) -> tuple[int, T]:
        """``read(source)`` of the game now, and the index of the deal it read, read again
        if a bot ended the deal meanwhile. ``source`` is the table, else the current deal;
        None while the table waits: nobody, its creator included, sees a card of deal 0
        before it is started (else he could end and create tables again until he liked his
        hand, before inviting anyone), nor once the game is over."""
        while True:
            index = len(self.host.game.deals)
            source: Table | Deal | None = None
            if self.host.status != TableStatus.WAITING:
                source = self.host.table if self.host.table is not None else \
                    self.host.game.current
            got = read(source)
            if len(self.host.game.deals) == index:  # no bot ended the deal meanwhile
                return index, got

    def text(self, seat: int | None, together: bool = True) -> tuple[int, str]:
        """:meth:`Room.view_json` of ``seat`` as JSON text, kept while the game does not
        change: the state is the count of actions logged (the journal's, under the table's
        lock right after each action, so a view read under the table's lock while that
        count stays the same is the view of that many actions), with the status (no view
        while the table waits: the start changes the views, not the count). Under the
        room's lock. ``together``: the four seats' views are worked out at once (several
        seats watch: they share the public facts), else this seat's alone."""
        state = (self.journal.logged, str(self.host.status))
        if state != self._state:
            self._state, self._views, self._seats = state, {}, None
        cached = self._views.get(seat)
        if cached is not None:
            return cached
        if seat is None or (not together and self._seats is None):
            deal_index, view = self.of(seat)
        else:  # the four seats' views at once: they share the public facts' work
            seats = self._seats if self._seats is not None else self._all()
            if self.journal.logged == state[0]:
                self._seats = seats
            deal_index, views = seats
            view = None if views is None else views[seat]
        made = (deal_index, wire.view_text(view))
        if self.journal.logged == state[0]:  # no action came meanwhile: of this state
            self._views[seat] = made
        return made

    def _all(self) -> tuple[int, list[SeatView] | None]:
        """:meth:`of` for the four seats at once (:meth:`Table.views
        <belote.table.Table.views>`, :func:`~belote.engine.views.seat_views`)."""
        return self._steady(lambda source: None if source is None else
                            source.views() if isinstance(source, Table) else
                            seat_views(source))


__all__ = ["ViewHost", "Views"]
