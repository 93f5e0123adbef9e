"""``belote play``: a full-screen terminal table (Textual) — you against three bots.

The app draws a :class:`belote.table.Table` and sends the person's input to it: the table
checks every action (an illegal card is refused with the rule in words), lets the bots play
from their seat's view, and saves the game after every deal. The app follows the table's
events (:mod:`belote.table.events`), which arrive on the bots' thread and are handed to the
app's event loop, the bot waiting until each is drawn. Quitting saves the game
(``--resume``); a save that fails keeps the game open and offers to retry.
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
from textual.containers import Grid, Horizontal, Vertical
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, RichLog, Select, Static

from ..bots import Bot
from ..engine import IllegalAction
from ..engine.actions import Declare
from ..engine.cards import (
    SUIT_OF,
    card_str,
    iter_cards,
    parse_card,
    sort_key,
)
from ..engine.deal import Deal, Phase
from ..engine.game import Game
from ..engine.scoring import Contract
from ..i18n import bot_name, card_label, message, os_error
from ..i18n.labels import contract_text, seat_word, trump_symbol
from ..table import FileStore, Table, events, solo_table
from .i18n import Words, bot_failure_reason, texts

RED_SUITS = (1, 2)  # ♥ ♦
#: display order of suits so that colours alternate: ♠ ♥ ♣ ♦
SUIT_DISPLAY = (0, 1, 3, 2)
#: the suits of a bid, in the order of their number keys (1 ♠, 2 ♥, 3 ♦, 4 ♣, 5 SA, 6 TA)
BID_SUITS = ("S", "H", "D", "C", "SA", "TA")


def card_markup(card: int, lang: str = "fr") -> str:
    """Rich markup of a card, red for hearts and diamonds."""
    text = card_label(card, lang)
    return f"[bold red]{text}[/]" if SUIT_OF[card] in RED_SUITS else f"[bold]{text}[/]"


def action_words(action: str, t: Words, lang: str, double_word: str) -> str:
    """An action string as a player says it (a button's word: "Contrer", "Je passe")."""
    if action == "pass":
        return t["pass"]
    if action == "take":
        return t["take"]
    if action == "contre":
        return t["coinche" if double_word == "coinche" else "contre"]
    if action == "surcontre":
        return t["surcoinche" if double_word == "coinche" else "surcontre"]
    words = action.split()
    if len(words) == 1 and words[0] in BID_SUITS:
        return trump_symbol(words[0])
    if len(words) == 2 and words[1] in BID_SUITS:
        w0 = t.get(words[0], words[0])
        return f"{w0} {trump_symbol(words[1])}"
    return action


def said_words(action: str, t: Words, lang: str, double_word: str) -> str:
    """An action as the log tells it, in the first person beside "Je passe": "Je contre",
    "Je surcoinche" (a button says "Contrer")."""
    if action in ("contre", "surcontre"):
        word = {"contre": "coinche", "surcontre": "surcoinche"}[action] \
            if double_word == "coinche" else action
        return t[f"said_{word}"]
    if action in BID_SUITS:  # round 2: the taker names the trump
        return t("said_take_suit", suit=action_words(action, t, lang, double_word))
    return action_words(action, t, lang, double_word)


def annonce_words(kind: str, cards: int, lang: str) -> str:
    """An annonce as the table names it: ``tierce (7♣ 8♣ 9♣)``."""
    return f"{kind} (" + " ".join(card_label(c, lang) for c in iter_cards(cards)) + ")"


class Question(ModalScreen[bool]):
    """A yes/no question (belote, annonces)."""

    BINDINGS: ClassVar = [Binding("q", "app.quit_game", show=False)]

    DEFAULT_CSS = """
    Question { align: center middle; }
    #qbox { width: 60; height: auto; border: thick $accent; padding: 1 2; background: $panel; }
    #qbox Horizontal { height: auto; align: center middle; }
    #qbox Button { margin: 1 2 0 2; }
    """

    def __init__(self, text: str, yes: str, no: str):
        super().__init__()
        self.text, self.yes, self.no = text, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="qbox"):
            yield Static(self.text)
            with Horizontal():
                yield Button(self.yes, id="yes", variant="primary")
                yield Button(self.no, id="no")

    @on(Button.Pressed)
    def answer(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class Summary(ModalScreen[None]):
    """End of a deal (or of the game): what happened and what each team marks."""

    BINDINGS: ClassVar = [Binding("q", "app.quit_game", show=False)]

    DEFAULT_CSS = """
    Summary { align: center middle; }
    #sbox { width: 72; height: auto; border: thick $accent; padding: 1 2; background: $panel; }
    #sbox Button { margin-top: 1; }
    """

    def __init__(self, text: str, button: str):
        super().__init__()
        self.text, self.button = text, button

    def compose(self) -> ComposeResult:
        with Vertical(id="sbox"):
            yield Static(self.text, id="summary-text")
            yield Button(self.button, id="continue", variant="primary")

    @on(Button.Pressed)
    def done(self) -> None:
        self.dismiss(None)


class _Log(RichLog):
    """The table's log: kept on its last line when the panel changes height (the bidding bar
    comes and goes with the deal), so the newest bids are never hidden below its end."""

    def on_resize(self, event: Resize) -> None:
        # (Textual runs RichLog's own handler too: it writes what waited for a size)
        self.scroll_end(animate=False, immediate=True, x_axis=False)


def _singular(n: int, lang: str) -> bool:
    """Whether ``n`` takes the singular: 0 and 1 in French ("0 carte"), 1 in English."""
    return n <= 1 if lang == "fr" else n == 1


def _key_list(keys: list[int]) -> str:
    """Number keys as a player reads them: a run of three or more as ``1-4``, others listed
    (``1,2,4``)."""
    if len(keys) >= 3 and keys[-1] - keys[0] == len(keys) - 1:
        return f"{keys[0]}-{keys[-1]}"
    return ",".join(map(str, keys))


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
    CSS = """
    Screen { layout: vertical; }
    #info { height: 3; padding: 0 1; background: $boost; }
    #table { height: 1fr; grid-size: 3 3; grid-columns: 1fr 2fr 1fr; grid-rows: 1fr 2fr 1fr; }
    .seat { border: round $primary; padding: 0 1; content-align: center middle; }
    .compact .seat, .compact #centre { border: none; padding: 0; }
    .compact #hand { height: 3; }
    .compact #info { height: 2; }
    .team0 { border: round green; }
    .team1 { border: round magenta; }
    .to-move { border: double yellow; }
    #centre { border: round $secondary; content-align: center middle; }
    #log { width: 46; border: round $secondary; }
    #middle { height: 1fr; }
    #bidbar { height: auto; overflow-x: auto; }
    #bidbar Button { min-width: 5; margin: 0 1 0 0; }
    #bidbar Select { width: 14; }
    #hand { height: 5; }
    #hand Button { min-width: 7; margin: 0 1 0 0; }
    #hand Button.illegal { opacity: 55%; }
    #hand Button.legal { background: #20402a; text-style: bold; }
    #hand Button.red { color: #ff6e6e; }
    #hand Button.black { color: #f0f0f0; }
    #status { height: 1; padding: 0 1; }
    /* notifications (a refused card, the last trick) at the top right, under the header: at
       the bottom (Textual's place) they covered the status line, which says the same */
    ToastRack { dock: top; align: right top; margin-top: 3; margin-bottom: 0; }
    .compact ToastRack { margin-top: 2; }
    """
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
        #: the finished deal drawn under its summary (None: the table's current deal)
        self._finished: Deal | None = None
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

    @property
    def deal(self) -> Deal | None:
        return self.table.deal

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
        out = {}
        for seat in range(4):
            p = self.table.player(seat)
            if p is not None and p.bot is not None:
                out[seat] = p.bot
        return out

    def _from_table(self, event: events.Event) -> None:
        """A table event, on whichever thread caused it: drawn on the app's thread. From a
        bot's thread it is handed to the app's event loop as a plain callback (in the app's
        context), the bot waiting until it is drawn, so that the event's deal has not moved
        on before the screen tells it; an error while drawing is raised here, in the bot's
        thread (the table logs it). ``call_from_thread`` did the same with a coroutine, left
        unawaited ("coroutine ... was never awaited") when the app stopped before running
        it. Nothing is drawn once the app has stopped."""
        if threading.get_ident() == self._ui_thread:
            self._on_event(event)
            return
        loop, context = self._ui_loop, self._ui_context
        if loop is None or context is None:
            return
        drawn = threading.Event()
        failed: list[BaseException] = []

        def draw() -> None:
            try:
                main = self.screen_stack[0] if self.screen_stack else None
                if main is not None and main.query("#status"):  # (gone once stopping)
                    self._on_event(event)
            except BaseException as e:  # told in the bot's thread, as call_from_thread did
                failed.append(e)
            finally:
                drawn.set()
        try:
            loop.call_soon_threadsafe(draw, context=context)
        except RuntimeError:  # the loop is closed: the app has stopped
            return
        while not drawn.wait(0.05):
            if not self.is_running or loop.is_closed():
                return
        if failed:
            raise failed[0]

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
            yield _Log(id="log", markup=True, wrap=True, min_width=20)
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
        d = self.table.deal
        if d is not None and d.bids:  # a resumed deal (nothing moves before start)
            self._resumed = self.table.deal_index
            self._log_deal_start(events.deal_started(d, self.table.deal_index))
            self._log_history(self.table.deal_index, d)
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
            self._log_contract(event)
        elif isinstance(event, events.BeloteSaid):
            key = "said_rebelote" if event.rebelote else "said_belote"
            self.log_line(self.t[key].format(name=self.seat_name(event.seat)))
        elif isinstance(event, events.TrickWon):
            self._log_trick(event)
        elif isinstance(event, events.DealEnded):
            # a deal never played has no public cards (Table.finished_deal refuses it): the
            # board under its summary is the in-process game's, where only the person's
            # hand is drawn
            self._finished = (self.game.deals[event.deal_index] if event.passed_out
                              else self.table.finished_deal(event.deal_index))
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

    def _log_deal_start(self, event: events.DealStarted) -> None:
        """The new deal's number (every deal counted, as replay / check / analyse --deal
        count them) and its turned card."""
        t = self.t
        self.log_line(f"[b]— {t['deal']} {event.deal_index + 1} —[/b]")
        if event.turned is not None:
            self.log_line(f"{t['turned']}{t['colon']} {card_markup(event.turned, self.lang)}")

    def _log_history(self, index: int, d: Deal) -> None:
        """What a resumed deal had already seen (its bids, contract and finished tricks), told
        as the table told it then: the log does not start again at an empty deal."""
        t = self.t
        for seat, action in d.bids:
            self.log_line(t["bids_log"].format(
                name=self.seat_name(seat), bid=said_words(str(action), t, self.lang,
                                                          d.rules.double_word)))
        if d.contract is not None:
            self._log_contract(events.contract_made(d, index))
        for number in range(1, len(d.tricks) + 1):
            self._log_trick(events.trick_won(d, index, number))

    def _log_action(self, event: events.ActionApplied) -> None:
        t = self.t
        seat, action = event.seat, event.action
        if event.kind in ("card", "belote"):
            return  # a card: its trick tells it; belote: BeloteSaid
        if event.kind == "declare":
            what = ", ".join(event.annonces)
            key = "annonce_said_you" if seat == self.human else "annonce_said"
            self.log_line(self.t(key, name=self.seat_name(seat), what=what) if key ==
                          "annonce_said" else self.t(key, what=what))
            return
        self.log_line(t["bids_log"].format(
            name=self.seat_name(seat), bid=said_words(action, t, self.lang,
                                                      self.game.rules.double_word)))

    def _log_contract(self, event: events.ContractMade) -> None:
        t = self.t
        c = event.contract
        line = (f"[b]{t['contract']}[/b]{t['colon']} {self.contract_text(c)}"
                f" — {t['taker']} {self.seat_name(c.taker)}")
        if event.turned is not None:  # who took, and the card that was turned
            line += f" · {t['turned']}{t['colon']} {card_markup(event.turned, self.lang)}"
        self.log_line(line)

    def _log_trick(self, event: events.TrickWon) -> None:
        t = self.t
        shown = " ".join(card_markup(c, self.lang) for c in event.cards)
        won = t["trick_won_you"] if event.winner == self.human else t["trick_won"]
        self.log_line(f"{t['trick']} {event.number}{t['colon']} {shown} — "
                      + won.format(name=self.seat_name(event.winner), pts=event.points))
        d = self.deal if self._finished is None else self._finished
        if event.number == 1 and d is not None:
            for s, anns in d.declared.items():
                cards_txt = "; ".join(" ".join(card_markup(c, self.lang) for c in
                                               iter_cards(a.cards)) for a in anns)
                self.log_line(t["annonce_shown"].format(name=self.seat_name(s),
                                                        cards=cards_txt))

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
        d = self.deal
        if d is None:
            return
        mover = d.to_move
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
            self.set_status(self.bid_hint(d) if d.phase == Phase.BIDDING
                            else self.t["your_turn"])

    def bid_hint(self, d: Deal) -> str:
        """The keys that apply to this bidding turn."""
        t = self.t
        legal = {str(a) for a in d.legal_actions()}
        parts = [t["hint_pass"]]
        if "take" in legal:
            parts.append(t["hint_take"])
        # a suit to take, or to bid the value chosen in: the keys of the suits this turn
        # offers (1 ♠ 2 ♥ 3 ♦ 4 ♣ 5 SA 6 TA; in a second round, not the turned card's suit)
        offered = {a.split()[-1] for a in legal}
        keys = [i + 1 for i, s in enumerate(BID_SUITS) if s in offered]
        if keys:
            parts.append(t["hint_suit"].format(keys=_key_list(keys)))
        if any(len(a.split()) == 2 for a in legal):
            parts.append(t["hint_value"])
        for a in ("contre", "surcontre"):  # in the game's own word: contrer, surcoincher…
            if a in legal:
                parts.append("x " + action_words(a, t, self.lang, d.rules.double_word).lower())
        return f"{t['your_bid_short']}{t['colon']} " + " · ".join(parts)

    def apply(self, seat: int, action: str | Declare) -> None:
        """Send the person's ``action`` to the table (checked there; raises IllegalAction)."""
        self.table.act(seat, action)

    def contract_text(self, d: Deal | Contract | None) -> str:
        """The contract of a deal (or the contract itself) as the header shows it
        (:func:`belote.i18n.labels.contract_text`), or "—"."""
        c = d if d is None or isinstance(d, Contract) else d.contract
        if c is None:
            return self.t["none"]
        return contract_text(c, self.lang)

    def standing_bid_text(self, d: Deal) -> str:
        """The bid standing in an auction, as the header shows it: ``Enchère : 90 ♥
        (Droite) ×2``; empty when there is none (or the contract is made)."""
        if d.contract is not None or d.phase != Phase.BIDDING or d.best is None:
            return ""
        seat, bid = d.best
        words = action_words(str(bid), self.t, self.lang, d.rules.double_word)
        double = {2: " ×2", 4: " ×4"}.get(d.doubled, "")
        return (f" · [b]{self.t['standing_bid']}[/b]{self.t['colon']} {words}{double}"
                f" ({self.short_name(seat)})")

    # -- human input ----------------------------------------------------------------------
    def _may_act(self, phase: Phase) -> Deal | None:
        d = self.deal
        if self.busy or d is None or d.to_move != self.human or d.phase != phase:
            return None
        return d

    def human_card(self, card: int) -> None:
        d = self._may_act(Phase.PLAY)
        if d is None:
            return
        legal = d.legal_actions()
        text = card_str(card)
        decl = [a for a in legal if isinstance(a, Declare)]
        if decl and not d.played_any[self.human]:
            what = "; ".join(annonce_words(a.kind, a.cards, self.lang) for a in
                             d.check_declaration(decl[0]))

            def after_declare(yes: bool | None) -> None:
                if yes:
                    self.apply(self.human, decl[0])
                self._card_with_belote(card, text)
            self.push_screen(Question(self.t["annonce_q"].format(what=what), self.t["yes"],
                                      self.t["no"]), after_declare)
            return
        self._card_with_belote(card, text)

    def _card_with_belote(self, card: int, text: str) -> None:
        d = self.deal
        if d is None:
            return
        legal = d.legal_actions()
        # a king or queen of trump whose pair the person holds (the engine's belote cards)
        if "belote" in legal and text in legal and (d.belote_cards_of(self.human) >> card) & 1:
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
        if self._may_act(Phase.BIDDING) is None:
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
        d = self.deal
        if d is not None and d.phase == Phase.BIDDING:
            # in the bidding, 1-6 name a suit (♠ ♥ ♦ ♣ SA TA): take it in round 2, or bid the
            # chosen value in it; the key is the number on the button (BID_SUITS)
            suits = BID_SUITS
            for b in self.query("#bidbar Button").results(Button):
                name = (b.name or "").split(":", 1)
                if len(name) == 2 and name[0] in ("value", "bid") and name[1] in suits \
                        and suits.index(name[1]) == i - 1:
                    b.press()
                    return
            if not self.busy and d.to_move == self.human:
                if 1 <= i <= len(suits):
                    self._not_now(action_words(suits[i - 1], self.t, self.lang,
                                               d.rules.double_word), d)
                else:  # 7, 8, 9 name no bid: the keys that do
                    self.set_status(self.bid_hint(d))
            return
        cards = self.hand_cards()
        if 1 <= i <= len(cards):
            self.human_card(cards[i - 1])

    def action_bid_key(self, what: str) -> None:
        d = self._may_act(Phase.BIDDING)
        if d is None:
            return
        legal = [str(a) for a in d.legal_actions()]
        if what == "double":
            what = "surcontre" if "surcontre" in legal else "contre"
        if what in legal:
            self.human_bid(what)
        else:  # a key that does not apply now says so (the status line lists those that do)
            self._not_now(action_words(what, self.t, self.lang, d.rules.double_word), d)

    def _not_now(self, words: str, d: Deal) -> None:
        """The status line when a bidding key does not apply to this turn."""
        self.set_status(self.t["not_now"].format(what=words) + " " + self.bid_hint(d))

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
        d = self._finished or self.deal
        tricks = d.tricks if d is not None else []
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
    def hand_cards(self, d: Deal | None = None) -> list[int]:
        """The human's cards in display order, in ``d`` (default: the deal in play)."""
        d = d or self.deal
        if d is None:
            return []
        trump = d.trump
        cards = list(iter_cards(d.hands[self.human]))
        return sorted(cards, key=lambda c: (SUIT_DISPLAY.index(SUIT_OF[c]),
                                            -sort_key(c, trump)[1]))

    def set_status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def _deal_number(self, d: Deal) -> int:
        """The deal's number: every deal counted (passed-out ones too), as replay, check
        and analyse --deal count them."""
        if d in self.game.deals:
            return self.game.deals.index(d) + 1
        return len(self.game.deals) + 1

    def refresh_table(self) -> None:
        d = self._finished or self.deal
        if d is None:
            return
        self._render_info(d)
        self._render_seats(d)
        t = self.t
        centre = []
        if d.phase == Phase.BIDDING and d.turned is not None:
            centre.append(f"{t['turned']}{t['colon']} {card_markup(d.turned, self.lang)}")
        if d.trick:
            centre.append(f"{t['trick']} {len(d.tricks) + 1}{t['colon']} " + "  ".join(
                f"{self.short_name((d.leader + i) % 4)} {card_markup(c, self.lang)}"
                for i, c in enumerate(d.trick)))
        self.query_one("#centre", Static).update("\n".join(centre))
        self._render_hand(d)
        self._render_bidbar(d)

    def _render_info(self, d: Deal) -> None:
        t = self.t
        g = self.game
        us, them = self.human % 2, 1 - self.human % 2
        info = (f"[b]{t['deal']} {self._deal_number(d)} [/b]· {t['dealer']}{t['colon']} "
                f"{self.seat_name(d.dealer)} · [b]{t['contract']}[/b]{t['colon']} "
                f"{self.contract_text(d)}")
        if d.contract is not None:
            info += f" ({t['taker']} {self.seat_name(d.contract.taker)})"
        info += self.standing_bid_text(d)
        info += (f"\n[b]{t['score']}[/b]{t['colon']} [green]{t['team_us']} {g.scores[us]} "
                 f"[/green]· [magenta]{t['team_them']} {g.scores[them]}[/magenta]")
        if g.held:
            info += f" · {t['held']} {g.held}"
        self.query_one("#info", Static).update(info)

    def _render_seats(self, d: Deal) -> None:
        t = self.t
        positions = {"s": self.human, "e": (self.human + 1) % 4, "n": (self.human + 2) % 4,
                     "w": (self.human + 3) % 4}
        trick_by_seat = {(d.leader + i) % 4: c for i, c in enumerate(d.trick)}
        last_bid: dict[int, str] = {}
        for s, a in d.bids:
            last_bid[s] = action_words(str(a), t, self.lang, d.rules.double_word)
        for pos, seat in positions.items():
            w = self.query_one(f"#seat-{pos}", Static)
            n = d.hands[seat].bit_count()
            lines = [f"[b]{self.seat_name(seat)}[/b]",
                     f"{self.team_name(seat % 2)} · {n} "
                     f"{t['card'] if _singular(n, self.lang) else t['cards']}"]
            if d.phase == Phase.BIDDING and seat in last_bid:
                lines.append(f"« {last_bid[seat]} »" if self.lang == "fr"
                             else f'"{last_bid[seat]}"')
            if seat in trick_by_seat:
                lines.append(card_markup(trick_by_seat[seat], self.lang))
            if any(s == seat for s, _su in d.belotes):
                lines.append(t["belote"])
            w.update("\n".join(lines))
            w.set_class(seat % 2 == 0, "team0")
            w.set_class(seat % 2 == 1, "team1")
            w.set_class(d.phase != Phase.DONE and d.to_move == seat, "to-move")

    def _render_hand(self, d: Deal) -> None:
        box = self.query_one("#hand", Horizontal)
        box.remove_children()
        mine = d.phase == Phase.PLAY and d.to_move == self.human
        legal = {str(a) for a in d.legal_actions()} if mine else set()
        buttons = []
        for i, c in enumerate(self.hand_cards(d), 1):  # a finished deal: no card left
            label = f"{i} " + card_label(c, self.lang)
            b = Button(label, name=f"card:{card_str(c)}", classes="card")
            b.add_class("red" if SUIT_OF[c] in RED_SUITS else "black")
            if mine:
                b.add_class("legal" if card_str(c) in legal else "illegal")
            buttons.append(b)
        box.mount(*buttons)

    def _render_bidbar(self, d: Deal) -> None:
        bar = self.query_one("#bidbar", Horizontal)
        bar.remove_children()
        if d.phase != Phase.BIDDING or d.to_move != self.human:
            return
        t = self.t
        dw = d.rules.double_word
        legal = [str(a) for a in d.legal_actions()]
        widgets: list[Any] = []
        # auction: one list of levels (values, then capot, générale) and one button a suit
        levels: list[str] = []
        for a in legal:
            w = a.split()
            if len(w) == 2 and w[0] not in levels and (w[0].isdigit() or w[0] in ("capot",
                                                                               "generale")):
                levels.append(w[0])
        self._levels = levels
        if levels:
            widgets.append(Select([(action_words(x, t, self.lang, dw) if not x.isdigit() else x,
                                    x) for x in levels], value=levels[0], classes="bid-value",
                                  allow_blank=False, prompt=t["bid_value"]))
            for i, x in enumerate(BID_SUITS, 1):
                if any(a.split()[-1] == x and len(a.split()) == 2 for a in legal):
                    widgets.append(Button(f"{i}" + action_words(x, t, self.lang, dw),
                                          name=f"value:{x}", classes="bid"))
        for a in legal:
            w = a.split()
            if len(w) == 2 and w[0] in levels:
                continue
            key = {"pass": "p ", "take": "t ", "contre": "x ", "surcontre": "x "}.get(a, "")
            if a in BID_SUITS:
                key = f"{BID_SUITS.index(a) + 1} "
            widgets.append(Button(key + action_words(a, t, self.lang, dw),
                                  name=f"bid:{a}", classes="bid",
                                  variant="primary" if a in ("take",) else "default"))
        bar.mount(*widgets)

    # -- ends -----------------------------------------------------------------------------
    def _summary_text(self, event: events.DealEnded) -> tuple[str, str]:
        """The summary of a finished deal and the status line under it."""
        t = self.t
        res = event.result
        n = event.deal_index + 1
        if event.passed_out or res is None:
            return t["passed_out"], t["passed_out"]
        d = self.table.finished_deal(event.deal_index)
        if d.contract is None:
            return t["passed_out"], t["passed_out"]
        us, them = self.human % 2, 1 - self.human % 2
        if res.made:
            verdict = t["made"]
        elif res.litige and res.made is None:
            verdict = t["litige"]
        else:
            verdict = t["failed"]
        if res.capot is not None:
            verdict += " · " + t["capot_by"].format(team=self.team_name(res.capot))
        cols = t["result_cols"].split("|")

        def row(label: str, vals: Any) -> str:
            return f"{label:<28}{vals[us]:>8}{vals[them]:>8}"
        text = "\n".join([
            (f"[b]{t['end_title'].format(n=n)}[/b] — {self.contract_text(d)}, "
             f"{t['taker']} {self.seat_name(d.contract.taker)}"),
            f"[b]{verdict}[/b]", "",
            f"{'':<28}{cols[0]:>8}{cols[1]:>8}",
            row(t["points"], res.points),
            f"  {t['dix_de_der']}{t['colon']} {self.team_name(d.tricks[-1][2] % 2)}",
            row(t["belote"], res.belote),
            row(t["annonces_counted"], res.annonces), row(t["marked"], event.mark),
            f"{t['held']}{t['colon']} {res.held}" if res.held else "",
            f"[b]{t['score']}[/b]{t['colon']} {event.scores[us]} – {event.scores[them]}"])
        return text, f"{t['end_title'].format(n=n)} — {verdict}"

    def show_summary(self, event: events.DealEnded) -> None:
        text, status = self._summary_text(event)
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
        g = self.game
        us = self.human % 2
        a, b = g.scores[us], g.scores[1 - us]
        if a > b:
            line = t["winner_us"].format(a=a, b=b)
        elif a < b:
            line = t["winner_them"].format(a=a, b=b)
        else:
            line = t["draw"].format(a=a, b=b)
        self.set_status(line)
        self.messages.append(line)
        self.push_screen(Summary(f"[b]{t['game_over']}[/b]\n\n{line}", t["quit"]),
                         lambda _=None: self.exit(return_code=0))


__all__ = ["BeloteApp", "action_words", "annonce_words", "card_markup", "said_words"]
