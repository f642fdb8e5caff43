"""Paging over the wrapped list endpoints (`page`, `per_page`, at most 100 a page)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Any, TypeVar

T = TypeVar("T")

MAX_PER_PAGE = 100


def api_timestamp(value: datetime | str | None) -> str | None:
    """A `created_at_gt/lt` filter value: `YYYYMMDDThhmmZ` in UTC (strings pass through)."""
    if value is None or isinstance(value, str):
        return value
    if value.tzinfo is None:
        raise ValueError("filter timestamps must carry a time zone")
    return value.astimezone(UTC).strftime("%Y%m%dT%H%MZ")


async def iterate_pages(
    fetch: Callable[[int, int], Awaitable[list[T]]],
    *,
    per_page: int = MAX_PER_PAGE,
    start_page: int = 1,
    limit: int | None = None,
) -> AsyncIterator[T]:
    """Yield the items of page after page until a short page (or `limit` items)."""
    per_page = max(1, min(MAX_PER_PAGE, per_page))
    page = start_page
    count = 0
    while True:
        items = await fetch(page, per_page)
        for item in items:
            yield item
            count += 1
            if limit is not None and count >= limit:
                return
        if len(items) < per_page:
            return
        page += 1


def query(params: Mapping[str, Any]) -> dict[str, Any]:
    """Drop unset filters; booleans as the service expects them."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if value is None:
            continue
        out[key] = ("true" if value else "false") if isinstance(value, bool) else value
    return out
