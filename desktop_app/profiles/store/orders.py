"""The orders inbox: the profile's orders, and which shipment shipped each."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterable, Iterable, Mapping
from typing import Any

from desktop_app.domain.models.base import WireModel
from desktop_app.profiles.store.base import StoreResource, _now
from desktop_app.profiles.store.records import OrderOrigin, StoredOrder


async def put_service_orders(inbox: Orders, orders: AsyncIterable[WireModel]) -> int:
    """The service's orders (as its client reads them, page by page) into the store's cache;
    how many were new. Every door that stores orders (the orders inbox, the watched folder)
    refreshes the cache through this."""
    wire = [order.to_wire() async for order in orders]
    return await asyncio.to_thread(inbox.put, wire)


def same_receiver(theirs: Any, mine: Any) -> bool:
    """True when two delivery addresses (wire JSON) name the same receiver: postcode and
    last name (or company)."""
    if not isinstance(theirs, Mapping) or not isinstance(mine, Mapping):
        return False

    def who(address: Mapping[str, Any]) -> tuple[str, str]:
        code = "".join(str(address.get("zip_code") or "").split()).casefold()
        name = str(address.get("last_name") or address.get("company") or "").strip().casefold()
        return code, name

    return who(theirs) == who(mine)


def _address(order_json: str) -> Any:
    return json.loads(order_json).get("delivery_address")


class Orders(StoreResource):
    """The orders inbox of the store: `store.orders`."""

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

    def put(self, orders: Iterable[Mapping[str, Any]]) -> int:
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

    def find(self, code: str) -> list[StoredOrder]:
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

    def get(self, order_id: str) -> StoredOrder:
        """An order of the inbox (KeyError when there is none with this id)."""
        rows = self._query("SELECT * FROM orders WHERE id = ?", (order_id,))
        if not rows:
            raise KeyError(order_id)
        return self._order(rows[0])

    def newest(self, *, open_only: bool = False, limit: int = 500) -> list[StoredOrder]:
        """The inbox, newest first (only the orders not shipped yet with `open_only`)."""
        where = " WHERE shipment_id IS NULL" if open_only else ""
        rows = self._query(
            "SELECT * FROM orders" + where + " ORDER BY placed_at DESC, id LIMIT ?", (limit,)
        )
        return [self._order(r) for r in rows]

    def mark_shipped(
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
        return self.get(order_id)

    def record_origin(self, order_id: str, origin: OrderOrigin) -> None:
        """Remember where the service's order `order_id` came from (a shop connection's
        order, or a file); a shop's claim is not given to another shop's order."""
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO order_origins (order_id, number, shop, shop_order_id, file,"
                " recorded_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (order_id) DO UPDATE SET"
                " shop = COALESCE(order_origins.shop, excluded.shop),"
                " shop_order_id = CASE WHEN order_origins.shop IS NULL"
                " THEN excluded.shop_order_id ELSE order_origins.shop_order_id END,"
                " file = COALESCE(order_origins.file, excluded.file)",
                (order_id, origin.number, origin.shop, origin.shop_order_id, origin.file, _now()),
            )

    def origin(self, order_id: str) -> OrderOrigin | None:
        """Where the service's order `order_id` came from, when this desk stored it."""
        rows = self._query("SELECT * FROM order_origins WHERE order_id = ?", (order_id,))
        if not rows:
            return None
        row = rows[0]
        return OrderOrigin(number=row["number"], shop=row["shop"],
                           shop_order_id=row["shop_order_id"], file=row["file"],
                           order_id=order_id)  # fmt: skip

    def origin_of(self, order: StoredOrder) -> OrderOrigin:
        """The identity of an inbox order: where it came from (when known) and its id."""
        known = self.origin(order.id)
        return known or OrderOrigin(number=order.number, order_id=order.id)

    def shop_order_for(self, number: str, receiver: Mapping[str, Any]) -> OrderOrigin | None:
        """The connected shop's pulled order that is this order of a file: the same number
        and the same receiver (one order, through two doors); None unless exactly one is."""
        rows = self._query(
            "SELECT r.*, o.json FROM order_origins r JOIN orders o ON o.id = r.order_id"
            " WHERE r.number = ? AND r.shop IS NOT NULL",
            (number.strip(),),
        )
        found = [r for r in rows if same_receiver(_address(r["json"]), receiver)]
        if len(found) != 1:
            return None
        row = found[0]
        return OrderOrigin(
            number=row["number"],
            shop=row["shop"],
            shop_order_id=row["shop_order_id"],
            order_id=row["order_id"],
        )
