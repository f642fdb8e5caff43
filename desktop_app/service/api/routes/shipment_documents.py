"""`/v1/shipments/{id}/shipment_documents`: upload a commercial or proforma invoice (PDF, PNG,
JPEG), list and fetch them; `/v1/shipment_document_files/{token}.{ext}`: the files (and the
generated customs documents) by unguessable URL, without an API key, as label files."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from desktop_app.domain.models import ShipmentDocument, ShipmentDocumentsUpload
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import CurrentKey, Session
from desktop_app.service.api.downloads import download_response
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.shipping import shipment_documents
from desktop_app.service.shipping.shipment_documents import MEDIA_TYPES

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
    views = await shipment_documents.attach_documents(
        session, key, shipment_id, body, _base(request)
    )
    await session.commit()
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
    return await shipment_documents.list_documents(session, key, shipment_id, _base(request))


@router.get(
    "/shipments/{shipment_id}/shipment_documents/{document_id}",
    response_model=None,
    responses={200: {"model": ShipmentDocument}, **error_responses(401, 404, 429)},
)
async def get_document(
    request: Request, key: CurrentKey, session: Session, shipment_id: str, document_id: str
) -> dict[str, Any]:
    """One uploaded document of one of the caller's shipments."""
    return await shipment_documents.get_document(
        session, key, shipment_id, document_id, _base(request)
    )


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
    return download_response(await shipment_documents.document_file(session, name))
