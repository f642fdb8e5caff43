"""The journaled creation flow and reconciliation, against the real service and a real store."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from desktop_app.client import CarrierError, ShippingClient, UnprocessableEntityError
from desktop_app.client.journaled_creation import ShipmentCreator
from desktop_app.profiles.store import ProfileStore
from tests.client.conftest import shipment_request


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProfileStore]:
    with ProfileStore(tmp_path / "profile", profile_id="p1", environment="sandbox") as s:
        yield s


def _reference() -> str:
    return f"O-{uuid.uuid4().hex[:12]}"


async def test_create_stores_shipment_and_label(
    client: ShippingClient, store: ProfileStore
) -> None:
    creator = ShipmentCreator(client, store)
    reference = _reference()
    stored = await creator.create(shipment_request(reference_number=reference))
    assert stored.printable
    assert stored.reference_number == reference
    assert stored.label_path is not None and stored.label_kind == "pdf"
    remote = await client.shipments.get(stored.id)
    assert remote.label_url
    assert stored.label_path.read_bytes() == await client.labels.download(remote.label_url)
    [entry] = store.list_journal()
    assert entry.status == "done" and entry.shipment_id == stored.id
    assert entry.request["reference_number"] == reference


async def test_zpl_label_is_stored_as_zpl(client: ShippingClient, store: ProfileStore) -> None:
    creator = ShipmentCreator(client, store)
    stored = await creator.create(shipment_request(label={"format": "zpl2_100x70mm_203dpi"}))
    assert stored.label_kind == "zpl" and stored.printable
    assert stored.label_path is not None and stored.label_path.read_bytes().startswith(b"^XA")


async def test_creation_without_reference_gets_one(
    client: ShippingClient, store: ProfileStore
) -> None:
    stored = await ShipmentCreator(client, store).create(shipment_request())
    assert stored.reference_number and stored.reference_number.startswith("PD-")
    remote = await client.shipments.list(reference_number=stored.reference_number)
    assert [s.id for s in remote] == [stored.id]


async def test_refused_creation_is_journaled_as_failed(
    client: ShippingClient, store: ProfileStore
) -> None:
    creator = ShipmentCreator(client, store)
    invalid = shipment_request()
    del invalid["to"]["last_name"]
    with pytest.raises(UnprocessableEntityError):
        await creator.create(invalid)
    rejected = shipment_request()
    rejected["to"]["company"] = "CARRIER-ERROR GmbH"
    with pytest.raises(CarrierError):
        await creator.create(rejected)
    entries = store.list_journal()
    assert [e.status for e in entries] == ["failed", "failed"]
    assert all(e.outcome_known for e in entries)
    assert store.list_pending() == []


async def test_lost_answer_is_adopted(client: ShippingClient, store: ProfileStore) -> None:
    # the request reached the service, but the desk never recorded the answer
    reference = _reference()
    body = shipment_request(reference_number=reference)
    journal_id = store.journal_pending(body, reference)
    remote = await client.shipments.create(body)

    report = await ShipmentCreator(client, store).reconcile()
    assert [s.id for s in report.adopted] == [remote.id]
    assert report.needs_decision == [] and report.still_pending == []
    stored = store.get_shipment(remote.id)
    assert stored.printable
    assert store.get_journal(journal_id).status == "done"
    assert store.check() == []


async def test_no_match_needs_a_decision_then_resend(
    client: ShippingClient, store: ProfileStore
) -> None:
    # the desk crashed before the request left: the service has nothing
    reference = _reference()
    journal_id = store.journal_pending(shipment_request(reference_number=reference), reference)
    creator = ShipmentCreator(client, store)

    recent = await creator.reconcile()  # the carrier might still answer: wait
    assert [e.id for e in recent.still_pending] == [journal_id]
    assert store.get_journal(journal_id).status == "pending"

    report = await creator.reconcile(min_age=timedelta(0))
    assert [e.id for e in report.needs_decision] == [journal_id]
    assert store.get_journal(journal_id).status == "needs_decision"
    assert await client.shipments.list(reference_number=reference) == []  # nothing re-sent

    stored = await creator.resend(journal_id)
    assert stored.printable and stored.reference_number == reference
    assert len(await client.shipments.list(reference_number=reference)) == 1
    assert store.get_journal(journal_id).status == "done"


async def test_resend_adopts_a_shipment_that_appeared(
    client: ShippingClient, store: ProfileStore
) -> None:
    reference = _reference()
    body = shipment_request(reference_number=reference)
    journal_id = store.journal_pending(body, reference)
    store.mark_needs_decision(journal_id, "no match yet")
    remote = await client.shipments.create(body)  # the carrier answered late after all
    stored = await ShipmentCreator(client, store).resend(journal_id)
    assert stored.id == remote.id
    assert len(await client.shipments.list(reference_number=reference)) == 1


async def test_discard(client: ShippingClient, store: ProfileStore) -> None:
    reference = _reference()
    journal_id = store.journal_pending(shipment_request(reference_number=reference), reference)
    creator = ShipmentCreator(client, store)
    await creator.reconcile(min_age=timedelta(0))
    entry = await creator.discard(journal_id)
    assert entry.status == "discarded"
    assert (await creator.reconcile(min_age=timedelta(0))).needs_decision == []


async def test_reused_reference_is_not_mistaken_for_the_attempt(
    client: ShippingClient, store: ProfileStore
) -> None:
    # an order number used before: its stored shipment must not be adopted for a new attempt
    reference = _reference()
    creator = ShipmentCreator(client, store)
    first = await creator.create(shipment_request(reference_number=reference))
    journal_id = store.journal_pending(shipment_request(reference_number=reference), reference)
    report = await creator.reconcile(min_age=timedelta(0))
    assert report.adopted == []
    assert [e.id for e in report.needs_decision] == [journal_id]
    assert store.get_shipment(first.id).printable


async def test_download_label_again(client: ShippingClient, store: ProfileStore) -> None:
    creator = ShipmentCreator(client, store)
    stored = await creator.create(shipment_request())
    assert stored.label_path is not None
    stored.label_path.unlink()
    again = await creator.download_label(stored.id)
    assert again.printable


async def test_late_shipment_of_an_undecided_attempt_is_adopted(
    client: ShippingClient, store: ProfileStore
) -> None:
    reference = _reference()
    body = shipment_request(reference_number=reference)
    journal_id = store.journal_pending(body, reference)
    creator = ShipmentCreator(client, store)
    first = await creator.reconcile(min_age=timedelta(0))
    assert [e.id for e in first.needs_decision] == [journal_id]
    again = await creator.reconcile(min_age=timedelta(0))  # still undecided: listed again
    assert [e.id for e in again.needs_decision] == [journal_id]
    remote = await client.shipments.create(body)  # the carrier answered after all
    late = await creator.reconcile(min_age=timedelta(0))
    assert [s.id for s in late.adopted] == [remote.id]
    assert late.needs_decision == []
    assert store.get_journal(journal_id).status == "done"
