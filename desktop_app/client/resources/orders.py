"""`/v1/orders`: a shop's orders (line items, delivery address, totals)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime

from desktop_app.client._paging import MAX_PER_PAGE, api_timestamp, iterate_pages, query
from desktop_app.client.resources._resource import Body, Resource, parse, unwrap, wire
from desktop_app.client.types import Order


class Orders(Resource):
    """Orders of the account."""

    async def create(self, order: Body) -> Order:
        """Store an order."""
        response = await self._client._request("POST", "orders", json=wire(order))
        return parse(Order, response.json())

    async def get(self, order_id: str) -> Order:
        """One order with its line items."""
        response = await self._client._request("GET", f"orders/{order_id}")
        return parse(Order, response.json())

    async def delete(self, order_id: str) -> None:
        """Delete an order."""
        await self._client._request("DELETE", f"orders/{order_id}")

    async def list(
        self,
        *,
        external_order_id: str | None = None,
        external_customer_id: str | None = None,
        created_at_gt: datetime | str | None = None,
        created_at_lt: datetime | str | None = None,
        page: int | None = None,
        per_page: int | None = None,
    ) -> list[Order]:
        """One page of orders matching the filters (a bare array or `{"orders": [...]}`)."""
        params = query(
            {
                "external_order_id": external_order_id,
                "external_customer_id": external_customer_id,
                "created_at_gt": api_timestamp(created_at_gt),
                "created_at_lt": api_timestamp(created_at_lt),
                "page": page,
                "per_page": per_page,
            }
        )
        response = await self._client._request("GET", "orders", params=params)
        return [parse(Order, item) for item in unwrap(response.json(), "orders")]

    def iter_all(
        self, *, per_page: int = MAX_PER_PAGE, limit: int | None = None
    ) -> AsyncIterator[Order]:
        """Every order, page by page."""

        async def fetch(page: int, size: int) -> list[Order]:
            return await self.list(page=page, per_page=size)

        return iterate_pages(fetch, per_page=per_page, limit=limit)
