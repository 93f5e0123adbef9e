"""``belote verify``: a finished game's packs against its revealed seed (commit-reveal)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..engine import BeloteError
from ..engine.provenance import (
    ABANDONED,
    MISDEAL,
    PASSED_OUT,
    DealProvenance,
    ProvenanceReport,
    verify_record,
)
from ..engine.record import read_record as _read_record
from .messages import _lang, say, words
from .options import JsonOpt, LangOpt
from .output import EXIT_IRREGULAR, EXIT_OK, fail_command, json_text, out
from .render import _deal_no


def verify(
    record: Annotated[str, typer.Argument(
        help="A finished game record (JSON file, or - for standard input), as a server "
             "gives it at the end of the game with its seed and commitment.")],
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Check that every pack of a game comes from the seed its table committed to.

    Recomputes the seed's SHA-256 commitment and compares it with the record's, then deals
    every deal again from the seed and compares the hands, the turned card and the first
    dealer with the record's. Each deal dealt again is named: a deal everyone passed is
    dealt again by the rules; a misdeal, or a deal left before its end, is a mismatch (the
    program deals: no rule deals those again). Exit 0 when everything matches, 1 for a
    mismatch (the first is named, with its deal), 2 for a record that cannot be read or is
    malformed, or that has no seed or no commitment to check."""
    _lang(lang)
    try:
        report = verify_record(_read_record(record), require_commitment=True)
    except BeloteError as e:
        fail_command(e, as_json, lang)
        return
    if as_json:
        data = report.to_json()
        first = report.first_mismatch
        data["message"] = _verdict(report, lang) if first is None else say(first, lang)
        print(json_text(data, indent=2))
    else:
        _print_report(report, lang)
    raise typer.Exit(EXIT_OK if report.verified else EXIT_IRREGULAR)


def _print_report(report: ProvenanceReport, lang: str) -> None:
    """One line for the commitment, one for the first dealer, one per deal (and one more
    for a deal dealt again: :func:`_redeal_line`), then the verdict (the first mismatch in
    full)."""
    lines = [words("verify_seed", lang, seed=report.seed)]
    lines.append(words("verify_commitment_ok" if report.commitment_matches else
                       "verify_commitment_bad", lang, commitment=report.commitment))
    lines.append(words("verify_first_dealer_ok" if report.first_dealer is None else
                       "verify_first_dealer_bad", lang))
    if report.ended and not report.deals:
        lines.append(words("verify_no_deal", lang))
    for deal in report.deals:
        lines.append(words("verify_deal_ok" if deal.matches else "verify_deal_bad", lang,
                           deal=_deal_no(deal.number, lang)))
        redeal = _redeal_line(deal, lang)
        if redeal is not None:
            lines.append(redeal)
    first = report.first_mismatch
    lines.append(_verdict(report, lang) if first is None else
                 words("verify_failed", lang, message=say(first, lang)))
    for line in lines:
        out.print(line, markup=False, highlight=False)


def _verdict(report: ProvenanceReport, lang: str) -> str:
    """The words of a verified report: the commitment and its packs, one or several
    (``verify_ok_one``, ``verify_ok``), or the commitment alone when no deal was finished
    (``verify_ok_none``: a table ended before its first deal ended)."""
    count = len(report.deals)
    key = "verify_ok_none" if count == 0 else "verify_ok_one" if count == 1 else "verify_ok"
    return words(key, lang, count=count)


#: the catalog's line for a deal dealt again, by its outcome
_REDEAL_WORDS = {PASSED_OUT: "verify_passed_out", MISDEAL: "verify_misdeal",
                 ABANDONED: "verify_abandoned"}


def _redeal_line(deal: DealProvenance, lang: str) -> str | None:
    """The line of a deal dealt again (everyone passed: the rules' redeal, with its passes;
    a misdeal or a deal left before its end: not one the rules give), None for another."""
    key = _REDEAL_WORDS.get(deal.outcome)
    if key is None:
        return None
    return words(key, lang, deal=_deal_no(deal.number, lang), passes=deal.passes)
