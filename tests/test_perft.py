"""Perft-style counts of legal card-play sequences (docs/sources.md §4), engine vs stored data.

The data files ``tests/data/perft/*.json`` are written by ``tests/data/perft/make_perft.py``, a
separate, deliberately simple reimplementation of the card-play rules of docs/sources.md §4 that
does
not import ``belote.engine`` (its "source" field says which rules and seeds each file follows).
Here the engine recomputes every count with ``Deal.clone``, ``Deal.legal_card_mask`` and
``Deal.play_card`` and must find the same numbers, depth by depth.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belote.engine import Deal, Phase, Rules, Trump, parse_action, parse_card, parse_hand
from belote.engine.cards import iter_cards

DATA = Path(__file__).parent / "data" / "perft"
FILES = sorted(DATA.glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def position(data: dict) -> Deal:
    """The deal of a data file at the start of card play, then its prefix played."""
    rules = Rules.preset(data["preset"], **data["options"])
    turned = parse_card(data["turned"]) if "turned" in data else None
    hands = [parse_hand(h) for h in data["hands"]]
    d = Deal.from_hands(rules, data["dealer"], hands, turned)
    for b in data["bids"]:
        d.play(parse_action(b))
    assert d.phase == Phase.PLAY
    assert d.trump == Trump.parse(data["trump"])
    for txt in data["prefix"]:
        card = parse_card(txt)
        assert (d.legal_card_mask() >> card) & 1, f"prefix card {txt} refused by the engine"
        d.play_card(card)
    return d


def perft(deal: Deal, depth: int) -> list[int]:
    """counts[k] = number of legal card sequences of length k + 1 from ``deal``."""
    counts = [0] * depth

    def walk(d: Deal, k: int) -> None:
        if k == depth or d.is_over():
            return
        for card in iter_cards(d.legal_card_mask()):
            e = d.clone()
            e.play_card(card)
            counts[k] += 1
            walk(e, k + 1)

    walk(deal, 0)
    return counts


def test_data_files_exist():
    names = {p.stem for p in FILES}
    assert len(FILES) >= 10
    # the families the brief asks for: suit contract with underruff on and off, SA, TA, 36 cards
    for prefix in ("classique_", "concours_", "retourne_full_SA", "retourne_full_TA",
                   "ffb_", "simplifiee_"):
        assert any(n.startswith(prefix) for n in names), prefix
    for p in FILES:
        data = load(p)
        assert data["source"].startswith("make_perft.py: independent reimplementation of "
                                         "docs/sources.md §4")
        assert len(data["counts"]) == data["depth"] >= 4


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_perft_matches_reference(path: Path):
    data = load(path)
    d = position(data)
    assert d.to_move == data["to_move"]
    assert perft(d, data["depth"]) == data["counts"]


@pytest.mark.parametrize("path", [p for p in FILES if "_end" in p.stem], ids=lambda p: p.stem)
def test_endgames_are_counted_to_the_end(path: Path):
    """An endgame is counted until the last card: the deal is over after every sequence, the
    count stays flat at the last trick and every hand is as long as the others."""
    data = load(path)
    d = position(data)
    left = sum((h).bit_count() for h in d.hands)
    assert data["depth"] == left
    assert len({(h).bit_count() for h in d.hands}) == 1 and not d.trick


def test_underruff_option_changes_the_count():
    """The same endgame under classique (must_underruff, 001) and concours (free discard, 002
    §VI.5 / 004 / digest): the free discard gives strictly more sequences."""
    on = load(DATA / "classique_end4_underruff.json")
    off = load(DATA / "concours_end4_free_discard.json")
    assert on["hands"] == off["hands"] and on["prefix"] == off["prefix"]
    assert on["counts"][-1] < off["counts"][-1]
    on3 = load(DATA / "contree_end3_C.json")
    off3 = load(DATA / "ffb_end3_C.json")
    assert on3["hands"] == off3["hands"] and on3["prefix"] == off3["prefix"]
    assert on3["counts"][-1] < off3["counts"][-1]
