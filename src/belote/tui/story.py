"""The terminal table's log in words: what each table event (:mod:`belote.table.events`)
adds to it, and the story so far of a resumed deal, from the person's view."""

from __future__ import annotations

from ..engine.cards import parse_card
from ..engine.views import SeatView
from ..i18n.labels import contract_text
from ..table import events
from .board import Names, trick_events
from .wording import card_markup, said_move, text_move


def deal_start(event: events.DealStarted, names: Names) -> list[str]:
    """The new deal's number (every deal counted, as replay / check / analyse --deal count
    them) and its turned card."""
    t = names.t
    lines = [f"[b]— {t['deal']} {event.deal_index + 1} —[/b]"]
    if event.turned is not None:
        lines.append(f"{t['turned']}{t['colon']} {card_markup(event.turned, names.lang)}")
    return lines


def action(event: events.ActionApplied, names: Names, double: str) -> list[str]:
    """A bid or a declaration (a card is told by its trick, a belote by its own event);
    ``double``: the preset's name of the double."""
    t = names.t
    seat = event.seat
    if event.kind in ("card", "belote"):
        return []
    if event.kind == "declare":
        what = ", ".join(event.annonces)
        if seat == names.human:
            return [t("annonce_said_you", what=what)]
        return [t("annonce_said", name=names.seat_name(seat), what=what)]
    move = event.move if event.move is not None else text_move(event.action, double)
    return [t["bids_log"].format(name=names.seat_name(seat),
                                 bid=said_move(move, t, names.lang))]


def contract(event: events.ContractMade, names: Names) -> list[str]:
    """The contract, its taker, and the card that was turned."""
    t = names.t
    c = event.contract
    line = (f"[b]{t['contract']}[/b]{t['colon']} {contract_text(c, names.lang)}"
            f" — {t['taker']} {names.seat_name(c.taker)}")
    if event.turned is not None:
        line += f" · {t['turned']}{t['colon']} {card_markup(event.turned, names.lang)}"
    return [line]


def trick(event: events.TrickWon, names: Names, view: SeatView | None) -> list[str]:
    """The trick and who won it; after the first, the annonces' cards shown (``view``: the
    person's view of the deal, None when there is none)."""
    t, lang = names.t, names.lang
    shown = " ".join(card_markup(c, lang) for c in event.cards)
    won = t["trick_won_you"] if event.winner == names.human else t["trick_won"]
    lines = [f"{t['trick']} {event.number}{t['colon']} {shown} — "
             + won.format(name=names.seat_name(event.winner), pts=event.points)]
    if event.number == 1 and view is not None:
        for s, anns in view.annonces.items():
            cards = "; ".join(" ".join(card_markup(parse_card(c), lang)
                                       for c in (a["cards"] or "").split()) for a in anns)
            lines.append(t["annonce_shown"].format(name=names.seat_name(int(s)), cards=cards))
    return lines


def history(view: SeatView, index: int, names: Names) -> list[str]:
    """What a resumed deal had already seen (its bids, contract and finished tricks), told as
    the table told it then: the log does not start again at an empty deal."""
    t = names.t
    lines = [t["bids_log"].format(name=names.seat_name(seat), bid=said_move(move, t, names.lang))
             for seat, move in view.bid_moves]
    taken = view.contract_value()
    if taken is not None:
        lines += contract(events.ContractMade(index, taken, view.turned_card()), names)
    for won in trick_events(view, index):
        lines += trick(won, names, view)
    return lines
