"""`/v1/shipments/{id}/shipment_documents`: upload a commercial or proforma invoice (PDF, PNG,
JPEG), list and fetch them; `/v1/shipment_document_files/{token}.{ext}`: the files (and the
generated customs documents) by unguessable URL, without an API key, as label files."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import ValidationError

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import ShipmentDocument, ShipmentDocumentsUpload
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError, not_found
from desktop_app.service.shipping import shipments
from desktop_app.service.shipping.customs import (
    MAX_DOCUMENTS,
    MEDIA_TYPES,
    decode_upload,
    document_view,
)
from desktop_app.service.storage.db import new_uuid
from desktop_app.service.storage.shipments import (
    ShipmentDocumentRow,
    document_by_token,
    new_label_token,
    shipment_documents,
)

router = APIRouter(tags=["shipment documents"])


def _base(request: Request) -> str:
    return str(request.base_url)


@router.post(
    "/shipments/{shipment_id}/shipment_documents",
    response_model=None,
    openapi_extra=json_body(ShipmentDocumentsUpload),
    responses={
        200: {"model": ShipmentDocument},
        **error_responses(400, 401, 404, 413, 415, 422, 429),
    },
)
async def post_documents(
    request: Request, key: CurrentKey, session: Session, shipment_id: str, body: JsonObject
) -> dict[str, Any]:
    """Attach documents; one document answers the document, several `{"documents": [...]}`."""
    row = await shipments.get_row(session, key, shipment_id)
    try:
        upload = ShipmentDocumentsUpload.model_validate(body)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
    if not upload.documents:
        raise ServiceError(422, ["documents: attach at least one document"])
    if len(upload.documents) > MAX_DOCUMENTS:
        raise ServiceError(422, [f"documents: at most {MAX_DOCUMENTS} documents at once"])
    rows = []
    for index, document in enumerate(upload.documents):
        data = decode_upload(index, document.model_dump())
        rows.append(
            ShipmentDocumentRow(
                id=new_uuid(),
                shipment_id=row.id,
                account_id=row.account_id,
                document_type=document.document_type,
                document_format=document.document_format,
                token=new_label_token(),
                data=data,
            )
        )
    session.add_all(rows)
    await session.commit()
    views = [document_view(r, _base(request)) for r in rows]
    return views[0] if len(views) == 1 else {"documents": views}


@router.get(
    "/shipments/{shipment_id}/shipment_documents",
    response_model=None,
    responses={200: {"model": list[ShipmentDocument]}, **error_responses(401, 404, 429)},
)
async def list_documents(
    request: Request, key: CurrentKey, session: Session, shipment_id: str
) -> list[dict[str, Any]]:
    """The documents uploaded for one of the caller's shipments (a bare array)."""
    row = await shipments.get_row(session, key, shipment_id)
    return [document_view(d, _base(request)) for d in await shipment_documents(session, row.id)]


@router.get(
    "/shipments/{shipment_id}/shipment_documents/{document_id}",
    response_model=None,
    responses={200: {"model": ShipmentDocument}, **error_responses(401, 404, 429)},
)
async def get_document(
    request: Request, key: CurrentKey, session: Session, shipment_id: str, document_id: str
) -> dict[str, Any]:
    """One uploaded document of one of the caller's shipments."""
    row = await shipments.get_row(session, key, shipment_id)
    for document in await shipment_documents(session, row.id):
        if document.id == document_id:
            return document_view(document, _base(request))
    raise not_found("shipment document")


@router.get(
    "/shipment_document_files/{name}",
    response_class=Response,
    responses={
        200: {
            "description": "the document file",
            "content": {
                media: {"schema": {"type": "string", "format": "binary"}}
                for media in MEDIA_TYPES.values()
            },
        },
        **error_responses(404),
    },
)
async def get_document_file(name: str, session: Session) -> Response:
    """The document's bytes; the token in the name is the only credential."""
    token, _, ext = name.partition(".")
    row = None
    if 16 <= len(token) <= 64:
        row = await document_by_token(session, token)
    if row is None or (ext and ext != row.document_format):
        raise not_found("document file")
    return Response(
        content=row.data,
        media_type=MEDIA_TYPES[row.document_format],
        headers={
            "Content-Disposition": f'inline; filename="{row.document_type}.{row.document_format}"',
            "Cache-Control": "private, max-age=3600",
            "X-Content-Type-Options": "nosniff",
        },
    )
