"""`/v1/shipments`: create (with the carrier and label), list with filters, get, update, delete."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy.orm.exc import StaleDataError

from desktop_app.domain.models import Shipment, ShipmentList, ShipmentRequest
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping import shipment_list, shipments

router = APIRouter(prefix="/shipments", tags=["shipments"])

WRITE_ERRORS = error_responses(400, 401, 404, 409, 413, 415, 422, 429, 502, 504)
CONCURRENT_CHANGE = "the shipment was changed by another request meanwhile; fetch it and try again"

Filter = Annotated[str | None, Query(max_length=255)]
TimeFilter = Annotated[
    str | None, Query(max_length=32, description="UTC time as YYYYMMDDThhmmZ, e.g. 20250131T1200Z.")
]


def _base_url(request: Request) -> str:
    return str(request.base_url)


@router.post(
    "",
    response_model=None,
    openapi_extra=json_body(ShipmentRequest),
    responses={200: {"model": Shipment}, **WRITE_ERRORS},
)
async def post_shipment(
    request: Request, key: CurrentKey, ctx: Ctx, session: Session, body: JsonObject
) -> JSONResponse:
    """Create a shipment; with `create_shipping_label` the carrier is asked and a label made."""
    row = await shipments.create_shipment(
        session,
        ctx.carriers,
        key,
        body,
        ctx.now(),
        write_lock=ctx.write_lock,
        renderer=ctx.renderer,
    )
    # a ready response: the body is plain JSON already, FastAPI's encoder pass is not needed
    return JSONResponse(shipments.view(row, _base_url(request)))


@router.get(
    "",
    response_model=None,
    responses={200: {"model": ShipmentList}, **error_responses(401, 422, 429)},
)
async def list_shipments(
    request: Request,
    key: CurrentKey,
    session: Session,
    carrier: Filter = None,
    carrier_tracking_no: Filter = None,
    reference_number: Filter = None,
    service: Filter = None,
    tracking_status: Filter = None,
    created_at_gt: TimeFilter = None,
    created_at_lt: TimeFilter = None,
    shipment_type: Filter = None,
    page: Page = 1,
    per_page: PerPage = 100,
) -> JSONResponse:
    """The caller's shipments, newest first, filtered and paged."""
    filters = {
        "carrier": carrier,
        "carrier_tracking_no": carrier_tracking_no,
        "reference_number": reference_number,
        "service": service,
        "tracking_status": tracking_status,
    }
    found = await shipment_list.list_shipments(
        session,
        key,
        filters,
        _base_url(request),
        created_at_gt=created_at_gt,
        created_at_lt=created_at_lt,
        shipment_type=shipment_type,
        skip=offset(page, per_page),
        limit=per_page,
    )
    return JSONResponse({"shipments": found})


@router.get(
    "/{shipment_id}",
    response_model=None,
    responses={200: {"model": Shipment}, **error_responses(401, 404, 429)},
)
async def get_shipment(
    request: Request, key: CurrentKey, session: Session, shipment_id: str
) -> JSONResponse:
    """One of the caller's shipments."""
    row = await shipments.get_row(session, key, shipment_id)
    return JSONResponse(shipments.view(row, _base_url(request)))


@router.put(
    "/{shipment_id}",
    response_model=None,
    openapi_extra=json_body(ShipmentRequest),
    responses={200: {"model": Shipment}, **WRITE_ERRORS},
)
async def put_shipment(
    request: Request,
    key: CurrentKey,
    ctx: Ctx,
    session: Session,
    shipment_id: str,
    body: JsonObject,
) -> dict[str, Any]:
    """Change a shipment that has no label yet: the given fields are merged onto the stored
    request (a partial body, as the real service takes it); 400 once labelled."""
    row = await shipments.get_row(session, key, shipment_id)
    try:
        row = await shipments.update_shipment(
            session, ctx.carriers, key, row, body, renderer=ctx.renderer
        )
        await session.commit()
    except StaleDataError:
        # another request labelled, changed or deleted it between our read and write
        raise ServiceError(409, [CONCURRENT_CHANGE]) from None
    return shipments.view(row, _base_url(request))


@router.delete(
    "/{shipment_id}",
    status_code=204,
    response_class=Response,
    responses={204: {"description": "deleted"}, **error_responses(401, 404, 429)},
)
async def delete_shipment(key: CurrentKey, session: Session, shipment_id: str) -> Response:
    """Delete a shipment (and its label files); fires `shipment.status.deleted`."""
    try:
        await shipments.delete_own_shipment(session, key, shipment_id)
        await session.commit()
    except StaleDataError:
        raise ServiceError(404, ["shipment not found"]) from None
    return Response(status_code=204)
