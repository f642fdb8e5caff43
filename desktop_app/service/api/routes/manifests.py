"""`/v1/manifests`: the end-of-day handover document of a carrier's shipments, and its PDF."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from sqlalchemy.exc import IntegrityError

from desktop_app.domain.models import Manifest, ManifestCreate
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.downloads import download_response
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping import manifests
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
            row = await manifests.create_manifest(session, key, body, ctx.now(), language)
            await session.commit()
    except IntegrityError:
        # another service process handed one of them over between our check and write
        raise ServiceError(409, [HANDED_OVER_MEANWHILE]) from None
    return manifests.manifest_view(row, str(request.base_url))


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
    return await manifests.list_manifests(
        session, key, carrier, str(request.base_url), skip=offset(page, per_page), limit=per_page
    )


@router.get(
    "/manifests/{manifest_id}",
    response_model=None,
    responses={200: {"model": Manifest}, **error_responses(401, 404, 429)},
)
async def get_manifest(
    request: Request, key: CurrentKey, session: Session, manifest_id: str
) -> dict[str, Any]:
    """One of the caller's manifests."""
    return await manifests.get_manifest(session, key, manifest_id, str(request.base_url))


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
    return download_response(await manifests.manifest_file(session, name))
