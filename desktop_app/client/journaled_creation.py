"""The journaled shipment creation of the packing desk, and its reconciliation after a crash.

Order of a creation (`ShipmentCreator.create`):
1. the store journals the attempt as `pending` with the request, its reference number and
   the order it is made for, if any (a reference is generated when the request has none,
   so that the attempt can be found again);
2. the request is sent (never re-sent automatically when its outcome is unknown);
3. the label is downloaded and the store records shipment + label + journal `done` in one step;
   only then is the shipment printable.

A crash or a lost answer leaves the entry `pending`. `reconcile()` (at start-up) looks for
shipments on the service with the same reference number created since the attempt: a match is
adopted (label downloaded and stored), no match is marked `needs_decision` for the user, who
chooses `resend()` or `discard()`. Nothing is re-sent silently.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel

from desktop_app.client._base import SHIPMENT_CREATE_TIMEOUT
from desktop_app.client._client import ShippingClient
from desktop_app.client.errors import (
    APIConnectionError,
    APIError,
    APIStatusError,
)
from desktop_app.client.types import Shipment
from desktop_app.profiles.store import JournalEntry, OrderOrigin, ProfileStore, StoredShipment

log = logging.getLogger("packdesk.client.journaled_creation")

__all__ = [
    "CLOCK_SKEW",
    "RECONCILE_MIN_AGE",
    "LabelDownloadError",
    "ReconcileReport",
    "ShipmentCreator",
    "generate_reference",
]

# An attempt younger than this may still be waiting for the carrier: its outcome is not
# knowable yet, so reconciliation leaves it pending instead of asking the user.
RECONCILE_MIN_AGE = timedelta(seconds=(SHIPMENT_CREATE_TIMEOUT.read or 75.0) + 15.0)
# The desk's clock and the service's may differ; look a little before the attempt.
CLOCK_SKEW = timedelta(minutes=15)
# 5xx answers after which the shipment may exist anyway (the service or the carrier failed
# late); 502 (carrier refused) and 503 (not processed) mean nothing was created.
_UNKNOWN_OUTCOME_STATUSES = frozenset({500, 504})


def generate_reference() -> str:
    """A reference number for a creation that has none: `PD-YYYYMMDD-` + 8 random hex."""
    return f"PD-{datetime.now(UTC):%Y%m%d}-{secrets.token_hex(4)}"


class LabelDownloadError(APIError):
    """The shipment was created and stored, but its label could not be downloaded yet."""

    default_user_message = (
        "The shipment was created, but its label could not be downloaded. "
        "Use 'Download label again' before printing."
    )

    def __init__(self, shipment: StoredShipment, cause: APIError) -> None:
        super().__init__(f"label of shipment {shipment.id} not downloaded: {cause}")
        self.shipment = shipment
        self.cause = cause


@dataclass
class ReconcileReport:
    """What `reconcile()` did with the pending attempts."""

    adopted: list[StoredShipment] = field(default_factory=list)
    needs_decision: list[JournalEntry] = field(default_factory=list)
    # too recent to decide (the carrier may still answer), or the service was unreachable
    still_pending: list[JournalEntry] = field(default_factory=list)
    errors: dict[int, str] = field(default_factory=dict)


def _body(request: BaseModel | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(request, BaseModel):
        return request.model_dump(mode="json", by_alias=True, exclude_none=True)
    return dict(request)


def _shipment_json(shipment: Shipment) -> dict[str, Any]:
    return shipment.model_dump(mode="json", by_alias=True, exclude_none=True)


def _label_format(shipment: Shipment, request: Mapping[str, Any]) -> str | None:
    if shipment.label is not None and shipment.label.format:
        return shipment.label.format
    label = request.get("label")
    if isinstance(label, Mapping) and isinstance(label.get("format"), str):
        return str(label["format"])
    return None


def _parse_time(value: str) -> datetime:
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class ShipmentCreator:
    """Creates shipments through the journal of a profile store, and reconciles after crashes."""

    def __init__(self, client: ShippingClient, store: ProfileStore) -> None:
        self.client = client
        self.store = store
        self._sending: set[int] = set()  # journal ids this process is sending right now

    async def _store(self, func: Any, *args: Any) -> Any:
        # the store blocks (SQLite, fsync of label files): keep the event loop responsive
        return await asyncio.to_thread(func, *args)

    async def create(
        self, request: BaseModel | Mapping[str, Any], *, order: OrderOrigin | None = None
    ) -> StoredShipment:
        """Journal, send, download the label and store it all; returns the printable shipment
        (made for `order`, when given: the store keeps which order it is, for the shop's
        write-back).

        Raises the client's errors; after an unknown outcome (time-out, dropped connection,
        500/504) the attempt stays pending for `reconcile()`. `LabelDownloadError` (holding the
        stored shipment) when only the label download failed.
        """
        body = _body(request)
        body.setdefault("create_shipping_label", True)
        reference = str(body.get("reference_number") or "").strip()
        if not reference:
            reference = generate_reference()
        body["reference_number"] = reference
        journal_id: int = await self._store(self.store.journal_pending, body, reference, order)
        return await self._send(journal_id, body)

    async def _send(self, journal_id: int, body: dict[str, Any]) -> StoredShipment:
        # a cancelled or crashed send leaves the entry pending: `reconcile()` settles it
        self._sending.add(journal_id)
        try:
            try:
                shipment = await self.client.shipments.create(body)
            except APIConnectionError as exc:
                await self._store(self.store.fail, journal_id, str(exc), not exc.outcome_unknown)
                raise
            except APIStatusError as exc:
                known = exc.status_code not in _UNKNOWN_OUTCOME_STATUSES
                await self._store(self.store.fail, journal_id, str(exc), known)
                raise
            return await self._complete(journal_id, shipment, body)
        finally:
            self._sending.discard(journal_id)

    async def _complete(
        self, journal_id: int, shipment: Shipment, request: Mapping[str, Any]
    ) -> StoredShipment:
        """Download the label, then record shipment + label + journal done in one step."""
        label_format = _label_format(shipment, request)
        label: bytes | None = None
        failure: APIError | None = None
        if shipment.label_url:
            try:
                label = await self.client.labels.download(shipment.label_url)
            except APIError as exc:
                failure = exc  # the shipment exists: record it anyway, the label can follow
        stored: StoredShipment = await self._store(
            self.store.complete, journal_id, _shipment_json(shipment), label, label_format
        )
        if failure is not None:
            raise LabelDownloadError(stored, failure) from failure
        return stored

    async def download_label(self, shipment_id: str) -> StoredShipment:
        """Download (again) the label of a stored shipment, e.g. after a LabelDownloadError."""
        stored: StoredShipment = await self._store(self.store.get_shipment, shipment_id)
        shipment = await self.client.shipments.get(shipment_id)
        if not shipment.label_url:
            raise ValueError(f"shipment {shipment_id} has no label on the service")
        label = await self.client.labels.download(shipment.label_url)
        label_format = _label_format(shipment, {}) or stored.label_format or "pdf_a6"
        await self._store(self.store.store_label, shipment_id, label, label_format)
        result: StoredShipment = await self._store(self.store.get_shipment, shipment_id)
        return result

    async def reconcile(self, *, min_age: timedelta = RECONCILE_MIN_AGE) -> ReconcileReport:
        """Settle open attempts: adopt what the service has, ask the user about the rest.

        Pending entries and those already waiting for a decision are both checked (a carrier
        may have answered late); `needs_decision` lists every entry the user must decide on.
        """
        report = ReconcileReport()
        pending: list[JournalEntry] = await self._store(self.store.list_pending)
        undecided: list[JournalEntry] = await self._store(self.store.list_needs_decision)
        now = datetime.now(UTC)
        for entry in sorted(pending + undecided, key=lambda e: e.id):
            if entry.id in self._sending:
                continue  # this process is waiting for its answer right now
            try:
                matches = await self._matches(entry)
            except APIError as exc:
                bucket = (
                    report.still_pending if entry.status == "pending" else report.needs_decision
                )
                bucket.append(entry)
                report.errors[entry.id] = exc.user_message
                continue
            if len(matches) == 1:
                try:
                    report.adopted.append(await self._complete(entry.id, matches[0], entry.request))
                except LabelDownloadError as exc:
                    report.adopted.append(exc.shipment)
                    report.errors[entry.id] = exc.user_message
                continue
            if len(matches) > 1:
                ids = ", ".join(m.id for m in matches)
                reason = f"several shipments on the service match this attempt: {ids}"
            elif entry.status == "pending" and now - _parse_time(entry.attempted_at) < min_age:
                report.still_pending.append(entry)  # the carrier may still answer
                continue
            elif entry.status == "needs_decision":
                report.needs_decision.append(entry)
                continue
            else:
                reason = "the service has no shipment for this attempt: re-send or discard it"
            marked = await self._store(self.store.mark_needs_decision, entry.id, reason)
            report.needs_decision.append(marked)
        return report

    async def _matches(self, entry: JournalEntry) -> list[Shipment]:
        """Shipments on the service with the entry's reference, created since the attempt,
        and not already recorded in this store (a reused order number)."""
        since = _parse_time(entry.attempted_at) - CLOCK_SKEW
        found: list[Shipment] = []
        async for shipment in self.client.shipments.iter_all(
            reference_number=entry.reference_number, created_at_gt=since
        ):
            if shipment.reference_number != entry.reference_number:
                continue  # a service that ignores the filter must not cause a false match
            if await self._known(shipment.id):
                continue
            found.append(shipment)
        return found

    async def find_matches(self, entry: JournalEntry) -> list[Shipment]:
        """The service's shipments that may belong to this attempt (see `reconcile`)."""
        return await self._matches(entry)

    async def _known(self, shipment_id: str) -> bool:
        try:
            await self._store(self.store.get_shipment, shipment_id)
        except LookupError:
            return False
        return True

    async def adopt(self, journal_id: int, shipment_id: str) -> StoredShipment:
        """The user picked the service's shipment that belongs to this attempt."""
        entry: JournalEntry = await self._store(self.store.get_journal, journal_id)
        shipment = await self.client.shipments.get(shipment_id)
        return await self._complete(journal_id, shipment, entry.request)

    async def resend(self, journal_id: int) -> StoredShipment:
        """Send an attempt again because the user asked to (same request and reference).

        If the service has meanwhile got a matching shipment, that one is adopted instead.
        """
        entry: JournalEntry = await self._store(self.store.get_journal, journal_id)
        matches = await self._matches(entry)
        if len(matches) == 1:
            return await self._complete(journal_id, matches[0], entry.request)
        if matches:
            ids = ", ".join(m.id for m in matches)
            raise ValueError(f"several shipments on the service match this attempt: {ids}")
        entry = await self._store(self.store.reopen, journal_id)
        return await self._send(entry.id, dict(entry.request))

    async def discard(self, journal_id: int) -> JournalEntry:
        """The user gives the attempt up."""
        entry: JournalEntry = await self._store(self.store.discard, journal_id)
        return entry
