"""What an account says about itself: names, customer number, default shipping/returns address."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any, Literal

from sqlalchemy import JSON, ForeignKey, String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import Account, AccountError
from desktop_app.service.storage.addresses import address_body
from desktop_app.service.storage.db import Base, new_uuid


class InvoiceAddressRow(Base):
    """The address the account's invoices go to (the wire object with its id)."""

    __tablename__ = "invoice_addresses"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    body: Mapped[dict[str, Any]] = mapped_column(JSON)


class AccountSettingsRow(Base):
    """What an account says about itself: its names and default addresses (both environments)."""

    __tablename__ = "account_settings"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    first_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    last_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    # the wire objects (address with its id), None until set
    default_shipping_address: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    default_returns_address: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


AddressKind = Literal["shipping", "returns"]
ADDRESS_KINDS: tuple[AddressKind, ...] = ("shipping", "returns")


def customer_no(account_id: str) -> str:
    """The account's customer number: 8 digits derived from its id (stable, never stored)."""
    try:
        number = uuid.UUID(account_id).int
    except ValueError:
        number = int.from_bytes(account_id.encode(), "big")
    return f"{number % 10**8:08d}"


async def get_settings(session: AsyncSession, account_id: str) -> AccountSettingsRow | None:
    """The account's settings row, or None when nothing was ever set."""
    return await session.scalar(
        select(AccountSettingsRow).where(AccountSettingsRow.account_id == account_id)
    )


async def _row(session: AsyncSession, account_id: str) -> AccountSettingsRow:
    row = await get_settings(session, account_id)
    if row is None:
        row = AccountSettingsRow(account_id=account_id)
        session.add(row)
    return row


def _column(kind: AddressKind) -> str:
    return f"default_{kind}_address"


async def default_address(
    session: AsyncSession, account_id: str, kind: AddressKind
) -> dict[str, Any] | None:
    """The account's default shipping or returns address (wire object with `id`), or None."""
    row = await get_settings(session, account_id)
    stored = getattr(row, _column(kind)) if row is not None else None
    return address_body(stored["id"], stored) if stored else None


async def set_default_address(
    session: AsyncSession, account_id: str, kind: AddressKind, fields: Mapping[str, Any]
) -> dict[str, Any]:
    """Store the checked fields of the default address of `kind` (the caller commits); the
    wire object."""
    row = await _row(session, account_id)
    old = getattr(row, _column(kind))
    body = address_body(old["id"] if old else new_uuid(), dict(fields))
    setattr(row, _column(kind), body)
    await session.flush()
    return body


async def set_names(
    session: AsyncSession, account_id: str, first_name: str | None, last_name: str | None
) -> None:
    """Set the account holder's first and last name (None leaves one as it is)."""
    row = await _row(session, account_id)
    if first_name is not None:
        row.first_name = first_name.strip() or None
    if last_name is not None:
        row.last_name = last_name.strip() or None
    await session.flush()


async def me_body(
    session: AsyncSession, account_id: str, email: str, environment: str
) -> dict[str, Any]:
    """`GET /v1/me` as the real service answers it (names only when known)."""
    row = await get_settings(session, account_id)
    body: dict[str, Any] = {"id": account_id, "email": email}
    if row is not None and row.first_name:
        body["first_name"] = row.first_name
    if row is not None and row.last_name:
        body["last_name"] = row.last_name
    body["customer_no"] = customer_no(account_id)
    body["environment"] = environment
    body["subscription"] = {
        "plan_name": "packdesk_local",
        "plan_display_name": "Packdesk local service",
        "chargeable": False,
    }
    return body


async def fill_default_addresses(
    session: AsyncSession, account_id: str, draft: dict[str, Any]
) -> dict[str, Any]:
    """A shipment draft without `from` gets the default shipping address, a returns shipment
    without `to` the default returns address (as the real service); the draft is not changed.
    Without a default the draft is returned as it is, and the rules name the missing address."""
    if not isinstance(draft, dict):
        return draft
    wanted: list[tuple[str, AddressKind]] = []
    if draft.get("from") is None:
        wanted.append(("from", "shipping"))
    if draft.get("to") is None and draft.get("service") == "returns":
        wanted.append(("to", "returns"))
    if not wanted:
        return draft
    row = await get_settings(session, account_id)
    filled = dict(draft)
    for role, kind in wanted:
        stored = getattr(row, _column(kind)) if row is not None else None
        if stored:
            filled[role] = {k: v for k, v in stored.items() if k != "id" and v is not None}
    return filled


def merge_update(stored: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """A partial `PUT /v1/shipments/{id}` body merged onto the stored request: each given
    top-level field replaces the stored one (`package` and `packages` replace each other)."""
    merged = {**stored, **changes}
    if "package" in changes and "packages" not in changes:
        merged.pop("packages", None)
    if "packages" in changes and "package" not in changes:
        merged.pop("package", None)
    return merged


async def set_account(
    session: AsyncSession,
    email: str,
    *,
    first_name: str | None = None,
    last_name: str | None = None,
    addresses: Mapping[AddressKind, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """`packdesk accounts set`: names and default addresses (their checked fields) of the
    account with `email` (the caller commits); what is set now. AccountError for an unknown
    e-mail."""
    account = await session.scalar(select(Account).where(Account.email == email.strip()))
    if account is None:
        raise AccountError(f"no account for {email}")
    result: dict[str, Any] = {}
    for kind, fields in (addresses or {}).items():
        result[_column(kind)] = await set_default_address(session, account.id, kind, fields)
    if first_name is not None or last_name is not None:
        await set_names(session, account.id, first_name, last_name)
    me = await me_body(session, account.id, account.email, "production")
    return {k: v for k, v in me.items() if k not in ("environment", "subscription")} | result


async def invoice_address_row(session: AsyncSession, account_id: str) -> InvoiceAddressRow | None:
    """The account's invoice address row, or None."""
    return await session.scalar(
        select(InvoiceAddressRow).where(InvoiceAddressRow.account_id == account_id)
    )
