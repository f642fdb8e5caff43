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
from desktop_app.service.storage.ownership import caller_row, caller_rows


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


async def get_webhook(session: AsyncSession, key: KeyInfo, webhook_id: str) -> WebhookRow | None:
    """The caller's webhook (same account and environment), or None."""
    return await caller_row(session, key, WebhookRow, webhook_id)


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


async def undelivered_count(session: AsyncSession, webhook_id: str) -> int:
    """How many of the webhook's events wait for delivery (pending or stopped)."""
    pending = await session.scalar(
        select(func.count())
        .select_from(DeliveryRow)
        .where(DeliveryRow.webhook_id == webhook_id, DeliveryRow.status.in_(("pending", "stopped")))
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
        .where(DeliveryRow.webhook_id == webhook_id, DeliveryRow.status == "pending")
        .values(status="stopped")
    )
