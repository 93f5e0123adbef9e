"""``belote check``."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..engine import BeloteError
from ..engine.record import GAME_FORMAT, check_deal, check_game, ended_without_deal
from ..engine.record import RecordLines as _Lines
from ..engine.record import read_record as _read_record
from ..i18n import irregularity, rule_name
from .messages import _lang, words
from .options import JsonOpt, LangOpt
from .output import EXIT_IRREGULAR, EXIT_OK, fail_command, json_text, out
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
        fail_command(e, as_json, lang)
        return
    data = report.to_json()
    if as_json:
        print(json_text(_json(data), indent=2))
    else:
        _print_report(data, t, lang)
        _print_seats(lang, rec)
    raise typer.Exit(EXIT_OK if report.legal else EXIT_IRREGULAR)


def _irregularity_json(irr: dict[str, Any]) -> dict[str, Any]:
    """An irregularity as ``check --json`` gives it: the report's keys (its stable catalog
    ``code`` and ``params`` among them), then ``message_fr``, its French words (the
    catalog's), and ``index``."""
    keys = ("kind", "seat", "trick", "card", "rule", "code", "params", "message")
    return {**{k: irr[k] for k in keys}, "message_fr": irregularity(irr, "fr"),
            "index": irr["index"]}


def _json(data: dict[str, Any]) -> dict[str, Any]:
    """A check report's JSON (:meth:`CheckReport.to_json`) as ``check --json`` prints it."""
    irr = data["irregularity"]
    return {**data, "irregularity": None if irr is None else _irregularity_json(irr),
            "irregularities": [_irregularity_json(i) for i in data["irregularities"]]}


def _check_game(rec: Any, as_json: bool, t: dict[str, str], lang: str) -> None:
    """Print the check of every deal of a game record (or of a JSON Lines file,
    :class:`~belote.engine.record.RecordLines`) and its totals
    (:func:`belote.engine.record.check_game`); exit 1 if any deal is irregular. A game
    ended before its first deal ended (:func:`~belote.engine.record.ended_without_deal`)
    says so, 0 – 0, exit 0 (``--json``: ``"ended": true`` and its ``message``)."""
    game = check_game(rec)
    ended = ended_without_deal(rec)
    if as_json:
        data = game.to_json()
        extra = {"ended": True, "message": words("check_no_deal", lang)} if ended else {}
        print(json_text({**data, "deals": [_json(r) for r in data["deals"]], **extra},
                        indent=2))
    else:
        if ended:
            out.print(words("check_no_deal", lang), markup=False, highlight=False)
        reports = [r.to_json() for r in game.deals]
        # each deal by its number in the game (every deal counts, passed-out ones too: the
        # game's "Donne N", analyse --deal N)
        labels = [_deal_no(i + 1, lang) + "." for i in range(len(reports))]
        width = max(map(len, labels), default=0)
        for label, r in zip(labels, reports, strict=True):
            a, b = r["score"] if r["score"] is not None else ("", "")
            score = f"{a:>4} – {b:<4}"
            # (no markup: a rule key in brackets, "[follow_suit]", is text, not a style)
            out.print(f"{label:<{width}} {score:>12}  {_deal_flag(r, t, lang)}", markup=False,
                      highlight=False)
        out.print(f"[bold]{t['score']}{t['colon']} {game.scores[0]} – {game.scores[1]}[/]")
        _print_seats(lang, None if isinstance(rec, _Lines) else rec)
    raise typer.Exit(EXIT_OK if game.legal else EXIT_IRREGULAR)


def _deal_flag(r: dict[str, Any], t: dict[str, str], lang: str) -> str:
    """What a game's line says of one deal (its check report as JSON): regular or its first
    irregularity, the contract and its outcome, and what is known of a deal not finished (a
    game saved mid-deal)."""
    if r["legal"]:
        flag = t["regular"]
    else:
        irr = r["irregularity"]
        flag = (f"{t['irregular']}{t['colon']} {irregularity(irr, lang)} "
                f"[{rule_name(irr['rule'], lang)}].")
    if r["passed_out"]:
        flag += f" {t['passed']}"
    elif r["contract"] is not None:
        flag += f" {_contract_line(r['contract'], t, lang)}"
        flag += f" → {_verdict(r, t)}." if r["score"] is not None else "."
    if not r["complete"] and not r["passed_out"]:
        flag += f" {t['incomplete']}"
        if r["contract"] is not None and r["score"] is None:
            flag += f" {t['points']}{t['colon']} {r['points'][0]} – {r['points'][1]}."
    return flag
