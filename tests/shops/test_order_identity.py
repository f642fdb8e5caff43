"""A shipment knows the order it was made for: two connected shops each with an open order
1001, and an older label with reference 1001, through the real sync, the Scan page's flow and
the write-back - a tracking number reaches the shop order its label was made for and no other.

(On the code before shipments named their order, the second shop's 1001 was never stored
- the service "had" 1001 - and the older label, matched by its reference, was written to
both shops' orders.)
"""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from desktop_app.profiles.secrets import FileSecretStore
from desktop_app.profiles.store import StoredShipment
from desktop_app.shops import ShopConfig
from desktop_app.shops.book import ShopBook
from desktop_app.shops.outbox import ShopOutbox
from desktop_app.shops.rounds import ShopRounds
from tests.fixtures.shops import shopify as shopify_fixture
from tests.fixtures.shops import woocommerce as woo_fixture
from tests.fixtures.shops.server import ShopServer, serve
from tests.shops.conftest import RunningShopify, RunningWoo
from tests.station import conftest as station_fixtures
from tests.station.conftest import Desk, order_body

desk = station_fixtures.desk  # the Scan page's flow on the test service (a fixture)

NUMBER = "1001"
WOO_1001 = 1001  # WooCommerce's order id of the order numbered 1001 (make_order(301))


def woo_1001() -> dict[str, object]:
    return woo_fixture.make_order(WOO_1001 - 700)  # receiver Erika Muster301, 10115 Berlin


def shopify_1001() -> dict[str, object]:
    """A Shopify order whose name carries no "#" (the shop's order name format)."""
    order = shopify_fixture.make_order(1)  # receiver Erika Muster1, 10115 Berlin
    order["name"] = NUMBER
    return order


async def ship(desk: Desk, last_name: str) -> StoredShipment:
    """Scan 1001 at the station, pick the order of this receiver, ship it."""
    outcome = await desk.station.scan(NUMBER)
    if outcome.kind == "choose":
        [order] = [o for o in outcome.choices
                   if o.data["delivery_address"]["last_name"] == last_name]  # fmt: skip
        outcome = await desk.station.choose(order.id)
    if outcome.kind != "shipped":
        assert outcome.kind == "packing", outcome  # opened: the packer types a weight
        assert outcome.order is not None
        assert outcome.order.data["delivery_address"]["last_name"] == last_name
        desk.station.set_weight(0.8)
        outcome = await desk.station.ship(override="all packed")
    assert outcome.kind == "shipped", outcome
    assert outcome.shipment is not None and outcome.shipment.carrier_tracking_no
    return outcome.shipment


@dataclass
class Shops:
    runner: ShopRounds
    outbox: ShopOutbox


def trust(*servers: ShopServer) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=str(servers[0].ca_file))
    for server in servers[1:]:
        context.load_verify_locations(cafile=str(server.ca_file))
    return context


@pytest.fixture
def second_woo(tmp_path: Path) -> Iterator[RunningWoo]:
    """Another WooCommerce shop on a server of its own."""
    shop = woo_fixture.WooShop()
    with serve(woo_fixture.woocommerce_app(shop), tmp_path / "woo-b-tls") as server:
        yield RunningWoo(shop, server)
    assert shop.violations == []


ShopEntry = tuple[str, str, ShopServer, dict[str, str]]  # name, platform, server, credentials


def connect_shops(desk: Desk, tmp_path: Path, shops: list[ShopEntry]) -> Shops:
    book = ShopBook(tmp_path / "shops", desk.profile.profile.id, "sandbox",
                    FileSecretStore(tmp_path / "secrets.json"))  # fmt: skip
    for name, platform, server, credentials in shops:
        book.add(ShopConfig(name, platform, server.base_url, "test"), credentials)
    outbox = ShopOutbox(tmp_path / "shops")
    verify = trust(*(server for _, _, server, _ in shops))
    runner = ShopRounds(book, outbox, desk.store, desk.client, connect_options={"verify": verify})
    return Shops(runner, outbox)


@pytest.fixture
async def woo_and_shopify(
    desk: Desk, woo: RunningWoo, shopify: RunningShopify, tmp_path: Path
) -> AsyncIterator[Shops]:
    shops = connect_shops(desk, tmp_path, [
        ("Woo A", "woocommerce", woo.server,
         {"consumer_key": woo_fixture.KEY, "consumer_secret": woo_fixture.SECRET}),
        ("Shopify B", "shopify", shopify.server, {"access_token": shopify_fixture.TOKEN}),
    ])  # fmt: skip
    yield shops
    shops.outbox.close()


@pytest.fixture
async def two_woos(
    desk: Desk, woo: RunningWoo, second_woo: RunningWoo, tmp_path: Path
) -> AsyncIterator[Shops]:
    credentials = {"consumer_key": woo_fixture.KEY, "consumer_secret": woo_fixture.SECRET}
    shops = connect_shops(desk, tmp_path, [
        ("Woo A", "woocommerce", woo.server, credentials),
        ("Woo B", "woocommerce", second_woo.server, credentials),
    ])  # fmt: skip
    yield shops
    shops.outbox.close()


async def older_label_1001(desk: Desk) -> StoredShipment:
    """Last year's order 1001 of this desk, shipped at the station."""
    await desk.add_orders(order_body(NUMBER))
    return await ship(desk, f"Kundin {NUMBER}")


def written(result: object) -> list[tuple[str, str, str]]:
    entries = result.delivery.written  # type: ignore[attr-defined]
    return [(e.shop, e.number, e.tracking.number) for e in entries]


async def test_a_label_goes_to_its_own_shops_order_never_the_other_shops_1001(
    desk: Desk, woo: RunningWoo, shopify: RunningShopify, woo_and_shopify: Shops
) -> None:
    runner = woo_and_shopify.runner
    older = await older_label_1001(desk)
    woo.shop.add(woo_1001())
    shopify.shop.add(shopify_1001())
    shopify_id = shopify_1001()["id"]

    pulled = await runner.run_once()

    assert written(pulled) == []  # the older label reaches neither shop's 1001
    assert not woo.shop.notes and not shopify.shop.orders[shopify_id].get("fulfillments")
    assert pulled.synced["Woo A"].stored == [NUMBER]
    assert pulled.synced["Shopify B"].stored == [NUMBER]  # another shop's 1001: its own order
    await desk.inbox.refresh(force=True)
    label_a = await ship(desk, "Muster301")
    assert label_a.carrier_tracking_no != older.carrier_tracking_no

    after_a = await runner.run_once()

    assert written(after_a) == [("Woo A", NUMBER, label_a.carrier_tracking_no)]
    [note] = woo.shop.notes[WOO_1001]
    assert label_a.carrier_tracking_no in note["note"]
    assert woo.shop.orders[WOO_1001]["status"] == "completed"
    assert shopify.shop.orders[shopify_id]["displayFulfillmentStatus"] == "UNFULFILLED"
    assert not shopify.shop.orders[shopify_id].get("fulfillments")

    label_b = await ship(desk, "Muster1")
    after_b = await runner.run_once()

    assert written(after_b) == [("Shopify B", NUMBER, label_b.carrier_tracking_no)]
    [fulfillment] = shopify.shop.orders[shopify_id]["fulfillments"]
    assert fulfillment["number"] == label_b.carrier_tracking_no
    assert len(woo.shop.notes[WOO_1001]) == 1  # nothing more to shop A


async def test_two_woocommerce_shops_each_get_their_own_label_and_a_deleted_one_none(
    desk: Desk, woo: RunningWoo, second_woo: RunningWoo, two_woos: Shops
) -> None:
    runner = two_woos.runner
    await older_label_1001(desk)
    woo.shop.add(woo_1001())
    other = woo_fixture.make_order(WOO_1001 - 700)
    other["shipping"]["last_name"] = other["billing"]["last_name"] = "Beispiel"
    second_woo.shop.add(other)

    pulled = await runner.run_once()
    assert written(pulled) == []  # the older label reaches neither shop's 1001
    assert pulled.synced["Woo A"].stored == pulled.synced["Woo B"].stored == [NUMBER]
    await desk.inbox.refresh(force=True)
    cancelled = await ship(desk, "Muster301")
    desk.store.mark_deleted(cancelled.id)  # deleted before any write-back

    after_delete = await runner.run_once()

    assert written(after_delete) == []
    assert WOO_1001 not in woo.shop.notes and WOO_1001 not in second_woo.shop.notes
    assert woo.shop.orders[WOO_1001]["status"] == "processing"

    label_b = await ship(desk, "Beispiel")  # the one open order 1001 left
    after_b = await runner.run_once()

    assert written(after_b) == [("Woo B", NUMBER, label_b.carrier_tracking_no)]
    [note_b] = second_woo.shop.notes[WOO_1001]
    assert label_b.carrier_tracking_no in note_b["note"]
    assert WOO_1001 not in woo.shop.notes and woo.shop.orders[WOO_1001]["status"] == "processing"


async def test_a_shipment_deleted_after_it_was_queued_is_not_written(
    desk: Desk, woo: RunningWoo, woo_and_shopify: Shops
) -> None:
    runner = woo_and_shopify.runner
    woo.shop.add(woo_1001())
    await runner.run_once()
    await desk.inbox.refresh(force=True)
    label = await ship(desk, "Muster301")
    assert woo_and_shopify.outbox.enqueue_shipped(desk.store) == 1
    desk.store.mark_deleted(label.id)

    result = await runner.run_once()

    assert [e.shipment_id for e in result.delivery.cancelled] == [label.id]
    assert written(result) == [] and WOO_1001 not in woo.shop.notes


#: the WooCommerce Customer/Order/Coupon Export of shop A: its pulled order 1001 (the same
#: receiver) and an order 1002 it has not pulled
EXPORT = (
    "order_number,order_date,shipping_first_name,shipping_last_name,shipping_company,"
    "shipping_address_1,shipping_postcode,shipping_city,shipping_country,billing_email,"
    "item_sku,item_name,item_quantity,item_price\n"
    "1001,2026-11-20,Erika,Muster301,,Hauptstr. 5,10115,Berlin,DE,erika@example.org,"
    "MUG-1,Mug,2,12.57\n"
    "1002,2026-11-20,Hans,Beispiel,,Ring 1,20095,Hamburg,DE,hans@example.org,MUG-1,Mug,1,12.57\n"
)


async def test_a_batch_of_the_shops_export_writes_back_its_label_never_an_older_one(
    desk: Desk, woo: RunningWoo, woo_and_shopify: Shops, tmp_path: Path
) -> None:
    """The batch's order 1001 of the shop's export is the shop's pulled 1001 (same number,
    same receiver): its label is written back, the older label 1001 neither skips the row
    nor reaches the shop; 1002, not pulled from the shop, is the file's order only."""
    from desktop_app.batch_runs.rows import Batch
    from desktop_app.batch_runs.runner import BatchRunner
    from desktop_app.orders.engine import read_orders
    from desktop_app.orders.shipment_drafts import Defaults
    from tests.orders.helpers import PACKAGE, SENDER

    older = await older_label_1001(desk)
    woo.shop.add(woo_1001())
    await woo_and_shopify.runner.run_once()
    await desk.inbox.refresh(force=True)
    export = tmp_path / "woo-orders.csv"
    export.write_text(EXPORT, encoding="utf-8")
    defaults = Defaults(sender=SENDER, carrier="dhl", package=PACKAGE)
    batch = Batch.of_orders(read_orders(export), defaults)
    assert [r.reference for r in batch.rows] == [NUMBER, "1002"] and all(
        r.valid for r in batch.rows
    ), [r.problems for r in batch.rows]

    await BatchRunner(batch, desk.station.creator).run()

    assert [(r.status, r.resumed) for r in batch.rows] == [("created", False)] * 2
    label_1001 = desk.store.get_shipment(batch.rows[0].shipment_id or "")
    assert label_1001.id != older.id
    assert label_1001.order is not None and label_1001.order.shop == "Woo A"
    assert label_1001.order.file == "woo-orders.csv"
    label_1002 = desk.store.get_shipment(batch.rows[1].shipment_id or "")
    assert label_1002.order is not None and label_1002.order.shop is None
    assert label_1002.order.file == "woo-orders.csv"

    result = await woo_and_shopify.runner.run_once()

    assert written(result) == [("Woo A", NUMBER, label_1001.carrier_tracking_no)]
    [note] = woo.shop.notes[WOO_1001]
    assert label_1001.carrier_tracking_no in note["note"]


async def test_a_pulled_order_ships_at_the_scan_page_with_the_shops_weights(
    desk: Desk, woo: RunningWoo, woo_and_shopify: Shops
) -> None:
    """The shop's product weight (in ounces here) reaches the inbox order: a scan ships it at
    once with the items' weight, nothing typed."""
    woo.shop.weight_unit = "oz"
    woo.shop.products = {93: woo_fixture.make_product(93, "16")}  # one mug: a pound
    woo.shop.add(woo_1001())  # two mugs
    await woo_and_shopify.runner.run_once()
    await desk.inbox.refresh(force=True)

    outcome = await desk.station.scan(NUMBER)

    assert outcome.kind == "shipped", outcome
    assert outcome.weight_kg == pytest.approx(2 * 0.45359237, abs=1e-5)
    assert outcome.shipment is not None
    [package] = outcome.shipment.data["packages"]
    assert package["weight"] == pytest.approx(0.907, abs=1e-3)
