"""Addresses (spec 2.1): request form, stored/returned address, list wrapper."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from desktop_app.domain.models.base import (
    ListResponse,
    NullableList,
    RequestModel,
    ResponseModel,
)

#: The contact rule's message, shown under `last_name` (API-CONTRACT wire format).
CONTACT_RULE_MESSAGE = "either company or first_name and last_name is required"


class _AddressFields(BaseModel):
    """The fields of spec 2.1 plus `email`; all optional so a half-filled form parses."""

    id: str | None = Field(default=None, description="Stored address id; alone it refers to it.")
    company: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    care_of: str | None = Field(
        default=None,
        description="Locker/branch: receiver's customer number; parcel point: `PAK <partner id>`.",
    )
    street: str | None = Field(
        default=None, description="Street, or PACKSTATION / POSTFILIALE for a locker or branch."
    )
    street_no: str | None = Field(
        default=None, description="House number, or the locker station / branch outlet number."
    )
    zip_code: str | None = None
    city: str | None = None
    state: str | None = None
    country: str | None = Field(default=None, description="ISO 3166-1 alpha-2 code, e.g. DE.")
    phone: str | None = None
    email: str | None = None
    partner_id: str | None = Field(
        default=None, description="Workplace parcel-point user id; alone it asks for their address."
    )

    def _given(self, name: str) -> bool:
        value = getattr(self, name)
        return isinstance(value, str) and value.strip() != ""

    def is_reference(self) -> bool:
        """True for `{"id": ...}` alone: a reference to a stored address."""
        others = (*ADDRESS_FIELDS, "partner_id")
        return self._given("id") and not any(self._given(f) for f in others)

    def is_partner_lookup(self) -> bool:
        """True for `{"partner_id": ...}` alone: the service fills in the partner's address."""
        return self._given("partner_id") and not any(self._given(f) for f in ADDRESS_FIELDS)

    def has_contact(self) -> bool:
        """The contact rule: a company, or a person with first_name and last_name."""
        return self._given("company") or (self._given("first_name") and self._given("last_name"))

    def contact_problem(self) -> str | None:
        """The contact rule's message, or None when it holds or does not apply (id/partner only)."""
        if self.is_reference() or self.is_partner_lookup() or self.has_contact():
            return None
        return CONTACT_RULE_MESSAGE


#: The address fields of spec 2.1 plus `email`, in wire order: every field of the model except
#: the stored address `id` and the parcel-point `partner_id`, which stand alone as references.
ADDRESS_FIELDS: tuple[str, ...] = tuple(
    name for name in _AddressFields.model_fields if name not in ("id", "partner_id")
)


class Address(_AddressFields, RequestModel):
    """An address in a request (`from`, `to`, `pickup_address`, `POST /v1/addresses`)."""


class AddressResponse(_AddressFields, ResponseModel):
    """An address as returned by the service: unused fields null, unknown fields kept."""


class AddressList(ListResponse):
    """`GET /v1/addresses`: `{"addresses": [...]}` (a bare array is accepted too)."""

    addresses: Annotated[list[AddressResponse], NullableList] = []
