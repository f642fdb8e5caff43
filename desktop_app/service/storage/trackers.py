"""The trackers table: shipments of other services followed by tracking number."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import Base, new_uuid, utcnow
from desktop_app.service.storage.ownership import caller_rows, newest_first


class TrackerRow(Base):
    """A tracker: a carrier's tracking number followed like a shipment (the wire object in
    `body`, its own sandbox events included)."""

    __tablename__ = "trackers"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    carrier: Mapped[str] = mapped_column(String(32))
    carrier_tracking_no: Mapped[str] = mapped_column(String(64))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (
        Index("ix_trackers_owner_created", "account_id", "environment", "created_at"),
    )


async def list_trackers(
    session: AsyncSession, key: KeyInfo, *, skip: int, limit: int
) -> list[TrackerRow]:
    """The caller's trackers, newest first."""
    rows = await session.scalars(
        newest_first(
            select(TrackerRow).where(caller_rows(TrackerRow, key)),
            TrackerRow,
            skip=skip,
            limit=limit,
        )
    )
    return list(rows)
