"""The terminal table's dialogs and its log panel."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Button, RichLog, Static

#: the table's styles (:class:`belote.tui.app.BeloteApp`)
TABLE_CSS = """
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


class TableLog(RichLog):
    """The table's log: kept on its last line when the panel changes height (the bidding bar
    comes and goes with the deal), so the newest bids are never hidden below its end."""

    def on_resize(self, event: Resize) -> None:
        # (Textual runs RichLog's own handler too: it writes what waited for a size)
        self.scroll_end(animate=False, immediate=True, x_axis=False)
