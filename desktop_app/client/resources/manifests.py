"""`/v1/manifests`: the end-of-day handover document of a carrier's shipments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from desktop_app.client._paging import query
from desktop_app.client.resources._resource import Resource, parse, unwrap
from desktop_app.client.types import Manifest


class Manifests(Resource):
    """Manifests of the account."""

    async def create(
        self,
        carrier: str,
        shipments: Sequence[str] | None = None,
        *,
        reference_number: str | None = None,
        posting_hub_address: dict[str, Any] | None = None,
    ) -> Manifest:
        """Hand over `shipments` (ids) of `carrier`, or without them the carrier's shipments of
        today not handed over yet."""
        body: dict[str, Any] = {"carrier": carrier}
        if shipments is not None:
            body["shipments"] = list(shipments)
        if reference_number:
            body["reference_number"] = reference_number
        if posting_hub_address:
            body["posting_hub_address"] = posting_hub_address
        response = await self._client._request("POST", "manifests", json=body)
        return parse(Manifest, response.json())

    async def get(self, manifest_id: str) -> Manifest:
        """One manifest."""
        response = await self._client._request("GET", f"manifests/{manifest_id}")
        return parse(Manifest, response.json())

    async def list(
        self, *, carrier: str | None = None, page: int | None = None, per_page: int | None = None
    ) -> list[Manifest]:
        """One page of manifests, newest first (Packdesk's local service; the real service
        has no list and answers 404 or 405)."""
        params = query({"carrier": carrier, "page": page, "per_page": per_page})
        response = await self._client._request("GET", "manifests", params=params)
        return [parse(Manifest, item) for item in unwrap(response.json(), "manifests")]

    async def document(self, manifest: Manifest) -> bytes:
        """The manifest PDF (from its document URL; the API key is never sent there)."""
        url = manifest.document_url
        if url is None:
            raise ValueError(f"manifest {manifest.id} has no document")
        return await self._client._download(url)
