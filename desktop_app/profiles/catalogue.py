"""A profile's product catalogue: SKU, GTIN, name, weight, dimensions, HS tariff number,
origin country and value per product, in its own SQLite file in the profile's data folder
(`paths.CATALOGUE_DB_NAME`; never shared between profiles, like the store), opened and
migrated by `desktop_app.sqlite_db` like the desk's other files (`MIGRATIONS`, the version in
the file's `user_version`; a file from before it was versioned is at version 0 and its tables
are taken over as they are).

Qt-free and independent of the order import, so every layer above may read it::

    catalogue = store.catalogue                  # a ProfileStore's, one per store
    product = catalogue.lookup("TSHIRT-M")       # by SKU (case-insensitive), or None
    product = catalogue.by_gtin("4006381333931") # the pack check's scan
    product.hs_code, product.origin_country, product.value, product.weight_kg

The order import fills an order's weight and parcel from it when the file has none; the
customs declaration reads HS code, origin and value from it; files of products come in
through `desktop_app.orders.products`.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from desktop_app.paths import CATALOGUE_DB_NAME
from desktop_app.sqlite_db import migrate, open_db, transaction

__all__ = [
    "CATALOGUE_FILE",
    "MIGRATIONS",
    "SHOP_ID_KINDS",
    "Catalogue",
    "CatalogueSnapshot",
    "Product",
]

CATALOGUE_FILE = CATALOGUE_DB_NAME

#: `MIGRATIONS[n]` brings the catalogue from version n to n + 1 (a new table or column is a new
#: entry at the end). Version 1 is the schema the unversioned files had (hence IF NOT EXISTS).
MIGRATIONS: list[list[str]] = [
    [
        """CREATE TABLE IF NOT EXISTS products (
            sku TEXT PRIMARY KEY COLLATE NOCASE,
            gtin TEXT,
            name TEXT NOT NULL DEFAULT '',
            weight_kg REAL,
            length_cm REAL,
            width_cm REAL,
            height_cm REAL,
            hs_code TEXT,
            origin_country TEXT,
            value REAL,
            currency TEXT
        )""",
        "CREATE INDEX IF NOT EXISTS products_gtin ON products (gtin)",
        """CREATE TABLE IF NOT EXISTS shop_ids (
            kind TEXT NOT NULL,
            shop_id TEXT NOT NULL COLLATE NOCASE,
            value TEXT NOT NULL,
            PRIMARY KEY (kind, shop_id)
        )""",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)
#: what a shop's internal id may stand for (Shopware's orders export names the delivery
#: country and the products by ids): "country" -> ISO code, "product" -> SKU
SHOP_ID_KINDS = ("country", "product")


@dataclass(frozen=True)
class Product:
    """One product of the catalogue; what is not known is None."""

    sku: str
    name: str = ""
    gtin: str | None = None
    weight_kg: float | None = None
    """The weight of one unit, packed, in kilograms."""
    length_cm: float | None = None
    width_cm: float | None = None
    height_cm: float | None = None
    hs_code: str | None = None
    """The HS / customs tariff number (6 to 10 digits)."""
    origin_country: str | None = None
    """ISO 3166 alpha-2 code of the country of origin."""
    value: float | None = None
    """The value (price) of one unit, in `currency`."""
    currency: str | None = None

    @property
    def dimensions(self) -> tuple[float, float, float] | None:
        """(length, width, height) in cm when all three are known."""
        if self.length_cm and self.width_cm and self.height_cm:
            return (self.length_cm, self.width_cm, self.height_cm)
        return None


_COLUMNS = tuple(f.name for f in fields(Product))


class Catalogue:
    """The products of one profile (an SQLite file; each call opens and closes it, so the
    many short-lived readers of a profile's catalogue hold no file open)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        with self._connect() as db:
            migrate(db, self._lock, MIGRATIONS, what=f"the product catalogue {self.path}")

    @classmethod
    def of_profile(cls, profile_data_dir: Path) -> Catalogue:
        """The catalogue in a profile's data folder."""
        return cls(Path(profile_data_dir) / CATALOGUE_FILE)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = open_db(self.path, busy_timeout=10.0, synchronous="FULL")
        try:
            yield db
        finally:
            db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction on a fresh connection."""
        with self._connect() as db, transaction(db, self._lock):
            yield db

    @property
    def schema_version(self) -> int:
        """The schema version on disk."""
        with self._connect() as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])

    @staticmethod
    def _product(row: sqlite3.Row | None) -> Product | None:
        return None if row is None else Product(**{name: row[name] for name in _COLUMNS})

    def lookup(self, sku: str) -> Product | None:
        """The product with this SKU (case-insensitive), or None."""
        if not sku or not sku.strip():
            return None
        with self._connect() as db:
            row = db.execute("SELECT * FROM products WHERE sku = ?", (sku.strip(),)).fetchone()
        return self._product(row)

    def by_gtin(self, gtin: str) -> Product | None:
        """The product with this GTIN/EAN (leading zeros of a shorter code do not matter)."""
        code = gtin.strip().lstrip("0")
        if not code:
            return None
        with self._connect() as db:
            rows = db.execute(
                "SELECT * FROM products WHERE ltrim(gtin, '0') = ? LIMIT 1", (code,)
            ).fetchall()
        return self._product(rows[0]) if rows else None

    def put(self, product: Product) -> None:
        """Add the product, or replace the one with its SKU."""
        self.put_many([product])

    def put_many(self, products: Iterable[Product]) -> int:
        """Add or replace several products in one transaction; how many."""
        rows = [tuple(asdict(p)[name] for name in _COLUMNS) for p in products if p.sku.strip()]
        marks = ", ".join("?" for _ in _COLUMNS)
        with self._write() as db:
            db.executemany(
                f"INSERT OR REPLACE INTO products ({', '.join(_COLUMNS)}) VALUES ({marks})", rows
            )
        return len(rows)

    def merge_many(self, products: Iterable[Product]) -> int:
        """Add products, or complete the ones with their SKUs: what a product leaves
        unknown (None) keeps the catalogue's value (a shop's listings report without weights
        never wipes the weights the desk has); how many."""
        merged: list[Product] = []
        with self._connect() as db:
            for product in products:
                if not product.sku.strip():
                    continue
                old = self._product(
                    db.execute(
                        "SELECT * FROM products WHERE sku = ?", (product.sku.strip(),)
                    ).fetchone()
                )
                if old is not None:
                    known = {k: v for k, v in asdict(product).items() if v not in (None, "")}
                    product = replace(old, **known)
                merged.append(product)
        return self.put_many(merged)

    def delete(self, sku: str) -> bool:
        """Remove the product with this SKU; False when there was none."""
        with self._write() as db:
            return db.execute("DELETE FROM products WHERE sku = ?", (sku.strip(),)).rowcount > 0

    def all(self, search: str = "") -> list[Product]:
        """Every product (or those whose SKU, GTIN or name holds `search`), by SKU."""
        query, args = "SELECT * FROM products", ()
        if search.strip():
            like = f"%{search.strip()}%"
            query += " WHERE sku LIKE ? OR gtin LIKE ? OR name LIKE ?"
            args = (like, like, like)  # type: ignore[assignment]
        with self._connect() as db:
            rows = db.execute(query + " ORDER BY sku COLLATE NOCASE", args).fetchall()
        return [p for p in (self._product(r) for r in rows) if p is not None]

    def parcel_for(self, lines: Iterable[tuple[str, float]]) -> dict[str, float] | None:
        """The parcel of an order of (SKU, quantity) lines: one unit of one product ships in
        that product's dimensions (length, width, height in cm); None otherwise."""
        return _parcel(self.lookup, lines)

    def shop_ids(self, kind: str) -> dict[str, str]:
        """What the shop's ids of `kind` stand for, as learned (id in lower case -> value)."""
        with self._connect() as db:
            rows = db.execute("SELECT shop_id, value FROM shop_ids WHERE kind = ?", (kind,))
            return {str(row[0]).casefold(): str(row[1]) for row in rows.fetchall()}

    def learn_shop_ids(self, kind: str, values: Mapping[str, str]) -> None:
        """Remember what shop ids stand for (asked once per shop, not per order)."""
        if kind not in SHOP_ID_KINDS:
            raise ValueError(f"unknown kind of shop id: {kind!r}")
        pairs = [(kind, shop_id.strip(), value.strip()) for shop_id, value in values.items()
                 if shop_id.strip() and value.strip()]  # fmt: skip
        with self._write() as db:
            db.executemany("INSERT OR REPLACE INTO shop_ids VALUES (?, ?, ?)", pairs)

    def snapshot(self) -> CatalogueSnapshot:
        """Every product read once into memory (an import of thousands of orders looks up
        each item without opening the file each time)."""
        return CatalogueSnapshot(self.all(), {kind: self.shop_ids(kind) for kind in SHOP_ID_KINDS})

    def __iter__(self) -> Iterator[Product]:
        return iter(self.all())

    def __len__(self) -> int:
        with self._connect() as db:
            return int(db.execute("SELECT count(*) FROM products").fetchone()[0])


class CatalogueSnapshot:
    """The products of a catalogue as they were when read: `lookup`, `by_gtin` and
    `parcel_for` as the catalogue answers them, from memory."""

    def __init__(
        self, products: Iterable[Product], shop_ids: Mapping[str, Mapping[str, str]] | None = None
    ) -> None:
        self._by_sku = {p.sku.casefold(): p for p in products}
        self._by_gtin = {p.gtin.lstrip("0"): p for p in self._by_sku.values() if p.gtin}
        self._shop_ids = {kind: dict(ids) for kind, ids in (shop_ids or {}).items()}

    def shop_id(self, kind: str, shop_id: str) -> str | None:
        """What a shop's id of `kind` stands for, when learned."""
        return self._shop_ids.get(kind, {}).get(shop_id.strip().casefold())

    def lookup(self, sku: str) -> Product | None:
        """The product with this SKU (case-insensitive), or None."""
        return self._by_sku.get(sku.strip().casefold()) if sku else None

    def by_gtin(self, gtin: str) -> Product | None:
        """The product with this GTIN/EAN (leading zeros do not matter), or None."""
        code = gtin.strip().lstrip("0")
        return self._by_gtin.get(code) if code else None

    def parcel_for(self, lines: Iterable[tuple[str, float]]) -> dict[str, float] | None:
        """As `Catalogue.parcel_for`."""
        return _parcel(self.lookup, lines)

    def snapshot(self) -> CatalogueSnapshot:
        """Itself (already in memory)."""
        return self

    def __len__(self) -> int:
        return len(self._by_sku)


def _parcel(
    lookup: Callable[[str], Product | None], lines: Iterable[tuple[str, float]]
) -> dict[str, float] | None:
    units = [(sku, quantity) for sku, quantity in lines if quantity]
    if len(units) != 1 or units[0][1] != 1:
        return None
    product = lookup(units[0][0])
    if product is None or product.dimensions is None:
        return None
    length, width, height = product.dimensions
    return {"length": length, "width": width, "height": height}
