"""Rules of a shop order (`POST /v1/orders`): totals, currency, line items, delivery address.

The delivery address follows the contact rule, as the receiver of a shipment does: an order is
packed and sent to it. Quantities are positive, weights and prices never negative, a GTIN is
8, 12, 13 or 14 digits, and a weight always comes with its unit (kg).
"""

from __future__ import annotations

from typing import Any

from desktop_app.domain.catalog import Catalog, load_catalog
from desktop_app.domain.models.terms import ORDER_CURRENCIES
from desktop_app.domain.rules.address import check_address
from desktop_app.domain.rules.checks import check_number, check_text, is_language, parse_datetime
from desktop_app.domain.rules.problems import Problem, Problems, as_draft, guard, join

GTIN_LENGTHS = (8, 12, 13, 14)
MAX_LINE_ITEMS = 500
WEIGHT_UNITS = ("kg",)


def validate_order(draft: Any) -> list[Problem]:
    """All problems of an order draft; empty when valid."""
    return guard("", lambda: _order(as_draft(draft), load_catalog()))


def _order(d: Any, cat: Catalog) -> Problems:
    out = Problems()
    if not isinstance(d, dict):
        out.add("", "not_an_object", "The order must be a JSON object.")
        return out
    currency = d.get("currency")
    if currency is None or currency == "":
        out.add("currency", "required", "Choose the order's currency.")
    elif currency not in ORDER_CURRENCIES:
        out.add("currency", "invalid_currency", f"Use one of {', '.join(ORDER_CURRENCIES)}.")
    for name, what in (("total_price", "the order's total"), ("total_vat", "the order's VAT")):
        check_number(out, d.get(name), name, what=what, allow_zero=True)
    for name in ("refund_deduction_amount", "total_weight"):
        check_number(out, d.get(name), name, required=False, allow_zero=True)
    _weight_unit(out, d, "")
    for name in ("placed_at", "refundable_until"):
        _timestamp(out, d.get(name), name)
    for name in ("external_order_id", "external_customer_id"):
        check_text(out, d.get(name), name, max_len=255)
    if d.get("delivery_address") is not None:
        check_address(out, d["delivery_address"], "delivery_address", cat, None, receiver=True)
    items = d.get("order_line_items")
    if items is None:
        out.add("order_line_items", "required", "Add the items of the order.")
    elif not isinstance(items, list):
        out.add("order_line_items", "invalid_type", "Enter the items as a list.")
    elif not items:
        out.add("order_line_items", "required", "Add at least one item.")
    elif len(items) > MAX_LINE_ITEMS:
        out.add("order_line_items", "too_many", f"An order has at most {MAX_LINE_ITEMS} items.")
    else:
        for index, item in enumerate(items):
            _line_item(out, item, f"order_line_items[{index}]")
    return out


def _weight_unit(out: Problems, d: dict[Any, Any], path: str) -> None:
    weight_name = "total_weight" if not path else "weight"
    unit = d.get("weight_unit")
    if unit is not None and unit not in WEIGHT_UNITS:
        out.add(join(path, "weight_unit"), "invalid_unit", "Give weights in kg.")
    elif unit is None and d.get(weight_name) is not None:
        out.add(join(path, "weight_unit"), "required", "Say the weight's unit (kg).")


def _timestamp(out: Problems, value: Any, path: str) -> None:
    if value is None:
        return
    if not isinstance(value, str) or parse_datetime(value) is None:
        out.add(
            path,
            "invalid_datetime",
            "Use a date and time with offset, e.g. 2025-01-31T12:00:00+01:00.",
        )


def _localized(out: Problems, value: Any, path: str, what: str) -> None:
    if not isinstance(value, dict):
        out.add(path, "invalid_type", f"Enter {what} as an object of texts per language.")
        return
    fallback = value.get("fallback")
    if not isinstance(fallback, str) or not fallback.strip():
        out.add(join(path, "fallback"), "required", f"Enter {what} (the fallback text).")
    for key, text in value.items():
        if key != "fallback" and not is_language(str(key)):
            out.add(join(path, str(key)), "invalid_language", "Use an ISO 639-1 language code.")
        elif not isinstance(text, str):
            out.add(join(path, str(key)), "invalid_type", "Enter the text as text.")


def _line_item(out: Problems, item: Any, path: str) -> None:
    if not isinstance(item, dict):
        out.add(path, "invalid_type", "Enter the item as an object.")
        return
    check_text(out, item.get("sku"), join(path, "sku"), required=True, max_len=255, what="the SKU")
    if item.get("title") is None:
        out.add(join(path, "title"), "required", "Enter the item's title.")
    else:
        _localized(out, item["title"], join(path, "title"), "the item's title")
    check_number(out, item.get("quantity"), join(path, "quantity"), what="the quantity")
    for name in ("price", "vat"):
        check_number(out, item.get(name), join(path, name), allow_zero=True)
    for name in ("weight", "gross_price"):
        check_number(out, item.get(name), join(path, name), required=False, allow_zero=True)
    _weight_unit(out, item, path)
    check_text(
        out, item.get("currency"), join(path, "currency"), required=True, what="the currency"
    )
    gtin = item.get("gtin")
    if gtin is not None and gtin != "":
        if not isinstance(gtin, str) or not gtin.isdigit() or len(gtin) not in GTIN_LENGTHS:
            out.add(join(path, "gtin"), "invalid_gtin", "A GTIN has 8, 12, 13 or 14 digits.")
    info = item.get("item_info")
    if info is not None:
        if not isinstance(info, list):
            out.add(join(path, "item_info"), "invalid_type", "Enter the item info as a list.")
        else:
            for index, pair in enumerate(info):
                where = f"{join(path, 'item_info')}[{index}]"
                if not isinstance(pair, dict):
                    out.add(where, "invalid_type", "Enter a name and a value.")
                    continue
                _localized(out, pair.get("name"), join(where, "name"), "the name")
                _localized(out, pair.get("value"), join(where, "value"), "the value")
