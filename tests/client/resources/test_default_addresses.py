"""client.default_addresses: the account's shipping, returns and invoice addresses, and a
shipment without `from` sent from the default shipping address."""

from __future__ import annotations

from desktop_app.client import ShippingClient
from tests.client.conftest import shipment_request
from tests.payloads import SENDER


async def test_default_addresses_and_no_from(fresh_client: ShippingClient) -> None:
    assert await fresh_client.default_addresses.shipping() is None
    assert await fresh_client.default_addresses.returns() is None
    stored = await fresh_client.default_addresses.set("shipping", SENDER)
    assert stored.company == SENDER["company"]
    assert (await fresh_client.default_addresses.shipping()) == stored
    request = shipment_request()
    del request["from"]
    shipment = await fresh_client.shipments.create(request)
    assert shipment.from_ is not None and shipment.from_.company == SENDER["company"]


async def test_invoice_address(fresh_client: ShippingClient) -> None:
    assert await fresh_client.default_addresses.invoice() is None
    stored = await fresh_client.default_addresses.set_invoice(SENDER)
    assert (await fresh_client.default_addresses.invoice()) == stored
