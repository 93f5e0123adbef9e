"""The engine's library API as a new user meets it (docs/api.md, the README snippet): the names
exported by ``belote.engine``, ``is_over()`` a method like ``legal_actions()``, typed option
values, seats, the end of a deal (``to_move`` None), the input checks of a card-play
position."""

from __future__ import annotations

import contextlib
import io
import random

import pytest

import belote.engine as engine
from belote.engine import (
    Bidding,
    CardError,
    Deal,
    Game,
    Rules,
    RulesError,
    Scoring,
    Seat,
    Trump,
    check_position,
    parse_cards,
    shuffled_deck,
)

#: the README's snippet, word for word
README_SNIPPET = '''
import random
from belote.engine import Deal, Rules, shuffled_deck

rules = Rules.preset("classique")
deal = Deal.deal(rules, dealer=0, deck=shuffled_deck(rules, random.Random(7)))
rng = random.Random(7)
while not deal.is_over():
    deal.play(rng.choice(list(deal.legal_actions())))
if deal.passed_out:
    print("passed out: every seat passed")
else:
    c = deal.contract
    print(f"seat {c.taker} took in {c.trump}: card points {deal.points}, "
          f"score {deal.result.score}")
'''


def test_the_readme_snippet_plays_a_deal_to_its_score():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(README_SNIPPET, {})
    # seat 2 (team 0) took in diamonds and won 43 of the 162 points (152 in the cards and the
    # dix de der, docs/sources.md §2): below the defence's 119 the contract fails (dedans) and the
    # defence scores everything, 162 (docs/sources.md §7, 001)
    assert out.getvalue() == "seat 2 took in D: card points [43, 119], score [0, 162]\n"


def test_while_not_is_over_finishes_a_deal_and_reads_its_score():
    rules = Rules.preset("coinche")
    rng = random.Random(3)
    deal = Deal.deal(rules, dealer=1, deck=shuffled_deck(rules, rng))
    while not deal.is_over():
        deal.play(rng.choice(list(deal.legal_actions())))
    assert deal.to_move is None and len(deal.legal_actions()) == 0
    assert deal.passed_out or deal.result is not None and len(deal.result.score) == 2


def test_a_game_is_exported_and_played_with_the_same_calls():
    assert "Game" in engine.__all__ and engine.Game is Game
    game = Game(Rules.preset("classique"), seed=5)
    rng = random.Random(5)
    while not game.is_over():
        game.play(rng.choice(list(game.legal_actions())))
    assert game.to_move is None and len(game.legal_actions()) == 0
    # a target game ends once a team has 1000 points or more and the totals differ (001)
    assert max(game.scores) >= 1000 and game.winner in (0, 1)


def test_is_over_is_a_method_a_forgotten_call_is_no_boolean():
    deal = Deal.deal(Rules.preset("coinche"), 0,
                     shuffled_deck(Rules.preset("coinche"), random.Random(1)))
    assert callable(deal.is_over) and deal.is_over() is False


def test_option_values_are_typed_and_checked_once():
    rules = Rules.preset("coinche", scoring="contree")
    assert rules.scoring is Scoring.CONTREE and rules.scoring == "contree"
    assert rules.bidding is Bidding.AUCTION
    # records keep plain text
    assert type(rules.to_dict()["scoring"]) is str and rules.overrides() == {"scoring": "contree"}
    with pytest.raises(RulesError) as e:
        Rules.preset("coinche", scoring="nope")
    assert e.value.code == "rules.bad_choice" and e.value.params["name"] == "scoring"


def test_the_preset_name_is_a_field_and_preset_a_constructor():
    rules = Rules.preset("ffb", target=1500)
    assert rules.preset_name == "ffb" and rules.to_dict()["preset"] == "ffb"
    assert Rules().preset_name == "custom"
    with pytest.raises(RulesError) as e:
        rules.replace(preset_name="coinche")
    assert e.value.code == "rules.preset_not_option"


def test_seats_go_round_in_playing_order():
    # 002 §V: play goes to the right; seats 0 and 2 are partners (team 0)
    assert [Seat(s).next() for s in range(4)] == [1, 2, 3, 0]
    assert [Seat(s).previous() for s in range(4)] == [3, 0, 1, 2]
    assert [Seat(s).partner for s in range(4)] == [2, 3, 0, 1]
    assert [Seat(s).team for s in range(4)] == [0, 1, 0, 1]
    assert Seat(2) == 2 and f"{Seat(2)}" == "2" and [10, 11, 12][Seat(1)] == 11


def test_a_deal_takes_a_seat_or_an_int_from_the_caller():
    rules = Rules.preset("coinche")
    deal = Deal.deal(rules, 3, shuffled_deck(rules, random.Random(1)))
    assert deal.to_move == Seat(0) == 0  # the dealer's next seat speaks first (002 §V)
    deal.play("pass", seat=deal.to_move)
    deal.play("pass", seat=1)
    assert deal.to_move == 2 and deal.view(Seat(2)).to_move == 2


def _position(preset, trump, hand, trick="", **options):
    check_position(Rules.preset(preset, **options), Trump.parse(trump), parse_cards(hand),
                   parse_cards(trick))


@pytest.mark.parametrize(("args", "code"), [
    (("classique", "H", ""), "position.empty_hand"),
    (("classique", "H", "7S 8S 9S TS JS QS KS AS 7H"), "position.hand_too_big"),
    (("classique", "H", "7S", "8S 9S TS JS"), "position.trick_too_big"),
    (("classique", "H", "7S 8S", "8S"), "position.card_in_both"),
    (("classique", "H", "6S 7S"), "position.no_sixes"),
])
def test_a_card_play_position_is_checked_by_the_engine(args, code):
    with pytest.raises(CardError) as e:
        _position(*args)
    assert e.value.code == code


def test_sans_atout_needs_the_rules_that_play_it():
    with pytest.raises(RulesError) as e:
        _position("classique", "SA", "7S")
    assert e.value.code == "position.no_sa_ta" and e.value.params == {"preset": "classique"}
    _position("classique", "SA", "7S", sa_ta=True)
    # 003: the 36-card game has the sixes and nine-card hands
    _position("simplifiee", "H", "6S 7S 8S 9S TS JS QS KS AS")
