"""While the app runs, a label made for a shop order is written back to the shop: the app
context of a profile with a WooCommerce test shop syncs its orders, and a shipment made at
the desk for one of them (the order put into the form with F7: it names the shop's order)
completes the order in the shop with the tracking number, without `packdesk shops sync`;
a label typed with the same number for no order is not written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.order_entry import entry_for
from desktop_app.printing.printers import PrinterBook
from desktop_app.profiles.store.orders import put_service_orders
from desktop_app.shops import ShopConfig
from desktop_app.shops.book import ShopBook
from tests.fixtures.shops.server import ShopServer, serve
from tests.fixtures.shops.woocommerce import KEY, SECRET, WooShop, make_order, woocommerce_app
from tests.gui.app_context import (
    add_service_profile,
    create,
    emitted,
    expect,
    isolate,
    make_manager,
    shipment_request,
)


@pytest.fixture
def woo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[WooShop, ShopServer]]:
    shop = WooShop()
    with serve(woocommerce_app(shop), Path(tmp_path_factory.mktemp("woo-tls"))) as server:
        yield shop, server
    assert shop.violations == [], "requests the WooCommerce reference refuses"


async def test_a_desk_label_for_a_shop_order_is_written_back_while_the_app_runs(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_service: Any,
    woo: tuple[WooShop, ShopServer],
) -> None:
    shop, server = woo
    shop.add(make_order(1), make_order(2))
    isolate(monkeypatch, tmp_path)
    manager = make_manager(tmp_path)
    profile = add_service_profile(manager, local_service)
    book = ShopBook(manager.profile_data_dir(profile), profile.id, "sandbox", manager.secrets)
    book.add(ShopConfig("Woo", "woocommerce", server.base_url, "test"),
             {"consumer_key": KEY, "consumer_secret": SECRET})  # fmt: skip
    # the rounds run every hour here: the label itself must start the write-back
    ctx = AppContext(
        manager,
        PrinterBook(tmp_path / "config" / "printers.json"),
        shop_interval=3600,
        shop_options={"verify": server.ssl_context()},
    )
    try:
        first_round = expect(ctx.shop_round_done)
        await ctx.open_profile(profile)
        assert ctx.connected, ctx.connection_message
        assert ctx.shops is not None
        outbox = ctx.shops.outbox
        await emitted(first_round, 60)
        assert outbox.cursor("Woo") is not None

        assert ctx.store is not None and ctx.client is not None and ctx.creator is not None
        typed = await create(ctx, reference_number="701")  # for no order: never written
        await put_service_orders(ctx.store, ctx.client.orders.iter_all())
        (order,) = ctx.store.find_orders("702")
        entry = entry_for(ctx, order)  # what F7 puts into the form, with the order's identity
        assert entry.origin is not None and entry.origin.shop == "Woo"
        stored = await ctx.creator.create(shipment_request(reference_number="702"),
                                          order=entry.origin)  # fmt: skip
        written_round = expect(ctx.shop_round_done)
        ctx.shipment_created.emit(stored)  # as the desk's form and the Scan page do
        await emitted(written_round, 60)

        assert shop.orders[702]["status"] == "completed"
        [note] = shop.notes[702]
        assert stored.carrier_tracking_no and stored.carrier_tracking_no in note["note"]
        assert shop.orders[701]["status"] == "processing" and 701 not in shop.notes
        assert typed.carrier_tracking_no not in str(shop.notes)
        assert [e.number for e in outbox.entries("written")] == ["702"]
    finally:
        await ctx.aclose()
    assert ctx.shops is None
