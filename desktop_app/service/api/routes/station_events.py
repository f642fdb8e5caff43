"""`POST /v1/station_events`: what a station saw that the server cannot (scans, pack-check
mismatches, releases), recorded with the person and station for the packing figures."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.api.rights import Caller, refusal
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping.station_events import STATION_EVENT_KINDS, record_station_event

router = APIRouter(prefix="/station_events", tags=["station events"])


class StationEventCreate(BaseModel):
    """Body of `POST /v1/station_events`."""

    kind: Literal["scan", "pack_check_mismatch", "release"]
    order_ref: str | None = Field(default=None, description="The order number scanned.")
    at: str | None = Field(default=None, description="When (ISO 8601; default: now).")
    reason: str | None = Field(default=None, description="Why a mismatch is released.")


@router.post(
    "",
    status_code=201,
    response_model=None,
    openapi_extra=json_body(StationEventCreate),
    responses=error_responses(400, 401, 403, 413, 415, 422, 429),
)
async def post_station_event(
    request: Request, key: CurrentKey, ctx: Ctx, session: Session, body: JsonObject
) -> Any:
    """Record a scan, a pack-check mismatch or a release (a release needs the release right)."""
    kind = body.get("kind")
    if kind not in STATION_EVENT_KINDS:
        raise ServiceError(422, [f"kind: one of {', '.join(STATION_EVENT_KINDS)}"])
    caller: Caller = request.state.caller
    if kind == "release" and (refused := refusal("release", caller)) is not None:
        raise ServiceError(refused[0], [refused[1]])
    recorded = await record_station_event(
        session,
        key,
        str(kind),
        body,
        person=caller.person,
        station=caller.station,
        now=ctx.now(),
    )
    await session.commit()
    return JSONResponse(recorded, status_code=201)
