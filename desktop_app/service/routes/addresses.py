"""`/v1/addresses`: create, list and get stored addresses."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from sqlalchemy import select

from desktop_app.domain.models import Address, AddressList, AddressResponse
from desktop_app.service.addresses import create_address, get_address_row
from desktop_app.service.bodies import JsonObject
from desktop_app.service.deps import CurrentKey, Session
from desktop_app.service.errors import not_found
from desktop_app.service.listing import Page, PerPage, offset
from desktop_app.service.openapi import error_responses, json_body
from desktop_app.service.tables import AddressRow

router = APIRouter(prefix="/addresses", tags=["addresses"])


@router.post(
    "",
    response_model=None,
    openapi_extra=json_body(Address),
    responses={200: {"model": AddressResponse}, **error_responses(400, 401, 413, 415, 422, 429)},
)
async def post_address(key: CurrentKey, session: Session, body: JsonObject) -> dict[str, Any]:
    """Store an address; an address of only `partner_id` is looked up in the partner directory."""
    row = await create_address(session, key, body)
    await session.commit()
    return row.body


@router.get(
    "",
    response_model=None,
    responses={200: {"model": AddressList}, **error_responses(401, 422, 429)},
)
async def list_addresses(
    key: CurrentKey, session: Session, page: Page = 1, per_page: PerPage = 100
) -> dict[str, Any]:
    """The caller's addresses, newest first."""
    rows = await session.scalars(
        select(AddressRow)
        .where(AddressRow.account_id == key.account_id, AddressRow.environment == key.environment)
        .order_by(AddressRow.created_at.desc(), AddressRow.id)
        .offset(offset(page, per_page))
        .limit(per_page)
    )
    return {"addresses": [row.body for row in rows]}


@router.get(
    "/{address_id}",
    response_model=None,
    responses={200: {"model": AddressResponse}, **error_responses(401, 404, 429)},
)
async def get_address(key: CurrentKey, session: Session, address_id: str) -> dict[str, Any]:
    """One of the caller's addresses."""
    row = await get_address_row(session, key, address_id)
    if row is None:
        raise not_found("address")
    return row.body
