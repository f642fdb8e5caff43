"""Manifests as the service keeps them: which shipments, the handover rules, the PDF."""

from __future__ import annotations

import asyncio
import datetime as dt
import secrets
from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.models import ManifestCreate
from desktop_app.domain.models.manifests import MANIFEST_DOCUMENT
from desktop_app.domain.rules import validate_manifest
from desktop_app.service.errors import ServiceError, checked, not_found
from desktop_app.service.labels.manifest_pdf import render_manifest_pdf
from desktop_app.service.shipping.downloads import Download, token_and_extension
from desktop_app.service.storage import audit
from desktop_app.service.storage.account_settings import default_address
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.addresses import address_body
from desktop_app.service.storage.db import new_uuid
from desktop_app.service.storage.manifests import (
    ManifestRow,
    ManifestShipmentRow,
    manifest_by_document_token,
    manifests_of_shipments,
    matching_manifests,
    unmanifested_shipments,
)
from desktop_app.service.storage.ownership import owned_row
from desktop_app.service.storage.shipments import ShipmentRow, new_label_token, own_shipments_by_id

MANIFEST_FILES_PATH = "/v1/manifest_files"
RETURNS = "returns"


def _problem(path: str, message: str) -> ServiceError:
    return ServiceError(422, [f"{path}: {message}"])


def start_of_day(now: dt.datetime) -> dt.datetime:
    """Midnight UTC of `now`'s day: "the day's shipments" are those created since."""
    return now.astimezone(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)


async def _given_shipments(
    session: AsyncSession, key: KeyInfo, carrier: str, ids: Sequence[str]
) -> list[ShipmentRow]:
    rows = await own_shipments_by_id(session, key, list(ids))
    taken = await manifests_of_shipments(session, list(ids))
    errors = []
    for index, ident in enumerate(ids):
        path = f"shipments[{index}]"
        row = rows.get(ident)
        if row is None:
            errors.append(f"{path}: no shipment with this id")
        elif row.carrier != carrier:
            errors.append(f"{path}: the shipment goes with {row.carrier}, not {carrier}")
        elif row.shipment_type != "label_created":
            errors.append(f"{path}: the shipment has no label yet")
        elif row.service == RETURNS:
            errors.append(f"{path}: a return is handed over by its sender, not on a manifest")
        elif ident in taken:
            errors.append(f"{path}: handed over already with manifest {taken[ident]}")
    if errors:
        raise ServiceError(422, errors)
    return [rows[ident] for ident in ids]


def _carrier_reference(carrier: str, now: dt.datetime) -> str:
    return f"{carrier.upper()}{now:%Y%m%d}{secrets.randbelow(10**6):06d}"


async def create_manifest(
    session: AsyncSession, key: KeyInfo, draft: Any, now: dt.datetime, language: str = "en"
) -> ManifestRow:
    """Check the request, pick the shipments, render the PDF (worded in `language`) and store
    it all, audited (the caller commits); 422 when nothing is to be handed over or a shipment
    cannot be."""
    request = checked(ManifestCreate, validate_manifest(draft), draft)
    carrier = request.carrier
    ids = request.shipment_ids()
    if ids is None:
        rows = await unmanifested_shipments(session, key, carrier, since=start_of_day(now))
        if not rows:
            raise _problem("shipments", f"no {carrier} shipment of today is waiting for handover")
    else:
        rows = await _given_shipments(session, key, carrier, ids)
    if request.posting_hub_address is not None:
        hub = address_body(new_uuid(), request.posting_hub_address.model_dump(exclude_none=True))
    else:
        # the account's own address, else the sender of the first shipment
        found = await default_address(session, key.account_id, "shipping")
        hub = found or address_body(new_uuid(), rows[0].body.get("from") or {})
    manifest_id = new_uuid()
    body: dict[str, Any] = {
        "id": manifest_id,
        "carrier": carrier,
        "carrier_reference_number": _carrier_reference(carrier, now),
        "posting_hub_address": hub,
        "shipments": [row.id for row in rows],
        "created_at": now.astimezone(dt.UTC).isoformat(timespec="seconds"),
    }
    if request.reference_number:
        body["reference_number"] = request.reference_number
    carrier_name = load_catalog().carriers[carrier].display_name
    document = await asyncio.to_thread(
        render_manifest_pdf, body, [row.body for row in rows], carrier_name, key.sandbox, language
    )
    row = ManifestRow(
        id=manifest_id,
        account_id=key.account_id,
        environment=key.environment,
        carrier=carrier,
        body=body,
        document_token=new_label_token(),
        document=document,
        created_at=now,
    )
    session.add(row)
    await session.flush()
    session.add_all(ManifestShipmentRow(shipment_id=s.id, manifest_id=manifest_id) for s in rows)
    session.add(audit.entry(key, "manifest.created", manifest_id))
    await session.flush()
    return row


def manifest_view(row: ManifestRow, base_url: str) -> dict[str, Any]:
    """The wire object with the document URL of this request's base URL."""
    url = f"{base_url.rstrip('/')}{MANIFEST_FILES_PATH}/{row.document_token}.pdf"
    return {**row.body, "documents": [{"identifier": MANIFEST_DOCUMENT, "document_url": url}]}


async def get_manifest_row(session: AsyncSession, key: KeyInfo, manifest_id: str) -> ManifestRow:
    """The caller's manifest, else 404."""
    return await owned_row(session, key, ManifestRow, manifest_id, "manifest")


async def get_manifest(
    session: AsyncSession, key: KeyInfo, manifest_id: str, base_url: str
) -> dict[str, Any]:
    """The caller's manifest as its wire object, else 404."""
    return manifest_view(await get_manifest_row(session, key, manifest_id), base_url)


async def list_manifests(
    session: AsyncSession,
    key: KeyInfo,
    carrier: str | None,
    base_url: str,
    *,
    skip: int,
    limit: int,
) -> list[dict[str, Any]]:
    """The caller's manifests (of one carrier when given), newest first, as wire objects."""
    rows = await matching_manifests(session, key, carrier, skip=skip, limit=limit)
    return [manifest_view(row, base_url) for row in rows]


async def manifest_file(session: AsyncSession, name: str) -> Download:
    """The manifest PDF named `name` ("<token>.pdf" or the bare token), else 404."""
    token, extension = token_and_extension(name)
    row = None
    if token is not None and extension in ("", "pdf"):
        row = await manifest_by_document_token(session, token)
    if row is None:
        raise not_found("manifest file")
    return Download(f"manifest-{row.id[:8]}.pdf", "application/pdf", row.document)
