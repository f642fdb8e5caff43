"""The words of the Scan page for a refused scan: what happened and what to do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from desktop_app.gui.i18n import translate

if TYPE_CHECKING:
    from desktop_app.station.outcomes import ScanOutcome


def person(order: dict[str, Any]) -> str:
    """The receiver of an order in a few words (name and city), for the pick list."""
    address = order.get("delivery_address") or {}
    parts = (address.get("first_name"), address.get("last_name"), address.get("city"))
    return " ".join(str(p) for p in parts if p)


def error_text(outcome: ScanOutcome) -> tuple[str, str]:
    """Title and detail of an error outcome (by its code)."""
    code, detail = outcome.code, outcome.detail
    number = outcome.order.number if outcome.order is not None else ""
    if code == "not_found":
        return (
            translate("Scan", "No order %1").replace("%1", detail),
            translate("Scan", "Check the barcode, or press F5 to read the orders again."),
        )
    if code == "wrong_item":
        return (
            translate("Scan", "Not in this order: %1").replace("%1", detail),
            translate("Scan", "Put the item back and scan the items of order %1.").replace(
                "%1", number
            ),
        )
    if code == "surplus_item":
        title = outcome.line.title if outcome.line is not None else detail
        return (
            translate("Scan", "Already packed: %1").replace("%1", title),
            translate("Scan", "The order has no more of it. Put it back."),
        )
    if code == "incomplete":
        missing = int(detail or 0)
        return (
            translate("Scan", "%n item(s) still missing", None, missing),
            translate("Scan", "Scan the missing items, or press F6 to ship anyway (recorded)."),
        )
    if code == "no_weight":
        return (
            translate("Scan", "Weight needed"),
            translate("Scan", "Put the parcel on the scale, or type the weight and press Enter."),
        )
    if code == "no_preset":
        return (
            translate("Scan", "No shipping preset fits"),
            translate("Scan", "Press F3 to choose a preset."),
        )
    if code == "invalid":
        return (translate("Scan", "The shipment is not valid"), detail)
    if code == "service":
        return (translate("Scan", "The service refused the shipment"), detail)
    if code == "pending":
        return (
            translate("Scan", "An earlier attempt for order %1 is not settled").replace(
                "%1", number
            ),
            translate("Scan", "Wait a moment and scan again; nothing is shipped twice."),
        )
    return (translate("Scan", "Scan an order first"), "")
