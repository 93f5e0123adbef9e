"""What the terminal table draws, worked out from one seat's view
(:class:`~belote.engine.views.SeatView`, as the page and the bots read it): the header, the
four seats, the middle of the table, the hand's buttons, the bidding bar and its keys, and the
summary of a finished deal. Nothing here reads a deal: the view says what is legal, the
display order of the hand, the cards that may carry a belote and the preset's words."""

from __future__ import annotations

from typing import Any, Protocol

from textual.widget import Widget
from textual.widgets import Button, Select

from ..engine.cards import RED_SUITS, SUIT_OF, card_str, parse_card
from ..engine.seats import PLACES, Seat, screen_place
from ..engine.views import SeatView
from ..i18n import card_label
from ..i18n.labels import contract_text, trump_symbol
from ..table import events
from .i18n import Words
from .wording import BID_SUITS, card_markup, key_list, move_words, singular, text_move

#: the seat widgets' ids by where each seat is drawn (:func:`belote.engine.seats.screen_place`)
SEAT_IDS = {place: f"seat-{place[0]}" for place in PLACES}


class Names(Protocol):
    """How the person names seats and teams (the app)."""

    lang: str
    t: Words
    human: int

    def seat_name(self, seat: int) -> str: ...
    def short_name(self, seat: int) -> str: ...
    def team_name(self, team: int) -> str: ...


def double_word(view: SeatView) -> str:
    """The preset's name of the double, ``"contre"`` or ``"coinche"`` (the view's words)."""
    return view.words["double"]


def contract_words(view: SeatView, t: Words, lang: str) -> str:
    """The contract as the header shows it (:func:`belote.i18n.labels.contract_text`), or
    "—"."""
    c = view.contract_value()
    return t["none"] if c is None else contract_text(c, lang)


def standing_bid_text(view: SeatView, names: Names) -> str:
    """The bid standing in an auction, as the header shows it: ``Enchère : 90 ♥ (Droite)
    ×2``; empty when there is none (or the contract is made)."""
    best = view.standing_bid
    if best is None:
        return ""
    t = names.t
    words = move_words(text_move(best["bid"], double_word(view)), t, names.lang)
    double = {2: " ×2", 4: " ×4"}.get(best["doubled"], "")
    return (f" · [b]{t['standing_bid']}[/b]{t['colon']} {words}{double}"
            f" ({names.short_name(best['seat'])})")


def info_text(view: SeatView, names: Names, number: int, scores: list[int],
              held: int) -> str:
    """The header: deal ``number``, dealer, contract (its taker), the standing bid, and the
    game's ``scores`` (by team) and ``held`` litige points."""
    t = names.t
    us, them = names.human % 2, 1 - names.human % 2
    info = (f"[b]{t['deal']} {number} [/b]· {t['dealer']}{t['colon']} "
            f"{names.seat_name(view.dealer)} · [b]{t['contract']}[/b]{t['colon']} "
            f"{contract_words(view, t, names.lang)}")
    if view.contract is not None:
        info += f" ({t['taker']} {names.seat_name(view.contract['taker'])})"
    info += standing_bid_text(view, names)
    info += (f"\n[b]{t['score']}[/b]{t['colon']} [green]{t['team_us']} {scores[us]} "
             f"[/green]· [magenta]{t['team_them']} {scores[them]}[/magenta]")
    if held:
        info += f" · {t['held']} {held}"
    return info


def seat_lines(view: SeatView, names: Names, seat: int) -> str:
    """A seat's panel: its name, team and cards left, its last bid while bidding, its card in
    the trick, its belote."""
    t, lang = names.t, names.lang
    n = view.hand_sizes[seat]
    lines = [f"[b]{names.seat_name(seat)}[/b]",
             f"{names.team_name(seat % 2)} · {n} {t['card'] if singular(n, lang) else t['cards']}"]
    bids = [move for s, move in view.bid_moves if s == seat]
    if view.phase == "bidding" and bids:
        said = move_words(bids[-1], t, lang)
        lines.append(f"« {said} »" if lang == "fr" else f'"{said}"')
    for s, card in view.trick_cards():
        if s == seat:
            lines.append(card_markup(card, lang))
    if any(s == seat for s, _su in view.belotes):
        lines.append(t["belote"])
    return "\n".join(lines)


def seat_places(human: int) -> dict[str, int]:
    """The seat drawn in each seat widget (``SEAT_IDS``' places) for the person at ``human``."""
    return {SEAT_IDS[screen_place(seat, human)]: seat for seat in range(4)}


def centre_text(view: SeatView, names: Names) -> str:
    """The middle of the table: the turned card while bidding, the trick in progress."""
    t, lang = names.t, names.lang
    centre = []
    turned = view.turned_card()
    if view.phase == "bidding" and turned is not None:
        centre.append(f"{t['turned']}{t['colon']} {card_markup(turned, lang)}")
    if view.trick:
        centre.append(f"{t['trick']} {len(view.tricks) + 1}{t['colon']} " + "  ".join(
            f"{names.short_name(s)} {card_markup(c, lang)}" for s, c in view.trick_cards()))
    return "\n".join(centre)


def hand_buttons(view: SeatView, lang: str) -> list[Button]:
    """The hand's buttons in the view's display order, numbered from 1; in card play on the
    person's turn, marked legal or illegal."""
    mine = view.phase == "play" and view.to_move == view.seat
    legal = set(view.legal) if mine else set()
    buttons = []
    for i, c in enumerate(view.hand_cards(), 1):  # a finished deal: no card left
        b = Button(f"{i} " + card_label(c, lang), name=f"card:{card_str(c)}", classes="card")
        b.add_class("red" if SUIT_OF[c] in RED_SUITS else "black")
        if mine:
            b.add_class("legal" if card_str(c) in legal else "illegal")
        buttons.append(b)
    return buttons


def bidbar_widgets(view: SeatView, t: Words, lang: str) -> tuple[list[Widget], list[str]]:
    """The bidding bar of the person's turn and the auction's levels (values, then capot,
    générale) of its level list; nothing when it is not the person's bidding turn. One list
    of levels and one button a suit (an auction); one button for every other action."""
    if view.phase != "bidding" or view.to_move != view.seat:
        return [], []
    moves = view.legal_moves
    widgets: list[Widget] = []
    levels: list[str] = []
    for m in moves:
        level = str(m["value"]) if m["kind"] == "bid" else m["kind"]
        if m["kind"] in ("bid", "capot", "generale") and level not in levels:
            levels.append(level)
    if levels:
        widgets.append(Select([(x, x) for x in levels], value=levels[0], classes="bid-value",
                              allow_blank=False, prompt=t["bid_value"]))
        suits = {m["suit"] for m in moves if m["kind"] in ("bid", "capot", "generale")}
        for i, x in enumerate(BID_SUITS, 1):
            if x in suits:
                widgets.append(Button(f"{i}" + trump_symbol(x),
                                      name=f"value:{x}", classes="bid"))
    for m in moves:
        if m["kind"] in ("bid", "capot", "generale"):
            continue
        a = m["text"]
        key = {"pass": "p ", "take": "t ", "double": "x ", "redouble": "x "}.get(m["kind"], "")
        if m["kind"] == "choose":
            key = f"{BID_SUITS.index(a) + 1} "
        widgets.append(Button(key + move_words(m, t, lang), name=f"bid:{a}",
                              classes="bid", variant="primary" if a == "take" else "default"))
    return widgets, levels


def bid_hint(view: SeatView, t: Words, lang: str) -> str:
    """The keys that apply to this bidding turn."""
    moves = view.legal_moves
    kinds = {m["kind"] for m in moves}
    parts = [t["hint_pass"]]
    if "take" in kinds:
        parts.append(t["hint_take"])
    # a suit to take, or to bid the value chosen in: the keys of the suits this turn
    # offers (1 ♠ 2 ♥ 3 ♦ 4 ♣ 5 SA 6 TA; in a second round, not the turned card's suit)
    offered = {m["suit"] for m in moves if "suit" in m}
    keys = [i + 1 for i, s in enumerate(BID_SUITS) if s in offered]
    if keys:
        parts.append(t["hint_suit"].format(keys=key_list(keys)))
    if kinds & {"bid", "capot", "generale"}:
        parts.append(t["hint_value"])
    for m in moves:  # in the game's own word: contrer, surcoincher…
        if m["kind"] in ("double", "redouble"):
            parts.append("x " + move_words(m, t, lang).lower())
    return f"{t['your_bid_short']}{t['colon']} " + " · ".join(parts)


def trick_events(view: SeatView, deal_index: int) -> list[events.TrickWon]:
    """The finished tricks of the view as the table told them."""
    return [events.TrickWon(deal_index, n, Seat(tr["leader"]),
                            tuple(parse_card(c) for c in tr["cards"]), Seat(tr["winner"]),
                            tr["points"])
            for n, tr in enumerate(view.tricks, 1)]


def summary_text(view: SeatView, event: events.DealEnded, names: Names) -> tuple[str, str]:
    """The summary of a finished deal (``view``: the person's view of it) and the status line
    under it."""
    t = names.t
    res = event.result
    n = event.deal_index + 1
    contract = view.contract_value()
    if event.passed_out or res is None or contract is None:
        return t["passed_out"], t["passed_out"]
    us, them = names.human % 2, 1 - names.human % 2
    if res.made:
        verdict = t["made"]
    elif res.litige and res.made is None:
        verdict = t["litige"]
    else:
        verdict = t["failed"]
    if res.capot is not None:
        verdict += " · " + t["capot_by"].format(team=names.team_name(res.capot))
    cols = t["result_cols"].split("|")

    def row(label: str, vals: Any) -> str:
        return f"{label:<28}{vals[us]:>8}{vals[them]:>8}"
    text = "\n".join([
        (f"[b]{t['end_title'].format(n=n)}[/b] — {contract_text(contract, names.lang)}, "
         f"{t['taker']} {names.seat_name(contract.taker)}"),
        f"[b]{verdict}[/b]", "",
        f"{'':<28}{cols[0]:>8}{cols[1]:>8}",
        row(t["points"], res.points),
        f"  {t['dix_de_der']}{t['colon']} {names.team_name(view.tricks[-1]['winner'] % 2)}",
        row(t["belote"], res.belote),
        row(t["annonces_counted"], res.annonces), row(t["marked"], event.mark),
        f"{t['held']}{t['colon']} {res.held}" if res.held else "",
        f"[b]{t['score']}[/b]{t['colon']} {event.scores[us]} – {event.scores[them]}"])
    return text, f"{t['end_title'].format(n=n)} — {verdict}"


def game_over_line(scores: list[int], human: int, t: Words) -> str:
    """Who won the game (``scores`` by team), from the person's side."""
    a, b = scores[human % 2], scores[1 - human % 2]
    key = "winner_us" if a > b else "winner_them" if a < b else "draw"
    return t[key].format(a=a, b=b)
