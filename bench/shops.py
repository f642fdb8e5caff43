"""Shop connections against the test servers (tests/fixtures/shops, HTTPS on loopback):
orders pulled per second and the write-back latency of one order through the outbox, for
WooCommerce, Shopware 6 and Shopify (1000 open orders, 100 a page; latency: median of 50 - find
the shop order, write the tracking number, mark it shipped, commit).

Targets: >= 200 orders/s pulled (a shop's 1000 open orders in 5 s: the test server's JSON
and TLS on this machine are the cost, a real shop's response time adds to it) and a median
write-back <= 250 ms (WooCommerce: notes, note, status; Shopware 6: token, delivery, tracking
code, transition; Shopify: the order's fulfillment orders, then a fulfillment).

Usage: python bench/shops.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.support import exit_status, machine_line, missed, quick_requested, wrong  # noqa: E402
from desktop_app.profiles.store import OrderOrigin, ProfileStore  # noqa: E402
from desktop_app.shops.outbox import ShopOutbox  # noqa: E402
from tests.fixtures.shops.server import serve  # noqa: E402
from tests.fixtures.shops.shopify import ShopifyShop, shopify_app  # noqa: E402
from tests.fixtures.shops.shopify import make_order as shopify_order  # noqa: E402
from tests.fixtures.shops.shopware import ShopwareShop, shopware_app  # noqa: E402
from tests.fixtures.shops.shopware import make_order as sw_order  # noqa: E402
from tests.fixtures.shops.woocommerce import WooShop, make_order, woocommerce_app  # noqa: E402
from tests.profiles.store_child import shipment  # noqa: E402
from tests.shops.conftest import RunningShopify, RunningShopware, RunningWoo  # noqa: E402

COUNT = 1000
WRITE_BACKS = 50
PULL_TARGET = 200.0
LATENCY_TARGET_MS = 250.0


async def pull_rate(running: RunningWoo | RunningShopware | RunningShopify) -> float:
    async with running.connect(page_size=100) as connection:
        started = time.perf_counter()
        pulled = sum([len(page) async for page in connection.pull(None)])
        elapsed = time.perf_counter() - started
    if pulled != COUNT:
        wrong(f"{pulled} of {COUNT} orders pulled")
    return pulled / elapsed


async def write_back_latency(
    running: RunningWoo | RunningShopware | RunningShopify, folder: Path
) -> list[float]:
    """Per order: a label made for a pulled order is queued and written to the shop."""
    outbox = ShopOutbox(folder)
    async with running.connect() as connection:
        name = connection.config.name
        pages = [page async for page in connection.pull(None)]
    orders = [o for page in pages for o in page][:WRITE_BACKS]
    outbox.remember(name, orders)
    times = []
    with ProfileStore(folder) as store:
        for n, order in enumerate(orders, start=1):
            data = shipment(n, "be")
            data["reference_number"] = order.number
            # made for this shop's order: the write-back matches by that identity only
            origin = OrderOrigin(number=order.number, shop=name, shop_order_id=order.shop_order_id)
            store.shipments.add(data, b"%PDF-1.4", "pdf_a6", order=origin)
            started = time.perf_counter()
            outbox.enqueue_shipped(store)
            result = await outbox.deliver(lambda _name: running.connect(), lambda _id: False)
            times.append((time.perf_counter() - started) * 1000)
            assert len(result.written) == 1, (result.failed, result.retry_later)
    outbox.close()
    return times


def report(
    title: str, running: RunningWoo | RunningShopware | RunningShopify, folder: Path
) -> bool:
    """Pull rate and write-back latency of one platform, printed; whether both meet the targets."""
    rate = asyncio.run(pull_rate(running))
    print(f"{title} pull: {rate:.0f} orders/s (target >= {PULL_TARGET:g})")
    times = asyncio.run(write_back_latency(running, folder))
    median = statistics.median(times)
    print(f"{title} write-back: median {median:.1f} ms, max {max(times):.1f} ms"
          f" (target median <= {LATENCY_TARGET_MS:g} ms)")  # fmt: skip
    return rate >= PULL_TARGET and median <= LATENCY_TARGET_MS


def main() -> int:
    global COUNT, WRITE_BACKS
    quick = quick_requested()
    if quick:  # (--quick: a page of orders, a few write-backs; make test)
        COUNT, WRITE_BACKS = 100, 5
    print(machine_line())
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        woo_shop = WooShop()
        woo_shop.add(*(make_order(n) for n in range(1, COUNT + 1)))
        with serve(woocommerce_app(woo_shop), Path(tmp) / "woo-tls") as server:
            ok &= report("WooCommerce", RunningWoo(woo_shop, server), Path(tmp) / "woo")
        sw_shop = ShopwareShop()
        sw_shop.add(*(sw_order(n) for n in range(1, COUNT + 1)))
        with serve(shopware_app(sw_shop), Path(tmp) / "sw-tls") as server:
            ok &= report("Shopware 6", RunningShopware(sw_shop, server), Path(tmp) / "sw")
        shopify_shop = ShopifyShop()
        shopify_shop.add(*(shopify_order(n) for n in range(1, COUNT + 1)))
        with serve(shopify_app(shopify_shop), Path(tmp) / "shopify-tls") as server:
            ok &= report("Shopify", RunningShopify(shopify_shop, server), Path(tmp) / "shopify")
        for name, shop in (("WooCommerce", woo_shop), ("Shopware 6", sw_shop),
                           ("Shopify", shopify_shop)):  # fmt: skip
            if shop.violations:
                wrong(f"{name}: requests the shop's API would refuse: {shop.violations}")
    if not ok:
        missed("shops: pull rate and write-back latency")
    return exit_status(quick)


if __name__ == "__main__":
    sys.exit(main())
