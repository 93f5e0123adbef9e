"""Regression tests of the adversarial review's findings (output, messages, records)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).parents[1] / "src")


def belote(*args: str, stdin: bytes | None = None,
           limit_kib: int | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m belote.cli ARGS`` in a child process (this tree's sources first, French by
    default), its files at most ``limit_kib`` KiB when given; outputs decoded from UTF-8."""
    def limit() -> None:
        if limit_kib is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_kib * 1024, limit_kib * 1024))
    env = {**os.environ, "PYTHONPATH": SRC}
    env.pop("BELOTE_LANG", None)
    r = subprocess.run([sys.executable, "-m", "belote.cli", *args], input=stdin,
                       capture_output=True, timeout=120, check=False, env=env,
                       preexec_fn=limit)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode("utf-8"),
                                       r.stderr.decode("utf-8"))


@pytest.mark.parametrize("cmd", [["deal", "--seed", "4"], ["i18n", "export"]])
def test_out_that_cannot_be_written_whole_keeps_the_old_file(tmp_path, cmd):
    """Item 1: ``--out`` writes through a temporary file renamed over the target: a write
    cut short by a file-size limit of 1 KiB (the deal is 1140 bytes, the catalog more) exits 4
    and leaves the old file as it was, and no temporary file behind."""
    target = tmp_path / "d.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    r = belote(*cmd, "--out", str(target), limit_kib=1)
    assert r.returncode == 4, r.stderr
    assert "écriture impossible de" in r.stderr and "fichier trop gros" in r.stderr
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json"]
    r = belote(*cmd, "--out", str(target))  # no limit: written whole, mode kept
    assert r.returncode == 0, r.stderr
    json.loads(target.read_text(encoding="utf-8"))
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json"]


def test_out_through_a_link_replaces_the_target(tmp_path):
    """Item 1: ``--out link`` writes the link's target and keeps the link."""
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    r = belote("deal", "--seed", "4", "--out", str(link))
    assert r.returncode == 0, r.stderr
    assert link.is_symlink()
    assert json.loads(real.read_text(encoding="utf-8"))["format"] == "belote-deal/1"


def test_simulate_out_help_says_the_file_is_emptied_at_start():
    """Item 1: ``simulate --out`` streams its lines; its help says an old file is emptied."""
    r = belote("simulate", "--help", "--lang", "en")
    assert "an existing file is emptied at the start" in " ".join(r.stdout.split())
    r = belote("simulate", "--help")
    assert "un fichier existant est vidé au départ" in " ".join(r.stdout.split())
