"""The per-profile store: shipments created from this desk, their label files, the creation journal.

One SQLite file (`store.sqlite3`, WAL, synchronous=FULL, foreign keys) and a `labels/` folder
under the profile's data dir; sandbox and live profiles never share one (the store records
which profile it belongs to and refuses another). Every write is one transaction; a label
file is written (temp + fsync + rename) before the row that points to it is committed, so a
crash at any point leaves no shipment row without its label. The schema is a versioned list
of migrations (`schema`); a store written by a newer Packdesk is refused. The print queue
keeps its own file (`paths.PRINT_QUEUE_DB_NAME`).

The package: `base` (the file, its owner record, transactions), `schema`, `records` (what
the store hands out), `shipments`, `journal`, `orders`, `drafts`, and `ProfileStore`
(`profile_store`) made of them. Import from here: `from desktop_app.profiles.store import
ProfileStore`.

The journal (statuses `pending`, `done`, `failed`, `needs_decision`, `discarded`):
`journal_pending()` before a creation is sent; `complete()` after the answer; `fail()` with
`outcome_known=True` when the service refused it (nothing was created), with
`outcome_known=False` when the answer was lost (the entry stays `pending` with the error, to
be reconciled); `mark_needs_decision()` when reconciliation found no match; `reopen()` before a
re-send the user asked for; `discard()` when the user gives the attempt up.
"""

from desktop_app.profiles.store.base import (
    DB_NAME,
    LABELS_DIR,
    STALE_TEMP_SECONDS,
    NewerStoreError,
)
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
from desktop_app.sqlite_db import enable_wal

__all__ = [
    "DB_NAME",
    "JOURNAL_STATUSES",
    "LABELS_DIR",
    "MAX_REFERENCE",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "STALE_TEMP_SECONDS",
    "JournalEntry",
    "JournalStateError",
    "JournalStatus",
    "NewerStoreError",
    "OrderOrigin",
    "ProfileStore",
    "ShipmentNotFoundError",
    "StoreError",
    "StoreMismatchError",
    "StoredOrder",
    "StoredShipment",
    "enable_wal",
    "label_extension",
    "return_reference",
]
