"""Rendering shared by the commands: a contract's line, check's report, numbers and
confidence intervals as printed."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table

from ..engine import BeloteError, parse_card
from ..engine.record import record_players
from ..i18n import card_label, irregularity, rule_name
from ..i18n.labels import contract_text, online_seats, seat_label, seat_words
from .messages import words
from .output import out


def _n_deals(n: int, lang: str) -> str:
    """``n`` deals, singular or plural: "1 donne", "3 donnes", "1 deal"."""
    return words("deals_one" if n == 1 else "deals_many", lang, count=n)


def _deal_no(number: int, lang: str) -> str:
    """A deal's number as the game, ``replay``, ``check`` and ``analyse --deal`` count them
    (every deal of the game, passed-out ones too, the first 1): "Donne 14", "Deal 14"."""
    return words("deal_no", lang, number=number)


def _print_seats(lang: str, rec: object = None) -> None:
    """The line naming seats 0..3: for the record ``rec`` of an online table (it has a
    ``commitment`` or ``players``: :func:`~belote.engine.record.record_players`) by number,
    with the players' names when it has them (:func:`~belote.i18n.labels.online_seats`);
    else with the words of the game's table (Vous, Droite, Partenaire, Gauche for a player
    at seat 0 of ``belote play``)."""
    players = record_players(rec)
    if players is not None:
        line = online_seats(players, lang)
    else:
        you, right, partner, left = seat_words(lang)
        line = words("seats_map", lang, you=you, right=right, partner=partner, left=left)
    out.print(line, markup=False, highlight=False, style="dim")


def _contract_line(c: dict[str, Any], t: dict[str, str], lang: str) -> str:
    """``Contrat : 100 ♥ ×2 — Preneur : siège 1 (équipe 1)`` from a contract's JSON."""
    return (f"{t['contract']}{t['colon']} {contract_text(c, lang, capital=False)} — "
            f"{t['taker']}{t['colon']} {seat_label(c['taker'], lang)}")


def _verdict(data: dict[str, Any], t: dict[str, str]) -> str:
    """A scored deal's outcome from its check report (``CheckReport.to_json``): made, failed
    or litige, the capot and the penalty (002 §VIII.B) that decided it."""
    verdict = t["made"] if data["made"] else (t["litige"] if data["made"] is None else t["failed"])
    if data["litige"] and data["made"] is False:
        verdict += f" ({t['litige']})"
    if data["capot"]:
        verdict += f", {t['capot']} ({t['team']} {data['capot_team']})"
    if data["penalty"] is not None:  # made or failed by the penalty, not by the card points
        verdict += f" ({t['penalty'].lower()})"
    return verdict


def _print_report(data: dict[str, Any], t: dict[str, str], lang: str) -> None:
    if data["irregularity"] is None:
        out.print(f"[bold green]{t['regular']}[/]")
    for irr in data["irregularities"]:  # one line each, in the order the deal meets them
        msg = irregularity(irr, lang)
        where = f"{t['seat']} {irr['seat']}"
        if irr["trick"]:
            where += f", {t['trick']} {irr['trick']}"
        card = ""
        if irr["card"]:
            try:
                card = f" ({card_label(parse_card(irr['card']), lang)})"
            except BeloteError:
                card = f" ({irr['card']})"
        c = t["colon"]
        out.print(f"[bold red]{t['irregular']}[/]{c} {escape(where + card)}{c} {escape(msg)} "
                  f"[dim]\\[{escape(rule_name(irr['rule'], lang))}][/]")
    irr = data["irregularity"]
    if data["passed_out"]:
        out.print(t["passed"])
        return
    if irr is not None and irr["kind"] == "bid":
        out.print(t["stopped"])
        return
    c = data["contract"]
    if c is None:
        out.print(t["incomplete"])
        return
    out.print(_contract_line(c, t, lang))
    if data["score"] is None:
        out.print(t["incomplete"])
        out.print(f"{t['points']}{t['colon']} {data['points'][0]} – {data['points'][1]}")
        return
    verdict = _verdict(data, t)
    table = Table(show_header=True, header_style="bold")
    table.add_column("")
    table.add_column(f"{t['team']} 0 (0+2)", justify="right")
    table.add_column(f"{t['team']} 1 (1+3)", justify="right")
    table.add_row(t["points"], *map(str, data["points"]))
    table.add_row(t["belote"], *map(str, data["belote"]))
    table.add_row(t["annonces"], *map(str, data["annonces"]))
    table.add_row(f"[bold]{t['score']}[/]", *[f"[bold]{x}[/]" for x in data["score"]])
    out.print(f"→ {verdict}")
    out.print(table)
    if data["held"]:
        out.print(f"{t['held']}{t['colon']} {data['held']}")
    if data["penalty"] is not None:
        faulty = data["penalty"]
        out.print(f"{t['penalty']}{t['colon']} "
                  + words("penalty_text", lang, faulty=faulty, points=data["score"][1 - faulty],
                          other=1 - faulty, cite="002 §VIII.B"))


def _num(x: float, digits: int, lang: str) -> str:
    """``x`` with ``digits`` decimals and ``lang``'s decimal point (a comma in French:
    ``131,2``)."""
    return f"{x:.{digits}f}".replace(".", words("decimal_point", lang))


def _ci_text(ci: list[float | None], lang: str, scale: float = 1, label: bool = False) -> str:
    """A 95 % confidence interval as printed: ``[lo, hi]`` (times ``scale``; in French
    ``[lo ; hi]`` with decimal commas), in parentheses after "IC 95 %" / "95% CI" with
    ``label``, or what is missing when there is none (fewer than two deals: JSON ``null``
    bounds)."""
    lo, hi = ci
    if lo is None or hi is None:
        return words("ci_missing", lang)
    text = words("ci_interval", lang, low=_num(scale * lo, 1, lang),
                 high=_num(scale * hi, 1, lang))
    return f"({words('ci_label', lang)} {text})" if label else text

