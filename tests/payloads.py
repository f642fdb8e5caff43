"""Request bodies the tests share: the sender, receiver and package, a valid shipment, the
reference customs example."""

from __future__ import annotations

import base64
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


#: A one-page PDF (the smallest a reader opens), base64 for shipment document uploads.
PDF_BYTES = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    b"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n"
    b"trailer<</Root 1 0 R>>\n%%EOF\n"
)
PDF_B64 = base64.b64encode(PDF_BYTES).decode()

#: The customs items and declaration of the reference OpenAPI's example "Shipment creation
#: request with customs declaration data" (POST /shipments), as given there.
REFERENCE_ITEMS: list[dict[str, Any]] = [
    {
        "description": "Linkwood 25 years",
        "hs_tariff_number": "501293884",
        "net_weight": 0.8,
        "origin_country": "DE",
        "quantity": 1,
        "value_amount": "138.5",
    },
    {
        "description": "Caol Ila 18 years",
        "hs_tariff_number": "123384890",
        "net_weight": 0.8,
        "origin_country": "DE",
        "quantity": 1,
        "value_amount": "108.5",
    },
]
REFERENCE_DECLARATION: dict[str, Any] = {
    "contents_type": "commercial_goods",
    "contents_explanation": "Alcoholic beverages",
    "invoice_number": "123ABC",
    "drop_off_location": "DE",
    "movement_reference_number": "AAA111",
    "posting_date": "2024-08-27",
    "additional_fees": 1.22,
    "total_value_amount": 247.31,
    "currency": "EUR",
}
#: A small gift declared for a parcel leaving the EU (a paperback to the UK, say)
GIFT_DECLARATION: dict[str, Any] = {
    "contents_type": "gift",
    "currency": "EUR",
    "total_value_amount": 20,
    "items": [
        {
            "origin_country": "DE",
            "description": "Paperback novel",
            "quantity": 1,
            "value_amount": "20",
            "net_weight": 0.4,
        }
    ],
}
ZURICH: dict[str, Any] = {
    "first_name": "Heidi",
    "last_name": "Müller",
    "street": "Bahnhofstrasse 1",
    "zip_code": "8001",
    "city": "Zürich",
    "country": "CH",
}


def zurich_shipment(carrier: str = "dhl", *, label: bool = False, **extra: Any) -> dict[str, Any]:
    """The reference's customs example sent to Zürich: items in the package, the declaration
    beside it, the house number inside `street`."""
    package = {**PACKAGE, "customs_declaration_items": [dict(i) for i in REFERENCE_ITEMS]}
    body = shipment(carrier, label=label, to=dict(ZURICH), packages=[package])
    body["customs_declaration"] = dict(REFERENCE_DECLARATION)
    if carrier == "ups":
        body["description"] = "Whisky"
    body.update(extra)
    return body
