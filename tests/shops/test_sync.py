"""A WooCommerce shop's open orders through the import engine into the service's orders:
the same order from a file export and from the API is one order."""

from __future__ import annotations

from pathlib import Path

from desktop_app.client import ShippingClient
from desktop_app.orders.engine import read_orders
from desktop_app.orders.service_orders import drafts_of, store_orders
from desktop_app.profiles.store import ProfileStore
from desktop_app.shops.outbox import ShopOutbox
from tests.fixtures.service import RunningService
from tests.fixtures.shops.woocommerce import make_order, make_product
from tests.shops.conftest import RunningWoo

#: the WooCommerce Customer/Order/Coupon Export's columns (orders/platforms.py), one order
EXPORT = (
    "order_number,order_date,shipping_first_name,shipping_last_name,shipping_company,"
    "shipping_address_1,shipping_postcode,shipping_city,shipping_country,billing_email,"
    "item_sku,item_name,item_quantity,item_price\n"
    "701,2026-11-20,Erika,Muster1,,Hauptstr. 5,10115,Berlin,DE,erika1@example.org,"
    "MUG-1,Mug,2,12.57\n"
)


async def test_the_same_order_from_a_file_and_from_the_shop_is_one_order(
    woo: RunningWoo, local_service: RunningService, tmp_path: Path
) -> None:
    from desktop_app.shops.sync import sync_shop

    account = local_service.add_account()
    export = tmp_path / "orders.csv"
    export.write_text(EXPORT, encoding="utf-8")
    woo.shop.add(make_order(1), make_order(2), make_order(3))
    outbox = ShopOutbox(tmp_path)
    async with ShippingClient(
        local_service.base_url, account["sandbox_key"], ca_file=str(local_service.ca_file)
    ) as client:
        from_file = await store_orders(client, drafts_of(read_orders(export)))
        async with woo.connect(page_size=2) as connection:
            first = await sync_shop(connection, outbox, client)
            woo.shop.touch(702)
            second = await sync_shop(connection, outbox, client)
        stored = [o async for o in client.orders.iter_all()]
    outbox.close()

    assert list(from_file.stored) == ["701"]
    assert (first.pulled, sorted(first.stored), first.skipped) == (3, ["702", "703"], ["701"])
    assert (second.pulled, second.stored, second.skipped) == (1, [], ["702"])  # only the change
    assert sorted(o.external_order_id for o in stored) == ["701", "702", "703"]
    order = next(o for o in stored if o.external_order_id == "703")
    wire = order.to_wire()
    assert wire["delivery_address"]["zip_code"] == "10115"
    assert wire["order_line_items"][0]["sku"] == "MUG-1"


async def test_pulled_orders_carry_the_shops_weights_into_the_service_orders(
    woo: RunningWoo, local_service: RunningService, tmp_path: Path
) -> None:
    """Each item's weight in kg (the shop's unit converted), and the order's total."""
    from desktop_app.shops.sync import sync_shop

    account = local_service.add_account()
    woo.shop.weight_unit = "g"
    woo.shop.products = {93: make_product(93, "450")}
    woo.shop.add(make_order(1))  # two mugs
    outbox = ShopOutbox(tmp_path)
    async with ShippingClient(
        local_service.base_url, account["sandbox_key"], ca_file=str(local_service.ca_file)
    ) as client:
        async with woo.connect() as connection:
            await sync_shop(connection, outbox, client)
        [order] = [o async for o in client.orders.iter_all()]
    outbox.close()

    wire = order.to_wire()
    [line] = wire["order_line_items"]
    assert (line["weight"], line["weight_unit"], line["quantity"]) == (0.45, "kg", 2)
    assert (wire["total_weight"], wire["weight_unit"]) == (0.9, "kg")


async def test_with_the_store_a_file_order_and_the_shops_are_one_another_shops_are_two(
    woo: RunningWoo, local_service: RunningService, tmp_path: Path
) -> None:
    """The store keeps where each order came from: the file's 701 and the shop's 701 for the
    same receiver are one order (the shop's now), a 702 of another receiver in the file and
    the shop's 702 are two; syncing again stores nothing twice."""
    from desktop_app.orders.service_orders import file_origin
    from desktop_app.shops.sync import sync_shop

    account = local_service.add_account()
    export = tmp_path / "orders.csv"
    other = EXPORT.splitlines()[1].replace("701,", "702,", 1).replace("Muster1", "Anders")
    export.write_text(EXPORT + other + "\n", encoding="utf-8")
    woo.shop.add(make_order(1), make_order(2))
    outbox = ShopOutbox(tmp_path)
    with ProfileStore(tmp_path / "profile") as store:
        async with ShippingClient(
            local_service.base_url, account["sandbox_key"], ca_file=str(local_service.ca_file)
        ) as client:
            from_file = await store_orders(client, drafts_of(read_orders(export)), store=store,
                                           origin=file_origin(export.name))  # fmt: skip
            async with woo.connect() as connection:
                first = await sync_shop(connection, outbox, client, store=store)
                again = await sync_shop(connection, outbox, client, store=store, full=True)
            stored = [o async for o in client.orders.iter_all()]
        origins = {(o.external_order_id, o.id): store.order_origin(o.id) for o in stored}
    outbox.close()

    assert sorted(from_file.stored) == ["701", "702"]
    assert (first.stored, first.skipped) == (["702"], ["701"])
    assert (again.stored, sorted(again.skipped)) == ([], ["701", "702"])
    assert sorted(number for number, _ in origins) == ["701", "702", "702"]
    by_kind = sorted(
        (number, o.shop or "", o.shop_order_id or "", o.file or "")
        for (number, _), o in origins.items()
        if o is not None
    )
    assert by_kind == [
        ("701", "Woo", "701", "orders.csv"),  # the file's order, adopted by the shop
        ("702", "", "", "orders.csv"),  # another receiver's 702: the file's own
        ("702", "Woo", "702", ""),
    ]
