"""Facts of an order as the station reads them: its goods' value, its units, its own total
weight, and the weight it ships with when neither a scale nor the packer gives one
(`order_own_weight`: the product catalogue's item weights, else the lines' own, else the
order's total, plus the box), its lines with the catalogue's GTINs and parcel, and whether
an open creation attempt of the journal is for it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from desktop_app.domain.presets import ShippingPreset, facts_of_draft
from desktop_app.domain.weights import OrderWeight, decide_weight
from desktop_app.domain.weights import WeightSource as WeightOrigin
from desktop_app.profiles.catalogue import Catalogue
from desktop_app.profiles.store import JournalEntry, OrderOrigin

__all__ = [
    "attempt_is_for",
    "catalogue_parcel",
    "lines_with_gtins",
    "order_item_count",
    "order_own_weight",
    "order_value",
    "order_weight",
]


def order_value(order: Mapping[str, Any]) -> float | None:
    """The goods' value of an order (its total price)."""
    value = order.get("total_price")
    return float(value) if isinstance(value, int | float) else None


def order_item_count(order: Mapping[str, Any]) -> float:
    """Units ordered over all line items."""
    return float(
        sum(
            item.get("quantity") or 0
            for item in order.get("order_line_items") or []
            if isinstance(item.get("quantity"), int | float)
        )
    )


def order_weight(order: Mapping[str, Any]) -> float | None:
    """The order's total weight in kg (None when it has none)."""
    weight = order.get("total_weight")
    unit = order.get("weight_unit") or "kg"
    if isinstance(weight, int | float) and weight > 0 and unit == "kg":
        return float(weight)
    return None


def order_own_weight(
    data: Mapping[str, Any],
    presets: Sequence[ShippingPreset],
    catalogue: Catalogue | None,
    packaging_kg: float | None,
) -> OrderWeight:
    """An order's weight without scale or typing: its lines' weights (the catalogue's,
    else the line's own) x quantities, else the order's total, plus the box. Not the
    default weight: at the Scan page the packer is there to weigh or type it."""
    goods: tuple[float, WeightOrigin] | None = None
    lines = [li for li in data.get("order_line_items") or [] if isinstance(li, Mapping)]
    total, sources = 0.0, set()
    for line in lines:
        product = catalogue.lookup(str(line.get("sku") or "")) if catalogue else None
        quantity = line.get("quantity")
        count = float(quantity) if isinstance(quantity, int | float) else 0.0
        own = line.get("weight")
        if product is not None and product.weight_kg:
            total += product.weight_kg * count
            sources.add("catalogue")
        elif isinstance(own, int | float) and own > 0 and line.get("weight_unit", "kg") == "kg":
            total += float(own) * count
            sources.add("file")
        else:
            sources.add("")
    if lines and "" not in sources and total > 0:
        source: WeightOrigin = (
            "catalogue" if sources == {"catalogue"}
            else "file" if sources == {"file"}
            else "catalogue+file"
        )  # fmt: skip
        goods = (round(total, 6), source)
    elif (kg := order_weight(data)) is not None:
        goods = (kg, "file")
    if goods is None:
        return OrderWeight()
    draft = {"to": data.get("delivery_address") or {}}
    choice = decide_weight(
        given=None,
        goods=goods,
        presets=presets,
        facts=facts_of_draft(draft, value=order_value(data), item_count=order_item_count(data)),
        packaging_kg=packaging_kg,
        default_kg=None,
    )
    return choice.weight


def lines_with_gtins(lines: Sequence[Any], catalogue: Catalogue | None) -> list[Any]:
    """The order's lines, a line without a GTIN given its product's from the catalogue
    (so the pack check can scan it)."""
    out: list[Any] = []
    for line in lines:
        if isinstance(line, Mapping) and not line.get("gtin") and catalogue is not None:
            product = catalogue.lookup(str(line.get("sku") or ""))
            if product is not None and product.gtin:
                line = {**line, "gtin": product.gtin}
        out.append(line)
    return out


def catalogue_parcel(order: Mapping[str, Any], catalogue: Catalogue | None) -> dict[str, float]:
    """The parcel the product catalogue gives one unit of one product (as the batch's
    import engine reads it), else nothing: the preset's."""
    if catalogue is None:
        return {}
    lines = order.get("order_line_items") or []
    units = [(str(li.get("sku") or ""), float(li.get("quantity") or 0))
             for li in lines if isinstance(li, Mapping)]  # fmt: skip
    return catalogue.parcel_for(units) or {}


def attempt_is_for(entry: JournalEntry, origin: OrderOrigin) -> bool:
    """True when an open creation attempt is for this order (one journaled before attempts
    named their order: by its reference)."""
    if entry.order is None:
        return entry.reference_number.casefold() == origin.number.casefold()
    return entry.order.key == origin.key or (
        origin.order_id is not None and entry.order.order_id == origin.order_id
    )
