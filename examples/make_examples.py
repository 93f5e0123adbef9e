"""Regenerate the example records: fixed bids, random legal card play (seeded).

    python examples/make_examples.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from belote.engine import Deal, Rules, shuffled_deck
from belote.engine.record import deal_to_record, dumps

HERE = Path(__file__).parent

EXAMPLES = {
    # name: (preset, seed, bids); card play is random but legal; belote and annonces said
    "coinche": ("coinche", 4, ["pass", "80 H", "pass", "pass", "pass"]),
    "contree-doubled": ("contree", 5, ["90 S", "contre", "pass", "pass", "pass"]),
    "ffb": ("ffb", 6, ["pass", "pass", "100 D", "pass", "pass", "pass"]),
    "classique": ("classique", 7, ["pass", "take"]),
    "annonces": ("annonces", 8, ["take"]),
    "retourne": ("retourne", 9, ["pass", "pass", "pass", "pass", "pass", "SA"]),
    "simplifiee": ("simplifiee", 10, ["2", "take"]),
    "concours": ("concours", 11, ["take"]),
}


def make(preset: str, seed: int, bids: list[str]) -> dict:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    d = Deal.deal(rules, 3, shuffled_deck(rules, rng))
    for b in bids:
        d.play(b)
    while not d.is_over:
        acts = list(d.legal_actions())
        special = [a for a in acts if str(a) == "belote" or str(a).startswith("declare")]
        d.play(special[0] if special else rng.choice(acts))
    return deal_to_record(d, with_result=False)


def main() -> None:
    for name, (preset, seed, bids) in EXAMPLES.items():
        rec = make(preset, seed, bids)
        (HERE / f"{name}.json").write_text(dumps(rec), encoding="utf-8")
    # an irregular ffb deal: seat 1 fails to follow suit on the first trick (002 §VI.1)
    rec = make("ffb", 6, ["pass", "pass", "100 D", "pass", "pass", "pass"])
    (HERE / "ffb-irregular.json").write_text(dumps(_make_irregular(rec)), encoding="utf-8")


def _make_irregular(rec: dict) -> dict:
    """Swap seat 0's first card for one of another suit while it could follow (a revoke)."""
    from belote.engine.cards import SUIT_OF, parse_card, parse_cards
    hands = [parse_cards(h) for h in rec["hands"]]
    plays = [parse_card(c) for c in rec["plays"]]
    leader = (rec["dealer"] + 1) % 4  # seat 0 leads trick 1
    second = (leader + 1) % 4
    led = SUIT_OF[plays[0]]
    other = [c for c in hands[second] if SUIT_OF[c] != led]
    if not other or SUIT_OF[plays[1]] != led:
        raise SystemExit("pick another seed for the irregular example")
    bad = other[0]
    # exchange the two cards in seat `second`'s later plays so every card is still played once
    j = next(i for i in range(4, len(plays)) if plays[i] == bad)
    plays[1], plays[j] = plays[j], plays[1]
    from belote.engine.cards import card_str
    rec = json.loads(json.dumps(rec))
    rec["plays"] = [card_str(c) for c in plays]
    return rec


if __name__ == "__main__":
    main()
