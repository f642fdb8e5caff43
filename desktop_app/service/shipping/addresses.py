"""Addresses: a stored address is checked by the rules, a partner id looked up in the
simulated carrier's partner directory."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.models.address import ADDRESS_FIELDS
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping.carriers import lookup_partner
from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.addresses import AddressRow, add_address, check_stored_address


def partner_address(partner_id: str) -> dict[str, Any] | None:
    """The partner user's current delivery address with `partner_id`, or None."""
    found = lookup_partner(partner_id)
    if found is None:
        return None
    return {k: v for k, v in found.items() if k in (*ADDRESS_FIELDS, "partner_id")}


async def create_address(session: AsyncSession, key: KeyInfo, draft: dict[str, Any]) -> AddressRow:
    """Check and store an address (or resolve a partner id), audited; the caller commits."""
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
    return row
