"""Shop orders as the service keeps them: checks, the wire object, time filters."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.models import OrderCreate
from desktop_app.domain.rules import validate_order
from desktop_app.domain.sanitize import sanitize_str
from desktop_app.service.errors import ServiceError, checked
from desktop_app.service.storage import audit, orders
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
    """Check and store an order, audited (the caller commits); its wire object. The rules and
    the model of up to 500 line items take tens of milliseconds: in `checks` when it is large."""
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
    session.add(audit.entry(key, "order.created", order_id))
    await session.flush()
    return body


async def get_order_row(session: AsyncSession, key: KeyInfo, order_id: str) -> OrderRow:
    """The caller's order (same account and environment), else 404."""
    return await owned_row(session, key, OrderRow, order_id, "order")


async def get_order(session: AsyncSession, key: KeyInfo, order_id: str) -> dict[str, Any]:
    """The caller's order as its wire object, else 404."""
    return (await get_order_row(session, key, order_id)).body


async def list_orders(
    session: AsyncSession,
    key: KeyInfo,
    *,
    external_order_id: str | None,
    external_customer_id: str | None,
    created_at_gt: str | None,
    created_at_lt: str | None,
    skip: int,
    limit: int,
) -> list[dict[str, Any]]:
    """The caller's orders, newest first, as wire objects; each filter given keeps the orders
    it matches (texts sanitised as bodies are, so what was stored is what matches)."""
    rows = await orders.list_orders(
        session,
        key,
        external_order_id=None if external_order_id is None else sanitize_str(external_order_id),
        external_customer_id=(
            None if external_customer_id is None else sanitize_str(external_customer_id)
        ),
        after=parse_time_filter("created_at_gt", created_at_gt),
        before=parse_time_filter("created_at_lt", created_at_lt),
        skip=skip,
        limit=limit,
    )
    return [row.body for row in rows]


async def delete_order(session: AsyncSession, key: KeyInfo, order_id: str) -> None:
    """Delete one of the caller's orders, audited (the caller commits); 404 when not theirs."""
    row = await get_order_row(session, key, order_id)
    await orders.delete_order(session, row)
    session.add(audit.entry(key, "order.deleted", row.id))


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
