"""Scan to label: from a scan (the scanned code and Enter handed to the station) to the label
acknowledged by the printer, over 100 orders on a local service with a virtual printer.

Two runs: carrier latency 0 and 300 ms. Packdesk's own time is the total minus the carrier's
latency (one creation call per order). Targets: p50 < 150 ms and p99 < 300 ms of own time.
Each order also prints its packing slip (after the label, not timed).

A third run weighs with the virtual MT-SICS scale on a pty, read by the app's shared monitor
(`ScaleHub`): before each scan the last parcel comes off, the next one goes on and lies
steady for the settle time; scan to label with that weight, target p50 < 300 ms in total.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.batch import start_service  # noqa: E402
from bench.support import (  # noqa: E402
    SHOP_SENDER,
    exit_status,
    machine_line,
    missed,
    quick_requested,
    wrong,
)
from desktop_app.client import ShippingClient  # noqa: E402
from desktop_app.client.journaled_creation import ShipmentCreator  # noqa: E402
from desktop_app.printing.printers import PrinterDefinition  # noqa: E402
from desktop_app.printing.queue import PrintQueue  # noqa: E402
from desktop_app.printing.virtual_printer import VirtualPrinter  # noqa: E402
from desktop_app.profiles.models import Profile  # noqa: E402
from desktop_app.profiles.store import ProfileStore  # noqa: E402
from desktop_app.scales.config import ScaleConfig  # noqa: E402
from desktop_app.scales.hub import shared_hub  # noqa: E402
from desktop_app.scales.virtual_scale import VirtualScale  # noqa: E402
from desktop_app.station.flow import Station  # noqa: E402
from desktop_app.station.inbox import OrdersInbox  # noqa: E402

ORDERS = 100
TARGET_P50_MS, TARGET_P99_MS = 150.0, 300.0
SCALE_ORDERS = 30
TARGET_SCALE_P50_MS = 300.0


def order(number: str) -> dict[str, object]:
    """One order with two items and a weight."""
    item = {"sku": "MUG", "title": {"fallback": "Becher"}, "quantity": 2, "price": 9.5,
            "vat": 1.8, "currency": "EUR", "gtin": "4006381333931", "weight": 0.3,
            "weight_unit": "kg"}  # fmt: skip
    return {
        "external_order_id": number,
        "currency": "EUR",
        "total_price": 19.0,
        "total_vat": 3.6,
        "total_weight": 0.6,
        "weight_unit": "kg",
        "delivery_address": {
            "first_name": "Erika",
            "last_name": "Muster",
            "street": "Weg",
            "street_no": "1",
            "zip_code": "80331",
            "city": "München",
            "country": "DE",
        },  # fmt: skip
        "order_line_items": [item],
    }


async def next_parcel(monitor: Any, vscale: Any, kg: float) -> None:
    """The last parcel off the scale, the next one on and steady (not timed)."""
    vscale.set_load(0.0)
    while (r := monitor.reading()) is None or r.kg != 0.0 or monitor.emptied_at is None:
        await asyncio.sleep(0.01)
    emptied = monitor.emptied_at
    vscale.set_load(kg)
    while (r := monitor.stable_weight()) is None or r.at <= emptied or r.kg != kg:
        await asyncio.sleep(0.01)


async def run(
    base_url: str, key: str, ca_file: str, work: Path, *, scale: bool = False
) -> list[float]:
    """Seconds from scan to acknowledged label, per order (with the virtual scale's weight
    when `scale`)."""
    async with VirtualPrinter(work / "vp", dpi=203, render=False) as vprinter:
        printer = PrinterDefinition(
            name="Zebra", kind="zpl", transport=vprinter.uri, dpi=203, stock="4x6in"
        )
        profile = Profile(name="Bench", environment="sandbox", base_url=base_url,
                          ca_file=ca_file, default_sender=SHOP_SENDER)  # fmt: skip
        store = ProfileStore(work / "store")
        queue = PrintQueue(work / "queue.sqlite", {"Zebra": printer})
        await queue.start()
        try:
            async with ShippingClient(base_url, key, ca_file=ca_file) as client:
                numbers = [f"B-{n:04d}" for n in range(ORDERS)]
                for number in numbers:
                    await client.orders.create(order(number))
                inbox = OrdersInbox(store, client)
                await inbox.refresh(force=True)
                station = Station(profile, inbox, ShipmentCreator(client, store), queue, printer)
                lease = None
                if scale:
                    vscale = VirtualScale(load_kg=0.0, link=work / "scale")
                    vscale.start()
                    lease = shared_hub().acquire(ScaleConfig(uri=vscale.uri))
                    station.scale = lease.monitor
                    numbers = numbers[:SCALE_ORDERS]
                times = []
                for number in numbers:
                    if lease is not None:
                        await next_parcel(lease.monitor, vscale, 1.25)
                    started = time.perf_counter()
                    outcome = await station.scan(number)
                    assert outcome.kind == "shipped", outcome
                    job = await queue.wait_for(outcome.jobs[0], 60)
                    times.append(time.perf_counter() - started)
                    assert job.state == "done", job
                    for slip in outcome.jobs[1:]:
                        await queue.wait_for(slip, 60)  # not timed: the label is out
                if lease is not None:
                    closing = lease.release()
                    if closing is not None:
                        await closing
                    vscale.stop()
                return times
        finally:
            await queue.close()
            store.close()


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def main() -> int:
    global ORDERS, SCALE_ORDERS
    quick = quick_requested()
    if quick:  # (--quick: a few orders each run; make test)
        ORDERS, SCALE_ORDERS = 5, 3
    print(machine_line())
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-scan-") as tmp:
        for latency_ms in (0, 300):
            work = Path(tmp) / f"l{latency_ms}"
            service = start_service(work / "service", "--carrier-latency", str(latency_ms),
                                    "--rate-limit", "1000000/60")  # fmt: skip
            try:
                times = asyncio.run(run(service.base_url, service.key, service.ca_file, work))
            finally:
                service.stop()
            if len(times) != ORDERS:
                wrong(f"{len(times)} of {ORDERS} orders shipped")
            own = [t * 1000 - latency_ms for t in times]
            for name, value, target in (
                ("p50", percentile(own, 50), TARGET_P50_MS),
                ("p99", percentile(own, 99), TARGET_P99_MS),
            ):
                met = value < target
                if not met:
                    missed(f"scan to label at {latency_ms} ms, {name}")
                total = value + latency_ms
                print(
                    f"scan to label at carrier latency {latency_ms} ms, {name}: Packdesk "
                    f"{value:.0f} ms (total {total:.0f} ms) over {len(times)} orders; "
                    f"target < {target:.0f} ms {'met' if met else 'MISSED'}"
                )
            print(f"  median total {statistics.median(times) * 1000:.0f} ms")
        work = Path(tmp) / "scale"
        service = start_service(work / "service", "--rate-limit", "1000000/60")
        try:
            times = asyncio.run(
                run(service.base_url, service.key, service.ca_file, work, scale=True)
            )
        finally:
            service.stop()
        if len(times) != SCALE_ORDERS:
            wrong(f"{len(times)} of {SCALE_ORDERS} weighed orders shipped")
        p50 = percentile([t * 1000 for t in times], 50)
        met = p50 < TARGET_SCALE_P50_MS
        if not met:
            missed("scan to label with the scale, p50")
        print(
            f"scan to label with the weight already stable on the virtual scale, p50: "
            f"{p50:.0f} ms (p99 {percentile([t * 1000 for t in times], 99):.0f} ms) over "
            f"{len(times)} orders; target < {TARGET_SCALE_P50_MS:.0f} ms "
            f"{'met' if met else 'MISSED'}"
        )
    return exit_status(quick)


if __name__ == "__main__":
    sys.exit(main())
