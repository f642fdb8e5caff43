"""`GET /v1/label_files/{token}.{ext}`: label files by unguessable URL, without an API key."""

from __future__ import annotations

from fastapi import APIRouter, Response
from sqlalchemy import select

from desktop_app.service.deps import Session
from desktop_app.service.errors import not_found
from desktop_app.service.labels import label_file_extension
from desktop_app.service.openapi import error_responses
from desktop_app.service.tables import LabelFile

router = APIRouter(prefix="/label_files", tags=["labels"])


@router.get(
    "/{name}",
    response_class=Response,
    responses={
        200: {
            "description": "the label file",
            "content": {
                "application/pdf": {"schema": {"type": "string", "format": "binary"}},
                "application/x-zpl": {"schema": {"type": "string", "format": "binary"}},
            },
        },
        **error_responses(404),
    },
)
async def get_label_file(name: str, session: Session) -> Response:
    """The label bytes (PDF or ZPL); the token in the name is the only credential."""
    token, _, ext = name.partition(".")
    row = None
    if 16 <= len(token) <= 64:
        row = await session.scalar(select(LabelFile).where(LabelFile.token == token))
    if row is None or (ext and ext != label_file_extension(row.label_format)):
        raise not_found("label file")
    filename = f"{row.shipment_id[:12]}.{label_file_extension(row.label_format)}"
    return Response(
        content=row.data,
        media_type=row.media_type,
        headers={
            "Content-Disposition": f'inline; filename="{filename}"',
            "Cache-Control": "private, max-age=3600",
            "X-Content-Type-Options": "nosniff",
        },
    )
