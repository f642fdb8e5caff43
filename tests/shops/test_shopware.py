"""Shopware 6: pulling open orders and writing tracking back, against the test server."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from desktop_app.profiles.store import OrderOrigin, ProfileStore
from desktop_app.shops import ShopAuthError, ShopOrder, Tracking
from desktop_app.shops.outbox import ShopOutbox
from tests.fixtures.shops.shopware import hex_id, make_order, make_product
from tests.profiles.store_child import shipment
from tests.shops.conftest import RunningShopware


async def pull_all(shopware: RunningShopware, since: str | None = None) -> list[list[ShopOrder]]:
    async with shopware.connect() as connection:
        return [page async for page in connection.pull(since)]


async def test_paid_open_orders_come_page_by_page_then_only_what_changed(
    shopware: RunningShopware,
) -> None:
    shopware.shop.add(*(make_order(n) for n in range(1, 13)))
    shopware.shop.add(make_order(20, paid=False), make_order(21, delivery="shipped"))

    pages = await pull_all(shopware)

    assert [len(page) for page in pages] == [10, 2]
    first = pages[0][0]
    assert (first.number, first.shop_order_id) == ("10001", hex_id(1, "d0"))
    assert first.record.receiver().zip_code == "10115"
    assert [(i.sku, i.quantity) for i in first.record.items] == [("SW10001", 2.0)]
    cursor = max(o.modified_at for page in pages for o in page)

    shopware.shop.touch(4)
    assert [o.number for page in await pull_all(shopware, cursor) for o in page] == ["10004"]


async def test_an_expired_token_is_fetched_again_and_a_429_and_5xx_waited_out(
    shopware: RunningShopware,
) -> None:
    shopware.shop.add(make_order(1))
    async with shopware.connect() as connection:
        assert len([p async for p in connection.pull(None)]) == 1
        shopware.shop.expire()
        shopware.shop.faults = [429, 502]
        again = [o for page in [p async for p in connection.pull(None)] for o in page]
    assert [o.number for o in again] == ["10001"]
    assert shopware.shop.token_requests == 2


async def test_wrong_client_credentials_are_said_in_words(shopware: RunningShopware) -> None:
    shopware.shop.client_secret = "rotated"
    with pytest.raises(ShopAuthError, match="refused the credentials.*Client authentication"):
        await pull_all(shopware)


async def test_write_back_adds_the_tracking_code_and_ships_the_delivery_once(
    shopware: RunningShopware, tmp_path: Path
) -> None:
    shopware.shop.add(make_order(1))
    outbox = ShopOutbox(tmp_path)
    [[order]] = await pull_all(shopware)
    outbox.remember("Shopware", [order])
    with ProfileStore(tmp_path) as store:
        data = shipment(1, "cd")
        data["reference_number"] = "10001"
        made_for = OrderOrigin(number="10001", shop="Shopware", shop_order_id=order.shop_order_id)
        store.add_shipment(data, b"%PDF-1.4 label", "pdf_a6", order=made_for)
        outbox.enqueue_shipped(store)
    result = await outbox.deliver(lambda name: shopware.connect(), lambda s: False)
    async with shopware.connect() as connection:  # again, as after a crash: no change
        await connection.write_back(order.shop_order_id, Tracking("TRACKcd000001", "dhl", ""))
    outbox.close()

    assert [e.number for e in result.written] == ["10001"]
    delivery = shopware.shop.delivery(hex_id(1, "d0"))
    assert delivery is not None
    assert delivery["trackingCodes"] == ["TRACKcd000001"]
    assert delivery["stateMachineState"]["technicalName"] == "shipped"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/search/order", {"filter": [{"type": "equals", "field": "orderNumber"}]}),
        ("/api/search/order", {"aggregations": [], "limit": 5}),
        ("/api/search/order", {"total-count-mode": "all"}),
        (f"/api/_action/order_delivery/{'d' * 32}/state/ship", {"sendMail": 1, "notify": True}),
    ],
)
def test_the_test_server_refuses_what_the_schema_refuses(
    shopware: RunningShopware, path: str, body: object
) -> None:
    shopware.shop.tokens.add("t")
    with httpx.Client(verify=shopware.server.ssl_context()) as http:
        answer = http.post(
            shopware.server.base_url + path, json=body, headers={"Authorization": "Bearer t"}
        )
    assert answer.status_code == 400
    assert len(shopware.shop.violations) == 1
    shopware.shop.violations.clear()


async def test_ids_of_the_default_orders_export_looked_up_in_the_shop(
    shopware: RunningShopware, tmp_path: Path
) -> None:
    """Shopware's default orders export names the country and the products by id: a
    configured shop says what they are, and the profile needs no person to say it."""
    from desktop_app.orders.engine import read_orders
    from desktop_app.profiles.catalogue import Catalogue
    from desktop_app.shops.sync import learn_ids_from_shop
    from tests.orders.helpers import SHOPWARE_IDS

    export = (
        Path(__file__).parents[1] / "orders" / "fixtures" / "platforms" / "shopware6_orders.csv"
    )
    shopware.shop.countries = {
        shop_id: {"id": shop_id, "iso": code.lower() if code == "ES" else code}
        for shop_id, code in SHOPWARE_IDS["country"].items()
    }
    shopware.shop.products = {
        shop_id: {"id": shop_id, "productNumber": sku}
        for shop_id, sku in SHOPWARE_IDS["product"].items()
    }
    catalogue = Catalogue.of_profile(tmp_path)
    orders = read_orders(export, catalogue=catalogue)
    assert set(orders.unknown_ids) == {"country", "product"}
    async with shopware.connect() as connection:
        learned = await learn_ids_from_shop(connection, orders.unknown_ids, catalogue)
    assert learned == SHOPWARE_IDS
    again = read_orders(export, catalogue=catalogue)
    assert not again.unknown_ids
    assert [r.cells["shipping_address_country_id"] for r in again.records] == [
        "DE", "DE", "FR", "ES"]  # fmt: skip


async def test_items_carry_their_products_weights_in_kg_a_variant_its_parents(
    shopware: RunningShopware,
) -> None:
    shopware.shop.add_products(
        make_product(1, 0.45),
        make_product(3, 1.2),  # a vase with two variants
        make_product(2, None, parent=3),  # the small vase: the vase's weight
        make_product(4, 2.0, parent=3),  # the large vase: its own
    )
    order = make_order(1)
    line = order["lineItems"][0]
    order["lineItems"] = [
        line,
        {**line, "productId": hex_id(2, "b0"), "payload": {"productNumber": "SW10002"}},
        {**line, "productId": hex_id(4, "b0"), "payload": {"productNumber": "SW10004"}},
        {**line, "productId": hex_id(9, "b0"), "payload": {"productNumber": "SW10009"}},
    ]
    shopware.shop.add(order)

    [[pulled]] = await pull_all(shopware)

    weights = {item.sku: item.weight_kg for item in pulled.record.items}
    assert weights == {"SW10001": 0.45, "SW10002": 1.2, "SW10004": 2.0, "SW10009": None}


async def test_an_integration_not_allowed_to_read_products_gets_orders_without_weights(
    shopware: RunningShopware,
) -> None:
    shopware.shop.add_products(make_product(1, 0.45))
    shopware.shop.add(make_order(1))
    shopware.shop.product_read = False

    [[pulled]] = await pull_all(shopware)

    assert pulled.number == "10001" and [i.weight_kg for i in pulled.record.items] == [None]
