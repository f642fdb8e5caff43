"""client.pickups: carrier pickups of shipments, a pickup in the past refused, both list shapes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from desktop_app.client import NotFoundError, ShippingClient, UnprocessableEntityError
from desktop_app.domain.models import PickupRequest, PickupRequestCreate, PickupRequestList
from tests.client.conftest import shipment_request


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


def test_both_pickup_list_shapes_read() -> None:
    pickup = {"id": "p1", "carrier": "dpd"}
    for raw in ([pickup], {"pickup_requests": [pickup]}):
        assert [p.id for p in PickupRequestList.model_validate(raw).pickup_requests] == ["p1"]
