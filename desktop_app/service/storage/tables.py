"""Tables of accounts, API keys, addresses, shipments and label files."""

from __future__ import annotations

import datetime as dt
import secrets
import uuid
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.db import Base

SANDBOX = "sandbox"
PRODUCTION = "production"
ENVIRONMENTS = (SANDBOX, PRODUCTION)


def utcnow() -> dt.datetime:
    """Aware UTC now (stored with time zone so PostgreSQL and SQLite agree)."""
    return dt.datetime.now(dt.UTC)


def new_uuid() -> str:
    """Id of addresses, accounts and keys."""
    return str(uuid.uuid4())


def new_hex_id() -> str:
    """Id of shipments and packages: 40 lowercase hex characters."""
    return secrets.token_hex(20)


class Account(Base):
    """One account of the local service; it holds one sandbox and one live key at a time."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    email: Mapped[str] = mapped_column(String(320), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ApiKey(Base):
    """An API key, stored as its sha256; the prefix identifies it in logs."""

    __tablename__ = "api_keys"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    prefix: Mapped[str] = mapped_column(String(16))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (Index("ix_api_keys_account", "account_id", "environment"),)


class AddressRow(Base):
    """A stored address (the wire object in `body`, its id included)."""

    __tablename__ = "addresses"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (Index("ix_addresses_owner", "account_id", "environment", "created_at"),)


class ShipmentRow(Base):
    """A shipment: the wire object in `body`, filterable fields as columns."""

    __tablename__ = "shipments"

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


class LabelFile(Base):
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
