"""`POST /v1/shipment_quotes`: the price a shipment would cost."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import ValidationError

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import Quote, QuoteRequest
from desktop_app.domain.rules import validate_quote_request
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping.carriers import price
from desktop_app.service.shipping.shipments import resolve_addresses

router = APIRouter(prefix="/shipment_quotes", tags=["quotes"])


@router.post(
    "",
    response_model=None,
    openapi_extra=json_body(QuoteRequest),
    responses={200: {"model": Quote}, **error_responses(400, 401, 413, 415, 422, 429)},
)
async def post_quote(key: CurrentKey, body: JsonObject, session: Session) -> dict[str, Any]:
    """`{"shipment_quote": {"price": n}}`: 0.0 with a sandbox key, the price table otherwise.

    Addresses given by `{"id"}` must be the key's stored addresses, as for a shipment (422).
    """
    problems = validate_quote_request(body)
    if problems:
        raise ServiceError(422, [str(p) for p in problems])
    try:
        request = QuoteRequest.model_validate(body)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
    await resolve_addresses(session, key, body)  # 422 for an unknown address id
    packages = [p.to_wire() for p in request.all_packages()]
    amount = price(
        request.carrier or "", request.service or "standard", packages, production=not key.sandbox
    )
    return {"shipment_quote": {"price": amount}}
