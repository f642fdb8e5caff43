"""`GET /v1/reports/packing`: parcels and orders per hour per person and station."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Query

from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.errors import ServiceError
from desktop_app.service.storage.packing_report import PERIODS, packing_report

router = APIRouter(prefix="/reports", tags=["reports"])
# a year of days is plenty for one answer
MAX_DAYS = 366


def parse_day(name: str, text: str | None, default: dt.date) -> dt.date:
    """A `YYYY-MM-DD` query value, else 422 in words."""
    if text is None:
        return default
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ServiceError(422, [f"{name}: a day such as 2026-11-28"]) from None


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
    today = ctx.now().date()
    first = parse_day("since", since, today)
    last = parse_day("until", until, today)
    if per not in PERIODS:
        raise ServiceError(422, ["per: day or week"])
    if last < first or (last - first).days >= MAX_DAYS:
        raise ServiceError(422, [f"until: on or after since, at most {MAX_DAYS} days on"])
    return await packing_report(session, key.account_id, key.environment, first, last, per)
