"""Stored addresses: their rows, wire body and queries."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.domain.models.address import ADDRESS_FIELDS
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import Base, new_uuid, utcnow
from desktop_app.service.storage.ownership import caller_rows, newest_first


class AddressRow(Base):
    """A stored address (the wire object in `body`, its id included)."""

    __tablename__ = "addresses"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (Index("ix_addresses_owner", "account_id", "environment", "created_at"),)


#: Fields the reference OpenAPI's `address_with_id` requires: present, null when unused.
ALWAYS_SHOWN = frozenset({"company", "first_name", "last_name", "care_of", "state", "street_no"})


def address_body(address_id: str, fields: dict[str, Any]) -> dict[str, Any]:
    """The wire object as the real service answers it: `id`, the fields `address_with_id`
    requires (null when unused), every other field only when given (`phone` and `email` are
    not nullable there), `partner_id` for a parcel point."""
    body: dict[str, Any] = {"id": address_id}
    for name in (*ADDRESS_FIELDS, "partner_id"):
        value = fields.get(name)
        if value is not None or name in ALWAYS_SHOWN:
            body[name] = value
    return body


async def add_address(session: AsyncSession, key: KeyInfo, fields: Mapping[str, Any]) -> AddressRow:
    """Store checked address `fields` as the caller's; the caller commits."""
    address_id = new_uuid()
    row = AddressRow(
        id=address_id,
        account_id=key.account_id,
        environment=key.environment,
        body=address_body(address_id, dict(fields)),
    )
    session.add(row)
    await session.flush()
    return row


async def get_address_row(
    session: AsyncSession, key: KeyInfo, address_id: str
) -> AddressRow | None:
    """The caller's stored address (same account and environment), or None."""
    if len(address_id) > 64:
        return None
    return await session.scalar(
        select(AddressRow).where(
            AddressRow.id == address_id,
            caller_rows(AddressRow, key),
        )
    )


async def matching_addresses(
    session: AsyncSession, key: KeyInfo, filters: Mapping[str, str], *, skip: int, limit: int
) -> list[AddressRow]:
    """The caller's addresses, newest first, whose fields equal `filters` (field: value)."""
    query = select(AddressRow).where(caller_rows(AddressRow, key))
    for name, value in filters.items():
        query = query.where(AddressRow.body[name].as_string() == value)
    rows = await session.scalars(newest_first(query, AddressRow, skip=skip, limit=limit))
    return list(rows)
