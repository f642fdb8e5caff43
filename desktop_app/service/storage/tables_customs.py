"""Tables of shipment documents (uploaded invoices, generated customs papers), trackers and
the account's invoice address."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.db import Base
from desktop_app.service.storage.tables import new_uuid, utcnow

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


class InvoiceAddressRow(Base):
    """The address the account's invoices go to (the wire object with its id)."""

    __tablename__ = "invoice_addresses"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
