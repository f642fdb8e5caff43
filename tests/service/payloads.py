"""Request bodies used by the service tests."""

from __future__ import annotations

from typing import Any

SENDER: dict[str, Any] = {
    "company": "Packdesk Test GmbH",
    "street": "Hauptstraße",
    "street_no": "1",
    "zip_code": "10115",
    "city": "Berlin",
    "country": "DE",
}
RECEIVER: dict[str, Any] = {
    "first_name": "Erika",
    "last_name": "Mustermann",
    "street": "Heidestraße",
    "street_no": "17",
    "zip_code": "51147",
    "city": "Köln",
    "country": "DE",
    "email": "erika@example.com",
}
PACKAGE: dict[str, Any] = {"weight": 1.5, "length": 30, "width": 20, "height": 10}


def shipment(
    carrier: str = "dhl", *, label: bool = False, service: str = "standard", **extra: Any
) -> dict[str, Any]:
    """A valid shipment body for `carrier` (one package unless `packages` is given)."""
    body: dict[str, Any] = {
        "carrier": carrier,
        "service": service,
        "from": dict(SENDER),
        "to": dict(RECEIVER),
        "package": dict(PACKAGE),
        "create_shipping_label": label,
    }
    if "packages" in extra:
        body.pop("package")
    body.update(extra)
    return body
