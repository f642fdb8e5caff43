"""Pickups, routing rules and the sandbox extension through ShippingClient."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from desktop_app.client import NotFoundError, ShippingClient, UnprocessableEntityError
from desktop_app.domain.models import (
    PickupRequest,
    PickupRequestCreate,
    RoutingEvaluation,
    RoutingEvaluationRequest,
    RoutingRule,
    RoutingRuleCreate,
)
from tests.client.conftest import shipment_request
from tests.payloads import PACKAGE, RECEIVER, SENDER


async def test_pickups(client: ShippingClient) -> None:
    shipment = await client.shipments.create(shipment_request(carrier="dpd"))
    tomorrow = datetime.now(UTC).replace(microsecond=0) + timedelta(days=1)
    request = PickupRequestCreate.model_validate(
        {
            "carrier": "dpd",
            "pickup_time": {
                "earliest": tomorrow.isoformat(),
                "latest": (tomorrow + timedelta(hours=4)).isoformat(),
            },
            "shipments": [{"id": shipment.id}],
        }
    )
    created = await client.pickups.create(request)
    assert isinstance(created, PickupRequest)
    assert created.carrier == "dpd"
    assert [s.id for s in created.shipments] == [shipment.id]
    assert (await client.pickups.get(created.id)).id == created.id
    assert created.id in {p.id for p in await client.pickups.list(per_page=100)}
    assert created.id in {p.id async for p in client.pickups.iter_all(per_page=1)}
    with pytest.raises(NotFoundError):
        await client.pickups.get("00000000-0000-0000-0000-000000000000")


async def test_pickup_in_the_past_is_refused_with_its_field(client: ShippingClient) -> None:
    yesterday = datetime.now(UTC) - timedelta(days=1)
    with pytest.raises(UnprocessableEntityError) as info:
        await client.pickups.create(
            {
                "carrier": "dpd",
                "pickup_time": {
                    "earliest": yesterday.isoformat(),
                    "latest": (yesterday + timedelta(hours=1)).isoformat(),
                },
            }
        )
    assert "pickup_time.latest" in info.value.field_errors


async def test_routing_rules(client: ShippingClient) -> None:
    rule = RoutingRuleCreate.model_validate(
        {
            "name": "no dpd abroad",
            "root": {
                "condition": {"field": "to.country", "op": "ne", "value": "DE"},
                "then": [{"deny": [{"carrier": "dpd"}]}],
            },
        }
    )
    created = await client.routing_rules.create(rule)
    assert isinstance(created, RoutingRule)
    assert created.name == "no dpd abroad"
    assert (await client.routing_rules.get(created.id)).id == created.id
    assert created.id in {r.id for r in await client.routing_rules.list()}
    assert created.id in {r.id async for r in client.routing_rules.iter_all(per_page=1)}

    abroad = RoutingEvaluationRequest.model_validate(
        {"from": SENDER, "to": {**RECEIVER, "country": "AT"}, "package": PACKAGE}
    )
    evaluation = await client.routing_rules.evaluate(abroad)
    assert isinstance(evaluation, RoutingEvaluation)
    assert evaluation.allowed and all(c.carrier != "dpd" for c in evaluation.allowed)
    at_home = await client.routing_rules.evaluate(
        {"from": SENDER, "to": RECEIVER, "package": PACKAGE}
    )
    assert any(c.carrier == "dpd" for c in at_home.allowed)

    renamed = await client.routing_rules.update(
        created.id, {**rule.model_dump(mode="json", by_alias=True), "name": "renamed"}
    )
    assert renamed.name == "renamed"
    await client.routing_rules.delete(created.id)
    with pytest.raises(NotFoundError):
        await client.routing_rules.get(created.id)


async def test_sandbox_tracking_events(client: ShippingClient) -> None:
    shipment = await client.shipments.create(shipment_request())
    moved = await client.sandbox.add_tracking_event(shipment.id, "transit")
    assert moved.tracking_status == "transit"
    stepped = await client.sandbox.add_tracking_event(shipment.id)
    assert stepped.tracking_status not in (None, "transit")
    refreshed = await client.shipments.get(shipment.id)
    assert refreshed.tracking_status == stepped.tracking_status
    statuses = [e.status for p in refreshed.packages for e in p.tracking_events]
    assert "transit" in statuses and stepped.tracking_status in statuses
