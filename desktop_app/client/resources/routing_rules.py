"""`/v1/routing_rules`: which carrier/service combinations a checkout may offer."""

from __future__ import annotations

from collections.abc import AsyncIterator

from desktop_app.client._paging import MAX_PER_PAGE, iterate_pages, query
from desktop_app.client.resources._resource import Body, Resource, parse, unwrap, wire
from desktop_app.client.types import RoutingEvaluation, RoutingRule


class RoutingRules(Resource):
    """Routing rule trees and their evaluation."""

    async def create(self, rule: Body) -> RoutingRule:
        """Store a rule tree."""
        response = await self._client._request("POST", "routing_rules", json=wire(rule))
        return parse(RoutingRule, response.json())

    async def get(self, rule_id: str) -> RoutingRule:
        """One rule."""
        response = await self._client._request("GET", f"routing_rules/{rule_id}")
        return parse(RoutingRule, response.json())

    async def list(
        self, *, page: int | None = None, per_page: int | None = None
    ) -> list[RoutingRule]:
        """One page of rules."""
        params = query({"page": page, "per_page": per_page})
        response = await self._client._request("GET", "routing_rules", params=params)
        return [parse(RoutingRule, r) for r in unwrap(response.json(), "routing_rules")]

    def iter_all(
        self, *, per_page: int = MAX_PER_PAGE, limit: int | None = None
    ) -> AsyncIterator[RoutingRule]:
        """Every rule, page by page."""

        async def fetch(page: int, size: int) -> list[RoutingRule]:
            return await self.list(page=page, per_page=size)

        return iterate_pages(fetch, per_page=per_page, limit=limit)

    async def update(self, rule_id: str, rule: Body) -> RoutingRule:
        """Replace a rule."""
        response = await self._client._request("PUT", f"routing_rules/{rule_id}", json=wire(rule))
        return parse(RoutingRule, response.json())

    async def delete(self, rule_id: str) -> None:
        """Remove a rule."""
        await self._client._request("DELETE", f"routing_rules/{rule_id}")

    async def evaluate(self, details: Body) -> RoutingEvaluation:
        """The carrier/service combinations the rules allow for these shipping details."""
        response = await self._client._request("POST", "routing_rules/evaluate", json=wire(details))
        return parse(RoutingEvaluation, response.json())
