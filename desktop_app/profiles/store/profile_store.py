"""`ProfileStore`: the one object callers open, made of the store's parts."""

from __future__ import annotations

from desktop_app.profiles.store.drafts import DraftStore
from desktop_app.profiles.store.journal import JournalStore
from desktop_app.profiles.store.orders import OrderStore


class ProfileStore(JournalStore, OrderStore, DraftStore):
    """SQLite + label files of one profile: shipments, journal, orders inbox, drafts.

    Thread-safe; every method is short and blocking.
    """

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
