"""belote analyse: the double-dummy value of every card played."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from belote.cli import app
from belote.engine.cards import parse_card
from belote.engine.record import check_deal
from belote.table.analysis import analyse_record

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_analysis_covers_every_card_and_ends_on_the_real_points():
    rec = json.loads((EXAMPLES / "coinche.json").read_text())
    deal = check_deal(rec).deal
    rows = analyse_record(rec)
    assert len(rows) == 32
    assert [(r.seat, r.card) for r in rows] == deal.plays
    for r in rows:
        assert r.card in r.values and r.loss >= 0 and r.best == max(r.values.values())
    # in the last trick nothing is left to choose: each value is the team's real final points
    # (card points as played, dix de der included)
    for r in rows[-4:]:
        assert r.values == {r.card: deal.points[r.seat % 2]}


def test_analyse_json_shape():
    res = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "classique.json"), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert len(data) == 32
    first = data[0]
    assert set(first) >= {"trick", "seat", "card", "values"}
    assert first["trick"] == 1
    assert all(isinstance(v, int) for v in first["values"].values())
    parse_card(first["card"])


def test_analyse_bad_input_exit_2(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("{}")
    res = CliRunner().invoke(app, ["analyse", str(bad)])
    assert res.exit_code == 2


def test_an_irregular_card_is_analysed_not_a_crash():
    """examples/ffb-irregular.json keeps a revoke (seat 1 plays TS on a club lead holding
    clubs, 002 §VIII.B): the card has no value among the legal ones, so its own value is the
    value of the play that followed it, marked irregular."""
    rec = json.loads((EXAMPLES / "ffb-irregular.json").read_text())
    rows = analyse_record(rec)
    bad = [r for r in rows if r.irregular]
    assert [(r.trick, r.seat, r.card) for r in bad] == [(1, 1, parse_card("TS"))]
    assert parse_card("TS") not in bad[0].values
    # the next card (seat 2) starts from the position after the revoke: the revoke's value is
    # that position's value for seat 1's team (the deal's points minus seat 2's team's best)
    nxt = rows[rows.index(bad[0]) + 1]
    deal = check_deal(rec).deal
    assert bad[0].played == sum(deal.points) - nxt.best
    out = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "ffb-irregular.json"), "--json"])
    assert out.exit_code == 0, out.output
    entry = json.loads(out.stdout)[1]
    assert entry["irregular"] is True and entry["played_value"] == bad[0].played
    assert CliRunner().invoke(app, ["analyse", str(EXAMPLES / "coinche.json"),
                                    "--deal", "2"]).exit_code == 2


def test_analyse_table_names_the_contract():
    """examples/contree-doubled.json: dealer 3, so seat 0 speaks first and bids 90 S, seat 1
    doubles: the table's caption says 90 ♠ ×2, taker seat 0 (team 0)."""
    res = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "contree-doubled.json")])
    assert res.exit_code == 0, res.output
    assert "Contrat : 90 ♠ ×2 — Preneur : siège 0 (équipe 0)" in res.output
    res = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "contree-doubled.json"),
                                   "--lang", "en"])
    assert "Contract: 90 ♠ ×2 — Taker: seat 0 (team 0)" in res.output


def test_analyse_team_totals_follow_each_language_typography():
    # examples/coinche.json: team 0 loses 7 points, team 1 41 (the table's loss column)
    en = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "coinche.json"), "--lang", "en"])
    fr = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "coinche.json")])
    assert "Points lost per team: team 0: 7 · team 1: 41" in en.output
    assert "Points perdus par équipe : équipe 0 : 7 · équipe 1 : 41" in fr.output


def test_analyse_shows_cards_as_check_and_legal_do():
    """Cards with suit symbols in both languages (V♦, 10♥, D♥ in French; J♦, 10♥, Q♥ in
    English), as ``check``, ``legal`` and ``replay`` show them; record codes (JD) only in
    the JSON output. examples/coinche.json: seat 0 leads the jack of diamonds, worth 13
    like six other cards."""
    fr = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "coinche.json")])
    en = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "coinche.json"), "--lang", "en"])
    assert "│ V♦ " in fr.output and "13 (9♠ 10♥ D♥ 7♦ V♦ 7♣ 9♣)" in fr.output
    assert "JD" not in fr.output
    assert "│ J♦ " in en.output and "13 (9♠ 10♥ Q♥ 7♦ J♦ 7♣ 9♣)" in en.output
    assert "JD" not in en.output


def test_analyse_ends_with_the_points_made_and_the_double_dummy_start(tmp_path):
    """The summary under the table: the card points each team made (the deal's own, dix de
    der included) and each team's points with perfect play from the first card (the first
    card's best value for its team, the rest of the pack's 162 to the other). The losses
    telescope: a team's double-dummy start minus its points made is its own loss minus the
    other team's (examples/coinche.json: 7 and 41)."""
    from belote.table.analysis import team_points
    rec = json.loads((EXAMPLES / "coinche.json").read_text())
    deal = check_deal(rec).deal
    rows = analyse_record(rec)
    dd, made = team_points(deal, rows)
    assert made == deal.points and sum(made) == 162 and sum(dd) == 162
    assert dd[rows[0].seat % 2] == rows[0].best
    lost = [sum(r.loss for r in rows if r.seat % 2 == k) for k in (0, 1)]
    assert lost == [7, 41]
    assert dd[0] - made[0] == lost[0] - lost[1] and dd[1] - made[1] == lost[1] - lost[0]
    fr = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "coinche.json")])
    en = CliRunner().invoke(app, ["analyse", str(EXAMPLES / "coinche.json"), "--lang", "en"])
    assert f"Points de cartes faits : équipe 0 : {made[0]} · équipe 1 : {made[1]}" in fr.output
    assert "Points en double mort (jeu parfait dès la première carte) : " \
        f"équipe 0 : {dd[0]} · équipe 1 : {dd[1]}" in fr.output
    assert f"Card points made: team 0: {made[0]} · team 1: {made[1]}" in en.output
    assert "Points with perfect play from the first card (double dummy): " \
        f"team 0: {dd[0]} · team 1: {dd[1]}" in en.output
    # a deal still in play (two tricks and a card): no points made yet, the start is the same
    rec["plays"] = rec["plays"][:9]
    part = tmp_path / "part.json"
    part.write_text(json.dumps(rec))
    res = CliRunner().invoke(app, ["analyse", str(part), "--lang", "en"])
    assert res.exit_code == 0, res.output
    assert "Card points made: deal unfinished (2 of 8 tricks)" in res.output
    assert "Points with perfect play from the first card (double dummy): " \
        f"team 0: {dd[0]} · team 1: {dd[1]}" in res.output
    res = CliRunner().invoke(app, ["analyse", str(part)])
    assert "Points de cartes faits : donne inachevée (2 plis sur 8)" in res.output
    with pytest.raises(ValueError):
        team_points(check_deal(rec).deal, [])
