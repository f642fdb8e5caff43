"""Child process of the outbox crash tests: dies (SIGKILL) at a step, as a crash would.

Usage: python -m tests.shops.outbox_child PROFILE_DIR STEP SHOP_URL CA_FILE
STEP "label": the label of order 701 is stored, then the process dies before anything is
queued. STEP "written": the shop accepts the write-back, then the process dies before the
outbox commits it.
"""

from __future__ import annotations

import asyncio
import os
import signal
import ssl
import sys
from pathlib import Path

from desktop_app.orders.records import OrderRecord
from desktop_app.profiles.store import OrderOrigin, ProfileStore
from desktop_app.shops import ShopConfig, ShopOrder, WooCommerceConnection
from desktop_app.shops import outbox as outbox_module
from desktop_app.shops.outbox import ShopOutbox
from tests.fixtures.shops.woocommerce import KEY, SECRET
from tests.profiles.store_child import shipment


def label_for(store: ProfileStore, number: str, shop: str = "Woo", tag: str = "ab") -> str:
    """What the desk does when a label is made for the shop's order `number` (its id is the
    number here): the shipment is stored with the order it was made for. Its id."""
    data = shipment(int(number), tag)
    data["reference_number"] = number
    origin = OrderOrigin(number=number, shop=shop, shop_order_id=number)
    return store.add_shipment(data, b"%PDF-1.4 label", "pdf_a6", order=origin).id


def main(argv: list[str]) -> int:
    profile_dir, step, url, ca_file = Path(argv[0]), argv[1], argv[2], argv[3]
    outbox = ShopOutbox(profile_dir)
    store = ProfileStore(profile_dir)
    outbox.remember("Woo", [ShopOrder("701", OrderRecord("701", {}))])
    label_for(store, "701")
    if step == "label":
        os.kill(os.getpid(), signal.SIGKILL)
    config = ShopConfig(name="Woo", platform="woocommerce", url=url, environment="test")
    verify = ssl.create_default_context(cafile=ca_file)

    def connect(name: str) -> WooCommerceConnection:
        creds = {"consumer_key": KEY, "consumer_secret": SECRET}
        return WooCommerceConnection(config, creds, verify=verify)

    outbox_module._fault_hook = lambda point: os.kill(os.getpid(), signal.SIGKILL)
    outbox.enqueue_shipped(store)
    asyncio.run(outbox.deliver(connect, lambda shipment_id: False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
