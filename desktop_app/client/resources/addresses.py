"""`/v1/addresses`: stored addresses (also partner parcel points by `partner_id`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from desktop_app.client._paging import MAX_PER_PAGE, iterate_pages, query
from desktop_app.client.resources._resource import Body, Resource, parse, unwrap, wire
from desktop_app.client.types import AddressResponse
from desktop_app.domain.normalize import normalize_address


class Addresses(Resource):
    """Stored addresses of the account."""

    async def create(self, address: Body) -> AddressResponse:
        """Store an address; with only `partner_id` the partner's delivery address comes back."""
        # "de" -> "DE": the rules take both spellings, a live service may not
        body = normalize_address(wire(address))
        response = await self._client._request("POST", "addresses", json=body)
        return parse(AddressResponse, response.json())

    async def get(self, address_id: str) -> AddressResponse:
        """One stored address."""
        response = await self._client._request("GET", f"addresses/{address_id}")
        return parse(AddressResponse, response.json())

    async def list(
        self,
        *,
        page: int | None = None,
        per_page: int | None = None,
        **filters: str | None,
    ) -> list[AddressResponse]:
        """One page of stored addresses; `filters` (`city`, `zip_code`, `last_name`, `company`,
        `first_name`, `street`, `street_no`, `care_of`, `country`, `phone`) keep the equal ones."""
        params = query({**filters, "page": page, "per_page": per_page})
        response = await self._client._request("GET", "addresses", params=params)
        return [parse(AddressResponse, a) for a in unwrap(response.json(), "addresses")]

    def iter_all(
        self, *, per_page: int = MAX_PER_PAGE, limit: int | None = None
    ) -> AsyncIterator[AddressResponse]:
        """Every stored address, page by page."""

        async def fetch(page: int, size: int) -> list[AddressResponse]:
            return await self.list(page=page, per_page=size)

        return iterate_pages(fetch, per_page=per_page, limit=limit)
