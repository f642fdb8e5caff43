"""The per-profile store: shipments created from this desk, their label files, the creation
journal, the orders inbox, the drafts, and the product catalogue beside them.

`ProfileStore` is the store's file (`base.StoreFile`: `store.sqlite3`, WAL, synchronous=FULL,
foreign keys, and a `labels/` folder under the profile's data dir) composed with one resource
per kind of row: `store.shipments` (`shipments.Shipments`), `store.journal`
(`journal.Journal`), `store.orders` (`orders.Orders`), `store.drafts` (`drafts.Drafts`), and
`store.catalogue` (`profiles.catalogue.Catalogue`, a file of its own; every reader opens it
here, `store.catalogue_if_made()` when it must make no file). Sandbox and live
profiles never share one (the store records which profile it belongs to and refuses another).
Every write is one transaction; a label file is written (temp + fsync + rename) before the row
that points to it is committed, so a crash at any point leaves no shipment row without its
label. Every desk SQLite file (this one, the catalogue, the print queue, the shop outbox) is
opened and migrated by `desktop_app.sqlite_db` from a versioned list of migrations (here
`schema.MIGRATIONS`), its name in `desktop_app.paths`; a file written by a newer Packdesk is
refused. Import from here: `from desktop_app.profiles.store import ProfileStore`.

A new per-profile table: a new entry at the end of `schema.MIGRATIONS` (never an edit of an
earlier one), a `StoreResource` subclass in a module of its own, composed in
`ProfileStore.__init__`; callers use `store.<resource>.<method>()`.

The journal (statuses `pending`, `done`, `failed`, `needs_decision`, `discarded`):
`journal.add_pending()` before a creation is sent; `journal.complete()` after the answer;
`journal.fail()` with `outcome_known=True` when the service refused it (nothing was created),
with `outcome_known=False` when the answer was lost (the entry stays `pending` with the error,
to be reconciled); `journal.mark_needs_decision()` when reconciliation found no match;
`journal.reopen()` before a re-send the user asked for; `journal.discard()` when the user gives
the attempt up.
"""

from desktop_app.profiles.store.base import (
    DB_NAME,
    LABELS_DIR,
    STALE_TEMP_SECONDS,
    NewerStoreError,
    StoreFile,
    StoreResource,
)
from desktop_app.profiles.store.drafts import Drafts
from desktop_app.profiles.store.journal import Journal
from desktop_app.profiles.store.orders import Orders
from desktop_app.profiles.store.profile_store import ProfileStore
from desktop_app.profiles.store.records import (
    JOURNAL_STATUSES,
    MAX_REFERENCE,
    JournalEntry,
    JournalStateError,
    JournalStatus,
    OrderOrigin,
    ShipmentNotFoundError,
    StoredOrder,
    StoredShipment,
    StoreError,
    StoreMismatchError,
    label_extension,
    return_reference,
)
from desktop_app.profiles.store.schema import MIGRATIONS, SCHEMA_VERSION
from desktop_app.profiles.store.shipments import Shipments
from desktop_app.sqlite_db import enable_wal

__all__ = [
    "DB_NAME",
    "JOURNAL_STATUSES",
    "LABELS_DIR",
    "MAX_REFERENCE",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "STALE_TEMP_SECONDS",
    "Drafts",
    "Journal",
    "JournalEntry",
    "JournalStateError",
    "JournalStatus",
    "NewerStoreError",
    "OrderOrigin",
    "Orders",
    "ProfileStore",
    "ShipmentNotFoundError",
    "Shipments",
    "StoreError",
    "StoreFile",
    "StoreMismatchError",
    "StoreResource",
    "StoredOrder",
    "StoredShipment",
    "enable_wal",
    "label_extension",
    "return_reference",
]
