"""The customs rules of a shipment: the declaration, its items and the border's demands.

Run by `domain.rules.validate` (so the desk and the service say the same); `customs_notices`
holds what the desk points out without refusing (totals that do not add up, numbers a
destination recommends).
"""

from __future__ import annotations

import re
from typing import Any

from desktop_app.domain.customs.data import CustomsData, DestinationExtra, load_customs_data
from desktop_app.domain.customs.plan import (
    CustomsPlan,
    customs_plan,
    declaration_items,
    items_total,
    parse_amount,
)
from desktop_app.domain.rules.address import normalize_country
from desktop_app.domain.rules.checks import (
    check_currency,
    check_number,
    check_text,
    is_blank,
    is_country,
    is_date,
)
from desktop_app.domain.rules.problems import Problem, Problems, join

DECLARATION = "customs_declaration"
_HS_CODE = re.compile(r"^\d{6,10}$")
_MRN = re.compile(r"^\d{2}[A-Z]{2}[A-Z0-9]{14}$")
_TEXT_FIELDS = (
    ("contents_explanation", "the contents' explanation"),
    ("invoice_number", "the invoice number"),
    ("drop_off_location", "the drop-off location"),
    ("exporter_reference", "the exporter's reference"),
    ("importer_reference", "the importer's reference"),
    ("movement_reference_number", "the MRN"),
)
TOTALS_TOLERANCE = 0.005  # half a cent: rounding of the items' values, not a mistake


def _zone_words(plan: CustomsPlan) -> str:
    destination = plan.crossing.destination if plan.crossing else None
    origin = plan.crossing.origin if plan.crossing else None
    if destination is not None and destination.key != "EU":
        return destination.name
    return origin.name if origin is not None else ""


def check_customs(out: Problems, d: dict[Any, Any], data: CustomsData | None = None) -> None:
    """All customs problems of a shipment draft."""
    data = data or load_customs_data()
    plan = customs_plan(d, data)
    declaration = d.get(DECLARATION)
    needed = plan.needs_declaration and plan.carrier is not None
    if declaration is None:
        if needed:
            zone = _zone_words(plan)
            out.add(
                DECLARATION,
                "customs_required",
                f"A parcel to or from {zone} crosses a customs border: declare its contents "
                "(customs declaration with its items).",
                zone=zone,
            )
    elif not isinstance(declaration, dict):
        out.add(DECLARATION, "invalid_type", "Enter the customs declaration as an object.")
    else:
        _declaration(out, declaration, d, plan, data)
    if needed and plan.carrier is not None and plan.carrier.shipment_description:
        if is_blank(d.get("description")):
            out.add(
                "description",
                "description_required_abroad",
                f"{plan.carrier.name} needs a description of the contents for parcels abroad.",
                carrier=plan.carrier.code,
            )


def _declaration(
    out: Problems, c: dict[Any, Any], d: dict[Any, Any], plan: CustomsPlan, data: CustomsData
) -> None:
    limits = data.field_limits
    contents = c.get("contents_type")
    cpath = join(DECLARATION, "contents_type")
    if is_blank(contents):
        out.add(cpath, "required", "Choose what the parcel contains (goods, gift, documents ...).")
        contents = None
    elif contents not in data.contents_types:
        out.add(
            cpath,
            "unknown_contents_type",
            f"Choose one of: {', '.join(data.contents_types)}.",
            choices=data.contents_types,
        )
        contents = None
    for name, what in _TEXT_FIELDS:
        required = name == "contents_explanation" and contents in data.explanation_required_for
        check_text(
            out, c.get(name), join(DECLARATION, name), max_len=limits.get(name), required=required,
            what=what,
        )  # fmt: skip
    currency = check_currency(out, c.get("currency"), join(DECLARATION, "currency"))
    carrier = plan.carrier
    if (
        currency is not None
        and plan.needs_declaration
        and carrier is not None
        and carrier.currencies is not None
        and currency not in carrier.currencies
    ):
        out.add(
            join(DECLARATION, "currency"),
            "currency_not_offered",
            f"{carrier.name} takes customs values in {', '.join(carrier.currencies)} only.",
            carrier=carrier.code,
            currencies=carrier.currencies,
        )
    total_path = join(DECLARATION, "total_value_amount")
    total = check_number(
        out, c.get("total_value_amount"), total_path, what="the total value", allow_zero=True
    )
    if total == 0 and contents not in (None, "documents"):
        out.add(
            total_path,
            "value_zero",
            "Enter what the contents are worth; customs take no goods worth 0.",
        )
    check_number(
        out, c.get("additional_fees"), join(DECLARATION, "additional_fees"), required=False,
        what="the additional fees", allow_zero=True,
    )  # fmt: skip
    posting = c.get("posting_date")
    if posting is not None and not (isinstance(posting, str) and is_date(posting)):
        out.add(
            join(DECLARATION, "posting_date"),
            "invalid_date",
            "Enter the posting date as YYYY-MM-DD.",
        )
    raw_items = c.get("items")
    if raw_items is not None and not isinstance(raw_items, list):
        out.add(join(DECLARATION, "items"), "invalid_type", "Enter the items as a list.")
    items = declaration_items(d)
    if not items and contents != "documents":
        out.add(join(DECLARATION, "items"), "required", "List the contents item by item.")
    for path, item in items:
        _item(out, item, path, contents, data)
    if plan.export_declaration:
        _mrn(out, c, data)
    for extra in plan.extras:
        if extra.required:
            _extra(out, c, extra)


def _mrn(out: Problems, c: dict[Any, Any], data: CustomsData) -> None:
    path = join(DECLARATION, "movement_reference_number")
    above = data.export_declaration_above
    mrn = c.get("movement_reference_number")
    if is_blank(mrn):
        out.add(
            path,
            "mrn_required",
            f"Goods worth more than {above.amount:,.0f} {above.currency} need an export "
            "declaration: enter its MRN (movement reference number).",
            amount=above.amount,
            currency=above.currency,
        )
    elif isinstance(mrn, str) and _MRN.match(mrn.strip().upper()) is None:
        out.add(
            path,
            "invalid_mrn",
            "An MRN has 18 characters: year, country and 14 letters or digits, "
            "e.g. 25DE123456789012A4.",
        )


def _extra(out: Problems, c: dict[Any, Any], extra: DestinationExtra) -> None:
    path = join(DECLARATION, extra.field)
    value = c.get(extra.field)
    if is_blank(value):
        out.add(
            path,
            "destination_number_required",
            f"Parcels of this value to this destination need the seller's {extra.what}, "
            f"e.g. {extra.example}.",
            what=extra.what,
            example=extra.example,
        )
    elif isinstance(value, str) and extra.pattern.match(value.strip().upper()) is None:
        out.add(
            path,
            "invalid_destination_number",
            f"Enter the seller's {extra.what} in its form, e.g. {extra.example}.",
            what=extra.what,
            example=extra.example,
        )


def _item(out: Problems, item: Any, path: str, contents: str | None, data: CustomsData) -> None:
    if not isinstance(item, dict):
        out.add(path, "invalid_type", "Enter the item as an object.")
        return
    origin = check_text(
        out, item.get("origin_country"), join(path, "origin_country"), required=True,
        what="the country of origin",
    )  # fmt: skip
    if origin is not None and not is_country(normalize_country(origin)):
        out.add(
            join(path, "origin_country"),
            "invalid_country",
            "Use the two-letter code of the country the item was made in, e.g. DE.",
        )
    description = check_text(
        out, item.get("description"), join(path, "description"), required=True,
        max_len=data.field_limits.get("item_description"), min_len=data.description_min_length,
        what="a description of the item",
    )  # fmt: skip
    if description is not None and description.strip().casefold() in data.vague_descriptions:
        out.add(
            join(path, "description"),
            "description_vague",
            f"Customs refuse “{description.strip()}” alone: say what the item is and what it "
            "is made of, e.g. “cotton T-shirt”.",
            text=description.strip(),
        )
    hs_path = join(path, "hs_tariff_number")
    hs_code = item.get("hs_tariff_number")
    if is_blank(hs_code):
        if contents in data.hs_code_required_for:
            out.add(
                hs_path,
                "hs_code_required",
                "Commercial goods need their customs tariff number (HS code, 6 to 10 digits).",
            )
    elif not isinstance(hs_code, str) or _HS_CODE.match(hs_code.strip()) is None:
        out.add(hs_path, "invalid_hs_code", "Enter the HS code as 6 to 10 digits, e.g. 610910.")
    quantity = item.get("quantity")
    if quantity is None:
        out.add(join(path, "quantity"), "required", "Enter how many of this item are packed.")
    elif isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 1:
        out.add(join(path, "quantity"), "invalid_quantity", "Enter a whole number of 1 or more.")
    value_path = join(path, "value_amount")
    raw_value = item.get("value_amount")
    value = parse_amount(raw_value)
    if raw_value is None or raw_value == "":
        out.add(value_path, "required", "Enter the value of these items.")
    elif value is None:
        out.add(value_path, "invalid_number", "Enter the value as a number, e.g. 19.90.")
    elif value <= 0:
        out.add(
            value_path,
            "value_zero",
            "Enter what these items are worth; customs take no goods worth 0.",
        )
    check_number(out, item.get("net_weight"), join(path, "net_weight"), what="the net weight")
    check_number(
        out, item.get("gross_weight"), join(path, "gross_weight"), required=False,
        what="the gross weight",
    )  # fmt: skip


def customs_notices(draft: Any, data: CustomsData | None = None) -> list[Problem]:
    """What the desk points out without refusing: a total that differs from the items' sum,
    a number the destination recommends (VOEC, Swiss VAT) left out."""
    data = data or load_customs_data()
    out = Problems()
    if not isinstance(draft, dict) or not isinstance(draft.get(DECLARATION), dict):
        return out
    declaration = draft[DECLARATION]
    total = parse_amount(declaration.get("total_value_amount"))
    items = declaration_items(draft)
    if total is not None and items:
        summed = items_total(draft) + (parse_amount(declaration.get("additional_fees")) or 0.0)
        if abs(summed - total) > TOTALS_TOLERANCE:
            out.add(
                join(DECLARATION, "total_value_amount"),
                "total_differs",
                f"The items add up to {summed:.2f}, the total says {total:.2f}.",
                items=round(summed, 2),
                total=total,
            )
    plan = customs_plan(draft, data)
    for extra in plan.extras:
        if not extra.required and is_blank(declaration.get(extra.field)):
            out.add(
                join(DECLARATION, extra.field),
                "destination_number_recommended",
                f"If the seller is registered, enter its {extra.what} (e.g. {extra.example}); "
                "otherwise the receiver pays the import tax on delivery.",
                what=extra.what,
                example=extra.example,
            )
    return out
