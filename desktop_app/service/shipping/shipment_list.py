"""The caller's shipments, filtered and paged (`GET /v1/shipments`); beside shipments.py,
which holds a shipment's making, changing and deleting."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.sanitize import sanitize_str
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping.shipments import view
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.shipments import matching_shipments

FILTER_TIME_FORMAT = "%Y%m%dT%H%MZ"
SHIPMENT_TYPES = ("prepared", "label_created")


def _time(name: str, value: str | None) -> dt.datetime | None:
    if value is None:
        return None
    try:
        return dt.datetime.strptime(value, FILTER_TIME_FORMAT).replace(tzinfo=dt.UTC)
    except ValueError:
        raise ServiceError(
            422, [f"{name}: use the form YYYYMMDDThhmmZ, e.g. 20250131T1200Z"]
        ) from None


async def list_shipments(
    session: AsyncSession,
    key: KeyInfo,
    filters: dict[str, str | None],
    base_url: str,
    *,
    created_at_gt: str | None,
    created_at_lt: str | None,
    shipment_type: str | None,
    skip: int,
    limit: int,
) -> list[dict[str, Any]]:
    """The caller's shipments, newest first, as wire objects: each filter given (column name:
    value) keeps the shipments whose field equals it; 422 in words for a filter refused."""
    # filters are sanitised like bodies, so what was stored is what matches
    equal = {name: sanitize_str(value) for name, value in filters.items() if value is not None}
    if shipment_type is not None:
        if shipment_type not in SHIPMENT_TYPES:
            raise ServiceError(422, ["shipment_type: use prepared or label_created"])
        equal["shipment_type"] = shipment_type
    rows = await matching_shipments(
        session,
        key,
        equal,
        after=_time("created_at_gt", created_at_gt),
        before=_time("created_at_lt", created_at_lt),
        skip=skip,
        limit=limit,
    )
    return [view(row, base_url) for row in rows]
