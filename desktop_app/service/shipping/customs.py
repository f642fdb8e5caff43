"""The customs side of a shipment in the service: its declaration as stored and shown (item
ids, timestamps, the document URL), the customs PDF made with the label, and the uploaded
shipment documents."""

from __future__ import annotations

import asyncio
import base64
import binascii
import copy
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.customs import COMMERCIAL_INVOICE, customs_plan
from desktop_app.service.errors import ServiceError
from desktop_app.service.labels.customs_pdf import render_customs_documents
from desktop_app.service.storage.db import new_uuid
from desktop_app.service.storage.shipments import (
    CARRIER_DECLARATION,
    ShipmentDocumentRow,
    ShipmentRow,
    has_document,
    new_label_token,
)

DOCUMENT_FILES_PATH = "/v1/shipment_document_files"
#: private key of the stored declaration: the token of its generated document
DOCUMENT_TOKEN = "_document_token"
MEDIA_TYPES = {"pdf": "application/pdf", "png": "image/png", "jpg": "image/jpeg"}
# what each format's file starts with: an upload must be the file it says it is
MAGIC = {"pdf": (b"%PDF-",), "png": (b"\x89PNG\r\n\x1a\n",), "jpg": (b"\xff\xd8\xff",)}
MAX_DOCUMENTS = 10


def stored_items(items: Any, now: str) -> list[dict[str, Any]] | None:
    """Customs items as stored: each with an id and its timestamps."""
    if not isinstance(items, list):
        return None
    return [{"id": new_uuid(), **item, "created_at": now, "updated_at": now} for item in items]


def stored_declaration(wire: Mapping[str, Any], now: str) -> dict[str, Any] | None:
    """The request's `customs_declaration` as stored (items with ids), or None."""
    declaration = wire.get("customs_declaration")
    if not isinstance(declaration, dict):
        return None
    out = {**declaration, "created_at": now, "updated_at": now}
    if "items" in declaration:
        out["items"] = stored_items(declaration["items"], now)
    return out


def document_url(base_url: str, token: str, document_format: str) -> str:
    """The unguessable URL of a document's file."""
    return f"{base_url.rstrip('/')}{DOCUMENT_FILES_PATH}/{token}.{document_format}"


def declaration_view(body: Mapping[str, Any], base_url: str) -> dict[str, Any]:
    """The stored declaration of a shipment `body` as returned: every item (its own and its
    packages'), the document's URL instead of its token."""
    declaration = body["customs_declaration"]
    out = dict(declaration)
    out["items"] = list(declaration.get("items") or []) + [
        item
        for package in body.get("packages") or []
        for item in package.get("customs_declaration_items") or []
    ]
    token = out.pop(DOCUMENT_TOKEN, None)
    if token:
        out["carrier_declaration_document_url"] = document_url(base_url, token, "pdf")
    return out


def invoice_notes(body: Mapping[str, Any]) -> list[str]:
    """Lines the destination asks on the invoice (the seller's Swiss VAT number ...)."""
    plan = customs_plan(body)
    declaration = body.get("customs_declaration") or {}
    notes = []
    for extra in plan.extras:
        value = declaration.get(extra.field)
        if value:
            notes.append(f"Seller's {extra.what}: {value}")
    return notes


async def customs_documents(
    session: AsyncSession, row: ShipmentRow, body: dict[str, Any], sandbox: bool
) -> ShipmentDocumentRow | None:
    """Render the carrier's customs PDF of a labelled shipment (`body`, changed in place to
    hold the document's token); None when the shipment crosses no border needing papers.
    The caller adds the row after the shipment's."""
    plan = customs_plan(body)
    documents: Sequence[str] = plan.documents
    if documents and COMMERCIAL_INVOICE in documents:
        # the shop's own invoice replaces the one made from the declaration
        if await has_document(session, row.id, COMMERCIAL_INVOICE):
            documents = [d for d in documents if d != COMMERCIAL_INVOICE]
    declaration = body.get("customs_declaration")
    if not documents or not isinstance(declaration, dict):
        return None
    snapshot = copy.deepcopy(body)
    data = await asyncio.to_thread(
        render_customs_documents, snapshot, documents, invoice_notes(body), sandbox
    )
    token = new_label_token()
    declaration[DOCUMENT_TOKEN] = token
    return ShipmentDocumentRow(
        id=new_uuid(),
        shipment_id=row.id,
        account_id=row.account_id,
        document_type=CARRIER_DECLARATION,
        document_format="pdf",
        token=token,
        data=data,
    )


def decode_upload(index: int, document: Mapping[str, Any]) -> bytes:
    """The bytes of an uploaded document; 422 when not base64 or not the format it says."""
    path = f"documents[{index}].content"
    try:
        data = base64.b64decode(str(document["content"]), validate=True)
    except (binascii.Error, ValueError):
        raise ServiceError(422, [f"{path}: the content is not base64"]) from None
    document_format = str(document["document_format"])
    if not data.startswith(MAGIC[document_format]):
        raise ServiceError(422, [f"{path}: this is not a {document_format.upper()} file"])
    return data


def document_view(row: ShipmentDocumentRow, base_url: str) -> dict[str, Any]:
    """A shipment document as returned."""
    return {
        "id": row.id,
        "document_type": row.document_type,
        "document_format": row.document_format,
        "document_url": document_url(base_url, row.token, row.document_format),
    }
