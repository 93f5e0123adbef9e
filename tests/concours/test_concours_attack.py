"""Regressions from the attack review of the concours (session 14): each test names what
broke before."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest
from typer.testing import CliRunner

from belote.cli.app import app
from belote.concours import documents
from belote.concours.errors import ConcoursError
from belote.concours.manager import Manager, table_score
from belote.concours.model import Format
from belote.concours.names import csv_rows
from belote.concours.store import SqlConcoursStore
from belote.db import open_database

EIGHT = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"]


def test_a_score_and_a_draw_taken_back_at_once_never_both_succeed(db_url):
    """Before: each command read, checked, then wrote; a score could land in a partie drawn
    again (both said done), crediting players who never played it."""
    engines = [open_database(db_url), open_database(db_url)]
    m1, m2 = (Manager(SqlConcoursStore(e)) for e in engines)
    for i in range(6):
        c = m1.create(f"R{i}")
        m1.add(c.id, EIGHT)
        m1.draw(c.id, seed=i)
        outcome = {}

        def score(cid=c.id, out=outcome):
            try:
                m1.score(cid, 1, 1, 1000, 944)
                out["score"] = True
            except ConcoursError:
                out["score"] = False

        def undraw(cid=c.id, out=outcome):
            try:
                m2.undraw(cid)
                out["undraw"] = True
            except ConcoursError:
                out["undraw"] = False
        threads = [threading.Thread(target=score), threading.Thread(target=undraw)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        data = m1.get(c.id)
        assert outcome["score"] != outcome["undraw"], outcome
        assert len(data.draws) == (0 if outcome["undraw"] else 1)
        assert len(data.scores) == (1 if outcome["score"] else 0)
    for e in engines:
        e.dispose()


def test_a_late_arrival_plays_the_partie_drawn_again(manager):
    """Before: `add Late; draw --undo; draw` left Late out (joined stayed at partie 2)."""
    c = manager.create("L")
    manager.add(c.id, EIGHT[:7])
    manager.draw(c.id, seed=1)
    manager.add(c.id, ["Late"])
    manager.withdraw(c.id, "P7")
    manager.undraw(c.id)
    d = manager.draw(c.id, seed=1)
    placed = {e for t in d.tables for s in t.sides for e in s} | set(d.out)
    # P1..P6 and Late: one table, three out
    assert 8 in placed and 7 not in placed and len(d.tables) == 1 and len(d.out) == 3


def test_a_draw_whose_scores_were_all_undone_can_be_taken_back(manager):
    c = manager.create("U")
    manager.add(c.id, EIGHT)
    manager.draw(c.id)
    manager.score(c.id, 1, 1, 1000, 944)
    manager.undo(c.id)
    assert manager.undraw(c.id).partie == 1


def test_the_prize_list_starts_at_the_first_prize_when_the_winner_withdrew(manager):
    c = manager.create("P", parties=1)
    manager.add(c.id, ["Alice", "Bob", "Carl", "Dora"])
    d = manager.draw(c.id, seed=3)
    manager.score(c.id, 1, 1, 1500, 444)
    winner = manager.get(c.id).entrants[d.tables[0].sides[0][0]].name
    manager.withdraw(c.id, winner)
    rows = documents.prize_rows(manager.ranking(c.id))
    assert [r.rank for r in rows] == [1, 2, 3] and winner not in [r.name for r in rows]


def test_the_printed_ranking_after_a_partie_counts_that_partie_only(manager):
    c = manager.create("R")
    manager.add(c.id, EIGHT)
    manager.draw(c.id, seed=1)
    manager.score(c.id, 1, 1, 1000, 944)
    manager.score(c.id, 1, 2, 1000, 944)
    manager.draw(c.id, seed=2)
    manager.score(c.id, 2, 1, 1200, 744)  # table 2 of partie 2 not scored yet
    from belote.concours.manager import ranking
    data = manager.get(c.id)
    after_one = ranking(data, upto=1)
    assert sorted(r.points for r in after_one) == [944] * 4 + [1000] * 4


@pytest.mark.parametrize("who", ["#²", "#①", "#³", "#-1", "#99999999999999"])
def test_a_number_in_other_digits_is_no_one(manager, who):
    """Before: '#²' passed isdigit() and int() raised (exit 3)."""
    c = manager.create("N")
    manager.add(c.id, ["Alice"])
    with pytest.raises(ConcoursError) as e:
        manager.withdraw(c.id, who)
    assert e.value.code == "concours.entrant.unknown"


@pytest.mark.parametrize("name", ["#3", "Bot 1", "bot 12"])
def test_names_that_read_as_a_number_or_a_bot_are_refused(manager, name):
    c = manager.create("N")
    with pytest.raises(ConcoursError) as e:
        manager.add(c.id, [name])
    assert e.value.code == "concours.name.reserved"


@pytest.mark.parametrize("text, fmt, names", [
    ("Jean Dupont\rMarie Curie\r", Format.MELEE, ["Jean Dupont", "Marie Curie"]),  # old Mac
    ("Jean;Dupont\nAnne\nPaul;Martin\n", Format.MELEE,
     ["Jean Dupont", "Anne", "Paul Martin"]),  # rows of different widths
    ("Nom;Prénom;Club\nDupont;Jean;ASB\n", Format.MELEE, ["Jean Dupont"]),  # a header
    ("Eve;Fab\nGus / Hal\n", Format.EQUIPES, ["Eve / Fab", "Gus / Hal"]),
    ("équipe;club\nAnne / Ben;X\n", Format.EQUIPES, ["Anne / Ben"]),
])
def test_csv_files_as_spreadsheets_write_them(text, fmt, names):
    assert [n for _, n in csv_rows(text, fmt)] == names


@pytest.mark.parametrize("text, code", [
    ("Bob;" + "x" * 131073, "concours.csv.bad"),  # a field over the csv module's limit
    ("x\n" * (1 << 20), "concours.csv.too_big"),
])
def test_csv_files_that_are_no_list_of_names(text, code):
    with pytest.raises(ConcoursError) as e:
        csv_rows(text, Format.MELEE)
    assert e.value.code == code


def test_a_name_taken_in_a_csv_file_names_its_line(manager):
    c = manager.create("T")
    with pytest.raises(ConcoursError) as e:
        manager.add_csv(c.id, "nom\nAnne\nBen\nanne\n")
    assert e.value.code == "concours.csv.taken" and e.value.params["line"] == 4


def test_a_pair_renamed_to_one_player_twice_is_refused(manager):
    c = manager.create("E", format=Format.EQUIPES)
    manager.add(c.id, ["A1 / A2", "B1 / B2"])
    for who, new in (("A1 / A2", "Zed / zed"), ("B1", "b2")):
        with pytest.raises(ConcoursError) as e:
            manager.rename(c.id, who, new)
        assert e.value.code == "concours.name.same_pair"


@pytest.mark.parametrize("args, code", [
    (("1", 1, 90, 72), "concours.not_whole"),
    ((1, None, 90, 72), "concours.not_whole"),
    ((1, 1, 90.0, 72), "concours.not_whole"),
    ((1, 1, 9223372036854775808, 0), "concours.score.points"),
])
def test_the_library_refuses_wrong_kinds_with_a_code(manager, args, code):
    c = manager.create("K", target=1000)
    manager.add(c.id, EIGHT[:4])
    manager.draw(c.id)
    with pytest.raises(ConcoursError) as e:
        manager.score(c.id, *args)
    assert e.value.code == code
    with pytest.raises(ConcoursError):
        manager.draw(c.id, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ConcoursError):
        manager.add(c.id, "Zed")  # type: ignore[arg-type]
    with pytest.raises(ConcoursError):
        manager.create(None)  # type: ignore[arg-type]


def test_the_players_export_neutralises_formulas(manager):
    c = manager.create("F")
    manager.add(c.id, ['=HYPERLINK("http://x","y")', "+1+2", "@SUM(A1)"])
    text = documents.export(manager.get(c.id), "players", "en")
    assert "'=HYPERLINK" in text and "'+1+2" in text and "'@SUM" in text


def test_the_concours_commands_speak_the_language_asked(monkeypatch):
    monkeypatch.setenv("BELOTE_LANG", "en")
    r = CliRunner().invoke(app, ["concours", "show", "NOPE"])
    assert r.exit_code == 2 and "no concours 'NOPE'" in r.stderr
    monkeypatch.delenv("BELOTE_LANG")
    r = CliRunner().invoke(app, ["--lang", "en", "concours", "show", "NOPE"])
    assert r.exit_code == 2 and "no concours 'NOPE'" in r.stderr


def test_a_database_of_an_unknown_schema_is_refused(tmp_path):
    import sqlite3
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as c:
        c.execute("create table alembic_version(version_num varchar(32))")
        c.execute("insert into alembic_version values('deadbeef')")
    r = subprocess.run([sys.executable, "-m", "belote.cli", "concours", "list", "--database",
                        f"sqlite:///{path}"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "CommandError" in r.stderr


def test_a_csv_that_is_a_folder_or_a_pipe_is_refused(tmp_path):
    import os
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    r = CliRunner().invoke(app, ["concours", "new", "X"])
    cid = r.stdout.strip()
    for path in (tmp_path, fifo):
        r = CliRunner().invoke(app, ["concours", "add", cid, "--csv", str(path)])
        assert r.exit_code == 2 and str(path) in r.stderr
    assert table_score  # (imported for the other tests)
