"""``belote replay FILE``: step through a saved game (or deal) forwards and backwards, every
hand visible. A thin layer over the records: each step is the deal replayed up to an action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.markup import escape
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from ..engine.actions import Action, Declare, Play
from ..engine.cards import display_order, iter_cards, parse_card
from ..engine.deal import Deal, Phase
from ..engine.errors import BeloteError, RecordError
from ..engine.record import (
    DEAL_FORMAT,
    GAME_FORMAT,
    CheckReport,
    actions,
    check_deal,
    dealt_deals,
)
from ..engine.record.shape import wrap
from ..engine.rules import DealKind
from ..i18n import irregularity, rule_name
from ..i18n.labels import contract_text, online_seats, seat_label, seat_words
from .i18n import texts
from .wording import action_words, card_markup


@dataclass
class DealSteps:
    """A recorded deal as a start state and the actions that follow."""

    record: dict[str, Any]
    actions: list[tuple[int, Action]]
    final: Deal
    #: the check of the record: its first irregularity and its result (a penalty included)
    report: CheckReport | None = None
    #: the deal as dealt, before any bid, where the record's hands (those of card play) do
    #: not say it: a two-round deal of a game record, dealt again from the game's seed
    #: (:func:`belote.engine.record.dealt_deals`); None: the record's own start
    dealt: Deal | None = None

    def irregular_step(self) -> int | None:
        """The step (1-based, as ``k``) from which the record's irregularity is shown: the
        irregular card's own step; the last step for a bid (the replay stops there), a
        declaration or a belote said; None for a regular deal."""
        irr = self.report.irregularity if self.report else None
        if irr is None:
            return None
        if irr["kind"] == "card":
            n = 0
            for k, (_seat, a) in enumerate(self.actions, 1):
                if isinstance(a, Play):
                    if n == irr["index"]:
                        return k
                    n += 1
        return len(self.actions)

    def state(self, k: int) -> Deal:
        """The deal after its first ``k`` actions, from the deal as dealt: in a two-round
        deal the 5 cards each seat holds during the bidding where they are known
        (:attr:`dealt`), the rest dealt with the take (docs/sources.md §2, seed 004)."""
        d = check_deal(dict(self.record, bids=[], plays=[])).deal
        if self.dealt is not None:
            setup, d = d, self.dealt.clone()
            d.barred_team, d.last_deal = setup.barred_team, setup.last_deal
        for _seat, a in self.actions[:k]:
            d.apply(a)
        return d


def deal_steps(rec: dict[str, Any]) -> DealSteps:
    """A deal record and its actions in order (:func:`belote.engine.record.actions`: bids,
    declarations, belotes, cards). Raises RecordError for a malformed record."""
    report = check_deal(rec)
    return DealSteps(rec, list(actions(report)), report.deal, report)


def load_steps(rec: object) -> list[DealSteps]:
    """The deals of a game or deal record. Raises RecordError."""
    if not isinstance(rec, dict):
        raise RecordError("a record is a JSON object", code="replay.not_object")
    fmt = rec.get("format")
    if fmt == DEAL_FORMAT:
        return [deal_steps(rec)]
    if fmt == GAME_FORMAT:
        deals = rec.get("deals")
        if not isinstance(deals, list) or not deals:
            raise RecordError("a game record lists its deals", where="deals",
                              code="replay.no_deals")
        out = []
        for i, d in enumerate(deals):
            try:
                out.append(deal_steps(d))
            except RecordError as e:
                raise wrap(e, f"deals[{i}]") from None
        try:
            dealt = dealt_deals(rec)
        except BeloteError:  # a game's own keys unreadable: each deal from its record
            dealt = [None] * len(out)
        for steps, as_dealt in zip(out, dealt, strict=True):
            steps.dealt = as_dealt
        return out
    raise RecordError(f"unknown format {fmt!r}: expected {DEAL_FORMAT} or {GAME_FORMAT}",
                      code="replay.unknown_format",
                      params={"format": repr(fmt), "deal": DEAL_FORMAT, "game": GAME_FORMAT})


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
        d = st.state(self.k)
        total = len(st.actions)
        n, of = self.numbered or (self.deal_i + 1, len(self.steps))
        head = (f"[b]{t['deal']} {n}/{of}[/b] · "
                f"{self.k}/{total} · {d.rules.preset_name}")
        if self.k:
            seat, a = st.actions[self.k - 1]
            head += f" · {self.seat(seat)}{t['colon']} {self.words(a, d)}"
        self.query_one("#head", Static).update(head)
        lines = [self.seats_legend(), ""]
        c = d.contract
        if c is not None:
            lines.append(f"[b]{t['contract']}[/b]{t['colon']} {contract_text(c, self.lang)} — "
                         f"{t['taker']} {self.seat(c.taker)}")
        elif d.turned is not None:
            lines.append(f"{t['turned']}{t['colon']} {card_markup(d.turned, self.lang)}")
        if d.phase == Phase.BIDDING and d.rules.deal == DealKind.RETOURNE and not d.stock:
            # a two-round deal's bidding, the first 5 cards unknown (a deal record holds
            # the hands of card play): say that the hands shown are those
            lines.append(f"[dim]{t['replay_hands_of_play']}[/dim]")
        lines.append("")
        for seat in range(4):
            cards = display_order(iter_cards(d.hands[seat]), d.trump)
            mark = "▶ " if d.to_move == seat else "  "
            lines.append(f"{mark}[b]{self.seat(seat):<10}[/b] "
                         + " ".join(card_markup(x, self.lang) for x in cards))
        lines.append("")
        if d.bids:
            lines.append(" · ".join(f"{s}: {self.words(a, d)}" for s, a in d.bids))
        if d.trick:
            lines.append(f"{t['trick']} {len(d.tricks) + 1}{t['colon']} " + " ".join(
                f"{(d.leader + i) % 4}:{card_markup(x, self.lang)}" for i, x in enumerate(d.trick)))
        if d.tricks:
            _ld, last, w = d.tricks[-1]
            shown = " ".join(card_markup(x, self.lang) for x in last)
            lines.append(f"{t['last_trick']}{t['colon']} {shown} → {self.seat(w)}")
        lines.append(f"{t['points']}{t['colon']} {d.points[0]} – {d.points[1]}")
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
        if d.result is not None:
            # at the end, the record's result as checked: a penalty (002 §VIII.B) included
            r = st.report.result if st.report and st.report.result and self.k == total \
                else d.result
            pen = f" ({t['penalty']})" if r.penalty is not None else ""
            lines.append(f"[b]{t['marked']}[/b]{t['colon']} {r.score[0]} – {r.score[1]}{pen}")
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

    def words(self, a: Action, d: Deal) -> str:
        if isinstance(a, Play):
            return card_markup(a.card, self.lang)
        if isinstance(a, Declare):
            return self.t["annonces"]
        return action_words(str(a), self.t, self.lang, d.rules.double_word)
