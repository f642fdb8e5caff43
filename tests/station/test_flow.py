"""The scan flow without a window, against the real local service, the virtual printer and
the virtual scale: order lookup, pack check, weight, one action, shipped orders, reprint."""

from __future__ import annotations

import asyncio

from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.scales.base import create_scale
from desktop_app.scales.monitor import ScaleMonitor
from desktop_app.scales.virtual_scale import VirtualScale
from desktop_app.station.flow import StationOrder
from desktop_app.station.inbox import OrdersInbox
from desktop_app.station.slip import slip_zpl
from tests.station.conftest import BOOK, MUG, TEA, Desk, order_body


async def _references(desk: Desk) -> list[str]:
    return [s.reference_number or "" async for s in desk.client.shipments.iter_all()]


async def test_scanned_order_ships_once_prints_label_and_slip(
    desk: Desk, vprinter: VirtualPrinter
) -> None:
    await desk.add_orders(order_body("SO-1", items=[(MUG, 2), (TEA, 1)]))

    outcome = await desk.station.scan("so-1")  # scanners send either case

    assert outcome.kind == "shipped", outcome
    shipment = outcome.shipment
    assert shipment is not None and shipment.reference_number == "SO-1"
    assert shipment.carrier == "dhl" and shipment.carrier_tracking_no
    assert outcome.preset is not None and outcome.preset.name.startswith("Germany, small box")
    assert outcome.weight_kg == 1.2  # the order's total weight (no scale)
    assert outcome.order is not None and outcome.order.shipment_id == shipment.id
    label_job, slip_job = outcome.jobs
    for job_id in outcome.jobs:
        assert (await desk.queue.wait_for(job_id, 30)).state == "done"
    jobs = await vprinter.wait_for_jobs(2)
    # exactly the label (a PDF converted at the printer's dpi) and the ZPL slip, in that order
    label = shipment.label_path.read_bytes()  # type: ignore[union-attr]
    expected = prepare_payload(desk.printer, label, source_format=shipment.label_format)
    assert jobs[0].data == expected.data
    slip = slip_zpl(desk.station.slip(outcome.order), dpi=203)
    assert jobs[1].data == prepare_payload(desk.printer, slip).data
    assert b"SO-1" in jobs[1].data and b"Artikel 3931" in jobs[1].data

    again = await desk.station.scan("SO-1")
    assert again.kind == "already_shipped"
    assert again.shipment is not None and again.shipment.id == shipment.id
    assert await _references(desk) == ["SO-1"]  # never shipped twice
    reprinted = await desk.station.reprint()
    assert reprinted.kind == "reprinted" and len(reprinted.jobs) == 2
    await vprinter.wait_for_jobs(4)
    assert vprinter.jobs[2].data == jobs[0].data


async def test_pack_check_refuses_wrong_and_surplus_items(desk: Desk) -> None:
    await desk.add_orders(
        order_body("SO-2", items=[(MUG, 2), (TEA, 1)]), order_body("SO-9", items=[(BOOK, 1)])
    )
    desk.station.pack_check = True

    opened = await desk.station.scan("SO-2")
    assert opened.kind == "packing" and desk.station.current is not None
    assert (await desk.station.scan(BOOK)).code == "wrong_item"  # another order's item
    assert (await desk.station.scan("4000000000000")).code == "wrong_item"  # nobody's item
    assert (await desk.station.scan(MUG)).kind == "ticked"
    assert (await desk.station.scan(TEA)).kind == "ticked"
    assert (await desk.station.scan(TEA)).code == "surplus_item"
    incomplete = await desk.station.ship()
    assert incomplete.code == "incomplete" and incomplete.detail == "1"
    assert await _references(desk) == []

    done = await desk.station.scan(MUG)  # the last unit: it ships by itself
    assert done.kind == "shipped" and done.order is not None
    assert done.order.pack_override is None


async def test_override_ships_incomplete_and_is_recorded(desk: Desk) -> None:
    await desk.add_orders(order_body("SO-3", items=[(MUG, 3)]))
    desk.station.pack_check = True
    assert (await desk.station.scan(MUG)).kind == "ticked"  # the item finds the order, ticks
    outcome = await desk.station.ship(override="one mug broken, customer informed")
    assert outcome.kind == "shipped" and outcome.order is not None
    stored = desk.store.orders.get(outcome.order.id)
    assert stored.pack_override == "one mug broken, customer informed"


async def test_gtin_in_several_orders_offers_a_short_list(desk: Desk) -> None:
    await desk.add_orders(
        order_body("SO-4", items=[(BOOK, 1)]), order_body("SO-5", items=[(BOOK, 2)])
    )
    outcome = await desk.station.scan(BOOK)
    assert outcome.kind == "choose"
    assert sorted(o.number for o in outcome.choices) == ["SO-4", "SO-5"]
    chosen = next(o for o in outcome.choices if o.number == "SO-5")
    shipped = await desk.station.choose(chosen.id)
    assert shipped.kind == "shipped" and shipped.order is not None
    # the other one is the only open order with the book now: no list any more
    assert (await desk.station.scan(BOOK)).order.number == "SO-4"  # type: ignore[union-attr]


async def test_weight_from_scale_else_order_else_typed(desk: Desk, vscale: VirtualScale) -> None:
    await desk.add_orders(
        order_body("SO-6", weight=None), order_body("SO-7", country="AT", weight=None)
    )
    waiting = await desk.station.scan("SO-6")
    assert waiting.kind == "packing" and waiting.weight_kg is None  # nothing to weigh with
    assert (await desk.station.ship()).code == "no_weight"
    desk.station.set_weight(12.5)
    typed = await desk.station.ship()
    assert typed.kind == "shipped" and typed.weight_kg == 12.5
    assert typed.preset is not None and typed.preset.name.startswith("Germany, large box")

    async with ScaleMonitor(create_scale(vscale.uri), interval=0.02) as monitor:
        await monitor.wait_stable(10)
        desk.station.scale = monitor
        scaled = await desk.station.scan("SO-7")
    assert scaled.kind == "shipped" and scaled.weight_kg == 1.25
    assert scaled.preset is not None and scaled.preset.name.startswith("Abroad")
    assert scaled.shipment is not None
    assert scaled.shipment.data["packages"][0]["weight"] == 1.25


async def test_switching_preset_with_a_key(desk: Desk) -> None:
    await desk.add_orders(order_body("SO-8", weight=None))
    await desk.station.scan("SO-8")
    first = desk.station.current.preset  # type: ignore[union-attr]
    switched = desk.station.next_preset()
    assert switched is not None and switched != first
    desk.station.set_weight(0.5)  # a typed weight no longer changes the packer's choice
    outcome = await desk.station.ship()
    assert outcome.kind == "shipped" and outcome.preset == switched
    assert outcome.shipment is not None and outcome.shipment.carrier == switched.carrier


async def test_not_found_and_shipment_made_elsewhere(desk: Desk) -> None:
    assert (await desk.station.scan("NOPE-1")).code == "not_found"
    await desk.add_orders(order_body("SO-10"))
    # the order shipped through the journal before the scan, the link not written (a crash
    # between the label and the link, or another station)
    (order,) = desk.store.orders.find("SO-10")
    state = StationOrder(order, None, desk.profile.profile.presets(), 0)
    made_for = desk.store.orders.origin_of(order)
    await desk.station.creator.create(desk.station.draft(state), order=made_for)
    outcome = await desk.station.scan("SO-10")
    assert outcome.kind == "already_shipped" and outcome.shipment is not None
    assert desk.store.orders.get(order.id).shipment_id == outcome.shipment.id  # linked now
    assert await _references(desk) == ["SO-10"]


async def test_a_label_that_only_shares_the_orders_number_does_not_ship_it(desk: Desk) -> None:
    """A label typed with reference SO-20 for no order (or for another order SO-20, of an
    earlier year or another shop) is not this order's shipment: the scan ships the order."""
    await desk.add_orders(order_body("SO-20"))
    (order,) = desk.store.orders.find("SO-20")
    state = StationOrder(order, None, desk.profile.profile.presets(), 0)
    typed = await desk.station.creator.create(desk.station.draft(state))  # no order named

    outcome = await desk.station.scan("SO-20")

    assert outcome.kind == "shipped" and outcome.shipment is not None
    assert outcome.shipment.id != typed.id and typed.order is None
    assert outcome.shipment.order == desk.store.orders.origin_of(order)
    assert outcome.shipment.order is not None and outcome.shipment.order.order_id == order.id
    assert await _references(desk) == ["SO-20", "SO-20"]


async def test_inbox_refreshes_within_its_interval(desk: Desk) -> None:
    ticks = [0.0]
    inbox = OrdersInbox(desk.store, desk.client, min_interval=30, clock=lambda: ticks[0])
    await desk.client.orders.create(order_body("SO-11"))
    assert await inbox.refresh() == 1
    await desk.client.orders.create(order_body("SO-12"))
    ticks[0] = 29.0
    assert await inbox.refresh() == 0  # too soon: answered from the cache
    assert desk.store.orders.find("SO-12") == []
    ticks[0] = 31.0
    assert await inbox.refresh() == 1
    assert [o.number for o in desk.store.orders.find("SO-12")] == ["SO-12"]
    # a scan of an unknown number reads the service again (at most every two seconds)
    await desk.client.orders.create(order_body("SO-13"))
    ticks[0] = 34.0
    assert [o.number for o in await inbox.find("SO-13")] == ["SO-13"]


async def test_with_a_scale_only_a_stable_weight_ships_and_only_once(
    desk: Desk, vscale: VirtualScale
) -> None:
    await desk.add_orders(order_body("SO-14"))  # the order says 0.4 kg: not used with a scale
    vscale.set_load(0.9, stable=False)
    async with ScaleMonitor(create_scale(vscale.uri), interval=0.02) as monitor:
        desk.station.scale = monitor
        await _polls(monitor, 1)  # a reading of the moving weight
        assert monitor.reading() is not None and monitor.stable_weight() is None
        waiting = await desk.station.scan("SO-14")
        assert waiting.kind == "weighing" and waiting.weight_kg is None
        assert await desk.station.ship_when_weighed() is None  # still moving
        assert (await desk.station.ship()).kind == "weighing"  # F2 waits for the scale too
        vscale.set_load(0.0, stable=True)  # an empty pan is no weight
        await monitor.wait_stable(10)
        assert await desk.station.ship_when_weighed() is None
        assert await _references(desk) == []
        vscale.set_load(2.5, stable=True)
        await _wait_for_kg(monitor, 2.5)
        shipped = await desk.station.ship_when_weighed()
        assert shipped is not None and shipped.kind == "shipped" and shipped.weight_kg == 2.5
        assert await desk.station.ship_when_weighed() is None  # nothing left to ship
    assert await _references(desk) == ["SO-14"]
    assert shipped.preset is not None and shipped.preset.name.startswith("Germany, medium box")


async def test_a_parcel_left_on_the_scale_does_not_ship_the_next_order(
    desk: Desk, vscale: VirtualScale
) -> None:
    await desk.add_orders(*(order_body(n) for n in ("SO-21", "SO-22", "SO-23", "SO-24")))
    vscale.set_load(1.5, stable=True)
    async with ScaleMonitor(create_scale(vscale.uri), interval=0.02) as monitor:
        desk.station.scale = monitor
        await _wait_for_kg(monitor, 1.5)
        first = await desk.station.scan("SO-21")
        assert first.kind == "shipped" and first.weight_kg == 1.5
        assert desk.station.scale_holds_last_parcel
        # the parcel stays on the scale: the next order, complete at once, waits
        waiting = await desk.station.scan("SO-22")
        assert waiting.kind == "weighing" and waiting.code == "parcel_on_scale"
        assert waiting.weight_kg is None
        await _polls(monitor, 10)  # more stable readings of the same parcel change nothing
        assert monitor.stable_weight() is not None
        assert await desk.station.ship_when_weighed() is None
        assert await _references(desk) == ["SO-21"]
        # a new stable weight without the scale going to zero first does not count either
        vscale.set_load(1.7, stable=True)
        await _wait_for_kg(monitor, 1.7)
        assert await desk.station.ship_when_weighed() is None
        vscale.set_load(0.004, stable=False)  # emptied (a few grams of drift, still moving)
        async with asyncio.timeout(30):
            while desk.station.scale_holds_last_parcel:
                await asyncio.sleep(0.02)
        assert not desk.station.scale_holds_last_parcel
        assert await desk.station.ship_when_weighed() is None  # an empty pan is no weight
        vscale.set_load(2.0, stable=True)
        await _wait_for_kg(monitor, 2.0)
        shipped = await desk.station.ship_when_weighed()
        assert shipped is not None and shipped.kind == "shipped" and shipped.weight_kg == 2.0
        assert await desk.station.ship_when_weighed() is None  # exactly once
        assert desk.station.scale_holds_last_parcel  # and now this parcel lies there
        # F2 is the packer's explicit choice: the weight shown ships the next order
        assert (await desk.station.scan("SO-23")).code == "parcel_on_scale"
        explicit = await desk.station.ship(explicit=True)
        assert explicit.kind == "shipped" and explicit.weight_kg == 2.0
        # so is a typed weight
        assert (await desk.station.scan("SO-24")).code == "parcel_on_scale"
        desk.station.set_weight(0.8)
        typed = await desk.station.ship()
        assert typed.kind == "shipped" and typed.weight_kg == 0.8
    assert sorted(await _references(desk)) == ["SO-21", "SO-22", "SO-23", "SO-24"]
    weights = {
        n: [s.data["packages"][0]["weight"] for s in desk.store.shipments.find_by_reference(n)]
        for n in ("SO-21", "SO-22", "SO-23", "SO-24")
    }
    assert weights == {"SO-21": [1.5], "SO-22": [2.0], "SO-23": [2.0], "SO-24": [0.8]}


async def _polls(monitor: ScaleMonitor, count: int) -> None:
    """Wait until the monitor has polled the scale `count` more times."""
    polled = asyncio.Event()
    seen: list[object] = []

    def listener(status: object) -> None:
        seen.append(status)
        if len(seen) >= count:
            polled.set()

    remove = monitor.add_listener(listener)
    try:
        await asyncio.wait_for(polled.wait(), 30)
    finally:
        remove()


async def _wait_for_kg(monitor: ScaleMonitor, kg: float) -> None:
    """Wait until the scale's stable weight is `kg` (a generous deadline: only a broken
    monitor reaches it)."""
    try:
        async with asyncio.timeout(30):
            while (reading := monitor.stable_weight()) is None or abs(reading.kg - kg) >= 1e-6:
                await asyncio.sleep(0.02)
    except TimeoutError:
        raise AssertionError(f"the scale never settled on {kg} kg") from None
