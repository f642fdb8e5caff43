"""Desk hardware benchmark: what printer health checks add to a label's delivery, and how fast
a stable weight comes from a scale.

Delivery: label bytes ready -> acknowledged by the virtual printer through the persisted
queue, with the `~HS` checks before and after each job against without them (the same run,
alternating batches). A check is one more connection and round trip (the check after a job is
reused as the next job's check before it), so on loopback, where delivering a label is itself
one round trip, the target is a median within 3x of the median without checks; against a
printer that takes ~100 ms to print a label it is noise. The p99s are printed too; on a
loaded machine they follow the load more than the checks.
Scale: a stable weight (3 equal readings) from the virtual MT-SICS scale over a pty, the
way `packdesk scales read` takes it, and a single `SI` round trip.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import (  # noqa: E402
    delivery_latencies,
    exit_status,
    figure,
    machine_line,
    quick_requested,
    wrong,
)
from desktop_app.printing.printers import PrinterDefinition  # noqa: E402
from desktop_app.printing.queue import PrintQueue  # noqa: E402
from desktop_app.printing.virtual_printer import VirtualPrinter  # noqa: E402
from desktop_app.scales.base import create_scale, read_stable  # noqa: E402
from desktop_app.scales.virtual_scale import VirtualScale  # noqa: E402

JOBS = 100  # per mode
ROUNDS = 5
SCALE_READS, STABLE_READS = 100, 20
LABEL = b"^XA^PW812^LL1218^FO50,50^A0N,40,40^FDBENCH^FS^FO50,120^BCN,100^FD123456^FS^XZ\n"
TARGET_RATIO = 3.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


async def deliver(folder: Path, vp: VirtualPrinter, health: bool, count: int) -> list[float]:
    printer = PrinterDefinition("bench", "zpl", vp.uri, 203, "4x6in")
    name = f"queue-{'on' if health else 'off'}.sqlite3"
    async with PrintQueue(folder / name, health=health) as queue:
        return await delivery_latencies(queue, printer, LABEL, count, warmup=5)


async def bench_delivery(folder: Path) -> dict[bool, list[float]]:
    results: dict[bool, list[float]] = {True: [], False: []}
    async with VirtualPrinter(folder / "vp", render=False) as vp:
        for _ in range(ROUNDS):
            for health in (True, False):
                results[health] += await deliver(folder, vp, health, JOBS // ROUNDS)
        queries = vp.status_queries
    print(f"  ({queries} status queries answered by the virtual printer)")
    return results


def bench_scale() -> tuple[float, float]:
    with VirtualScale(load_kg=1.25) as vs, create_scale(vs.uri) as scale:
        scale.read()
        single = []
        for _ in range(SCALE_READS):
            t0 = time.perf_counter()
            scale.read()
            single.append((time.perf_counter() - t0) * 1000)
        stable = []
        for _ in range(STABLE_READS):
            t0 = time.perf_counter()
            weight = read_stable(scale, interval=0.0)
            if abs(weight.kg - 1.25) > 0.001:
                wrong(f"a stable weight of {weight.kg} kg from a scale loaded with 1.25 kg")
            stable.append((time.perf_counter() - t0) * 1000)
    return statistics.median(single), statistics.median(stable)


def main() -> int:
    global JOBS, ROUNDS, SCALE_READS, STABLE_READS
    quick = quick_requested()
    if quick:  # (--quick: a few jobs and readings; make test)
        JOBS, ROUNDS, SCALE_READS, STABLE_READS = 10, 1, 5, 2
    print(machine_line() + f", Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        results = asyncio.run(bench_delivery(Path(tmp)))
    on, off = results[True], results[False]
    if len(on) != JOBS // ROUNDS * ROUNDS or len(off) != len(on):
        wrong(f"{len(on)} and {len(off)} of {JOBS} jobs delivered")
    p50_on, p50_off = percentile(on, 50), percentile(off, 50)
    figure(
        "delivery with ~HS checks before and after each job",
        f"p50 {p50_on:.2f} ms, p99 {percentile(on, 99):.2f} ms over {len(on)} jobs",
        p50_on / p50_off,
        f"without checks (p50 {p50_off:.2f} ms, p99 {percentile(off, 99):.2f} ms)",
        TARGET_RATIO,
    )
    single, stable = bench_scale()
    print(
        f"virtual MT-SICS scale over a pty: one SI round trip median {single:.2f} ms;"
        f" a stable weight (3 equal readings, no pause between) median {stable:.2f} ms"
    )
    return exit_status(quick)


if __name__ == "__main__":
    sys.exit(main())
