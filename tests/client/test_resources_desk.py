"""The desk resources through ShippingClient: orders, default addresses, address filters, and
both list shapes read alike."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from pypdf import PdfReader

from desktop_app.client import NotFoundError, ShippingClient, UnprocessableEntityError
from desktop_app.domain.models import AddressList, Order, PickupRequestList
from tests.client.conftest import shipment_request
from tests.fixtures.service import RunningService
from tests.payloads import RECEIVER, SENDER

LINE = {
    "sku": "SKU-1",
    "title": {"fallback": "Sneaker"},
    "quantity": 2,
    "price": 10.0,
    "vat": 1.9,
    "currency": "EUR",
}


@pytest.fixture
async def own(client_service: RunningService) -> AsyncIterator[ShippingClient]:
    """A client of a fresh account (nothing stored yet)."""
    key = client_service.add_account()["sandbox_key"]
    async with ShippingClient(
        client_service.base_url, key, ca_file=str(client_service.ca_file)
    ) as shipping_client:
        yield shipping_client


async def test_orders(own: ShippingClient) -> None:
    body = {
        "external_order_id": "C-1",
        "external_customer_id": "K-1",
        "currency": "EUR",
        "total_price": 20.0,
        "total_vat": 3.8,
        "delivery_address": RECEIVER,
        "order_line_items": [LINE],
    }
    created = await own.orders.create(body)
    assert isinstance(created, Order)
    assert created.delivery_address is not None and created.delivery_address.city == "Köln"
    assert created.order_line_items[0].title_text == "Sneaker"
    other = await own.orders.create({**body, "external_order_id": "C-2"})
    assert [o.id for o in await own.orders.list()] == [other.id, created.id]
    assert [o.id for o in await own.orders.list(external_order_id="C-1")] == [created.id]
    assert len(await own.orders.list(external_customer_id="K-1")) == 2
    assert [o.id async for o in own.orders.iter_all(per_page=1)] == [other.id, created.id]
    assert (await own.orders.get(created.id)).external_order_id == "C-1"
    await own.orders.delete(created.id)
    with pytest.raises(NotFoundError):
        await own.orders.get(created.id)
    with pytest.raises(UnprocessableEntityError):
        await own.orders.create({**body, "currency": "CHF"})


async def test_default_addresses_and_no_from(own: ShippingClient) -> None:
    assert await own.default_addresses.shipping() is None
    assert await own.default_addresses.returns() is None
    stored = await own.default_addresses.set("shipping", SENDER)
    assert stored.company == SENDER["company"]
    assert (await own.default_addresses.shipping()) == stored
    request = shipment_request()
    del request["from"]
    shipment = await own.shipments.create(request)
    assert shipment.from_ is not None and shipment.from_.company == SENDER["company"]


async def test_address_filters(own: ShippingClient) -> None:
    receiver = await own.addresses.create(RECEIVER)
    await own.addresses.create(SENDER)
    assert [a.id for a in await own.addresses.list(city="Köln")] == [receiver.id]
    assert await own.addresses.list(city="Köln", zip_code="10115") == []


def test_both_list_shapes_read() -> None:
    item = {"id": "a1", "city": "Köln"}
    for raw in ([item], {"addresses": [item]}):
        assert [a.id for a in AddressList.model_validate(raw).addresses] == ["a1"]
    pickup = {"id": "p1", "carrier": "dpd"}
    for raw in ([pickup], {"pickup_requests": [pickup]}):
        assert [p.id for p in PickupRequestList.model_validate(raw).pickup_requests] == ["p1"]


async def test_locations(own: ShippingClient) -> None:
    found = await own.locations.find(["dhl"], zip_code="51147", city="Köln", radius=20_000)
    assert len(found) >= 3
    assert len(await own.locations.find(["dhl"], zip_code="51147", radius=20_000, limit=2)) == 2
    first = found[0]
    assert (first.carrier_code, first.service_point_id, first.location_type) == (
        "dhl",
        "155",
        "Locker",
    )
    assert first.hours_text() == "Mo-Su 00:00-24:00"
    assert [loc.distance for loc in found] == sorted(loc.distance or 0 for loc in found)
    branch = next(loc for loc in found if loc.location_type == "PostOffice")
    assert branch.hours_text() == "Mo-Fr 09:00-18:00, Sa 09:00-13:00"
    assert await own.locations.find(["dhl"], zip_code="99999") == []


async def test_manifests(own: ShippingClient) -> None:
    first = await own.shipments.create(shipment_request(carrier="dpd", label={"format": "pdf_a6"}))
    second = await own.shipments.create(shipment_request(carrier="dpd", label={"format": "pdf_a6"}))
    manifest = await own.manifests.create("dpd")
    assert manifest.shipments == [first.id, second.id]
    document = await own.manifests.document(manifest)
    assert document.startswith(b"%PDF")
    assert (await own.manifests.get(manifest.id)).carrier_reference_number == (
        manifest.carrier_reference_number
    )
    assert [m.id for m in await own.manifests.list(carrier="dpd")] == [manifest.id]
    with pytest.raises(UnprocessableEntityError):
        await own.manifests.create("dpd", [first.id])


async def test_a_manifest_in_the_clients_language(client_service: RunningService) -> None:
    """`language` goes to the service as Accept-Language: the manifest it makes is German."""
    key = client_service.add_account()["sandbox_key"]
    async with ShippingClient(
        client_service.base_url, key, ca_file=str(client_service.ca_file), language="de"
    ) as german:
        await german.shipments.create(shipment_request(carrier="dpd", label={"format": "pdf_a6"}))
        document = await german.manifests.document(await german.manifests.create("dpd"))
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(document)).pages)
    assert "Übergeben von (Versender)" in text and "Handed over" not in text
