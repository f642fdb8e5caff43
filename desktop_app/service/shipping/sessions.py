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
    clean_code,
    end_session,
    find_by_code,
    start_session,
)


def note_locked(session: AsyncSession, key: KeyInfo, client: str) -> None:
    """Audit the first sign-in refused by the limit at this station (the caller commits)."""
    session.add(audit.entry(key, "session.locked", client))


async def sign_in(
    session: AsyncSession, key: KeyInfo, station: str, code: str, client: str
) -> dict[str, Any] | None:
    """Start a session for the active person whose badge code or PIN `code` is, audited (the
    caller commits): the token (given once), the person, station, expiry and idle time.
    None when no one's code it is (audited as a failed sign-in)."""
    try:
        person = await find_by_code(session, key.account_id, clean_code(code))
    except PeopleError:
        person = None
    if person is None:
        session.add(audit.entry(key, "session.failed", client))
        return None
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
