"""`/v1/manifests`: the end-of-day handover document of a carrier's shipments, and its PDF."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from sqlalchemy.exc import IntegrityError

from desktop_app.domain.models import Manifest, ManifestCreate
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError, not_found
from desktop_app.service.shipping.manifests import create_manifest, get_manifest_row, manifest_view
from desktop_app.service.storage import audit
from desktop_app.service.storage.manifests import manifest_by_document_token, matching_manifests
from desktop_app.service.texts import choose_language

router = APIRouter(tags=["manifests"])

HANDED_OVER_MEANWHILE = "a shipment was handed over by another request meanwhile; try again"


@router.post(
    "/manifests",
    response_model=None,
    openapi_extra=json_body(ManifestCreate),
    responses={200: {"model": Manifest}, **error_responses(400, 401, 409, 413, 415, 422, 429)},
)
async def post_manifest(
    request: Request, key: CurrentKey, ctx: Ctx, session: Session, body: JsonObject
) -> dict[str, Any]:
    """Hand over the carrier's shipments: the given ones, or those of today not handed over
    yet; the manifest PDF is at `documents[0].document_url` (no key needed, like labels),
    worded in the request's Accept-Language (English or German)."""
    language = choose_language(None, request.headers.get("accept-language"))
    try:
        async with ctx.write_lock:
            row = await create_manifest(session, key, body, ctx.now(), language)
            session.add(audit.entry(key, "manifest.created", row.id))
            await session.commit()
    except IntegrityError:
        # another service process handed one of them over between our check and write
        raise ServiceError(409, [HANDED_OVER_MEANWHILE]) from None
    return manifest_view(row, str(request.base_url))


@router.get(
    "/manifests",
    response_model=None,
    responses={200: {"model": list[Manifest]}, **error_responses(401, 422, 429)},
)
async def list_manifests(
    request: Request,
    key: CurrentKey,
    session: Session,
    carrier: Annotated[str | None, Query(max_length=32)] = None,
    page: Page = 1,
    per_page: PerPage = 100,
) -> list[dict[str, Any]]:
    """The caller's manifests, newest first (a local extension: the real service has no list)."""
    rows = await matching_manifests(
        session, key, carrier, skip=offset(page, per_page), limit=per_page
    )
    base = str(request.base_url)
    return [manifest_view(row, base) for row in rows]


@router.get(
    "/manifests/{manifest_id}",
    response_model=None,
    responses={200: {"model": Manifest}, **error_responses(401, 404, 429)},
)
async def get_manifest(
    request: Request, key: CurrentKey, session: Session, manifest_id: str
) -> dict[str, Any]:
    """One of the caller's manifests."""
    row = await get_manifest_row(session, key, manifest_id)
    return manifest_view(row, str(request.base_url))


@router.get(
    "/manifest_files/{name}",
    response_class=Response,
    responses={
        200: {
            "description": "the manifest PDF",
            "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
        },
        **error_responses(404),
    },
)
async def get_manifest_file(name: str, session: Session) -> Response:
    """The manifest PDF; the token in the name is the only credential (as for labels)."""
    token, _, ext = name.partition(".")
    row = None
    if 16 <= len(token) <= 64 and ext in ("", "pdf"):
        row = await manifest_by_document_token(session, token)
    if row is None:
        raise not_found("manifest file")
    return Response(
        content=row.document,
        media_type="application/pdf",
        headers={
            "Content-Disposition": f'inline; filename="manifest-{row.id[:8]}.pdf"',
            "Cache-Control": "private, max-age=3600",
            "X-Content-Type-Options": "nosniff",
        },
    )
