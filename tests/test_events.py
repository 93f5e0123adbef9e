"""What a move did: the engine's events (belote.engine.events) worked out by hand on a few
deals, and the table's events, which alone rebuild every deal's record and marks for every
preset (issue 25: no rule worked out again above the engine)."""

from __future__ import annotations

import random

import pytest

from belote.bots import make_bot
from belote.engine import PRESET_NAMES, Deal, Game, Rules, parse_hand, shuffled_deck, uniform_action
from belote.engine import events as en
from belote.engine.actions import PASS, Declare, Pass, Play, SayBelote, parse_action
from belote.engine.annonces import annonce_str
from belote.engine.cards import Trump, card_str, hand_str, parse_card
from belote.engine.record.codec import deal_from_record, deal_to_record
from belote.engine.record.shape import DEAL_FORMAT
from belote.engine.rules import GameEnd
from belote.engine.scoring import Contract
from belote.engine.seats import Seat
from belote.table import Player, Table, events

S0, S1, S2, S3 = Seat(0), Seat(1), Seat(2), Seat(3)


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# -- the engine's events, by hand ----------------------------------------------------------

#: every seat holds one suit whole: seat 0 the hearts, seat 1 the spades, seat 2 the
#: diamonds, seat 3 the clubs (dealer 3: seat 0 speaks first and leads)
ONE_SUIT_EACH = ["7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS",
                 "7D 8D 9D TD JD QD KD AD", "7C 8C 9C TC JC QC KC AC"]


def one_suit_each(preset: str) -> Deal:
    """The :data:`ONE_SUIT_EACH` deal of a two-round preset, the jack of hearts turned."""
    return Deal.from_hands(Rules.preset(preset), 3, [parse_hand(h) for h in ONE_SUIT_EACH],
                           turned=parse_card("JH"))


def test_a_rebelote_is_told_with_the_second_card_of_the_pair():
    """001 "Belote et rebelote": « belote » with the first of the trump K and Q, « rebelote »
    with the second. Seat 0 bids 80 H, leads KH saying belote; seat 1 overtrumps with JH
    (20 + 4 = 24 points to seat 1); on the second trick seat 0 plays QH: rebelote."""
    hands = [parse_hand(h) for h in ["KH QH AH 7S 8S 9S 7D 8D", "JH 9H TS JS QS KS AS 9D",
                                     "7H 8H TH TD JD QD KD AD", "7C 8C 9C TC JC QC KC AC"]]
    d = Deal.from_hands(Rules.preset("coinche"), 3, hands)
    assert d.play("80 H", 0) == (en.BidMade(S0, parse_action("80 H")),)
    assert d.play("pass", 1) == (en.BidMade(S1, PASS),)
    d.play("pass", 2)
    assert d.play("pass", 3) == (en.BidMade(S3, Pass()),
                                 en.ContractSet(Contract(S0, Trump.H, 80), None))
    assert d.play("belote", 0) == (en.BeloteClaimed(S0),)
    kh, jh, h7, c7 = cards("KH JH 7H 7C")
    assert d.play("KH", 0) == (en.CardPlayed(S0, kh), en.BeloteSaid(S0, False, kh))
    d.play("JH", 1)
    d.play("7H", 2)
    assert d.play("7C", 3) == (en.CardPlayed(S3, c7),
                               en.TrickWon(1, S0, (kh, jh, h7, c7), S1, 24))
    d.play("9H", 1)
    d.play("8H", 2)
    d.play("8C", 3)
    nine, eight, c8, qh = cards("9H 8H 8C QH")
    # 9 of trump 14, the queen 3: seat 1's nine wins
    assert d.play("QH", 0) == (en.CardPlayed(S0, qh), en.BeloteSaid(S0, True, qh),
                               en.TrickWon(2, S1, (nine, eight, c8, qh), S1, 17))
    assert en.BeloteSaid(S0, True, qh).to_json() == {"kind": "belote", "seat": 0,
                                                    "rebelote": True, "card": "QH"}


def test_a_capot_s_tricks_tell_their_points_and_the_last_one_the_dix_de_der():
    """Seat 0 takes the turned JH holding every heart and leads them from the jack down:
    each trick is its trump and three discards of one rank. Trump J 20, 9 14, A 11, T 10,
    K 4, Q 3; plain T 10, J 2, Q 3, K 4, A 11 (001). The last trick: 7H and three aces,
    33, and the dix de der, 10 (001): 43. Team 0 takes every trick: a capot, 252 in the
    classic game (000: "tous les points, mais non le dix de der, et ... 100 points")."""
    d = one_suit_each("classique")
    d.play("take", 0)
    trumps = ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"]
    ranks = ["7", "8", "9", "T", "J", "Q", "K", "A"]
    told = []
    for trump, rank in zip(trumps, ranks, strict=True):
        told.append(d.play(trump, 0))
        for seat, suit in ((1, "S"), (2, "D"), (3, "C")):
            told.append(d.play(rank + suit, seat))
    tricks = [e for move in told for e in move if isinstance(e, en.TrickWon)]
    assert [t.points for t in tricks] == [20, 14, 11, 40, 10, 12, 12, 43]
    assert all(t.winner == S0 and t.leader == S0 for t in tricks)
    assert tricks[-1].cards == tuple(cards("7H AS AD AC"))
    last = told[-1]
    assert isinstance(last[-1], en.DealScored) and last[-1].result is d.result
    assert [type(e) for e in last] == [en.CardPlayed, en.TrickWon, en.DealScored]
    result = last[-1].result
    assert result.capot == 0 and result.points == [162, 0] and result.score == [252, 0]
    assert last[-1].to_json()["result"]["score"] == [252, 0]


def test_a_passed_out_deal_is_told_then_marked_and_the_next_dealt():
    """Every seat passes twice (two rounds, 003/004): the eighth pass passes the deal out;
    the game marks nothing and the next dealer deals (classique: ``passed_out_dealer`` next,
    004)."""
    game = Game(Rules.preset("classique"), seed=11, first_dealer=3)
    for _ in range(7):
        assert len(game.play("pass")) == 1
    told = game.play("pass", 3)
    nxt = game.current
    assert nxt is not None and nxt.dealer == S0
    assert told == (en.BidMade(S3, PASS), en.DealPassedOut(), en.DealMarked((0, 0), (0, 0)),
                    en.DealDealt(S0, S1, nxt.turned))
    assert [e.to_json()["kind"] for e in told] == ["bid", "passed_out", "deal_marked",
                                                   "deal_dealt"]


def test_a_declaration_tells_its_kind_and_its_cards_after_the_first_trick():
    """001: annonces are declared with the first card and shown at the second trick. Seat 0,
    holding the eight hearts, declares them: one run of five cards or more, a cent (001);
    its cards are told only once the first trick is over."""
    d = one_suit_each("annonces")
    d.play("take", 0)
    declare = next(a for a in d.legal_actions() if isinstance(a, Declare))
    told = d.play(declare, 0)
    assert told == (en.AnnonceDeclared(S0, ("cent",)),)
    assert told[0].to_json() == {"kind": "annonce_declared", "seat": 0, "kinds": ["cent"]}
    for seat, card in enumerate(["JH", "7S", "7D"]):
        d.play(card, seat)
    last = d.play("7C", 3)
    shown = last[-1]
    assert isinstance(shown, en.AnnoncesShown)
    assert shown.annonces == ((S0, tuple(d.declared[0])),)
    assert shown.to_json() == {"kind": "annonces_shown", "annonces": {"0": [
        {"kind": "cent", "points": 100, "cards": "7H 8H 9H TH JH QH KH AH"}]}}


def test_the_game_s_end_is_an_outcome():
    """A game of one taken deal (``game_end="deals"``): the last card marks the deal, then
    the game is over with the totals and the team ahead (python-chess's ``Outcome``)."""
    rules = Rules.preset("classique", game_end="deals", deals=1)
    game = Game(rules, seed=2, first_dealer=3)
    rng = random.Random(2)
    told: tuple[en.Event, ...] = ()
    while not game.is_over():
        told = game.play(rng.choice(list(game.legal_actions())))
    over = told[-1]
    assert isinstance(over, en.GameOver) and isinstance(told[-2], en.DealMarked)
    assert over.outcome == game.outcome() == en.Outcome(
        (game.scores[0], game.scores[1]), game.winner)
    assert over.to_json() == {"kind": "game_over", "scores": list(game.scores),
                              "winner": game.winner}


def test_judging_agrees_with_the_legal_actions():
    """``Deal.judge`` looks a card up in the legal mask instead of building the legal list:
    every candidate action is accepted exactly when ``legal_actions`` holds it."""
    from belote.engine.actions import BELOTE
    from belote.engine.errors import IllegalAction
    checked = 0
    for preset in ("coinche", "classique", "simplifiee"):
        rng = random.Random(preset)
        game = Game(Rules.preset(preset, game_end="deals", deals=2), seed=7)
        while not game.is_over():
            deal = game.current
            assert deal is not None
            legal = list(deal.legal_actions())
            candidates = [Play(c) for c in range(36)] + [BELOTE] + legal
            for action in candidates:
                try:
                    deal.judge(action)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == (action in legal or isinstance(action, Declare)), action
                checked += 1
            game.play(rng.choice(legal))
    assert checked > 1000


# -- the table's events rebuild every deal ---------------------------------------------------

PRESETS = [("concours", {}), ("classique", {}), ("annonces", {}), ("contree", {}),
           ("coinche", {}), ("ffb", {}), ("ffb", {"sa_ta": True}), ("simplifiee", {}),
           ("retourne", {})]


def rebuild(told: list[events.Event], rules: Rules) -> tuple[list[dict], list[tuple]]:
    """The deal records and ``(mark, scores, passed_out)`` of each deal, from the table's
    events alone: a played deal's hands are the cards each seat played; ``last_deal`` is
    the rules' (the last taken deal of a game of deals)."""
    records: list[dict] = []
    marks: list[tuple] = []
    taken = 0
    for event in told:
        if isinstance(event, events.DealStarted):
            rec = {"format": DEAL_FORMAT, "preset": rules.preset_name,
                   "options": rules.overrides(), "dealer": int(event.dealer), "bids": [],
                   "belote": [], "annonces": {}, "plays": [], "_hands": [0, 0, 0, 0]}
            if event.turned is not None:
                rec["turned"] = card_str(event.turned)
            records.append(rec)
        elif isinstance(event, events.ActionApplied):
            rec = records[event.deal_index]
            if event.kind == "bid":
                rec["bids"].append(event.action)
            elif event.kind == "card":
                rec["plays"].append(event.action)
                rec["_hands"][event.seat] |= 1 << parse_card(event.action)
        elif isinstance(event, events.BeloteSaid) and not event.rebelote:
            records[event.deal_index]["belote"].append(int(event.seat))
        elif isinstance(event, events.AnnoncesShown):
            records[event.deal_index]["annonces"] = {
                str(int(seat)): [annonce_str(a).split() for a in found]
                for seat, found in event.annonces}
        elif isinstance(event, events.DealEnded):
            rec = records[event.deal_index]
            rec["hands"] = [hand_str(h) for h in rec.pop("_hands")]
            if event.result is not None:
                taken += 1
                rec["result"] = event.result.to_json()
                if rules.game_end == GameEnd.DEALS and taken == rules.deals:
                    rec["last_deal"] = True
            marks.append((event.mark, event.scores, event.passed_out))
    return records, marks


@pytest.mark.parametrize(("preset", "options"), PRESETS,
                         ids=[p + ("-sa_ta" if o else "") for p, o in PRESETS])
def test_the_table_s_events_alone_rebuild_each_deal_s_record_and_marks(preset, options):
    rules = Rules.preset(preset, game_end="deals", deals=2, **options)
    game = Game(rules, seed=sum(map(ord, preset)) + len(options), first_dealer=3)
    bots = [Player.of_bot(make_bot("heuristic", seed=seat)) for seat in range(4)]
    table = Table(game, bots)
    told: list[events.Event] = []
    table.subscribe(told.append)
    table.start()
    assert table.wait_idle(timeout=120) and game.is_over()
    table.close()
    records, marks = rebuild(told, rules)
    assert len(records) == len(game.deals) >= 2
    for index, (rec, deal) in enumerate(zip(records, game.deals, strict=True)):
        mark, scores, passed_out = marks[index]
        assert passed_out == deal.passed_out
        assert list(mark) == game.marks[index]
        if passed_out:  # its hands were never shown: its bids and its dealer are told
            actual = deal_to_record(deal)
            assert (rec["dealer"], rec["bids"]) == (actual["dealer"], actual["bids"])
            continue
        assert rec == deal_to_record(deal)
        assert deal_to_record(deal_from_record(rec)) == rec  # a record that replays whole
    assert list(marks[-1][1]) == game.scores
    ended = told[-1]
    assert isinstance(ended, events.GameEnded)
    assert (list(ended.scores), ended.winner) == (game.scores, game.winner)


def test_the_bots_games_tell_belotes_rebelotes_and_annonces():
    """The presets' games above do meet every kind: one coinche game of heuristic bots says a
    belote, its rebelote, and shows annonces (seeded; the kinds every front end draws)."""
    kinds: set[str] = set()
    for seed in range(6):
        rules = Rules.preset("coinche", game_end="deals", deals=3)
        table = Table(Game(rules, seed=seed, first_dealer=3),
                      [Player.of_bot(make_bot("heuristic", seed=s)) for s in range(4)])
        table.subscribe(lambda e: kinds.add(e.to_json()["kind"] + (
            "-re" if isinstance(e, events.BeloteSaid) and e.rebelote else "")))
        table.start()
        assert table.wait_idle(timeout=120)
        table.close()
        if {"belote", "belote-re", "annonces_shown"} <= kinds:
            break
    assert {"belote", "belote-re", "annonces_shown", "trick", "contract"} <= kinds


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_an_apply_without_events_builds_none_and_moves_the_deal_alike(preset):
    """``Deal.apply(action, events=False)`` returns ``()`` and leaves the deal as the apply
    that returns the events does, move by move, to the score."""
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    for i in range(12):
        deck = shuffled_deck(rules, rng)
        told, quiet = Deal.deal(rules, i % 4, list(deck)), Deal.deal(rules, i % 4, list(deck))
        while not told.is_over():
            action = uniform_action(told, rng)
            seat = Seat(told.to_move)
            first = told.apply(action)[0]
            if isinstance(action, Play):  # the shared value, not a copy
                assert first is en.CARD_PLAYED[seat][action.card]
            elif isinstance(action, Declare):
                assert first == en.AnnonceDeclared(
                    seat, tuple(a.kind for a in told.declared[seat]))
            elif isinstance(action, SayBelote):
                assert first == en.BeloteClaimed(seat)
            else:
                assert first == en.BidMade(seat, action)
            assert quiet.apply(action, events=False) == ()
            assert vars(quiet) == vars(told)
        assert quiet.result == told.result


def test_a_card_played_is_one_shared_value_a_seat_and_card():
    assert all(en.CARD_PLAYED[seat][card] == en.CardPlayed(seat, card)
               and en.CARD_PLAYED[seat][card].seat is seat
               for seat in Seat for card in range(36))
    deal = Deal.from_hands(Rules.preset("coinche"), 3, [parse_hand(h) for h in ONE_SUIT_EACH])
    for action in ("80 H", "pass", "pass", "pass"):
        deal.play(action)
    first, = deal.play("7H")
    assert first is en.CARD_PLAYED[S0][parse_card("7H")]
    assert first == en.CardPlayed(S0, parse_card("7H")) and first.to_json() == \
        {"kind": "card", "seat": 0, "card": "7H"}
