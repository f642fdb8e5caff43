"""client.sandbox: tracking events added to a sandbox shipment, set or the next one."""

from __future__ import annotations

from desktop_app.client import ShippingClient
from tests.client.conftest import shipment_request


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
