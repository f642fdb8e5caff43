"""Addresses: a stored address is checked by the rules, a partner id looked up in the
simulated carrier's partner directory."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.models.address import ADDRESS_FIELDS
from desktop_app.service.errors import ServiceError, not_found
from desktop_app.service.shipping.address_checks import check_stored_address
from desktop_app.service.shipping.carriers import lookup_partner
from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.addresses import (
    add_address,
    address_body,
    get_address_row,
    matching_addresses,
)


def partner_address(partner_id: str) -> dict[str, Any] | None:
    """The partner user's current delivery address with `partner_id`, or None."""
    found = lookup_partner(partner_id)
    if found is None:
        return None
    return {k: v for k, v in found.items() if k in (*ADDRESS_FIELDS, "partner_id")}


async def create_address(
    session: AsyncSession, key: KeyInfo, draft: dict[str, Any]
) -> dict[str, Any]:
    """Check and store an address (or resolve a partner id), audited; the caller commits.
    The stored address's wire object."""
    parsed = check_stored_address(draft)
    fields = parsed.model_dump(exclude_none=True)
    if parsed.is_partner_lookup():
        found = partner_address(str(parsed.partner_id))
        if found is None:
            raise ServiceError(
                422,
                [
                    "partner_id: No parcel-point user has this partner id; "
                    "check it with the receiver."
                ],
            )
        fields = found
    row = await add_address(session, key, fields)
    session.add(audit.entry(key, "address.created", row.id))
    return address_body(row.id, row.body)


async def list_addresses(
    session: AsyncSession, key: KeyInfo, wanted: dict[str, str], *, skip: int, limit: int
) -> list[dict[str, Any]]:
    """The caller's addresses whose fields equal `wanted`, newest first, as wire objects."""
    rows = await matching_addresses(session, key, wanted, skip=skip, limit=limit)
    return [address_body(row.id, row.body) for row in rows]


async def get_address(session: AsyncSession, key: KeyInfo, address_id: str) -> dict[str, Any]:
    """One of the caller's addresses as its wire object, else 404."""
    row = await get_address_row(session, key, address_id)
    if row is None:
        raise not_found("address")
    return address_body(row.id, row.body)
