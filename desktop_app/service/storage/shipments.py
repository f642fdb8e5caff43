"""Tables of shipments, their label files and their documents (uploaded invoices, customs
papers)."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    delete,
    select,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import SANDBOX, Base, new_hex_id, new_uuid, utcnow
from desktop_app.service.storage.made_by import MadeBy
from desktop_app.service.storage.ownership import caller_rows, newest_first
from desktop_app.service.storage.sqlite_reads import SqliteReads


class ShipmentRow(MadeBy, Base):
    """A shipment: the wire object in `body`, filterable fields as columns."""

    __tablename__ = "shipments"
    # where the API answers it: a repeated create (Idempotency-Key) whose answer was lost
    api_path: ClassVar[str] = "/v1/shipments/{id}"

    id: Mapped[str] = mapped_column(String(40), primary_key=True, default=new_hex_id)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    carrier: Mapped[str] = mapped_column(String(32))
    service: Mapped[str] = mapped_column(String(64))
    reference_number: Mapped[str | None] = mapped_column(String(255), nullable=True)
    carrier_tracking_no: Mapped[str | None] = mapped_column(String(64), nullable=True)
    tracking_status: Mapped[str | None] = mapped_column(String(64), nullable=True)
    shipment_type: Mapped[str] = mapped_column(String(16), default="prepared")
    # the request as stored (sanitised), to rebuild on update
    request: Mapped[dict[str, Any]] = mapped_column(JSON)
    # the response object without URLs (label URLs are built per request from tokens)
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )
    # optimistic lock so concurrent updates do not overwrite each other silently
    version: Mapped[int] = mapped_column(Integer, default=1)

    __table_args__ = (
        Index("ix_shipments_owner_created", "account_id", "environment", "created_at"),
        Index("ix_shipments_reference", "account_id", "environment", "reference_number"),
        Index("ix_shipments_tracking_no", "account_id", "environment", "carrier_tracking_no"),
    )
    __mapper_args__ = {"version_id_col": version}


class LabelFile(MadeBy, Base):
    """Label bytes reachable without a key through an unguessable token."""

    __tablename__ = "label_files"

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    shipment_id: Mapped[str] = mapped_column(ForeignKey("shipments.id", ondelete="CASCADE"))
    # None for the whole-shipment label, else the package it belongs to
    package_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    account_id: Mapped[str] = mapped_column(String(36))
    label_format: Mapped[str] = mapped_column(String(64))
    media_type: Mapped[str] = mapped_column(String(64))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (Index("ix_label_files_shipment", "shipment_id"),)


def new_label_token() -> str:
    """192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


#: The kind of a generated customs document (CN23/CN22 with the invoice), never listed
#: among the uploads: its URL is the declaration's `carrier_declaration_document_url`.
CARRIER_DECLARATION = "carrier_declaration"


class ShipmentDocumentRow(Base):
    """A document of a shipment: uploaded (commercial or proforma invoice) or generated (the
    carrier's customs declaration); its bytes reachable by an unguessable token."""

    __tablename__ = "shipment_documents"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    shipment_id: Mapped[str] = mapped_column(ForeignKey("shipments.id", ondelete="CASCADE"))
    account_id: Mapped[str] = mapped_column(String(36))
    document_type: Mapped[str] = mapped_column(String(32))
    document_format: Mapped[str] = mapped_column(String(8))
    token: Mapped[str] = mapped_column(String(64), unique=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (Index("ix_shipment_documents_shipment", "shipment_id", "created_at"),)


async def own_shipments_by_id(
    session: AsyncSession, key: KeyInfo, ids: Sequence[str]
) -> dict[str, ShipmentRow]:
    """The caller's shipments among `ids`, by id (ids of others' shipments are left out)."""
    rows = await session.scalars(
        select(ShipmentRow).where(
            ShipmentRow.id.in_(ids),
            caller_rows(ShipmentRow, key),
        )
    )
    return {row.id: row for row in rows}


_LABEL_FILE_SQL = (
    f"SELECT shipment_id, label_format, media_type, data FROM {LabelFile.__tablename__}"
    " WHERE token = ? LIMIT 1"
)


async def label_download(
    reads: SqliteReads | None, session: AsyncSession, token: str
) -> tuple[str, str, str, bytes] | None:
    """(shipment id, format, media type, bytes) of the label file with `token`, else None.

    One statement on SQLite's dedicated read connection (every label is downloaded once at
    least, right after its create); a session otherwise.
    """
    rows = await reads.fetch(_LABEL_FILE_SQL, (token,)) if reads is not None else None
    if rows is not None:
        return rows[0] if rows else None
    row = await session.scalar(select(LabelFile).where(LabelFile.token == token))
    return None if row is None else (row.shipment_id, row.label_format, row.media_type, row.data)


async def shipment_by_id(session: AsyncSession, shipment_id: str) -> ShipmentRow | None:
    """Any account's shipment by its id (for the public tracking page), or None."""
    return await session.scalar(select(ShipmentRow).where(ShipmentRow.id == shipment_id))


async def shipment_by_tracking_number(
    session: AsyncSession, key: KeyInfo, carrier: str, number: str
) -> ShipmentRow | None:
    """The caller's shipment with this carrier's tracking number, or None."""
    return await session.scalar(
        select(ShipmentRow).where(
            caller_rows(ShipmentRow, key),
            ShipmentRow.carrier == carrier,
            ShipmentRow.carrier_tracking_no == number,
        )
    )


async def shipment_documents(session: AsyncSession, shipment_id: str) -> list[ShipmentDocumentRow]:
    """The shipment's documents as the API lists them (not the carrier's declaration), oldest
    first."""
    found = await session.scalars(
        select(ShipmentDocumentRow)
        .where(
            ShipmentDocumentRow.shipment_id == shipment_id,
            ShipmentDocumentRow.document_type != CARRIER_DECLARATION,
        )
        .order_by(ShipmentDocumentRow.created_at, ShipmentDocumentRow.id)
    )
    return list(found)


async def document_by_token(session: AsyncSession, token: str) -> ShipmentDocumentRow | None:
    """The shipment document behind a download token, or None."""
    return await session.scalar(
        select(ShipmentDocumentRow).where(ShipmentDocumentRow.token == token)
    )


async def matching_shipments(
    session: AsyncSession,
    key: KeyInfo,
    equal: Mapping[str, str],
    *,
    after: dt.datetime | None,
    before: dt.datetime | None,
    skip: int,
    limit: int,
) -> list[ShipmentRow]:
    """The caller's shipments, newest first, whose columns equal `equal` (column name: value)
    and created within the bounds given."""
    query = select(ShipmentRow).where(caller_rows(ShipmentRow, key))
    for name, value in equal.items():
        query = query.where(getattr(ShipmentRow, name) == value)
    if after is not None:
        query = query.where(ShipmentRow.created_at > after)
    if before is not None:
        query = query.where(ShipmentRow.created_at < before)
    rows = await session.scalars(newest_first(query, ShipmentRow, skip=skip, limit=limit))
    return list(rows)


async def has_document(session: AsyncSession, shipment_id: str, document_type: str) -> bool:
    """Whether the shipment has a document of this type (an uploaded invoice, say)."""
    found = await session.scalar(
        select(ShipmentDocumentRow.id)
        .where(
            ShipmentDocumentRow.shipment_id == shipment_id,
            ShipmentDocumentRow.document_type == document_type,
        )
        .limit(1)
    )
    return found is not None


async def delete_shipment_row(session: AsyncSession, row: ShipmentRow) -> bool:
    """Delete the shipment by id (not by version: a delete wins over an update that landed
    since the row was read); False when another request deleted it first."""
    result = await session.execute(
        delete(ShipmentRow)
        .where(ShipmentRow.id == row.id, ShipmentRow.account_id == row.account_id)
        .execution_options(synchronize_session=False)
    )
    return getattr(result, "rowcount", 1) != 0


async def sandbox_shipments_before(
    session: AsyncSession, cutoff: dt.datetime, limit: int
) -> list[ShipmentRow]:
    """Up to `limit` sandbox shipments created before `cutoff`, oldest first."""
    rows = await session.scalars(
        select(ShipmentRow)
        .where(ShipmentRow.environment == SANDBOX, ShipmentRow.created_at < cutoff)
        .order_by(ShipmentRow.created_at)
        .limit(limit)
    )
    return list(rows)


async def open_sandbox_shipments(
    session: AsyncSession, final_statuses: Collection[str], limit: int
) -> list[ShipmentRow]:
    """Up to `limit` labelled sandbox shipments whose tracking is not final, oldest first."""
    rows = await session.scalars(
        select(ShipmentRow)
        .where(
            ShipmentRow.environment == SANDBOX,
            ShipmentRow.shipment_type == "label_created",
            (ShipmentRow.tracking_status.is_(None))
            | ShipmentRow.tracking_status.not_in(final_statuses),
        )
        .order_by(ShipmentRow.created_at)
        .limit(limit)
    )
    return list(rows)
