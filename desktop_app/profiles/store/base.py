"""The store's file (`StoreFile`: opening and migrating it, its owner record, transactions and
queries) and `StoreResource`, the base of each kind of row kept in it."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from desktop_app.paths import STORE_DB_NAME
from desktop_app.profiles.files import remove_stale_temp_files
from desktop_app.profiles.store.records import StoreError, StoreMismatchError
from desktop_app.profiles.store.schema import MIGRATIONS
from desktop_app.sqlite_db import NewerSchemaError, migrate, open_db, transaction

DB_NAME = STORE_DB_NAME
LABELS_DIR = "labels"
# A temp file younger than this may belong to a write in progress in another process.
STALE_TEMP_SECONDS = 600.0

# Test seam for the crash-consistency tests: called with the name of each step of
# `complete()` ("label_written", "before_commit", "committed"); a test's child process
# sets it to kill itself exactly there. None in the app.
_fault_hook: Callable[[str], None] | None = None


def _fault(point: str) -> None:
    if _fault_hook is not None:
        _fault_hook(point)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _normalize_time(value: Any) -> str:
    """An ISO timestamp in UTC with microseconds, so that text order is time order."""
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value.strip())
        except ValueError:
            return _now()
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=UTC)
        return parsed.astimezone(UTC).isoformat(timespec="microseconds")
    return _now()


class NewerStoreError(StoreError, NewerSchemaError):
    """The store was written by a newer Packdesk."""


class StoreFile:
    """SQLite + label files of one profile. Thread-safe; every method is short and blocking."""

    def __init__(
        self,
        profile_dir: Path,
        *,
        profile_id: str | None = None,
        environment: str | None = None,
    ) -> None:
        self.profile_dir = Path(profile_dir)
        self.profile_dir.mkdir(parents=True, exist_ok=True)
        self.db_path = self.profile_dir / DB_NAME
        self.labels_dir = self.profile_dir / LABELS_DIR
        self.labels_dir.mkdir(exist_ok=True)
        self._lock = threading.RLock()
        self._conn = open_db(self.db_path, busy_timeout=30.0, synchronous="FULL", foreign_keys=True)
        try:
            migrate(
                self._conn, self._lock, MIGRATIONS, what=str(self.db_path), error=NewerStoreError
            )
            self._claim(profile_id, environment)
        except BaseException:
            self._conn.close()
            raise
        remove_stale_temp_files(self.labels_dir, older_than_seconds=STALE_TEMP_SECONDS)

    # --- plumbing -----------------------------------------------------------------------------

    def close(self) -> None:
        """Close the database connection."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (see `sqlite_db.transaction`)."""
        with transaction(self._conn, self._lock) as conn:
            yield conn

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of one read."""
        with self._lock:
            return list(self._conn.execute(sql, params).fetchall())

    def _claim(self, profile_id: str | None, environment: str | None) -> None:
        """Record which profile owns this store; refuse to open another profile's store."""
        with self.tx() as conn:
            for key, value in (("profile_id", profile_id), ("environment", environment)):
                if value is None:
                    continue
                row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
                if row is None:
                    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))
                elif row["value"] != value:
                    raise StoreMismatchError(
                        f"the store in {self.profile_dir} belongs to {key} {row['value']!r}, "
                        f"not {value!r}: profiles never share a store"
                    )

    @property
    def schema_version(self) -> int:
        """The schema version on disk."""
        return int(self.query("PRAGMA user_version")[0][0])

    def meta(self) -> dict[str, str]:
        """The store's owner record (profile_id, environment)."""
        return {r["key"]: r["value"] for r in self.query("SELECT key, value FROM meta")}


class StoreResource:
    """One kind of row of the store (shipments, journal, orders, drafts) on the shared file:
    `ProfileStore` composes one of each."""

    def __init__(self, file: StoreFile) -> None:
        self.file = file
        self.profile_dir = file.profile_dir
        self.labels_dir = file.labels_dir

    def _tx(self) -> AbstractContextManager[sqlite3.Connection]:
        return self.file.tx()

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return self.file.query(sql, params)
