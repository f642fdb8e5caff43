"""Extensions of Packdesk's local service (sandbox keys only)."""

from __future__ import annotations

from desktop_app.client.resources._resource import Resource, parse
from desktop_app.client.types import Shipment, Tracker


class Sandbox(Resource):
    """Moves sandbox shipments along, which fires the matching webhook events."""

    async def add_tracking_event(self, shipment_id: str, status: str | None = None) -> Shipment:
        """Add a tracking event to a sandbox shipment (None: the next plausible status)."""
        body = {"status": status} if status is not None else {}
        response = await self._client._request(
            "POST", f"sandbox/shipments/{shipment_id}/tracking_events", json=body
        )
        return parse(Shipment, response.json())

    async def add_tracker_event(self, tracker_id: str, status: str | None = None) -> Tracker:
        """Move a sandbox tracker of a number not labelled here (None: the next status)."""
        body = {"status": status} if status is not None else {}
        response = await self._client._request(
            "POST", f"sandbox/trackers/{tracker_id}/tracking_events", json=body
        )
        return parse(Tracker, response.json())
