"""A round over every shop of a profile: WooCommerce and Shopware orders into the service,
labels made for them written back, a shop that is down said in words while the other goes on;
the round loop (shops/rounds.py, the app's background task) stops when asked."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from desktop_app.client import ShippingClient
from desktop_app.profiles.secrets import FileSecretStore
from desktop_app.profiles.store import OrderOrigin, ProfileStore
from desktop_app.shops import ShopConfig
from desktop_app.shops.book import ShopBook
from desktop_app.shops.outbox import ShopOutbox
from desktop_app.shops.rounds import ShopRounds
from tests.fixtures.service import RunningService
from tests.fixtures.shops import shopware as sw
from tests.fixtures.shops import woocommerce as woo_fixture
from tests.profiles.store_child import shipment
from tests.shops.conftest import RunningShopware, RunningWoo


@pytest.fixture
async def runner(
    woo: RunningWoo, shopware: RunningShopware, local_service: RunningService, tmp_path: Path
) -> AsyncIterator[ShopRounds]:
    book = ShopBook(tmp_path, "p-1", "sandbox", FileSecretStore(tmp_path / "secrets.json"))
    book.add(
        ShopConfig("Woo", "woocommerce", woo.server.base_url, "test"),
        {"consumer_key": woo_fixture.KEY, "consumer_secret": woo_fixture.SECRET},
    )
    book.add(ShopConfig("Shopware", "shopware6", shopware.server.base_url, "test"),
             {"client_id": sw.CLIENT_ID, "client_secret": sw.CLIENT_SECRET})  # fmt: skip
    trust = ssl.create_default_context(cafile=str(woo.server.ca_file))
    trust.load_verify_locations(cafile=str(shopware.server.ca_file))
    account = local_service.add_account()
    outbox = ShopOutbox(tmp_path)
    with ProfileStore(tmp_path) as store:
        async with ShippingClient(
            local_service.base_url, account["sandbox_key"], ca_file=str(local_service.ca_file)
        ) as client:
            yield ShopRounds(
                book, outbox, store, client, connect_options={"verify": trust}, interval=3600
            )
    outbox.close()


def label(store: ProfileStore, n: int, number: str, shop: str, shop_order_id: str) -> None:
    data = shipment(n, "fa")
    data["reference_number"] = number
    origin = OrderOrigin(number=number, shop=shop, shop_order_id=shop_order_id)
    store.add_shipment(data, b"%PDF-1.4 label", "pdf_a6", order=origin)


async def test_a_round_syncs_every_shop_and_writes_labels_back(
    runner: ShopRounds, woo: RunningWoo, shopware: RunningShopware
) -> None:
    woo.shop.add(woo_fixture.make_order(1), woo_fixture.make_order(2))
    shopware.shop.add(sw.make_order(1))

    first = await runner.run_once()
    assert sorted(first.synced["Woo"].stored) == ["701", "702"]
    assert first.synced["Shopware"].stored == ["10001"]
    label(runner.store, 1, "701", "Woo", "701")
    label(runner.store, 2, "10001", "Shopware", sw.hex_id(1, "d0"))
    woo.shop.down = True

    second = await runner.run_once()

    assert second.errors == {"Woo": "Woo answered 503: Service Unavailable"}
    assert [e.number for e in second.delivery.written] == ["10001"]
    delivery = shopware.shop.delivery(sw.hex_id(1, "d0"))
    assert delivery is not None and delivery["trackingCodes"] == ["TRACKfa000002"]
    assert [e.number for e in runner.outbox.entries("pending")] == ["701"]


async def test_the_periodic_runner_stops_when_asked(
    runner: ShopRounds, shopware: RunningShopware
) -> None:
    shopware.shop.add(sw.make_order(1))
    task = asyncio.create_task(runner.run())
    while not runner.outbox.cursor("Shopware"):  # the first round is done
        await asyncio.sleep(0.01)
    runner.stop()
    await asyncio.wait_for(task, 30)
    assert task.done() and task.exception() is None
