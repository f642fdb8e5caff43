"""The audit log: who (account, station key) did what (action) to which object, and when."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.db import Base
from desktop_app.service.storage.tables_events import UTCDateTime


class AuditEntry(Base):
    """One action. No foreign keys: the trail outlives the objects (and keys) it names."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    account_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    environment: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # the station's key name ("Station 3"), "account key", or who acted without a key
    # ("command line", "sandbox retention"); the key's prefix when a key acted
    actor: Mapped[str] = mapped_column(String(100))
    key_prefix: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # e.g. shipment.created, shipment.deleted, pickup.created, manifest.created, key.revoked
    action: Mapped[str] = mapped_column(String(40))
    object_id: Mapped[str | None] = mapped_column(String(64), nullable=True)

    __table_args__ = (
        Index("ix_audit_log_account_at", "account_id", "at"),
        Index("ix_audit_log_at", "at"),
    )
