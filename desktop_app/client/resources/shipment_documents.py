"""`/v1/shipments/{id}/shipment_documents` and the customs documents of a shipment."""

from __future__ import annotations

import base64
from collections.abc import Sequence

from desktop_app.client.resources._resource import Resource, parse, unwrap
from desktop_app.client.types import Shipment, ShipmentDocument, ShipmentDocumentUpload

#: the format of a document file by its first bytes
_FORMATS = ((b"%PDF-", "pdf"), (b"\x89PNG\r\n\x1a\n", "png"), (b"\xff\xd8\xff", "jpg"))


def document_format(data: bytes) -> str:
    """`pdf`, `png` or `jpg` for the file's bytes; ValueError for any other file."""
    for magic, name in _FORMATS:
        if data.startswith(magic):
            return name
    raise ValueError("a shipment document must be a PDF, PNG or JPEG file")


def document_upload(
    data: bytes, document_type: str = "commercial_invoice"
) -> ShipmentDocumentUpload:
    """The upload of a file (its format read from its bytes)."""
    return ShipmentDocumentUpload.model_validate(
        {
            "document_type": document_type,
            "document_format": document_format(data),
            "content": base64.b64encode(data).decode("ascii"),
        }
    )


class ShipmentDocuments(Resource):
    """Invoices attached to a shipment, and its customs documents."""

    async def upload(
        self, shipment_id: str, documents: Sequence[ShipmentDocumentUpload]
    ) -> list[ShipmentDocument]:
        """Attach documents (one answer per document, in order)."""
        body = {"documents": [d.to_wire() for d in documents]}
        response = await self._client._request(
            "POST", f"shipments/{shipment_id}/shipment_documents", json=body
        )
        data = response.json()
        # one document answers the document itself, several {"documents": [...]}
        items = unwrap(data, "documents") if "documents" in data else [data]
        return [parse(ShipmentDocument, item) for item in items]

    async def list(self, shipment_id: str) -> list[ShipmentDocument]:
        """The documents attached to a shipment."""
        response = await self._client._request("GET", f"shipments/{shipment_id}/shipment_documents")
        return [parse(ShipmentDocument, item) for item in unwrap(response.json(), "documents")]

    async def get(self, shipment_id: str, document_id: str) -> ShipmentDocument:
        """One attached document."""
        response = await self._client._request(
            "GET", f"shipments/{shipment_id}/shipment_documents/{document_id}"
        )
        return parse(ShipmentDocument, response.json())

    async def download(self, document: ShipmentDocument) -> bytes:
        """A document's file (its URL needs no key; the key is never sent there)."""
        if document.document_url is None:
            raise ValueError(f"document {document.id} has no file")
        return await self._client._download(document.document_url)

    async def customs_documents(self, shipment: Shipment) -> bytes | None:
        """The customs PDF the carrier needs printed (CN23, invoice), or None when the
        shipment has none."""
        declaration = shipment.customs_declaration
        url = declaration.carrier_declaration_document_url if declaration else None
        return None if url is None else await self._client._download(url)
