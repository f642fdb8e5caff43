"""Extensions of Packdesk's local service (sandbox keys only)."""

from __future__ import annotations

from desktop_app.client.resources._resource import Resource, parse
from desktop_app.client.types import Shipment


class Sandbox(Resource):
    """Moves sandbox shipments along, which fires the matching webhook events."""

    async def add_tracking_event(self, shipment_id: str, status: str) -> Shipment:
        """Add a tracking event with `status` to a sandbox shipment; returns the shipment."""
        response = await self._client._request(
            "POST", f"sandbox/shipments/{shipment_id}/tracking_events", json={"status": status}
        )
        return parse(Shipment, response.json())
