"""The account's own addresses for the desk: the sender a live profile starts with, and where
returns go (`/v1/default_shipping_address`, `/v1/default_returns_address`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desktop_app.client._client import ShippingClient
from desktop_app.client.errors import APIError
from desktop_app.domain.models import AddressResponse
from desktop_app.domain.models.address import ADDRESS_FIELDS
from desktop_app.profiles.models import Profile


def address_fields(address: AddressResponse | Mapping[str, Any] | None) -> dict[str, Any]:
    """The address fields that are set (no id, no nulls): what a form or a draft takes."""
    if address is None:
        return {}
    data = address.to_wire() if isinstance(address, AddressResponse) else dict(address)
    return {k: data[k] for k in ADDRESS_FIELDS if data.get(k) not in (None, "")}


async def sender_offer(client: ShippingClient, profile: Profile) -> dict[str, Any] | None:
    """The account's default shipping address to offer as the sender of a profile that has
    none yet (its first use: a live profile, or a sandbox such as the Local one whose account
    has the address set); None when there is nothing to offer (a sender already set, no
    default on the account, or the service cannot tell now)."""
    if profile.default_sender:
        return None
    try:
        found = await client.default_addresses.shipping()
    except APIError:
        return None  # an offer, not a requirement: the desk works without it
    return address_fields(found) or None


async def returns_receiver(
    client: ShippingClient, original_sender: Mapping[str, Any]
) -> tuple[dict[str, Any], bool]:
    """Where a return goes: the account's default returns address when it has one (True),
    else the sender of the original shipment (False)."""
    try:
        found = await client.default_addresses.returns()
    except APIError:
        found = None
    fields = address_fields(found)
    if fields:
        return fields, True
    return address_fields(original_sender), False
