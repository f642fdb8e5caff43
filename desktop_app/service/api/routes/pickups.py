"""`/v1/pickup_requests`: ask a carrier to collect labelled shipments; list and get them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from desktop_app.domain.models import PickupRequest, PickupRequestCreate
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.shipping import pickups

router = APIRouter(prefix="/pickup_requests", tags=["pickup_requests"])


@router.post(
    "",
    response_model=None,
    openapi_extra=json_body(PickupRequestCreate),
    responses={200: {"model": PickupRequest}, **error_responses(400, 401, 413, 415, 422, 429)},
)
async def create_pickup_request(
    draft: JsonObject, ctx: Ctx, session: Session, key: CurrentKey
) -> dict[str, Any]:
    """Request a pickup; the shipments must be this carrier's, labelled, and not returns."""
    created = await pickups.create_pickup_request(session, key, draft, ctx.now())
    await session.commit()
    return created


@router.get(
    "",
    response_model=None,
    responses={200: {"model": list[PickupRequest]}, **error_responses(401, 422, 429)},
)
async def list_pickup_requests(
    session: Session, key: CurrentKey, page: Page = 1, per_page: PerPage = 100
) -> list[dict[str, Any]]:
    """The caller's pickup requests, newest first, as a bare array (as the real service)."""
    return await pickups.list_pickup_requests(
        session, key, skip=offset(page, per_page), limit=per_page
    )


@router.get(
    "/{pickup_id}",
    response_model=None,
    responses={200: {"model": PickupRequest}, **error_responses(401, 404, 429)},
)
async def get_pickup_request(pickup_id: str, session: Session, key: CurrentKey) -> dict[str, Any]:
    """One of the caller's pickup requests."""
    return await pickups.get_pickup_request(session, key, pickup_id)
