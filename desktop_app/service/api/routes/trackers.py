"""`/v1/trackers`: follow a carrier's tracking number like a shipment (create, list, get);
sandbox keys move a tracker along with `/v1/sandbox/trackers/{id}/tracking_events`.
The rules and the JSON view are shipping/trackers.py's."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from desktop_app.domain.events import TRACKING_STATUSES
from desktop_app.domain.models import Tracker, TrackerCreate, TrackerList
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, SandboxKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.api.routes.sandbox import SandboxTrackingEvent, _optional_body
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping import trackers

router = APIRouter(tags=["trackers"])


@router.post(
    "/trackers",
    response_model=None,
    openapi_extra=json_body(TrackerCreate),
    responses={200: {"model": Tracker}, **error_responses(400, 401, 413, 415, 422, 429)},
)
async def post_tracker(
    key: CurrentKey, ctx: Ctx, session: Session, body: JsonObject
) -> dict[str, Any]:
    """Follow a carrier's tracking number."""
    created = await trackers.create_tracker(session, key, body, ctx.now())
    await session.commit()
    return created


@router.get(
    "/trackers",
    response_model=None,
    responses={200: {"model": TrackerList}, **error_responses(401, 422, 429)},
)
async def list_trackers(
    key: CurrentKey, session: Session, page: Page = 1, per_page: PerPage = 100
) -> dict[str, Any]:
    """The caller's trackers, newest first: `{"trackers": [...]}`."""
    return await trackers.list_trackers(session, key, skip=offset(page, per_page), limit=per_page)


@router.get(
    "/trackers/{tracker_id}",
    response_model=None,
    responses={200: {"model": Tracker}, **error_responses(401, 404, 429)},
)
async def get_tracker(key: CurrentKey, session: Session, tracker_id: str) -> dict[str, Any]:
    """One of the caller's trackers."""
    return await trackers.get_tracker(session, key, tracker_id)


@router.post(
    "/sandbox/trackers/{tracker_id}/tracking_events",
    response_model=None,
    openapi_extra=json_body(SandboxTrackingEvent, required=False),
    responses={200: {"model": Tracker}, **error_responses(400, 401, 404, 409, 413, 415, 422, 429)},
)
async def post_tracker_event(
    tracker_id: str, request: Request, ctx: Ctx, session: Session, key: SandboxKey
) -> dict[str, Any]:
    """Move a sandbox tracker of a number that is not one of the account's shipments (those
    move with `/v1/sandbox/shipments/{id}/tracking_events`)."""
    draft = await _optional_body(request, ctx.settings.max_body_bytes)
    unknown = sorted(set(draft) - {"status"})
    if unknown:
        raise ServiceError(422, [f"{name}: unknown field" for name in unknown])
    status = draft.get("status")
    if status is not None and (not isinstance(status, str) or status not in TRACKING_STATUSES):
        raise ServiceError(422, [f"status: must be one of {', '.join(TRACKING_STATUSES)}"])
    moved = await trackers.advance_tracker(session, key, tracker_id, status, ctx.now())
    await session.commit()
    return moved
