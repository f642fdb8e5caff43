"""The audit log as a key reads it: its own account's entries in its own environment."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import ServiceError
from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import KeyInfo


async def list_audit_log(
    session: AsyncSession,
    key: KeyInfo,
    *,
    since: str | None,
    action: str | None,
    skip: int,
    limit: int,
) -> list[dict[str, Any]]:
    """The caller's account's entries (this environment), newest first, as wire objects;
    a `since` that is no time is a 422 in words."""
    try:
        start = audit.parse_since(since) if since is not None else None
    except ValueError as exc:
        raise ServiceError(422, [str(exc)]) from None
    rows = await audit.list_entries(
        session,
        account_id=key.account_id,
        environment=key.environment,
        since=start,
        action=action,
        limit=limit,
        offset=skip,
    )
    return [audit.entry_json(row) for row in rows]
