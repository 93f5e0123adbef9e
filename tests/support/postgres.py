"""A throwaway PostgreSQL server for the tests (issue 17 item 9: the server's tests run against
SQLite and a real PostgreSQL).

:func:`start_cluster` makes a cluster in a new temporary folder (``initdb``), starts it with
``pg_ctl`` on a free TCP port of 127.0.0.1 (nothing listens elsewhere; the Unix socket goes in
the same folder, never in ``/var/run/postgresql``), creates a database ``belote`` owned by a
role ``belote`` with a random password (``scram-sha-256``: another local user cannot connect to
it), and returns a :class:`Cluster` whose ``url`` SQLAlchemy opens
(``postgresql+psycopg://belote:…@127.0.0.1:PORT/belote``). :meth:`Cluster.stop` stops the
server and removes the folder. Durability settings are off (``fsync``, ``full_page_writes``):
the cluster does not outlive the test session.

The programs are taken from ``$PATH``, else from the newest ``/usr/lib/postgresql/*/bin``
(Debian's ``postgresql`` package installs them there; ``.ci/run`` installs it). PostgreSQL
refuses to run as root: as root, ``initdb`` and the server run as the ``postgres`` user
(created with ``useradd`` when it is missing), and the folder is given to that user.

The ``postgres_url`` fixture (``tests/conftest.py``) fails when the programs cannot be found,
unless ``BELOTE_TEST_NO_POSTGRES=1`` asks to skip the PostgreSQL tests;
``BELOTE_TEST_POSTGRES_URL`` names a server to use instead of starting one.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

#: set to 1 to skip the tests that need PostgreSQL (they fail when it is missing otherwise)
SKIP_ENV = "BELOTE_TEST_NO_POSTGRES"
#: a server to use instead of starting one (``postgresql+psycopg://…``)
URL_ENV = "BELOTE_TEST_POSTGRES_URL"
#: the user PostgreSQL runs as when the tests run as root
SERVICE_USER = "postgres"
#: seconds to wait for the server to start or stop
TIMEOUT = 60


class PostgresUnavailable(RuntimeError):
    """PostgreSQL's programs cannot be found, or the cluster does not start (the message
    says what was searched and what failed)."""


def find_bin_dir() -> Path:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres``: the one on ``$PATH`` (its real
    folder, through a symbolic link), else the newest ``/usr/lib/postgresql/<version>/bin``.
    Raises :class:`PostgresUnavailable` naming both places."""
    on_path = shutil.which("initdb")
    if on_path:
        folder = Path(on_path).resolve().parent
        if (folder / "pg_ctl").exists():
            return folder
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: _version_key(p.parent.parent.name))
    if versions:
        return versions[-1].parent
    raise PostgresUnavailable(
        "PostgreSQL is needed by these tests and was not found: no initdb on $PATH nor in "
        "/usr/lib/postgresql/*/bin. Install it (Debian: apt-get install postgresql; .ci/run "
        f"does it), or set {SKIP_ENV}=1 to skip the PostgreSQL tests.")


def _version_key(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def free_port() -> int:
    """A TCP port of 127.0.0.1 free when asked (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _service_user() -> pwd.struct_passwd:
    """The ``postgres`` user, created (a system user, no login) when it does not exist."""
    try:
        return pwd.getpwnam(SERVICE_USER)
    except KeyError:
        pass
    useradd = shutil.which("useradd")
    if useradd is None:
        raise PostgresUnavailable(
            f"running as root, PostgreSQL needs another user: there is no {SERVICE_USER!r} "
            "user and no useradd to create one")
    subprocess.run([useradd, "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                    SERVICE_USER], check=True, capture_output=True, timeout=TIMEOUT)
    return pwd.getpwnam(SERVICE_USER)


@dataclass
class Cluster:
    """A running throwaway cluster: ``url`` (SQLAlchemy, psycopg 3), ``port`` (127.0.0.1),
    ``folder`` (data, socket, log; removed by :meth:`stop`)."""

    url: str
    port: int
    folder: Path
    bin_dir: Path
    user: pwd.struct_passwd | None = None
    stopped: bool = field(default=False)

    @property
    def data(self) -> Path:
        return self.folder / "data"

    @property
    def log(self) -> Path:
        return self.folder / "server.log"

    def stop(self) -> None:
        """Stop the server (fast shutdown: open sessions are ended) and remove the folder;
        a second call does nothing."""
        if self.stopped:
            return
        self.stopped = True
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            _run(self, [str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "fast",
                        "-w", "-t", str(TIMEOUT), "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)


def _run(cluster: Cluster, args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run one of PostgreSQL's programs as the cluster's user (root's child drops to it)."""
    user = cluster.user
    extra = {} if user is None else {"user": user.pw_uid, "group": user.pw_gid,
                                     "extra_groups": []}
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    if user is not None:
        env["HOME"] = str(cluster.folder)
    return subprocess.run(args, check=True, capture_output=True, text=True, timeout=TIMEOUT,
                          env=env, cwd=cluster.folder, **extra)  # type: ignore[call-overload]


def start_cluster(attempts: int = 3) -> Cluster:
    """Make and start a throwaway cluster (module docstring). A port taken between
    :func:`free_port` and the server's start is tried again, up to ``attempts`` times. Raises
    :class:`PostgresUnavailable` (the programs are missing, or the server did not start: its
    log is quoted)."""
    bin_dir = find_bin_dir()
    user = _service_user() if os.geteuid() == 0 else None
    # in /tmp itself, not pytest's folder: as root that one is closed to the postgres user
    folder = Path(tempfile.mkdtemp(prefix="belote-pg-"))
    password = secrets.token_hex(16)
    cluster = Cluster("", 0, folder, bin_dir, user)
    try:
        (folder / "socket").mkdir()
        (folder / "pwfile").write_text(password + "\n", encoding="utf-8")
        if user is not None:
            for path in (folder, folder / "socket", folder / "pwfile"):
                os.chown(path, user.pw_uid, user.pw_gid)
        try:
            _run(cluster, [str(bin_dir / "initdb"), "-D", str(cluster.data), "-U", "belote",
                           "--pwfile", str(folder / "pwfile"), "--auth", "scram-sha-256",
                           "-E", "UTF8", "--no-locale", "--no-sync"])
        except subprocess.CalledProcessError as e:
            raise PostgresUnavailable(f"initdb failed: {e.stderr.strip()}") from None
        (folder / "pwfile").unlink()
        for attempt in range(attempts):
            port = free_port()
            options = (f"-c listen_addresses=127.0.0.1 -p {port} "
                       f"-c unix_socket_directories={folder / 'socket'} "
                       "-c fsync=off -c full_page_writes=off -c synchronous_commit=off")
            try:
                _run(cluster, [str(bin_dir / "pg_ctl"), "-D", str(cluster.data), "-l",
                               str(cluster.log), "-w", "-t", str(TIMEOUT), "-o", options,
                               "start"])
                break
            except subprocess.CalledProcessError:
                if attempt == attempts - 1:
                    log = cluster.log.read_text(encoding="utf-8", errors="replace")
                    raise PostgresUnavailable(f"PostgreSQL did not start:\n{log[-2000:]}") \
                        from None
        cluster.port = port
        _create_database(port, password)
        cluster.url = f"postgresql+psycopg://belote:{password}@127.0.0.1:{port}/belote"
        return cluster
    except BaseException:
        cluster.stop()
        raise


def _create_database(port: int, password: str) -> None:
    """Create the database ``belote`` (owned by the role ``belote``)."""
    import psycopg
    with psycopg.connect(host="127.0.0.1", port=port, user="belote", password=password,
                         dbname="postgres", autocommit=True, connect_timeout=TIMEOUT) as conn:
        conn.execute("CREATE DATABASE belote")


def new_database(url: str) -> str:
    """A new, empty database on the PostgreSQL server of ``url`` (SQLAlchemy URL); its URL."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"belote_{secrets.token_hex(6)}"
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return make_url(url).set(database=name).render_as_string(hide_password=False)
