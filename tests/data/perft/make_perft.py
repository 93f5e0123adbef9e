"""Generate the perft data files of ``tests/test_perft.py``.

    python tests/data/perft/make_perft.py          # rewrite every *.json beside this script

This is a SEPARATE, deliberately simple reimplementation of the card-play rules of docs/sources.md
§4,
written from the rule text, that shares no code with ``belote.engine`` (it does not import it).
Cards are plain strings ("JH", "TS", "6C"); nothing is optimised.

The rules followed (docs/sources.md §4 and the seeds it cites):

* order, high to low: trump J 9 A 10 K Q 8 7 (6); plain A 10 K Q J 9 8 7 (6) (docs/sources.md §1,
  002 §III; the 6 of the 36-card game ranks below the 7, 003);
* the leader plays any card;
* 1. follow suit if able:
  - trump led: play a trump higher than the highest trump already on the trick if able, also
    over the partner (001, 002 §VI.3, 004 §1a); otherwise any trump. Except `simplifiee`, where
    003 says "Si son partenaire est le maître on n'est pas obligé de monter sur son partenaire"
    (the seed wins over docs/sources.md §4, which has every preset go over the partner): with the
    partner master, any trump;
  - plain suit led: any card of the suit, except (a) `simplifiee` (003, "monter sur la carte
    jouée précédemment"): beat the card winning the trick if able, unless the partner is master;
    (b) Tout Atout: every suit is trump, so the "trump led" rule applies to every lead (002
    annex: "toujours obligé de monter sur la carte qui tient si l'on peut");
* 2. cannot follow:
  - partner master of the trick: free (000, 001, 002 §VI.2, 004 §2b);
  - trump led (suit contract) and no trump: free (004 §2a);
  - otherwise, holding trumps: if a trump is on the trick, overtrump if able (002 §VI.4);
    unable to overtrump: with `must_underruff` (001) play a lower trump, else free (002 §VI.5,
    004); no trump on the trick: play a trump (000, 001, 002 §VI.2);
  - Sans Atout / Tout Atout: nothing can ruff (002 annex, "il est impossible de couper"): free;
* 3. the highest trump wins, else the highest card of the suit led; the winner leads next.

Each position is a deal at the start of card play (hands, bids giving the contract) plus a
prefix of card plays, and ``counts[k-1]`` is the number of distinct legal card sequences of
length ``k`` from there (belote words and annonces are not moves here).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

SUITS = "SHDC"
RANKS36 = "6789TJQKA"
TRUMP_ORDER = "J9AT KQ876".replace(" ", "")   # high to low
PLAIN_ORDER = "ATKQJ9876"


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def is_trump(card: str, contract: str) -> bool:
    return contract == "TA" or suit(card) == contract


def can_ruff(contract: str) -> bool:
    """Only a suit contract has a trump suit that beats the other suits."""
    return contract in SUITS


def strength(card: str, contract: str) -> int:
    """Bigger is stronger, comparing cards of one suit."""
    order = TRUMP_ORDER if is_trump(card, contract) else PLAIN_ORDER
    return len(order) - order.index(rank(card))


def winning_index(trick: list[str], contract: str) -> int:
    """docs/sources.md §4.3: highest trump (suit contract), else highest card of the suit led."""
    if can_ruff(contract):
        trumps = [i for i, c in enumerate(trick) if suit(c) == contract]
        if trumps:
            return max(trumps, key=lambda i: strength(trick[i], contract))
    led = suit(trick[0])
    same = [i for i, c in enumerate(trick) if suit(c) == led]
    return max(same, key=lambda i: strength(trick[i], contract))


def legal(hand: list[str], trick: list[str], contract: str, must_underruff: bool,
          must_beat_in_suit: bool, overtrump_partner: bool = True) -> list[str]:
    """The cards of ``hand`` the player to move may play (docs/sources.md §4)."""
    if not trick:
        return list(hand)
    led = suit(trick[0])
    win = winning_index(trick, contract)
    partner_master = len(trick) >= 2 and win == len(trick) - 2
    best = trick[win]
    same = [c for c in hand if suit(c) == led]
    if same:
        if is_trump(trick[0], contract):
            if partner_master and not overtrump_partner:
                return same        # 003: no need to go over the master partner
            # trump led (every lead in TA): beat the highest trump of the trick if able
            top = max((c for c in trick if suit(c) == led), key=lambda c: strength(c, contract))
            higher = [c for c in same if strength(c, contract) > strength(top, contract)]
            return higher or same
        if must_beat_in_suit and not partner_master and suit(best) == led:
            higher = [c for c in same if strength(c, contract) > strength(best, contract)]
            return higher or same
        return same
    if not can_ruff(contract):
        return list(hand)          # SA, TA: no ruffing, free
    if partner_master:
        return list(hand)          # partner master: free
    if suit(trick[0]) == contract:
        return list(hand)          # trump led, no trump left: free
    trumps = [c for c in hand if suit(c) == contract]
    if not trumps:
        return list(hand)
    on_trick = [c for c in trick if suit(c) == contract]
    if on_trick:
        top = max(on_trick, key=lambda c: strength(c, contract))
        over = [c for c in trumps if strength(c, contract) > strength(top, contract)]
        if over:
            return over
        return trumps if must_underruff else list(hand)
    return trumps


class Position:
    def __init__(self, hands: list[list[str]], leader: int, contract: str, must_underruff: bool,
                 must_beat_in_suit: bool, overtrump_partner: bool = True):
        self.op = overtrump_partner
        self.hands = [list(h) for h in hands]
        self.leader = leader
        self.to_move = leader
        self.trick: list[str] = []
        self.contract = contract
        self.mu = must_underruff
        self.mb = must_beat_in_suit

    def moves(self) -> list[str]:
        return legal(self.hands[self.to_move], self.trick, self.contract, self.mu, self.mb,
                     self.op)

    def play(self, card: str) -> None:
        if card not in self.moves():
            raise ValueError(f"{card} is not legal for seat {self.to_move} on {self.trick}")
        self.hands[self.to_move].remove(card)
        self.trick.append(card)
        if len(self.trick) == 4:
            w = (self.leader + winning_index(self.trick, self.contract)) % 4
            self.trick = []
            self.leader = self.to_move = w
        else:
            self.to_move = (self.to_move + 1) % 4

    def copy(self) -> Position:
        p = Position(self.hands, self.leader, self.contract, self.mu, self.mb, self.op)
        p.to_move = self.to_move
        p.trick = list(self.trick)
        return p


def perft(pos: Position, depth: int) -> list[int]:
    counts = [0] * depth

    def walk(p: Position, d: int) -> None:
        if d == depth:
            return
        for c in p.moves():
            q = p.copy()
            q.play(c)
            counts[d] += 1
            walk(q, d + 1)

    walk(pos, 0)
    return counts


def small_enough(pos: Position, depth: int, cap: int) -> bool:
    """True when counting ``pos`` to ``depth`` visits at most ``cap`` nodes (stops early)."""
    seen = 0

    def walk(p: Position, d: int) -> bool:
        nonlocal seen
        if d == depth:
            return True
        for c in p.moves():
            seen += 1
            if seen > cap:
                return False
            q = p.copy()
            q.play(c)
            if not walk(q, d + 1):
                return False
        return True

    return walk(pos, 0)


# -- positions -------------------------------------------------------------------------------

# rule options of the presets used (docs/sources.md §10 table: "must underruff", "must beat in suit
# led", "cards"), written here by hand, not read from the engine
PRESET_OPTIONS = {
    "classique": {"deck": 32, "must_underruff": True, "must_beat_in_suit": False, "auction": False},
    "concours": {"deck": 32, "must_underruff": False, "must_beat_in_suit": False, "auction": False},
    "contree": {"deck": 32, "must_underruff": True, "must_beat_in_suit": False, "auction": True},
    "ffb": {"deck": 32, "must_underruff": False, "must_beat_in_suit": False, "auction": True},
    "retourne": {"deck": 32, "must_underruff": False, "must_beat_in_suit": False, "auction": False},
    "simplifiee": {"deck": 36, "must_underruff": False, "must_beat_in_suit": True, "auction": False,
                   "overtrump_partner": False},
}

SOURCE = ("make_perft.py: independent reimplementation of docs/sources.md §4 (000, 001, 002 §VI "
          "and annex, 003, 004 §1-2); must_underruff {mu} (docs/sources.md §10: {mu_src}); "
          "must_beat_in_suit {mb}{mb_src}; contract {contract}{c_src}")


def deck(n: int) -> list[str]:
    ranks = RANKS36 if n == 36 else RANKS36[1:]
    return [r + s for s in SUITS for r in ranks]


def deal_hands(rng: random.Random, n: int) -> list[list[str]]:
    d = deck(n)
    rng.shuffle(d)
    k = n // 4
    return [sorted(d[i * k:(i + 1) * k]) for i in range(4)]


def bids_for(preset: str, contract: str, hands: list[list[str]],
             dealer: int) -> tuple[list[str], str | None]:
    """Bids making ``contract`` with the first speaker (dealer + 1) as taker, and the turned
    card of a two-round deal (a card of the taker's hand)."""
    taker = (dealer + 1) % 4
    if PRESET_OPTIONS[preset]["auction"]:
        return [f"80 {contract}", "pass", "pass", "pass"], None
    if contract in SUITS:
        turned = next((c for c in hands[taker] if suit(c) == contract), None)
        if turned is not None:
            return ["take"], turned
        other = next(c for c in hands[taker] if suit(c) != contract)
        return ["pass"] * 4 + [contract], other
    # SA / TA: round 2 (retourne, 004)
    return ["pass"] * 4 + [contract], hands[taker][0]


def random_prefix(pos: Position, n: int, rng: random.Random) -> list[str]:
    out = []
    for _ in range(n):
        c = rng.choice(pos.moves())
        pos.play(c)
        out.append(c)
    return out


def make(name: str, preset: str, contract: str, seed: int, prefix_len: int, depth: int,
         options: dict | None = None, want=None, dealer: int = 0, max_nodes: int = 4000,
         same_as: dict | None = None) -> dict:
    """Search seeds from ``seed`` for a position (optional predicate ``want``, at most
    ``max_nodes`` nodes to count) and count. ``same_as``: reuse that record's hands and prefix
    (the same position under other rules)."""
    opts = dict(PRESET_OPTIONS[preset])
    for k, v in (options or {}).items():
        opts[k] = v
    s = seed
    while True:
        if same_as is not None:
            s = same_as["seed"]
            hands = [h.split() for h in same_as["hands"]]
            pos = Position(hands, (dealer + 1) % 4, contract, opts["must_underruff"],
                           opts["must_beat_in_suit"], opts.get("overtrump_partner", True))
            prefix = list(same_as["prefix"])
            for c in prefix:
                pos.play(c)
            break
        rng = random.Random(s)
        hands = deal_hands(rng, opts["deck"])
        pos = Position(hands, (dealer + 1) % 4, contract, opts["must_underruff"],
                       opts["must_beat_in_suit"], opts.get("overtrump_partner", True))
        prefix = random_prefix(pos, prefix_len, rng)
        if small_enough(pos, depth, max_nodes) and (want is None or want(pos, opts)):
            break
        s += 1
    counts = perft(pos, depth)
    bids, turned = bids_for(preset, contract, hands, dealer)
    mu_src = {"classique": "001", "contree": "001", "concours": "000 silent, digest",
              "ffb": "002 §VI.5", "retourne": "004", "simplifiee": "003 silent, digest"}
    source = SOURCE.format(
        mu=str(opts["must_underruff"]).lower(), mu_src=mu_src[preset],
        mb=str(opts["must_beat_in_suit"]).lower(),
        mb_src=(" (003, digest reading); trump led, no need to overtrump a master partner (003 "
                "'pas obligé de monter sur son partenaire', the seed over docs/sources.md §4)")
        if opts["must_beat_in_suit"] else "",
        contract=contract,
        c_src={"SA": " (Sans Atout: no trump, no ruffing; 002 annex, 004)",
               "TA": " (Tout Atout: every suit trump, must beat the winning card; 002 annex)"}
        .get(contract, " (suit contract)"))
    rec = {
        "name": name,
        "source": source,
        "preset": preset,
        "options": options_for_engine(options),
        "dealer": dealer,
        "hands": [" ".join(h) for h in hands],
        "bids": bids,
        "trump": contract,
        "prefix": prefix,
        "to_move": pos.to_move,
        "depth": depth,
        "counts": counts,
        "seed": s,
    }
    if turned is not None:
        rec["turned"] = turned
    return rec


def options_for_engine(options: dict | None) -> dict:
    return {k: v for k, v in (options or {}).items() if k in ("must_underruff", "sa_ta")}


def underruff_matters(pos: Position, opts: dict) -> bool:
    """Some position reachable within the next tricks has a seat that cannot follow, cannot
    overtrump an opponent's ruff and holds a lower trump: there must_underruff changes the
    legal set. Checked by comparing the two perfts to the end."""
    left = sum(len(h) for h in pos.hands)
    a = pos.copy()
    a.mu = True
    b = pos.copy()
    b.mu = False
    return perft(a, left)[-1] != perft(b, left)[-1]


def beat_matters(pos: Position, opts: dict) -> bool:
    left = sum(len(h) for h in pos.hands)
    a = pos.copy()
    a.mb = True
    b = pos.copy()
    b.mb = False
    return perft(a, left)[-1] != perft(b, left)[-1]


def partner_matters(pos: Position, opts: dict) -> bool:
    left = sum(len(h) for h in pos.hands)
    a = pos.copy()
    a.op = True
    b = pos.copy()
    b.op = False
    return perft(a, left)[-1] != perft(b, left)[-1]


def positions() -> list[dict]:
    out = []
    # suit contract, must_underruff on (classique, 001) and off (concours): full deal, depth 5
    out.append(make("classique_full_H", "classique", "H", 1, 0, 5))
    out.append(make("concours_full_H", "concours", "H", 1, 0, 5))
    # endgames of 4 cards a hand (16 plays to the end), where must_underruff changes the count
    on = make("classique_end4_underruff", "classique", "S", 100, 16, 16, want=underruff_matters)
    out.append(on)
    out.append(make("concours_end4_free_discard", "concours", "S", 0, 16, 16, same_as=on))
    # endgames of 3 cards under the auction presets: contree (001) and ffb (002 §VI.5)
    on = make("contree_end3_C", "contree", "C", 300, 20, 12, want=underruff_matters)
    out.append(on)
    out.append(make("ffb_end3_C", "ffb", "C", 0, 20, 12, same_as=on))
    out.append(make("ffb_full_D", "ffb", "D", 7, 0, 5))
    # Sans Atout / Tout Atout: retourne (004, round 2) and ffb with the sa_ta option (002 annex)
    out.append(make("retourne_full_SA", "retourne", "SA", 11, 0, 5))
    out.append(make("retourne_end4_SA", "retourne", "SA", 12, 16, 16))
    out.append(make("retourne_full_TA", "retourne", "TA", 13, 0, 5))
    out.append(make("retourne_end4_TA", "retourne", "TA", 14, 16, 16))
    out.append(make("ffb_sa_full", "ffb", "SA", 15, 0, 5, options={"sa_ta": True}))
    out.append(make("ffb_ta_end3", "ffb", "TA", 16, 20, 12, options={"sa_ta": True}))
    # simplifiee, 36 cards, must beat in the suit led (003), full deal and endgames where the
    # rule changes the count
    out.append(make("simplifiee_full_H", "simplifiee", "H", 21, 0, 5))
    out.append(make("simplifiee_end4_beat", "simplifiee", "D", 22, 20, 16, want=beat_matters))
    out.append(make("simplifiee_end3_C", "simplifiee", "C", 23, 24, 12, want=beat_matters))
    # trump led with the partner master: 003 frees the player from going over the partner
    out.append(make("simplifiee_end4_partner", "simplifiee", "S", 40, 20, 16,
                    want=partner_matters))
    return out


def main() -> None:
    for old in HERE.glob("*.json"):
        old.unlink()
    for rec in positions():
        path = HERE / f"{rec['name']}.json"
        path.write_text(json.dumps(rec, indent=2) + "\n", encoding="utf-8")
        print(f"{path.name}: {rec['counts']}", file=sys.stderr)


if __name__ == "__main__":
    main()
