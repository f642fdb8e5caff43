"""The write-back outbox against the WooCommerce test server: once, through an outage and
a crash, never for a cancelled shipment, failures kept with the shop's answer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from desktop_app.orders.records import OrderRecord
from desktop_app.profiles.store import ProfileStore
from desktop_app.shops import ShopOrder
from desktop_app.shops.outbox import ShopOutbox
from tests.fixtures.shops.woocommerce import make_order
from tests.shops.conftest import RunningWoo
from tests.shops.outbox_child import label_for

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def profile(tmp_path: Path) -> Iterator[tuple[ShopOutbox, ProfileStore]]:
    outbox = ShopOutbox(tmp_path)
    with ProfileStore(tmp_path) as store:
        yield outbox, store
    outbox.close()


def pulled(outbox: ShopOutbox, *numbers: str) -> None:
    outbox.remember("Woo", [ShopOrder(n, OrderRecord(n, {})) for n in numbers])


async def test_a_label_for_a_shop_order_is_written_back_once(
    woo: RunningWoo, profile: tuple[ShopOutbox, ProfileStore]
) -> None:
    outbox, store = profile
    woo.shop.add(make_order(1), make_order(2))
    pulled(outbox, "701", "702")
    label_for(store, "701")

    assert outbox.enqueue_shipped(store) == 1
    assert outbox.enqueue_shipped(store) == 0  # one row per shop order
    done = await outbox.deliver(lambda name: woo.connect(), lambda shipment_id: False)
    again = await outbox.deliver(lambda name: woo.connect(), lambda shipment_id: False)

    assert [e.number for e in done.written] == ["701"] and not again.written
    assert len(woo.shop.notes[701]) == 1 and woo.shop.orders[701]["status"] == "completed"
    assert woo.shop.orders[702]["status"] == "processing"  # no label yet
    [entry] = outbox.entries("written")
    assert entry.tracking.number == "TRACKab000701"


async def test_a_shop_down_for_a_batch_gets_each_tracking_number_once_when_back(
    woo: RunningWoo, profile: tuple[ShopOutbox, ProfileStore]
) -> None:
    outbox, store = profile
    woo.shop.add(*(make_order(n) for n in range(1, 6)))
    pulled(outbox, *(str(700 + n) for n in range(1, 6)))
    for n in range(1, 6):
        label_for(store, str(700 + n))
    outbox.enqueue_shipped(store)
    woo.shop.down = True
    now = datetime.now(UTC)

    down = await outbox.deliver(lambda name: woo.connect(), lambda s: False, now=now)
    assert not down.written and len(down.retry_later) == 5
    [first, *rest] = outbox.entries("pending")
    assert first.error == "Woo answered 503: Service Unavailable" and first.attempts == 1
    assert all(e.attempts == 0 for e in rest)  # the shop is asked once a round
    woo.shop.down = False
    early = await outbox.deliver(lambda name: woo.connect(), lambda s: False, now=now)
    assert not early.written  # back-off: not before its next attempt

    back = await outbox.deliver(
        lambda name: woo.connect(), lambda s: False, now=now + timedelta(hours=2)
    )

    assert len(back.written) == 5
    assert all(len(woo.shop.notes[700 + n]) == 1 for n in range(1, 6))


async def test_a_cancelled_shipment_is_not_written(
    woo: RunningWoo, profile: tuple[ShopOutbox, ProfileStore]
) -> None:
    outbox, store = profile
    woo.shop.add(make_order(1))
    pulled(outbox, "701")
    label_for(store, "701")
    outbox.enqueue_shipped(store)
    [entry] = outbox.entries("pending")
    store.mark_deleted(entry.shipment_id)

    result = await outbox.deliver(
        lambda name: woo.connect(), lambda s: store.get_shipment(s).deleted
    )

    assert [e.number for e in result.cancelled] == ["701"]
    assert 701 not in woo.shop.notes and woo.shop.orders[701]["status"] == "processing"


async def test_a_refusal_is_kept_with_the_shops_answer(
    woo: RunningWoo, profile: tuple[ShopOutbox, ProfileStore]
) -> None:
    outbox, store = profile
    pulled(outbox, "701")  # the shop no longer has it
    label_for(store, "701")
    outbox.enqueue_shipped(store)

    result = await outbox.deliver(lambda name: woo.connect(), lambda s: False)

    assert len(result.failed) == 1
    [entry] = outbox.entries("failed")
    assert entry.error == "Woo does not know this order: Invalid order ID."


def run_child(profile_dir: Path, step: str, woo: RunningWoo) -> int:
    args = [str(profile_dir), step, woo.server.base_url, str(woo.server.ca_file)]
    done = subprocess.run(
        [sys.executable, "-m", "tests.shops.outbox_child", *args],
        cwd=REPO, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    return done.returncode


@pytest.mark.parametrize("step", ["label", "written"])
async def test_a_crash_between_label_and_write_back_writes_once_after_restart(
    woo: RunningWoo, tmp_path: Path, step: str
) -> None:
    woo.shop.add(make_order(1))

    assert run_child(tmp_path, step, woo) == -signal.SIGKILL

    outbox = ShopOutbox(tmp_path)
    with ProfileStore(tmp_path) as store:
        pulled(outbox, "701")
        outbox.enqueue_shipped(store)
        result = await outbox.deliver(lambda name: woo.connect(), lambda s: False)
    outbox.close()
    assert [e.number for e in result.written] == ["701"]
    assert len(woo.shop.notes[701]) == 1 and woo.shop.orders[701]["status"] == "completed"
