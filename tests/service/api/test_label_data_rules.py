"""The service answers 422 with the domain's own messages for the rules that keep wrong data
off labels, over HTTPS, and stores the normalised spelling ("de" -> "DE", "sw1a1aa" ->
"SW1A 1AA"); Saturday delivery follows the service's own (controllable) clock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest

from desktop_app.domain.rules import validate
from tests.domain.test_rules_label_data import ABROAD, FAILING, base, changed
from tests.fixtures.service import RunningService

# the rows that do not depend on the day (those run below against a service with a set clock)
DAY_FREE = [row for row in FAILING if row[4] is None]


@pytest.mark.parametrize(
    ("carrier", "service", "changes", "path", "message"),
    [pytest.param(r[1], r[2], r[3], r[5], r[7], id=r[0]) for r in DAY_FREE],
)
def test_422_carries_the_domain_message(
    sandbox: httpx.Client,
    carrier: str,
    service: str,
    changes: dict[str, Any],
    path: str,
    message: str,
) -> None:
    body = changed(base(carrier, service), changes)
    response = sandbox.post("/v1/shipments", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["errors"] == [f"{path}: {message}"]
    assert [str(p) for p in validate(body)] == response.json()["errors"]


def test_shipment_and_address_are_stored_in_the_carriers_spelling(sandbox: httpx.Client) -> None:
    body = changed(
        base(), {**ABROAD, "to.country": "gb", "to.zip_code": "sw1a1aa", "to.city": "Ko\u0308ln"}
    )
    body["from"]["country"] = "de"
    created = sandbox.post("/v1/shipments", json=body)
    assert created.status_code == 200, created.text
    to = created.json()["to"]
    assert (to["country"], to["zip_code"], to["city"]) == ("GB", "SW1A 1AA", "Köln")
    assert created.json()["from"]["country"] == "DE"
    address = sandbox.post(
        "/v1/addresses", json={**body["to"], "country": "nl", "zip_code": "1011ab"}
    )
    assert address.status_code == 200, address.text
    assert (address.json()["country"], address.json()["zip_code"]) == ("NL", "1011 AB")


def test_the_parcel_point_mode_gets_one_message_without_other_fields(sandbox: httpx.Client) -> None:
    response = sandbox.post("/v1/shipments", json={**base(), "to": {"partner_id": ""}})
    assert response.status_code == 422
    assert response.json()["errors"] == ["to.partner_id: Enter the partner id."]
    unknown = sandbox.post("/v1/shipments", json={**base(), "to": {"partner_id": "ZZZZZZ9"}})
    assert unknown.json()["errors"] == [
        "to.partner_id: No parcel-point user has this partner id; check it with the receiver."
    ]


def _offset_to(weekday: int) -> float:
    """Seconds from now to the next `weekday` (0 Monday) at noon, local time."""
    now = datetime.now().astimezone()
    days = (weekday - now.weekday()) % 7 or 7
    target = (now + timedelta(days=days)).replace(hour=12, minute=0, second=0, microsecond=0)
    return (target - now).total_seconds()


SATURDAY = [{"name": "saturday_delivery"}]


def test_saturday_delivery_is_taken_on_any_day(
    service_factory: Callable[..., RunningService],
) -> None:
    # integrations make Friday's labels on Thursday evening: the carrier hands the parcel
    # over on the Friday, so the service refuses no day (the desk points it out instead)
    body = {**base("dpd", "one_day"), "additional_services": SATURDAY}
    with service_factory("--clock-offset", str(_offset_to(3))).client() as client:
        accepted = client.post("/v1/shipments", json=body)
        assert accepted.status_code == 200, accepted.text
        assert accepted.json()["additional_services"] == SATURDAY
