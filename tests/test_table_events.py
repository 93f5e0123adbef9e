"""belote.table: seats joining and leaving (a remote seat), saving after every action, a bot
that fails, the belote / rebelote events, and events that hold public facts only (hidden
information is a security property: no event carries a card of a hand not yet played)."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from belote.bots import RandomBot
from belote.bots.base import Bot
from belote.engine import IllegalAction, Rules
from belote.engine.cards import (
    KING,
    QUEEN,
    RANK_OF,
    SUIT_OF,
    Trump,
    card_str,
    iter_cards,
    parse_hand,
)
from belote.engine.deal import Deal
from belote.engine.errors import BeloteError
from belote.engine.game import Game
from belote.engine.seats import Seat
from belote.engine.views import PublicView, SeatView, double_words
from belote.table import (
    ActionApplied,
    BeloteSaid,
    BotFailed,
    DealEnded,
    GameEnded,
    LoadedGame,
    Player,
    Saved,
    SeatJoined,
    SeatLeft,
    StoredGame,
    Table,
    events,
)

CARD = re.compile(r"\b[6789TJQKA][SHDC]\b")  # sixes too: simplifiee plays 36 cards


def short_rules(preset="classique", deals=1):
    return Rules.preset(preset, game_end="deals", deals=deals)


class CountingStore:
    """A GameStore that counts its saves (and keeps the last record's number of plays)."""

    def __init__(self):
        self.saves = 0

    def save(self, game_id, game, settings):
        self.saves += 1
        return f"mem:{game_id}:{self.saves}"

    def load(self, game_id=None):  # pragma: no cover - not used here
        return LoadedGame(game_id or "", Game(short_rules()))

    def list(self):  # pragma: no cover
        return [StoredGame("x", False, "mem")]


def drive(table: Table, seats, person: RandomBot, limit: int = 2000,
          declare: bool = False) -> int:
    """Act for the ``seats`` people with ``person``'s choices from their views until the
    table waits for another seat (or the game ends; ``declare``: every annonce a seat may
    declare is declared); returns the actions sent."""
    for sent in range(limit):
        assert table.wait_idle(timeout=30)
        seat = table.to_move
        if seat is None or seat not in seats:
            return sent
        view = table.view(seat)
        said = [a for a in view.legal if a.startswith("declare")] if declare else []
        table.act(seat, said[0] if said else person.act(view))
    raise AssertionError("the game did not end")


# -- Table.join / Table.leave, a remote seat ---------------------------------------------------

def test_a_remote_seat_leaves_waits_and_is_taken_again_by_join():
    game = Game(short_rules(), seed=3, first_dealer=3)  # seat 0 speaks first
    players = [Player.human("Ann"), Player.remote("Bob"), Player.human("Cy"), Player.human("Di")]
    table = Table(game, players)
    seen = []
    table.subscribe(seen.append)
    table.start()
    assert seen[:4] == [SeatJoined(Seat(0), "human", "Ann"), SeatJoined(Seat(1), "remote", "Bob"),
                        SeatJoined(Seat(2), "human", "Cy"), SeatJoined(Seat(3), "human", "Di")]
    assert table.player(1) == Player.remote("Bob")
    table.act(0, "pass")
    assert table.to_move == 1
    table.leave(Seat(1))
    assert seen[-1] == SeatLeft(Seat(1)) and table.player(1) is None
    with pytest.raises(IllegalAction) as info:
        table.act(1, "pass")
    assert info.value.code == "table.empty_seat"
    assert table.to_move == 1 and table.idle  # nobody acts for an empty seat
    table.join(1, Player.remote("Eve"))
    assert seen[-1] == SeatJoined(Seat(1), "remote", "Eve")
    table.act(1, "pass")  # the remote player acts through the same checked path
    assert seen[-1] == ActionApplied(0, Seat(1), "pass", "bid")
    assert table.to_move == 2
    # a bot that joins an empty seat plays for it at once
    table.leave(2)
    table.join(2, Player.of_bot(RandomBot(seed=1)))
    assert table.wait_idle(timeout=30)
    assert table.to_move != 2 or table.game.current is None
    assert any(isinstance(e, ActionApplied) and e.seat == 2 for e in seen)
    with pytest.raises(BeloteError) as bad:
        table.join(4, Player.remote())
    assert bad.value.code == "table.bad_seat"
    with pytest.raises(BeloteError) as bad:
        table.leave(True)
    assert bad.value.code == "table.bad_seat"
    table.close()


# -- save_every_action --------------------------------------------------------------------------

@pytest.mark.parametrize("every", [True, False])
def test_save_every_action_saves_after_each_action_else_after_each_deal(every):
    store = CountingStore()
    game = Game(short_rules(deals=1), seed=5, first_dealer=3)
    table = Table(game, [Player.human()] * 4, store=store, game_id="g-1",
                  save_every_action=every)
    seen = []
    table.subscribe(seen.append)
    table.start()
    actions = drive(table, range(4), RandomBot(seed=2))
    deals = len(game.deals)
    assert game.is_over() and deals >= 1
    assert actions == sum(1 for e in seen if isinstance(e, ActionApplied)) > 8 * deals
    saved = [e for e in seen if isinstance(e, Saved)]
    # every action saves (once: the one that ends a deal saves before DealEnded), or only
    # each deal's end
    assert store.saves == len(saved) == (actions if every else deals)
    assert saved[-1].finished and not any(s.finished for s in saved[:-1])
    assert not table.unsaved


# -- a bot that fails -------------------------------------------------------------------------

class RaisingBot(Bot):
    label = "raising"

    def act(self, view: SeatView) -> str:
        raise RuntimeError("a bug in the bot: " + " ".join(view.hand))


class IllegalBot(Bot):
    label = "illegal"

    def act(self, view: SeatView) -> str:
        return "surcoinche everything"


@pytest.mark.parametrize(("bot", "code", "kind"), [(RaisingBot(), "error", "RuntimeError"),
                                                   (IllegalBot(), "action.unknown",
                                                    "ActionError")])
def test_a_bot_that_fails_is_reported_and_the_table_goes_on(bot, code, kind, caplog):
    game = Game(short_rules(), seed=3, first_dealer=3)  # seat 0 speaks first, then seat 1
    table = Table(game, [Player.human(), Player.of_bot(bot), Player.human(), Player.human()])
    seen = []
    table.subscribe(seen.append)
    table.start()
    table.act(0, "pass")
    assert table.wait_idle(timeout=30)
    failed = [e for e in seen if isinstance(e, BotFailed)]
    assert failed == [BotFailed(Seat(1), code, kind)]
    # public: the code only, never the message (the raising bot's names its hand)
    assert failed[0].to_json() == {"kind": "bot_failed", "seat": 1, "code": code,
                                   "error_type": kind}
    assert not CARD.search(json.dumps(failed[0].to_json()))
    assert "the bot of seat 1 failed" in caplog.text  # the exception goes to the log
    assert table.to_move == 1 and table.thinking is None and table.idle  # it waits, alive
    # the table did not die: another player takes the seat and the deal goes on
    table.join(1, Player.human("stand-in"))
    table.act(1, "pass")
    assert table.to_move == 2
    table.close()


# -- belote and rebelote ---------------------------------------------------------------------

def _belote_game() -> tuple[Game, int, int]:
    """A coinche game (seed found by search) whose first deal gives a seat K and Q of a suit:
    that seat, the suit."""
    for seed in range(200):
        game = Game(short_rules("coinche"), seed=seed, first_dealer=3)
        hands = game.current.hands
        for seat in range(4):
            for suit in range(4):
                kq = [c for c in iter_cards(hands[seat])
                      if SUIT_OF[c] == suit and RANK_OF[c] in (KING, QUEEN)]
                if len(kq) == 2:
                    return game, seat, suit
    raise AssertionError("no seed found")


def test_belote_then_rebelote_of_the_trump_k_and_q_are_two_events_and_score_20():
    """docs/sources.md §5 (000, 001): the holder of trump K and Q says "belote" with the first and
    "rebelote" with the second; 20 points for the team, counted in the deal's result."""
    game, holder, suit = _belote_game()
    table = Table(game, [Player.human()] * 4)
    seen = []
    table.subscribe(seen.append)
    table.start()
    trump = "SHDC"[suit]
    while game.current.phase.value == "bidding":
        seat = table.to_move
        table.act(seat, f"80 {trump}" if seat == holder and not game.current.bids
                  or seat == holder and game.current.contract is None
                  and game.current.best is None else "pass")
    assert game.current.contract.taker == holder and str(game.current.contract.trump) == trump
    kq_played = []
    while game.deals == []:
        seat = table.to_move
        legal = table.legal(seat)
        if seat == holder and "belote" in legal:
            table.act(seat, "belote")
            continue
        cards = [a for a in legal if CARD.fullmatch(a)]
        mine = [a for a in cards if a[1] == trump and a[0] in "KQ"] if seat == holder else []
        card = mine[0] if mine else cards[0]
        if mine:
            kq_played.append(card)
        table.act(seat, card)
    assert len(kq_played) == 2
    said = [e for e in seen if isinstance(e, BeloteSaid)]
    assert said == [BeloteSaid(0, Seat(holder), False), BeloteSaid(0, Seat(holder), True)]
    assert said[0].to_json() == {"kind": "belote", "deal_index": 0, "seat": holder,
                                 "rebelote": False}
    # each is told right after the card that says it
    for event, card in zip(said, kq_played, strict=True):
        i = seen.index(event)
        assert seen[i - 1] == ActionApplied(0, Seat(holder), card, "card")
    ended = next(e for e in seen if isinstance(e, DealEnded))
    team = holder % 2
    assert ended.result.belote[team] == 20 and ended.result.belote[1 - team] == 0


# -- hidden information: events are public ------------------------------------------------------

def _hidden(deal: Deal) -> set[str]:
    """The cards of ``deal`` nobody but their holder may know: in a hand or the stock, the
    turned card excepted (public), and the declared annonces' cards once the first trick is
    over (shown then, docs/sources.md §6)."""
    cards = {c for h in deal.hands for c in iter_cards(h)} | set(deal.stock)
    cards.discard(deal.turned)
    if deal.tricks:
        for anns in deal.declared.values():
            for a in anns:
                cards -= set(iter_cards(a.cards))
    return {card_str(c) for c in cards}


@pytest.mark.parametrize(("preset", "seed"), [("classique", 1), ("coinche", 2), ("annonces", 3),
                                              ("contree", 4), ("classique", 5),
                                              ("simplifiee", 6)])
def test_no_event_holds_a_deal_or_a_card_of_a_hand_not_yet_played(preset, seed):
    game = Game(short_rules(preset, deals=2), seed=seed, first_dealer=seed % 4)
    table = Table(game, [Player.human()] * 4)
    kinds = set()
    checked = 0
    failures = []  # a subscriber's exception is only logged by the table: collected here

    def scan(event):
        try:
            check(event)
        except AssertionError as e:
            failures.append(e)

    def check(event):
        nonlocal checked
        for f in dataclasses.fields(event):
            value = getattr(event, f.name)
            assert not isinstance(value, Deal | SeatView | Game), (event, f.name)
        data = event.to_json()
        assert data["kind"] and json.loads(json.dumps(data)) == data  # JSON-ready
        kinds.add(type(event).__name__)
        if isinstance(event, ActionApplied):
            kinds.add(event.kind)
        index = data.get("deal_index", len(game.deals))
        deal = game.deals[index] if index < len(game.deals) else game.current
        if deal is None:
            return
        if isinstance(event, DealEnded) and deal.passed_out:
            assert data["result"] is None and data["passed_out"]  # nothing but the result
        leaked = set(CARD.findall(json.dumps(data))) & _hidden(deal)
        assert not leaked, (event, leaked)
        checked += 1

    table.subscribe(scan)
    table.start()
    drive(table, range(4), RandomBot(seed=seed), declare=True)
    assert not failures, failures[0]
    assert game.is_over()
    if preset == "annonces":  # declarations were made, their cards still in hand then
        assert "declare" in kinds
    assert {"SeatJoined", "DealStarted", "ActionApplied", "DealEnded", "GameEnded"} <= kinds
    if any(d.contract for d in game.deals):
        assert {"ContractMade", "TrickWon"} <= kinds
    assert checked > 30


def test_every_event_type_serializes_its_public_facts():
    """One of each event: ``to_json`` is JSON-ready with a "kind"; a declaration's cards are
    left out (shown only after the first trick, docs/sources.md §6): the pack shuffled by
    ``random.Random(10)``, seat 0 takes and declares its tierce J-Q-K of diamonds, and
    ``events.from_engine`` tells its kind alone."""
    import random

    from belote.engine.actions import Declare
    from belote.engine.scoring import Contract
    rules = Rules.preset("annonces")
    d = Deal.deal(rules, 3, list(range(32)))
    deck = list(range(32))
    random.Random(10).shuffle(deck)
    declaring = Deal.deal(rules, 3, deck)
    declaring.play("take")
    declare = next(a for a in declaring.legal_actions() if isinstance(a, Declare))
    assert str(declare) == "declare JD QD KD" and declaring.to_move == 0
    declared = events.from_engine(declaring.play(declare), 0, double_words(rules))[0][0]
    every = [
        events.deal_started(d, 0),
        declared,
        events.ContractMade(0, Contract(Seat(1), Trump.H, 80), None),
        BeloteSaid(0, Seat(2), True),
        events.TrickWon(0, 1, Seat(0), (0, 1, 2, 3), Seat(3), 14),
        DealEnded(0, None, (0, 0), (0, 0), True),
        GameEnded((500, 320), 0),
        SeatJoined(Seat(0), "remote", "Bob"),
        SeatLeft(Seat(0)),
        Saved("/home/x/current.json", False),
        events.SaveFailed(OSError(28, "No space left on device")),
        events.bot_failed(2, IllegalAction("you must follow: KH", rule="must_follow")),
        events.journal_failed(1, 3, OSError(5, "I/O error: 7C 8C 9C")),
        events.AnnoncesShown(0, ((Seat(0), tuple(declaring.declared[0])),)),
    ]
    assert {type(e) for e in every} == set(events.Event.__args__)
    out = [e.to_json() for e in every]
    assert [o["kind"] for o in out] == ["deal_started", "action", "contract", "belote",
                                        "trick", "deal_ended", "game_ended", "seat_joined",
                                        "seat_left", "saved", "save_failed", "bot_failed",
                                        "journal_failed", "annonces_shown"]
    assert out[1] == {"kind": "action", "deal_index": 0, "seat": 0,
                      "action": "declare tierce", "action_kind": "declare",
                      "annonces": ["tierce"],
                      "move": {"text": "declare tierce", "kind": "declare",
                               "annonces": [{"kind": "tierce", "points": None,
                                             "cards": None}]}}
    assert not {"JD", "QD", "KD"} & set(CARD.findall(json.dumps(out[1])))
    assert out[4]["cards"] == ["7S", "8S", "9S", "TS"]
    assert out[9] == {"kind": "saved", "finished": False}  # no server path to a client
    assert out[10] == {"kind": "save_failed", "code": "os_error"}
    assert out[11] == {"kind": "bot_failed", "seat": 2, "code": "illegal.must_follow",
                       "error_type": "IllegalAction"}
    assert out[12] == {"kind": "journal_failed", "deal_index": 1, "seat": 3,
                       "code": "os_error", "error_type": "OSError"}  # no message, no card
    # shown once the first trick is over (001): the cards, which the declaration did not tell
    assert out[13] == {"kind": "annonces_shown", "deal_index": 0,
                       "annonces": {"0": [{"kind": "tierce", "points": 20,
                                           "cards": "JD QD KD"}]}}
    assert json.loads(json.dumps(out)) == out


def test_an_action_event_s_move_is_read_only_and_to_json_a_fresh_copy():
    """Every subscriber gets the same event: its ``move`` cannot be changed, and each
    ``to_json`` is a fresh plain dict (lists, not tuples), so that a reader who edits one
    changes neither the event nor the next one."""
    import random
    from types import MappingProxyType

    from belote.engine.actions import Declare
    rules = Rules.preset("annonces")
    deck = list(range(32))
    random.Random(10).shuffle(deck)  # seat 0 takes and declares its tierce J-Q-K of diamonds
    declaring = Deal.deal(rules, 3, deck)
    declaring.play("take")
    declared = events.from_engine(declaring.play(Declare((parse_hand("JD QD KD"),))), 0,
                                  double_words(rules))[0][0]
    assert isinstance(declared, events.ActionApplied)
    move = declared.move
    assert isinstance(move, MappingProxyType)
    with pytest.raises(TypeError):
        move["kind"] = "pass"  # type: ignore[index]
    assert move["annonces"] == (MappingProxyType({"kind": "tierce", "points": None,
                                                  "cards": None}),)
    with pytest.raises(TypeError):
        move["annonces"][0]["points"] = 20
    first = declared.to_json()
    assert type(first["move"]) is dict and type(first["move"]["annonces"]) is list
    first["move"]["annonces"][0]["points"] = 20
    first["move"]["annonces"].append({"kind": "carre"})
    first["move"]["kind"] = "pass"
    assert declared.to_json()["move"] == {"text": "declare tierce", "kind": "declare",
                                          "annonces": [{"kind": "tierce", "points": None,
                                                        "cards": None}]}
    assert declared.move["kind"] == "declare" and len(declared.move["annonces"]) == 1


def test_a_finished_deal_is_read_by_its_index_and_only_once_over():
    game = Game(short_rules(), seed=5, first_dealer=3)
    table = Table(game, [Player.human()] * 4)
    ended = []
    table.subscribe(lambda e: ended.append(e) if isinstance(e, DealEnded) else None)
    table.start()
    with pytest.raises(BeloteError) as info:
        table.finished_deal(0)
    assert info.value.code == "table.no_such_deal"
    drive(table, range(4), RandomBot(seed=4))
    assert table.finished_deal(ended[0].deal_index) is game.deals[0]


def test_a_passed_out_deal_s_hands_are_refused_its_result_alone_is_told():
    """Every seat passes twice (two-round bidding, docs/sources.md §2: all pass twice, a redeal):
    the deal is over but was never played, so Table.finished_deal refuses it (its hands were
    never shown) and DealEnded tells only that it was passed out."""
    game = Game(short_rules(), seed=5, first_dealer=3)
    table = Table(game, [Player.human()] * 4)
    ended = []
    table.subscribe(lambda e: ended.append(e) if isinstance(e, DealEnded) else None)
    table.start()
    for _ in range(8):
        assert table.wait_idle(timeout=30)
        table.act(table.to_move, "pass")
    assert table.wait_idle(timeout=30)
    assert game.deals[0].passed_out and len(ended) == 1
    assert ended[0].passed_out and ended[0].result is None
    with pytest.raises(BeloteError) as info:
        table.finished_deal(0)
    assert info.value.code == "table.deal_not_played" and info.value.params == {"index": 0}
    assert str(info.value) == "deal 0 was not played: its hands are not shown"
    assert not CARD.search(json.dumps(ended[0].to_json()))


# -- the match's hooks ---------------------------------------------------------------------------

def test_play_deal_on_action_sees_each_action_before_it_is_applied_and_until_stops():
    import random as _random

    from belote.engine import shuffled_deck
    from belote.table import play_deal, play_game
    rules = Rules.preset("coinche")
    deck = shuffled_deck(rules, _random.Random("7/0"))
    seen = []

    def hook(deal, seat, action):
        assert deal.to_move == seat and action in [str(a) for a in deal.legal_actions()]
        seen.append((len(deal.bids) + len(deal.plays), seat, action))

    bots = [RandomBot(seed=s) for s in range(4)]
    d = play_deal(Deal.deal(rules, 0, list(deck)), bots, on_action=hook)
    assert d.is_over() and seen
    # the actions the hook saw, replayed on the same pack, give the same deal
    again = Deal.deal(rules, 0, list(deck))
    for _n, seat, action in seen:
        again.play(action, seat)
    assert again.result == d.result and again.plays == d.plays
    # until: the bidding only
    bidding = play_deal(Deal.deal(rules, 0, list(deck)), [RandomBot(seed=s) for s in range(4)],
                        until=lambda x: x.phase.value != "bidding")
    assert bidding.phase.value != "bidding" and not bidding.plays
    # play_game: the hook sees every deal of the game, in order
    game = Game(short_rules(deals=2), seed=3)
    indices = []
    play_game(game, [RandomBot(seed=s) for s in range(4)],
              on_action=lambda deal, _s, _a: indices.append(len(game.deals)))
    assert indices == sorted(indices) and set(indices) == set(range(len(game.deals)))


def test_the_public_view_holds_no_card_of_a_hand_and_every_seat_s_annonces_as_heard():
    """A spectator's view (issue 17 item 4): no hand, no legal action; a declared annonce's
    cards only once the first trick is over (docs/sources.md §6), whoever declared it."""
    game = Game(short_rules("annonces", deals=2), seed=3, first_dealer=3)
    table = Table(game, [Player.human()] * 4)
    table.start()
    person = RandomBot(seed=3)
    views = 0
    while table.to_move is not None:
        view = table.public_view()
        deal = game.current
        # built by the engine from public facts: it has no field for a hand or legal actions
        assert isinstance(view, PublicView) and not hasattr(view, "hand")
        assert not hasattr(view, "legal") and view == deal.public_view()
        public = view.to_json()
        assert public["seat"] is None and public["hand"] == [] and public["legal"] == []
        assert public.keys() == deal.view(0).to_json().keys()  # one reader takes both
        leaked = set(CARD.findall(json.dumps(public))) & _hidden(deal)
        assert not leaked, leaked
        if not deal.tricks:
            for anns in public["annonces"].values():
                assert all(a["cards"] is None for a in anns)
        views += 1
        seat = table.to_move
        view = table.view(seat)
        said = [a for a in view.legal if a.startswith("declare")]
        table.act(seat, said[0] if said else person.act(view))
    assert table.public_view() is None and views > 60
    assert any(d.declared for d in game.deals)  # the scan met a declaration
