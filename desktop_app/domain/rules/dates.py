"""The day a shipment leaves, for the rules that depend on it (Saturday delivery only for
parcels sent on a Friday): a clock, and the pickup's day when one is booked."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from desktop_app.domain.rules.checks import parse_datetime

Clock = Callable[[], datetime]
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
FRIDAY = 4


def local_now() -> datetime:
    """Now in this machine's time zone: the packing desk's day decides the ship date."""
    return datetime.now().astimezone()


def ship_date(d: dict[Any, Any], clock: Clock) -> tuple[date, bool]:
    """The day the parcel leaves: the pickup's earliest time when given, else today."""
    pickup = d.get("pickup")
    if isinstance(pickup, dict) and isinstance(pickup.get("pickup_time"), dict):
        earliest = pickup["pickup_time"].get("earliest")
        parsed = parse_datetime(earliest.strip()) if isinstance(earliest, str) else None
        if parsed is not None:
            return parsed.date(), True
    return clock().date(), False
