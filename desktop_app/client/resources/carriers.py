"""`/v1/carriers`: what each carrier offers."""

from __future__ import annotations

from desktop_app.client.resources._resource import Resource, parse, unwrap
from desktop_app.client.types import CarrierDescription


class Carriers(Resource):
    """Carrier capabilities."""

    async def list(self) -> list[CarrierDescription]:
        """Every carrier with its services, package types, additional services, label formats."""
        response = await self._client._request("GET", "carriers")
        return [parse(CarrierDescription, c) for c in unwrap(response.json(), "carriers")]
