"""Trackers: follow a carrier's tracking number like a shipment; their rules and JSON view.

A tracker of one of the account's own shipments (same carrier and tracking number) shows that
shipment's id, addresses and events; any other number keeps its own events (a sandbox key
moves those along).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.models import TrackerCreate
from desktop_app.service.errors import ServiceError, checked
from desktop_app.service.shipping.lifecycle import (
    FINAL_STATUSES,
    next_status,
    shipment_events,
    tracking_event,
)
from desktop_app.service.storage import trackers
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import new_uuid
from desktop_app.service.storage.ownership import owned_row
from desktop_app.service.storage.shipments import shipment_by_tracking_number
from desktop_app.service.storage.trackers import TrackerRow

REGISTERED = "registered"
POLLING_INTERVAL = dt.timedelta(hours=2)
MAX_TRACKING_NO = 64
_NULLABLE = ("tracking_status_updated_at", "last_polling_at")


def _iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat(timespec="seconds")


async def tracker_view(session: AsyncSession, key: KeyInfo, row: TrackerRow) -> dict[str, Any]:
    """The wire object; a tracker of the caller's own shipment shows that shipment."""
    body = dict(row.body)
    shipment = await shipment_by_tracking_number(session, key, row.carrier, row.carrier_tracking_no)
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


async def create_tracker(
    session: AsyncSession, key: KeyInfo, draft: dict[str, Any], now: dt.datetime
) -> dict[str, Any]:
    """Check and store a tracker; its wire object. The caller commits."""
    request = checked(TrackerCreate, [], draft)
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
    await session.flush()
    return await tracker_view(session, key, row)


async def list_trackers(
    session: AsyncSession, key: KeyInfo, *, skip: int, limit: int
) -> dict[str, Any]:
    """The caller's trackers, newest first: `{"trackers": [...]}`."""
    rows = await trackers.list_trackers(session, key, skip=skip, limit=limit)
    return {"trackers": [await tracker_view(session, key, row) for row in rows]}


async def _row(session: AsyncSession, key: KeyInfo, tracker_id: str) -> TrackerRow:
    return await owned_row(session, key, TrackerRow, tracker_id, "tracker")


async def get_tracker(session: AsyncSession, key: KeyInfo, tracker_id: str) -> dict[str, Any]:
    """One of the caller's trackers as its wire object; 404 otherwise."""
    return await tracker_view(session, key, await _row(session, key, tracker_id))


async def advance_tracker(
    session: AsyncSession, key: KeyInfo, tracker_id: str, status: str | None, now: dt.datetime
) -> dict[str, Any]:
    """Add a sandbox event (`status`, or the next plausible one) to a tracker of a number that
    is not one of the caller's shipments; its wire object. The caller commits."""
    row = await _row(session, key, tracker_id)
    if await shipment_by_tracking_number(session, key, row.carrier, row.carrier_tracking_no):
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
    event = tracking_event({}, status, now)
    event["location"] = "Parcel centre"
    body = dict(row.body)
    body["tracking_events"] = [*body.get("tracking_events", []), event]
    body["status"] = status
    body["tracking_status_updated_at"] = event["timestamp"]
    body["last_polling_at"] = _iso(now)
    body["next_polling_at"] = _iso(now + POLLING_INTERVAL)
    row.body = body
    await session.flush()
    return await tracker_view(session, key, row)
