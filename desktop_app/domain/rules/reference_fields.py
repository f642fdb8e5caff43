"""Rules of the request fields the real service takes beyond the spec's tables: `incoterm`,
`shipper_notification_email`, `cover_address`, `billing`, `order_id`, `returned_items`.

Their values are the reference OpenAPI's (`shipment` schema); the fields are checked and kept,
the local service acts on none but `shipper_notification_email` (its mail outbox).
"""

from __future__ import annotations

from typing import Any

from desktop_app.domain.catalog import CarrierSpec, Catalog
from desktop_app.domain.rules.address import check_address
from desktop_app.domain.rules.checks import (
    check_email,
    check_number,
    check_text,
    is_blank,
    is_country,
)
from desktop_app.domain.rules.problems import Problems, join

INCOTERMS = ("ddp", "ddp_untaxed", "dap", "dap_cleared", "ddu", "ddu_cleared")
PAYERS = ("receiver", "sender", "third_party")
RETURN_REASONS = (
    "delivery_too_late",
    "delivery_wrong_product",
    "garment_expectation_failed_style",
    "garment_too_large",
    "garment_too_long",
    "garment_too_short",
    "garment_too_small",
    "ordered_choices",
    "other",
    "product_description_differing",
    "product_expectation_failed_color",
    "product_expectation_failed_material",
    "product_expectation_failed_price",
    "product_faulty",
)
COVER_ADDRESS_FIELDS = ("street", "zip_code", "city")
MAX_ID_LENGTH = 64


def check_reference_fields(
    out: Problems, d: dict[Any, Any], cat: Catalog, spec: CarrierSpec | None
) -> None:
    """The reference's extra request fields of a shipment."""
    incoterm = d.get("incoterm")
    if incoterm is not None and incoterm not in INCOTERMS:
        out.add("incoterm", "unknown_incoterm", f"Choose one of: {', '.join(INCOTERMS)}.")
    if d.get("shipper_notification_email") is not None:
        check_email(out, d["shipper_notification_email"], "shipper_notification_email")
    cover = d.get("cover_address")
    if cover is not None:
        check_address(
            out, cover, "cover_address", cat, spec, contact=False,
            required_fields=COVER_ADDRESS_FIELDS,
        )  # fmt: skip
    if d.get("billing") is not None:
        _billing(out, d["billing"])
    check_text(out, d.get("order_id"), "order_id", max_len=MAX_ID_LENGTH, what="the order id")
    if d.get("returned_items") is not None:
        _returned_items(out, d["returned_items"])


def _billing(out: Problems, billing: Any) -> None:
    if not isinstance(billing, dict):
        out.add("billing", "invalid_type", "Enter who pays as an object.")
        return
    for part in ("transportation", "duties_and_taxes"):
        payer = billing.get(part)
        path = join("billing", part)
        if payer is None:
            continue
        if not isinstance(payer, dict):
            out.add(path, "invalid_type", "Enter who pays as an object.")
            continue
        kind = payer.get("type")
        if kind not in PAYERS:
            out.add(join(path, "type"), "unknown_payer", f"Choose one of: {', '.join(PAYERS)}.")
        for name in ("account_number", "zip_code"):
            check_text(out, payer.get(name), join(path, name), max_len=35, what="this field")
        if kind == "third_party" and is_blank(payer.get("account_number")):
            out.add(
                join(path, "account_number"),
                "required",
                "Enter the account number of the third party that pays.",
            )
        country = payer.get("country")
        if country is not None and not (isinstance(country, str) and is_country(country)):
            out.add(join(path, "country"), "invalid_country", "Use a two-letter code such as DE.")


def _returned_items(out: Problems, items: Any) -> None:
    if not isinstance(items, list):
        out.add("returned_items", "invalid_type", "Enter the returned items as a list.")
        return
    for index, item in enumerate(items):
        path = f"returned_items[{index}]"
        if not isinstance(item, dict):
            out.add(path, "invalid_type", "Enter the returned item as an object.")
            continue
        check_text(
            out, item.get("order_line_item_id"), join(path, "order_line_item_id"),
            required=True, max_len=MAX_ID_LENGTH, what="the order line's id",
        )  # fmt: skip
        check_number(out, item.get("quantity"), join(path, "quantity"), what="the quantity")
        reason = item.get("reason_for_return")
        if reason is not None and reason not in RETURN_REASONS:
            out.add(
                join(path, "reason_for_return"),
                "unknown_return_reason",
                f"Choose one of: {', '.join(RETURN_REASONS)}.",
            )
