"""The creation journal: one entry per attempt to create a shipment (see the package doc)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from typing import Any

from desktop_app.profiles.store.base import StoreFile, StoreResource, _fault, _now
from desktop_app.profiles.store.records import (
    JOURNAL_STATUSES,
    JournalEntry,
    JournalStateError,
    OrderOrigin,
    StoredShipment,
    StoreError,
)
from desktop_app.profiles.store.shipments import Shipments


class Journal(StoreResource):
    """The creation journal: `store.journal`; completing an entry stores its shipment (in
    `shipments`, in the same transaction)."""

    def __init__(self, file: StoreFile, shipments: Shipments) -> None:
        super().__init__(file)
        self.shipments = shipments

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
            order=OrderOrigin.from_json(json.loads(row["order_origin"] or "null")),
        )

    def add_pending(
        self, request: Mapping[str, Any], reference: str, order: OrderOrigin | None = None
    ) -> int:
        """Record a creation about to be sent (for `order`, when it is made for one); returns
        the journal id. Call BEFORE sending."""
        if not reference or not reference.strip():
            raise ValueError("a journaled creation needs a reference number to be reconciled")
        body = json.dumps(request, ensure_ascii=False, sort_keys=True)
        origin = json.dumps(order.to_json(), ensure_ascii=False) if order is not None else None
        now = _now()
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO journal (created_at, attempted_at, reference_number, request_json,"
                " status, updated_at, order_origin) VALUES (?, ?, ?, ?, 'pending', ?, ?)",
                (now, now, reference.strip(), body, now, origin),
            )
            return int(cur.lastrowid or 0)

    def get(self, journal_id: int) -> JournalEntry:
        """One journal entry (StoreError if unknown)."""
        rows = self._query("SELECT * FROM journal WHERE id = ?", (journal_id,))
        if not rows:
            raise StoreError(f"no journal entry {journal_id}")
        return self._entry(rows[0])

    def pending(self) -> list[JournalEntry]:
        """Entries whose outcome is not known yet (to reconcile at start-up), oldest first."""
        return self.entries(("pending",))

    def needs_decision(self) -> list[JournalEntry]:
        """Entries reconciliation could not match: the user decides (re-send or discard)."""
        return self.entries(("needs_decision",))

    def entries(
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
        shipment_id = self.shipments.check_shipment(shipment_json)
        done = self._query("SELECT status, shipment_id FROM journal WHERE id = ?", (journal_id,))
        if done and done[0]["status"] == "done":
            if done[0]["shipment_id"] == shipment_id:
                return self.shipments.get(shipment_id)
            raise JournalStateError(
                f"journal entry {journal_id} is already done with shipment {done[0]['shipment_id']}"
            )
        label_format = label_format or self.shipments.format_of(shipment_json)
        label_rel = self.shipments.write_label(shipment_id, label_bytes, label_format)
        with self._tx() as conn:
            entry = self._transition(
                conn, journal_id, ("pending", "failed", "needs_decision", "discarded"), "completed"
            )
            self.shipments.upsert(conn, shipment_json, label_rel, label_format)
            order = OrderOrigin.from_json(json.loads(entry["order_origin"] or "null"))
            if order is not None:
                self.shipments.link_order(conn, shipment_id, order)
            conn.execute(
                "UPDATE journal SET status = 'done', shipment_id = ?, error = NULL,"
                " outcome_known = 1, updated_at = ? WHERE id = ?",
                (shipment_id, _now(), journal_id),
            )
            _fault("before_commit")
        _fault("committed")
        return self.shipments.get(shipment_id)

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
        return self.get(journal_id)

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
        return self.get(journal_id)

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
        return self.get(journal_id)

    def discard(self, journal_id: int) -> JournalEntry:
        """The user gives this attempt up."""
        with self._tx() as conn:
            self._transition(conn, journal_id, ("pending", "needs_decision", "failed"), "discarded")
            conn.execute(
                "UPDATE journal SET status = 'discarded', updated_at = ? WHERE id = ?",
                (_now(), journal_id),
            )
        return self.get(journal_id)
