"""``belote concours …``: the pinned command line of issue 19 (JSON shapes, exit codes), in
the data folder's database as ``belote serve`` (each test has its own BELOTE_DATA_DIR)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from belote.cli.app import app


@pytest.fixture
def runner(monkeypatch) -> CliRunner:
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    return CliRunner()


def run(runner, *args):
    r = runner.invoke(app, ["concours", *args])
    assert "Traceback" not in r.output
    return r


def ok_json(runner, *args):
    r = run(runner, *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


PLAYERS = [f"Joueur {i:02d}" for i in range(1, 31)]


def test_new_prints_the_id_and_json(runner):
    r = run(runner, "new", "Concours du club")
    assert r.exit_code == 0
    cid = r.stdout.strip()
    assert len(cid) == 6 and "créé" in r.stderr
    data = ok_json(runner, "new", "Concours", "--format", "melee", "--parties", "4", "--deals",
                   "12", "--preset", "concours")
    assert set(data) >= {"id", "name", "format", "parties", "deals", "preset", "key"}
    assert (data["format"], data["parties"], data["deals"], data["preset"]) == \
        ("melee", 4, 12, "concours")


def test_the_data_lands_in_the_data_folder_database(runner):
    run(runner, "new", "X")
    assert (Path(os.environ["BELOTE_DATA_DIR"]) / "server.db").is_file()


def test_a_whole_small_concours_on_the_command_line(runner, tmp_path):
    cid = ok_json(runner, "new", "Trente", "--parties", "2")["id"]
    csv = tmp_path / "inscrits.csv"
    csv.write_text("Nom\n" + "\n".join(PLAYERS[:20]) + "\n", encoding="utf-8")
    added = ok_json(runner, "add", cid, "--csv", str(csv))
    assert len(added) == 20
    added = ok_json(runner, "add", cid, *PLAYERS[20:])
    assert [a["name"] for a in added] == PLAYERS[20:] and added[0]["id"] == 21
    d = ok_json(runner, "draw", cid)
    # the pinned shape: {"partie", "seed", "tables": [{"table", "teams": [[..], [..]]}], "out"}
    assert d["partie"] == 1 and isinstance(d["seed"], int)
    assert [t["table"] for t in d["tables"]] == list(range(1, 8))
    assert all(len(t["teams"]) == 2 and all(len(s) == 2 for s in t["teams"])
               for t in d["tables"])
    seated = [n for t in d["tables"] for s in t["teams"] for n in s]
    assert len(d["out"]) == 2 and sorted(seated + d["out"]) == sorted(PLAYERS)
    for t in d["tables"]:
        r = run(runner, "score", cid, "--partie", "1", "--table", str(t["table"]),
                "--points", str(1000 + t["table"]), str(944 - t["table"]))
        assert r.exit_code == 0, r.output
    rows = ok_json(runner, "ranking", cid)
    assert [r["rank"] for r in rows] == list(range(1, 31))
    assert set(rows[0]) >= {"rank", "name", "points", "won", "conceded", "parties"}
    top = [n for n in d["tables"][6]["teams"][0]]
    assert {rows[0]["name"], rows[1]["name"]} == set(top) and rows[0]["points"] == 1007
    # the two sitting out score the mean of the 14 side totals: 7 × 1944 / 14
    mean = 972
    for name in d["out"]:
        assert next(r for r in rows if r["name"] == name)["points"] == mean


def test_errors_exit_2_with_a_code_under_json(runner):
    cid = ok_json(runner, "new", "E")["id"]
    r = run(runner, "score", cid, "--partie", "1", "--table", "1", "--points", "1", "2",
            "--json")
    assert r.exit_code == 2
    assert json.loads(r.stdout.splitlines()[0])["code"] == "concours.partie.not_drawn"
    assert "la partie 1 n'est pas tirée" in r.stderr
    r = run(runner, "add", "ZZZZZZ", "Alice")
    assert r.exit_code == 2 and "aucun concours « ZZZZZZ »" in r.stderr
    r = run(runner, "new", "E", "--format", "swiss")
    assert r.exit_code == 2 and "melee, equipes" in r.stderr
    r = run(runner, "new", "E", "-o", "nope=1")
    assert r.exit_code == 2
    r = run(runner, "add", cid)
    assert r.exit_code == 2 and "--csv" in r.stderr
    r = run(runner, "add", cid, "--csv", "/nonexistent/x.csv")
    assert r.exit_code == 2 and "/nonexistent/x.csv" in r.stderr
    r = run(runner, "withdraw", cid, "Personne", "--lang", "en")
    assert r.exit_code == 2 and "no one named 'Personne'" in r.stderr


def test_a_windows_csv_and_a_bad_database(runner, tmp_path):
    cid = ok_json(runner, "new", "W")["id"]
    f = tmp_path / "excel.csv"
    f.write_bytes("Prénom;Nom\r\nJérôme;Lefèvre\r\nAnaïs;Noël\r\n".encode("cp1252"))
    added = ok_json(runner, "add", cid, "--csv", str(f))
    assert [a["name"] for a in added] == ["Jérôme Lefèvre", "Anaïs Noël"]
    r = run(runner, "list", "--database", f"sqlite:///{tmp_path}/no/such/folder/x.db")
    assert r.exit_code == 2


def test_withdraw_rename_undo_and_the_log(runner):
    cid = ok_json(runner, "new", "L")["id"]
    run(runner, "add", cid, *PLAYERS[:8])
    assert run(runner, "rename", cid, "Joueur 01", "Joueuse Une").exit_code == 0
    assert run(runner, "withdraw", cid, "Joueur 02").exit_code == 0
    d = ok_json(runner, "draw", cid, "--seed", "42")
    assert d["seed"] == 42
    names = [n for t in d["tables"] for s in t["teams"] for n in s]
    assert "Joueuse Une" in names + d["out"] and "Joueur 02" not in names + d["out"]
    assert run(runner, "score", cid, "--partie", "1", "--table", "1", "--points", "1100",
               "844").exit_code == 0
    undone = ok_json(runner, "undo", cid)
    assert undone["points"] == [1100, 844] and undone["undone"]
    log = ok_json(runner, "log", cid)
    assert [e["what"] for e in log][-3:] == ["draw", "score", "undo"]
    shown = ok_json(runner, "show", cid)
    assert shown["parties_drawn"][0]["scores"][0]["points"] is None
    assert "key" not in shown
