"""The customs declaration of an order shipped from the Scan page: its lines (title, quantity,
unit price, weight) with the product catalogue's HS code and country of origin.

What neither the order nor the catalogue knows is left out, so the domain rules name it
("Commercial goods need their customs tariff number ...") and the Scan page stops with that
message instead of shipping without customs data.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.customs import customs_plan, customs_zone, load_customs_data

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


@dataclass(frozen=True)
class SellerNumberKind:
    """One number a seller may hold for some destinations (the customs data's extras)."""

    what: str
    zones: tuple[str, ...]
    example: str
    pattern: re.Pattern[str]


def seller_number_kinds() -> list[SellerNumberKind]:
    """The kinds of seller's numbers destinations ask for, each with its zones, in the data's
    order (UK VAT or EORI, VOEC, Swiss VAT)."""
    kinds: dict[str, SellerNumberKind] = {}
    for extra in load_customs_data().extras:
        if extra.field != "exporter_reference":
            continue
        known = kinds.get(extra.what)
        zones = (*known.zones, extra.zone) if known is not None else (extra.zone,)
        kinds[extra.what] = SellerNumberKind(extra.what, zones, extra.example, extra.pattern)
    return list(kinds.values())


def seller_number(receiver: Mapping[str, Any], numbers: Mapping[str, str]) -> str | None:
    """The seller's number for the receiver's customs zone (UK VAT or EORI for GB, VOEC for
    Norway, Swiss VAT for CH and LI) from the profile's numbers by zone; None without one."""
    country, postcode = receiver.get("country"), receiver.get("zip_code")
    if not isinstance(country, str) or not country.strip():
        return None
    zone = customs_zone(country, postcode if isinstance(postcode, str) else "")
    return numbers.get(zone.key) or None


def order_declaration(
    order: Mapping[str, Any],
    catalogue: ProductLookup | None,
    numbers: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """`customs_declaration` of an order sold to the receiver (commercial goods); the
    seller's number for the destination from `numbers` (see `seller_number`)."""
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
    receiver = order.get("delivery_address")
    reference = seller_number(receiver, numbers or {}) if isinstance(receiver, Mapping) else None
    if reference:
        declaration["exporter_reference"] = reference
    return declaration


def with_order_customs(
    draft: dict[str, Any],
    order: Mapping[str, Any],
    catalogue: ProductLookup | None,
    numbers: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """`draft` with the order's declaration when its destination needs one (see
    `order_declaration`), and the shipment's description of the contents where the carrier
    asks for one abroad (UPS): the declaration's explanation, within the carrier's limit."""
    if not customs_plan(draft).needs_declaration:
        return draft
    declaration = order_declaration(order, catalogue, numbers)
    out = {**draft, "customs_declaration": declaration}
    plan = customs_plan(out)
    explanation = declaration.get("contents_explanation")
    wants_description = plan.carrier is not None and plan.carrier.shipment_description
    if wants_description and explanation and not out.get("description"):
        spec = load_catalog().carriers.get(str(out.get("carrier") or ""))
        limit = spec.field_limits.get("description") if spec is not None else None
        out["description"] = explanation[: limit.max] if limit and limit.max else explanation
    return out
