"""The desk's local SQLite files (the profile store, the print queue): opening and migrating.

Both open their file the same way (WAL, a busy time-out, one connection shared by threads
under a lock, explicit transactions) and keep their schema as a versioned list of migrations:
`migrations[n]` brings the schema from version n to n + 1. A file written by a newer Packdesk
(a version above the list's length) is refused with `NewerSchemaError` rather than read with
a schema this code does not know.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

Migrations = Sequence[Sequence[str]]
Synchronous = Literal["NORMAL", "FULL"]


class NewerSchemaError(Exception):
    """The file was written by a newer Packdesk: its schema is beyond this code's migrations."""


def enable_wal(conn: sqlite3.Connection, timeout: float = 30.0) -> None:
    """Put the database in WAL mode, waiting while another process holds it.

    Switching the journal mode takes an exclusive lock and SQLite answers "database is
    locked" at once (its busy handler is not used for it) when another process opens the
    same fresh file at that moment: the app, `packdesk batch` and the print queue do.
    WAL is a property of the file, so once any of them has set it the others only read it.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() != "wal":
                conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def open_db(
    path: Path,
    *,
    busy_timeout: float,
    synchronous: Synchronous,
    foreign_keys: bool = False,
) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), rows as `sqlite3.Row`,
    usable from several threads (the caller serialises them), the file in WAL mode."""
    if synchronous not in ("NORMAL", "FULL"):
        raise ValueError(f"synchronous must be NORMAL or FULL, not {synchronous!r}")
    conn = sqlite3.connect(
        path, timeout=busy_timeout, isolation_level=None, check_same_thread=False
    )
    conn.row_factory = sqlite3.Row
    try:
        enable_wal(conn, timeout=max(busy_timeout, 30.0))
        conn.execute(f"PRAGMA synchronous={synchronous}")
        if foreign_keys:
            conn.execute("PRAGMA foreign_keys=ON")
        conn.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
    except BaseException:
        conn.close()
        raise
    return conn


@contextmanager
def transaction(conn: sqlite3.Connection, lock: threading.RLock) -> Iterator[sqlite3.Connection]:
    """One write transaction; BEGIN IMMEDIATE takes the write lock at once (no upgrade race)."""
    with lock:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


class VersionRecord:
    """Where a schema's version is kept: the file's `user_version` (the file's owner), or a
    one-row table of its own (a schema that may live in another's file without touching it)."""

    def __init__(self, table: str | None = None) -> None:
        self.table = table

    def read(self, conn: sqlite3.Connection) -> int | None:
        """The recorded version; None when a table record does not exist yet."""
        if self.table is None:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])
        exists = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (self.table,)
        ).fetchone()
        if exists is None:
            return None
        row = conn.execute(f"SELECT version FROM {self.table}").fetchone()
        return int(row[0]) if row is not None else None

    def write(self, conn: sqlite3.Connection, version: int) -> None:
        """Record `version` (inside the migration's transaction)."""
        if self.table is None:
            conn.execute(f"PRAGMA user_version = {int(version)}")
            return
        conn.execute(f"CREATE TABLE IF NOT EXISTS {self.table} (version INTEGER NOT NULL)")
        conn.execute(f"DELETE FROM {self.table}")
        conn.execute(f"INSERT INTO {self.table} (version) VALUES (?)", (version,))


def migrate(
    conn: sqlite3.Connection,
    lock: threading.RLock,
    migrations: Migrations,
    *,
    what: str,
    record: VersionRecord | None = None,
    unversioned: Callable[[sqlite3.Connection], int] | None = None,
    error: type[NewerSchemaError] = NewerSchemaError,
) -> int:
    """Bring the schema to `len(migrations)` in one transaction; returns the version found.

    `what` names the file in the refusal of a newer one (raised as `error`).
    `unversioned(conn)` tells which version a file from before its schema was versioned is at
    (its record is missing).
    """
    record = record or VersionRecord()
    latest = len(migrations)
    with transaction(conn, lock):
        found = record.read(conn)
        if found is None:
            found = unversioned(conn) if unversioned is not None else 0
        if found > latest:
            raise error(
                f"{what} was written by a newer Packdesk (schema {found}, this version knows "
                f"up to {latest}); update Packdesk to open it"
            )
        for step in migrations[found:]:
            for statement in step:
                conn.execute(statement)
        if found != latest or record.read(conn) is None:
            record.write(conn, latest)
    return found
