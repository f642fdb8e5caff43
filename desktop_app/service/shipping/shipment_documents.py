"""Documents uploaded for a shipment (commercial or proforma invoices: PDF, PNG, JPEG) and the
files behind their unguessable URLs (the generated customs documents among them)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import ShipmentDocumentsUpload
from desktop_app.service.errors import ServiceError, not_found
from desktop_app.service.shipping.customs import (
    MAX_DOCUMENTS,
    MEDIA_TYPES,
    decode_upload,
    document_view,
)
from desktop_app.service.shipping.downloads import Download, token_and_extension
from desktop_app.service.shipping.shipments import get_row
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import new_uuid
from desktop_app.service.storage.shipments import (
    ShipmentDocumentRow,
    document_by_token,
    new_label_token,
    shipment_documents,
)

__all__ = ["MEDIA_TYPES", "attach_documents", "document_file", "get_document", "list_documents"]


async def attach_documents(
    session: AsyncSession, key: KeyInfo, shipment_id: str, draft: Any, base_url: str
) -> list[dict[str, Any]]:
    """Check and store the upload's documents for one of the caller's shipments (the caller
    commits); their wire objects. 404 when not theirs, 422 in words for a refused upload."""
    row = await get_row(session, key, shipment_id)
    try:
        upload = ShipmentDocumentsUpload.model_validate(draft)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
    if not upload.documents:
        raise ServiceError(422, ["documents: attach at least one document"])
    if len(upload.documents) > MAX_DOCUMENTS:
        raise ServiceError(422, [f"documents: at most {MAX_DOCUMENTS} documents at once"])
    rows = [
        ShipmentDocumentRow(
            id=new_uuid(),
            shipment_id=row.id,
            account_id=row.account_id,
            document_type=document.document_type,
            document_format=document.document_format,
            token=new_label_token(),
            data=decode_upload(index, document.model_dump()),
        )
        for index, document in enumerate(upload.documents)
    ]
    session.add_all(rows)
    return [document_view(document, base_url) for document in rows]


async def list_documents(
    session: AsyncSession, key: KeyInfo, shipment_id: str, base_url: str
) -> list[dict[str, Any]]:
    """The documents of one of the caller's shipments as wire objects; 404 when not theirs."""
    row = await get_row(session, key, shipment_id)
    return [document_view(d, base_url) for d in await shipment_documents(session, row.id)]


async def get_document(
    session: AsyncSession, key: KeyInfo, shipment_id: str, document_id: str, base_url: str
) -> dict[str, Any]:
    """One document of one of the caller's shipments as its wire object, else 404."""
    row = await get_row(session, key, shipment_id)
    for document in await shipment_documents(session, row.id):
        if document.id == document_id:
            return document_view(document, base_url)
    raise not_found("shipment document")


async def document_file(session: AsyncSession, name: str) -> Download:
    """The document file named `name` (its token, and its format when given), else 404."""
    token, extension = token_and_extension(name)
    row = await document_by_token(session, token) if token is not None else None
    if row is None or (extension and extension != row.document_format):
        raise not_found("document file")
    return Download(
        f"{row.document_type}.{row.document_format}",
        MEDIA_TYPES[row.document_format],
        row.data,
    )
