"""The profile store's tables, as a versioned list of migrations (see `sqlite_db.migrate`).

`MIGRATIONS[n]` brings the schema from version n (the file's `user_version`) to n + 1; a new
table or column is a new entry at the end, never an edit of an earlier one.
"""

from __future__ import annotations

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
    [
        # which order a shipment was made for (records.OrderOrigin): a shop connection and the
        # shop's own order id, or an imported file and the order number, and the service's
        # order id; the shop write-back takes a shop order's shipments by these only
        "ALTER TABLE shipments ADD COLUMN order_shop TEXT COLLATE NOCASE",
        "ALTER TABLE shipments ADD COLUMN order_shop_id TEXT",
        "ALTER TABLE shipments ADD COLUMN order_file TEXT",
        "ALTER TABLE shipments ADD COLUMN order_number TEXT COLLATE NOCASE",
        "ALTER TABLE shipments ADD COLUMN order_id TEXT",
        "CREATE INDEX shipments_shop_order ON shipments (order_shop, order_shop_id)",
        "CREATE INDEX shipments_order ON shipments (order_id)",
        # the origin of an attempt, moved onto its shipment when the attempt completes
        "ALTER TABLE journal ADD COLUMN order_origin TEXT",
        # where each order of the inbox (the service's id) came from
        """CREATE TABLE order_origins (
            order_id TEXT PRIMARY KEY,
            number TEXT NOT NULL COLLATE NOCASE,
            shop TEXT COLLATE NOCASE,
            shop_order_id TEXT,
            file TEXT,
            recorded_at TEXT NOT NULL
        )""",
        "CREATE INDEX order_origins_shop ON order_origins (shop, shop_order_id)",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)
