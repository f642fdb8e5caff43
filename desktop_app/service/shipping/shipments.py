"""Shipments as the service keeps them: request checks, carrier call, labels, wire view."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import ShipmentRequest
from desktop_app.domain.normalize import normalize_request, read_reference_body
from desktop_app.domain.rules import validate
from desktop_app.service.errors import ServiceError, not_found
from desktop_app.service.labels.render_pool import LabelRenderer
from desktop_app.service.labels.shipment_labels import label_file_extension, label_media_type
from desktop_app.service.notifications.events import emit_event
from desktop_app.service.notifications.mail import send_mail
from desktop_app.service.shipping.addresses import partner_address
from desktop_app.service.shipping.carriers import (
    CarrierFailure,
    CarrierResult,
    CarrierSimulator,
    parse_partner_care_of,
    price,
)
from desktop_app.service.shipping.customs import (
    customs_documents,
    declaration_view,
    stored_declaration,
    stored_items,
)
from desktop_app.service.storage import audit
from desktop_app.service.storage.account_settings import fill_default_addresses, merge_update
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.addresses import (
    ADDRESS_FIELDS,
    address_body,
    get_address_row,
)
from desktop_app.service.storage.db import new_hex_id, new_uuid
from desktop_app.service.storage.ownership import owned_row
from desktop_app.service.storage.shipments import (
    LabelFile,
    ShipmentRow,
    delete_shipment_row,
    new_label_token,
)

DEFAULT_SERVICE = "standard"
PREFERRED_FORMAT = "pdf_a6"
LABEL_CREATED_STATUS = "label_created"
LABEL_CREATED_EVENT = f"shipment.tracking.{LABEL_CREATED_STATUS}"
DELETED_EVENT = "shipment.status.deleted"
LABEL_FILES_PATH = "/v1/label_files"
TRACKING_PAGE_PATH = "/v1/tracking"
#: request fields of the reference kept as given on the stored shipment
KEPT_FIELDS = (
    "description",
    "incoterm",
    "shipper_notification_email",
    "billing",
    "order_id",
    "returned_items",
)
# private keys of the stored body, never shown on the wire
_TOKEN = "_label_token"
# callers without the service's renderer (scripts, tests) render in a thread
_THREAD_RENDERER = LabelRenderer(0)


def _problems_422(messages: Sequence[str]) -> ServiceError:
    return ServiceError(422, list(messages) or ["validation failed"])


def check_shipment_draft(draft: dict[str, Any]) -> ShipmentRequest:
    """Domain rules, then the strict model of the normalised draft ("de" -> "DE"); 422 with
    `path: message` strings. Saturday delivery is taken any day: the carrier hands it over
    on the Friday (the desk points out the day: `domain.rules.notices`)."""
    problems = validate(draft)
    if problems:
        raise _problems_422([str(p) for p in problems])
    try:
        return ShipmentRequest.model_validate(normalize_request(draft))
    except ValidationError as exc:
        raise _problems_422(validation_error_messages(exc)) from None


def _is_reference(address: Any) -> bool:
    if not isinstance(address, dict) or "id" not in address:
        return False
    return not any(address.get(k) not in (None, "") for k in (*ADDRESS_FIELDS, "partner_id"))


def _is_partner_lookup(address: Any) -> bool:
    if not isinstance(address, dict) or address.get("partner_id") in (None, ""):
        return False
    return not any(address.get(k) not in (None, "") for k in ADDRESS_FIELDS)


async def resolve_addresses(
    session: AsyncSession, key: KeyInfo, draft: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, str]]:
    """Replace `{"id"}` references and partner ids by full addresses (422 when unknown).

    Returns the new draft and the stored address id used per role (`from`/`to`).
    """
    draft = copy.deepcopy(draft)
    ids: dict[str, str] = {}
    errors: list[str] = []
    for role in ("from", "to"):
        address = draft.get(role)
        if isinstance(address, dict) and _is_reference(address):
            ref = address["id"]
            row = await get_address_row(session, key, ref) if isinstance(ref, str) else None
            if row is None:
                errors.append(f"{role}.id: no stored address with this id")
                continue
            draft[role] = {k: v for k, v in row.body.items() if v is not None and k != "id"}
            ids[role] = row.id
        elif isinstance(address, dict):
            address.pop("id", None)  # an id beside full fields is not a reference: ignored
    to = draft.get("to")
    if isinstance(to, dict):
        if _is_partner_lookup(to):
            found = partner_address(str(to["partner_id"]))
            if found is None:
                errors.append(
                    "to.partner_id: No parcel-point user has this partner id; "
                    "check it with the receiver."
                )
            else:
                # the care_of line is how the carrier sees a parcel point (the domain rules
                # have refused `to.partner_id` already for carriers without parcel points)
                prefix = load_catalog().partner.prefix
                draft["to"] = {**found, "care_of": f"{prefix} {found['partner_id']}"}
        else:
            care_of = to.get("care_of")
            partner_id = parse_partner_care_of(care_of) if isinstance(care_of, str) else None
            if partner_id is not None:
                found = partner_address(partner_id)
                if found is None:
                    errors.append(
                        "to.care_of: No parcel-point user has this partner id; "
                        "check it with the receiver."
                    )
                else:
                    # the partner system's address replaces the place; the person stays
                    person = {
                        k: to[k] for k in ("first_name", "last_name", "phone", "email") if to.get(k)
                    }
                    found.pop("partner_id", None)
                    draft["to"] = {**found, **person, "care_of": care_of}
    if errors:
        raise _problems_422(errors)
    return draft, ids


def choose_label_format(request: ShipmentRequest) -> str:
    """`label.format`, else the format matching `label.size`, else pdf_a6, else the first."""
    carrier = request.carrier or ""
    offered = load_catalog().label_formats_for(carrier, request.service or DEFAULT_SERVICE)
    if request.label and request.label.format:
        return request.label.format
    if request.label and request.label.size:
        by_size = f"pdf_{request.label.size.lower()}"
        if by_size in offered:
            return by_size
    if PREFERRED_FORMAT in offered or not offered:
        return PREFERRED_FORMAT
    return offered[0]


def _iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat(timespec="seconds")


def build_body(
    request: ShipmentRequest,
    *,
    shipment_id: str,
    created_at: dt.datetime,
    address_ids: Mapping[str, str],
    package_ids: Sequence[str] = (),
    sandbox: bool,
) -> dict[str, Any]:
    """The stored wire object of a shipment without label (URLs are added per response)."""
    wire = request.to_wire()
    service = request.service or DEFAULT_SERVICE
    now = _iso(created_at)
    packages_in = wire.get("packages") or ([wire["package"]] if "package" in wire else [])
    packages = []
    for index, package in enumerate(packages_in):
        pid = package_ids[index] if index < len(package_ids) else new_hex_id()
        packages.append(
            {
                "id": pid,
                **{k: package.get(k) for k in ("weight", "length", "width", "height", "type")},
                "declared_value": package.get("declared_value"),
                "description": package.get("description"),
                "customs_declaration_items": stored_items(
                    package.get("customs_declaration_items"), now
                ),
                "carrier_tracking_no": None,
                "tracking_events": [],
            }
        )
    body: dict[str, Any] = {
        "id": shipment_id,
        "carrier": request.carrier,
        "service": service,
        "created_at": _iso(created_at),
        "from": _address_view(wire.get("from"), address_ids.get("from")),
        "to": _address_view(wire.get("to"), address_ids.get("to")),
        "packages": packages,
        "carrier_tracking_no": None,
        "tracking_status": None,
        "tracking_url": None,
        "price": _price(request.carrier or "", service, packages_in, sandbox, wire),
        "reference_number": request.reference_number,
        "metadata": wire.get("metadata"),
        "additional_services": wire.get("additional_services") or [],
        "label": {
            "format": choose_label_format(request),
            "size": (wire.get("label") or {}).get("size"),
        },
        "notification_email": request.notification_email,
        "pickup": wire.get("pickup"),
        "cover_address": wire.get("cover_address"),
        "customs_declaration": stored_declaration(wire, now),
        **{name: wire.get(name) for name in KEPT_FIELDS},
    }
    return body


def _price(
    carrier: str, service: str, packages: list[Any], sandbox: bool, wire: Mapping[str, Any]
) -> float | None:
    """The price table's price (None when the table has no entry for this carrier)."""
    try:
        return price(
            carrier,
            service,
            packages,
            production=not sandbox,
            additional_services=wire.get("additional_services") or [],
        )
    except KeyError:
        return None


def _address_view(address: Mapping[str, Any] | None, address_id: str | None) -> dict[str, Any]:
    """An address with every field (unused null) and an id."""
    address = address or {}
    view: dict[str, Any] = {"id": address_id or new_uuid()}
    for name in (*ADDRESS_FIELDS, "partner_id"):
        view[name] = address.get(name)
    return view


def view(row: ShipmentRow, base_url: str) -> dict[str, Any]:
    """The shipment as returned on the wire (label URLs built from this request's base URL)."""
    # only the top level and the packages change here: copy those and share the rest, instead
    # of a deep copy per shipment (a list response holds up to 100)
    body = dict(row.body)
    body["packages"] = [dict(p) for p in body.get("packages") or []]
    base = base_url.rstrip("/")
    token = body.pop(_TOKEN, None)
    ext = label_file_extension(body["label"]["format"]) if token else ""
    if token:
        body["label_url"] = f"{base}{LABEL_FILES_PATH}/{token}.{ext}"
    for package in body.get("packages", []):
        ptoken = package.pop(_TOKEN, None)
        if ptoken:
            package["label_url"] = f"{base}{LABEL_FILES_PATH}/{ptoken}.{ext}"
    body["carrier_tracking_url"] = body.get("tracking_url")
    if not body.get("tracking_url"):
        # the service's own tracking page until the carrier has one (the reference requires it)
        body["tracking_url"] = f"{base}{TRACKING_PAGE_PATH}/{body['id']}"
    if isinstance(body.get("customs_declaration"), dict):
        body["customs_declaration"] = declaration_view(body, base)
    if row.made_by_person:
        # Packdesk extension; left out for callers without the made_by right (api/rights.py)
        body["made_by"] = {"person": row.made_by_person, "station": row.made_by_station}
    return without_nulls(body)


def without_nulls(body: dict[str, Any]) -> dict[str, Any]:
    """The shipment as the real service answers it: no field is nullable in its OpenAPI, so
    empty optional fields are left out (addresses keep the null fields `address_with_id`
    requires)."""
    out = {k: v for k, v in body.items() if v is not None}
    for role in ("from", "to"):
        address = out.get(role)
        if isinstance(address, dict):
            out[role] = address_body(str(address.get("id") or ""), address)
    if isinstance(out.get("label"), dict):
        out["label"] = {k: v for k, v in out["label"].items() if v is not None}
    out["packages"] = [
        {k: v for k, v in package.items() if v is not None} for package in out.get("packages", [])
    ]
    return out


def _drop(task: asyncio.Future[Any]) -> None:
    """Cancel a label rendering nobody needs any more, and never leave its error unread."""
    task.cancel()
    task.add_done_callback(lambda done: done.cancelled() or done.exception())


async def order_label(
    carriers: CarrierSimulator,
    body: Mapping[str, Any],
    key: KeyInfo,
    renderer: LabelRenderer | None = None,
) -> tuple[CarrierResult, bytes, list[bytes]]:
    """Ask the carrier and render the label files; raises ServiceError 502/504.

    The label is rendered (in a worker process) while the simulated carrier takes its time,
    from the numbers it will answer with: a real carrier's answer time includes making its
    label, so rendering overlaps that time instead of adding to it. No database work here: callers
    run it before their first write, so that no SQLite write lock is held while the carrier
    takes its time (that serialised every create and ended in "database is locked").
    """
    adapter = carriers.adapter(str(body.get("carrier") or ""))
    result = adapter.answer(body, production=not key.sandbox)
    rendering = asyncio.ensure_future(
        (renderer or _THREAD_RENDERER).render(
            body,
            result.tracking_numbers,
            result.tracking_urls,
            key.sandbox,
            body["label"]["format"],
        )
    )
    try:
        await adapter.respond(body)
    except CarrierFailure as exc:
        _drop(rendering)
        raise ServiceError(exc.status_code, [exc.message]) from None
    except BaseException:
        _drop(rendering)
        raise
    whole, singles = await rendering
    return result, whole, singles


async def create_label(
    session: AsyncSession,
    carriers: CarrierSimulator,
    row: ShipmentRow,
    key: KeyInfo,
    ordered: tuple[CarrierResult, bytes, list[bytes]] | None = None,
    renderer: LabelRenderer | None = None,
) -> None:
    """Create the shipment at the carrier (unless `ordered` already), store labels, fire event.

    `row` may be new (added, not flushed yet): then it is inserted with its label in one
    INSERT instead of an INSERT and a versioned UPDATE. Raises ServiceError 502/504 on
    carrier failures; the caller commits.
    """
    body = copy.deepcopy(row.body)
    if ordered is None:
        ordered = await order_label(carriers, body, key, renderer)
    result, whole, singles = ordered
    fmt = body["label"]["format"]
    media = label_media_type(fmt)
    token = new_label_token()
    files = [(token, None, whole)]
    body[_TOKEN] = token
    for index, package in enumerate(body["packages"]):
        package["carrier_tracking_no"] = result.tracking_numbers[index]
        if len(body["packages"]) == 1:
            package[_TOKEN] = token
            continue
        ptoken = new_label_token()
        package[_TOKEN] = ptoken
        files.append((ptoken, package["id"], singles[index]))
    body["carrier_tracking_no"] = result.carrier_tracking_no
    body["tracking_url"] = result.tracking_url
    body["price"] = result.price
    body["tracking_status"] = LABEL_CREATED_STATUS
    document = await customs_documents(session, row, body, key.sandbox)
    row.body = body
    row.carrier_tracking_no = result.carrier_tracking_no
    row.shipment_type = "label_created"
    row.tracking_status = LABEL_CREATED_STATUS
    # the shipment row first: the label files refer to it
    await session.flush()
    session.add_all(
        LabelFile(
            token=file_token,
            shipment_id=row.id,
            package_id=package_id,
            account_id=row.account_id,
            label_format=fmt,
            media_type=media,
            data=data,
        )
        for file_token, package_id, data in files
    )
    if document is not None:
        session.add(document)
    await session.flush()
    await _notify_shipper(session, body)
    await emit_event(
        session,
        account_id=row.account_id,
        environment=row.environment,
        event_type=LABEL_CREATED_EVENT,
        shipment_id=row.id,
    )


async def _notify_shipper(session: AsyncSession, body: Mapping[str, Any]) -> None:
    """The carrier's notice to `shipper_notification_email`, kept in the mail outbox: the
    local service's carriers are simulated, so it records the mail a carrier would send."""
    address = body.get("shipper_notification_email")
    if not address:
        return
    number = body.get("carrier_tracking_no") or ""
    await send_mail(
        session,
        smtp_url=None,
        to=str(address),
        subject=f"Shipment {number} registered with {str(body.get('carrier') or '').upper()}",
        body=(
            f"The label of shipment {body.get('id')} was created.\n"
            f"Tracking number: {number}\n"
            f"Reference: {body.get('reference_number') or '-'}\n"
        ),
    )


async def get_row(session: AsyncSession, key: KeyInfo, shipment_id: str) -> ShipmentRow:
    """The caller's shipment (same account and environment), else 404."""
    return await owned_row(session, key, ShipmentRow, shipment_id, "shipment")


async def prepare(
    session: AsyncSession, key: KeyInfo, body: dict[str, Any]
) -> tuple[ShipmentRequest, dict[str, str]]:
    """Check a create/update body fully: rules, model, references, rules again after resolving.

    A body without `from` (or a returns body without `to`) gets the account's default address.
    """
    body = await fill_default_addresses(session, key.account_id, read_reference_body(body))
    request = check_shipment_draft(body)
    resolved, ids = await resolve_addresses(session, key, body)
    if resolved != body:
        request = check_shipment_draft(resolved)
    return request, ids


async def create_shipment(
    session: AsyncSession,
    carriers: CarrierSimulator,
    key: KeyInfo,
    body: dict[str, Any],
    now: dt.datetime,
    write_lock: asyncio.Lock | None = None,
    renderer: LabelRenderer | None = None,
) -> ShipmentRow:
    """Validate, store and (if asked) label a new shipment, and commit.

    The writes run under `write_lock`: with SQLite one writer at a time is all there is, and
    queueing on an asyncio lock is fairer and faster than SQLite's sleeping busy handler.
    """
    request, ids = await prepare(session, key, body)
    shipment_id = new_hex_id()
    stored = build_body(
        request, shipment_id=shipment_id, created_at=now, address_ids=ids, sandbox=key.sandbox
    )
    row = ShipmentRow(
        id=shipment_id,
        account_id=key.account_id,
        environment=key.environment,
        carrier=stored["carrier"],
        service=stored["service"],
        reference_number=request.reference_number,
        shipment_type="prepared",
        request=body,
        body=stored,
        created_at=now,
        updated_at=now,
    )
    ordered = None
    if request.create_shipping_label:
        # end the read transaction: the pooled connection is free while the carrier works
        await session.commit()
        ordered = await order_label(carriers, stored, key, renderer)
    async with write_lock or contextlib.nullcontext():
        session.add(row)
        session.add(audit.entry(key, "shipment.created", row.id))
        if ordered is not None:
            await create_label(session, carriers, row, key, ordered)
        await session.commit()
    return row


async def update_shipment(
    session: AsyncSession,
    carriers: CarrierSimulator,
    key: KeyInfo,
    row: ShipmentRow,
    body: dict[str, Any],
    renderer: LabelRenderer | None = None,
) -> ShipmentRow:
    """Change a shipment that has no label yet (400 once it has one): the given fields merged
    onto the stored request, as the real service; the caller commits."""
    if row.shipment_type != "prepared":
        raise ServiceError(400, ["the shipment has a label already and can no longer be changed"])
    body = merge_update(row.request, body)
    request, ids = await prepare(session, key, body)
    created = dt.datetime.fromisoformat(row.body["created_at"])
    old_packages = [p["id"] for p in row.body.get("packages", [])]
    stored = build_body(
        request,
        shipment_id=row.id,
        created_at=created,
        address_ids=ids,
        package_ids=old_packages,
        sandbox=key.sandbox,
    )
    ordered = None
    if request.create_shipping_label:
        # end the read transaction: the pooled connection is free while the carrier works
        await session.commit()
        ordered = await order_label(carriers, stored, key, renderer)
    row.body = stored
    row.request = body
    row.carrier = stored["carrier"]
    row.service = stored["service"]
    row.reference_number = request.reference_number
    if ordered is not None:
        await create_label(session, carriers, row, key, ordered)
    else:
        await session.flush()
    return row


async def delete_own_shipment(session: AsyncSession, key: KeyInfo, shipment_id: str) -> None:
    """Delete one of the caller's shipments (as `delete_shipment`), audited; 404 when not theirs."""
    row = await get_row(session, key, shipment_id)
    await delete_shipment(session, row)
    session.add(audit.entry(key, "shipment.deleted", row.id))


async def delete_shipment(session: AsyncSession, row: ShipmentRow) -> None:
    """Delete a shipment with its label files and queue `shipment.status.deleted`.

    By id, not by version: a delete wins over an update that landed since the row was read.
    404 when another request deleted it first. The caller commits.
    """
    if not await delete_shipment_row(session, row):
        raise not_found("shipment")
    session.expunge(row)
    await emit_event(
        session,
        account_id=row.account_id,
        environment=row.environment,
        event_type=DELETED_EVENT,
        shipment_id=row.id,
        with_url=False,
    )
