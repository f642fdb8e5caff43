"""What a station saw that the server cannot (scans, pack-check mismatches, releases),
recorded with the person and station for the packing figures."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import ServiceError
from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.people import STATION_EVENT_KINDS, StationEvent

__all__ = ["STATION_EVENT_KINDS", "record_station_event"]

# a station's clock may be a little off; further off is a mistake, not a scan
MAX_SKEW = dt.timedelta(days=1)


def _text(body: dict[str, Any], name: str, limit: int) -> str | None:
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise ServiceError(422, [f"{name}: text of at most {limit} characters"])
    return value.strip() or None


def _moment(body: dict[str, Any], now: dt.datetime) -> dt.datetime:
    if body.get("at") is None:
        return now
    try:
        at = dt.datetime.fromisoformat(str(body["at"]))
    except ValueError:
        raise ServiceError(422, ["at: a time such as 2026-11-28T09:30:00Z"]) from None
    at = at.replace(tzinfo=dt.UTC) if at.tzinfo is None else at.astimezone(dt.UTC)
    if abs(at - now) > MAX_SKEW:
        raise ServiceError(422, ["at: more than a day away from the server's time"])
    return at


async def record_station_event(
    session: AsyncSession,
    key: KeyInfo,
    kind: str,
    body: dict[str, Any],
    *,
    person: str | None,
    station: str | None,
    now: dt.datetime,
) -> dict[str, Any]:
    """Check and store an event of `kind` (one of STATION_EVENT_KINDS) and audit the decisions
    (the caller commits); its wire object. 422 in words for a field refused."""
    order_ref = _text(body, "order_ref", 255)
    reason = _text(body, "reason", 500)
    if kind == "release" and not reason:
        raise ServiceError(422, ["reason: say why the mismatch is released"])
    at = _moment(body, now)
    event = StationEvent(
        account_id=key.account_id,
        environment=key.environment,
        person=person,
        station=station,
        kind=kind,
        order_ref=order_ref,
        reason=reason,
        at=at,
    )
    session.add(event)
    if kind != "scan":
        # releases and mismatches are decisions: the audit log keeps them (scans are many)
        session.add(audit.entry(key, f"station.{kind}", order_ref))
    await session.flush()
    return {
        "id": event.id,
        "kind": kind,
        "order_ref": order_ref,
        "at": at.isoformat(timespec="seconds"),
        "person": person,
        "station": station,
    }
