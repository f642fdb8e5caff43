"""Shop connections against the test servers (tests/fixtures/shops, HTTPS on loopback):
orders pulled per second (WooCommerce, Shopware 6, Shopify; 1000 open orders, 100 a page) and the
write-back latency of one order through the outbox (median of 50: find the shop order, write
the tracking number, mark it shipped, commit).

Targets: >= 200 orders/s pulled (a shop's 1000 open orders in 5 s: the test server's JSON
and TLS on this machine are the cost, a real shop's response time adds to it) and a median
write-back <= 250 ms (the three requests of WooCommerce: notes, note, status).

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

from bench.support import machine_line  # noqa: E402
from desktop_app.profiles.store import ProfileStore  # noqa: E402
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
    assert pulled == COUNT, pulled
    return pulled / elapsed


async def write_back_latency(woo: RunningWoo, folder: Path) -> list[float]:
    outbox = ShopOutbox(folder)
    async with woo.connect() as connection:
        pages = [page async for page in connection.pull(None)]
    outbox.remember("Woo", [o for page in pages for o in page][:WRITE_BACKS])
    times = []
    with ProfileStore(folder) as store:
        for n in range(1, WRITE_BACKS + 1):
            data = shipment(n, "be")
            data["reference_number"] = str(700 + n)
            store.add_shipment(data, b"%PDF-1.4", "pdf_a6")
            started = time.perf_counter()
            outbox.enqueue_shipped(store)
            result = await outbox.deliver(lambda _name: woo.connect(), lambda _id: False)
            times.append((time.perf_counter() - started) * 1000)
            assert len(result.written) == 1
    outbox.close()
    return times


def main() -> int:
    print(machine_line())
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        woo_shop = WooShop()
        woo_shop.add(*(make_order(n) for n in range(1, COUNT + 1)))
        with serve(woocommerce_app(woo_shop), Path(tmp) / "woo-tls") as server:
            woo = RunningWoo(woo_shop, server)
            rate = asyncio.run(pull_rate(woo))
            ok &= rate >= PULL_TARGET
            print(f"WooCommerce pull: {rate:.0f} orders/s (target >= {PULL_TARGET:g})")
            times = asyncio.run(write_back_latency(woo, Path(tmp) / "profile"))
            median = statistics.median(times)
            ok &= median <= LATENCY_TARGET_MS
            print(f"WooCommerce write-back: median {median:.1f} ms, max {max(times):.1f} ms"
                  f" (target median <= {LATENCY_TARGET_MS:g} ms)")  # fmt: skip
        sw_shop = ShopwareShop()
        sw_shop.add(*(sw_order(n) for n in range(1, COUNT + 1)))
        with serve(shopware_app(sw_shop), Path(tmp) / "sw-tls") as server:
            rate = asyncio.run(pull_rate(RunningShopware(sw_shop, server)))
            ok &= rate >= PULL_TARGET
            print(f"Shopware 6 pull: {rate:.0f} orders/s (target >= {PULL_TARGET:g})")
        shopify_shop = ShopifyShop()
        shopify_shop.add(*(shopify_order(n) for n in range(1, COUNT + 1)))
        with serve(shopify_app(shopify_shop), Path(tmp) / "shopify-tls") as server:
            rate = asyncio.run(pull_rate(RunningShopify(shopify_shop, server)))
            ok &= rate >= PULL_TARGET
            print(f"Shopify pull: {rate:.0f} orders/s (target >= {PULL_TARGET:g})")
        assert not woo_shop.violations and not sw_shop.violations
        assert not shopify_shop.violations
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
