"""The CLI's words from the catalog (issue 16, items 2, 3 and 7): help texts, usage errors
worded from click's exceptions, OS / JSON / UTF-8 failures from their structure, user text
never read as rich markup, a closed standard output, simulate --out streamed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from belote import i18n
from belote.cli import app
from belote.cli import messages as cli_messages
from belote.engine import RecordError
from belote.engine.record import load_json

GOLDEN = Path(__file__).parent / "golden"
REGULAR = GOLDEN / "ffb_made_rounded.json"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _belote(*args: str, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "BELOTE_LANG"}
    return subprocess.run([sys.executable, "-m", "belote.cli", *args], capture_output=True,
                          text=True, timeout=120, check=False, env=env, **kw)


def test_the_english_help_in_the_catalog_is_the_declared_one():
    """Every command's and parameter's English help in the catalog is the text declared with
    the command (docstring, help=), so the declarations and the catalog cannot drift."""
    group = typer.main.get_command(app)  # a fresh tree: the declarations as they are

    def walk(cmd, path):
        yield f"help.{path}", cmd.help
        if path != "belote":
            yield f"help.{path}.short_help", cmd.short_help
        for p in cmd.params:
            yield f"help.{path}.{p.name}", p.help
        for name, sub in getattr(cmd, "commands", {}).items():
            yield from walk(sub, name if path == "belote" else f"{path}.{name}")
    for code, declared in walk(group, "belote"):
        assert i18n.tr(code, "en") == declared, code
        assert i18n.has(code, "fr"), code


def test_the_catalog_exports_as_json(runner, tmp_path):
    r = runner.invoke(app, ["i18n", "export"])
    assert r.exit_code == 0 and json.loads(r.stdout) == i18n.export()
    out = tmp_path / "en.json"
    r = runner.invoke(app, ["i18n", "export", "--lang", "en", "--out", str(out)])
    assert r.exit_code == 0 and f"wrote {out}" in r.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["cli.regular"] == "Regular deal." and "fr" not in data
    r = runner.invoke(app, ["i18n", "export", "--lang", "de"])
    assert r.exit_code == 2 and "fr ou en attendu, pas 'de'" in r.output


@pytest.mark.parametrize("args, french", [
    (["chek"], "commande inconnue : « chek » (vouliez-vous dire 'check' ?)"),
    (["check", "x", "--json=3"], "l'option --json ne prend pas de valeur"),
    (["--lang", "fr"], "erreur : commande manquante"),
    (["arena", "--worlds", "900"], "valeur invalide pour --worlds : au plus 500 attendu"),
])
def test_usage_errors_are_worded_from_their_structure(runner, monkeypatch, args, french):
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    r = runner.invoke(app, args)
    assert r.exit_code == 2 and french in r.output, r.output


def test_os_errors_are_worded_by_errno():
    """A file that cannot be read, by its errno, not by the system's English text: root reads
    any file, so the failure is raised here as engine.record.read_file raises it."""
    try:
        raise RecordError("cannot read saved.json: Permission denied", code="record.cannot_read",
                          params={"path": "saved.json", "reason": "Permission denied",
                                  "errno": "EACCES"})
    except RecordError as e:
        assert cli_messages.say(e, "fr") == "lecture impossible de saved.json : permission refusée"
        assert cli_messages.say(e, "en") == "cannot read saved.json: Permission denied"


def test_json_errors_are_worded_from_the_decoder_fields(tmp_path):
    """The decoder's message (a fixed set: every one in the catalog) and its position."""
    assert all(i18n.has(code, lang) for code in i18n.DECODER_MESSAGES.values()
               for lang in i18n.LANGS)
    bad = tmp_path / "save.json"
    bad.write_text('{"a": 1} 2', encoding="utf-8")
    with pytest.raises(RecordError) as e:
        load_json(str(bad))
    assert cli_messages.say(e.value, "fr") == \
        f"{bad} : JSON invalide : données en trop, ligne 1, colonne 10"
    assert cli_messages.say(e.value, "en") == \
        f"{bad} is not valid JSON: Extra data at line 1 column 10"


def test_a_write_failure_is_worded_by_errno(runner, tmp_path):
    r = runner.invoke(app, ["deal", "--out", str(tmp_path)])
    assert r.exit_code == 2 and f"écriture impossible de {tmp_path} : c'est un dossier" in r.stderr


def test_user_text_is_never_read_as_markup(runner, tmp_path, monkeypatch):
    """Issue 16 item 7: a language variable, a path holding rich markup is printed as typed
    (no traceback, no part of it eaten)."""
    r = runner.invoke(app, ["check", str(REGULAR)], env={"BELOTE_LANG": "[/]"})
    assert r.exit_code == 0 and "BELOTE_LANG='[/]' ignorée (fr ou en)" in r.stderr
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["deal", "--out", "x[/]y.json"])  # no folder "x[": bad input
    assert r.exit_code == 2
    assert "écriture impossible de x[/]y.json : fichier ou dossier introuvable" in r.stderr
    (tmp_path / "x[").mkdir()
    r = runner.invoke(app, ["deal", "--out", "x[/]y.json"])
    assert r.exit_code == 0 and "écrit : x[/]y.json" in r.stderr
    (tmp_path / "[old]").mkdir()
    r = runner.invoke(app, ["deal", "--out", "[old]/d.json"])
    assert r.exit_code == 0 and "écrit : [old]/d.json" in r.stderr
    assert json.loads((tmp_path / "[old]" / "d.json").read_text())["format"] == "belote-deal/1"


def test_a_closed_standard_output_stops_only_what_writes_there(tmp_path):
    """Issue 16 item 7: ``deal --out o.json >&-`` writes the file (exit 0); ``check
    missing.json >&-`` is bad input (2); a command that writes to the closed output exits 4."""
    close = {"stdout": None, "preexec_fn": lambda: os.close(1)}
    target = tmp_path / "o.json"
    r = subprocess.run([sys.executable, "-m", "belote.cli", "deal", "--out", str(target)],
                       stderr=subprocess.PIPE, text=True, timeout=120, check=False, **close)
    assert r.returncode == 0, r.stderr
    assert json.loads(target.read_text())["format"] == "belote-deal/1"
    r = subprocess.run([sys.executable, "-m", "belote.cli", "check", "missing.json"],
                       stderr=subprocess.PIPE, text=True, timeout=120, check=False, **close)
    assert r.returncode == 2 and "fichier introuvable : missing.json" in r.stderr
    r = subprocess.run([sys.executable, "-m", "belote.cli", "deal"], stderr=subprocess.PIPE,
                       text=True, timeout=120, check=False, **close)
    assert r.returncode == 4 and "la sortie standard est fermée" in r.stderr


def test_simulate_out_is_written_deal_by_deal(runner, tmp_path, monkeypatch):
    """Issue 16 item 7: simulate --out writes each record as its deal ends; an interrupted
    run (Ctrl-C) leaves the deals played, not an empty file."""
    import belote.table.match as match

    real = match.simulate

    def interrupted(*args, on_record=None, **kw):
        def stop_after_two(rec, seen=[]):  # noqa: B006 -- the deals seen so far
            on_record(rec)
            seen.append(rec)
            if len(seen) == 2:
                raise KeyboardInterrupt
        return real(*args, on_record=stop_after_two, **kw)
    monkeypatch.setattr(match, "simulate", interrupted)
    out = tmp_path / "deals.jsonl"
    r = runner.invoke(app, ["simulate", "--deals", "5", "--out", str(out)])
    assert r.exit_code == 130, r.output  # 128 + SIGINT, as typer ends an interrupted command
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and all(json.loads(x)["format"] == "belote-deal/1" for x in lines)


def test_sim_hands_each_record_over_as_its_deal_ends():
    from belote.bots import make_bot
    from belote.engine import Rules
    from belote.table.match import simulate

    seen: list[tuple[str, int]] = []
    rules = Rules.preset("classique")
    players = [make_bot("random", seed=s) for s in range(4)]
    report = simulate(rules, players, ["random"] * 4, 3, 1,
                      on_record=lambda rec: seen.append(("record", rec["dealer"])),
                      progress=lambda n: seen.append(("progress", n)))
    assert seen == [("record", 0), ("progress", 1), ("record", 1), ("progress", 2),
                    ("record", 2), ("progress", 3)]
    assert report.records == []  # nothing kept: the caller writes them
