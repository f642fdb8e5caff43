"""Manifests (`/v1/manifests`): the end-of-day handover document of one carrier's shipments."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, field_validator

from desktop_app.domain.models.address import Address, AddressResponse
from desktop_app.domain.models.base import (
    NullableList,
    RequestModel,
    ResponseModel,
    WireDateTime,
)
from desktop_app.domain.models.pickups import ShipmentRef

MANIFEST_DOCUMENT = "manifest_document"


class ManifestCreate(RequestModel):
    """Body of `POST /v1/manifests`; without `shipments` the carrier's shipments of the day
    that have a label and were not handed over yet."""

    carrier: str
    shipments: list[str | ShipmentRef] | None = Field(
        default=None, description='Shipment ids, as strings (the OpenAPI) or {"id": ...}.'
    )
    reference_number: str | None = None
    posting_hub_address: Address | None = None

    def shipment_ids(self) -> list[str] | None:
        """The ids given, whichever form they came in."""
        if self.shipments is None:
            return None
        return [item if isinstance(item, str) else item.id for item in self.shipments]


class ManifestDocument(ResponseModel):
    """A document of a manifest: `{"identifier": "manifest_document", "document_url": ...}`."""

    identifier: str | None = None
    document_url: str


class Manifest(ResponseModel):
    """A manifest as returned."""

    id: str
    carrier: str
    shipments: Annotated[list[str], NullableList] = []
    reference_number: str | None = None
    carrier_reference_number: str | None = None
    posting_hub_address: AddressResponse | None = None
    created_at: WireDateTime | None = None
    documents: Annotated[list[ManifestDocument], NullableList] = []

    @field_validator("shipments", mode="before")
    @classmethod
    def _ids(cls, value: Any) -> Any:
        """Shipments as ids, also when a service answers `[{"id": ...}]`."""
        if isinstance(value, list):
            return [item.get("id") if isinstance(item, dict) else item for item in value]
        return value

    @property
    def document_url(self) -> str | None:
        """The URL of the manifest PDF, or None."""
        for document in self.documents:
            if document.identifier in (None, MANIFEST_DOCUMENT):
                return document.document_url
        return None
