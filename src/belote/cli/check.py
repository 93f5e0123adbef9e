"""``belote check``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from ..engine import BeloteError, RecordError, Rules
from ..engine.game import deal_mark
from ..engine.record import (
    GAME_FORMAT,
    CheckReport,
    check_deal,
    game_from_record,
    parse_game,
)
from ..engine.record import RecordLines as _Lines
from ..engine.record import read_record as _read_record
from ..i18n import irregularity, rule_name
from .messages import _InDeal, _lang, say
from .options import JsonOpt, LangOpt
from .output import EXIT_IRREGULAR, EXIT_OK, _fail, out
from .render import _contract_line, _deal_no, _print_report, _print_seats, _verdict


def check(
    record: Annotated[str, typer.Argument(
        help="Deal record (JSON file, or - for standard input); a game record, or a file of "
             "one deal record a line (simulate --out), checks every deal.")],
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Check a recorded deal (or every deal of a game record) against its rules and score it.

    Prints the first irregular bid, declaration or card (seat, trick, rule), the contract, card
    points, belote, annonces and what each team marks. Exit 0 for a regular deal, 1 for an
    irregular one, 2 for a malformed record."""
    t = _lang(lang)
    try:
        rec = _read_record(record)
        if isinstance(rec, _Lines) or (isinstance(rec, dict) and
                                       rec.get("format") == GAME_FORMAT):
            _check_game(rec, as_json, t, lang)
            return
        report = check_deal(rec)
    except BeloteError as e:
        if as_json:
            print(json.dumps({"error": say(e, lang)}, ensure_ascii=False))
        _fail(e, lang)
        return
    data = report.to_json()
    if as_json:
        print(json.dumps(_json(data), ensure_ascii=False, indent=2))
    else:
        _print_report(data, t, lang)
        _print_seats(lang)
    raise typer.Exit(EXIT_OK if report.legal else EXIT_IRREGULAR)


def _irregularity_json(irr: dict[str, Any]) -> dict[str, Any]:
    """An irregularity as ``check --json`` gives it: the report's keys but its catalog code
    and params, and ``message_fr``, its French words (the catalog's)."""
    keys = ("kind", "seat", "trick", "card", "rule", "message")
    return {**{k: irr[k] for k in keys}, "message_fr": irregularity(irr, "fr"),
            "index": irr["index"]}


def _json(data: dict[str, Any]) -> dict[str, Any]:
    """A check report's JSON (:meth:`CheckReport.to_json`) as ``check --json`` prints it."""
    irr = data["irregularity"]
    return {**data, "irregularity": None if irr is None else _irregularity_json(irr),
            "irregularities": [_irregularity_json(i) for i in data["irregularities"]]}


def checked_deals(rec: Any) -> list[CheckReport]:
    """Every deal of a game record (its whole shape read first: preset, seed, every deal's
    keys; a game of no deal refused) or of a JSON Lines file (:class:`_Lines`), checked, in
    order. Raises RecordError, or :class:`_InDeal` for a malformed deal (by its index in the
    game, by its line in the file)."""
    game = not isinstance(rec, _Lines)
    if game:
        parse_game(rec)
        if not rec["deals"]:
            raise RecordError("the game record has no deal", where="deals",
                              code="record.no_deal")
    deals = rec.get("deals") if game else rec
    reports = []
    for i, d in enumerate(deals):
        try:
            reports.append(check_deal(d))
        except BeloteError as e:
            raise _InDeal(e, index=i if game else None,
                          line_no=None if game else rec.numbers[i]) from None
    return reports


def game_totals(rules: Rules, reports: Sequence[CheckReport]) -> list[int]:
    """A game's totals per team from its checked deals, scored as the game scores them
    (:func:`belote.engine.game.deal_mark`): each deal's score as the referee gives it (an
    irregular deal's too, the penalty of 002 §VIII.B where the preset has it) and the litige
    points carried to the next deal that decides them (RULES.md §7; docs/rules-notes.md). A
    deal without a result (passed out, misdealt, stopped at an irregular bid, unfinished)
    marks nothing and leaves the held points held."""
    totals, held = [0, 0], 0
    for report in reports:
        res = report.result
        if res is None or res.contract is None:
            continue
        mark, held = deal_mark(rules, res, res.contract.team, held)
        totals = [totals[0] + mark[0], totals[1] + mark[1]]
    return totals


def _check_game(rec: Any, as_json: bool, t: dict[str, str], lang: str) -> None:
    """Check every deal of a game record (or of a JSON Lines file, :class:`_Lines`: then the
    totals are the plain sums of the deals' scores); exit 1 if any is irregular."""
    game = not isinstance(rec, _Lines)
    checked = checked_deals(rec)
    reports = [r.to_json() for r in checked]
    legal_all = all(r["legal"] for r in reports)
    totals = [sum((r["score"] or [0, 0])[k] for r in reports) for k in (0, 1)]
    if game:  # with litige points carried (§7), whether or not a deal is irregular
        totals = (list(game_from_record(rec).scores) if legal_all else
                  game_totals(parse_game(rec).rules, checked))
    if as_json:
        head = {"format": GAME_FORMAT} if game else {}
        print(json.dumps({**head, "legal": legal_all, "deals": [_json(r) for r in reports],
                          "scores": totals},
                         ensure_ascii=False, indent=2))
    else:
        # each deal by its number in the game (every deal counts, passed-out ones too: the
        # game's "Donne N", analyse --deal N)
        labels = [_deal_no(i + 1, lang) + "." for i in range(len(reports))]
        width = max(map(len, labels))
        for i, r in enumerate(reports):
            a, b = r["score"] if r["score"] is not None else ("", "")
            score = f"{a:>4} – {b:<4}"
            if r["legal"]:
                flag = t["regular"]
            else:
                irr = r["irregularity"]
                flag = (f"{t['irregular']}{t['colon']} {irregularity(irr, lang)} "
                        f"[{rule_name(irr['rule'], lang)}].")
            # the contract, and what is known of a deal not finished (a game saved mid-deal)
            if r["passed_out"]:
                flag += f" {t['passed']}"
            elif r["contract"] is not None:
                flag += f" {_contract_line(r['contract'], t, lang)}"
                flag += f" → {_verdict(r, t)}." if r["score"] is not None else "."
            if not r["complete"] and not r["passed_out"]:
                flag += f" {t['incomplete']}"
                if r["contract"] is not None and r["score"] is None:
                    flag += f" {t['points']}{t['colon']} {r['points'][0]} – {r['points'][1]}."
            # (no markup: a rule key in brackets, "[follow_suit]", is text, not a style)
            out.print(f"{labels[i]:<{width}} {score:>12}  {flag}", markup=False,
                      highlight=False)
        out.print(f"[bold]{t['score']}{t['colon']} {totals[0]} – {totals[1]}[/]")
        _print_seats(lang)
    raise typer.Exit(EXIT_OK if legal_all else EXIT_IRREGULAR)

