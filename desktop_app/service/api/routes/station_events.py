"""`POST /v1/station_events`: what a station saw that the server cannot (scans, pack-check
mismatches, releases), recorded with the person and station for the packing figures."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.api.rights import Caller, refusal
from desktop_app.service.errors import ServiceError
from desktop_app.service.storage import audit
from desktop_app.service.storage.people import STATION_EVENT_KINDS, StationEvent

router = APIRouter(prefix="/station_events", tags=["station events"])
# a station's clock may be a little off; further off is a mistake, not a scan
MAX_SKEW = dt.timedelta(days=1)


class StationEventCreate(BaseModel):
    """Body of `POST /v1/station_events`."""

    kind: Literal["scan", "pack_check_mismatch", "release"]
    order_ref: str | None = Field(default=None, description="The order number scanned.")
    at: str | None = Field(default=None, description="When (ISO 8601; default: now).")
    reason: str | None = Field(default=None, description="Why a mismatch is released.")


def _text(body: dict[str, Any], name: str, limit: int) -> str | None:
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise ServiceError(422, [f"{name}: text of at most {limit} characters"])
    return value.strip() or None


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
    order_ref = _text(body, "order_ref", 255)
    reason = _text(body, "reason", 500)
    if kind == "release" and not reason:
        raise ServiceError(422, ["reason: say why the mismatch is released"])
    now = ctx.now()
    at = now
    if body.get("at") is not None:
        try:
            at = dt.datetime.fromisoformat(str(body["at"]))
        except ValueError:
            raise ServiceError(422, ["at: a time such as 2026-11-28T09:30:00Z"]) from None
        at = at.replace(tzinfo=dt.UTC) if at.tzinfo is None else at.astimezone(dt.UTC)
        if abs(at - now) > MAX_SKEW:
            raise ServiceError(422, ["at: more than a day away from the server's time"])
    event = StationEvent(
        account_id=key.account_id,
        environment=key.environment,
        person=caller.person,
        station=caller.station,
        kind=kind,
        order_ref=order_ref,
        reason=reason,
        at=at,
    )
    session.add(event)
    if kind != "scan":
        # releases and mismatches are decisions: the audit log keeps them (scans are many)
        session.add(audit.entry(key, f"station.{kind}", order_ref))
    await session.commit()
    return JSONResponse(
        {
            "id": event.id,
            "kind": kind,
            "order_ref": order_ref,
            "at": at.isoformat(timespec="seconds"),
            "person": caller.person,
            "station": caller.station,
        },
        status_code=201,
    )
