"""The shipments created from this desk and their label files: the history."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from desktop_app.profiles.files import atomic_write_bytes
from desktop_app.profiles.store.base import (
    LABELS_DIR,
    StoreResource,
    _fault,
    _normalize_time,
    _now,
)
from desktop_app.profiles.store.records import (
    OrderOrigin,
    ShipmentNotFoundError,
    StoredShipment,
    label_extension,
    return_reference,
)

_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,128}$")


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


def _origin_of_row(row: sqlite3.Row) -> OrderOrigin | None:
    if not (row["order_shop"] or row["order_file"] or row["order_id"]):
        return None
    return OrderOrigin(
        number=row["order_number"] or "",
        shop=row["order_shop"],
        shop_order_id=row["order_shop_id"],
        file=row["order_file"],
        order_id=row["order_id"],
    )


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class Shipments(StoreResource):
    """The shipments of the store and their label files: `store.shipments`."""

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
            order=_origin_of_row(row),
        )

    @staticmethod
    def check_shipment(shipment_json: Mapping[str, Any]) -> str:
        shipment_id = shipment_json.get("id")
        if not isinstance(shipment_id, str) or not _SAFE_ID.match(shipment_id):
            raise ValueError(f"a shipment needs a plain id (got {shipment_id!r})")
        if not shipment_json.get("carrier"):
            raise ValueError("a shipment needs a carrier")
        return shipment_id

    @staticmethod
    def format_of(shipment_json: Mapping[str, Any]) -> str | None:
        label = shipment_json.get("label")
        if isinstance(label, Mapping) and isinstance(label.get("format"), str):
            return str(label["format"])
        return None

    def write_label(
        self, shipment_id: str, label_bytes: bytes | None, label_format: str | None
    ) -> str | None:
        """Write the label file durably; returns its path relative to the profile dir."""
        if label_bytes is None:
            return None
        rel = f"{LABELS_DIR}/{shipment_id}.{label_extension(label_format)}"
        atomic_write_bytes(self.profile_dir / rel, label_bytes, mode=0o600)
        _fault("label_written")
        return rel

    def upsert(
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

    @staticmethod
    def link_order(conn: sqlite3.Connection, shipment_id: str, order: OrderOrigin) -> None:
        """Record which order the shipment was made for (kept once recorded)."""
        conn.execute(
            "UPDATE shipments SET order_shop = ?, order_shop_id = ?, order_file = ?,"
            " order_number = ?, order_id = ? WHERE id = ? AND order_shop IS NULL"
            " AND order_file IS NULL AND order_id IS NULL",
            (order.shop, order.shop_order_id, order.file, order.number or None,
             order.order_id, shipment_id),
        )  # fmt: skip

    def add(
        self,
        shipment_json: Mapping[str, Any],
        label_bytes: bytes | None = None,
        label_format: str | None = None,
        *,
        order: OrderOrigin | None = None,
    ) -> StoredShipment:
        """Record a shipment outside the journal (label first, then the row), or refresh it;
        with `order`, the order it was made for."""
        shipment_id = self.check_shipment(shipment_json)
        label_format = label_format or self.format_of(shipment_json)
        label_rel = self.write_label(shipment_id, label_bytes, label_format)
        with self._tx() as conn:
            self.upsert(conn, shipment_json, label_rel, label_format)
            if order is not None:
                self.link_order(conn, shipment_id, order)
        return self.get(shipment_id)

    def store_label(self, shipment_id: str, label_bytes: bytes, label_format: str) -> Path:
        """Save (or replace) the label of a stored shipment, e.g. after a re-download."""
        self.get(shipment_id)
        label_rel = self.write_label(shipment_id, label_bytes, label_format)
        with self._tx() as conn:
            conn.execute(
                "UPDATE shipments SET label_path = ?, label_format = ?, updated_at = ?"
                " WHERE id = ?",
                (label_rel, label_format, _now(), shipment_id),
            )
        return self.profile_dir / str(label_rel)

    def get(self, shipment_id: str) -> StoredShipment:
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

    def find_for_shop_order(self, shop: str, shop_order_id: str) -> list[StoredShipment]:
        """The shipments made for this order of this shop connection, newest first (deleted
        ones too: the caller decides)."""
        rows = self._query(
            "SELECT * FROM shipments WHERE order_shop = ? AND order_shop_id = ?"
            " ORDER BY created_at DESC, stored_at DESC",
            (shop, shop_order_id),
        )
        return [self._shipment(r) for r in rows]

    def find_for_order(self, order: OrderOrigin) -> list[StoredShipment]:
        """The shipments made for this order (the same shop order, the same order of the
        same file, or the same order of the inbox), newest first, deleted ones too."""
        clauses, params = ["order_id = ?"], [order.order_id]
        kind, first, second = order.key
        if kind == "shop":
            clauses.append("(order_shop = ? AND order_shop_id = ?)")
            params += [order.shop, second]
        elif kind == "file":
            clauses.append("(order_file = ? AND order_number = ?)")
            params += [first, order.number]
        rows = self._query(
            f"SELECT * FROM shipments WHERE {' OR '.join(clauses)}"
            " ORDER BY created_at DESC, stored_at DESC",
            params,
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

    def search(
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

    def count(self, query: str | None = None, *, include_deleted: bool = False) -> int:
        """How many shipments `search` would page through."""
        where, params = self._where(query, include_deleted)
        return int(self._query(f"SELECT COUNT(*) FROM shipments{where}", params)[0][0])

    def label_path(self, shipment_id: str) -> Path | None:
        """The label file of a stored shipment, or None if it has none."""
        return self.get(shipment_id).label_path

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
                self.upsert(conn, shipment_json, None, None)
            conn.execute(
                "UPDATE shipments SET tracking_status = ?, updated_at = ? WHERE id = ?",
                (tracking_status, _now(), shipment_id),
            )
        return self.get(shipment_id)

    def mark_deleted(self, shipment_id: str) -> StoredShipment:
        """The shipment was deleted on the service; it stays in the history, marked deleted."""
        with self._tx() as conn:
            cur = conn.execute(
                "UPDATE shipments SET deleted = 1, updated_at = ? WHERE id = ?",
                (_now(), shipment_id),
            )
            if cur.rowcount == 0:
                raise ShipmentNotFoundError(f"no stored shipment {shipment_id}")
        return self.get(shipment_id)

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
