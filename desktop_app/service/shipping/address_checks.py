"""The checks of an address the account stores (its address book, default and invoice
addresses): the rules first, then the strict model; 422 with `path: message` strings."""

from __future__ import annotations

from typing import Any

from desktop_app.domain.models import Address
from desktop_app.domain.normalize import normalize_address
from desktop_app.domain.rules import validate_address
from desktop_app.service.errors import ServiceError, checked


def check_stored_address(draft: Any) -> Address:
    """An address to store, checked: the rules without the contact rule (the real service
    stores street, postcode, city and country; a shipment using it applies the contact rule),
    then the strict model."""
    problems = validate_address(draft, contact=False)
    normalized = normalize_address(draft) if isinstance(draft, dict) else draft
    return checked(Address, problems, normalized)


def check_default_address(draft: Any) -> dict[str, Any]:
    """A default (or invoice) address's fields, checked as stored addresses are; a parcel
    point's partner id alone is refused (a default address needs its own fields)."""
    parsed = check_stored_address(draft)
    if parsed.is_partner_lookup():
        raise ServiceError(422, ["partner_id: a default address needs its own fields"])
    fields = parsed.model_dump(exclude_none=True)
    fields.pop("partner_id", None)
    return fields
