"""Tables of manifests and the shipments each hands over."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, LargeBinary, String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import Base, new_uuid, utcnow
from desktop_app.service.storage.made_by import MadeBy
from desktop_app.service.storage.ownership import caller_rows, newest_first
from desktop_app.service.storage.shipments import ShipmentRow


class ManifestRow(MadeBy, Base):
    """An end-of-day manifest of one carrier: the wire object (without URLs) in `body`."""

    __tablename__ = "manifests"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    carrier: Mapped[str] = mapped_column(String(32))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    # the manifest PDF, reachable without a key through an unguessable token (like labels)
    document_token: Mapped[str] = mapped_column(String(64), unique=True)
    document: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (
        Index("ix_manifests_owner_created", "account_id", "environment", "created_at"),
    )


class ManifestShipmentRow(Base):
    """A shipment handed over with a manifest: one manifest per shipment."""

    __tablename__ = "manifest_shipments"

    shipment_id: Mapped[str] = mapped_column(
        ForeignKey("shipments.id", ondelete="CASCADE"), primary_key=True
    )
    manifest_id: Mapped[str] = mapped_column(ForeignKey("manifests.id", ondelete="CASCADE"))

    __table_args__ = (Index("ix_manifest_shipments_manifest", "manifest_id"),)


async def matching_manifests(
    session: AsyncSession, key: KeyInfo, carrier: str | None, *, skip: int, limit: int
) -> list[ManifestRow]:
    """The caller's manifests, newest first (of one carrier when given)."""
    query = select(ManifestRow).where(caller_rows(ManifestRow, key))
    if carrier is not None:
        query = query.where(ManifestRow.carrier == carrier)
    rows = await session.scalars(newest_first(query, ManifestRow, skip=skip, limit=limit))
    return list(rows)


async def manifest_by_document_token(session: AsyncSession, token: str) -> ManifestRow | None:
    """The manifest whose PDF this download token names, or None."""
    return await session.scalar(select(ManifestRow).where(ManifestRow.document_token == token))


async def unmanifested_shipments(
    session: AsyncSession, key: KeyInfo, carrier: str, since: dt.datetime | None = None
) -> list[ShipmentRow]:
    """The caller's labelled shipments of `carrier` on no manifest yet, returns left out,
    oldest first; with `since` only those created since then."""
    query = select(ShipmentRow).where(
        caller_rows(ShipmentRow, key),
        ShipmentRow.carrier == carrier,
        ShipmentRow.shipment_type == "label_created",
        ShipmentRow.service != "returns",
        ShipmentRow.id.not_in(select(ManifestShipmentRow.shipment_id)),
    )
    if since is not None:
        query = query.where(ShipmentRow.created_at >= since)
    rows = await session.scalars(query.order_by(ShipmentRow.created_at, ShipmentRow.id))
    return list(rows)


async def manifests_of_shipments(session: AsyncSession, ids: list[str]) -> dict[str, str]:
    """Shipment id -> id of the manifest that handed it over, for those of `ids` on one."""
    links = await session.scalars(
        select(ManifestShipmentRow).where(ManifestShipmentRow.shipment_id.in_(ids))
    )
    return {link.shipment_id: link.manifest_id for link in links}
