"""A person's sign-in at a station with a badge code or PIN, and the sign-out, audited.
The limits on wrong codes stay with the route (api/sign_in_limits.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.people import (
    IDLE_TIMEOUT_S,
    PeopleError,
    Person,
    clean_code,
    end_session,
    find_by_code,
    start_session,
)


def note_locked(session: AsyncSession, key: KeyInfo, client: str) -> None:
    """Audit the first sign-in refused by the limit at this station (the caller commits)."""
    session.add(audit.entry(key, "session.locked", client))


async def person_of_code(
    session: AsyncSession, key: KeyInfo, code: str, client: str
) -> Person | None:
    """The active person whose badge code or PIN `code` is; None when it is no one's, audited
    as a failed sign-in from `client` (the caller commits)."""
    try:
        person = await find_by_code(session, key.account_id, clean_code(code))
    except PeopleError:
        person = None
    if person is None:
        session.add(audit.entry(key, "session.failed", client))
    return person


async def start(
    session: AsyncSession, key: KeyInfo, station: str, person: Person
) -> dict[str, Any]:
    """Start the person's session at the station, audited (the caller commits): the token
    (given once), the person, station, expiry and idle time."""
    token, row = await start_session(session, person, key.key_id, station)
    started = audit.entry(key, "session.started", person.id)
    started.made_by_person, started.made_by_station = person.name, station
    session.add(started)
    return {
        "token": token,
        "person": {"id": person.id, "name": person.name, "role": person.role},
        "station": station,
        "expires_at": row.expires_at.isoformat(timespec="seconds"),
        "idle_timeout_s": IDLE_TIMEOUT_S,
    }


async def sign_out(session: AsyncSession, key: KeyInfo, token: str) -> None:
    """End the session of `token`, audited (the caller commits)."""
    await end_session(session, token)
    session.add(audit.entry(key, "session.ended", None))
