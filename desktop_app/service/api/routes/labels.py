"""`GET /v1/label_files/{token}.{ext}`: label files by unguessable URL, without an API key."""

from __future__ import annotations

from fastapi import APIRouter, Response

from desktop_app.service.api.deps import Ctx, Session
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.errors import not_found
from desktop_app.service.labels.shipment_labels import label_file_extension
from desktop_app.service.storage.shipments import label_download

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
async def get_label_file(name: str, ctx: Ctx, session: Session) -> Response:
    """The label bytes (PDF or ZPL); the token in the name is the only credential."""
    token, _, ext = name.partition(".")
    found = await label_download(ctx.reads, session, token) if 16 <= len(token) <= 64 else None
    if found is None or (ext and ext != label_file_extension(found[1])):
        raise not_found("label file")
    shipment_id, label_format, media_type, data = found
    filename = f"{shipment_id[:12]}.{label_file_extension(label_format)}"
    return Response(
        content=data,
        media_type=media_type,
        headers={
            "Content-Disposition": f'inline; filename="{filename}"',
            "Cache-Control": "private, max-age=3600",
            "X-Content-Type-Options": "nosniff",
        },
    )
