"""Golden deal records (``tests/golden/``) and malformed records.

Each ``NAME.json`` in ``tests/golden`` is a hand-written deal record; ``NAME.expected.json``
holds what ``check`` must say about it, worked out by hand from the rule texts (its
``derivation`` lists every trick, its winner and points, and the seed sentences that give the
score). Only the keys present in ``expected["check"]`` are compared; for an irregularity the
seat, the 1-based trick, the card and the rule key.

Malformed records must raise :class:`RecordError` (a ``ValueError``) whose message names where.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from belote.engine import PRESET_NAMES, RecordError
from belote.engine.record import check_deal, load_json

GOLDEN = Path(__file__).parent / "golden"
EXPECTED = sorted(GOLDEN.glob("*.expected.json"))


def pair(exp_path: Path) -> tuple[dict, dict]:
    exp = json.loads(exp_path.read_text(encoding="utf-8"))
    rec = json.loads((GOLDEN / exp["record"]).read_text(encoding="utf-8"))
    return rec, exp


def test_golden_files_cover_every_preset_and_case():
    assert EXPECTED, "no golden files"
    presets = set()
    cases = {"made": 0, "failed": 0, "irregular": 0, "litige": 0, "capot": 0}
    for p in EXPECTED:
        rec, exp = pair(p)
        assert (GOLDEN / exp["record"]).exists()
        assert exp["derivation"], p.name
        presets.add(rec["preset"])
        c = exp["check"]
        cases["made"] += c["made"] is True and c["legal"]
        cases["failed"] += c["made"] is False and c["legal"]
        cases["irregular"] += not c["legal"]
        cases["litige"] += c["litige"]
        cases["capot"] += c["capot"]
    assert presets == set(PRESET_NAMES)
    assert all(cases.values()), cases
    # every record file has its expectation
    records = {p.name for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json")}
    assert records == {json.loads(p.read_text())["record"] for p in EXPECTED}


@pytest.mark.parametrize("exp_path", EXPECTED, ids=lambda p: p.name[:-len(".expected.json")])
def test_golden_record(exp_path: Path):
    rec, exp = pair(exp_path)
    got = check_deal(rec).to_json()
    want = exp["check"]
    for key, value in want.items():
        if key == "irregularity" and value is not None:
            irr = got["irregularity"]
            assert irr is not None, "the engine finds the deal regular"
            assert {k: irr[k] for k in value} == value
        else:
            assert got[key] == value, f"{key}: engine {got[key]!r}, expected (by hand) {value!r}"


@pytest.mark.parametrize("exp_path", EXPECTED, ids=lambda p: p.name[:-len(".expected.json")])
def test_golden_scores_add_up(exp_path: Path):
    """Sanity of the hand computations themselves: card points add up to the pack's total."""
    rec, exp = pair(exp_path)
    c = exp["check"]
    totals = {"H": 162, "S": 162, "D": 162, "C": 162, "SA": 130 if rec["preset"] == "retourne"
              else 162, "TA": 258}
    assert sum(c["points"]) == totals[c["trump"]]
    assert len(rec["plays"]) == (36 if rec["preset"] == "simplifiee" else 32)


# -- malformed records ---------------------------------------------------------------------

def base_record() -> dict:
    return json.loads((GOLDEN / "classique_made.json").read_text(encoding="utf-8"))


def auction_record() -> dict:
    return json.loads((GOLDEN / "ffb_made_rounded.json").read_text(encoding="utf-8"))


def _missing_hands(r):
    del r["hands"]


def _missing_format(r):
    del r["format"]


def _bad_card_in_plays(r):
    r["plays"][3] = "ZH"


def _bad_card_in_hand(r):
    r["hands"][2] = r["hands"][2].replace("QH", "1H")


def _duplicate_card_two_hands(r):
    r["hands"][1] = r["hands"][1].replace("7H", "JH")   # JH is in hands[0] too


def _duplicate_card_one_hand(r):
    r["hands"][0] = r["hands"][0].replace("9H", "JH")   # "JH JH ..."


def _card_not_held(r):
    r["plays"][0] = "AD"                                 # seat 0 leads; AD is seat 1's


def _repeated_play(r):
    r["plays"][4] = r["plays"][0]


def _wrong_format(r):
    r["format"] = "belote-deal/2"


def _bids_after_end(r):
    r["bids"] = ["take", "pass"]


def _unknown_preset(r):
    r["preset"] = "manille"


def _bad_dealer(r):
    r["dealer"] = 7


def _three_hands(r):
    r["hands"] = r["hands"][:3]


def _plays_not_list(r):
    r["plays"] = "JH 7H"


def _too_many_plays(r):
    r["plays"] = r["plays"] + ["JH"]


MALFORMED = [
    (_missing_hands, "hands"),
    (_missing_format, "format"),
    (_bad_card_in_plays, "plays[3]"),
    (_bad_card_in_hand, "hands[2]"),
    (_duplicate_card_two_hands, "hands[1]"),
    (_duplicate_card_one_hand, "hands[0]"),
    (_card_not_held, "plays[0]"),
    (_repeated_play, "plays[4]"),
    (_wrong_format, "format"),
    (_bids_after_end, "bids[1]"),
    (_unknown_preset, "preset"),
    (_bad_dealer, "dealer"),
    (_three_hands, "hands"),
    (_plays_not_list, "plays"),
    (_too_many_plays, "plays[32]"),
]


@pytest.mark.parametrize("mutate,where", MALFORMED, ids=[m.__name__[1:] for m, _ in MALFORMED])
def test_malformed_record_names_where(mutate, where):
    rec = base_record()
    assert check_deal(copy.deepcopy(rec)).legal   # the base record is fine
    mutate(rec)
    with pytest.raises(RecordError) as exc:
        check_deal(rec)
    assert isinstance(exc.value, ValueError)
    assert exc.value.where == where
    assert str(exc.value).startswith(f"{where}: ")


def test_auction_bids_after_the_end():
    rec = auction_record()
    rec["bids"] = ["80 H", "pass", "pass", "pass", "90 H"]
    with pytest.raises(RecordError, match=r"^bids\[4\]: "):
        check_deal(rec)


def test_auction_record_with_a_turned_card_is_malformed():
    rec = auction_record()
    rec["turned"] = "9H"
    with pytest.raises(RecordError, match="^turned: "):
        check_deal(rec)


def test_not_an_object():
    for bad in ([], "deal", 3, None):
        with pytest.raises(RecordError):
            check_deal(bad)


def test_bad_json_file(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text('{"format": "belote-deal/1", "preset": ', encoding="utf-8")
    with pytest.raises(RecordError) as exc:
        load_json(str(p))
    assert "JSON" in str(exc.value) and str(p) in str(exc.value)
    assert "line 1" in str(exc.value)


def test_missing_file(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        load_json(str(tmp_path / "nope.json"))
