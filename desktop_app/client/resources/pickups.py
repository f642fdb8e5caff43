"""`/v1/pickup_requests`: ask a carrier to collect shipments."""

from __future__ import annotations

from collections.abc import AsyncIterator

from desktop_app.client._paging import MAX_PER_PAGE, iterate_pages, query
from desktop_app.client.resources._resource import Body, Resource, parse, unwrap, wire
from desktop_app.client.types import PickupRequest


class Pickups(Resource):
    """Pickup requests."""

    async def create(self, request: Body) -> PickupRequest:
        """Request a pickup (carrier, time window, optional address and shipment ids)."""
        response = await self._client._request("POST", "pickup_requests", json=wire(request))
        return parse(PickupRequest, response.json())

    async def get(self, pickup_id: str) -> PickupRequest:
        """One pickup request."""
        response = await self._client._request("GET", f"pickup_requests/{pickup_id}")
        return parse(PickupRequest, response.json())

    async def list(
        self, *, page: int | None = None, per_page: int | None = None
    ) -> list[PickupRequest]:
        """One page of pickup requests."""
        params = query({"page": page, "per_page": per_page})
        response = await self._client._request("GET", "pickup_requests", params=params)
        items = unwrap(response.json(), "pickup_requests")
        return [parse(PickupRequest, p) for p in items]

    def iter_all(
        self, *, per_page: int = MAX_PER_PAGE, limit: int | None = None
    ) -> AsyncIterator[PickupRequest]:
        """Every pickup request, page by page."""

        async def fetch(page: int, size: int) -> list[PickupRequest]:
            return await self.list(page=page, per_page=size)

        return iterate_pages(fetch, per_page=per_page, limit=limit)
