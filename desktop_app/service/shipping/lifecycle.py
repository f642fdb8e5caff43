"""Sandbox shipment life cycle: tracking events (manual and automatic), deletion after 14 days."""

from __future__ import annotations

import asyncio
import copy
import logging
import uuid
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.events import TRACKING_STATUSES
from desktop_app.service.notifications.events import emit_event
from desktop_app.service.shipping.shipments import delete_shipment
from desktop_app.service.storage import audit
from desktop_app.service.storage.outage import report_failure
from desktop_app.service.storage.running import RunningService
from desktop_app.service.storage.shipments import (
    ShipmentRow,
    open_sandbox_shipments,
    sandbox_shipments_before,
)

log = logging.getLogger(__name__)

# the plausible path a parcel takes; "next status" moves one step along it
HAPPY_PATH = ("label_created", "picked_up", "transit", "out_for_delivery", "delivered")
# no automatic or "next" step after these
FINAL_STATUSES = frozenset({"delivered", "canceled", "destroyed"})
DETAILS = {
    "label_created": "The shipment has been registered with the carrier.",
    "picked_up": "The shipment has been picked up by the carrier.",
    "transit": "The shipment is on its way.",
    "out_for_delivery": "The shipment is out for delivery.",
    "delivered": "The shipment has been delivered.",
    "awaits_pickup_by_receiver": "The shipment is ready for pickup by the receiver.",
    "canceled": "The label has been cancelled.",
    "delayed": "The delivery will be delayed.",
    "exception": "There is a problem with the shipment.",
    "not_delivered": "The shipment could not be delivered.",
    "destroyed": "The shipment was destroyed by customs or other authorities.",
    "notification": "Carrier notification.",
    "unknown": "Status unknown.",
}
DELETION_CHECK_SECONDS = 3600.0
AUTO_TRACKING_BATCH = 100
DELETION_BATCH = 100


class TrackingError(Exception):
    """A tracking event that cannot be applied (the route answers 400 or 422 with it)."""

    def __init__(self, status_code: int, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.message = message


def has_label(row: ShipmentRow) -> bool:
    """True once the shipment has a label (only such shipments are tracked)."""
    return bool(row.body.get("label_url")) or row.shipment_type == "label_created"


def current_status(row: ShipmentRow) -> str | None:
    """The latest tracking status (None before the label exists)."""
    return row.tracking_status or ("label_created" if has_label(row) else None)


def next_status(current: str | None) -> str | None:
    """The next status on the happy path, or None when there is none (final or untracked)."""
    if current is None or current in FINAL_STATUSES:
        return None
    if current in HAPPY_PATH:
        return HAPPY_PATH[HAPPY_PATH.index(current) + 1]
    # off the path (delayed, exception...): the parcel moves on from where parcels wait
    return "transit" if current in ("delayed", "exception", "notification", "unknown") else None


def _location(body: dict[str, Any], status: str) -> str:
    """A plausible place for the event, from the shipment's own addresses."""
    sender: dict[str, Any] = body.get("from") or {}
    receiver: dict[str, Any] = body.get("to") or {}

    def place(address: dict[str, Any]) -> str:
        parts = [str(address.get(k) or "") for k in ("zip_code", "city", "country")]
        return " ".join(p for p in parts if p) or "unknown"

    if status in ("label_created", "picked_up"):
        return place(sender)
    if status in ("transit", "delayed", "exception", "notification", "unknown"):
        country = receiver.get("country") or sender.get("country") or ""
        return f"Parcel centre {country}".strip()
    return place(receiver)


def tracking_event(body: dict[str, Any], status: str, now: datetime) -> dict[str, Any]:
    """One tracking event as on the wire: id, timestamp, location, status, details."""
    return {
        "id": str(uuid.uuid4()),
        "timestamp": now.isoformat(timespec="seconds"),
        "location": _location(body, status),
        "status": status,
        "details": DETAILS.get(status, status),
    }


async def add_tracking_event(
    session: AsyncSession, row: ShipmentRow, status: str | None, *, now: datetime
) -> dict[str, Any]:
    """Move a sandbox shipment to `status` (None: the next plausible one) and fire the event.

    Adds the event to every package, updates the shipment's tracking status and queues
    `shipment.tracking.<status>`; the caller commits. Returns the event.
    """
    if not has_label(row):
        raise TrackingError(400, "the shipment has no label yet, so the carrier cannot track it")
    if status is None:
        status = next_status(current_status(row))
        if status is None:
            raise TrackingError(
                400,
                f"status: the shipment is {current_status(row)}; give the next status explicitly",
            )
    elif status not in TRACKING_STATUSES:
        raise TrackingError(422, f"status: must be one of {', '.join(TRACKING_STATUSES)}")
    body = copy.deepcopy(row.body)
    event = tracking_event(body, status, now)
    packages = body.get("packages")
    if isinstance(packages, list):
        for package in packages:
            if isinstance(package, dict):
                events = package.get("tracking_events")
                package["tracking_events"] = [*(events if isinstance(events, list) else []), event]
    body["tracking_status"] = status
    row.body = body  # a new object, so the JSON column is seen as changed
    row.tracking_status = status
    await emit_event(
        session,
        account_id=row.account_id,
        environment=row.environment,
        event_type=f"shipment.tracking.{status}",
        shipment_id=row.id,
    )
    return event


async def delete_expired_sandbox_shipments(ctx: RunningService) -> int:
    """Delete sandbox shipments older than the retention period, firing the deleted event."""
    days = ctx.settings.sandbox_retention_days
    if days <= 0:
        return 0  # retention switched off
    cutoff = ctx.now() - timedelta(days=days)
    deleted = 0
    while True:
        async with ctx.sessions() as session, session.begin():
            rows = await sandbox_shipments_before(session, cutoff, DELETION_BATCH)
            for row in rows:
                # the same path as DELETE /v1/shipments/{id}: label files go, the event fires
                await delete_shipment(session, row)
                session.add(
                    audit.entry_by(
                        audit.SANDBOX_RETENTION,
                        "shipment.deleted",
                        row.id,
                        account_id=row.account_id,
                        environment=row.environment,
                    )
                )
        deleted += len(rows)
        if len(rows) < DELETION_BATCH:
            break
    if deleted:
        log.info("deleted %d sandbox shipments older than %g days", deleted, days)
    return deleted


async def advance_open_sandbox_shipments(ctx: RunningService) -> int:
    """One step of automatic tracking for every open sandbox shipment with a label."""
    moved = 0
    async with ctx.sessions() as session, session.begin():
        rows = await open_sandbox_shipments(session, FINAL_STATUSES, AUTO_TRACKING_BATCH)
        now = ctx.now()
        for row in rows:
            if next_status(current_status(row)) is None:
                continue
            await add_tracking_event(session, row, None, now=now)
            moved += 1
    return moved


async def run_sandbox_deletion(ctx: RunningService) -> None:
    """Background task: delete expired sandbox shipments at start-up and then hourly."""
    while True:
        try:
            await delete_expired_sandbox_shipments(ctx)
        except Exception as exc:  # keep checking later (e.g. database busy)
            report_failure(ctx.outage, exc, "sandbox shipment clean-up")
        await asyncio.sleep(DELETION_CHECK_SECONDS)


async def run_auto_tracking(ctx: RunningService) -> None:
    """Background task: advance open sandbox shipments every `auto_tracking_seconds` (0 = off)."""
    interval = ctx.settings.auto_tracking_seconds
    if interval <= 0:
        return
    while True:
        await asyncio.sleep(interval)
        try:
            await advance_open_sandbox_shipments(ctx)
        except Exception as exc:
            report_failure(ctx.outage, exc, "automatic sandbox tracking")


def shipment_events(body: dict[str, Any]) -> list[dict[str, Any]]:
    """A stored shipment's events, oldest first, each once (every package holds a copy)."""
    seen: set[str] = set()
    events = []
    for package in body.get("packages") or []:
        for event in package.get("tracking_events") or []:
            if str(event.get("id")) not in seen:
                seen.add(str(event.get("id")))
                events.append(event)
    return sorted(events, key=lambda e: str(e.get("timestamp") or ""))


BACKGROUND_TASKS = [run_sandbox_deletion, run_auto_tracking]
