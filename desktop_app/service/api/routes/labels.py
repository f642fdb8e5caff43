"""`GET /v1/label_files/{token}.{ext}`: label files by unguessable URL, without an API key."""

from __future__ import annotations

from fastapi import APIRouter, Response

from desktop_app.service.api.deps import Ctx, Session
from desktop_app.service.api.downloads import download_response
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.shipping.label_files import label_file

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
    return download_response(await label_file(ctx.reads, session, name))
