"""Local service only, sandbox keys only: move a sandbox shipment along its tracking statuses."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field

from desktop_app.domain.models.base import RequestModel
from desktop_app.domain.sanitize import sanitize
from desktop_app.service.api.bodies import is_json_content_type, parse_json_bytes, read_body_bytes
from desktop_app.service.api.deps import Ctx, SandboxKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping import shipments
from desktop_app.service.shipping.lifecycle import (
    TRACKING_STATUSES,
    TrackingError,
    add_tracking_event,
)

router = APIRouter(prefix="/sandbox", tags=["sandbox"])


class SandboxTrackingEvent(RequestModel):
    """Body of the sandbox tracking call; without `status` the next plausible one is taken."""

    status: str | None = Field(
        default=None,
        description=(
            "One of the tracking statuses (label_created, picked_up, transit, "
            "out_for_delivery, delivered, ...); omit it to move one step along."
        ),
    )


async def _optional_body(request: Request, max_bytes: int) -> dict[str, Any]:
    """The JSON object body, or {} when none was sent (the status is optional)."""
    raw = await read_body_bytes(request, max_bytes)
    if not raw.strip():
        return {}
    if not is_json_content_type(request.headers.get("content-type")):
        raise ServiceError(
            415,
            ["unsupported media type: send the body as JSON with Content-Type: application/json"],
        )
    data = parse_json_bytes(raw)
    if not isinstance(data, dict):
        raise ServiceError(400, ["the request body must be a JSON object"])
    return dict(sanitize(data))


@router.post(
    "/shipments/{shipment_id}/tracking_events",
    response_model=None,
    openapi_extra=json_body(SandboxTrackingEvent, required=False),
    responses=error_responses(400, 401, 404, 413, 415, 422, 429),
)
async def post_tracking_event(
    shipment_id: str, request: Request, ctx: Ctx, session: Session, key: SandboxKey
) -> dict[str, Any]:
    """Add a tracking event to a sandbox shipment (and its packages) and fire its webhook event.

    Answers the updated shipment, with `tracking_status` and the new event in every
    package's `tracking_events`. Live keys get 401: the call exists in the sandbox only.
    """
    draft = await _optional_body(request, ctx.settings.max_body_bytes)
    unknown = sorted(set(draft) - {"status"})
    if unknown:
        raise ServiceError(422, [f"{name}: unknown field" for name in unknown])
    status = draft.get("status")
    if status is not None and (not isinstance(status, str) or status not in TRACKING_STATUSES):
        raise ServiceError(422, [f"status: must be one of {', '.join(TRACKING_STATUSES)}"])
    row = await shipments.get_row(session, key, shipment_id)
    try:
        await add_tracking_event(session, row, status, now=ctx.now())
    except TrackingError as exc:
        raise ServiceError(exc.status_code, [exc.message]) from None
    await session.commit()
    return shipments.view(row, str(request.base_url))
