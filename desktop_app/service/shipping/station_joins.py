"""Stations joining by phrase: a station asks, an admin approves or denies (audited), the
station polls for its key. A refusal is a ServiceError in words (station_join_rules.py).

The station's key is made at its first poll after the approval (named after the station, as
`accounts add-key` makes them), so no key exists before the station takes it and none is ever
stored in plain: the key store keeps its hash only."""

from __future__ import annotations

import datetime as dt
import math
import secrets
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping import station_join_rules as rules
from desktop_app.service.storage import audit, station_joins
from desktop_app.service.storage.accounts import AccountError, KeyInfo
from desktop_app.service.storage.attempt_windows import Limit, Refusal
from desktop_app.service.storage.db import PRODUCTION
from desktop_app.service.storage.station_joins import APPROVED, DENIED, StationJoinRequest
from desktop_app.service.storage.station_keys import add_station_keys, clean_name, key_listing

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


async def ask_to_join(
    session: AsyncSession, station: str, address: str, now: dt.datetime
) -> dict[str, str]:
    """Store a station's request to join with a phrase no other pending request shows (the
    caller commits): its phrase, expiry and poll secret, shown once."""
    try:
        station = clean_name(station)
    except AccountError:
        raise ServiceError(422, "a station's name is 1 to 100 letters, digits or spaces") from None
    await station_joins.drop_old_requests(session, now)
    phrase = rules.unshown_phrase(await station_joins.shown_phrases(session, now))
    secret = secrets.token_urlsafe(32)
    made = await station_joins.add_request(session, station, phrase, secret, address, now)
    return rules.new_request_json(made)


async def list_join_requests(
    session: AsyncSession, now: dt.datetime, status: str | None = station_joins.PENDING
) -> list[dict[str, Any]]:
    """The requests of `status` (pending by default; None: all kept), oldest first."""
    listed = [rules.request_json(row, now) for row in await station_joins.request_rows(session)]
    return [item for item in listed if status is None or item["status"] == status]


async def poll_join_request(
    session: AsyncSession, request_id: str, secret: str, now: dt.datetime
) -> dict[str, Any]:
    """The station's poll by its secret: its status; its key once, at the first poll after the
    approval (exactly once: a second poll, even at the same time, gets none; the caller
    commits)."""
    row = await station_joins.request_by_secret(session, request_id, secret)
    if row is None:
        raise ServiceError(404, rules.NO_SUCH_REQUEST)
    answer = rules.poll_json(row, now)
    if row.status != APPROVED or row.account_id is None or row.environment is None:
        return answer
    if not await station_joins.take_approved(session, row.id):
        return answer  # another poll took it
    email = await station_joins.account_email(session, row.account_id)
    if email is None:
        raise ServiceError(409, "the account that approved this station is gone: ask again")
    try:
        made = await add_station_keys(session, email, row.station, (row.environment,))
    except AccountError as exc:
        raise ServiceError(409, f"{exc}: ask again under another name") from None
    session.add(
        audit.entry_by(
            row.station,
            "station.key_handed_over",
            row.id,
            account_id=row.account_id,
            environment=row.environment,
        )
    )
    answer["key"] = {
        "key": made.keys[row.environment],
        "name": made.name,
        "environment": "live" if row.environment == PRODUCTION else "sandbox",
    }
    return answer


async def _undecided_row(
    session: AsyncSession, request_id: str, now: dt.datetime
) -> StationJoinRequest:
    row = await station_joins.request_row(session, request_id)
    if row is None:
        raise ServiceError(404, rules.NO_SUCH_REQUEST)
    rules.check_undecided(row, now)
    return row


async def approve_request(
    session: AsyncSession,
    request_id: str,
    phrase: str,
    *,
    account_id: str,
    environment: str,
    decided_by: str,
    now: dt.datetime,
) -> dict[str, Any]:
    """Approve a pending request whose phrase matches, for `account_id` in `environment`
    ("live"/"sandbox"); the station's key comes at its poll (the caller audits and commits)."""
    row = await _undecided_row(session, request_id, now)
    rules.check_phrase(phrase, row)
    rules.check_name_free(row.station, await key_listing(session, account_id))
    await station_joins.store_decision(
        session,
        row,
        APPROVED,
        decided_by=decided_by,
        now=now,
        account_id=account_id,
        environment=rules.environment_name(environment),
    )
    return rules.request_json(row, now)


async def deny_request(
    session: AsyncSession, request_id: str, *, decided_by: str, now: dt.datetime
) -> dict[str, Any]:
    """Deny a pending request; its station is told at its next poll (the caller audits and
    commits)."""
    row = await _undecided_row(session, request_id, now)
    await station_joins.store_decision(session, row, DENIED, decided_by=decided_by, now=now)
    return rules.request_json(row, now)


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
    body = await approve_request(
        session,
        request_id,
        phrase,
        account_id=admin.account_id,
        environment=admin.environment,
        decided_by=decided_by,
        now=now,
    )
    session.add(audit.entry(admin, "station.join_approved", request_id))
    return body


async def deny_join_request(
    session: AsyncSession, admin: KeyInfo, request_id: str, *, decided_by: str, now: dt.datetime
) -> dict[str, Any]:
    """Deny a waiting station, audited (the caller commits); it is told at its next poll."""
    body = await deny_request(session, request_id, decided_by=decided_by, now=now)
    session.add(audit.entry(admin, "station.join_denied", request_id))
    return body
