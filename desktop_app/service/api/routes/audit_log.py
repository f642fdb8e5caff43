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
from desktop_app.service.shipping import audit_log

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
    return await audit_log.list_audit_log(
        session, key, since=since, action=action, skip=offset(page, per_page), limit=per_page
    )
