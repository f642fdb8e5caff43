"""`/v1/shipment_quotes`: the price of a shipment before creating it."""

from __future__ import annotations

from desktop_app.client.resources._resource import Body, Resource, parse, wire
from desktop_app.client.types import Quote


class Quotes(Resource):
    """Shipment quotes."""

    async def create(self, request: Body) -> Quote:
        """Ask the price for carrier, service, from, to and package."""
        response = await self._client._request("POST", "shipment_quotes", json=wire(request))
        return parse(Quote, response.json())  # {"shipment_quote": {"price": n}}; see .price
