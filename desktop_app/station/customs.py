"""The customs declaration of an order shipped from the Scan page: its lines (title, quantity,
unit price, weight) with the product catalogue's HS code and country of origin.

What neither the order nor the catalogue knows is left out, so the domain rules name it
("Commercial goods need their customs tariff number ...") and the Scan page stops with that
message instead of shipping without customs data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

MAX_EXPLANATION = 256


class ProductFacts(Protocol):
    """What the declaration reads of a catalogue product."""

    name: str
    hs_code: str | None
    origin_country: str | None
    weight_kg: float | None
    value: float | None


class ProductLookup(Protocol):
    """The catalogue's look-up by SKU."""

    def lookup(self, sku: str) -> Any: ...


def _title(line: Mapping[str, Any], product: ProductFacts | None) -> str:
    title = line.get("title")
    if isinstance(title, Mapping):
        text = title.get("fallback") or next(iter(title.values()), "")
        if text:
            return str(text)
    return product.name if product is not None else ""


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _line_item(line: Mapping[str, Any], product: ProductFacts | None) -> dict[str, Any]:
    quantity = _number(line.get("quantity")) or 1.0
    unit_price = _number(line.get("price"))
    if unit_price is None and product is not None:
        unit_price = product.value
    unit_weight = _number(line.get("weight"))
    if unit_weight is None and product is not None:
        unit_weight = product.weight_kg
    item: dict[str, Any] = {"description": _title(line, product), "quantity": int(quantity)}
    if unit_price is not None:
        item["value_amount"] = f"{unit_price * quantity:.2f}"
    if unit_weight is not None:
        item["net_weight"] = round(unit_weight * quantity, 3)
    if product is not None and product.hs_code:
        item["hs_tariff_number"] = product.hs_code
    if product is not None and product.origin_country:
        item["origin_country"] = product.origin_country
    return item


def order_declaration(order: Mapping[str, Any], catalogue: ProductLookup | None) -> dict[str, Any]:
    """`customs_declaration` of an order sold to the receiver (commercial goods)."""
    items = []
    for line in order.get("order_line_items") or []:
        if not isinstance(line, Mapping):
            continue
        sku = str(line.get("sku") or "")
        product = catalogue.lookup(sku) if catalogue is not None and sku else None
        items.append(_line_item(line, product))
    total = sum(float(i.get("value_amount") or 0) for i in items)
    explanation = ", ".join(i["description"] for i in items if i["description"])
    declaration: dict[str, Any] = {
        "contents_type": "commercial_goods",
        "currency": str(order.get("currency") or "EUR"),
        "total_value_amount": round(total, 2),
        "items": items,
    }
    if explanation:
        declaration["contents_explanation"] = explanation[:MAX_EXPLANATION]
    number = order.get("external_order_id")
    if number:
        declaration["invoice_number"] = str(number)
    return declaration
