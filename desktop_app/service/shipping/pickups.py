"""Pickup requests: a carrier collects labelled shipments in a time window; their rules and
JSON view (`pickup_request_object`)."""

from __future__ import annotations

import secrets
import uuid
from datetime import datetime, timedelta
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import PickupRequestCreate
from desktop_app.domain.normalize import normalize_request
from desktop_app.domain.rules import validate_pickup_request
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping.lifecycle import FINAL_STATUSES
from desktop_app.service.storage import audit, pickups
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.addresses import address_body, get_address_row
from desktop_app.service.storage.ownership import owned_row
from desktop_app.service.storage.pickups import PickupRequestRow
from desktop_app.service.storage.shipments import ShipmentRow, own_shipments_by_id

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
    session: AsyncSession, key: KeyInfo, carrier: str, ids: list[str]
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


async def _with_stored_address(
    session: AsyncSession, key: KeyInfo, draft: dict[str, Any]
) -> dict[str, Any]:
    """`draft` with a `pickup_address` given as `{"id": ...}` replaced by that stored address."""
    address = draft.get("pickup_address")
    if not (isinstance(address, dict) and set(address) == {"id"}):
        return draft
    ref = address["id"]
    stored = await get_address_row(session, key, ref) if isinstance(ref, str) else None
    if stored is None:
        raise ServiceError(422, ["pickup_address.id: no stored address with this id"])
    fields = {k: v for k, v in stored.body.items() if v is not None and k != "id"}
    return {**draft, "pickup_address": fields}


async def create_pickup_request(
    session: AsyncSession, key: KeyInfo, draft: dict[str, Any], now: datetime
) -> dict[str, Any]:
    """Check and store a pickup request (audited); its wire object. The caller commits."""
    draft = await _with_stored_address(session, key, draft)
    problems = validate_pickup_request(draft)
    if problems:
        raise ServiceError(422, [str(p) for p in problems])
    draft = normalize_request(draft)  # the pickup address as carriers spell it ("de" -> "DE")
    try:
        body = PickupRequestCreate.model_validate(draft)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
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
    return pickup_json(row)


async def list_pickup_requests(
    session: AsyncSession, key: KeyInfo, *, skip: int, limit: int
) -> list[dict[str, Any]]:
    """The caller's pickup requests, newest first, as wire objects."""
    rows = await pickups.list_pickup_requests(session, key, skip=skip, limit=limit)
    return [pickup_json(row) for row in rows]


async def get_pickup_request(session: AsyncSession, key: KeyInfo, pickup_id: str) -> dict[str, Any]:
    """One of the caller's pickup requests as its wire object; 404 otherwise."""
    return pickup_json(await owned_row(session, key, PickupRequestRow, pickup_id, "pickup request"))
