"""`/v1/addresses`: create, list and get stored addresses."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from desktop_app.domain.models import Address, AddressResponse
from desktop_app.domain.sanitize import sanitize_str
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import CurrentKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.shipping import addresses

router = APIRouter(prefix="/addresses", tags=["addresses"])

Filter = Annotated[str | None, Query(max_length=255, description="Only addresses with this value.")]


@router.post(
    "",
    response_model=None,
    openapi_extra=json_body(Address),
    responses={200: {"model": AddressResponse}, **error_responses(400, 401, 413, 415, 422, 429)},
)
async def post_address(key: CurrentKey, session: Session, body: JsonObject) -> dict[str, Any]:
    """Store an address; an address of only `partner_id` is looked up in the partner directory."""
    created = await addresses.create_address(session, key, body)
    await session.commit()
    return created


@router.get(
    "",
    response_model=None,
    responses={200: {"model": list[AddressResponse]}, **error_responses(401, 422, 429)},
)
async def list_addresses(
    key: CurrentKey,
    session: Session,
    care_of: Filter = None,
    city: Filter = None,
    company: Filter = None,
    country: Filter = None,
    first_name: Filter = None,
    last_name: Filter = None,
    phone: Filter = None,
    street: Filter = None,
    street_no: Filter = None,
    zip_code: Filter = None,
    page: Page = 1,
    per_page: PerPage = 100,
) -> list[dict[str, Any]]:
    """The caller's addresses, newest first, as a bare array (as the real service answers);
    each filter keeps the addresses whose field equals the value."""
    filters = {
        "care_of": care_of,
        "city": city,
        "company": company,
        "country": country,
        "first_name": first_name,
        "last_name": last_name,
        "phone": phone,
        "street": street,
        "street_no": street_no,
        "zip_code": zip_code,
    }
    # filters are sanitised like bodies, so what was stored is what matches
    wanted = {name: sanitize_str(value) for name, value in filters.items() if value is not None}
    return await addresses.list_addresses(
        session, key, wanted, skip=offset(page, per_page), limit=per_page
    )


@router.get(
    "/{address_id}",
    response_model=None,
    responses={200: {"model": AddressResponse}, **error_responses(401, 404, 429)},
)
async def get_address(key: CurrentKey, session: Session, address_id: str) -> dict[str, Any]:
    """One of the caller's addresses."""
    return await addresses.get_address(session, key, address_id)
