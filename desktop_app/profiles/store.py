"""The per-profile store: shipments created from this desk, their label files, the creation journal.

One SQLite file (`store.sqlite3`, WAL, synchronous=FULL, foreign keys) and a `labels/` folder
under the profile's data dir; sandbox and live profiles never share one (the store records
which profile it belongs to and refuses another). Every write is one transaction; a label
file is written (temp + fsync + rename) before the row that points to it is committed, so a
crash at any point leaves no shipment row without its label. The print queue keeps its own
`print_jobs` table in the same file (`db_path`); the schema version here (`user_version`)
covers only this module's tables.

The journal (statuses `pending`, `done`, `failed`, `needs_decision`, `discarded`):
`journal_pending()` before a creation is sent; `complete()` after the answer; `fail()` with
`outcome_known=True` when the service refused it (nothing was created), with
`outcome_known=False` when the answer was lost (the entry stays `pending` with the error, to
be reconciled); `mark_needs_decision()` when reconciliation found no match; `reopen()` before a
re-send the user asked for; `discard()` when the user gives the attempt up.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.profiles.files import atomic_write_bytes, remove_stale_temp_files

DB_NAME = "store.sqlite3"
LABELS_DIR = "labels"
# A temp file younger than this may belong to a write in progress in another process.
STALE_TEMP_SECONDS = 600.0

JournalStatus = Literal["pending", "done", "failed", "needs_decision", "discarded"]
JOURNAL_STATUSES: tuple[JournalStatus, ...] = (
    "pending",
    "done",
    "failed",
    "needs_decision",
    "discarded",
)

_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,128}$")

# Test seam for the crash-consistency tests: called with the name of each step of
# `complete()` ("label_written", "before_commit", "committed"); a test's child process
# sets it to kill itself exactly there. None in the app.
_fault_hook: Callable[[str], None] | None = None


def _fault(point: str) -> None:
    if _fault_hook is not None:
        _fault_hook(point)


# Migrations in one place: MIGRATIONS[n] brings the schema from user_version n to n + 1.
MIGRATIONS: list[list[str]] = [
    [
        """CREATE TABLE IF NOT EXISTS meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
        """CREATE TABLE shipments (
            id TEXT PRIMARY KEY,
            carrier TEXT NOT NULL,
            service TEXT,
            reference_number TEXT COLLATE NOCASE,
            carrier_tracking_no TEXT COLLATE NOCASE,
            package_tracking_nos TEXT COLLATE NOCASE,
            to_name TEXT COLLATE NOCASE,
            to_company TEXT COLLATE NOCASE,
            search_text TEXT NOT NULL DEFAULT '',
            created_at TEXT NOT NULL,
            label_format TEXT,
            label_path TEXT,
            price REAL,
            json TEXT NOT NULL,
            tracking_status TEXT,
            deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
            stored_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""",
        "CREATE INDEX shipments_created ON shipments (deleted, created_at DESC)",
        "CREATE INDEX shipments_reference ON shipments (reference_number)",
        "CREATE INDEX shipments_tracking ON shipments (carrier_tracking_no)",
        "CREATE INDEX shipments_to_name ON shipments (to_name)",
        "CREATE INDEX shipments_to_company ON shipments (to_company)",
        """CREATE TABLE journal (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            created_at TEXT NOT NULL,
            attempted_at TEXT NOT NULL,
            reference_number TEXT NOT NULL,
            request_json TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN
                ('pending', 'done', 'failed', 'needs_decision', 'discarded')),
            shipment_id TEXT REFERENCES shipments (id),
            error TEXT,
            outcome_known INTEGER,
            attempts INTEGER NOT NULL DEFAULT 1,
            updated_at TEXT NOT NULL,
            CHECK (status != 'done' OR shipment_id IS NOT NULL)
        )""",
        "CREATE INDEX journal_status ON journal (status, created_at)",
        "CREATE INDEX journal_reference ON journal (reference_number)",
    ],
    [
        # the orders inbox: the profile's orders as the service (or a file) gave them, and
        # which shipment shipped each (the service has no link between the two)
        """CREATE TABLE orders (
            id TEXT PRIMARY KEY,
            external_order_id TEXT COLLATE NOCASE,
            json TEXT NOT NULL,
            placed_at TEXT,
            shipment_id TEXT,
            shipped_at TEXT,
            pack_override TEXT,
            fetched_at TEXT NOT NULL
        )""",
        "CREATE INDEX orders_external ON orders (external_order_id)",
        """CREATE TABLE order_gtins (
            order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            gtin TEXT NOT NULL,
            PRIMARY KEY (gtin, order_id)
        )""",
    ],
    [
        # what the desk was typing (one row per form), kept across a close, a crash, a switch
        """CREATE TABLE drafts (
            name TEXT PRIMARY KEY,
            json TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """A store operation that cannot be done."""


@dataclass(frozen=True, slots=True)
class StoredOrder:
    """An order of the inbox: the service's JSON, and whether (and by what) it shipped."""

    id: str
    external_order_id: str | None
    data: dict[str, Any]
    shipment_id: str | None
    shipped_at: str | None
    pack_override: str | None

    @property
    def number(self) -> str:
        """The order number a packer reads and scans (the service's id when it has none)."""
        return self.external_order_id or self.id

    @property
    def shipped(self) -> bool:
        """True once a shipment was made for it."""
        return self.shipment_id is not None


class StoreMismatchError(StoreError):
    """The store on disk belongs to another profile or environment."""


class JournalStateError(StoreError):
    """A journal entry is not in a state that allows the operation."""


class ShipmentNotFoundError(StoreError, LookupError):
    """No stored shipment with that id."""


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


def label_extension(label_format: str | None) -> str:
    """`pdf` or `zpl` for a label format name."""
    if label_format is None:
        return "pdf"
    known = LABEL_FORMATS.get(label_format)
    if known is not None:
        return known.kind
    return "zpl" if label_format.startswith("zpl") else "pdf"


@dataclass(frozen=True, slots=True)
class StoredShipment:
    """A shipment as kept by the desk: the service's JSON plus where its label is."""

    id: str
    carrier: str
    service: str | None
    reference_number: str | None
    carrier_tracking_no: str | None
    to_name: str | None
    to_company: str | None
    created_at: str
    label_format: str | None
    label_path: Path | None
    price: float | None
    tracking_status: str | None
    deleted: bool
    data: dict[str, Any]

    @property
    def label_kind(self) -> str | None:
        """`pdf`, `zpl`, or None without a label."""
        return label_extension(self.label_format) if self.label_path is not None else None

    @property
    def printable(self) -> bool:
        """True when its label file is on disk."""
        return self.label_path is not None and self.label_path.is_file()

    @property
    def recipient(self) -> str:
        """The name shown in the history: company and/or person."""
        return ", ".join(x for x in (self.to_company, self.to_name) if x)


#: the longest reference the service takes
MAX_REFERENCE = 50


def return_reference(shipment: StoredShipment) -> str:
    """The reference of a return made for `shipment`: `R-` and its reference (or id)."""
    return f"R-{shipment.reference_number or shipment.id[:12]}"[:MAX_REFERENCE]


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One creation attempt."""

    id: int
    created_at: str
    attempted_at: str
    reference_number: str
    request: dict[str, Any]
    status: JournalStatus
    shipment_id: str | None
    error: str | None
    outcome_known: bool | None
    attempts: int
    updated_at: str


def _person(address: Any) -> tuple[str | None, str | None]:
    if not isinstance(address, Mapping):
        return None, None
    first = str(address.get("first_name") or "").strip()
    last = str(address.get("last_name") or "").strip()
    company = str(address.get("company") or "").strip()
    return (" ".join(x for x in (first, last) if x) or None, company or None)


def _derived(data: Mapping[str, Any]) -> dict[str, Any]:
    """The searchable columns of a shipment JSON."""
    to_name, to_company = _person(data.get("to"))
    tracking = [
        str(p.get("carrier_tracking_no"))
        for p in data.get("packages") or []
        if isinstance(p, Mapping) and p.get("carrier_tracking_no")
    ]
    price = data.get("price")
    return {
        "carrier": str(data.get("carrier") or ""),
        "service": data.get("service"),
        "reference_number": data.get("reference_number"),
        "carrier_tracking_no": data.get("carrier_tracking_no"),
        "package_tracking_nos": " ".join(tracking) or None,
        # one lower-cased column for the history search: one LIKE per word, not five
        "search_text": "\n".join(
            str(x)
            for x in (
                to_name,
                to_company,
                data.get("reference_number"),
                data.get("carrier_tracking_no"),
                *tracking,
            )
            if x
        ).casefold(),
        "to_name": to_name,
        "to_company": to_company,
        "price": float(price) if isinstance(price, int | float) else None,
    }


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


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


class ProfileStore:
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
        self._conn = sqlite3.connect(
            self.db_path, timeout=30.0, isolation_level=None, check_same_thread=False
        )
        self._conn.row_factory = sqlite3.Row
        try:
            enable_wal(self._conn)
            self._conn.execute("PRAGMA synchronous=FULL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._conn.execute("PRAGMA busy_timeout=30000")
            self._migrate()
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

    def __enter__(self) -> ProfileStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; BEGIN IMMEDIATE takes the write lock at once (no upgrade race)."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return list(self._conn.execute(sql, params).fetchall())

    def _migrate(self) -> None:
        with self._tx() as conn:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.db_path} was written by a newer Packdesk (schema {version}); "
                    "update Packdesk to open it"
                )
            for step in MIGRATIONS[version:]:
                for statement in step:
                    conn.execute(statement)
            if version != SCHEMA_VERSION:
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _claim(self, profile_id: str | None, environment: str | None) -> None:
        """Record which profile owns this store; refuse to open another profile's store."""
        with self._tx() as conn:
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
        return int(self._query("PRAGMA user_version")[0][0])

    def meta(self) -> dict[str, str]:
        """The store's owner record (profile_id, environment)."""
        return {r["key"]: r["value"] for r in self._query("SELECT key, value FROM meta")}

    # --- rows -> objects ----------------------------------------------------------------------

    def _shipment(self, row: sqlite3.Row) -> StoredShipment:
        return StoredShipment(
            id=row["id"],
            carrier=row["carrier"],
            service=row["service"],
            reference_number=row["reference_number"],
            carrier_tracking_no=row["carrier_tracking_no"],
            to_name=row["to_name"],
            to_company=row["to_company"],
            created_at=row["created_at"],
            label_format=row["label_format"],
            label_path=self.profile_dir / row["label_path"] if row["label_path"] else None,
            price=row["price"],
            tracking_status=row["tracking_status"],
            deleted=bool(row["deleted"]),
            data=json.loads(row["json"]),
        )

    @staticmethod
    def _entry(row: sqlite3.Row) -> JournalEntry:
        known = row["outcome_known"]
        return JournalEntry(
            id=row["id"],
            created_at=row["created_at"],
            attempted_at=row["attempted_at"],
            reference_number=row["reference_number"],
            request=json.loads(row["request_json"]),
            status=row["status"],
            shipment_id=row["shipment_id"],
            error=row["error"],
            outcome_known=None if known is None else bool(known),
            attempts=row["attempts"],
            updated_at=row["updated_at"],
        )

    # --- orders inbox -------------------------------------------------------------------------

    @staticmethod
    def _order(row: sqlite3.Row) -> StoredOrder:
        return StoredOrder(
            id=row["id"],
            external_order_id=row["external_order_id"],
            data=json.loads(row["json"]),
            shipment_id=row["shipment_id"],
            shipped_at=row["shipped_at"],
            pack_override=row["pack_override"],
        )

    def put_orders(self, orders: Iterable[Mapping[str, Any]]) -> int:
        """Add or refresh orders (wire JSON with `id`) in one transaction; whether one shipped
        is kept. Returns how many were new."""
        added = 0
        now = _now()
        with self._tx() as conn:
            for order in orders:
                order_id = str(order["id"])
                known = conn.execute("SELECT 1 FROM orders WHERE id = ?", (order_id,)).fetchone()
                added += known is None
                conn.execute(
                    "INSERT INTO orders (id, external_order_id, json, placed_at, fetched_at)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET"
                    " external_order_id = excluded.external_order_id, json = excluded.json,"
                    " placed_at = excluded.placed_at, fetched_at = excluded.fetched_at",
                    (
                        order_id,
                        order.get("external_order_id"),
                        json.dumps(order, ensure_ascii=False, sort_keys=True),
                        order.get("placed_at"),
                        now,
                    ),
                )
                gtins = {
                    str(item["gtin"]).strip()
                    for item in order.get("order_line_items") or []
                    if isinstance(item, Mapping) and item.get("gtin")
                }
                conn.execute("DELETE FROM order_gtins WHERE order_id = ?", (order_id,))
                conn.executemany(
                    "INSERT INTO order_gtins (order_id, gtin) VALUES (?, ?)",
                    [(order_id, gtin) for gtin in sorted(gtins)],
                )
        return added

    def find_orders(self, code: str) -> list[StoredOrder]:
        """Orders whose number is `code` (case-insensitive), else those with an item of this
        GTIN; open orders first, then the newest."""
        code = code.strip()
        order_by = " ORDER BY (shipment_id IS NOT NULL), placed_at DESC, id"
        rows = self._query("SELECT * FROM orders WHERE external_order_id = ?" + order_by, (code,))
        if not rows:
            rows = self._query(
                "SELECT * FROM orders WHERE id = ? OR id IN"
                " (SELECT order_id FROM order_gtins WHERE gtin = ?)" + order_by,
                (code, code),
            )
        return [self._order(r) for r in rows]

    def get_order(self, order_id: str) -> StoredOrder:
        """An order of the inbox (KeyError when there is none with this id)."""
        rows = self._query("SELECT * FROM orders WHERE id = ?", (order_id,))
        if not rows:
            raise KeyError(order_id)
        return self._order(rows[0])

    def list_orders(self, *, open_only: bool = False, limit: int = 500) -> list[StoredOrder]:
        """The inbox, newest first (only the orders not shipped yet with `open_only`)."""
        where = " WHERE shipment_id IS NULL" if open_only else ""
        rows = self._query(
            "SELECT * FROM orders" + where + " ORDER BY placed_at DESC, id LIMIT ?", (limit,)
        )
        return [self._order(r) for r in rows]

    def mark_order_shipped(
        self, order_id: str, shipment_id: str, *, pack_override: str | None = None
    ) -> StoredOrder:
        """Link an order to the shipment that shipped it (once: a linked order keeps its
        shipment). `pack_override` records why it shipped with its pack check incomplete."""
        with self._tx() as conn:
            conn.execute(
                "UPDATE orders SET shipment_id = ?, shipped_at = ?, pack_override = ?"
                " WHERE id = ? AND shipment_id IS NULL",
                (shipment_id, _now(), pack_override, order_id),
            )
        return self.get_order(order_id)

    # --- journal ------------------------------------------------------------------------------

    def journal_pending(self, request: Mapping[str, Any], reference: str) -> int:
        """Record a creation about to be sent; returns the journal id. Call BEFORE sending."""
        if not reference or not reference.strip():
            raise ValueError("a journaled creation needs a reference number to be reconciled")
        body = json.dumps(request, ensure_ascii=False, sort_keys=True)
        now = _now()
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO journal (created_at, attempted_at, reference_number, request_json,"
                " status, updated_at) VALUES (?, ?, ?, ?, 'pending', ?)",
                (now, now, reference.strip(), body, now),
            )
            return int(cur.lastrowid or 0)

    def get_journal(self, journal_id: int) -> JournalEntry:
        """One journal entry (StoreError if unknown)."""
        rows = self._query("SELECT * FROM journal WHERE id = ?", (journal_id,))
        if not rows:
            raise StoreError(f"no journal entry {journal_id}")
        return self._entry(rows[0])

    def list_pending(self) -> list[JournalEntry]:
        """Entries whose outcome is not known yet (to reconcile at start-up), oldest first."""
        return self.list_journal(("pending",))

    def list_needs_decision(self) -> list[JournalEntry]:
        """Entries reconciliation could not match: the user decides (re-send or discard)."""
        return self.list_journal(("needs_decision",))

    def list_journal(
        self, statuses: Iterable[str] | None = None, *, limit: int = 1000
    ) -> list[JournalEntry]:
        """Journal entries, oldest first, optionally only those with the given statuses."""
        wanted = tuple(statuses) if statuses is not None else JOURNAL_STATUSES
        unknown = set(wanted) - set(JOURNAL_STATUSES)
        if unknown:
            raise ValueError(f"unknown journal status(es): {', '.join(sorted(unknown))}")
        marks = ", ".join("?" for _ in wanted)
        rows = self._query(
            f"SELECT * FROM journal WHERE status IN ({marks}) ORDER BY id LIMIT ?",
            (*wanted, limit),
        )
        return [self._entry(r) for r in rows]

    def _transition(
        self,
        conn: sqlite3.Connection,
        journal_id: int,
        allowed: tuple[str, ...],
        action: str,
    ) -> sqlite3.Row:
        row = conn.execute("SELECT * FROM journal WHERE id = ?", (journal_id,)).fetchone()
        if row is None:
            raise StoreError(f"no journal entry {journal_id}")
        if row["status"] not in allowed:
            raise JournalStateError(
                f"journal entry {journal_id} is {row['status']}: it cannot be {action}"
            )
        return row

    def complete(
        self,
        journal_id: int,
        shipment_json: Mapping[str, Any],
        label_bytes: bytes | None,
        label_format: str | None = None,
    ) -> StoredShipment:
        """Record the created shipment and its label, and mark the entry done, all or nothing.

        The label file is written and synced first, then one transaction inserts the
        shipment and closes the journal entry. Completing an entry that is already done
        with the same shipment returns the stored shipment (idempotent).
        """
        shipment_id = self._check_shipment(shipment_json)
        done = self._query("SELECT status, shipment_id FROM journal WHERE id = ?", (journal_id,))
        if done and done[0]["status"] == "done":
            if done[0]["shipment_id"] == shipment_id:
                return self.get_shipment(shipment_id)
            raise JournalStateError(
                f"journal entry {journal_id} is already done with shipment {done[0]['shipment_id']}"
            )
        label_format = label_format or self._format_of(shipment_json)
        label_rel = self._write_label(shipment_id, label_bytes, label_format)
        with self._tx() as conn:
            self._transition(
                conn, journal_id, ("pending", "failed", "needs_decision", "discarded"), "completed"
            )
            self._upsert(conn, shipment_json, label_rel, label_format)
            conn.execute(
                "UPDATE journal SET status = 'done', shipment_id = ?, error = NULL,"
                " outcome_known = 1, updated_at = ? WHERE id = ?",
                (shipment_id, _now(), journal_id),
            )
            _fault("before_commit")
        _fault("committed")
        return self.get_shipment(shipment_id)

    def fail(self, journal_id: int, error: str, outcome_known: bool) -> JournalEntry:
        """Record a failed attempt: `failed` if the service refused it, else stays `pending`."""
        with self._tx() as conn:
            self._transition(conn, journal_id, ("pending",), "marked failed")
            status = "failed" if outcome_known else "pending"
            conn.execute(
                "UPDATE journal SET status = ?, error = ?, outcome_known = ?, updated_at = ?"
                " WHERE id = ?",
                (status, error, int(outcome_known), _now(), journal_id),
            )
        return self.get_journal(journal_id)

    def mark_needs_decision(self, journal_id: int, reason: str | None = None) -> JournalEntry:
        """Reconciliation found no shipment for this attempt: the user must decide."""
        with self._tx() as conn:
            row = self._transition(
                conn, journal_id, ("pending", "needs_decision"), "marked for a decision"
            )
            conn.execute(
                "UPDATE journal SET status = 'needs_decision', error = ?, updated_at = ?"
                " WHERE id = ?",
                (reason if reason is not None else row["error"], _now(), journal_id),
            )
        return self.get_journal(journal_id)

    def reopen(self, journal_id: int) -> JournalEntry:
        """Back to `pending` before a re-send the user asked for (new attempt time)."""
        with self._tx() as conn:
            self._transition(conn, journal_id, ("needs_decision", "failed"), "re-sent")
            now = _now()
            conn.execute(
                "UPDATE journal SET status = 'pending', attempted_at = ?, error = NULL,"
                " outcome_known = NULL, attempts = attempts + 1, updated_at = ? WHERE id = ?",
                (now, now, journal_id),
            )
        return self.get_journal(journal_id)

    def discard(self, journal_id: int) -> JournalEntry:
        """The user gives this attempt up."""
        with self._tx() as conn:
            self._transition(conn, journal_id, ("pending", "needs_decision", "failed"), "discarded")
            conn.execute(
                "UPDATE journal SET status = 'discarded', updated_at = ? WHERE id = ?",
                (_now(), journal_id),
            )
        return self.get_journal(journal_id)

    # --- shipments ----------------------------------------------------------------------------

    @staticmethod
    def _check_shipment(shipment_json: Mapping[str, Any]) -> str:
        shipment_id = shipment_json.get("id")
        if not isinstance(shipment_id, str) or not _SAFE_ID.match(shipment_id):
            raise ValueError(f"a shipment needs a plain id (got {shipment_id!r})")
        if not shipment_json.get("carrier"):
            raise ValueError("a shipment needs a carrier")
        return shipment_id

    @staticmethod
    def _format_of(shipment_json: Mapping[str, Any]) -> str | None:
        label = shipment_json.get("label")
        if isinstance(label, Mapping) and isinstance(label.get("format"), str):
            return str(label["format"])
        return None

    def _write_label(
        self, shipment_id: str, label_bytes: bytes | None, label_format: str | None
    ) -> str | None:
        """Write the label file durably; returns its path relative to the profile dir."""
        if label_bytes is None:
            return None
        rel = f"{LABELS_DIR}/{shipment_id}.{label_extension(label_format)}"
        atomic_write_bytes(self.profile_dir / rel, label_bytes, mode=0o600)
        _fault("label_written")
        return rel

    def _upsert(
        self,
        conn: sqlite3.Connection,
        shipment_json: Mapping[str, Any],
        label_rel: str | None,
        label_format: str | None,
    ) -> None:
        d = _derived(shipment_json)
        now = _now()
        conn.execute(
            """INSERT INTO shipments (id, carrier, service, reference_number, carrier_tracking_no,
                   package_tracking_nos, to_name, to_company, search_text, created_at,
                   label_format, label_path,
                   price, json, tracking_status, deleted, stored_at, updated_at)
               VALUES (:id, :carrier, :service, :reference_number, :carrier_tracking_no,
                   :package_tracking_nos, :to_name, :to_company, :search_text, :created_at,
                   :label_format,
                   :label_path, :price, :json, NULL, 0, :now, :now)
               ON CONFLICT (id) DO UPDATE SET
                   carrier = excluded.carrier, service = excluded.service,
                   reference_number = excluded.reference_number,
                   carrier_tracking_no = excluded.carrier_tracking_no,
                   package_tracking_nos = excluded.package_tracking_nos,
                   to_name = excluded.to_name, to_company = excluded.to_company,
                   search_text = excluded.search_text,
                   label_format = COALESCE(excluded.label_format, shipments.label_format),
                   label_path = COALESCE(excluded.label_path, shipments.label_path),
                   price = excluded.price, json = excluded.json, updated_at = excluded.updated_at
            """,
            {
                **d,
                "id": shipment_json["id"],
                "created_at": _normalize_time(shipment_json.get("created_at")),
                "label_format": label_format if label_rel is not None else None,
                "label_path": label_rel,
                "json": json.dumps(shipment_json, ensure_ascii=False),
                "now": now,
            },
        )

    def add_shipment(
        self,
        shipment_json: Mapping[str, Any],
        label_bytes: bytes | None = None,
        label_format: str | None = None,
    ) -> StoredShipment:
        """Record a shipment outside the journal (label first, then the row), or refresh it."""
        shipment_id = self._check_shipment(shipment_json)
        label_format = label_format or self._format_of(shipment_json)
        label_rel = self._write_label(shipment_id, label_bytes, label_format)
        with self._tx() as conn:
            self._upsert(conn, shipment_json, label_rel, label_format)
        return self.get_shipment(shipment_id)

    def store_label(self, shipment_id: str, label_bytes: bytes, label_format: str) -> Path:
        """Save (or replace) the label of a stored shipment, e.g. after a re-download."""
        self.get_shipment(shipment_id)
        label_rel = self._write_label(shipment_id, label_bytes, label_format)
        with self._tx() as conn:
            conn.execute(
                "UPDATE shipments SET label_path = ?, label_format = ?, updated_at = ?"
                " WHERE id = ?",
                (label_rel, label_format, _now(), shipment_id),
            )
        return self.profile_dir / str(label_rel)

    def get_shipment(self, shipment_id: str) -> StoredShipment:
        """A stored shipment (ShipmentNotFoundError if this store has none with that id)."""
        rows = self._query("SELECT * FROM shipments WHERE id = ?", (shipment_id,))
        if not rows:
            raise ShipmentNotFoundError(f"no stored shipment {shipment_id}")
        return self._shipment(rows[0])

    def find_by_reference(self, reference: str) -> list[StoredShipment]:
        """Stored shipments with exactly this reference number (case-insensitive)."""
        rows = self._query(
            "SELECT * FROM shipments WHERE reference_number = ? ORDER BY created_at DESC",
            (reference,),
        )
        return [self._shipment(r) for r in rows]

    def find_returns(self, shipment: StoredShipment) -> list[StoredShipment]:
        """The return shipments made for `shipment`, newest first (not deleted ones).

        A return records its origin in `metadata.return_of`; a return made before that (or
        elsewhere) is found by the reference Packdesk gives returns, `R-<reference>` (or
        `R-<first 12 characters of the id>`), with the same carrier.
        """
        rows = self._query(
            "SELECT * FROM shipments WHERE deleted = 0 AND service = 'returns' AND id != ?"
            " AND (json_extract(json, '$.metadata.return_of') = ?"
            " OR (carrier = ? AND reference_number = ?))"
            " ORDER BY created_at DESC, stored_at DESC",
            (shipment.id, shipment.id, shipment.carrier, return_reference(shipment)),
        )
        return [self._shipment(r) for r in rows]

    def _where(self, query: str | None, include_deleted: bool) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        params: list[Any] = []
        if not include_deleted:
            clauses.append("deleted = 0")
        for word in (query or "").casefold().split():
            clauses.append("search_text LIKE ? ESCAPE '\\'")
            params.append(f"%{_escape_like(word)}%")
        return (" WHERE " + " AND ".join(clauses) if clauses else ""), params

    def list_shipments(
        self,
        query: str | None = None,
        limit: int = 50,
        offset: int = 0,
        *,
        include_deleted: bool = False,
    ) -> list[StoredShipment]:
        """History, newest first; each word of `query` matches a name, reference or tracking no."""
        where, params = self._where(query, include_deleted)
        rows = self._query(
            # the service's times have whole seconds: ties go by when this desk stored them
            f"SELECT * FROM shipments{where}"
            " ORDER BY created_at DESC, stored_at DESC, id LIMIT ? OFFSET ?",
            (*params, max(0, limit), max(0, offset)),
        )
        return [self._shipment(r) for r in rows]

    def count_shipments(self, query: str | None = None, *, include_deleted: bool = False) -> int:
        """How many shipments `list_shipments` would page through."""
        where, params = self._where(query, include_deleted)
        return int(self._query(f"SELECT COUNT(*) FROM shipments{where}", params)[0][0])

    def label_path(self, shipment_id: str) -> Path | None:
        """The label file of a stored shipment, or None if it has none."""
        return self.get_shipment(shipment_id).label_path

    def update_tracking(
        self,
        shipment_id: str,
        tracking_status: str | None,
        shipment_json: Mapping[str, Any] | None = None,
    ) -> StoredShipment:
        """Record the latest tracking status (and the refreshed shipment JSON, if given)."""
        with self._tx() as conn:
            exists = conn.execute("SELECT 1 FROM shipments WHERE id = ?", (shipment_id,))
            if exists.fetchone() is None:
                raise ShipmentNotFoundError(f"no stored shipment {shipment_id}")
            if shipment_json is not None:
                if shipment_json.get("id") != shipment_id:
                    raise ValueError("the refreshed shipment has another id")
                self._upsert(conn, shipment_json, None, None)
            conn.execute(
                "UPDATE shipments SET tracking_status = ?, updated_at = ? WHERE id = ?",
                (tracking_status, _now(), shipment_id),
            )
        return self.get_shipment(shipment_id)

    def mark_deleted(self, shipment_id: str) -> StoredShipment:
        """The shipment was deleted on the service; it stays in the history, marked deleted."""
        with self._tx() as conn:
            cur = conn.execute(
                "UPDATE shipments SET deleted = 1, updated_at = ? WHERE id = ?",
                (_now(), shipment_id),
            )
            if cur.rowcount == 0:
                raise ShipmentNotFoundError(f"no stored shipment {shipment_id}")
        return self.get_shipment(shipment_id)

    # --- drafts -------------------------------------------------------------------------------

    def save_draft(self, name: str, data: Mapping[str, Any]) -> None:
        """Keep what is typed in the form called `name` (replacing its previous draft)."""
        text = json.dumps(data, ensure_ascii=False, sort_keys=True)
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO drafts (name, json, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET json = excluded.json, "
                "updated_at = excluded.updated_at",
                (name, text, _now()),
            )

    def load_draft(self, name: str) -> dict[str, Any] | None:
        """The draft of the form called `name`, or None (none kept, or unreadable)."""
        rows = self._query("SELECT json FROM drafts WHERE name = ?", (name,))
        if not rows:
            return None
        try:
            data = json.loads(rows[0]["json"])
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def clear_draft(self, name: str) -> None:
        """Forget the draft of `name` (the shipment was created or the form emptied)."""
        with self._tx() as conn:
            conn.execute("DELETE FROM drafts WHERE name = ?", (name,))

    # --- consistency --------------------------------------------------------------------------

    def check(self) -> list[str]:
        """Consistency problems (none expected, even after a crash): for tests and diagnostics."""
        problems: list[str] = []
        rows = self._query("PRAGMA integrity_check")
        if rows[0][0] != "ok":
            problems.append(f"integrity check: {rows[0][0]}")
        if self._query("PRAGMA foreign_key_check"):
            problems.append("foreign key violations")
        for row in self._query("SELECT id, label_path FROM shipments WHERE label_path IS NOT NULL"):
            if not (self.profile_dir / row["label_path"]).is_file():
                problems.append(f"shipment {row['id']}: label file {row['label_path']} missing")
        for row in self._query(
            "SELECT j.id FROM journal j LEFT JOIN shipments s ON s.id = j.shipment_id"
            " WHERE j.status = 'done' AND s.id IS NULL"
        ):
            problems.append(f"journal entry {row['id']} is done without its shipment")
        return problems

    def orphan_label_files(self) -> list[Path]:
        """Label files no shipment points to (left by a crash before the commit); harmless."""
        known = {
            r["label_path"]
            for r in self._query("SELECT label_path FROM shipments WHERE label_path IS NOT NULL")
        }
        return sorted(
            p
            for p in self.labels_dir.iterdir()
            if p.is_file() and f"{LABELS_DIR}/{p.name}" not in known
        )
