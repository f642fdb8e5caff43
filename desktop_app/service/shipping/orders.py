"""Shop orders as the service keeps them: checks, the wire object, time filters."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.models import OrderCreate
from desktop_app.domain.rules import validate_order
from desktop_app.service.errors import ServiceError, checked
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import new_uuid
from desktop_app.service.storage.orders import OrderRow
from desktop_app.service.storage.ownership import owned_row
from desktop_app.service.workers import WorkerPool

TIME_FILTER_HELP = "a date (YYYY-MM-DD), YYYYMMDDThhmmZ or an ISO 8601 time, in UTC unless it says"


def check_order(draft: Any) -> OrderCreate:
    """Domain rules, then the strict model; 422 with `path: message` strings."""
    return checked(OrderCreate, validate_order(draft), draft)


def order_body(order: OrderCreate, order_id: str, created_at: dt.datetime) -> dict[str, Any]:
    """The wire object (`order_with_id`): ids on the order, its address and each line; empty
    optional fields left out, as the real service."""
    body: dict[str, Any] = {"id": order_id, **order.to_wire()}
    address = body.get("delivery_address")
    if isinstance(address, dict):
        body["delivery_address"] = {"id": new_uuid(), **address}
    body["order_line_items"] = [{"id": new_uuid(), **item} for item in body["order_line_items"]]
    body["created_at"] = created_at.astimezone(dt.UTC).isoformat(timespec="seconds")
    return body


# orders with more line items are checked in the body-check worker
INLINE_LINE_ITEMS = 20


def _checked_body(
    draft: Any, order_id: str, now: dt.datetime
) -> tuple[OrderCreate, dict[str, Any]]:
    order = check_order(draft)
    return order, order_body(order, order_id, now)


async def create_order(
    session: AsyncSession, key: KeyInfo, draft: Any, now: dt.datetime, checks: WorkerPool
) -> dict[str, Any]:
    """Check and store an order (the caller commits); its wire object. The rules and the model
    of up to 500 line items take tens of milliseconds: in `checks` when it is large."""
    order_id = new_uuid()
    items = draft.get("order_line_items") if isinstance(draft, dict) else None
    if isinstance(items, list) and len(items) > INLINE_LINE_ITEMS:
        order, body = await checks.run(_checked_body, draft, order_id, now)
    else:
        order, body = _checked_body(draft, order_id, now)
    session.add(
        OrderRow(
            id=order_id,
            account_id=key.account_id,
            environment=key.environment,
            external_order_id=order.external_order_id,
            external_customer_id=order.external_customer_id,
            body=body,
            created_at=now,
        )
    )
    await session.flush()
    return body


async def get_order_row(session: AsyncSession, key: KeyInfo, order_id: str) -> OrderRow:
    """The caller's order (same account and environment), else 404."""
    return await owned_row(session, key, OrderRow, order_id, "order")


def parse_time_filter(name: str, value: str | None) -> dt.datetime | None:
    """A `created_at_gt/lt` value: a date (its midnight UTC), `YYYYMMDDThhmmZ` (the shipments'
    filter form) or an ISO 8601 time (UTC when it has no offset); 422 otherwise."""
    if value is None:
        return None
    text = value.strip()
    for form in ("%Y%m%dT%H%MZ", "%Y-%m-%d"):
        try:
            return dt.datetime.strptime(text, form).replace(tzinfo=dt.UTC)
        except ValueError:
            pass
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        raise ServiceError(422, [f"{name}: use {TIME_FILTER_HELP}"]) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
