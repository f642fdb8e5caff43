"""The pickup requests table."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import Base, UTCDateTime
from desktop_app.service.storage.made_by import MadeBy
from desktop_app.service.storage.ownership import caller_rows, newest_first
from desktop_app.service.storage.shipments import ShipmentRow


class PickupRequestRow(MadeBy, Base):
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


async def open_shipments(
    session: AsyncSession, key: KeyInfo, carrier: str, limit: int
) -> list[ShipmentRow]:
    """The caller's labelled, not yet picked up, outgoing shipments of this carrier, oldest
    first."""
    rows = await session.scalars(
        select(ShipmentRow)
        .where(
            caller_rows(ShipmentRow, key),
            ShipmentRow.carrier == carrier,
            ShipmentRow.service != "returns",
            ShipmentRow.shipment_type == "label_created",
            (ShipmentRow.tracking_status.is_(None))
            | (ShipmentRow.tracking_status == "label_created"),
        )
        .order_by(ShipmentRow.created_at)
        .limit(limit)
    )
    return list(rows)


async def list_pickup_requests(
    session: AsyncSession, key: KeyInfo, *, skip: int, limit: int
) -> list[PickupRequestRow]:
    """The caller's pickup requests, newest first."""
    query = select(PickupRequestRow).where(caller_rows(PickupRequestRow, key))
    rows = await session.scalars(newest_first(query, PickupRequestRow, skip=skip, limit=limit))
    return list(rows)
