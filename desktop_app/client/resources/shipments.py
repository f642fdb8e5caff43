"""`/v1/shipments`: create, read, list, update, delete."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime

from desktop_app.client._base import SHIPMENT_CREATE_TIMEOUT
from desktop_app.client._paging import MAX_PER_PAGE, api_timestamp, iterate_pages, query
from desktop_app.client.resources._resource import Body, Resource, parse, unwrap, wire
from desktop_app.client.types import Shipment
from desktop_app.domain.normalize import normalize_request


class Shipments(Resource):
    """Shipments of the account."""

    async def create(self, request: Body) -> Shipment:
        """Create a shipment (and its label when asked); never re-sent on an unknown outcome.

        Sent in the carriers' spelling ("de" -> "DE", "sw1a1aa" -> "SW1A 1AA"): the rules
        accept both, a live service may not."""
        response = await self._client._request(
            "POST",
            "shipments",
            json=normalize_request(wire(request)),
            timeout=SHIPMENT_CREATE_TIMEOUT,
            retry_unknown_outcome=False,
        )
        return parse(Shipment, response.json())

    async def get(self, shipment_id: str) -> Shipment:
        """One shipment with its packages and tracking events."""
        response = await self._client._request("GET", f"shipments/{shipment_id}")
        return parse(Shipment, response.json())

    async def list(
        self,
        *,
        page: int | None = None,
        per_page: int | None = None,
        carrier: str | None = None,
        carrier_tracking_no: str | None = None,
        reference_number: str | None = None,
        service: str | None = None,
        tracking_status: str | None = None,
        created_at_gt: datetime | str | None = None,
        created_at_lt: datetime | str | None = None,
        shipment_type: str | None = None,
    ) -> list[Shipment]:
        """One page of shipments matching the filters."""
        params = query(
            {
                "page": page,
                "per_page": per_page,
                "carrier": carrier,
                "carrier_tracking_no": carrier_tracking_no,
                "reference_number": reference_number,
                "service": service,
                "tracking_status": tracking_status,
                "created_at_gt": api_timestamp(created_at_gt),
                "created_at_lt": api_timestamp(created_at_lt),
                "shipment_type": shipment_type,
            }
        )
        response = await self._client._request("GET", "shipments", params=params)
        return [parse(Shipment, item) for item in unwrap(response.json(), "shipments")]

    def iter_all(
        self,
        *,
        per_page: int = MAX_PER_PAGE,
        limit: int | None = None,
        carrier: str | None = None,
        carrier_tracking_no: str | None = None,
        reference_number: str | None = None,
        service: str | None = None,
        tracking_status: str | None = None,
        created_at_gt: datetime | str | None = None,
        created_at_lt: datetime | str | None = None,
        shipment_type: str | None = None,
    ) -> AsyncIterator[Shipment]:
        """Every shipment matching the filters, fetched page by page."""

        async def fetch(page: int, size: int) -> list[Shipment]:
            return await self.list(
                page=page,
                per_page=size,
                carrier=carrier,
                carrier_tracking_no=carrier_tracking_no,
                reference_number=reference_number,
                service=service,
                tracking_status=tracking_status,
                created_at_gt=created_at_gt,
                created_at_lt=created_at_lt,
                shipment_type=shipment_type,
            )

        return iterate_pages(fetch, per_page=per_page, limit=limit)

    async def update(self, shipment_id: str, request: Body) -> Shipment:
        """Replace a shipment that has no label yet (400 once it has one)."""
        response = await self._client._request(
            "PUT",
            f"shipments/{shipment_id}",
            json=normalize_request(wire(request)),
            timeout=SHIPMENT_CREATE_TIMEOUT,
        )
        return parse(Shipment, response.json())

    async def delete(self, shipment_id: str) -> None:
        """Delete a shipment."""
        await self._client._request("DELETE", f"shipments/{shipment_id}")
