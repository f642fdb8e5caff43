"""`/v1/trackers`: follow a carrier's tracking number like a shipment (create, list, get);
sandbox keys move a tracker along with `/v1/sandbox/trackers/{id}/tracking_events`.

A tracker of one of the account's own shipments (same carrier and tracking number) shows that
shipment's id, addresses and events; any other number keeps its own events.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter, Request
from pydantic import ValidationError

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.events import TRACKING_STATUSES
from desktop_app.domain.models import Tracker, TrackerCreate, TrackerList
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, SandboxKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.api.routes.sandbox import SandboxTrackingEvent, _optional_body
from desktop_app.service.api.routes.tracking_page import shipment_events
from desktop_app.service.errors import ServiceError, not_found
from desktop_app.service.shipping.lifecycle import FINAL_STATUSES, next_status, tracking_event
from desktop_app.service.storage import trackers
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import new_uuid
from desktop_app.service.storage.shipments import ShipmentRow, shipment_by_tracking_number
from desktop_app.service.storage.trackers import TrackerRow

router = APIRouter(tags=["trackers"])

REGISTERED = "registered"
POLLING_INTERVAL = dt.timedelta(hours=2)
MAX_TRACKING_NO = 64


def _iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat(timespec="seconds")


async def _shipment(
    session: Session, key: KeyInfo, carrier: str, number: str
) -> ShipmentRow | None:
    return await shipment_by_tracking_number(session, key, carrier, number)


async def _view(session: Session, key: KeyInfo, row: TrackerRow) -> dict[str, Any]:
    body = dict(row.body)
    shipment = await _shipment(session, key, row.carrier, row.carrier_tracking_no)
    if shipment is not None:
        events = shipment_events(shipment.body)
        body["shipment_id"] = shipment.id
        for role in ("from", "to"):
            address = shipment.body.get(role)
            if isinstance(address, dict):
                body[role] = {k: v for k, v in address.items() if v is not None}
        body["tracking_events"] = events
        if events:
            body["status"] = events[-1].get("status") or body["status"]
            body["tracking_status_updated_at"] = events[-1].get("timestamp")
    return {k: v for k, v in body.items() if v is not None or k in _NULLABLE}


_NULLABLE = ("tracking_status_updated_at", "last_polling_at")


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
    try:
        request = TrackerCreate.model_validate(body)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
    problems = []
    carriers = load_catalog().carriers
    if request.carrier not in carriers:
        problems.append(f"carrier: choose one of the carriers: {', '.join(carriers)}")
    number = request.carrier_tracking_no.strip()
    if not number or len(number) > MAX_TRACKING_NO:
        problems.append(
            f"carrier_tracking_no: enter the tracking number (at most {MAX_TRACKING_NO} characters)"
        )
    if problems:
        raise ServiceError(422, problems)
    now = ctx.now()
    row = TrackerRow(
        id=new_uuid(),
        account_id=key.account_id,
        environment=key.environment,
        carrier=request.carrier,
        carrier_tracking_no=number,
        created_at=now,
        body={
            "carrier_tracking_no": number,
            "carrier": request.carrier,
            "status": REGISTERED,
            "created_at": _iso(now),
            "tracking_status_updated_at": None,
            "last_polling_at": None,
            "next_polling_at": _iso(now + POLLING_INTERVAL),
            "tracking_events": [],
        },
    )
    row.body = {"id": row.id, **row.body}
    session.add(row)
    await session.commit()
    return await _view(session, key, row)


@router.get(
    "/trackers",
    response_model=None,
    responses={200: {"model": TrackerList}, **error_responses(401, 422, 429)},
)
async def list_trackers(
    key: CurrentKey, session: Session, page: Page = 1, per_page: PerPage = 100
) -> dict[str, Any]:
    """The caller's trackers, newest first: `{"trackers": [...]}`."""
    rows = await trackers.list_trackers(session, key, skip=offset(page, per_page), limit=per_page)
    return {"trackers": [await _view(session, key, row) for row in rows]}


async def _row(session: Session, key: KeyInfo, tracker_id: str) -> TrackerRow:
    row = await trackers.get_tracker(session, key, tracker_id)
    if row is None:
        raise not_found("tracker")
    return row


@router.get(
    "/trackers/{tracker_id}",
    response_model=None,
    responses={200: {"model": Tracker}, **error_responses(401, 404, 429)},
)
async def get_tracker(key: CurrentKey, session: Session, tracker_id: str) -> dict[str, Any]:
    """One of the caller's trackers."""
    return await _view(session, key, await _row(session, key, tracker_id))


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
    row = await _row(session, key, tracker_id)
    if await _shipment(session, key, row.carrier, row.carrier_tracking_no) is not None:
        raise ServiceError(
            409, ["this tracker follows a shipment: move the shipment's tracking instead"]
        )
    current = str(row.body.get("status") or REGISTERED)
    if current in FINAL_STATUSES:
        raise ServiceError(409, [f"the tracker's status {current} is final"])
    if status is None:
        # a foreign number's first event is its pick-up: its label was made elsewhere
        status = next_status("label_created" if current == REGISTERED else current)
        if status is None:
            raise ServiceError(409, [f"the tracker has no next status after {current}"])
    now = ctx.now()
    event = tracking_event({}, status, now)
    event["location"] = "Parcel centre"
    body = dict(row.body)
    body["tracking_events"] = [*body.get("tracking_events", []), event]
    body["status"] = status
    body["tracking_status_updated_at"] = event["timestamp"]
    body["last_polling_at"] = _iso(now)
    body["next_polling_at"] = _iso(now + POLLING_INTERVAL)
    row.body = body
    await session.commit()
    return await _view(session, key, row)
