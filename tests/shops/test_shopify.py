"""Shopify: pulling open orders and writing tracking back, against the test server."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from desktop_app.profiles.store import OrderOrigin, ProfileStore
from desktop_app.shops import ShopAuthError, ShopOrder, Tracking
from desktop_app.shops.outbox import ShopOutbox
from tests.fixtures.shops.shopify import PATH, TOKEN, make_order, make_variant
from tests.profiles.store_child import shipment
from tests.shops.conftest import RunningShopify


async def pull_all(shopify: RunningShopify, since: str | None = None) -> list[list[ShopOrder]]:
    async with shopify.connect() as connection:
        return [page async for page in connection.pull(since)]


async def test_paid_unfulfilled_orders_come_page_by_page_then_only_what_changed(
    shopify: RunningShopify,
) -> None:
    shopify.shop.add(*(make_order(n) for n in range(1, 13)))
    shopify.shop.add(make_order(20, paid=False), make_order(21, fulfilled=True))

    pages = await pull_all(shopify)

    assert [len(page) for page in pages] == [10, 2]
    first = pages[0][0]
    assert (first.number, first.shop_order_id) == ("#1001", "gid://shopify/Order/5001")
    assert first.record.receiver().name == "Erika Muster1"
    assert (first.record.items[0].sku, first.record.items[0].price) == ("MUG-1", 12.57)
    cursor = max(o.modified_at for page in pages for o in page)

    shopify.shop.touch(4)
    assert [o.number for page in await pull_all(shopify, cursor) for o in page] == ["#1004"]


async def test_a_throttled_query_waits_for_the_bucket(shopify: RunningShopify) -> None:
    shopify.shop.add(make_order(1))
    shopify.shop.throttle_next = True

    pages = await pull_all(shopify)

    assert [o.number for page in pages for o in page] == ["#1001"]
    assert shopify.shop.throttled == 1


async def test_a_revoked_token_is_said_in_words(shopify: RunningShopify) -> None:
    shopify.shop.token = "shpat_revoked"
    with pytest.raises(ShopAuthError, match="refused the credentials.*Invalid API key"):
        await pull_all(shopify)


async def test_write_back_creates_one_fulfillment_with_tracking(
    shopify: RunningShopify, tmp_path: Path
) -> None:
    shopify.shop.add(make_order(1))
    outbox = ShopOutbox(tmp_path)
    [[order]] = await pull_all(shopify)
    outbox.remember("Shopify", [order])
    with ProfileStore(tmp_path) as store:
        data = shipment(1, "ab")
        data["reference_number"] = "#1001"
        data["tracking_url"] = "https://www.dhl.de/t?n=TRACKab000001"
        made_for = OrderOrigin(number="#1001", shop="Shopify", shop_order_id=order.shop_order_id)
        store.add_shipment(data, b"%PDF-1.4 label", "pdf_a6", order=made_for)
        outbox.enqueue_shipped(store)
    result = await outbox.deliver(lambda _name: shopify.connect(), lambda _id: False)
    async with shopify.connect() as connection:  # again, as after a crash: no change
        await connection.write_back(order.shop_order_id, Tracking("TRACKab000001", "dhl", ""))
    outbox.close()

    assert [e.number for e in result.written] == ["#1001"]
    shopped = shopify.shop.orders[order.shop_order_id]
    assert shopped["displayFulfillmentStatus"] == "FULFILLED"
    assert shopped["fulfillments"] == [
        {"number": "TRACKab000001", "company": "dhl", "url": "https://www.dhl.de/t?n=TRACKab000001"}
    ]


@pytest.mark.parametrize(
    ("query", "variables"),
    [
        ("{ orders(first: 5) { nodes { id trackingNumber } } }", {}),  # no such field
        ("{ orders(first: 5, status: OPEN) { nodes { id } } }", {}),  # no such argument
        (
            "mutation S($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) "
            "{ userErrors { message } } }",
            {"f": {"trackingInfo": {"number": "1"}}},  # lineItemsByFulfillmentOrder missing
        ),
    ],
)
def test_the_test_server_refuses_what_the_schema_refuses(
    shopify: RunningShopify, query: str, variables: dict[str, object]
) -> None:
    with httpx.Client(verify=shopify.server.ssl_context()) as http:
        answer = http.post(
            shopify.server.base_url + PATH,
            json={"query": query, "variables": variables},
            headers={"X-Shopify-Access-Token": TOKEN},
        )
    assert answer.json()["errors"]
    assert len(shopify.shop.violations) == 1
    shopify.shop.violations.clear()


@pytest.mark.parametrize(
    ("unit", "value", "kg"),
    [("GRAMS", 450.0, 0.45), ("KILOGRAMS", 0.45, 0.45), ("OUNCES", 16.0, 0.453592),
     ("POUNDS", 2.5, 1.133981)],
)  # fmt: skip
async def test_items_carry_their_variants_shipping_weights_in_kg(
    shopify: RunningShopify, unit: str, value: float, kg: float
) -> None:
    order = make_order(1)
    [line] = order["lineItems"]["nodes"]
    line["variant"] = make_variant(1, (value, unit))
    order["lineItems"]["nodes"] = [
        line,
        {**line, "sku": "NO-WEIGHT", "variant": make_variant(2, None)},
        {**line, "sku": "DELETED", "variant": None},  # the product was deleted since
    ]
    shopify.shop.add(order)

    [[pulled]] = await pull_all(shopify)

    weights = {item.sku: item.weight_kg for item in pulled.record.items}
    assert weights == {"MUG-1": pytest.approx(kg, abs=1e-6), "NO-WEIGHT": None, "DELETED": None}


async def test_a_token_without_read_products_gets_the_orders_without_weights(
    shopify: RunningShopify,
) -> None:
    order = make_order(1)
    order["lineItems"]["nodes"][0]["variant"] = make_variant(1, (450.0, "GRAMS"))
    shopify.shop.add(order, make_order(2))
    shopify.shop.scopes = {"read_orders", "write_fulfillments"}

    pages = await pull_all(shopify)

    assert [o.number for page in pages for o in page] == ["#1001", "#1002"]
    assert [i.weight_kg for page in pages for o in page for i in o.record.items] == [None, None]
