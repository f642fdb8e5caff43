"""ORM tables of webhooks, queued deliveries, the mail outbox, pickup requests and routing rules."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from desktop_app.service.storage.db import Base


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes on every backend (SQLite hands back naive values otherwise)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:  # noqa: ARG002
        """Store UTC; naive input is taken as UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:  # noqa: ARG002
        """Read back as aware UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


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


class MailRow(Base):
    """An e-mail the service sent (SMTP) or kept in its outbox (no SMTP configured)."""

    __tablename__ = "mail_outbox"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    to_address: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    # outbox (kept here only), sent (handed to SMTP), failed (SMTP refused; kept here)
    status: Mapped[str] = mapped_column(String(16), default="outbox")
    error: Mapped[str | None] = mapped_column(Text, nullable=True)


class PickupRequestRow(Base):
    """A pickup request of one account+environment."""

    __tablename__ = "pickup_requests"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    carrier: Mapped[str] = mapped_column(String(32))
    carrier_pickup_number: Mapped[str] = mapped_column(String(64))
    pickup_time: Mapped[dict[str, Any]] = mapped_column(JSON)
    pickup_address: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    shipments: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        Index("ix_pickups_account_env_created", "account_id", "environment", "created_at"),
    )


class RoutingRuleRow(Base):
    """A routing rule tree of one account+environment (the request body as stored)."""

    __tablename__ = "routing_rules"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    # evaluation order: rules are applied in creation order
    position: Mapped[int] = mapped_column(Integer)
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index("ix_rules_account_env", "account_id", "environment", "position"),)
