"""A shipment's tracking as the history shows it, as plain functions over the stored JSON:
`timeline_entries()` (every package's events, oldest first), `current_status()`,
`status_label()`, `is_open()` (may still move), `sandbox_moves_allowed()` (the local sandbox's
"next status") and `record_shipment()` (a service answer into the store).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import date_time
from desktop_app.profiles.models import is_loopback_host
from desktop_app.profiles.store import ProfileStore, StoredShipment

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

#: statuses after which nothing more happens to a shipment (no periodic refresh)
FINAL_STATUSES = frozenset({"delivered", "canceled", "destroyed"})
#: open shipments older than this are not refreshed periodically (sandbox ones are gone)
OPEN_MAX_AGE = timedelta(days=30)
#: tracking statuses in words (translated where shown)
STATUS_TEXT = {
    "label_created": QT_TRANSLATE_NOOP("History", "Label created"),
    "picked_up": QT_TRANSLATE_NOOP("History", "Picked up"),
    "transit": QT_TRANSLATE_NOOP("History", "In transit"),
    "out_for_delivery": QT_TRANSLATE_NOOP("History", "Out for delivery"),
    "delivered": QT_TRANSLATE_NOOP("History", "Delivered"),
    "awaits_pickup_by_receiver": QT_TRANSLATE_NOOP("History", "Awaits pickup by receiver"),
    "canceled": QT_TRANSLATE_NOOP("History", "Canceled"),
    "delayed": QT_TRANSLATE_NOOP("History", "Delayed"),
    "exception": QT_TRANSLATE_NOOP("History", "Problem (exception)"),
    "not_delivered": QT_TRANSLATE_NOOP("History", "Not delivered"),
    "destroyed": QT_TRANSLATE_NOOP("History", "Destroyed"),
    "notification": QT_TRANSLATE_NOOP("History", "Notification"),
    "unknown": QT_TRANSLATE_NOOP("History", "Unknown"),
}


def status_label(status: str | None) -> str:
    """A tracking status as words."""
    if not status:
        return translate("History", "No tracking yet")
    if status in STATUS_TEXT:
        return translate("History", STATUS_TEXT[status])
    return status.replace("_", " ").capitalize()


@dataclass(frozen=True, slots=True)
class TimelineEntry:
    """One tracking event as the timeline shows it."""

    timestamp: str
    status: str | None
    location: str
    details: str
    package: str  # tracking number of the package when the shipment has several

    @property
    def moment(self) -> datetime | None:
        """The timestamp parsed (UTC if it has no offset)."""
        try:
            value = datetime.fromisoformat(self.timestamp)
        except ValueError:
            return None
        return value if value.tzinfo is not None else value.replace(tzinfo=UTC)

    def local_time(self) -> str:
        """The time in the desk's time zone."""
        moment = self.moment
        return date_time(moment) if moment else self.timestamp


def timeline_entries(data: dict[str, Any]) -> list[TimelineEntry]:
    """Every tracking event of every package, oldest first (the same event once)."""
    packages = [p for p in data.get("packages") or [] if isinstance(p, dict)]
    several = len(packages) > 1
    seen: set[Any] = set()
    out: list[TimelineEntry] = []
    for package in packages:
        for event in package.get("tracking_events") or []:
            if not isinstance(event, dict):
                continue
            key = event.get("id") or (event.get("timestamp"), event.get("status"))
            package_no = str(package.get("carrier_tracking_no") or "") if several else ""
            if not several and key in seen:
                continue
            seen.add(key)
            out.append(
                TimelineEntry(
                    timestamp=str(event.get("timestamp") or ""),
                    status=event.get("status"),
                    location=str(event.get("location") or ""),
                    details=str(event.get("details") or ""),
                    package=package_no,
                )
            )
    out.sort(key=lambda e: (e.moment or datetime.min.replace(tzinfo=UTC), e.package))
    return out


def current_status(shipment: StoredShipment) -> str | None:
    """The stored status, else the newest event's, else label_created once a label exists."""
    if shipment.tracking_status:
        return shipment.tracking_status
    entries = timeline_entries(shipment.data)
    if entries:
        return entries[-1].status
    has_label = shipment.label_path is not None or bool(shipment.data.get("label_url"))
    return "label_created" if has_label else None


def is_open(shipment: StoredShipment, now: datetime | None = None) -> bool:
    """True while the shipment may still move: not deleted, not final, not too old."""
    if shipment.deleted or (current_status(shipment) or "") in FINAL_STATUSES:
        return False
    try:
        created = datetime.fromisoformat(shipment.created_at)
    except ValueError:
        return True
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    return (now or datetime.now(UTC)) - created < OPEN_MAX_AGE


def sandbox_moves_allowed(ctx: AppContext) -> bool:
    """The sandbox endpoint exists on Packdesk's own (local) service, with a sandbox key."""
    profile = ctx.profile
    if profile is None or profile.environment != "sandbox":
        return False
    if profile.builtin_local:
        return True
    return is_loopback_host(urlsplit(profile.base_url).hostname or "")


async def record_shipment(store: ProfileStore, shipment: Any) -> StoredShipment:
    """Write a shipment answered by the service into the store (status and JSON)."""
    data = shipment.model_dump(mode="json", by_alias=True, exclude_none=True)
    status = getattr(shipment, "tracking_status", None)
    if status is None:
        events = timeline_entries(data)
        status = events[-1].status if events else None
    return await asyncio.to_thread(store.update_tracking, shipment.id, status, data)
