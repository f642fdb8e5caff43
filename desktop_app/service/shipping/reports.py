"""Packing figures as the API gives them: a span of days checked, then the report."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import ServiceError
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.packing_report import PERIODS, packing_report

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


async def packing_figures(
    session: AsyncSession,
    key: KeyInfo,
    today: dt.date,
    *,
    since: str | None,
    until: str | None,
    per: str,
) -> dict[str, Any]:
    """The caller's account's figures per day or week (UTC) from `since` to `until` (each
    today when not given); 422 in words for a span refused."""
    first = parse_day("since", since, today)
    last = parse_day("until", until, today)
    if per not in PERIODS:
        raise ServiceError(422, ["per: day or week"])
    if last < first or (last - first).days >= MAX_DAYS:
        raise ServiceError(422, [f"until: on or after since, at most {MAX_DAYS} days on"])
    return await packing_report(session, key.account_id, key.environment, first, last, per)
