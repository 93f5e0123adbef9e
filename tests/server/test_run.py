"""How ``belote serve`` opens its database and answers (attack review and fresh-user trial of
session 13): one server per SQLite file, a health check that looks at the database, private
files, invite links from ``--public-url``, and ``--lang`` as the default language of the
server's answers."""

from __future__ import annotations

import contextlib
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from serverkit import SRC, Client, ServerProcess

from belote.server.run import check_public_url, lock_sqlite


def _serve(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``belote serve --port 0 ARGS`` to its end (a refusal ends it at once)."""
    return subprocess.run([sys.executable, "-m", "belote.cli", "serve", "--port", "0", *args],
                          capture_output=True, text=True, timeout=120, check=False, cwd=cwd,
                          env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextlib.contextmanager
def _umask(mask: int):
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


# -- one server per SQLite file ----------------------------------------------------------------

def test_a_second_server_on_one_sqlite_file_exits_2_naming_the_first(tmp_path):
    """Two servers on one SQLite file both restored its tables and their bots raced for the
    log. The second now exits 2, in either language, naming the first's process, whatever
    path names the file; once the first is gone (even by kill -9) a server starts again."""
    db = tmp_path / "server.db"
    first = ServerProcess(f"sqlite:///{db}")
    try:
        pid = first.proc.pid
        fr = _serve("--database", f"sqlite:///{db}")
        assert fr.returncode == 2, fr.stderr
        assert f"erreur : la base de données {db} sert déjà à un autre serveur (processus " \
               f"{pid}) : un seul serveur par fichier SQLite" in fr.stderr
        (tmp_path / "link.db").symlink_to(db)
        en = _serve("--lang", "en", "--database", "sqlite:///link.db", cwd=tmp_path)
        assert en.returncode == 2, en.stderr
        assert f"error: the database {tmp_path / 'link.db'} is in use by another server " \
               f"(process {pid}): one server per SQLite file" in en.stderr
        assert "Traceback" not in fr.stderr + en.stderr
        assert first.http.get("/api/health").status_code == 200  # the first serves on
    finally:
        first.kill()
    again = ServerProcess(f"sqlite:///{db}")
    assert again.http.get("/api/health").status_code == 200
    assert (tmp_path / "server.db.lock").read_text() == f"{again.proc.pid}\n"
    again.stop()


def test_a_hard_link_to_a_served_sqlite_file_is_refused_too(tmp_path):
    """A hard link names the served file by another path, so another lock file: the lock
    on the database file itself refuses the second server (exit 2, the first unknown)."""
    db = tmp_path / "server.db"
    first = ServerProcess(f"sqlite:///{db}")
    try:
        os.link(db, tmp_path / "hard.db")
        second = _serve("--lang", "en", "--database", f"sqlite:///{tmp_path / 'hard.db'}")
        assert second.returncode == 2, second.stderr
        assert f"error: the database {tmp_path / 'hard.db'} is in use by another server " \
               "(its lock" in second.stderr
        assert "Traceback" not in second.stderr
        assert first.http.get("/api/health").status_code == 200
    finally:
        first.kill()


def test_postgresql_takes_no_file_lock():
    """PostgreSQL allows several processes (docs/deploy.md; tests/server/test_scale.py runs
    two): no lock is taken, nor for an in-memory SQLite database."""
    assert lock_sqlite("postgresql+psycopg://belote@localhost/belote", explicit=True) is None
    assert lock_sqlite("sqlite://", explicit=True) is None
    assert lock_sqlite("sqlite:///:memory:", explicit=True) is None


# -- the health check looks at the database --------------------------------------------------

def test_health_checks_the_database(database_url):
    server = ServerProcess(database_url)
    try:
        r = server.http.get("/api/health")
        assert r.status_code == 200 and r.json()["status"] == "ok"
    finally:
        server.stop()


def test_health_fails_once_the_sqlite_file_is_deleted(tmp_path):
    """Fresh-user trial: a database file deleted under a running server went unnoticed (SQLite
    writes on to the unlinked file) and every action after it was lost at the restart. The
    health check now answers 503 ``server.database_down``."""
    db = tmp_path / "server.db"
    server = ServerProcess(f"sqlite:///{db}")
    try:
        assert server.http.get("/api/health").status_code == 200
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        r = server.http.get("/api/health?lang=en")
        assert r.status_code == 503
        assert r.json() == {"type": "error", "code": "server.database_down",
                            "message": "the database cannot be used (FileNotFoundError)"}
        r = server.http.get("/api/health")
        assert r.status_code == 503 and r.json()["message"] == \
            "la base de données est inutilisable (FileNotFoundError)"
    finally:
        err = server.stop()
    assert err.count("the database fails its health check") == 1, err


def test_health_fails_once_the_sqlite_file_is_replaced(tmp_path):
    """Another file put in the database's place is no better: its writes go elsewhere."""
    db = tmp_path / "server.db"
    server = ServerProcess(f"sqlite:///{db}")
    try:
        os.replace(db, tmp_path / "moved.db")
        db.write_bytes((tmp_path / "moved.db").read_bytes())
        assert server.http.get("/api/health").status_code == 503
    finally:
        server.stop()


# -- private files -----------------------------------------------------------------------------

def test_the_default_data_folder_and_database_are_private(tmp_path):
    """Attack review: the data folder was 0755 and server.db 0644, readable by every local
    user, though it holds every game's secret seed. A new folder is 0700, the database, its
    -wal and -shm files and its lock 0600, whatever the umask."""
    data = tmp_path / "home" / "belote"
    with _umask(0o022):
        server = ServerProcess("", data_dir=data)
    try:
        server.create(["me", "bot:random", "bot:random", "bot:random"])
        assert _mode(data) == 0o700
        files = [data / name for name in ("server.db", "server.db-wal", "server.db-shm",
                                          "server.db.lock")]
        assert all(f.exists() for f in files)
        assert {f.name: _mode(f) for f in files} == {f.name: 0o600 for f in files}
    finally:
        server.stop()


def test_an_existing_database_is_made_private(tmp_path):
    """A database of an earlier version (0644, and its -wal, -shm) is made 0600 at start."""
    db = tmp_path / "server.db"
    ServerProcess(f"sqlite:///{db}").kill()  # kill -9: the -wal and -shm stay
    for suffix in ("", "-wal", "-shm"):
        os.chmod(f"{db}{suffix}", 0o644)
    with _umask(0o022):
        server = ServerProcess(f"sqlite:///{db}")
    try:
        assert {s: _mode(Path(f"{db}{s}")) for s in ("", "-wal", "-shm")} == \
            {"": 0o600, "-wal": 0o600, "-shm": 0o600}
    finally:
        server.stop()


def test_an_explicit_database_in_a_missing_folder_is_refused(tmp_path):
    """Fresh-user trial: a --database path in a folder that does not exist (a typo) was
    created silently, a fresh empty database beside the real one. It is refused: exit 2, the
    folder named, nothing created. (The default data folder is still created: above.)"""
    missing = tmp_path / "typo"
    r = _serve("--database", f"sqlite:///{missing}/server.db")
    assert r.returncode == 2
    assert f"erreur : pas de dossier {missing} pour la base de données {missing}/server.db : " \
           "créez-le d'abord, ou vérifiez le chemin" in r.stderr
    en = _serve("--lang", "en", "--database", "sqlite:///typo/server.db", cwd=tmp_path)
    assert en.returncode == 2 and f"error: no folder {missing} for the database" in en.stderr
    assert not missing.exists()


# -- invite links ------------------------------------------------------------------------------

def test_invite_links_follow_the_public_url_not_the_host_header(tmp_path):
    """Attack review: the invite link was built from the request's Host header, so a raw
    ``Host: evil.example`` made it point there. With --public-url it does not."""
    body = {"preset": "coinche", "seats": ["me", "open", "open", "open"], "name": "Alice"}
    plain = ServerProcess(f"sqlite:///{tmp_path / 'plain.db'}")
    try:  # without --public-url: the request's address (docs/deploy.md tells the risk)
        r = plain.http.post("/api/tables", json=body, headers={"Host": "evil.example"})
        assert r.json()["invite"] == f"http://evil.example/t/{r.json()['code']}"
    finally:
        plain.stop()
    public = ServerProcess(f"sqlite:///{tmp_path / 'public.db'}",
                           "--public-url", "https://belote.example.org/")
    try:
        r = public.http.post("/api/tables", json=body, headers={"Host": "evil.example"})
        made = r.json()
        assert r.status_code == 201 and \
            made["invite"] == f"https://belote.example.org/t/{made['code']}"
        alice = Client(public, made["table"], made["token"])
        assert alice.recv()["table"]["invite"] == made["invite"]
        alice.close()
    finally:
        public.stop()


def test_a_bad_public_url_is_refused():
    assert check_public_url(" https://belote.example.org/ ") == "https://belote.example.org"
    assert check_public_url("http://10.0.0.5:8000/belote/") == "http://10.0.0.5:8000/belote"
    for bad in ("belote.example.org", "ftp://belote.example.org", "https://", "https://a/?x=1",
                "https://a/#top", "https://me@a", "https://a:99999", "https://a b"):
        with pytest.raises(ValueError) as refused:
            check_public_url(bad)
        assert getattr(refused.value, "code", None) == "server.bad_public_url", bad
    r = _serve("--public-url", "belote.example.org")
    assert r.returncode == 2 and "erreur : l'adresse publique doit avoir la forme " \
        "https://belote.example.org, pas belote.example.org" in r.stderr


# -- --lang: the server's default language ------------------------------------------------------

def test_serve_lang_is_the_default_language_of_the_answers(tmp_path):
    """Fresh-user trial: ``belote serve --lang en`` still answered in French. It is now the
    language of the answers to a client that asks none; ``?lang=`` and ``Accept-Language``
    still win."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'en.db'}", "--lang", "en")
    try:
        assert server.http.get("/api/tables/nosuchtable").json()["message"] == \
            "no table nosuchtable"
        assert server.http.get("/api/tables/nosuchtable?lang=fr").json()["message"] == \
            "aucune table nosuchtable"
        assert server.http.get("/api/tables/nosuchtable", headers={
            "Accept-Language": "fr-FR,fr;q=0.9"}).json()["message"] == "aucune table nosuchtable"
        r = server.http.post("/api/tables", content=b"x" * (65 * 1024),
                             headers={"Content-Type": "application/json"})
        assert r.status_code == 413 and r.json()["message"].startswith("message too large")
        made = server.create(["me", "open", "open", "open"])
        alice = Client(server, made["table"], made["token"])
        alice.recv()
        alice.send("{nope")
        assert alice.wait_for(lambda m: m["type"] == "error")["message"] == "malformed JSON"
        alice.close()
        french = Client(server, made["table"], made["token"], lang="fr")
        french.recv()
        french.send("{nope")
        assert french.wait_for(lambda m: m["type"] == "error")["message"] == "JSON mal formé"
        french.close()
    finally:
        server.stop()
