"""Tables of webhooks and their queued deliveries."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    delete,
    func,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import Base, UTCDateTime
from desktop_app.service.storage.ownership import caller_rows

# a delivery waits (pending), went through (delivered) or waits for its webhook's reactivation
PENDING, DELIVERED, STOPPED = "pending", "delivered", "stopped"


class WebhookRow(Base):
    """A webhook of one account+environment; `security` holds type, username and password."""

    __tablename__ = "webhooks"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    url: Mapped[str] = mapped_column(Text)
    event_types: Mapped[list[str]] = mapped_column(JSON)
    # Needed in clear to send basic auth with each delivery; never returned by the API.
    security: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    deactivated: Mapped[bool] = mapped_column(Boolean, default=False)
    failure_count: Mapped[int] = mapped_column(Integer, default=0)
    deactivation_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    deactivated_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index("ix_webhooks_account_env", "account_id", "environment"),)


class DeliveryRow(Base):
    """One event queued for one webhook; the worker moves it to delivered or stopped."""

    __tablename__ = "webhook_deliveries"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    event_id: Mapped[str] = mapped_column(String(36), index=True)
    # deleting a webhook drops its queued deliveries with it
    webhook_id: Mapped[str] = mapped_column(
        ForeignKey("webhooks.id", ondelete="CASCADE"), index=True
    )
    account_id: Mapped[str] = mapped_column(String(36))
    environment: Mapped[str] = mapped_column(String(16))
    event_type: Mapped[str] = mapped_column(String(80))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    # pending -> delivered | stopped (webhook deactivated or deleted)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    # set while one worker pass holds the delivery (see webhooks.DeliveryWorker._claim)
    lease_token: Mapped[str | None] = mapped_column(String(36), nullable=True, index=True)
    next_attempt_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    last_status_code: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    delivered_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)

    __table_args__ = (Index("ix_deliveries_due", "status", "next_attempt_at"),)


async def list_webhooks(
    session: AsyncSession, key: KeyInfo, *, skip: int, limit: int
) -> list[WebhookRow]:
    """The caller's webhooks, oldest first."""
    rows = await session.scalars(
        select(WebhookRow)
        .where(caller_rows(WebhookRow, key))
        .order_by(WebhookRow.created_at, WebhookRow.id)
        .offset(skip)
        .limit(limit)
    )
    return list(rows)


async def active_webhooks(
    session: AsyncSession, account_id: str, environment: str
) -> list[WebhookRow]:
    """The active webhooks of one account and environment (an event goes to those)."""
    rows = await session.scalars(
        select(WebhookRow).where(
            WebhookRow.account_id == account_id,
            WebhookRow.environment == environment,
            WebhookRow.deactivated.is_(False),
        )
    )
    return list(rows)


async def undelivered_count(session: AsyncSession, webhook_id: str) -> int:
    """How many of the webhook's events wait for delivery (pending or stopped)."""
    pending = await session.scalar(
        select(func.count())
        .select_from(DeliveryRow)
        .where(DeliveryRow.webhook_id == webhook_id, DeliveryRow.status.in_((PENDING, STOPPED)))
    )
    return int(pending or 0)


async def delete_webhook(session: AsyncSession, row: WebhookRow) -> None:
    """Delete the webhook and its undelivered events (in the caller's transaction)."""
    await session.execute(delete(DeliveryRow).where(DeliveryRow.webhook_id == row.id))
    await session.delete(row)


async def stop_pending_deliveries(session: AsyncSession, webhook_id: str) -> None:
    """Keep the webhook's pending events without sending them (until it is reactivated)."""
    await session.execute(
        update(DeliveryRow)
        .where(DeliveryRow.webhook_id == webhook_id, DeliveryRow.status == PENDING)
        .values(status=STOPPED, lease_token=None)
    )


# ------------------------------------------------------------- the delivery worker's queries


async def due_deliveries(session: AsyncSession, now: datetime, limit: int) -> list[tuple[str, str]]:
    """(delivery id, webhook id) of pending deliveries due by `now` of active webhooks, oldest
    first."""
    rows = await session.execute(
        select(DeliveryRow.id, DeliveryRow.webhook_id)
        .join(WebhookRow, WebhookRow.id == DeliveryRow.webhook_id)
        .where(
            DeliveryRow.status == PENDING,
            DeliveryRow.next_attempt_at <= now,
            WebhookRow.deactivated.is_(False),
        )
        .order_by(DeliveryRow.created_at, DeliveryRow.id)
        .limit(limit)
    )
    return [(delivery_id, webhook_id) for delivery_id, webhook_id in rows]


async def next_due_at(session: AsyncSession) -> datetime | None:
    """When the next pending delivery of an active webhook is due, or None."""
    return await session.scalar(
        select(DeliveryRow.next_attempt_at)
        .join(WebhookRow, WebhookRow.id == DeliveryRow.webhook_id)
        .where(DeliveryRow.status == PENDING, WebhookRow.deactivated.is_(False))
        .order_by(DeliveryRow.next_attempt_at)
        .limit(1)
    )


async def lease_deliveries(
    session: AsyncSession, delivery_ids: list[str], now: datetime, until: datetime, token: str
) -> list[tuple[str, dict[str, Any]]]:
    """Lease those of `delivery_ids` still pending and due under `token` until `until` (one
    UPDATE: two processes never take the same one); (id, payload) of all leased under it."""
    await session.execute(
        update(DeliveryRow)
        .where(
            DeliveryRow.id.in_(delivery_ids),
            DeliveryRow.status == PENDING,
            DeliveryRow.next_attempt_at <= now,
        )
        .values(next_attempt_at=until, lease_token=token)
    )
    rows = await session.execute(
        select(DeliveryRow.id, DeliveryRow.payload)
        .where(DeliveryRow.lease_token == token, DeliveryRow.status == PENDING)
        .order_by(DeliveryRow.created_at, DeliveryRow.id)
    )
    return [(delivery_id, dict(payload)) for delivery_id, payload in rows]


async def release_lease(session: AsyncSession, token: str, now: datetime) -> None:
    """Make the deliveries still leased under `token` due again at `now`."""
    await session.execute(
        update(DeliveryRow)
        .where(DeliveryRow.lease_token == token, DeliveryRow.status == PENDING)
        .values(lease_token=None, next_attempt_at=now)
    )


async def mark_delivered(
    session: AsyncSession, webhook_id: str, delivery_id: str, status_code: int | None, now: datetime
) -> None:
    """A delivery went through: delivered, and its webhook's failures start again at 0 (two
    plain UPDATEs, no loads)."""
    await session.execute(
        update(DeliveryRow)
        .where(DeliveryRow.id == delivery_id)
        .values(
            status=DELIVERED,
            delivered_at=now,
            attempts=DeliveryRow.attempts + 1,
            lease_token=None,
            last_status_code=status_code,
            last_error=None,
        )
    )
    await session.execute(
        update(WebhookRow)
        .where(WebhookRow.id == webhook_id, WebhookRow.failure_count != 0)
        .values(failure_count=0)
    )


async def hold_back_deliveries(
    session: AsyncSession, webhook_id: str, retry_at: datetime, token: str
) -> None:
    """The webhook's pending deliveries due before `retry_at` (and those leased under
    `token`) wait until then."""
    await session.execute(
        update(DeliveryRow)
        .where(
            DeliveryRow.webhook_id == webhook_id,
            DeliveryRow.status == PENDING,
            (DeliveryRow.next_attempt_at < retry_at) | (DeliveryRow.lease_token == token),
        )
        .values(next_attempt_at=retry_at, lease_token=None)
    )


async def resume_stopped(session: AsyncSession, webhook_id: str, now: datetime) -> int:
    """Put the deliveries a deactivation stopped back in the queue, due at `now`; how many."""
    result = await session.execute(
        update(DeliveryRow)
        .where(DeliveryRow.webhook_id == webhook_id, DeliveryRow.status == STOPPED)
        .values(status=PENDING, next_attempt_at=now)
    )
    return int(getattr(result, "rowcount", 0) or 0)


async def delete_delivered_before(session: AsyncSession, cutoff: datetime) -> int:
    """Forget deliveries that succeeded before `cutoff`; how many."""
    result = await session.execute(
        delete(DeliveryRow).where(
            DeliveryRow.status == DELIVERED, DeliveryRow.delivered_at < cutoff
        )
    )
    return int(getattr(result, "rowcount", 0) or 0)
