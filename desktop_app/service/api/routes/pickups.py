"""`/v1/pickup_requests`: ask a carrier to collect labelled shipments; list and get them."""

from __future__ import annotations

import secrets
import uuid
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter
from pydantic import ValidationError

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import PickupRequest, PickupRequestCreate
from desktop_app.domain.normalize import normalize_request
from desktop_app.domain.rules import validate_pickup_request
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError, not_found
from desktop_app.service.shipping.lifecycle import FINAL_STATUSES
from desktop_app.service.storage import audit, pickups
from desktop_app.service.storage.addresses import address_body, get_address_row
from desktop_app.service.storage.pickups import PickupRequestRow
from desktop_app.service.storage.shipments import ShipmentRow, own_shipments_by_id

router = APIRouter(prefix="/pickup_requests", tags=["pickup_requests"])

# a carrier books pickups for the coming weeks, not for next year
MAX_DAYS_AHEAD = 30
MAX_WINDOW_DAYS = 7
MAX_SHIPMENTS = 1000


def pickup_json(row: PickupRequestRow) -> dict[str, Any]:
    """The wire object (`pickup_request_object`: an address with the fields it requires, no
    null where it declares none)."""
    body: dict[str, Any] = {
        "id": row.id,
        "carrier": row.carrier,
        "carrier_pickup_number": row.carrier_pickup_number,
        "pickup_time": dict(row.pickup_time),
    }
    if row.pickup_address:
        address = row.pickup_address
        stable = str(uuid.uuid5(uuid.NAMESPACE_URL, f"pickup-address:{row.id}"))
        body["pickup_address"] = address_body(str(address.get("id") or stable), address)
    body["shipments"] = [{"id": ref["id"]} for ref in row.shipments]
    body["created_at"] = row.created_at.isoformat(timespec="seconds")
    return body


def _check_window(earliest: datetime, latest: datetime, now: datetime) -> list[str]:
    """A window a carrier could serve: ends in the future, starts soon, lasts days not years."""
    errors = []
    if latest <= now:
        errors.append("pickup_time.latest: the pickup window must end in the future")
    if earliest > now + timedelta(days=MAX_DAYS_AHEAD):
        errors.append(
            f"pickup_time.earliest: pickups can be requested at most {MAX_DAYS_AHEAD} days ahead"
        )
    elif earliest < now - timedelta(days=1):
        errors.append("pickup_time.earliest: the pickup window cannot start in the past")
    if latest - earliest > timedelta(days=MAX_WINDOW_DAYS):
        errors.append(
            f"pickup_time.latest: a pickup window can be at most {MAX_WINDOW_DAYS} days long"
        )
    return errors


async def _check_shipments(
    session: Session, key: CurrentKey, carrier: str, ids: list[str]
) -> tuple[list[ShipmentRow], list[str]]:
    """The named shipments, and a message per one that cannot be picked up."""
    rows: list[ShipmentRow] = []
    errors: list[str] = []
    found = await own_shipments_by_id(session, key, ids)
    for index, shipment_id in enumerate(ids):
        path = f"shipments[{index}].id"
        row = found.get(shipment_id)
        if row is None:
            errors.append(f"{path}: no shipment with this id")
        elif row.carrier != carrier:
            errors.append(f"{path}: the shipment goes with {row.carrier}, not {carrier}")
        elif row.service == "returns":
            errors.append(f"{path}: returns cannot be picked up; the receiver hands them in")
        elif row.shipment_type != "label_created":
            errors.append(f"{path}: the shipment has no label yet")
        elif row.tracking_status in FINAL_STATUSES or row.tracking_status == "picked_up":
            errors.append(f"{path}: the shipment is already {row.tracking_status}")
        else:
            rows.append(row)
    return rows, errors


@router.post(
    "",
    response_model=None,
    openapi_extra=json_body(PickupRequestCreate),
    responses={200: {"model": PickupRequest}, **error_responses(400, 401, 413, 415, 422, 429)},
)
async def create_pickup_request(
    draft: JsonObject, ctx: Ctx, session: Session, key: CurrentKey
) -> dict[str, Any]:
    """Request a pickup; the shipments must be this carrier's, labelled, and not returns."""
    address = draft.get("pickup_address")
    if isinstance(address, dict) and set(address) == {"id"}:
        ref = address["id"]
        stored = await get_address_row(session, key, ref) if isinstance(ref, str) else None
        if stored is None:
            raise ServiceError(422, ["pickup_address.id: no stored address with this id"])
        fields = {k: v for k, v in stored.body.items() if v is not None and k != "id"}
        draft = {**draft, "pickup_address": fields}
    problems = validate_pickup_request(draft)
    if problems:
        raise ServiceError(422, [str(p) for p in problems])
    draft = normalize_request(draft)  # the pickup address as carriers spell it ("de" -> "DE")
    try:
        body = PickupRequestCreate.model_validate(draft)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
    now = ctx.now()
    errors = _check_window(body.pickup_time.earliest, body.pickup_time.latest, now)
    if body.shipments is not None:
        if len(body.shipments) > MAX_SHIPMENTS:
            errors.append(f"shipments: at most {MAX_SHIPMENTS} shipments per pickup request")
            rows: list[ShipmentRow] = []
        else:
            rows, more = await _check_shipments(
                session, key, body.carrier, [ref.id for ref in body.shipments]
            )
            errors += more
    else:
        rows = await pickups.open_shipments(session, key, body.carrier, MAX_SHIPMENTS)
    if errors:
        raise ServiceError(422, errors)
    pickup_address = draft.get("pickup_address")
    if pickup_address is None and rows:
        # the carrier comes to where the parcels are sent from
        sender = rows[0].body.get("from") or {}
        pickup_address = {k: v for k, v in sender.items() if v is not None}
    row = PickupRequestRow(
        id=str(uuid.uuid4()),
        account_id=key.account_id,
        environment=key.environment,
        carrier=body.carrier,
        carrier_pickup_number=f"{body.carrier.upper()}{secrets.randbelow(10**10):010d}",
        pickup_time={
            "earliest": body.pickup_time.earliest.isoformat(),
            "latest": body.pickup_time.latest.isoformat(),
        },
        pickup_address=pickup_address,
        shipments=[{"id": shipment.id} for shipment in rows],
        created_at=now,
    )
    session.add(row)
    session.add(audit.entry(key, "pickup.created", row.id))
    await session.commit()
    return pickup_json(row)


@router.get(
    "",
    response_model=None,
    responses={200: {"model": list[PickupRequest]}, **error_responses(401, 422, 429)},
)
async def list_pickup_requests(
    session: Session, key: CurrentKey, page: Page = 1, per_page: PerPage = 100
) -> list[dict[str, Any]]:
    """The caller's pickup requests, newest first, as a bare array (as the real service)."""
    rows = await pickups.list_pickup_requests(
        session, key, skip=offset(page, per_page), limit=per_page
    )
    return [pickup_json(row) for row in rows]


@router.get(
    "/{pickup_id}",
    response_model=None,
    responses={200: {"model": PickupRequest}, **error_responses(401, 404, 429)},
)
async def get_pickup_request(pickup_id: str, session: Session, key: CurrentKey) -> dict[str, Any]:
    """One of the caller's pickup requests."""
    row = await pickups.get_pickup_request(session, key, pickup_id)
    if row is None:
        raise not_found("pickup request")
    return pickup_json(row)
