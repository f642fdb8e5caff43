"""`/v1/orders`: a shop's orders (create, list with filters, get, delete)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Response
from fastapi.responses import JSONResponse

from desktop_app.domain.models import Order, OrderCreate
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.shipping import orders
from desktop_app.service.shipping.orders import TIME_FILTER_HELP

router = APIRouter(prefix="/orders", tags=["orders"])

Filter = Annotated[str | None, Query(max_length=255)]
TimeFilter = Annotated[str | None, Query(max_length=40, description=f"Use {TIME_FILTER_HELP}.")]


@router.post(
    "",
    response_model=None,
    openapi_extra=json_body(OrderCreate),
    responses={200: {"model": Order}, **error_responses(400, 401, 413, 415, 422, 429)},
)
async def post_order(key: CurrentKey, ctx: Ctx, session: Session, body: JsonObject) -> Any:
    """Store an order of the shop (line items, delivery address, totals)."""
    created = await orders.create_order(session, key, body, ctx.now(), ctx.checks)
    await session.commit()
    # JSON types already: encoded in C, not walked by FastAPI's encoder (500 lines: ~15 ms)
    return JSONResponse(created)


@router.get(
    "",
    response_model=None,
    responses={200: {"model": list[Order]}, **error_responses(401, 422, 429)},
)
async def list_orders(
    key: CurrentKey,
    session: Session,
    external_order_id: Filter = None,
    external_customer_id: Filter = None,
    created_at_gt: TimeFilter = None,
    created_at_lt: TimeFilter = None,
    page: Page = 1,
    per_page: PerPage = 100,
) -> list[dict[str, Any]]:
    """The caller's orders, newest first, as a bare array (as the real service answers)."""
    return await orders.list_orders(
        session,
        key,
        external_order_id=external_order_id,
        external_customer_id=external_customer_id,
        created_at_gt=created_at_gt,
        created_at_lt=created_at_lt,
        skip=offset(page, per_page),
        limit=per_page,
    )


@router.get(
    "/{order_id}",
    response_model=None,
    responses={200: {"model": Order}, **error_responses(401, 404, 429)},
)
async def get_order(key: CurrentKey, session: Session, order_id: str) -> dict[str, Any]:
    """One of the caller's orders."""
    return await orders.get_order(session, key, order_id)


@router.delete(
    "/{order_id}",
    status_code=204,
    response_class=Response,
    responses={204: {"description": "deleted"}, **error_responses(401, 404, 429)},
)
async def delete_order(key: CurrentKey, session: Session, order_id: str) -> Response:
    """Delete one of the caller's orders (e.g. once it is packed and shipped)."""
    await orders.delete_order(session, key, order_id)
    await session.commit()
    return Response(status_code=204)
