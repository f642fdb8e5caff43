"""The customs resources through ShippingClient, typed: a declaration in a ShipmentRequest, the
customs PDF, uploaded documents, trackers and the invoice address."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pypdf
import pytest

from desktop_app.client import ShippingClient
from desktop_app.client.resources.shipment_documents import document_upload
from desktop_app.client.types import (
    CustomsDeclaration,
    CustomsDeclarationItem,
    ShipmentDocument,
    ShipmentRequest,
    Tracker,
)
from tests.client.conftest import shipment_request
from tests.fixtures.service import RunningService
from tests.payloads import PDF_BYTES, SENDER, ZURICH


@pytest.fixture
async def own(client_service: RunningService) -> AsyncIterator[ShippingClient]:
    """A client of a fresh account (nothing stored yet)."""
    key = client_service.add_account()["sandbox_key"]
    async with ShippingClient(
        client_service.base_url, key, ca_file=str(client_service.ca_file)
    ) as shipping_client:
        yield shipping_client


def zurich_request() -> ShipmentRequest:
    request = ShipmentRequest.model_validate(shipment_request(to=dict(ZURICH)))
    request.customs_declaration = CustomsDeclaration(
        contents_type="commercial_goods",
        contents_explanation="Wool socks",
        currency="EUR",
        total_value_amount=24.0,
        items=[
            CustomsDeclarationItem(
                origin_country="PT",
                description="Wool socks",
                hs_tariff_number="611595",
                quantity=2,
                value_amount="24.00",
                net_weight=0.2,
            )
        ],
    )
    return request


async def test_customs_round_trip(own: ShippingClient) -> None:
    shipment = await own.shipments.create(zurich_request())
    declaration = shipment.customs_declaration
    assert declaration is not None and declaration.items[0].id
    assert declaration.items[0].hs_tariff_number == "611595"
    papers = await own.shipment_documents.customs_documents(shipment)
    assert papers is not None
    assert len(pypdf.PdfReader(io.BytesIO(papers)).pages) == 3  # two CN 23, the invoice
    uploaded = await own.shipment_documents.upload(shipment.id, [document_upload(PDF_BYTES)])
    assert [type(d) for d in uploaded] == [ShipmentDocument]
    assert uploaded[0].document_format == "pdf"
    listed = await own.shipment_documents.list(shipment.id)
    assert [d.id for d in listed] == [uploaded[0].id]
    assert await own.shipment_documents.get(shipment.id, uploaded[0].id) == uploaded[0]
    assert await own.shipment_documents.download(uploaded[0]) == PDF_BYTES
    with pytest.raises(ValueError, match="PDF, PNG or JPEG"):
        document_upload(b"GIF89a")


async def test_trackers_and_invoice_address(own: ShippingClient) -> None:
    tracker = await own.trackers.create("ups", "1Z999AA10123456784")
    assert isinstance(tracker, Tracker) and tracker.status == "registered"
    moved = await own.sandbox.add_tracker_event(tracker.id)
    assert moved.status == "picked_up" and moved.tracking_events[0].status == "picked_up"
    assert [t.id for t in await own.trackers.list()] == [tracker.id]
    assert (await own.trackers.get(tracker.id)).status == "picked_up"
    assert await own.default_addresses.invoice() is None
    stored = await own.default_addresses.set_invoice(SENDER)
    assert (await own.default_addresses.invoice()) == stored
