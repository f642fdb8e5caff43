"""`/v1/trackers`: follow a carrier's tracking number like a shipment."""

from __future__ import annotations

from desktop_app.client._paging import query
from desktop_app.client.resources._resource import Resource, parse, unwrap
from desktop_app.client.types import Tracker, TrackerCreate


class Trackers(Resource):
    """Trackers of the account."""

    async def create(self, carrier: str, carrier_tracking_no: str) -> Tracker:
        """Follow `carrier_tracking_no` of `carrier`."""
        body = TrackerCreate(carrier=carrier, carrier_tracking_no=carrier_tracking_no)
        response = await self._client._request("POST", "trackers", json=body.to_wire())
        return parse(Tracker, response.json())

    async def list(self, *, page: int | None = None, per_page: int | None = None) -> list[Tracker]:
        """One page of trackers, newest first."""
        params = query({"page": page, "per_page": per_page})
        response = await self._client._request("GET", "trackers", params=params)
        return [parse(Tracker, item) for item in unwrap(response.json(), "trackers")]

    async def get(self, tracker_id: str) -> Tracker:
        """One tracker."""
        response = await self._client._request("GET", f"trackers/{tracker_id}")
        return parse(Tracker, response.json())
