"""The account's default shipping and returns addresses (its own address and where returns go)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping.address_checks import check_default_address
from desktop_app.service.storage.account_settings import (
    ADDRESS_KINDS,
    AddressKind,
    default_address,
    set_default_address,
)

__all__ = ["ADDRESS_KINDS", "AddressKind", "get_default_address", "put_default_address"]


async def get_default_address(
    session: AsyncSession, account_id: str, kind: AddressKind
) -> dict[str, Any]:
    """The account's default address of `kind` as its wire object, else 404 in words."""
    found = await default_address(session, account_id, kind)
    if found is None:
        raise ServiceError(404, [f"no default {kind} address set for this account"])
    return found


async def put_default_address(
    session: AsyncSession, account_id: str, kind: AddressKind, draft: Any
) -> dict[str, Any]:
    """Check and store the default address of `kind` (the caller commits); the wire object."""
    return await set_default_address(session, account_id, kind, check_default_address(draft))
