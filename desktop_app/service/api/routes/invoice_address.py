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
from desktop_app.service.shipping import invoice_address

router = APIRouter(tags=["default addresses"])


@router.get(
    "/invoice_address",
    response_model=None,
    responses={200: {"model": AddressResponse}, **error_responses(401, 404, 429)},
)
async def get_invoice_address(key: CurrentKey, session: Session) -> dict[str, Any]:
    """The account's invoice address (its default shipping address until one is set)."""
    return await invoice_address.get_invoice_address(session, key.account_id)


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
    stored = await invoice_address.put_invoice_address(session, key.account_id, body)
    await session.commit()
    return stored
