"""client.addresses: the stored address book, its filters and paging, and both list shapes."""

from __future__ import annotations

from desktop_app.client import ShippingClient
from desktop_app.domain.models import Address, AddressList, AddressResponse
from tests.client.conftest import shipment_request
from tests.payloads import RECEIVER, SENDER


async def test_addresses(client: ShippingClient) -> None:
    created = await client.addresses.create(Address.model_validate(SENDER))
    assert isinstance(created, AddressResponse)
    assert created.id and created.company == SENDER["company"]
    fetched = await client.addresses.get(created.id)
    assert fetched.city == SENDER["city"]
    listed = await client.addresses.list(per_page=100)
    assert created.id in {a.id for a in listed}
    everything = [a.id async for a in client.addresses.iter_all(per_page=1)]
    assert created.id in everything
    # a shipment may refer to the stored address by id alone
    shipment = await client.shipments.create(shipment_request(**{"from": {"id": created.id}}))
    assert shipment.from_ is not None and shipment.from_.company == SENDER["company"]


async def test_address_filters(fresh_client: ShippingClient) -> None:
    receiver = await fresh_client.addresses.create(RECEIVER)
    await fresh_client.addresses.create(SENDER)
    assert [a.id for a in await fresh_client.addresses.list(city="Köln")] == [receiver.id]
    assert await fresh_client.addresses.list(city="Köln", zip_code="10115") == []


def test_both_address_list_shapes_read() -> None:
    item = {"id": "a1", "city": "Köln"}
    for raw in ([item], {"addresses": [item]}):
        assert [a.id for a in AddressList.model_validate(raw).addresses] == ["a1"]
