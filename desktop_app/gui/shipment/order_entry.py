"""An order put into the shipment form ("Open in form" on the Scan page): the receiver, the
order number as reference, the order's weight, and the customs section's rows from the
order's lines, the product catalogue filling what the order lacks (description, value,
weight, HS code, origin) - the same declaration the Scan page sends (`station.customs`),
here editable before the label is made. The seller's customs number for the destination
comes from Settings › Station.

`order_entry` decides without a window (`entry_for`: with the open profile's catalogue and
numbers, and the order's identity); `fill_form` only puts its values into the fields and
keeps the identity on the form, so the shipment made from it records its order (for the
shop's write-back) while the reference is still the order's number (`origin_for`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from desktop_app.client.account_addresses import address_fields
from desktop_app.domain.customs import parse_amount
from desktop_app.gui.shipment.customs_presenter import DECLARATION_TEXTS, ItemRow
from desktop_app.station.customs import ProductLookup, order_declaration
from desktop_app.station.order_facts import order_weight

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shipment.partials.form import ShipmentFormWidget
    from desktop_app.profiles.store import OrderOrigin, StoredOrder


@dataclass(frozen=True)
class OrderEntry:
    """What the form shows for one order."""

    receiver: dict[str, Any]
    reference: str
    weight: float | None
    contents_type: str
    currency: str
    texts: dict[str, str] = field(default_factory=dict)
    rows: list[ItemRow] = field(default_factory=list)
    origin: OrderOrigin | None = None
    """The order's identity (shop connection and the shop's order id, or its file)."""


def _row(item: Mapping[str, Any]) -> ItemRow:
    return ItemRow(
        description=item.get("description") or None,
        hs_tariff_number=item.get("hs_tariff_number"),
        origin_country=item.get("origin_country"),
        quantity=item.get("quantity"),
        value_amount=parse_amount(item.get("value_amount")),
        net_weight=item.get("net_weight"),
    )


def order_entry(
    number: str,
    order: Mapping[str, Any],
    catalogue: ProductLookup | None,
    numbers: Mapping[str, str],
) -> OrderEntry:
    """The form's values for `order` (its data as the orders inbox stores it)."""
    declaration = order_declaration(order, catalogue, numbers)
    texts = {name: str(declaration[name]) for name in DECLARATION_TEXTS if declaration.get(name)}
    return OrderEntry(
        receiver=address_fields(order.get("delivery_address")),
        reference=number,
        weight=order_weight(order),
        contents_type=str(declaration["contents_type"]),
        currency=str(declaration["currency"]),
        texts=texts,
        rows=[_row(item) for item in declaration["items"]],
    )


def entry_for(context: AppContext, order: StoredOrder) -> OrderEntry:
    """`order_entry` with the open profile's catalogue and seller's numbers."""
    catalogue = context.store.catalogue if context.store is not None else None
    profile = context.profile
    numbers = profile.preferences.customs_numbers if profile is not None else {}
    entry = order_entry(order.number, order.data, catalogue, numbers)
    if context.store is None:
        return entry
    return replace(entry, origin=context.store.orders.origin_of(order))


def fill_form(form: ShipmentFormWidget, entry: OrderEntry) -> None:
    """Put `entry` into the form (the shipment being typed is replaced) and check it."""
    form.reset_for_next()
    form.receiver.set_address(entry.receiver)
    form.reference_section.reference.set_text(entry.reference)
    form.reference_section.reference.touched = True
    if entry.weight is not None:
        form.packages.rows[0].fields["weight"].set_text(entry.weight)
    form.customs.fill(entry.contents_type, entry.currency, entry.texts, entry.rows)
    form.order_origin = entry.origin  # type: ignore[attr-defined]  # read by origin_for
    form.validate_now()


def origin_for(form: ShipmentFormWidget, body: Mapping[str, Any]) -> OrderOrigin | None:
    """The order a shipment typed in `form` is made for: the one put in by `fill_form`, while
    the reference is still its number (another reference: another shipment, no order)."""
    origin: OrderOrigin | None = getattr(form, "order_origin", None)
    reference = str(body.get("reference_number") or "").strip().casefold()
    if origin is None or reference != origin.number.strip().casefold():
        return None
    return origin
