"""The address the account's invoices go to: its own until one is set, its default shipping
address answering for it."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping.address_checks import check_default_address
from desktop_app.service.storage.account_settings import (
    InvoiceAddressRow,
    default_address,
    invoice_address_row,
)
from desktop_app.service.storage.addresses import address_body
from desktop_app.service.storage.db import new_uuid


async def get_invoice_address(session: AsyncSession, account_id: str) -> dict[str, Any]:
    """The invoice address (the default shipping address until one is set), else 404."""
    row = await invoice_address_row(session, account_id)
    if row is not None:
        return address_body(row.body["id"], row.body)
    found = await default_address(session, account_id, "shipping")
    if found is None:
        raise ServiceError(404, ["no invoice address set for this account"])
    return found


async def put_invoice_address(session: AsyncSession, account_id: str, draft: Any) -> dict[str, Any]:
    """Check and store the invoice address, keeping its id (the caller commits); the wire object."""
    fields = check_default_address(draft)
    row = await invoice_address_row(session, account_id)
    stored = address_body(row.body["id"] if row is not None else new_uuid(), fields)
    if row is None:
        session.add(InvoiceAddressRow(account_id=account_id, body=stored))
    else:
        row.body = stored
    return stored
