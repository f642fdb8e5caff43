"""`GET /v1/reports/packing`: parcels and orders per hour per person and station."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.shipping.reports import packing_figures

router = APIRouter(prefix="/reports", tags=["reports"])


@router.get("/packing", response_model=None, responses=error_responses(401, 403, 422, 429))
async def get_packing_report(
    key: CurrentKey,
    ctx: Ctx,
    session: Session,
    since: Annotated[str | None, Query(max_length=10)] = None,
    until: Annotated[str | None, Query(max_length=10)] = None,
    per: Annotated[str, Query(max_length=4)] = "day",
) -> dict[str, Any]:
    """Figures per day or week (UTC) from `since` (default today) to `until` (default today)."""
    return await packing_figures(session, key, ctx.now().date(), since=since, until=until, per=per)
