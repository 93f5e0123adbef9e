"""The wire (belote.server.rooms.wire, belote.server.protocol): the events clients hear are one
pydantic union built from the table's events, written as the same bytes as before the union
(docs/protocol.md is a pinned contract), and the fast writer's text is the models' dump.

The reference below is the writer the server had before (``public_facts`` and its
``EventFacts`` model, dumped without the fields that do not apply), kept here verbatim as
the contract; a bot game per preset is played through a room, a seat and a spectator
listening."""

from __future__ import annotations

import json
import random
import threading
import time

import pytest
from serverkit import seeded_room

from belote.engine.actions import Declare
from belote.engine.cards import Trump, card_str
from belote.engine.deal import Deal
from belote.engine.deck import shuffled_deck
from belote.engine.rules import PRESET_NAMES, Rules
from belote.engine.scoring import Contract
from belote.engine.seats import Seat
from belote.engine.views import double_words
from belote.server.errors import ServerError
from belote.server.protocol import (
    CLIENT_MESSAGE,
    EventMessage,
    ServerMessage,
    Snapshot,
    WireEvent,
    wire_event,
)
from belote.server.rooms import Connection, Rooms, Settings, wire
from belote.server.store import SeatData, SqlStore, token_hash
from belote.table import events as ev

#: the fields of the former ``EventFacts``, in its order (the order of the keys on the wire)
FACTS = ("kind", "deal_index", "seat", "action", "number", "leader", "cards", "winner",
         "points", "rebelote", "result", "mark", "scores")


def former_facts(event):
    """The former ``public_facts(event)`` dumped with ``exclude_none``: a dict, or None."""
    facts = None
    if isinstance(event, ev.ActionApplied):
        facts = {"kind": "action", "deal_index": event.deal_index, "seat": event.seat,
                 "action": event.action}
    elif isinstance(event, ev.DealStarted):
        facts = {"kind": "deal_started", "deal_index": event.deal_index}
    elif isinstance(event, ev.ContractMade):
        facts = {"kind": "contract", "deal_index": event.deal_index}
    elif isinstance(event, ev.BeloteSaid):
        facts = {"kind": "belote", "deal_index": event.deal_index, "seat": event.seat,
                 "rebelote": event.rebelote}
    elif isinstance(event, ev.TrickWon):
        facts = {"kind": "trick", "deal_index": event.deal_index, "number": event.number,
                 "leader": event.leader, "cards": [card_str(c) for c in event.cards],
                 "winner": event.winner, "points": event.points}
    elif isinstance(event, ev.DealEnded):
        facts = {"kind": "deal_ended", "deal_index": event.deal_index,
                 "result": event.result.to_json() if event.result is not None else None,
                 "mark": list(event.mark), "scores": list(event.scores)}
    elif isinstance(event, ev.GameEnded):
        facts = {"kind": "game_ended", "scores": list(event.scores), "winner": event.winner}
    elif isinstance(event, ev.SeatJoined | ev.SeatLeft):
        facts = {"kind": "seat", "seat": event.seat}
    if facts is None:
        return None
    former = {k: int(facts[k]) if isinstance(facts[k], Seat) else facts[k]
              for k in FACTS if facts.get(k) is not None}
    return {**former, **added_facts(event)}


def added_facts(event):
    """The fields added to the former writer's, after its own (the bytes of those before
    are unchanged): an action's structured ``move`` (issue 25 item 2)."""
    if isinstance(event, ev.ActionApplied) and event.move is not None:
        return {"move": event.to_json()["move"]}
    return {}


def former_head(facts):
    return f'{{"v": 1, "type": "event", "event": {json.dumps(facts, ensure_ascii=False)}, ' \
        '"view": '


def new_head(event):
    model = wire_event(event)
    return None if model is None else wire.event_head(model)


def every_event():
    """One table event of each type, those a bot game may not reach included (a passed-out
    deal, a tie, an annonce's declaration: tests/test_table_events.py's tierce)."""
    import random
    rules = Rules.preset("annonces")
    deck = list(range(32))
    random.Random(10).shuffle(deck)
    declaring = Deal.deal(rules, 3, deck)
    declaring.play("take")
    declare = next(a for a in declaring.legal_actions() if isinstance(a, Declare))
    declared = declaring.play(declare)
    doubling = Deal.deal(Rules.preset("coinche"), 3, list(range(32)))
    doubling.play("80 H")
    double = next(a for a in doubling.legal_actions() if str(a) == "contre")
    doubled = doubling.play(double)
    return [
        ev.deal_started(Deal.deal(rules, 3, list(range(32))), 0),
        ev.from_engine(declared, 0, double_words(rules))[0][0],
        ev.ActionApplied(1, Seat(2), "90 S"),
        ev.from_engine(doubled, 0, double_words(doubling.rules))[0][0],
        ev.ContractMade(0, Contract(Seat(1), Trump.H, 80), None),
        ev.BeloteSaid(0, Seat(2), True),
        ev.BeloteSaid(0, Seat(0), False),
        ev.TrickWon(0, 1, Seat(0), (0, 1, 2, 3), Seat(3), 14),
        ev.DealEnded(0, None, (0, 0), (0, 0), True),
        ev.GameEnded((500, 320), 0),
        ev.GameEnded((500, 500), None),
        ev.SeatJoined(Seat(0), "remote", "Bob"),
        ev.SeatLeft(Seat(3)),
        ev.Saved("/home/x/current.json", False),
        ev.SaveFailed(OSError(28, "No space left on device")),
        ev.bot_failed(2, ValueError("7C")),
        ev.journal_failed(1, 3, OSError(5, "I/O error")),
    ]


def test_every_table_event_is_written_as_the_former_writer_did():
    """Byte for byte, on one event of each type: the same text, or nothing sent for the
    same events (a save, a failure the server logs)."""
    for event in every_event():
        facts = former_facts(event)
        assert new_head(event) == (None if facts is None else former_head(facts)), event
    assert wire.event_head(wire.TABLE_ENDED) == former_head({"kind": "table_ended"})
    assert wire.event_head(wire.SeatEvent(seat=2)) == former_head({"kind": "seat", "seat": 2})


def test_every_kind_s_message_is_the_models_dump():
    """The fast writer against the pydantic models on every wire kind, those a bot game may
    not reach included: the text of each message is ``json.dumps`` of its model's dump."""
    seats = [{"seat": k, "name": "Alice", "kind": "human", "bot": None, "connected": k == 0,
              "away": k != 0, "bot_playing": False} for k in range(4)]
    tail = wire.event_tail(seats, [12, 150], "playing", 7, 0)
    models = [wire_event(e) for e in every_event()] + [wire.TABLE_ENDED]
    kinds = set()
    for model in models:
        if model is None:
            continue
        text = wire.event_text(wire.event_head(model), "null", 2, tail)
        message = EventMessage.model_validate_json(text)
        assert message.event == model
        assert json.dumps(message.model_dump(mode="json"), ensure_ascii=False) == text
        kinds.add(model.kind)
    assert kinds == {"deal_started", "action", "contract", "belote", "trick", "deal_ended",
                     "game_ended", "seat", "table_ended"}


def test_the_declaration_s_cards_never_reach_the_wire():
    declared = every_event()[1]
    assert json.loads(new_head(declared) + "null}")["event"] == {
        "kind": "action", "deal_index": 0, "seat": 0, "action": "declare tierce",
        "move": {"text": "declare tierce", "kind": "declare",
                 "annonces": [{"kind": "tierce", "points": None, "cards": None}]}}


def test_an_action_s_move_follows_its_former_fields_byte_for_byte():
    """The former bytes of an action event, then ``"move"`` (the views' move type): a bid
    by hand without one keeps the former text whole; coinche's double says its word."""
    heads = [new_head(e) for e in every_event()]
    assert heads[2] == former_head({"kind": "action", "deal_index": 1, "seat": 2,
                                    "action": "90 S"})
    assert heads[3] == former_head({"kind": "action", "deal_index": 0, "seat": 1,
                                    "action": "contre"})[:-len('}, "view": ')] + \
        ', "move": {"text": "contre", "kind": "double", "word": "coinche"}}, "view": '


def test_the_union_reads_each_kind_and_only_the_known_ones():
    from pydantic import TypeAdapter, ValidationError
    adapter = TypeAdapter(WireEvent)
    for event in every_event():
        model = wire_event(event)
        if model is not None:
            assert adapter.validate_python(model.model_dump(mode="json")) == model
    with pytest.raises(ValidationError):
        adapter.validate_python({"kind": "saved", "finished": False})


class Ear:
    """A connection's messages as the socket would write them (text), and a wake-up."""

    def __init__(self, seat):
        self.seat, self.texts, self.heard = seat, [], threading.Event()

    def connection(self):
        return Connection(self.seat, "en", self.send, lambda: None, self.send_text)

    def send(self, message):
        self.send_text(json.dumps(message, ensure_ascii=False))

    def send_text(self, text):
        self.texts.append(text)
        self.heard.set()


def _play(url, preset):
    """A game of ``preset`` (seed 7): Alice (seat 0, played here: her first legal action)
    and three random bots, Alice and a spectator listening. Returns the two listeners,
    the table events seen by the rooms' observer and, for each, (former text, new text)."""
    store = SqlStore(url)
    rooms = Rooms(store, Settings(bot_delay=0.0, takeover_after=3600.0))
    pairs = []
    rooms.observers.append(lambda _room, event: pairs.append(
        (event, former_facts(event), new_head(event))))
    try:
        token = "alice-token-0123456789"
        seats = [SeatData(0, "Alice", "human", token_hash=token_hash(token))] + [
            SeatData(k, "random", "bot", bot_level="random") for k in (1, 2, 3)]
        room = rooms.get(seeded_room(url, seats, preset, {}, 7))
        alice, spectator = Ear(0), Ear(None)
        room.attach(alice.connection())
        room.attach(spectator.connection())
        room.start(token)
        seq, deadline = 0, time.monotonic() + 120
        while room.status != "over":
            assert time.monotonic() < deadline, f"{preset}: the game did not end"
            alice.heard.clear()
            try:
                view = room.playing_view(0)
                if view is not None and view.to_move == 0 and view.legal:
                    room.act(0, view.legal[0], seq)
                    seq += 1
                    continue
            except ServerError as e:  # the game ended meanwhile
                assert e.code == "server.not_playing"
                continue
            alice.heard.wait(0.2)
        while not any('"kind": "game_ended"' in t for t in spectator.texts):
            assert time.monotonic() < deadline
            spectator.heard.clear()
            spectator.heard.wait(0.2)
        return alice, spectator, pairs
    finally:
        rooms.close()
        store.dispose()


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    return {preset: _play(f"sqlite:///{tmp_path_factory.mktemp(preset) / 's.db'}", preset)
            for preset in PRESET_NAMES}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_bot_game_s_events_are_written_as_the_former_writer_did(games, preset):
    _alice, _spectator, pairs = games[preset]
    kinds = set()
    for event, facts, head in pairs:
        assert head == (None if facts is None else former_head(facts)), event
        if facts is not None:
            kinds.add(facts["kind"])
    assert {"deal_started", "action", "contract", "trick", "deal_ended", "game_ended"} <= kinds


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_fast_writer_s_text_is_the_models_dump(games, preset):
    """Every message a seat and a spectator got is a server message of the protocol, and
    its text is exactly ``json.dumps`` of the pydantic models' dump (key order included)."""
    from pydantic import TypeAdapter
    server = TypeAdapter(ServerMessage)
    for ear in games[preset][:2]:
        types = set()
        for text in ear.texts:
            message = server.validate_json(text)
            types.add(message.type)
            assert json.dumps(message.model_dump(mode="json"), ensure_ascii=False) == text
            if isinstance(message, EventMessage) and message.event.kind == "game_ended":
                assert message.status == "over" and message.view is None
        assert {"snapshot", "event"} <= types
        assert isinstance(server.validate_json(ear.texts[0]), Snapshot)


def test_a_client_message_is_still_read_by_its_own_union():
    assert CLIENT_MESSAGE.validate_json('{"type": "action", "action": "pass", "seq": 1}').seq == 1


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_fast_view_writer_gives_each_view_s_own_json(preset):
    """:func:`wire.view_fields` (no deep copy) is ``view.to_json()``, same keys in the same
    order, for each seat's view and a spectator's, at every state of a random deal."""
    rng = random.Random(preset)
    rules = Rules.preset(preset)
    deal = Deal.deal(rules, 0, shuffled_deck(rules, rng))
    states = 0
    while not deal.is_over():
        for view in [deal.view(s) for s in range(4)] + [deal.public_view()]:
            fields = wire.view_fields(view)
            assert fields == view.to_json()
            assert list(fields) == list(view.to_json())
        legal = list(deal.legal_actions())
        deal.apply(rng.choice([a for a in legal if str(a) != "pass"] or legal))
        states += 1
    assert states >= 32  # a bid or a take, then every card of the pack
