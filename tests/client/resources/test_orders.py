"""client.orders: orders stored for the desk, their filters, paging, deletion and refusal."""

from __future__ import annotations

import pytest

from desktop_app.client import NotFoundError, ShippingClient, UnprocessableEntityError
from desktop_app.domain.models import Order
from tests.payloads import RECEIVER

LINE = {
    "sku": "SKU-1",
    "title": {"fallback": "Sneaker"},
    "quantity": 2,
    "price": 10.0,
    "vat": 1.9,
    "currency": "EUR",
}


async def test_orders(fresh_client: ShippingClient) -> None:
    body = {
        "external_order_id": "C-1",
        "external_customer_id": "K-1",
        "currency": "EUR",
        "total_price": 20.0,
        "total_vat": 3.8,
        "delivery_address": RECEIVER,
        "order_line_items": [LINE],
    }
    created = await fresh_client.orders.create(body)
    assert isinstance(created, Order)
    assert created.delivery_address is not None and created.delivery_address.city == "Köln"
    assert created.order_line_items[0].title_text == "Sneaker"
    other = await fresh_client.orders.create({**body, "external_order_id": "C-2"})
    assert [o.id for o in await fresh_client.orders.list()] == [other.id, created.id]
    assert [o.id for o in await fresh_client.orders.list(external_order_id="C-1")] == [created.id]
    assert len(await fresh_client.orders.list(external_customer_id="K-1")) == 2
    assert [o.id async for o in fresh_client.orders.iter_all(per_page=1)] == [other.id, created.id]
    assert (await fresh_client.orders.get(created.id)).external_order_id == "C-1"
    await fresh_client.orders.delete(created.id)
    with pytest.raises(NotFoundError):
        await fresh_client.orders.get(created.id)
    with pytest.raises(UnprocessableEntityError):
        await fresh_client.orders.create({**body, "currency": "CHF"})
