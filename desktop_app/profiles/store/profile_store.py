"""`ProfileStore`: the one object callers open, the store's file composed with its resources."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from desktop_app.profiles.catalogue import CATALOGUE_FILE, Catalogue
from desktop_app.profiles.store.base import StoreFile
from desktop_app.profiles.store.drafts import Drafts
from desktop_app.profiles.store.journal import Journal
from desktop_app.profiles.store.orders import Orders
from desktop_app.profiles.store.shipments import Shipments


class ProfileStore(StoreFile):
    """SQLite + label files of one profile: `shipments`, `journal`, `orders` (the inbox) and
    `drafts` in the store's file, `catalogue` (the products) in its own file beside it.

    Thread-safe; every method is short and blocking.
    """

    def __init__(
        self,
        profile_dir: Path,
        *,
        profile_id: str | None = None,
        environment: str | None = None,
    ) -> None:
        super().__init__(profile_dir, profile_id=profile_id, environment=environment)
        self.shipments = Shipments(self)
        self.journal = Journal(self, self.shipments)
        self.orders = Orders(self)
        self.drafts = Drafts(self)

    @cached_property
    def catalogue(self) -> Catalogue:
        """The profile's product catalogue (its file is made on first use)."""
        return Catalogue.of_profile(self.profile_dir)

    def catalogue_if_made(self) -> Catalogue | None:
        """The catalogue while the profile has one, else None: a reader makes no file."""
        if "catalogue" in self.__dict__ or (self.profile_dir / CATALOGUE_FILE).is_file():
            return self.catalogue
        return None

    def check(self) -> list[str]:
        """Consistency problems (none expected, even after a crash): for tests and diagnostics."""
        problems: list[str] = []
        rows = self.query("PRAGMA integrity_check")
        if rows[0][0] != "ok":
            problems.append(f"integrity check: {rows[0][0]}")
        if self.query("PRAGMA foreign_key_check"):
            problems.append("foreign key violations")
        for row in self.query("SELECT id, label_path FROM shipments WHERE label_path IS NOT NULL"):
            if not (self.profile_dir / row["label_path"]).is_file():
                problems.append(f"shipment {row['id']}: label file {row['label_path']} missing")
        for row in self.query(
            "SELECT j.id FROM journal j LEFT JOIN shipments s ON s.id = j.shipment_id"
            " WHERE j.status = 'done' AND s.id IS NULL"
        ):
            problems.append(f"journal entry {row['id']} is done without its shipment")
        return problems
