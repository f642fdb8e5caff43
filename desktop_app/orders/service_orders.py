"""The orders of a file (or a shop) as the service's orders (`/v1/orders`): the column mapping
for the delivery address and order number, plus the line-item columns (SKU, title, quantity,
price, ...). Qt-free: used by `packdesk orders import`, the watched folder, a shop's sync and
the GUI's batch page.

Rows with the same order number are one order with one line item per row; a row without an
order number is an order of its own. Totals are the sums of the lines (price x quantity).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from desktop_app.domain.rules.orders import validate_order
from desktop_app.domain.rules.problems import Problem
from desktop_app.domain.sanitize import sanitize
from desktop_app.orders.engine import orders_of, reference_for
from desktop_app.orders.importer import Table
from desktop_app.orders.mapping import ColumnMapping, MappingBook
from desktop_app.orders.records import OrderFile, OrderItem
from desktop_app.orders.row_reader import ITEM_ALIASES, guess_item_columns
from desktop_app.orders.shipment_drafts import Defaults, build_draft
from desktop_app.profiles.store import OrderOrigin
from desktop_app.profiles.store.orders import same_receiver

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.catalogue import Catalogue
    from desktop_app.profiles.store import ProfileStore

__all__ = [
    "DEFAULT_CURRENCY",
    "ITEM_ALIASES",
    "OrderDraft",
    "StoredOrders",
    "build_orders",
    "drafts_of",
    "file_origin",
    "guess_item_columns",
    "orders_of_table",
    "store_orders",
]

DEFAULT_CURRENCY = "EUR"
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_GERMAN_DATE = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")
_US_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})")


@dataclass
class OrderDraft:
    """One order built from one or more rows of the file."""

    lines: list[int]  # file lines of its rows, for messages
    draft: dict[str, Any]
    problems: list[Problem] = field(default_factory=list)
    columns: dict[str, str] = field(default_factory=dict, repr=False)
    """Order field -> the file's column that fills it (for naming it in a problem)."""

    def column_for(self, path: str) -> str | None:
        """The file column behind a problem's path ("delivery_address.zip_code"), if any."""
        key = re.sub(r"\[\d+\]", "[]", path)
        return self.columns.get(key)

    def problem_lines(self) -> list[str]:
        """The problems naming the file's column that holds the value."""
        out = []
        for problem in self.problems:
            column = self.column_for(problem.path)
            out.append(f"column {column!r}: {problem.message}" if column else str(problem))
        return out

    @property
    def external_order_id(self) -> str:
        """The order number (the key a re-run is checked by)."""
        return str(self.draft.get("external_order_id") or "")

    @property
    def valid(self) -> bool:
        """True when the domain rules found nothing."""
        return not self.problems


#: the German month abbreviations that differ from the English ones (eBay.de's dates)
_GERMAN_MONTHS = {"mär": "Mar", "mrz": "Mar", "mai": "May", "okt": "Oct", "dez": "Dec"}
_GERMAN_MONTH = re.compile("|".join(_GERMAN_MONTHS), re.IGNORECASE)


def _placed_at(text: str) -> str | None:
    """An order date cell as an ISO time (midnight UTC for a bare date), or None."""
    value = text.strip()
    match = _GERMAN_DATE.fullmatch(value)
    try:
        if match:
            day = date(int(match[3]), int(match[2]), int(match[1]))
            return f"{day.isoformat()}T00:00:00+00:00"
        us = _US_DATE.fullmatch(value)
        if us:  # Etsy's MM/DD/YY
            year = int(us[3]) + (2000 if len(us[3]) == 2 else 0)
            return f"{date(year, int(us[1]), int(us[2])).isoformat()}T00:00:00+00:00"
        if _ISO_DATE.fullmatch(value):
            return f"{date.fromisoformat(value).isoformat()}T00:00:00+00:00"
        # Shopify's "2026-11-20 10:15:00 +0100": the offset written apart
        moment = datetime.fromisoformat(re.sub(r"\s+([+-]\d{2}:?\d{2})$", r"\1", value))
    except ValueError:
        english = _GERMAN_MONTH.sub(lambda m: _GERMAN_MONTHS[m[0].casefold()], value)
        # eBay's "Nov-20-26", eBay.de's "20-Nov-26" and "10-Dez-25"
        for pattern in ("%b-%d-%y", "%b-%d-%Y", "%d-%b-%y", "%d-%b-%Y", "%d %b %Y"):
            try:
                return f"{datetime.strptime(english, pattern).date().isoformat()}T00:00:00+00:00"
            except ValueError:
                continue
        return None
    return moment.isoformat() if moment.tzinfo else f"{moment.isoformat()}+00:00"


def _wire_item(item: OrderItem, currency: str, contents: str = "") -> dict[str, Any]:
    wire: dict[str, Any] = {
        "sku": item.sku,
        # no title column: the batch's contents column, else the SKU
        "title": {"fallback": item.title or contents or item.sku},
        "quantity": item.quantity,
        # prices are optional in a shop's export: an unknown price is 0 (said per order)
        "price": item.price if item.price is not None else 0.0,
        "vat": item.vat if item.vat is not None else 0.0,
        "currency": item.currency or currency,
    }
    if item.gtin:
        wire["gtin"] = item.gtin
    if item.weight_kg is not None:
        wire["weight"] = item.weight_kg
        wire["weight_unit"] = "kg"
    return wire


def _contents(shipment: Mapping[str, Any]) -> str:
    package = shipment.get("package")
    return str(package.get("description") or "") if isinstance(package, Mapping) else ""


def order_columns(orders: OrderFile) -> dict[str, str]:
    """Order field path (items as `order_line_items[]`) -> the file's column."""
    out: dict[str, str] = {}
    for target, source in orders.mapping.items():
        if source.column is None:
            continue
        if target.startswith("to."):
            name = target.removeprefix("to.")
            for field_name in {"name": ("first_name", "last_name"),
                               "street": ("street", "street_no")}.get(name, (name,)):  # fmt: skip
                out.setdefault(f"delivery_address.{field_name}", source.column)
        elif target in ("reference_number", "metadata.partner.order_number"):
            out.setdefault("external_order_id", source.column)
        elif target == "order_date":
            out["placed_at"] = source.column
    for name, column in orders.item_columns.items():
        path = "title.fallback" if name == "title" else name
        out[f"order_line_items[].{path}"] = column
    return out


def drafts_of(orders: OrderFile, *, currency: str = DEFAULT_CURRENCY) -> list[OrderDraft]:
    """The order drafts (POST /v1/orders bodies) of what the engine read, each checked with
    the domain's order rules."""
    out: list[OrderDraft] = []
    date_source = orders.mapping.get("order_date") or orders.mapping.get(
        "metadata.partner.order_date"
    )
    columns = order_columns(orders)
    for index, record in enumerate(orders.records):
        shipment = build_draft(record.cells, orders.mapping, Defaults())
        number = record.number or reference_for(orders.table, index, shipment)
        items = record.items or [OrderItem()]
        order_currency = next((i.currency for i in items if i.currency), None) or currency
        draft: dict[str, Any] = {
            "external_order_id": number,
            "currency": order_currency,
            "order_line_items": [
                _wire_item(item, order_currency, str(_contents(shipment))) for item in items
            ],
        }
        if isinstance(shipment.get("to"), dict):
            draft["delivery_address"] = shipment["to"]
        customer_column = orders.item_columns.get("external_customer_id")
        customer = record.cells.get(customer_column, "").strip() if customer_column else ""
        if customer:
            draft["external_customer_id"] = customer
        placed = _placed_at(date_source.read(record.cells)) if date_source is not None else None
        if placed:
            draft["placed_at"] = placed
        value = record.value()
        draft["total_price"] = value if value is not None else 0.0
        draft["total_vat"] = round(
            sum((i.vat or 0.0) * (i.quantity if isinstance(i.quantity, float) else 0.0)
                for i in items), 4
        )  # fmt: skip
        goods = record.goods_weight()  # the goods' weight: the box is the shipment's
        weight = goods[0] if goods is not None else None
        if isinstance(weight, float):
            draft["total_weight"] = weight
            draft["weight_unit"] = "kg"
        clean = sanitize(draft)
        order = OrderDraft(lines=record.lines, draft=clean if isinstance(clean, dict) else {},
                           columns=columns)  # fmt: skip
        order.problems = validate_order(order.draft)
        out.append(order)
    return out


def build_orders(
    table: Table,
    mapping: ColumnMapping,
    *,
    currency: str = DEFAULT_CURRENCY,
    catalogue: Catalogue | None = None,
) -> list[OrderDraft]:
    """The orders of a file with this mapping, in file order."""
    return drafts_of(orders_of(table, mapping=mapping, catalogue=catalogue), currency=currency)


def orders_of_table(
    table: Table,
    book: MappingBook,
    mapping: ColumnMapping | None = None,
    *,
    currency: str = DEFAULT_CURRENCY,
    catalogue: Catalogue | None = None,
) -> list[OrderDraft]:
    """The orders of a file with `mapping`, else the one remembered for its layout, else its
    platform's, else a guessed one (every door reads a file so: orders/engine.py)."""
    orders = orders_of(table, book=book, mapping=mapping, catalogue=catalogue)
    return drafts_of(orders, currency=currency)


@dataclass
class StoredOrders:
    """What storing orders did: order number -> the service's id, skipped, refused."""

    stored: dict[str, str] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)  # the service had them already
    refused: dict[str, str] = field(default_factory=dict)  # order number -> the error


async def store_orders(
    client: ShippingClient,
    orders: Iterable[OrderDraft],
    *,
    store: ProfileStore | None = None,
    origin: Callable[[OrderDraft], OrderOrigin] | None = None,
) -> StoredOrders:
    """Store the valid orders on the service, in order; an order the service already has is
    skipped, so storing the same file again stores nothing twice.

    Without `store`/`origin` an order is the service's when its number is there. With them,
    where each order came from (a shop connection's order, a file) is recorded in the store,
    and an order of the same number is the same order only when it came from the same place,
    or from elsewhere for the same receiver (a shop's order imported from its export first):
    two shops' orders 1001 are two orders."""
    from desktop_app.client.errors import APIError

    result = StoredOrders()
    for order in orders:
        if not order.valid:
            continue
        number = order.external_order_id
        mine = origin(order) if origin is not None and store is not None else None
        try:
            found = await client.orders.list(external_order_id=number, per_page=50)
            same = await _same_order(store, found, order, mine)
            if same is not None:
                result.skipped.append(number)
                if store is not None and mine is not None:
                    await asyncio.to_thread(store.record_order_origin, same, mine)
                continue
            created = await client.orders.create(order.draft)
        except APIError as exc:
            result.refused[number] = str(exc)
            continue
        result.stored[number] = created.id
        if store is not None and mine is not None:
            await asyncio.to_thread(store.record_order_origin, created.id, mine)
    return result


def file_origin(name: str) -> Callable[[OrderDraft], OrderOrigin]:
    """The origin of the orders of the imported file called `name` (for `store_orders`)."""
    return lambda order: OrderOrigin(number=order.external_order_id, file=name)


async def _same_order(
    store: ProfileStore | None, found: Iterable[Any], order: OrderDraft, mine: OrderOrigin | None
) -> str | None:
    """The id of the service's order among `found` (same number) that is `order`, or None."""
    for candidate in found:
        if store is None or mine is None:
            return str(candidate.id)
        known = await asyncio.to_thread(store.order_origin, candidate.id)
        if known is not None and known.key == mine.key:
            return str(candidate.id)
        if known is not None and known.shop and mine.shop:
            continue  # another shop order of the same number (another shop's, or reused)
        wire = candidate.to_wire() if hasattr(candidate, "to_wire") else {}
        if same_receiver(wire.get("delivery_address"), order.draft.get("delivery_address")):
            return str(candidate.id)
    return None
