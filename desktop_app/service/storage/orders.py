"""The orders table: shop orders the desk works through."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, String, delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import Base, new_uuid, utcnow
from desktop_app.service.storage.ownership import caller_rows, newest_first


class OrderRow(Base):
    """A shop order: the wire object in `body`, filterable fields as columns."""

    __tablename__ = "orders"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    external_order_id: Mapped[str | None] = mapped_column(String(255), nullable=True)
    external_customer_id: Mapped[str | None] = mapped_column(String(255), nullable=True)
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (
        Index("ix_orders_owner_created", "account_id", "environment", "created_at"),
        Index("ix_orders_external", "account_id", "environment", "external_order_id"),
    )


async def list_orders(
    session: AsyncSession,
    key: KeyInfo,
    *,
    external_order_id: str | None,
    external_customer_id: str | None,
    after: dt.datetime | None,
    before: dt.datetime | None,
    skip: int,
    limit: int,
) -> list[OrderRow]:
    """The caller's orders, newest first; each filter given keeps the orders it matches."""
    query = select(OrderRow).where(caller_rows(OrderRow, key))
    if external_order_id is not None:
        query = query.where(OrderRow.external_order_id == external_order_id)
    if external_customer_id is not None:
        query = query.where(OrderRow.external_customer_id == external_customer_id)
    if after is not None:
        query = query.where(OrderRow.created_at > after)
    if before is not None:
        query = query.where(OrderRow.created_at < before)
    rows = await session.scalars(newest_first(query, OrderRow, skip=skip, limit=limit))
    return list(rows)


async def delete_order(session: AsyncSession, row: OrderRow) -> None:
    """Delete the order (in the caller's transaction)."""
    await session.execute(delete(OrderRow).where(OrderRow.id == row.id))
