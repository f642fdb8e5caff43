"""A throw-away PostgreSQL cluster in a temporary directory, for the PostgreSQL e2e tests.

`find_pg_bin()` locates `initdb`/`pg_ctl` (PATH, then Debian's `/usr/lib/postgresql/*/bin`).
`PostgresCluster.start()` runs initdb and pg_ctl, listening on a unix socket only, with
durability switched off (fsync) because the cluster dies with the test anyway. PostgreSQL
refuses to run as root, so as root the server runs as the `postgres` user (or `nobody`)
through `runuser`.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_USER = "packdesk"
PG_DATABASE = "packdesk"
_SERVER_OPTIONS = (
    "-c listen_addresses='' -c fsync=off -c synchronous_commit=off "
    "-c full_page_writes=off -c max_connections=200"
)


def _version(path: Path) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", path.parent.parent.name)) or (0,)


def find_pg_bin() -> Path | None:
    """The directory holding `initdb` and `pg_ctl`, newest version first; None if absent."""
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        # /usr/local/bin may hold symlinks to the real directory with createdb beside them
        return Path(initdb).resolve().parent
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=_version)
    for candidate in reversed(candidates):
        if (candidate.parent / "pg_ctl").exists():
            return candidate.parent
    return None


def _run_as() -> str | None:
    """The user to run the server as: None for the current user, else a system user."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root and neither a postgres nor a nobody user exists")


class PostgresCluster:
    """initdb + pg_ctl in a private temporary directory; `url` is the SQLAlchemy async URL."""

    def __init__(self, bin_dir: Path, *, durable_commits: bool = False) -> None:
        self.bin_dir = bin_dir
        # synchronous_commit=off answers a commit before its WAL is written: a crash (or
        # `halt()`) may then lose acknowledged transactions. Tests of outages need it on.
        self.options = _SERVER_OPTIONS
        if durable_commits:
            self.options = self.options.replace("synchronous_commit=off", "synchronous_commit=on")
        self.user = _run_as()
        self.root = Path(tempfile.mkdtemp(prefix="packdesk-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root / "socket"
        self.log = self.root / "server.log"

    def _cmd(self, tool: str, *args: str) -> list[str]:
        cmd = [str(self.bin_dir / tool), *args]
        if self.user is not None:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        return cmd

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run(
            self._cmd(tool, *args), capture_output=True, text=True, timeout=60, check=False
        )
        if done.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"{tool} failed: {done.stdout}\n{done.stderr}\n{log[-2000:]}")

    @property
    def url(self) -> str:
        """`postgresql+asyncpg://` URL of the default database over the unix socket."""
        return self.database_url(PG_DATABASE)

    def database_url(self, name: str) -> str:
        """The URL of database `name` of this cluster."""
        return f"postgresql+asyncpg://{PG_USER}@/{name}?host={self.socket_dir}"

    def create_database(self, name: str) -> str:
        """Create an empty database and return its URL."""
        self._run("createdb", "-h", str(self.socket_dir), "-U", PG_USER, name)
        return self.database_url(name)

    def start(self) -> PostgresCluster:
        """Create the cluster and its database and start the server (waits until it accepts)."""
        self.socket_dir.mkdir()
        if self.user is not None:
            info = pwd.getpwnam(self.user)
            for path in (self.root, self.socket_dir):
                os.chown(path, info.pw_uid, info.pw_gid)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            PG_USER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        self.resume()
        try:
            self.create_database(PG_DATABASE)
        except BaseException:
            self.stop()
            raise
        return self

    def resume(self) -> None:
        """Start the server of the existing cluster (waits until it accepts connections)."""
        opts = f"-k {self.socket_dir} {self.options}"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", opts, "-w", "start")

    def halt(self) -> None:
        """Stop the server at once, as a crash would (`pg_ctl stop -m immediate`); data stays."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def stop(self) -> None:
        """Stop the server at once and remove the directory."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@contextlib.contextmanager
def throwaway_cluster(*, durable_commits: bool = False) -> Iterator[PostgresCluster]:
    """A started cluster, removed afterwards; skips the test when asyncpg or PostgreSQL lack."""
    pytest.importorskip("asyncpg", reason="asyncpg is not installed (pip install -e '.[postgres]')")
    bin_dir = find_pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (no initdb/pg_ctl; apt-get install postgresql)")
    pg = PostgresCluster(bin_dir, durable_commits=durable_commits).start()
    try:
        yield pg
    finally:
        pg.stop()
