"""`/v1/invoice_address`: the address the account's invoices go to.

GET as the real service; until one is set, the account's default shipping address (its own
address) answers, else 404. PUT is a local extension, like the default addresses'.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from desktop_app.domain.models import Address, AddressResponse
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError
from desktop_app.service.storage.account_settings import (
    InvoiceAddressRow,
    check_address,
    default_address,
    invoice_address_row,
)
from desktop_app.service.storage.addresses import address_body
from desktop_app.service.storage.db import new_uuid

router = APIRouter(tags=["default addresses"])


async def _row(session: Session, account_id: str) -> InvoiceAddressRow | None:
    return await invoice_address_row(session, account_id)


@router.get(
    "/invoice_address",
    response_model=None,
    responses={200: {"model": AddressResponse}, **error_responses(401, 404, 429)},
)
async def get_invoice_address(key: CurrentKey, session: Session) -> dict[str, Any]:
    """The account's invoice address (its default shipping address until one is set)."""
    row = await _row(session, key.account_id)
    if row is not None:
        return address_body(row.body["id"], row.body)
    found = await default_address(session, key.account_id, "shipping")
    if found is None:
        raise ServiceError(404, ["no invoice address set for this account"])
    return found


@router.put(
    "/invoice_address",
    response_model=None,
    openapi_extra=json_body(Address),
    responses={200: {"model": AddressResponse}, **error_responses(400, 401, 413, 415, 422, 429)},
)
async def put_invoice_address(
    key: CurrentKey, session: Session, body: JsonObject
) -> dict[str, Any]:
    """Set the account's invoice address (local extension)."""
    fields = check_address(body)
    row = await _row(session, key.account_id)
    stored = address_body(row.body["id"] if row is not None else new_uuid(), fields)
    if row is None:
        session.add(InvoiceAddressRow(account_id=key.account_id, body=stored))
    else:
        row.body = stored
    await session.commit()
    return stored
