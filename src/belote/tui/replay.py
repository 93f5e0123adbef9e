"""``belote replay FILE``: step through a saved game (or deal) forwards and backwards, every
hand visible. A thin layer over the table's replay (:mod:`belote.table.replay`): each step is
the four seats' views after an action, drawn as the table draws a view; no deal is read here."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.markup import escape
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from ..engine.cards import parse_card
from ..i18n import irregularity, rule_name
from ..i18n.labels import contract_text, online_seats, seat_label, seat_words
from ..table.replay import DealSteps, ReplayStep, deal_steps, load_steps
from .i18n import texts
from .wording import card_markup, move_words


class ReplayApp(App[None]):
    """Arrows step through the actions; n / p jump between deals."""

    TITLE = "belote replay"
    ENABLE_COMMAND_PALETTE = False  # Textual's own palette (^p): English, and nothing to do here
    CSS = """
    #head { height: 2; padding: 0 1; background: $boost; }
    #board { height: 1fr; padding: 1 2; }
    """
    BINDINGS: ClassVar = [
        Binding("home", "step(-10000)", "start", show=False),
        Binding("end", "step(10000)", "end", show=False),
    ]
    #: the keys shown in the footer, in the replay's language (bound in ``__init__``)
    KEYS: ClassVar = (
        ("right,space", "step(1)", {"fr": "suivant", "en": "next"}),
        ("left", "step(-1)", {"fr": "retour", "en": "back"}),
        ("n", "deal(1)", {"fr": "donne suivante", "en": "next deal"}),
        ("p", "deal(-1)", {"fr": "donne précédente", "en": "previous deal"}),
        ("q", "quit", {"fr": "quitter", "en": "quit"}),
    )

    def __init__(self, steps: list[DealSteps], lang: str = "fr",
                 numbered: tuple[int, int] | None = None, human: int = 0,
                 players: list[tuple[int, str, str]] | None = None):
        """``numbered``: ``(n, total)`` when ``steps`` is the one deal ``n`` of a file of
        ``total`` (``belote replay FILE --deal n``): the header says ``n/total``. ``human``:
        the seat of the person at ``belote play`` (``--seat``, 0 by default), to say which
        seat the game called Vous, Droite, Partenaire and Gauche; ``players``: an online
        table's seats instead (:func:`belote.engine.record.record_players`: ``[(seat, name,
        kind)]``, ``[]`` when its record names nobody), told by number and name, none of
        them "Vous". Deals are numbered as the record lists them, every deal counted (the
        game's numbering too)."""
        super().__init__()
        self.human = human
        self.players = players
        self.steps = steps
        self.numbered = numbered if numbered is not None and len(steps) == 1 else None
        self.lang = lang
        self.t = texts(lang)
        for keys, action, words in self.KEYS:
            self.bind(keys, action, description=words.get(lang, words["en"]))
        self.deal_i = 0
        self.k = 0

    def compose(self) -> ComposeResult:
        yield Static(id="head")
        yield Static(id="board")
        yield Footer()

    def on_mount(self) -> None:
        self.render_state()

    def action_step(self, n: int) -> None:
        total = len(self.steps[self.deal_i].actions)
        self.k = max(0, min(total, self.k + n))
        self.render_state()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """n / p (``deal``) only where there is another deal: hidden from the footer for a
        single deal (one line of a ``simulate --out`` file, a deal record)."""
        return not (action == "deal" and len(self.steps) < 2)

    def action_deal(self, n: int) -> None:
        self.deal_i = max(0, min(len(self.steps) - 1, self.deal_i + n))
        self.k = 0
        self.render_state()

    def render_state(self) -> None:
        t = self.t
        st = self.steps[self.deal_i]
        step = st.step(self.k)
        view = step.views[0]  # the public facts, alike in every seat's view
        total = len(st.actions)
        n, of = self.numbered or (self.deal_i + 1, len(self.steps))
        head = (f"[b]{t['deal']} {n}/{of}[/b] · "
                f"{self.k}/{total} · {view.preset}")
        if step.move is not None and step.seat is not None:
            head += f" · {self.seat(step.seat)}{t['colon']} {self.words(step.move)}"
        self.query_one("#head", Static).update(head)
        lines = [self.seats_legend(), ""]
        if view.contract is not None:
            lines.append(f"[b]{t['contract']}[/b]{t['colon']} "
                         f"{contract_text(view.contract, self.lang)} — "
                         f"{t['taker']} {self.seat(view.contract['taker'])}")
        elif view.turned is not None:
            lines.append(f"{t['turned']}{t['colon']} "
                         f"{card_markup(parse_card(view.turned), self.lang)}")
        if step.hands_of_play:
            # a two-round deal's bidding, the first 5 cards unknown (a deal record holds
            # the hands of card play): say that the hands shown are those
            lines.append(f"[dim]{t['replay_hands_of_play']}[/dim]")
        lines.append("")
        for seat, seat_view in enumerate(step.views):
            mark = "▶ " if view.to_move == seat else "  "
            lines.append(f"{mark}[b]{self.seat(seat):<10}[/b] " + " ".join(
                card_markup(parse_card(x), self.lang) for x in seat_view.hand))
        lines.append("")
        if view.bid_moves:
            lines.append(" · ".join(f"{s}: {self.words(m)}" for s, m in view.bid_moves))
        if view.trick:
            lines.append(f"{t['trick']} {len(view.tricks) + 1}{t['colon']} " + " ".join(
                f"{s}:{card_markup(parse_card(x), self.lang)}" for s, x in view.trick))
        if view.tricks:
            last = view.tricks[-1]
            shown = " ".join(card_markup(parse_card(x), self.lang) for x in last["cards"])
            lines.append(f"{t['last_trick']}{t['colon']} {shown} → {self.seat(last['winner'])}")
        lines.append(f"{t['points']}{t['colon']} {view.points[0]} – {view.points[1]}")
        at = st.irregular_step()
        irr = st.report.irregularity if st.report is not None else None
        if at is not None and irr is not None and self.k >= at:  # as belote check says it
            what = irregularity(irr, self.lang)
            if irr["kind"] == "bid":
                what = f"{irr['card']}{t['colon']} {what} — {t['stopped_bid']}"
            elif irr["card"]:
                what = f"{card_markup(parse_card(irr['card']), self.lang)}{t['colon']} {what}"
            lines.append(f"[b red]{t['irregular']}[/b red]{t['colon']} {self.seat(irr['seat'])}, "
                         f"{what} \\[{rule_name(irr['rule'], self.lang)}]")
        if step.result is not None:
            # at the end, the record's result as checked: a penalty (002 §VIII.B) included
            score = step.result["score"]
            pen = f" ({t['penalty']})" if step.result["penalty"] is not None else ""
            lines.append(f"[b]{t['marked']}[/b]{t['colon']} {score[0]} – {score[1]}{pen}")
        self.query_one("#board", Static).update("\n".join(lines))

    def seats_legend(self) -> str:
        """Which seat the game calls what: ``À la table de belote play (--seat 0) :
        0 Vous · 1 Droite · 2 Partenaire · 3 Gauche``; an online table's by number and name
        (:func:`~belote.i18n.labels.online_seats`)."""
        if self.players is not None:
            return escape(online_seats(self.players, self.lang))
        words = seat_words(self.lang)
        names = " · ".join(f"{(self.human + k) % 4} {words[k]}" for k in range(4))
        return self.t("replay_seats", seat=self.human, names=names)

    def seat(self, s: int) -> str:
        """A seat as the tools name it: ``siège 1 (équipe 1)``."""
        return seat_label(s, self.lang)

    def words(self, move: dict[str, Any]) -> str:
        """A move of the step (a structured move) as the replay says it."""
        return move_words(move, self.t, self.lang)


__all__ = ["DealSteps", "ReplayApp", "ReplayStep", "deal_steps", "load_steps"]
