"""The seat's view carries what every front end (terminal table, page, bots) used to work out
for itself: the hand in the display order, the cards that may carry a belote, the preset's
words for the double, the legal actions as structured moves, the number of actions applied
(which state the view shows), and typed readers of its cards."""

from __future__ import annotations

from belote.engine import Rules
from belote.engine.cards import Trump, parse_card, parse_hand
from belote.engine.deal import Deal
from belote.engine.views import PublicView, SeatView


def _deal(preset: str, hands: list[str], dealer: int = 3, turned: str | None = None) -> Deal:
    return Deal.from_hands(Rules.preset(preset), dealer, [parse_hand(h) for h in hands],
                           None if turned is None else parse_card(turned))


#: seat 0 holds K and Q of hearts (a belote once hearts are trump) and a tierce 7 8 9 of clubs
HANDS = ["KH QH 7C 8C 9C AS 7D 8D",
         "JH 9H AH TH 7H 8H TS KS",
         "JS QS 9S 8S 7S AD TD KD",
         "AC TC KC QC JC JD 9D QD"]


def test_a_bid_is_a_structured_move_and_the_double_is_named_by_the_preset():
    d = _deal("coinche", HANDS)  # dealer 3: seat 0 speaks first
    v = d.view(0)
    moves = {m["text"]: m for m in v.legal_moves}
    assert [m["text"] for m in v.legal_moves] == v.legal
    assert moves["pass"] == {"text": "pass", "kind": "pass"}
    assert moves["80 H"] == {"text": "80 H", "kind": "bid", "value": 80, "suit": "H"}
    assert moves["capot S"] == {"text": "capot S", "kind": "capot", "suit": "S"}
    assert v.words == {"double": "coinche", "redouble": "surcoinche"}
    assert v.actions == 0 and v.standing_bid is None
    d.play("90 H")
    w = d.view(1)
    assert w.actions == 1
    assert w.standing_bid == {"seat": 0, "bid": "90 H", "doubled": 1}
    assert {"text": "contre", "kind": "double", "word": "coinche"} in w.legal_moves
    d.play("contre")
    assert d.view(0).standing_bid == {"seat": 0, "bid": "90 H", "doubled": 2}
    assert {"text": "surcontre", "kind": "redouble", "word": "surcoinche"} \
        in d.view(2).legal_moves  # the bidding goes on to seat 2, the taker's partner
    assert d.view(0).actions == 2


def test_a_card_a_belote_and_a_declaration_are_structured_moves():
    d = _deal("coinche", HANDS)
    for action in ("80 H", "pass", "pass", "pass"):
        d.play(action)
    v = d.view(0)  # hearts trump, seat 0 leads: K and Q of hearts may carry the belote
    assert v.hand == ["KH", "QH", "AS", "8D", "7D", "9C", "8C", "7C"]  # ♥ ♠ ♦ ♣
    assert v.belote_cards == ["KH", "QH"]
    moves = {m["text"]: m for m in v.legal_moves}
    assert moves["KH"] == {"text": "KH", "kind": "card", "card": "KH", "belote": True}
    assert moves["AS"] == {"text": "AS", "kind": "card", "card": "AS", "belote": False}
    assert moves["belote"] == {"text": "belote", "kind": "belote"}
    assert moves["declare 7C 8C 9C"] == {
        "text": "declare 7C 8C 9C", "kind": "declare",
        "annonces": [{"kind": "tierce", "points": 20, "cards": ["7C", "8C", "9C"]}]}
    assert v.actions == 4
    assert d.view(1).belote_cards == [] and d.view(1).legal_moves == []


def test_the_action_count_counts_bids_declarations_belotes_and_cards():
    d = _deal("coinche", HANDS)
    for action in ("80 H", "pass", "pass", "pass", "declare 7C 8C 9C", "belote", "KH"):
        d.play(action)
    assert d.view(2).actions == 7 and d.public_view().actions == 7
    assert PublicView.of(d).to_json()["actions"] == 7


def test_the_typed_readers_give_card_ids():
    d = _deal("coinche", HANDS)
    for action in ("80 H", "pass", "pass", "pass", "AS", "TS"):
        d.play(action)
    v = d.view(0)
    assert v.hand_mask() == parse_hand(HANDS[0]) & ~(1 << parse_card("AS"))
    assert v.hand_cards() == [parse_card(c) for c in v.hand]
    assert v.trick_cards() == [(0, parse_card("AS")), (1, parse_card("TS"))]
    assert v.trick_history() == []
    assert v.turned_card() is None
    c = v.contract_value()
    assert c is not None and (c.taker, c.trump, c.value, c.doubled) == (0, Trump.H, 80, 1)
    for action in ("7S", "AC"):
        d.play(action)
    view = d.view(3)
    assert view.trick_history() == [(0, [parse_card(x) for x in ("AS", "TS", "7S", "AC")], 0)]
    assert view.tricks[0]["points"] == 11 + 10 + 11  # AS, TS, AC plain; 7S nothing
    assert view.legal_card_ids() == [parse_card(m["card"]) for m in view.legal_moves]


def test_a_spectator_view_has_the_same_new_fields_with_nothing_of_a_seat():
    d = _deal("classique", HANDS)
    js = PublicView.of(d).to_json()
    assert js["belote_cards"] == [] and js["legal_moves"] == []
    assert js["words"] == {"double": "contre", "redouble": "surcontre"}
    assert set(js) == set(SeatView.__dataclass_fields__)


def test_the_auction_and_the_events_carry_the_moves_the_seat_was_offered():
    """One move type everywhere (``engine.views.move_json``): the bid a seat chose among
    its ``legal_moves`` is the same dict in every later view's ``bid_moves`` (a spectator's
    too) and in the table's event of it; a card's event is its legal move played (``belote``
    False: said, if at all, by its own move before); a declaration's event names its kinds
    only. A random deal of every preset."""
    import random

    from belote.engine.actions import Declare
    from belote.engine.deck import shuffled_deck
    from belote.engine.rules import PRESET_NAMES
    from belote.engine.views import double_words
    from belote.table import events
    for preset in PRESET_NAMES:
        rng = random.Random(preset)
        rules = Rules.preset(preset)
        d = Deal.deal(rules, 0, shuffled_deck(rules, rng))
        offered: list[list[object]] = []
        kinds = set()
        while not d.is_over():
            seat = d.to_move
            legal = list(d.legal_actions())
            action = rng.choice([a for a in legal if str(a) != "pass"] or legal)
            move = next(m for m in d.view(seat).legal_moves if m["text"] == str(action))
            bidding = d.phase.value == "bidding"
            during, _after = events.from_engine(d.apply(action), 0, double_words(rules))
            said = during[0]
            assert isinstance(said, events.ActionApplied) and said.seat == seat
            kinds.add(move["kind"])
            if isinstance(action, Declare):
                assert said.to_json()["move"] == {
                    "text": said.action, "kind": "declare", "annonces": [
                    {"kind": a["kind"], "points": None, "cards": None}
                    for a in move["annonces"]]}
            else:
                assert said.to_json()["move"] == ({**move, "belote": False}
                                                  if move["kind"] == "card" else move)
                assert said.move["text"] == said.action
            if bidding:
                offered.append([seat, move])
            for view in [d.view(s) for s in range(4)] + [d.public_view()]:
                assert view.bid_moves == offered
                assert [[s, m["text"]] for s, m in view.bid_moves] == view.bids
        assert kinds & {"bid", "take", "choose"} and "card" in kinds or not d.contract


def test_seat_views_equal_each_seats_own_view_at_every_state_of_every_preset():
    """seat_views (the server's four views at once, sharing the public facts) gives what
    SeatView.of gives each seat, at every state of a whole deal of each preset, annonces
    heard as each seat hears them (001: shown from the second trick)."""
    import random

    from belote.engine.deck import full_deck
    from belote.engine.rules import PRESETS
    from belote.engine.views import seat_views
    rng = random.Random(25)
    states = 0
    for name in PRESETS:
        rules = Rules.preset(name)
        for dealer in range(4):
            deck = full_deck(rules)
            rng.shuffle(deck)
            deal = Deal.deal(rules, dealer, deck)
            while True:
                together = [v.to_json() for v in seat_views(deal)]
                assert together == [SeatView.of(deal, s).to_json() for s in range(4)]
                assert [v["seat"] for v in together] == [0, 1, 2, 3]
                states += 1
                if deal.result is not None or deal.to_move is None:
                    break
                deal.apply(rng.choice(list(deal.legal_actions())))
    assert states > 8 * 4 * 20  # whole deals, not their first state only
