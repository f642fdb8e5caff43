"""Orders from a CSV/XLSX file: the batch's column mapping for the delivery address and order
number, plus the line-item columns (SKU, title, quantity, price, ...). Qt-free: used by
`packdesk orders import` and the GUI's batch page.

Rows with the same order number are one order with one line item per row; a row without an
order number is an order of its own. Totals are the sums of the lines (price x quantity).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from desktop_app.batch.importer import Table
from desktop_app.batch.mapping import (
    ColumnMapping,
    Defaults,
    FieldSource,
    MappingBook,
    build_draft,
    guess_mapping,
    parse_number,
)
from desktop_app.batch.mapping import _normalize as normalize_header
from desktop_app.batch.rows import reference_for
from desktop_app.domain.rules_base import Problem
from desktop_app.domain.rules_orders import validate_order
from desktop_app.domain.sanitize import sanitize

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient

DEFAULT_CURRENCY = "EUR"

#: line-item field -> normalised header names that mean it (German and English)
ITEM_ALIASES: dict[str, tuple[str, ...]] = {
    "sku": ("sku", "artikelnummer", "artikelnr", "artnr", "itemnumber", "itemno", "productid"),
    "title": ("artikel", "artikelname", "bezeichnung", "title", "itemname", "productname", "item"),
    "quantity": ("menge", "anzahl", "stueck", "stueckzahl", "quantity", "qty", "count"),
    "price": ("preis", "einzelpreis", "price", "unitprice", "itemprice"),
    "vat": ("mwst", "ust", "steuer", "vat", "tax", "unitvat"),
    "gtin": ("gtin", "ean", "ean13", "barcode"),
    "weight": ("artikelgewicht", "itemweight", "unitweight"),
    "currency": ("waehrung", "currency"),
    "external_customer_id": ("kundennummer", "kundennr", "customerid", "customernumber"),
}
_ITEM_INDEX = {alias: name for name, aliases in ITEM_ALIASES.items() for alias in aliases}
_NUMBERS = frozenset({"quantity", "price", "vat", "weight"})
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_GERMAN_DATE = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")


def guess_item_columns(headers: Iterable[str]) -> dict[str, str]:
    """Line-item field -> column, from common header names."""
    found: dict[str, str] = {}
    for header in headers:
        name = _ITEM_INDEX.get(normalize_header(header))
        if name is not None and name not in found:
            found[name] = header
    return found


@dataclass
class OrderDraft:
    """One order built from one or more rows of the file."""

    lines: list[int]  # file lines of its rows, for messages
    draft: dict[str, Any]
    problems: list[Problem] = field(default_factory=list)

    @property
    def external_order_id(self) -> str:
        """The order number (the key a re-run is checked by)."""
        return str(self.draft.get("external_order_id") or "")

    @property
    def valid(self) -> bool:
        """True when the domain rules found nothing."""
        return not self.problems


def _placed_at(text: str) -> str | None:
    """An order date cell as an ISO time (midnight UTC for a bare date), or None."""
    value = text.strip()
    match = _GERMAN_DATE.fullmatch(value)
    try:
        if match:
            day = date(int(match[3]), int(match[2]), int(match[1]))
            return f"{day.isoformat()}T00:00:00+00:00"
        if _ISO_DATE.fullmatch(value):
            return f"{date.fromisoformat(value).isoformat()}T00:00:00+00:00"
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment.isoformat() if moment.tzinfo else f"{moment.isoformat()}+00:00"


def _line_item(
    row: Mapping[str, str], columns: Mapping[str, str], draft: dict[str, Any]
) -> dict[str, Any]:
    item: dict[str, Any] = {}
    for name, column in columns.items():
        text = row.get(column, "").strip()
        if not text or name in ("external_customer_id", "currency"):
            continue
        item[name] = parse_number(text) if name in _NUMBERS else text
    package = draft.get("package")
    if "title" not in item and isinstance(package, dict) and package.get("description"):
        item["title"] = package["description"]  # the batch's contents column
    if "title" in item:
        item["title"] = {"fallback": item["title"]}
    if "weight" not in item and isinstance(package, dict) and "weight" in package:
        item["weight"] = package["weight"]  # the batch's weight column: the item's weight
    if "weight" in item:
        item["weight_unit"] = "kg"
    item.setdefault("quantity", 1.0)
    item.setdefault("vat", 0.0)
    return item


def _total(items: list[dict[str, Any]], name: str) -> float | None:
    total = 0.0
    for item in items:
        value, quantity = item.get(name), item.get("quantity")
        if not isinstance(value, float | int) or not isinstance(quantity, float | int):
            return None
        total += value * quantity
    return round(total, 4)


def build_orders(
    table: Table,
    mapping: ColumnMapping,
    *,
    item_columns: Mapping[str, str] | None = None,
    currency: str = DEFAULT_CURRENCY,
) -> list[OrderDraft]:
    """The orders of a file, in file order, each checked with the domain's order rules."""
    columns = dict(item_columns) if item_columns is not None else guess_item_columns(table.headers)
    orders: dict[str, OrderDraft] = {}
    for index, row in enumerate(table.rows):
        shipment = build_draft(row, mapping, Defaults())
        order_no = _order_number(mapping, row) or reference_for(table, index, shipment)
        item = _line_item(row, columns, shipment)
        item_currency = row.get(columns.get("currency", ""), "").strip().upper() or currency
        item["currency"] = item_currency
        found = orders.get(order_no)
        if found is None:
            draft: dict[str, Any] = {
                "external_order_id": order_no,
                "currency": item_currency,
                "order_line_items": [],
            }
            if isinstance(shipment.get("to"), dict):
                draft["delivery_address"] = shipment["to"]
            customer = row.get(columns.get("external_customer_id", ""), "").strip()
            if customer:
                draft["external_customer_id"] = customer
            order_date = _order_date(mapping, row)
            if order_date:
                draft["placed_at"] = order_date
            found = orders[order_no] = OrderDraft(lines=[], draft=draft)
        found.lines.append(table.lines[index])
        found.draft["order_line_items"].append(item)
    for order in orders.values():
        items = order.draft["order_line_items"]
        for name, total_name in (("price", "total_price"), ("vat", "total_vat")):
            total = _total(items, name)
            if total is not None:
                order.draft[total_name] = total
        weight = _total(items, "weight")
        if weight is not None:
            order.draft["total_weight"] = weight
            order.draft["weight_unit"] = "kg"
        order.draft = sanitize(order.draft)
        order.problems = validate_order(order.draft)
    return list(orders.values())


def orders_of_table(
    table: Table,
    book: MappingBook,
    mapping: ColumnMapping | None = None,
    *,
    currency: str = DEFAULT_CURRENCY,
) -> list[OrderDraft]:
    """The orders of a file with `mapping`, else the one remembered for its layout, else a
    guessed one (as `packdesk orders import` and the watched folder read a file)."""
    if mapping is None:
        mapping = book.get(table.layout, table.headers) or guess_mapping(table.headers)
    return build_orders(table, mapping, currency=currency)


def _read(mapping: ColumnMapping, target: str, row: Mapping[str, str]) -> str:
    source: FieldSource | None = mapping.get(target)
    return source.read(row) if source is not None else ""


def _order_number(mapping: ColumnMapping, row: Mapping[str, str]) -> str:
    return _read(mapping, "reference_number", row) or _read(
        mapping, "metadata.partner.order_number", row
    )


def _order_date(mapping: ColumnMapping, row: Mapping[str, str]) -> str | None:
    text = _read(mapping, "metadata.partner.order_date", row)
    return _placed_at(text) if text else None


@dataclass
class StoredOrders:
    """What storing orders did: order number -> the service's id, skipped, refused."""

    stored: dict[str, str] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)  # the service had them already
    refused: dict[str, str] = field(default_factory=dict)  # order number -> the error


async def store_orders(client: ShippingClient, orders: Iterable[OrderDraft]) -> StoredOrders:
    """Store the valid orders on the service, in order; an order number the service already
    has is skipped, so storing the same file again stores nothing twice."""
    from desktop_app.client.errors import APIError

    result = StoredOrders()
    for order in orders:
        if not order.valid:
            continue
        number = order.external_order_id
        try:
            if await client.orders.list(external_order_id=number, per_page=1):
                result.skipped.append(number)
                continue
            created = await client.orders.create(order.draft)
        except APIError as exc:
            result.refused[number] = str(exc)
            continue
        result.stored[number] = created.id
    return result
