"""`/v1/default_shipping_address`, `/v1/default_returns_address` and `/v1/invoice_address`:
the account's own addresses."""

from __future__ import annotations

from typing import Literal

from desktop_app.client.errors import NotFoundError
from desktop_app.client.resources._resource import Body, Resource, parse, wire
from desktop_app.client.types import AddressResponse

Kind = Literal["shipping", "returns"]


class DefaultAddresses(Resource):
    """The account's default shipping (sender) and returns address."""

    async def get(self, kind: Kind) -> AddressResponse | None:
        """The default `shipping` or `returns` address, or None when the account has none."""
        try:
            response = await self._client._request("GET", f"default_{kind}_address")
        except NotFoundError:
            return None
        return parse(AddressResponse, response.json())

    async def shipping(self) -> AddressResponse | None:
        """The default shipping address (the sender), or None."""
        return await self.get("shipping")

    async def returns(self) -> AddressResponse | None:
        """The default returns address, or None."""
        return await self.get("returns")

    async def set(self, kind: Kind, address: Body) -> AddressResponse:
        """Set a default address: a PUT only Packdesk's local service has (the real service
        sets them in its web app and answers 404 or 405 here)."""
        response = await self._client._request("PUT", f"default_{kind}_address", json=wire(address))
        return parse(AddressResponse, response.json())

    async def invoice(self) -> AddressResponse | None:
        """The address the account's invoices go to, or None when it has none."""
        try:
            response = await self._client._request("GET", "invoice_address")
        except NotFoundError:
            return None
        return parse(AddressResponse, response.json())

    async def set_invoice(self, address: Body) -> AddressResponse:
        """Set the invoice address: a PUT only Packdesk's local service has."""
        response = await self._client._request("PUT", "invoice_address", json=wire(address))
        return parse(AddressResponse, response.json())
