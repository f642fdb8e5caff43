"""Quote request rules (`rules.shipment.validate_quote_request`, POST /v1/shipment_quotes)."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.domain.rules import (
    validate_quote_request,
)
from tests.domain.rules.drafts import DELETE, changed, pairs, parcel

# -- POST /v1/shipment_quotes --------------------------------------------------------------

QUOTE = {
    "carrier": "dhl",
    "service": "standard",
    "from": {
        "street": "Hauptstraße",
        "street_no": "1",
        "zip_code": "10115",
        "city": "Berlin",
        "country": "DE",
    },
    "to": {
        "street": "Nebenweg",
        "street_no": "2",
        "zip_code": "80331",
        "city": "München",
        "country": "DE",
    },
    "package": parcel(),
}


@pytest.mark.parametrize(
    "changes",
    [{}, {"carrier": "ups", "package": DELETE, "packages": [parcel(), parcel()]}],
)
def test_quote_passes(changes: dict[str, Any]) -> None:
    assert validate_quote_request(changed(QUOTE, changes)) == []


@pytest.mark.parametrize(
    ("changes", "path", "code"),
    [
        ({"carrier": "gls"}, "carrier", "unknown_carrier"),
        ({"service": "one_day"}, "service", "service_not_offered"),
        ({"to": DELETE}, "to", "required"),
        ({"to.country": "ZZ"}, "to.country", "invalid_country"),
        ({"package": DELETE}, "package", "no_package"),
        ({"package.weight": 40}, "package.weight", "too_heavy"),
    ],
)
def test_quote_fails(changes: dict[str, Any], path: str, code: str) -> None:
    assert (path, code) in pairs(validate_quote_request(changed(QUOTE, changes)))
