"""The routing rules table."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import Base, UTCDateTime
from desktop_app.service.storage.ownership import caller_rows


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


async def rule_count_and_last_position(session: AsyncSession, key: KeyInfo) -> tuple[int, int]:
    """How many rules the caller has, and the highest position (0 without rules)."""
    count, last = (
        await session.execute(
            select(func.count(), func.max(RoutingRuleRow.position)).where(
                caller_rows(RoutingRuleRow, key)
            )
        )
    ).one()
    return int(count), int(last or 0)


async def list_rules(
    session: AsyncSession, key: KeyInfo, *, skip: int = 0, limit: int | None = None
) -> list[RoutingRuleRow]:
    """The caller's rules in evaluation order (all of them without `limit`)."""
    query = (
        select(RoutingRuleRow)
        .where(caller_rows(RoutingRuleRow, key))
        .order_by(RoutingRuleRow.position)
    )
    if skip or limit is not None:
        query = query.offset(skip).limit(limit)
    return list(await session.scalars(query))


async def delete_rule(session: AsyncSession, row: RoutingRuleRow) -> None:
    """Delete the rule (in the caller's transaction)."""
    await session.delete(row)
