"""``belote play``: a full-screen terminal table (Textual) — you against three bots.

The app draws a :class:`belote.table.Table` from the person's seat view
(:meth:`Table.view <belote.table.Table.view>`, a :class:`~belote.engine.views.SeatView`, as
the page and the bots read it: :mod:`belote.tui.board` works the screen out of it) and sends
the person's input to the table: the table checks every action (an illegal card is refused
with the rule in words), lets the bots play from their seat's view, and saves the game after
every deal. The app follows the table's events (:mod:`belote.table.events`), which arrive on
the bots' thread and are handed to the app's event loop, the bot waiting until each is drawn.
Quitting saves the game (``--resume``); a save that fails keeps the game open and offers to
retry.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from typing import Any, ClassVar

from rich.markup import escape
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.widgets import Button, Footer, RichLog, Select, Static

from ..bots import Bot
from ..engine import IllegalAction
from ..engine.cards import card_str, mask_of, parse_card
from ..engine.game import Game
from ..engine.seats import Seat
from ..engine.views import SeatView
from ..i18n import bot_name, card_label, message, os_error
from ..i18n.labels import seat_word, trump_symbol
from ..table import FileStore, Table, events, solo_table
from . import board, story
from .i18n import bot_failure_reason, texts
from .marshal import call_and_wait
from .screens import TABLE_CSS, Question, Summary, TableLog
from .wording import (
    BID_SUITS,
    annonce_words,
    card_markup,
    move_words,
    said_words,
    singular,
    text_move,
)

#: (the names tests and the replay imported from here)
_singular = singular


class BeloteApp(App[None]):
    """The table's screen. ``table``: a :class:`~belote.table.Table` (``human`` the person's
    seat), or a :class:`~belote.engine.game.Game` from which the app asks the table layer for
    ``belote play``'s table (:func:`belote.table.solo_table`: ``bot_names`` or ``bots`` at the
    other seats from the person's right, saved in the default file store unless ``save`` is
    False).

    After :meth:`run`: ``saved_to`` is where the game was last saved; ``not_saved`` the
    error of a save that failed when the person quit without saving (None otherwise)."""

    TITLE = "belote"
    ENABLE_COMMAND_PALETTE = False  # Textual's own palette (^p): English, and nothing to do here
    CSS = TABLE_CSS
    BINDINGS: ClassVar = [
        *[Binding(str(i), f"play_index({i})", show=False) for i in range(1, 10)],
        Binding("p", "bid_key('pass')", show=False),
        Binding("t", "bid_key('take')", show=False),
        Binding("x", "bid_key('double')", show=False),
        Binding("plus,equals_sign", "bid_value(1)", show=False),
        Binding("minus", "bid_value(-1)", show=False),
    ]

    def __init__(self, table: Table | Game, human: int = 0, bots: list[Bot] | None = None,
                 bot_names: list[str] | None = None, lang: str = "fr",
                 auto_belote: bool = False, bot_delay: float = 0.6, save: bool = True,
                 stamp: str | None = None, warn_saved: bool = False, repeatable: bool = False):
        super().__init__()
        if isinstance(table, Game):
            table = solo_table(table, human, bot_names or ["heuristic"] * 3, bots=bots,
                               store=FileStore() if save else None, stamp=stamp, lang=lang,
                               auto_belote=auto_belote, repeatable=repeatable,
                               bot_delay=bot_delay)
        self.table = table
        self.human = human
        self.lang = lang
        self.t = texts(lang)
        self.auto_belote = auto_belote
        # footer keys in the table's language
        self.bind("q", "quit_game", description=self.t["key_quit"])
        self.bind("d", "last_trick", description=self.t["last_trick"])
        self.bind("a", "toggle_auto_belote", description=self.t["key_auto"])
        self.messages: list[str] = []
        self._levels: list[str] = []
        self.warn_saved = warn_saved
        self.not_saved: OSError | None = None
        #: the index of a resumed deal whose start the log told on mount
        self._resumed: int | None = None
        #: the person's view of the finished deal drawn under its summary (None: the
        #: table's current deal), and that deal's index
        self._finished: SeatView | None = None
        self._finished_index = 0
        #: the next deal's start, told once the summary is closed
        self._next_start: events.DealStarted | None = None
        self._game_over = False
        self._ui_thread: int | None = None
        self._ui_loop: asyncio.AbstractEventLoop | None = None
        self._ui_context: contextvars.Context | None = None
        self._redraw_due = False

    # -- the table ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.table.game

    def seat_view(self) -> SeatView | None:
        """What the screen draws: the person's view of the finished deal under its summary,
        else of the deal in play (None once the game is over)."""
        return self._finished or self.table.view(self.human)

    @property
    def busy(self) -> bool:
        """Whether the person must wait: a bot is due or thinking, an event is not drawn
        yet, or a deal's result is on screen."""
        return not self.table.idle or self._finished is not None

    @property
    def saved_to(self) -> str | None:
        return self.table.saved_to

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots by seat."""
        players = {seat: self.table.player(seat) for seat in range(4)}
        return {seat: p.bot for seat, p in players.items() if p is not None and p.bot is not None}

    def _from_table(self, event: events.Event) -> None:
        """A table event, on whichever thread caused it: drawn on the app's thread. From a
        bot's thread it is handed to the app's event loop as a plain callback (in the app's
        context), the bot waiting until it is drawn, so that the event's deal has not moved
        on before the screen tells it; an error while drawing is raised here, in the bot's
        thread (the table logs it). ``call_from_thread`` did the same with a coroutine, left
        unawaited ("coroutine ... was never awaited") when the app stopped before running
        it (:func:`belote.tui.marshal.call_and_wait`). Nothing is drawn once the app has
        stopped."""
        if threading.get_ident() == self._ui_thread:
            self._on_event(event)
            return
        loop, context = self._ui_loop, self._ui_context
        if loop is None or context is None:
            return

        def draw() -> None:
            main = self.screen_stack[0] if self.screen_stack else None
            if main is not None and main.query("#status"):  # (gone once stopping)
                self._on_event(event)
        call_and_wait(loop, context, draw, lambda: self.is_running)

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="info")
        with Horizontal(id="middle"):
            with Grid(id="table"):
                yield Static(id="corner-nw")
                yield Static(id="seat-n", classes="seat")
                yield Static(id="corner-ne")
                yield Static(id="seat-w", classes="seat")
                yield Static(id="centre")
                yield Static(id="seat-e", classes="seat")
                yield Static(id="corner-sw")
                yield Static(id="seat-s", classes="seat")
                yield Static(id="corner-se")
            yield TableLog(id="log", markup=True, wrap=True, min_width=20)
        yield Horizontal(id="bidbar")
        yield Horizontal(id="hand")
        yield Static(id="status")
        yield Footer()

    def on_resize(self, event: Any) -> None:
        """Small terminals: hide the log below 110 columns, drop borders below 30 rows."""
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        main = self.screen_stack[0] if self.screen_stack else None
        if main is None or not main.query("#log"):
            return
        main.query_one("#log").display = width >= 110
        main.set_class(height < 30, "compact")

    def on_mount(self) -> None:
        self._ui_thread = threading.get_ident()
        self._ui_loop = asyncio.get_running_loop()
        self._ui_context = contextvars.copy_context()  # the app's (active_app set)
        self._fit(self.size.width, self.size.height)
        self.log_line(self.t["help"])
        you = self.human
        self.log_line(self.t("seats_map", you=you, right=(you + 1) % 4,
                             partner=(you + 2) % 4, left=(you + 3) % 4))
        if self.warn_saved:
            self.notify(self.t["saved_exists"], severity="warning", timeout=12)
        view = self.table.view(self.human)
        if view is not None and view.bids:  # a resumed deal (nothing moves before start)
            index = self._resumed = self.table.deal_index
            self._log_deal_start(events.DealStarted(
                index, Seat(view.dealer), None if view.to_move is None else Seat(view.to_move),
                view.turned_card()))
            self._tell(story.history(view, index, self))
        self.table.subscribe(self._from_table)
        self.table.start()
        self._schedule_redraw()

    def on_unmount(self) -> None:
        self.table.close()

    # -- naming ---------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """What the person calls ``seat`` (:func:`belote.i18n.labels.seat_word`), a bot's
        name after it: ``Droite (expert)``."""
        base = self.short_name(seat)
        bot = self.bots.get(seat)
        if seat != self.human and bot is not None:
            base += f" ({escape(bot_name(bot.label, self.lang))})"
        return base

    def short_name(self, seat: int) -> str:
        """What the person calls ``seat``: Vous, Droite, Partenaire, Gauche."""
        return seat_word(seat, self.human, self.lang)

    def team_name(self, team: int) -> str:
        return self.t["team_us"] if team == self.human % 2 else self.t["team_them"]

    def log_line(self, text: str) -> None:
        self.messages.append(text)
        if self._ui_thread is not None and self.screen_stack and self.query("#log"):
            self.query_one("#log", RichLog).write(text)

    # -- following the table --------------------------------------------------------------
    def _on_event(self, event: events.Event) -> None:
        """Draw one table event (on the app's thread)."""
        if isinstance(event, events.DealStarted):
            if event.deal_index == self._resumed:  # told on mount, with its history
                self._resumed = None
            elif self._finished is not None:  # told when the summary closes
                self._next_start = event
            else:
                self._log_deal_start(event)
        elif isinstance(event, events.ActionApplied):
            self._log_action(event)
        elif isinstance(event, events.ContractMade):
            self._tell(story.contract(event, self))
        elif isinstance(event, events.BeloteSaid):
            key = "said_rebelote" if event.rebelote else "said_belote"
            self.log_line(self.t[key].format(name=self.seat_name(event.seat)))
        elif isinstance(event, events.TrickWon):
            self._tell(story.trick(event, self, self.seat_view()))
        elif isinstance(event, events.DealEnded):
            # the board under the summary: the person's view of the deal just over (of a deal
            # never played, its own hand alone)
            self._finished = self.table.finished_view(event.deal_index, self.human)
            self._finished_index = event.deal_index
            self._schedule_redraw()
            self.show_summary(event)
            return
        elif isinstance(event, events.GameEnded):
            self._game_over = True
            if self._finished is None:
                self.show_game_over()
            return
        elif isinstance(event, events.SaveFailed):
            self._save_failed(event.error)
        elif isinstance(event, events.BotFailed):
            msg = self.t("bot_failed", name=self.seat_name(event.seat),
                         reason=escape(bot_failure_reason(event.code, self.lang)))
            self.log_line(f"[red]{msg}[/red]")
            self.notify(msg, severity="error", timeout=12)
        elif not isinstance(event, events.ActionApplied | events.Saved | events.SeatJoined
                            | events.SeatLeft):
            return
        self._schedule_redraw()

    def _tell(self, lines: list[str]) -> None:
        for line in lines:
            self.log_line(line)

    def _log_deal_start(self, event: events.DealStarted) -> None:
        self._tell(story.deal_start(event, self))

    def _log_action(self, event: events.ActionApplied) -> None:
        self._tell(story.action(event, self, str(self.game.rules.double_word)))

    def advance(self) -> None:
        """The game was changed from outside the table (a test's forced deal): let the
        bots look again, and redraw."""
        self.table.refresh()
        self._schedule_redraw()

    def _schedule_redraw(self) -> None:
        """Redraw once the events of this moment are drawn (one redraw for many events:
        widgets are not rebuilt while they mount)."""
        if not self._redraw_due:
            self._redraw_due = True
            self.call_later(self._redraw)

    def _redraw(self) -> None:
        """Draw the deal (the finished one under its summary) and say whose turn it is."""
        self._redraw_due = False
        self.refresh_table()
        if self._finished is not None:
            return  # the summary's status line stays
        view = self.table.view(self.human)
        if view is None:
            return
        mover = view.to_move
        if mover is None:  # the deal is over: its summary is on its way
            return
        if mover != self.human:
            self.set_status(self.t["waiting"].format(name=self.seat_name(mover)))
            bot = self.bots.get(mover)
            if bot is not None and bot.uses_solver:
                from ..solver import kernel_ready
                if not kernel_ready():  # its first decision compiles the solver, once
                    self.set_status(self.t["compiling"].format(name=self.seat_name(mover)))
        else:
            self.set_status(self.bid_hint(view) if view.phase == "bidding"
                            else self.t["your_turn"])

    def bid_hint(self, view: SeatView) -> str:
        """The keys that apply to this bidding turn."""
        return board.bid_hint(view, self.t, self.lang)

    def apply(self, seat: int, action: str) -> None:
        """Send the person's ``action`` to the table (checked there; raises IllegalAction)."""
        self.table.act(seat, action)

    # -- human input ----------------------------------------------------------------------
    def _may_act(self, phase: str) -> SeatView | None:
        """The person's view when it may act now in ``phase`` (``"bidding"``, ``"play"``)."""
        view = self.table.view(self.human)
        if self.busy or view is None or view.to_move != self.human or view.phase != phase:
            return None
        return view

    def human_card(self, card: int) -> None:
        view = self._may_act("play")
        if view is None:
            return
        text = card_str(card)
        # annonces are declared with the first card: the engine offers them then only
        decl = next((m for m in view.legal_moves if m["kind"] == "declare"), None)
        if decl is not None:
            what = "; ".join(annonce_words(a["kind"], mask_of(map(parse_card, a["cards"])),
                                           self.lang) for a in decl["annonces"])

            def after_declare(yes: bool | None) -> None:
                if yes:
                    self.apply(self.human, decl["text"])
                self._card_with_belote(card, text)
            self.push_screen(Question(self.t["annonce_q"].format(what=what), self.t["yes"],
                                      self.t["no"]), after_declare)
            return
        self._card_with_belote(card, text)

    def _card_with_belote(self, card: int, text: str) -> None:
        view = self.table.view(self.human)
        if view is None:
            return
        # a card the view says may carry the belote (a king or queen of trump whose pair
        # the person holds), while belote may be said
        move = next((m for m in view.legal_moves if m["text"] == text), None)
        if "belote" in view.legal and move is not None and move.get("belote"):
            if self.auto_belote:
                self.apply(self.human, "belote")
                self._play_card(text)
                return

            def after(yes: bool | None) -> None:
                if yes:
                    self.apply(self.human, "belote")
                self._play_card(text)
            self.push_screen(Question(self.t["belote_q"].format(card=card_label(card,
                                                                                self.lang)),
                                      self.t["yes"], self.t["no"]), after)
            return
        self._play_card(text)

    def _play_card(self, text: str) -> None:
        try:
            self.apply(self.human, text)
        except IllegalAction as e:
            msg = self.t["refused"].format(why=escape(self._refusal(e)))
            self.log_line(f"[red]{msg}[/red]")
            self.set_status(msg)
            self.notify(msg, severity="warning")

    def human_bid(self, action: str) -> None:
        if self._may_act("bidding") is None:
            return
        try:
            self.apply(self.human, action)
        except IllegalAction as e:
            self.set_status(escape(self._refusal(e)))

    def _refusal(self, e: IllegalAction) -> str:
        """Why an action was refused, in the table's language (the catalog's wording of its
        code and params, the rule texts it cites named)."""
        return message(e, self.lang)

    @on(Button.Pressed, ".card")
    def card_button(self, event: Button.Pressed) -> None:
        self.human_card(parse_card((event.button.name or "")[5:]))

    @on(Button.Pressed, ".bid")
    def bid_button(self, event: Button.Pressed) -> None:
        name = event.button.name or ""
        if name.startswith("value:"):
            value = self.query_one("#bidbar").query_one(Select).value
            if not isinstance(value, str):
                return
            self.human_bid(f"{value} {name[6:]}")
        else:
            self.human_bid(name[4:])

    def action_play_index(self, i: int) -> None:
        view = self.table.view(self.human)
        if view is not None and view.phase == "bidding":
            # in the bidding, 1-6 name a suit (♠ ♥ ♦ ♣ SA TA): take it in round 2, or bid the
            # chosen value in it; the key is the number on the button (BID_SUITS)
            suits = BID_SUITS
            for b in self.query("#bidbar Button").results(Button):
                name = (b.name or "").split(":", 1)
                if len(name) == 2 and name[0] in ("value", "bid") and name[1] in suits \
                        and suits.index(name[1]) == i - 1:
                    b.press()
                    return
            if not self.busy and view.to_move == self.human:
                if 1 <= i <= len(suits):
                    self._not_now(trump_symbol(suits[i - 1]), view)
                else:  # 7, 8, 9 name no bid: the keys that do
                    self.set_status(self.bid_hint(view))
            return
        cards = self.hand_cards()
        if 1 <= i <= len(cards):
            self.human_card(cards[i - 1])

    def action_bid_key(self, what: str) -> None:
        view = self._may_act("bidding")
        if view is None:
            return
        legal = view.legal
        if what == "double":
            what = "surcontre" if "surcontre" in legal else "contre"
        if what in legal:
            self.human_bid(what)
        else:  # a key that does not apply now says so (the status line lists those that do)
            self._not_now(move_words(text_move(what, board.double_word(view)), self.t,
                                     self.lang), view)

    def _not_now(self, words: str, view: SeatView) -> None:
        """The status line when a bidding key does not apply to this turn."""
        self.set_status(self.t["not_now"].format(what=words) + " " + self.bid_hint(view))

    def action_bid_value(self, step: int) -> None:
        sel = self.query("#bidbar Select")
        if not sel:
            return
        box = sel.first(Select)
        options = self._levels
        if box.value in options:
            i = max(0, min(len(options) - 1, options.index(str(box.value)) + step))
            box.value = options[i]

    def action_last_trick(self) -> None:
        view = self.seat_view()
        tricks = view.trick_history() if view is not None else []
        if not tricks:
            self.notify(self.t["no_last"])
            return
        ld, cards, _w = tricks[-1]
        shown = "  ".join(f"{self.seat_name((ld + i) % 4)}{self.t['colon']} "
                          f"{card_markup(c, self.lang)}"
                          for i, c in enumerate(cards))
        self.notify(f"{self.t['last_trick']} — {shown}", timeout=8)
        self.log_line(f"{self.t['last_trick']} — {shown}")

    def action_toggle_auto_belote(self) -> None:
        self.auto_belote = not self.auto_belote
        self.table.settings["auto_belote"] = self.auto_belote
        self.notify(self.t["auto_belote"].format(
            state=self.t["on"] if self.auto_belote else self.t["off"]))

    # -- quitting and saving --------------------------------------------------------------
    def action_quit_game(self) -> None:
        """Save the game in progress and leave; a save that fails keeps the game open and
        asks whether to retry or to quit without saving."""
        if self.game.current is None or self.table.store is None:
            self.exit(return_code=0)
            return
        try:
            self.table.save()
        except OSError as e:
            self._save_failed(e)
            self._ask_retry(e)
            return
        self.exit(return_code=0)

    def _ask_retry(self, error: OSError) -> None:
        def answer(retry: bool | None) -> None:
            if retry:
                self.action_quit_game()
            else:
                self.not_saved = error
                self.exit(return_code=0)
        self.push_screen(Question(self.t("save_retry_q", err=escape(os_error(error, self.lang))),
                                  self.t["retry"], self.t["quit_unsaved"]), answer)

    def _save_failed(self, error: Exception) -> None:
        msg = self.t("save_failed", err=escape(os_error(error, self.lang)))
        self.log_line(f"[red]{msg}[/red]")
        self.notify(msg, severity="error", timeout=10)

    # -- rendering ------------------------------------------------------------------------
    def hand_cards(self) -> list[int]:
        """The person's cards in the view's display order (the deal drawn now)."""
        view = self.seat_view()
        return view.hand_cards() if view is not None else []

    def set_status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def _deal_number(self) -> int:
        """The number of the deal drawn: every deal counted (passed-out ones too), as replay,
        check and analyse --deal count them."""
        return (self._finished_index if self._finished is not None
                else self.table.deal_index) + 1

    def refresh_table(self) -> None:
        view = self.seat_view()
        if view is None:
            return
        g = self.game
        self.query_one("#info", Static).update(
            board.info_text(view, self, self._deal_number(), list(g.scores), g.held))
        for wid, seat in board.seat_places(self.human).items():
            w = self.query_one(f"#{wid}", Static)
            w.update(board.seat_lines(view, self, seat))
            w.set_class(seat % 2 == 0, "team0")
            w.set_class(seat % 2 == 1, "team1")
            w.set_class(view.phase != "done" and view.to_move == seat, "to-move")
        self.query_one("#centre", Static).update(board.centre_text(view, self))
        hand = self.query_one("#hand", Horizontal)
        hand.remove_children()
        hand.mount(*board.hand_buttons(view, self.lang))
        bar = self.query_one("#bidbar", Horizontal)
        bar.remove_children()
        widgets, levels = board.bidbar_widgets(view, self.t, self.lang)
        if widgets:
            self._levels = levels
            bar.mount(*widgets)

    # -- ends -----------------------------------------------------------------------------
    def show_summary(self, event: events.DealEnded) -> None:
        view = self._finished
        if view is None:
            return
        text, status = board.summary_text(view, event, self)
        self.messages.append(text)
        self.set_status(status)  # not the last turn's "… réfléchit" under the summary

        def next_deal(_: None = None) -> None:
            self._finished = None
            if self._game_over:
                self.show_game_over()
                return
            if self._next_start is not None:
                self._log_deal_start(self._next_start)
                self._next_start = None
            self.table.resume()
            self._schedule_redraw()
        self.push_screen(Summary(text, self.t["continue"]), next_deal)

    def show_game_over(self) -> None:
        t = self.t
        line = board.game_over_line(list(self.game.scores), self.human, t)
        self.set_status(line)
        self.messages.append(line)
        self.push_screen(Summary(f"[b]{t['game_over']}[/b]\n\n{line}", t["quit"]),
                         lambda _=None: self.exit(return_code=0))


__all__ = ["BeloteApp", "Question", "Summary", "annonce_words", "card_markup", "move_words",
           "said_words"]
