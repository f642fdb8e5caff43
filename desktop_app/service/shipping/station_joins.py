"""Stations joining by phrase: a station asks, an admin approves or denies (audited), the
station polls for its key. A refusal is a ServiceError in words."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Awaitable
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import ServiceError
from desktop_app.service.storage import audit, station_joins
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.attempt_windows import Limit, Refusal
from desktop_app.service.storage.station_joins import JoinError

Answer = TypeVar("Answer")
# join requests per client address and per station name in this window
PER_ADDRESS, PER_STATION, WINDOW_SECONDS = 5, 3, 600.0
ADDRESS_BUCKET, NAME_BUCKET = "join:address:", "join:station:"


def join_limits(address: str, station: str) -> dict[str, Limit]:
    """The windows a join request counts in: its address's and its station name's."""
    name = " ".join(station.split()).casefold()[:100]
    return {
        ADDRESS_BUCKET + address: Limit(PER_ADDRESS, WINDOW_SECONDS),
        NAME_BUCKET + name: Limit(PER_STATION, WINDOW_SECONDS),
    }


def too_many_join_requests(refused: Refusal) -> ServiceError:
    """The 429 in words, with Retry-After, for a join request its window refused."""
    what = "from this address"
    if refused.bucket.startswith(NAME_BUCKET):
        what = "for this station name"
    minutes = max(1, math.ceil(refused.wait_s / 60))
    unit = "minute" if minutes == 1 else "minutes"
    return ServiceError(
        429,
        [f"too many join requests {what}: try again in {minutes} {unit}"],
        {"Retry-After": str(max(1, refused.wait_s))},
    )


async def _answered(step: Awaitable[Answer]) -> Answer:
    try:
        return await step
    except JoinError as exc:
        raise ServiceError(exc.status, [exc.message]) from None


async def ask_to_join(
    session: AsyncSession, station: str, address: str, now: dt.datetime
) -> dict[str, str]:
    """Store a station's request to join (the caller commits): its phrase, expiry and poll
    secret, shown once."""
    made = await _answered(station_joins.create_request(session, station, address, now))
    return made.as_json()


async def list_join_requests(
    session: AsyncSession, now: dt.datetime, status: str | None
) -> list[dict[str, Any]]:
    """The requests of `status` (None: all), oldest first."""
    return await station_joins.list_requests(session, now, status)


async def poll_join_request(
    session: AsyncSession, request_id: str, secret: str, now: dt.datetime
) -> dict[str, Any]:
    """The station's poll by its secret: its status; its key once, at the first poll after the
    approval (the caller commits)."""
    return await _answered(station_joins.poll(session, request_id, secret, now))


async def approve_join_request(
    session: AsyncSession,
    admin: KeyInfo,
    request_id: str,
    phrase: str,
    *,
    decided_by: str,
    now: dt.datetime,
) -> dict[str, Any]:
    """Approve by the phrase the station shows, for the admin's account and environment,
    audited (the caller commits)."""
    body = await _answered(
        station_joins.approve(
            session,
            request_id,
            phrase,
            account_id=admin.account_id,
            environment=admin.environment,
            decided_by=decided_by,
            now=now,
        )
    )
    session.add(audit.entry(admin, "station.join_approved", request_id))
    return body


async def deny_join_request(
    session: AsyncSession, admin: KeyInfo, request_id: str, *, decided_by: str, now: dt.datetime
) -> dict[str, Any]:
    """Deny a waiting station, audited (the caller commits); it is told at its next poll."""
    body = await _answered(station_joins.deny(session, request_id, decided_by=decided_by, now=now))
    session.add(audit.entry(admin, "station.join_denied", request_id))
    return body
