"""The pickup requests table."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.db import Base, UTCDateTime


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
