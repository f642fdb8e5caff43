"""WooCommerce: pulling open orders and writing tracking back, against the test server."""

from __future__ import annotations

import pytest

from desktop_app.shops import ShopAuthError, ShopOrder, ShopUnavailable, Tracking
from tests.fixtures.shops.woocommerce import SCHEMA, make_order, make_product, make_variation
from tests.shops.conftest import RunningWoo


async def pull_all(
    woo: RunningWoo, since: str | None = None, **kwargs: str
) -> list[list[ShopOrder]]:
    async with woo.connect(**kwargs) as connection:
        return [page async for page in connection.pull(since)]


async def test_open_orders_come_page_by_page_then_only_what_changed(woo: RunningWoo) -> None:
    woo.shop.add(*(make_order(n) for n in range(1, 24)))
    woo.shop.add(make_order(30, status="completed"), make_order(31, status="on-hold"))

    pages = await pull_all(woo)

    assert [len(page) for page in pages] == [10, 10, 3]
    numbers = [o.number for page in pages for o in page]
    assert numbers == [str(700 + n) for n in range(1, 24)]  # shipped/held ones are not open
    first = pages[0][0]
    assert first.record.receiver().last_name == "Muster1"
    assert first.record.receiver().zip_code == "10115"
    item = first.record.items[0]
    assert (item.sku, item.quantity, item.price) == (
        "MUG-1", 2.0, 12.565,
    )  # fmt: skip
    cursor = max(o.modified_at for page in pages for o in page)

    woo.shop.touch(705)
    woo.shop.add(make_order(40, minutes=24 * 60 + 30))
    changed = await pull_all(woo, cursor)

    assert sorted(o.number for page in changed for o in page) == ["705", "740"]


async def test_a_429_and_a_5xx_are_waited_out(woo: RunningWoo) -> None:
    woo.shop.add(make_order(1), make_order(2))
    woo.shop.faults = [429, 503]

    pages = await pull_all(woo)

    assert [o.number for page in pages for o in page] == ["701", "702"]
    assert woo.shop.faults == []


async def test_a_shop_that_stays_down_is_unavailable_in_words(woo: RunningWoo) -> None:
    woo.shop.down = True
    with pytest.raises(ShopUnavailable, match="Woo answered 503: Service Unavailable"):
        await pull_all(woo)


async def test_expired_credentials_are_said_in_words(woo: RunningWoo) -> None:
    woo.shop.add(make_order(1))
    woo.shop.secret = "cs_rotated"
    with pytest.raises(ShopAuthError, match="refused the credentials.*Consumer key is invalid"):
        await pull_all(woo)


async def test_write_back_adds_one_note_and_completes_the_order(woo: RunningWoo) -> None:
    woo.shop.add(make_order(1))
    tracking = Tracking(
        "00340434161094015902", "dhl", "https://www.dhl.de/t?n=00340434161094015902"
    )
    async with woo.connect() as connection:
        await connection.write_back("701", tracking)
        await connection.write_back("701", tracking)  # again, as after a crash: no change

    [note] = woo.shop.notes[701]
    assert "00340434161094015902" in note["note"] and "dhl" in note["note"]
    assert note["customer_note"] is True
    assert woo.shop.orders[701]["status"] == "completed"


@pytest.mark.parametrize(
    ("unit", "mug", "vase", "vase_large"),
    [
        ("kg", "0.45", "1.2", "2"),
        ("g", "450", "1200", "2000"),
        ("lbs", "1", "2.5", "4"),
        ("oz", "16", "40", "64"),
    ],
)
async def test_items_carry_their_products_weights_in_kg_from_the_stores_unit(
    woo: RunningWoo, unit: str, mug: str, vase: str, vase_large: str
) -> None:
    woo.shop.weight_unit = unit
    woo.shop.products = {93: make_product(93, mug), 95: make_product(95, vase, sku="VASE")}
    woo.shop.variations = {95: {96: make_variation(96, ""),  # the vase's weight
                                97: make_variation(97, vase_large, sku="VASE-L")}}  # fmt: skip
    order = make_order(1)
    line = order["line_items"][0]
    order["line_items"] = [
        line,
        {**line, "id": 20, "product_id": 95, "variation_id": 96, "sku": "VASE", "quantity": 1},
        {**line, "id": 21, "product_id": 95, "variation_id": 97, "sku": "VASE-L", "quantity": 1},
        {**line, "id": 22, "product_id": 99, "variation_id": 0, "sku": "GONE", "quantity": 1},
    ]
    woo.shop.add(order)

    [[pulled]] = await pull_all(woo)

    factor = {"kg": 1.0, "g": 0.001, "lbs": 0.45359237, "oz": 0.028349523125}[unit]
    weights = {item.sku: item.weight_kg for item in pulled.record.items}
    assert weights == {
        "MUG-1": pytest.approx(float(mug) * factor),
        "VASE": pytest.approx(float(vase) * factor),
        "VASE-L": pytest.approx(float(vase_large) * factor),
        "GONE": None,  # a product the shop no longer has: no weight, not a guessed one
    }
    for product in woo.shop.products.values():  # the test server serves what the reference has
        assert set(product) <= set(SCHEMA["product"])
    for variation in woo.shop.variations[95].values():
        assert set(variation) <= set(SCHEMA["product_variation"])


@pytest.mark.parametrize("forbidden", ["settings_forbidden", "products_forbidden"])
async def test_without_leave_to_read_the_settings_or_products_orders_come_without_weights(
    woo: RunningWoo, forbidden: str
) -> None:
    woo.shop.products = {93: make_product(93, "450")}
    setattr(woo.shop, forbidden, True)  # the unit of "450", or the product, is not known
    woo.shop.add(make_order(1))

    [[pulled]] = await pull_all(woo)

    assert [item.weight_kg for item in pulled.record.items] == [None]
