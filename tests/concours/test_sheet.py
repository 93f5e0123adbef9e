"""Score sheets (issue 19 item 4): each deal line checked against the preset's scoring, as the
engine scores it. Values worked out by hand from the rule texts: seed 000 (the concours:
"Compte des points" a, b, c; "Le capot"; "La belote"; "Déroulement du concours"), docs/sources.md
§7,
001 (classique, contrée), 003 (simplifiée); then every line the engine marks in random games
of each preset passes."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote import i18n
from belote.concours.errors import ConcoursError
from belote.concours.sheet import (
    LineCheck,
    card_totals,
    check_line,
    check_lines,
    check_total,
    team_annonce_values,
)
from belote.engine import PRESET_NAMES, Rules, Trump
from belote.engine.game import Game
from belote.engine.randomplay import random_action
from belote.engine.scoring import Contract, score_deal

CONCOURS = Rules.preset("concours")
CLASSIQUE = Rules.preset("classique")


def code_of(rules: Rules, a: int, b: int, *, deal: int = 1, deals: int | None = 12,
            held: int = 0) -> str:
    with pytest.raises(ConcoursError) as e:
        check_line(rules, a, b, deal=deal, deals=deals, held=held)
    return e.value.code


def line(a: int, b: int, *, deal: int = 1, held: int = 0, rules: Rules = CONCOURS,
         deals: int | None = 12) -> LineCheck:
    return check_line(rules, a, b, deal=deal, deals=deals, held=held)


# -- seed 000, the concours --------------------------------------------------------------------

def test_card_totals_of_a_suit_contract():
    # 000 "Ordre de valeur des cartes": no card is worth 1, so a side's four-card tricks never
    # hold 1 point, nor 161 (the other side would hold 1); every other total 0..162 is reachable
    total, totals = card_totals(CONCOURS, Trump.S)
    assert total == 162
    assert set(range(163)) - totals == {1, 161}


def test_a_made_deal_marks_each_side_its_points():
    # 000 a): the taker's side has more than half: each side marks its points, 90 + 72 = 162
    assert line(90, 72) == LineCheck(1, (90, 72), 0, 0, "made")
    # with the belote 182 in all: 112 + 70
    assert line(112, 70).kind == "made"


def test_a_failed_contract_gives_the_defence_162_or_182():
    # 000 b): the defence marks all, 162; with the belote 182, which goes to the defence in
    # the concours (belote_on_failure=defence); the taker 0
    assert line(0, 162).kind == "failed"
    assert line(0, 182).kind == "failed"
    assert code_of(CONCOURS, 0, 160) == "concours.line.failed"
    assert code_of(CONCOURS, 0, 172) == "concours.line.failed"
    # 20–162 is no failed contract (the taker would keep no belote) but a made one: side 1
    # took 162 (the defence won a trick of four cards worth 0), the defence marks its belote
    assert line(20, 162).kind == "made"


def test_capot_252_or_272_and_the_defences_belote_stays():
    # 000 "Le capot": 152 card points without the dix de der + 100 = 252, 272 with its belote
    assert line(252, 0).kind == "capot"
    assert line(272, 0).kind == "capot"
    # 000 "La belote": "Elle reste acquise au camp perdant même en cas de capot, si ce n'est
    # pas le camp du preneur": the taker's capot 252, the defence's belote 20
    assert line(252, 20).kind == "capot"
    assert code_of(CONCOURS, 260, 0) == "concours.line.capot"


def test_a_litige_holds_the_takers_points_for_the_winner_of_the_next_deal():
    # 000 c): 81–81: the defence marks its 81, the taker's 81 stay in play; the taker here is
    # side 1, which marks 0
    first = line(81, 0)
    assert (first.kind, first.held_after) == ("litige", 81)
    # the next deal is won by side 0, 100–62: it marks the 81 held too, 181–62
    second = line(181, 62, deal=2, held=81)
    assert (second.kind, second.held_before, second.held_after) == ("made", 81, 0)
    # the winner not paid: the held rule is named, and the paid line is the example
    with pytest.raises(ConcoursError) as e:
        line(100, 62, deal=2, held=81)
    assert e.value.code == "concours.line.held"
    assert e.value.params["near"] == "181–62"
    # the next deal's taker fails: the defence, winner of the deal, marks 162 + 81
    assert line(0, 243, deal=2, held=81).held_after == 0
    # with the belote the litige is 91–91 (000 c "81 ou 91"): 91 held
    assert line(0, 91).held_after == 91


def test_81_81_is_refused_as_a_litige():
    assert code_of(CONCOURS, 81, 81) == "concours.line.litige"
    assert code_of(CONCOURS, 91, 91) == "concours.line.litige"


def test_the_12th_deal_litige_goes_all_to_the_defence():
    # 000 "Déroulement du concours": "A la douzième et dernière donne si le camp du preneur
    # obtient la moitié des points, la totalité des points est marqué par le camp adverse"
    assert code_of(CONCOURS, 81, 81, deal=12) == "concours.line.last_litige"
    assert code_of(CONCOURS, 81, 0, deal=12) == "concours.line.last_litige"
    assert line(162, 0, deal=12).held_after == 0
    # the same line on the 11th deal is a litige
    assert line(81, 0, deal=11).kind == "litige"
    # a partie to a target score has no last deal
    assert line(81, 0, deal=12, deals=None).kind == "litige"


def test_a_mark_no_deal_gives():
    assert code_of(CONCOURS, 161, 1) == "concours.line.points"
    assert code_of(CONCOURS, -1, 163) == "concours.line.negative"
    assert code_of(CONCOURS, 170, 10) == "concours.line.total"  # 180: neither 162 nor 182
    assert code_of(CONCOURS, 90, 72, deal=13) == "concours.line.deal_after"
    assert code_of(CONCOURS, 90, 72, deal=0) == "concours.line.deal"
    assert code_of(CONCOURS, "90", 72) == "concours.line.not_number"  # type: ignore[arg-type]
    assert code_of(CONCOURS, True, 72) == "concours.line.not_number"  # type: ignore[arg-type]
    assert code_of(CONCOURS, 90, 72, deals=0) == "concours.deals.bad"
    with pytest.raises(ConcoursError) as e:
        check_total(CONCOURS, 90, 72, deals="12")  # type: ignore[arg-type]
    assert e.value.code == "concours.deals.bad"


def test_the_messages_name_the_rule_in_both_languages():
    with pytest.raises(ConcoursError) as e:
        line(170, 10)
    assert e.value.params == {"deal": 1, "a": 170, "b": 10, "sum": 180,
                              "expected": "162 / 182", "cite": "000 « Compte des points »"}
    assert str(e.value) == ("deal 1: 170–10 come to 180; a made deal marks 162 / 182 in all, "
                            "the belote included (000 « Compte des points »)")
    assert i18n.message(e.value, "fr") == (
        "donne 1 : 170–10 font 180 ; un contrat rempli marque 162 / 182 en tout, belote "
        "comprise (règlement de concours « Compte des points »)")
    with pytest.raises(ConcoursError) as e:
        line(0, 160)
    assert i18n.message(e.value, "en") == (
        "deal 1: 0–160: a failed contract gives the defence all the points (162 / 182), the "
        "taker 0 (concours rules « Compte des points » b)")


def test_a_whole_sheet_of_12_deals():
    # made, litige (side 1 took, 81 held), side 0 wins the next and marks the 81 (100 + 81),
    # failed with the belote, capot, capot with the defence's belote, made with the belote,
    # failed, litige with the belote (91 held), the next taker fails: the defence marks
    # 162 + 91, made, and the 12th: taker at half, all to the defence
    lines = [(90, 72), (81, 0), (181, 62), (0, 182), (252, 0), (20, 252), (112, 70),
             (162, 0), (0, 91), (253, 0), (100, 62), (0, 162)]
    checks = check_lines(CONCOURS, lines, deals=12)
    assert [c.kind for c in checks] == ["made", "litige", "made", "failed", "capot", "capot",
                                        "made", "failed", "litige", "failed", "made", "failed"]
    assert [c.held_after for c in checks] == [0, 81, 0, 0, 0, 0, 0, 0, 91, 0, 0, 0]
    total = [sum(a for a, _b in lines), sum(b for _a, b in lines)]
    assert total == [1251, 953]
    # 2204 = 12 × 162 + 4 belotes × 20 + 2 capots × 90
    check_total(CONCOURS, *total, deals=12)


def test_a_bad_line_is_named_by_its_number():
    with pytest.raises(ConcoursError) as e:
        check_lines(CONCOURS, [(90, 72), (81, 0), (100, 62)], deals=12)
    assert (e.value.code, e.value.params["deal"], e.value.params["held"]) == \
        ("concours.line.held", 3, 81)
    with pytest.raises(ConcoursError) as e:
        check_lines(CONCOURS, [(90, 72)] * 13, deals=12)
    assert e.value.code == "concours.line.too_many"
    with pytest.raises(ConcoursError) as e:
        check_lines(CONCOURS, [(90, 72), (90, 72, 0)], deals=12)  # type: ignore[list-item]
    assert (e.value.code, e.value.params["deal"]) == ("concours.line.not_pair", 2)


def test_a_partie_total():
    # 12 deals of 000 bring 162, 182, 252 or 272 each: 1944 to 3264 in all, and 1944 + 20x +
    # 90y (x belotes, y capots)
    check_total(CONCOURS, 1000, 944, deals=12)
    check_total(CONCOURS, 3264, 0, deals=12)
    for a, b, code in [(-1, 1945, "concours.total.negative"),
                       (3264, 1, "concours.total.too_big"),
                       (1000, 943, "concours.total.too_small"),
                       (1000, 945, "concours.total.sum"),  # 1945: odd
                       (1000, 954, "concours.total.sum")]:  # 1954 = 1944 + 10
        with pytest.raises(ConcoursError) as e:
            check_total(CONCOURS, a, b, deals=12)
        assert e.value.code == code, (a, b)
    check_total(CONCOURS, 5000, 7000, deals=None)  # to a target score: only ≥ 0


# -- other presets ----------------------------------------------------------------------------

def test_classique_litige_goes_to_the_next_made_contract():
    # 001 (classique: belote to its holder, litige_to=next_made): a litige with the taker's
    # belote: 71 + 20 = 91 against 91: the defence marks 91, the taker its belote 20, 71 held
    c = line(91, 20, rules=CLASSIQUE, deals=None)
    assert (c.kind, c.held_after) == ("litige", 71)
    # the next taker fails: the 71 stay held (the defence does not win them under next_made)
    c = line(0, 162, deal=2, held=71, rules=CLASSIQUE, deals=None)
    assert (c.kind, c.held_after) == ("failed", 71)
    # the one after is made: 90 + 71
    assert line(161, 72, deal=3, held=71, rules=CLASSIQUE, deals=None).held_after == 0
    # a failed taker keeps his belote in classique: 20–162
    assert line(20, 162, rules=CLASSIQUE, deals=None).kind == "failed"


def test_simplifiee_needs_81_and_has_no_litige():
    simple = Rules.preset("simplifiee")
    # 003: the taker needs at least 81 of 162 (the sixes are worth 0): 81–81 is made
    assert line(81, 81, rules=simple).kind == "made"
    assert line(0, 162, rules=simple).kind == "failed"  # 80–82: the defence 162
    assert line(252, 0, rules=simple).kind == "capot"
    assert card_totals(simple, Trump.S)[0] == 162


def test_contree_made_and_rounded_to_the_ten():
    contree = Rules.preset("contree")
    # 001 contrée (docs/sources.md §7): an 80 bid made with 92 card points: 92 + 80 = 172 → 170,
    # the defence 70; a failed 80: the defence 160 + 80 = 240; doubled and made:
    # (160 + 80) × 2 = 480
    assert line(170, 70, rules=contree, deals=None).kind == "made"
    assert line(0, 240, rules=contree, deals=None).kind == "failed"
    assert line(480, 0, rules=contree, deals=None).kind in ("made", "failed")
    assert code_of(contree, 172, 70, deals=None) == "concours.line.total"
    # the engine marks it so: 80 bid by seat 0 in spades, 92 card points to 70
    res = score_deal(contree, Contract(0, Trump.S, 80), [92, 70], [4, 4, 0, 0], [0, 0], None,
                     0, 162)
    assert res.score == [170, 70]


def test_retourne_sans_atout_and_tout_atout():
    retourne = Rules.preset("retourne")
    # 004: Sans Atout, the aces at 11: 4 × (11 + 10 + 4 + 3 + 2) + 10 = 130; Tout Atout
    # 4 × 62 + 10 = 258
    assert card_totals(retourne, Trump.SA)[0] == 130
    assert card_totals(retourne, Trump.TA)[0] == 258
    # a classic capot is the pack without the dix de der + 100 (docs/rules-notes.md): SA 220,
    # TA 348 (and 428 with the four belotes of Tout Atout); with annonces they have other
    # readings too (220: a failed Sans Atout, 130 + 90 of annonces), so only their validity
    for a in (220, 348, 428):
        assert line(0, a, rules=retourne, deals=None).points == (0, a)
    # without annonces (classique's scoring, Sans Atout allowed) 220–0 is only a capot
    plain = Rules.preset("retourne", annonces=False)
    assert line(220, 0, rules=plain, deals=None).kind == "capot"
    assert code_of(plain, 221, 0, deals=None) == "concours.line.capot"


def test_a_sheet_is_read_as_a_whole_when_a_line_has_two_readings():
    retourne = Rules.preset("retourne")
    # 004 (retourne: Tout Atout, annonces, belote to its holder, litige to the next made
    # contract). Deal 1: 81–0, a litige (side 1 took, 81 held). Deal 2: 279–80 has two
    # readings: side 0 takes a Tout Atout and makes 198 (258 + a belote, 198 + 80 = 278)
    # and the 81 → 279–80, nothing held; or side 1 takes a Tout Atout with its four belotes
    # (80), 199 card points, against 59 and 220 of annonces for side 0: 199 + 80 = 59 + 220,
    # a litige: side 0 marks its 279, side 1 its belote 80, and 199 more are held (280).
    # Deal 3: 346–64 is a Sans Atout (130) made by side 0, 66–64, with 280 held: without the
    # held points it would need 280 of annonces, which no team can hold (≤ 4 annonces:
    # 270 or 290). So the sheet reads deal 2 as the litige.
    checks = check_lines(retourne, [(81, 0), (279, 80), (346, 64)], deals=None)
    assert [(c.kind, c.held_before, c.held_after) for c in checks] == [
        ("litige", 0, 81), ("litige", 81, 280), ("made", 280, 0)]
    assert 280 not in team_annonce_values(32, 8, False)
    # alone, deal 2 reads as made (the first kind of line)
    assert line(279, 80, deal=2, held=81, rules=retourne, deals=None).kind == "made"


def test_annonce_values_of_a_team():
    values = team_annonce_values(32, 8, False)
    # a tierce 20, two 40, a cinquante 50, the four best carrés 200 + 150 + 100 + 100 = 550
    assert {20, 40, 50, 100, 150, 200, 550} <= set(values)
    assert 10 not in values and 30 not in values and max(values) == 550


# -- every line the engine marks passes --------------------------------------------------------

SETTINGS = settings(max_examples=6, deadline=None, database=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def engine_sheet(rules: Rules, seed: int, most: int = 12) -> list[tuple[int, int]]:
    """The lines of a random game's taken deals, as the engine marks them."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    lines: list[tuple[int, int]] = []
    while not game.is_over() and len(lines) < most:
        done = len(game.deals)
        assert game.current is not None
        game.apply(random_action(game.current, rng))
        if len(game.deals) > done and not game.deals[-1].passed_out:
            mark = game.marks[-1]
            lines.append((mark[0], mark[1]))
    return lines


@pytest.mark.parametrize("name", PRESET_NAMES)
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_every_line_the_engine_marks_passes(name, seed):
    rules = Rules.preset(name)
    deals = rules.deals if rules.game_end == "deals" else None
    lines = engine_sheet(rules, seed)
    checks = check_lines(rules, lines, deals=deals)
    assert [c.points for c in checks] == lines
    if deals is not None and len(lines) == deals:
        check_total(rules, sum(a for a, _b in lines), sum(b for _a, b in lines), deals=deals)
