"""`/v1/webhooks`: where the service pushes shipment events."""

from __future__ import annotations

from collections.abc import AsyncIterator

from desktop_app.client._paging import MAX_PER_PAGE, iterate_pages, query
from desktop_app.client.resources._resource import Body, Resource, parse, unwrap, wire
from desktop_app.client.types import Webhook


class Webhooks(Resource):
    """Webhooks of the account (responses never contain the password)."""

    async def create(self, webhook: Body) -> Webhook:
        """Register a URL for event types (optionally with basic auth)."""
        response = await self._client._request("POST", "webhooks", json=wire(webhook))
        return parse(Webhook, response.json())

    async def get(self, webhook_id: str) -> Webhook:
        """One webhook."""
        response = await self._client._request("GET", f"webhooks/{webhook_id}")
        return parse(Webhook, response.json())

    async def list(self, *, page: int | None = None, per_page: int | None = None) -> list[Webhook]:
        """One page of webhooks."""
        params = query({"page": page, "per_page": per_page})
        response = await self._client._request("GET", "webhooks", params=params)
        return [parse(Webhook, w) for w in unwrap(response.json(), "webhooks")]

    def iter_all(
        self, *, per_page: int = MAX_PER_PAGE, limit: int | None = None
    ) -> AsyncIterator[Webhook]:
        """Every webhook, page by page."""

        async def fetch(page: int, size: int) -> list[Webhook]:
            return await self.list(page=page, per_page=size)

        return iterate_pages(fetch, per_page=per_page, limit=limit)

    async def delete(self, webhook_id: str) -> None:
        """Remove a webhook."""
        await self._client._request("DELETE", f"webhooks/{webhook_id}")

    async def reactivate(self, webhook_id: str) -> Webhook:
        """Turn a deactivated webhook on again (Packdesk service extension)."""
        response = await self._client._request(
            "PATCH", f"webhooks/{webhook_id}", json={"deactivated": False}
        )
        return parse(Webhook, response.json())

    async def test(self, webhook_id: str) -> None:
        """Send an `example.event` to the webhook (Packdesk service extension)."""
        await self._client._request("POST", f"webhooks/{webhook_id}/test")
