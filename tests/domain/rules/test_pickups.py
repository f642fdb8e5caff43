"""Pickup request rules (`rules.pickups`, POST /v1/pickup_requests), table-driven."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.domain.rules import (
    validate_pickup_request,
)
from tests.domain.rules.drafts import DELETE, changed, pairs, sender

# -- POST /v1/pickup_requests --------------------------------------------------------------

PICKUP = {
    "carrier": "ups",
    "pickup_time": {"earliest": "2024-05-03T09:00:00+02:00", "latest": "2024-05-03T17:00:00+02:00"},
    "pickup_address": sender(),
    "shipments": [{"id": "a" * 40}, {"id": "b" * 40}],
}


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"carrier": "dpd", "pickup_address": DELETE, "shipments": DELETE},
        {"carrier": "hermes", "pickup_time.latest": "2024-05-03T16:00:00Z"},
    ],
)
def test_pickup_passes(changes: dict[str, Any]) -> None:
    assert validate_pickup_request(changed(PICKUP, changes)) == []


@pytest.mark.parametrize(
    ("changes", "path", "code"),
    [
        ({"carrier": DELETE}, "carrier", "required"),
        ({"carrier": "gls"}, "carrier", "unknown_carrier"),
        ({"carrier": "dhl"}, "carrier", "pickup_not_offered"),
        ({"pickup_time": DELETE}, "pickup_time", "required"),
        ({"pickup_time.earliest": "tomorrow"}, "pickup_time.earliest", "invalid_datetime"),
        ({"pickup_time.latest": "2024-05-03T17:00:00"}, "pickup_time.latest", "invalid_datetime"),
        (
            {"pickup_time.latest": "2024-05-03T08:00:00+02:00"},
            "pickup_time.latest",
            "pickup_window_order",
        ),
        ({"pickup_address.company": "c" * 28}, "pickup_address.company", "too_long"),
        (
            {"pickup_address.street": "s" * 70, "pickup_address.street_no": "1234"},
            "pickup_address.street_no",
            "too_long",
        ),
        ({"shipments": "all"}, "shipments", "invalid_type"),
        ({"shipments": [{"id": ""}]}, "shipments[0].id", "required"),
        ({"shipments": ["abc"]}, "shipments[0]", "invalid_type"),
        ({"shipments": [{"id": "a"}, {"id": "a"}]}, "shipments[1].id", "duplicate_shipment"),
    ],
)
def test_pickup_fails(changes: dict[str, Any], path: str, code: str) -> None:
    assert (path, code) in pairs(validate_pickup_request(changed(PICKUP, changes)))
