"""The shop write-back outbox and sync cursors: one SQLite file per profile
(`paths.SHOP_OUTBOX_DB_NAME` in its data folder, WAL, synchronous=FULL).

`remember()` keeps which shop order each pulled order number is. `enqueue_shipped()` looks
in the profile store for a live shipment made for each such shop order - by the order's
identity, the shop connection and the shop's own order id, which every door that makes a
shipment from an order (desk, scan station, batch) records with it; never by the number, which
another shop's order or an earlier label may share - and queues its tracking number once (one
row per shop order, UNIQUE). `deliver()` writes the due rows to their shops: written once, a
429/5xx/an outage retried later with back-off, a refusal kept with the shop's answer in words,
and a shipment cancelled (deleted) before it was written is not written. A crash at any point
loses nothing: the queue is rebuilt from the store, and a write-back repeated after a crash
between the shop's answer and the commit changes nothing in the shop (the connectors check
first).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from desktop_app.paths import SHOP_OUTBOX_DB_NAME
from desktop_app.shops.base import ShopConnection, ShopError, ShopOrder, Tracking
from desktop_app.sqlite_db import migrate, open_db, transaction

if TYPE_CHECKING:
    import sqlite3

    from desktop_app.profiles.store import ProfileStore

#: first wait after a failed attempt, doubled per attempt up to `MAX_BACKOFF`
FIRST_BACKOFF = timedelta(seconds=30)
MAX_BACKOFF = timedelta(hours=1)

MIGRATIONS: list[list[str]] = [
    [
        """CREATE TABLE shop_orders (
            shop TEXT NOT NULL COLLATE NOCASE,
            shop_order_id TEXT NOT NULL,
            number TEXT NOT NULL COLLATE NOCASE,
            modified_at TEXT,
            seen_at TEXT NOT NULL,
            PRIMARY KEY (shop, shop_order_id)
        )""",
        "CREATE INDEX shop_orders_number ON shop_orders (number)",
        """CREATE TABLE cursors (
            shop TEXT PRIMARY KEY COLLATE NOCASE,
            cursor TEXT NOT NULL
        )""",
        """CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            shop TEXT NOT NULL COLLATE NOCASE,
            shop_order_id TEXT NOT NULL,
            number TEXT NOT NULL,
            shipment_id TEXT NOT NULL,
            tracking_number TEXT NOT NULL,
            carrier TEXT NOT NULL,
            tracking_url TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('pending', 'written', 'failed', 'cancelled')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at TEXT NOT NULL,
            error TEXT,
            created_at TEXT NOT NULL,
            written_at TEXT,
            UNIQUE (shop, shop_order_id)
        )""",
        "CREATE INDEX outbox_due ON outbox (status, next_attempt_at)",
    ],
    [
        """CREATE TABLE syncs (
            shop TEXT PRIMARY KEY COLLATE NOCASE,
            synced_at TEXT NOT NULL,
            error TEXT
        )""",
    ],
]

# Test seam for the crash test: called with "written" after a shop accepted a write-back and
# before the outbox commits it; a test's child process exits there. None in the app.
_fault_hook: Callable[[str], None] | None = None


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class OutboxEntry:
    """One write-back."""

    id: int
    shop: str
    shop_order_id: str
    number: str
    shipment_id: str
    tracking: Tracking
    status: str
    attempts: int
    next_attempt_at: str
    error: str | None
    created_at: str
    written_at: str | None


@dataclass(frozen=True)
class ShopState:
    """What Settings › Shops shows of one shop: its last sync, its orders, its write-backs."""

    last_sync: str | None = None
    """When its last sync ended (ISO 8601, UTC); None: never."""
    sync_error: str | None = None
    """Why its last sync failed, in words (None: it worked)."""
    pulled: int = 0
    """Orders pulled from it so far."""
    pending: int = 0
    written: int = 0
    failed: tuple[OutboxEntry, ...] = ()
    """The write-backs the shop refused, each with the shop's answer."""


@dataclass
class Delivery:
    """What one `deliver()` did."""

    written: list[OutboxEntry] = field(default_factory=list)
    retry_later: list[OutboxEntry] = field(default_factory=list)
    failed: list[OutboxEntry] = field(default_factory=list)
    cancelled: list[OutboxEntry] = field(default_factory=list)


class ShopOutbox:
    """The outbox, the shop-order numbers and the sync cursors of one profile."""

    def __init__(self, profile_dir: Path) -> None:
        Path(profile_dir).mkdir(parents=True, exist_ok=True)
        self.path = Path(profile_dir) / SHOP_OUTBOX_DB_NAME
        self._lock = threading.RLock()
        self._conn = open_db(self.path, busy_timeout=30.0, synchronous="FULL")
        migrate(self._conn, self._lock, MIGRATIONS, what=str(self.path))

    def close(self) -> None:
        """Close the file."""
        self._conn.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with transaction(self._conn, self._lock) as conn:
            yield conn

    # --- pulled orders and cursors -------------------------------------------------------------

    def remember(self, shop: str, orders: Iterable[ShopOrder]) -> None:
        """Keep which shop order each order number is."""
        now = _iso(datetime.now(UTC))
        with self._tx() as conn:
            conn.executemany(
                "INSERT INTO shop_orders (shop, shop_order_id, number, modified_at, seen_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (shop, shop_order_id) DO UPDATE SET"
                " number = excluded.number, modified_at = excluded.modified_at,"
                " seen_at = excluded.seen_at",
                [(shop, o.shop_order_id, o.number, o.modified_at, now) for o in orders],
            )

    def cursor(self, shop: str) -> str | None:
        """Where the next sync of this shop starts (None: from the beginning)."""
        with self._lock:
            row = self._conn.execute(
                "SELECT cursor FROM cursors WHERE shop = ?", (shop,)
            ).fetchone()
        return str(row["cursor"]) if row else None

    def set_cursor(self, shop: str, cursor: str) -> None:
        """Remember where the next sync starts."""
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO cursors (shop, cursor) VALUES (?, ?)"
                " ON CONFLICT (shop) DO UPDATE SET cursor = excluded.cursor",
                (shop, cursor),
            )

    def note_sync(self, shop: str, error: str | None = None) -> None:
        """Remember that a sync of the shop just ended (and why it failed, if it did)."""
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO syncs (shop, synced_at, error) VALUES (?, ?, ?) ON CONFLICT (shop)"
                " DO UPDATE SET synced_at = excluded.synced_at, error = excluded.error",
                (shop, _iso(datetime.now(UTC)), error),
            )

    def state(self, shop: str) -> ShopState:
        """The shop's last sync, how many orders it gave, its write-backs."""
        with self._lock:
            sync = self._conn.execute(
                "SELECT synced_at, error FROM syncs WHERE shop = ?", (shop,)
            ).fetchone()
            pulled = self._conn.execute(
                "SELECT COUNT(*) FROM shop_orders WHERE shop = ?", (shop,)
            ).fetchone()[0]
            counts = dict(
                self._conn.execute(
                    "SELECT status, COUNT(*) FROM outbox WHERE shop = ? GROUP BY status", (shop,)
                ).fetchall()
            )
            failed = self._conn.execute(
                "SELECT * FROM outbox WHERE shop = ? AND status = 'failed' ORDER BY id", (shop,)
            ).fetchall()
        return ShopState(
            last_sync=sync["synced_at"] if sync else None,
            sync_error=sync["error"] if sync else None,
            pulled=int(pulled),
            pending=int(counts.get("pending", 0)),
            written=int(counts.get("written", 0)),
            failed=tuple(_entry(r) for r in failed),
        )

    def forget_shop(self, shop: str) -> None:
        """Drop a removed shop's cursor and orders (its written rows stay as history)."""
        with self._tx() as conn:
            conn.execute("DELETE FROM syncs WHERE shop = ?", (shop,))
            conn.execute("DELETE FROM cursors WHERE shop = ?", (shop,))
            conn.execute("DELETE FROM shop_orders WHERE shop = ?", (shop,))
            conn.execute("DELETE FROM outbox WHERE shop = ? AND status = 'pending'", (shop,))

    # --- the outbox ----------------------------------------------------------------------------

    def enqueue_shipped(self, store: ProfileStore) -> int:
        """Queue the tracking number of every shop order a live shipment with a tracking
        number was made for (by the order's identity only) and that is not queued yet; how
        many were queued."""
        with self._lock:
            open_orders = self._conn.execute(
                "SELECT shop, shop_order_id, number FROM shop_orders s WHERE NOT EXISTS"
                " (SELECT 1 FROM outbox o WHERE o.shop = s.shop"
                " AND o.shop_order_id = s.shop_order_id)"
            ).fetchall()
        queued = 0
        now = _iso(datetime.now(UTC))
        for row in open_orders:
            made = store.shipments.find_for_shop_order(row["shop"], row["shop_order_id"])
            shipments = [s for s in made if not s.deleted and s.carrier_tracking_no]
            if not shipments:
                continue
            shipment = shipments[0]
            url = str(shipment.data.get("tracking_url") or "")
            with self._tx() as conn:
                cursor = conn.execute(
                    "INSERT OR IGNORE INTO outbox (shop, shop_order_id, number, shipment_id,"
                    " tracking_number, carrier, tracking_url, status, next_attempt_at,"
                    " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)",
                    (row["shop"], row["shop_order_id"], row["number"], shipment.id,
                     shipment.carrier_tracking_no, shipment.carrier, url, now, now),
                )  # fmt: skip
                queued += cursor.rowcount
        return queued

    def entries(self, status: str | None = None) -> list[OutboxEntry]:
        """The outbox's rows (of one status), oldest first."""
        where, args = (" WHERE status = ?", (status,)) if status else ("", ())
        with self._lock:
            rows = self._conn.execute("SELECT * FROM outbox" + where + " ORDER BY id", args)
            return [_entry(r) for r in rows.fetchall()]

    def due(self, now: datetime | None = None) -> list[OutboxEntry]:
        """The pending rows whose next attempt is due."""
        moment = _iso(now or datetime.now(UTC))
        with self._lock:
            rows = self._conn.execute(
                "SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?"
                " ORDER BY id",
                (moment,),
            ).fetchall()
        return [_entry(r) for r in rows]

    def _finish(self, entry_id: int, status: str, error: str | None = None) -> None:
        with self._tx() as conn:
            conn.execute(
                "UPDATE outbox SET status = ?, error = ?, attempts = attempts + 1,"
                " written_at = CASE WHEN ? = 'written' THEN ? ELSE written_at END"
                " WHERE id = ? AND status = 'pending'",
                (status, error, status, _iso(datetime.now(UTC)), entry_id),
            )

    def _later(self, entry: OutboxEntry, error: str, until: datetime, *, tried: bool) -> None:
        with self._tx() as conn:
            conn.execute(
                "UPDATE outbox SET attempts = attempts + ?, error = ?, next_attempt_at = ?"
                " WHERE id = ? AND status = 'pending'",
                (int(tried), error, _iso(until), entry.id),
            )

    def retry(self, entry_id: int) -> None:
        """Try a failed row again at once (the user fixed the credentials, say)."""
        with self._tx() as conn:
            conn.execute(
                "UPDATE outbox SET status = 'pending', next_attempt_at = ? WHERE id = ?"
                " AND status = 'failed'",
                (_iso(datetime.now(UTC)), entry_id),
            )

    async def deliver(
        self,
        connect: Callable[[str], ShopConnection],
        is_cancelled: Callable[[str], bool],
        *,
        now: datetime | None = None,
    ) -> Delivery:
        """Write the due rows to their shops (a shop that is unavailable is not asked again
        in this round)."""
        moment = now or datetime.now(UTC)
        result = Delivery()
        connections: dict[str, ShopConnection] = {}
        # shop -> (its answer, when to ask again): its other rows wait as long, unasked
        unavailable: dict[str, tuple[str, datetime]] = {}
        try:
            for entry in self.due(moment):
                if is_cancelled(entry.shipment_id):
                    self._finish(entry.id, "cancelled", "the shipment was cancelled")
                    result.cancelled.append(entry)
                    continue
                held = unavailable.get(entry.shop.casefold())
                if held is not None:
                    self._later(entry, held[0], held[1], tried=False)
                    result.retry_later.append(entry)
                    continue
                try:
                    key = entry.shop.casefold()
                    if key not in connections:
                        connections[key] = connect(entry.shop)
                    await connections[key].write_back(entry.shop_order_id, entry.tracking)
                except ShopError as exc:
                    if exc.retryable:
                        until = moment + min(FIRST_BACKOFF * 2**entry.attempts, MAX_BACKOFF)
                        unavailable[entry.shop.casefold()] = (str(exc), until)
                        self._later(entry, str(exc), until, tried=True)
                        result.retry_later.append(entry)
                    else:
                        self._finish(entry.id, "failed", str(exc))
                        result.failed.append(entry)
                    continue
                except KeyError:
                    self._finish(entry.id, "failed", f"no shop named {entry.shop!r} any more")
                    result.failed.append(entry)
                    continue
                if _fault_hook is not None:
                    _fault_hook("written")
                self._finish(entry.id, "written")
                result.written.append(entry)
        finally:
            for connection in connections.values():
                await connection.aclose()
        return result


def _entry(row: sqlite3.Row) -> OutboxEntry:
    return OutboxEntry(
        id=row["id"],
        shop=row["shop"],
        shop_order_id=row["shop_order_id"],
        number=row["number"],
        shipment_id=row["shipment_id"],
        tracking=Tracking(row["tracking_number"], row["carrier"], row["tracking_url"]),
        status=row["status"],
        attempts=row["attempts"],
        next_attempt_at=row["next_attempt_at"],
        error=row["error"],
        created_at=row["created_at"],
        written_at=row["written_at"],
    )
