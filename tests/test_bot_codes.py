"""Every error the bots and the solver raise carries a code and params that the catalog words
in both languages: English exactly ``str(error)``, French as the CLI showed it before the
catalog (its ``_FR_ERRORS`` wording for the bot names and levels)."""

import pytest

from belote import i18n
from belote.bots import BotError, ExpertBot, make_bot, parse_bot
from belote.engine import Deal, Rules, Trump, shuffled_deck
from belote.solver import Position, PositionError, Solver


def _codes(error: BaseException) -> tuple[str, str]:
    assert isinstance(error, ValueError)
    code = error.code  # type: ignore[attr-defined]
    assert i18n.has(code, "fr") and i18n.has(code, "en"), code
    assert i18n.message(error, "en") == str(error)
    return code, i18n.message(error, "fr")


def test_an_unknown_bot_is_worded_as_the_cli_worded_it():
    with pytest.raises(BotError) as e:
        parse_bot("genius")
    code, fr = _codes(e.value)
    assert code == "bot.unknown" and e.value.params == {
        "spec": "genius", "known": "random, heuristic, expert"}
    assert fr == ("bot inconnu 'genius' : au choix random, heuristic, expert (expert:N pour N "
                  "mondes par décision)")


@pytest.mark.parametrize("spec", ["expert:0", "expert:501", "heuristic:3", "expert:x"])
def test_a_bad_bot_level_is_worded_as_the_cli_worded_it(spec):
    with pytest.raises(BotError) as e:
        make_bot(spec)
    code, fr = _codes(e.value)
    assert code == "bot.bad_level" and e.value.params["max"] == 500
    assert fr == (f"niveau de bot invalide {spec!r} : seul l'expert en a un, expert:N avec N "
                  "mondes par décision, de 1 à 500")


@pytest.mark.parametrize(("options", "code"), [
    ({"race_z": -1}, "bot.bad_race_z"), ({"race_z": True}, "bot.bad_race_z"),
    ({"threads": 0}, "bot.bad_threads"), ({"threads": "2"}, "bot.bad_threads"),
    ({"worlds": 0}, "bot.bad_count"), ({"max_worlds": 0}, "bot.bad_count"),
    ({"max_nodes": 0}, "bot.bad_count"), ({"max_nodes": 1.5}, "bot.bad_count"),
])
def test_bad_expert_options_have_codes(options, code):
    with pytest.raises(BotError) as e:
        ExpertBot(**options)
    assert _codes(e.value)[0] == code


def test_a_view_with_nothing_to_play_has_a_code():
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 0, shuffled_deck(rules, __import__("random").Random(1)))
    view = d.view((d.to_move + 1) % 4)  # not its turn: no legal action
    with pytest.raises(BotError) as e:
        ExpertBot(threads=1).act(view)
    code, fr = _codes(e.value)
    assert code == "bot.not_its_turn" and e.value.params == {"seat": view.seat}
    assert fr == f"le siège {view.seat} n'a rien à jouer : ce n'est pas son tour"


ONE_TRICK = [1 << 0, 1 << 8, 1 << 16, 1 << 24]  # one card each: AS... one trick left


@pytest.mark.parametrize(("kwargs", "code"), [
    ({"rules": "coinche"}, "position.no_rules"),
    ({"trump": "S"}, "position.bad_trump"),
    ({"hands": ONE_TRICK[:3]}, "position.four_hands"),
    ({"hands": [-1, 0, 0, 0]}, "position.bad_hand"),
    ({"leader": 4}, "position.bad_leader"),
    ({"points": [0]}, "position.bad_counts"),
    ({"trick": "7S"}, "position.bad_trick"),
    ({"trick": [40]}, "position.bad_trick_card"),
    ({"hands": [0, 1 << 8, 1 << 16, 1 << 24], "trick": [0, 0]}, "position.card_twice"),
    ({"trick": [0], "leader": 0}, "position.card_in_hand_and_trick"),
    ({"hands": [1 << 1, 1 << 8, 1 << 16, 1 << 24]}, None),  # a legal position
    ({"hands": [1 << 1, 0, 0, 0], "trick": [8, 16, 24, 2]}, "position.full_trick"),
    ({"hands": [3, 1 << 8, 1 << 16, 1 << 24]}, "position.bad_sizes"),
])
def test_impossible_positions_have_codes(kwargs, code):
    args = {"hands": ONE_TRICK, "trump": Trump.S, "rules": Rules.preset("coinche")} | kwargs
    if code is None:
        Position(**args)
        return
    with pytest.raises(PositionError) as e:
        Position(**args)
    assert _codes(e.value)[0] == code


def test_solver_arguments_out_of_range_have_codes():
    pos = Position(ONE_TRICK, Trump.S, Rules.preset("coinche"))
    solver = Solver()
    for call, code in ((lambda: solver.future(pos, capot_bonus=-1), "solver.bad_bonus"),
                       (lambda: solver.future(pos, tolerance=-1), "solver.bad_tolerance"),
                       (lambda: solver.future(pos, guess="x"), "solver.bad_guess"),
                       (lambda: solver.search(pos, 5, 5), "solver.empty_window"),
                       (lambda: solver.search(pos, 0, 1 << 41), "solver.bad_window"),
                       (lambda: solver.solve(pos, cards={5}), "solver.no_card")):
        with pytest.raises(PositionError) as e:
            call()
        assert _codes(e.value)[0] == code, code
    d = Deal.deal(Rules.preset("coinche"), 0,
                  shuffled_deck(Rules.preset("coinche"), __import__("random").Random(2)))
    with pytest.raises(PositionError) as e:
        Position.from_deal(d)
    assert _codes(e.value)[0] == "position.no_contract"
