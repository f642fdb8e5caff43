"""What the shipment form's customs section shows and sends, decided without a window.

Whether the destination needs a declaration (the domain's customs plan of the draft), which
documents the carrier will want printed, the declaration on the wire from the typed rows,
and the items' total checked against the typed total as the user types.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from desktop_app.domain.customs import customs_plan, document_copies

ITEM_FIELDS = (
    "description",
    "hs_tariff_number",
    "origin_country",
    "quantity",
    "value_amount",
    "net_weight",
)
DECLARATION_TEXTS = ("contents_explanation", "exporter_reference", "movement_reference_number")


@dataclass(frozen=True)
class ItemRow:
    """One typed item row: texts as typed, numbers as parsed (None when empty)."""

    description: str | None = None
    hs_tariff_number: str | None = None
    origin_country: str | None = None
    quantity: Any = None
    value_amount: Any = None
    net_weight: Any = None

    def is_empty(self) -> bool:
        """Nothing typed in this row (it is left out of the declaration)."""
        return all(getattr(self, name) in (None, "") for name in ITEM_FIELDS)


@dataclass(frozen=True)
class CustomsView:
    """The section's state for a draft: shown or not, the documents line, the totals line."""

    needed: bool
    documents: tuple[str, ...] = ()
    cn22_on_label: bool = False
    items_total: float = 0.0


def customs_view(draft: Mapping[str, Any], rows: Sequence[ItemRow]) -> CustomsView:
    """Whether the draft's destination needs customs data, and what will be printed."""
    plan = customs_plan(dict(draft))
    if not plan.needs_declaration or plan.carrier is None:
        return CustomsView(False)
    return CustomsView(True, plan.documents, plan.cn22_on_label, items_total(rows))


def items_total(rows: Sequence[ItemRow]) -> float:
    """The sum of the rows' values (each the total of its quantity)."""
    total = 0.0
    for row in rows:
        if isinstance(row.value_amount, int | float) and not isinstance(row.value_amount, bool):
            total += float(row.value_amount)
    return total


def declaration(
    contents_type: str,
    currency: str | None,
    texts: Mapping[str, str | None],
    rows: Sequence[ItemRow],
) -> dict[str, Any]:
    """`customs_declaration` as on the wire: the typed texts, the items, their total."""
    items = []
    for row in rows:
        if row.is_empty():
            continue
        item: dict[str, Any] = {}
        for name in ITEM_FIELDS:
            value = getattr(row, name)
            if value is None:
                continue
            # the wire's value_amount is a string (the reference OpenAPI)
            item[name] = _amount_text(value) if name == "value_amount" else value
        items.append(item)
    body: dict[str, Any] = {
        "contents_type": contents_type,
        "currency": currency,
        "total_value_amount": round(items_total(rows), 2),
        "items": items,
    }
    body.update({name: text for name in DECLARATION_TEXTS if (text := texts.get(name))})
    return {k: v for k, v in body.items() if v is not None}


def _amount_text(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value  # not a number: passed on for the rules to name
    return f"{float(value):.2f}"


def document_names(view: CustomsView) -> list[tuple[str, int]]:
    """(document, copies) in print order: the CN 23 with its copies, a CN 22, the invoice."""
    return document_copies(view.documents)
