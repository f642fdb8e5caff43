"""`/v1/default_shipping_address` and `/v1/default_returns_address`: the account's own addresses.

GET as the real service; PUT is a local extension (the real service sets them in its web app):
it sets the address for the account, for its sandbox and live keys alike.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from desktop_app.domain.models import Address, AddressResponse
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.shipping.default_addresses import (
    ADDRESS_KINDS,
    AddressKind,
    get_default_address,
    put_default_address,
)

router = APIRouter(tags=["default addresses"])


def _add(kind: AddressKind) -> None:
    path = f"/default_{kind}_address"

    @router.get(
        path,
        name=f"get_default_{kind}_address",
        summary=f"The account's default {kind} address",
        response_model=None,
        responses={200: {"model": AddressResponse}, **error_responses(401, 404, 429)},
    )
    async def get_default(key: CurrentKey, session: Session) -> dict[str, Any]:
        return await get_default_address(session, key.account_id, kind)

    @router.put(
        path,
        name=f"put_default_{kind}_address",
        summary=f"Set the account's default {kind} address (local extension)",
        response_model=None,
        openapi_extra=json_body(Address),
        responses={
            200: {"model": AddressResponse},
            **error_responses(400, 401, 413, 415, 422, 429),
        },
    )
    async def put_default(key: CurrentKey, session: Session, body: JsonObject) -> dict[str, Any]:
        stored = await put_default_address(session, key.account_id, kind, body)
        await session.commit()
        return stored


for _kind in ADDRESS_KINDS:
    _add(_kind)
