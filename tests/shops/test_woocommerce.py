"""WooCommerce: pulling open orders and writing tracking back, against the test server."""

from __future__ import annotations

import pytest

from desktop_app.shops import ShopAuthError, ShopOrder, ShopUnavailable, Tracking
from tests.fixtures.shops.woocommerce import make_order
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
    assert first.cells["shipping_last_name"] == "Muster1"
    assert first.cells["shipping_postcode"] == "10115"
    assert (first.items[0].sku, first.items[0].quantity, first.items[0].price) == (
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
