"""`GET /v1/audit_log` (a local extension): the caller's own account's entries, newest first.

A key sees the entries of its account and environment only: another account's actions, and
its own account's other environment, never show.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from desktop_app.service.api.deps import CurrentKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.errors import ServiceError
from desktop_app.service.storage import audit

router = APIRouter(prefix="/audit_log", tags=["audit log"])

Since = Annotated[
    str | None,
    Query(max_length=40, description="Entries at or after this time (ISO 8601, UTC if bare)."),
]
Action = Annotated[
    str | None,
    Query(max_length=40, description="Only this action, or a family such as shipment.*"),
]


@router.get("", response_model=None, responses=error_responses(401, 422, 429))
async def list_audit_log(
    key: CurrentKey,
    session: Session,
    since: Since = None,
    action: Action = None,
    page: Page = 1,
    per_page: PerPage = 100,
) -> list[dict[str, Any]]:
    """Who did what in the caller's account (this environment): time, key, action, object."""
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
        limit=per_page,
        offset=offset(page, per_page),
    )
    return [audit.entry_json(row) for row in rows]
