"""Scan to label: from a scan (the scanned code and Enter handed to the station) to the label
acknowledged by the printer, over 100 orders on a local service with a virtual printer.

Two runs: carrier latency 0 and 300 ms. Packdesk's own time is the total minus the carrier's
latency (one creation call per order). Targets: p50 < 150 ms and p99 < 300 ms of own time.
Each order also prints its packing slip (after the label, not timed).
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

from bench.batch import start_service  # noqa: E402
from bench.support import SHOP_SENDER, machine_line  # noqa: E402
from desktop_app.client import ShippingClient  # noqa: E402
from desktop_app.client.desk import ShipmentCreator  # noqa: E402
from desktop_app.printing.printers import PrinterDefinition  # noqa: E402
from desktop_app.printing.queue import PrintQueue  # noqa: E402
from desktop_app.printing.virtual_printer import VirtualPrinter  # noqa: E402
from desktop_app.profiles.models import Profile  # noqa: E402
from desktop_app.profiles.store import ProfileStore  # noqa: E402
from desktop_app.station.flow import Station  # noqa: E402
from desktop_app.station.inbox import OrdersInbox  # noqa: E402

ORDERS = 100
TARGET_P50_MS, TARGET_P99_MS = 150.0, 300.0


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


async def run(base_url: str, key: str, ca_file: str, work: Path) -> list[float]:
    """Seconds from scan to acknowledged label, per order."""
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
                times = []
                for number in numbers:
                    started = time.perf_counter()
                    outcome = await station.scan(number)
                    assert outcome.kind == "shipped", outcome
                    job = await queue.wait_for(outcome.jobs[0], 60)
                    times.append(time.perf_counter() - started)
                    assert job.state == "done", job
                    for slip in outcome.jobs[1:]:
                        await queue.wait_for(slip, 60)  # not timed: the label is out
                return times
        finally:
            await queue.close()
            store.close()


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def main() -> int:
    print(machine_line())
    ok = True
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-scan-") as tmp:
        for latency_ms in (0, 300):
            work = Path(tmp) / f"l{latency_ms}"
            service = start_service(work / "service", "--carrier-latency", str(latency_ms),
                                    "--rate-limit", "1000000/60")  # fmt: skip
            try:
                times = asyncio.run(run(service.base_url, service.key, service.ca_file, work))
            finally:
                service.stop()
            own = [t * 1000 - latency_ms for t in times]
            for name, value, target in (
                ("p50", percentile(own, 50), TARGET_P50_MS),
                ("p99", percentile(own, 99), TARGET_P99_MS),
            ):
                met = value < target
                ok = ok and met
                total = value + latency_ms
                print(
                    f"scan to label at carrier latency {latency_ms} ms, {name}: Packdesk "
                    f"{value:.0f} ms (total {total:.0f} ms) over {len(times)} orders; "
                    f"target < {target:.0f} ms {'met' if met else 'MISSED'}"
                )
            print(f"  median total {statistics.median(times) * 1000:.0f} ms")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
