"""The `print_jobs` table: its versioned schema and every SQL statement the queue runs.

The table's schema version is kept in its own one-row table (`print_jobs_schema`), not in the
file's `user_version`, so that the queue can keep its table in a file another schema owns
(the app gives it a file of its own, `paths.PRINT_QUEUE_DB_NAME`). A queue file from before
the version was recorded is recognised by its columns.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue.jobs import PrintJob, QueueError
from desktop_app.sqlite_db import Synchronous, VersionRecord, migrate, open_db, transaction

# MIGRATIONS[n] brings the table from version n to n + 1
MIGRATIONS: list[list[str]] = [
    [
        """CREATE TABLE IF NOT EXISTS print_jobs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            printer TEXT NOT NULL,
            printer_json TEXT NOT NULL,
            state TEXT NOT NULL,
            title TEXT NOT NULL,
            reference TEXT,
            document BLOB NOT NULL,
            doc_kind TEXT NOT NULL,
            source_format TEXT,
            attempts INTEGER NOT NULL DEFAULT 0,
            connected INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            notes TEXT,
            next_attempt_at REAL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            acknowledged_at REAL
        )""",
        "CREATE INDEX IF NOT EXISTS print_jobs_by_printer ON print_jobs (printer, state, id)",
    ],
    [
        # why a job waits for its printer (out of labels, head open, ...): see `health`
        "ALTER TABLE print_jobs ADD COLUMN held_reason TEXT",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)
VERSION_TABLE = "print_jobs_schema"
COLUMNS = (
    "id, printer, state, title, reference, doc_kind, source_format, attempts, connected, "
    "last_error, notes, next_attempt_at, held_reason, created_at, updated_at, acknowledged_at"
)


def _unversioned(conn: sqlite3.Connection) -> int:
    """The version of a file without a recorded one: none (0), or a table of version 1 or 2."""
    columns = {row[1] for row in conn.execute("PRAGMA table_info(print_jobs)")}
    if not columns:
        return 0
    return 2 if "held_reason" in columns else 1


class JobTable:
    """The queue's SQLite connection, shared by the event loop's thread and executor threads:
    one user at a time (`lock`); every method is short and blocking."""

    def __init__(self, db_path: Path, *, synchronous: Synchronous = "NORMAL") -> None:
        self.db_path = Path(db_path)
        self._db = open_db(self.db_path, busy_timeout=10.0, synchronous=synchronous)
        self.lock = threading.RLock()
        try:
            migrate(
                self._db,
                self.lock,
                MIGRATIONS,
                what=f"the print queue {self.db_path}",
                record=VersionRecord(VERSION_TABLE),
                unversioned=_unversioned,
            )
        except BaseException:
            self._db.close()
            raise

    def close(self) -> None:
        """Close the connection."""
        with self.lock:
            self._db.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (see `sqlite_db.transaction`)."""
        with transaction(self._db, self.lock) as conn:
            yield conn

    def row(self, job_id: int) -> PrintJob:
        """The job with this id (QueueError if unknown)."""
        sql = f"SELECT {COLUMNS} FROM print_jobs WHERE id = ?"
        with self.lock:
            row = self._db.execute(sql, (job_id,)).fetchone()
        if row is None:
            raise QueueError(f"no print job {job_id}")
        return PrintJob.from_row(row)

    def write(self, job_id: int, fields: dict[str, Any]) -> PrintJob:
        """Change a job's fields; the changed job."""
        fields["updated_at"] = time.time()
        sets = ", ".join(f"{k} = ?" for k in fields)
        with self.lock:
            self._db.execute(
                f"UPDATE print_jobs SET {sets} WHERE id = ?", (*fields.values(), job_id)
            )
            return self.row(job_id)

    def document(self, job_id: int) -> tuple[bytes, PrinterDefinition]:
        """The job's label document and the printer definition it was enqueued for."""
        with self.lock:
            row = self._db.execute(
                "SELECT document, printer_json FROM print_jobs WHERE id = ?", (job_id,)
            ).fetchone()
        return bytes(row["document"]), PrinterDefinition.from_json(json.loads(row["printer_json"]))

    def insert(
        self,
        conn: sqlite3.Connection,
        printer: PrinterDefinition,
        document: bytes,
        kind: str,
        title: str,
        source_format: str | None,
        reference: str | None,
    ) -> int:
        """Insert a queued job inside the caller's `transaction()`; its id."""
        now = time.time()
        cur = conn.execute(
            "INSERT INTO print_jobs (printer, printer_json, state, title, reference, document,"
            " doc_kind, source_format, created_at, updated_at)"
            " VALUES (?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?)",
            (
                printer.name,
                json.dumps(printer.to_json()),
                title,
                reference,
                document,
                kind,
                source_format,
                now,
                now,
            ),
        )
        return int(cur.lastrowid or 0)

    def jobs(
        self, printer: str | None = None, states: Iterable[str] | None = None, limit: int = 500
    ) -> list[PrintJob]:
        """Jobs, oldest first, optionally of one printer and/or in some states."""
        where: list[str] = []
        args: list[Any] = []
        if printer is not None:
            where.append("printer = ?")
            args.append(printer)
        if states is not None:
            states = list(states)
            where.append(f"state IN ({', '.join('?' * len(states))})")
            args += states
        sql = f"SELECT {COLUMNS} FROM print_jobs"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id LIMIT ?"
        with self.lock:
            rows = self._db.execute(sql, (*args, limit)).fetchall()
        return [PrintJob.from_row(r) for r in rows]

    def purge(self, older_than: float) -> int:
        """Delete settled jobs last updated before `older_than`; the count."""
        with self.transaction() as conn:
            cur = conn.execute(
                "DELETE FROM print_jobs WHERE state IN ('done', 'canceled') AND updated_at < ?",
                (older_than,),
            )
        return cur.rowcount

    def status_head(self, printer: str) -> tuple[int, PrintJob | None]:
        """How many jobs the printer has to print, and the job its status is read from: its
        oldest unsettled one, else its oldest needing attention."""
        # a count and one row, not every unsettled job: the GUI asks after every job change
        # (a batch of 100 labels read 13,000 rows on the event loop's thread)
        head_sql = f"SELECT {COLUMNS} FROM print_jobs WHERE printer = ? AND state IN "
        with self.lock:
            pending = int(
                self._db.execute(
                    "SELECT COUNT(*) FROM print_jobs WHERE printer = ?"
                    " AND state IN ('queued', 'waiting', 'sending')",
                    (printer,),
                ).fetchone()[0]
            )
            if pending:
                sql = head_sql + "('queued', 'waiting', 'sending') ORDER BY id LIMIT 1"
            else:
                sql = head_sql + "('needs_attention') ORDER BY id LIMIT 1"
            row = self._db.execute(sql, (printer,)).fetchone()
        return pending, PrintJob.from_row(row) if row is not None else None

    def next_pending(self, printer: str) -> PrintJob | None:
        """The printer's oldest queued or waiting job (call under `lock` to act on it)."""
        with self.lock:
            row = self._db.execute(
                f"SELECT {COLUMNS} FROM print_jobs"
                " WHERE printer = ? AND state IN ('queued', 'waiting') ORDER BY id LIMIT 1",
                (printer,),
            ).fetchone()
        return PrintJob.from_row(row) if row is not None else None

    def recover_interrupted(self, message: str) -> None:
        """After a crash: a job left `sending` goes back to the queue if it never connected
        (nothing can have reached the printer), else needs attention with `message`."""
        now = time.time()
        with self.transaction() as conn:
            conn.execute(
                "UPDATE print_jobs SET state = 'queued', updated_at = ? "
                "WHERE state = 'sending' AND connected = 0",
                (now,),
            )
            conn.execute(
                "UPDATE print_jobs SET state = 'needs_attention', last_error = ?, updated_at = ? "
                "WHERE state = 'sending' AND connected = 1",
                (message, now),
            )

    def printers_with_pending(self) -> list[str]:
        """The printers that have queued or waiting jobs."""
        with self.lock:
            rows = self._db.execute(
                "SELECT DISTINCT printer FROM print_jobs WHERE state IN ('queued', 'waiting')"
            ).fetchall()
        return [row["printer"] for row in rows]
