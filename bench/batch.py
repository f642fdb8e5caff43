"""Batch creation through ShippingClient: 200 shipments, concurrency 8, against the local service.

Run 1: carrier latency 200 ms and a rate limit of 60 requests per 10 s.
Run 2: the same without a (binding) rate limit.
Each creation asks for a label and downloads it (label files are not API calls and are not
rate-limited). Runs without a rate limit create `concurrency` shipments first, untimed (open
connections, a started label renderer: the service's state on a desk after start-up).
Prints the wall time, the theoretical lower bound and their ratio, and the number of 429
answers. Target: within 10 % of the bound, zero 429s.

The bound is the larger of
- latency x count / concurrency (the carrier's latency, all slots busy), and
- the rate-limit bound: the service's windows are fixed and start at a key's first request, so
  the last of ceil(count / limit) windows cannot start before (windows - 1) x interval, and its
  calls then still take their latency, in ceil(calls left / concurrency) rounds.

Without a rate limit the batch and the service floor (the same batch with zero carrier latency:
what the service itself needs on this machine) are measured `--repeats` times, taking turns on
fresh services so that each pair sees the same load; each pair's ratio to max(bound, floor) is
printed with the load average, and the figure is their median.

Usage: python bench/batch.py [--count N] [--concurrency C] [--repeats R] [--unlimited-only]
[--quick] (--quick: 16 shipments, within one window of the rate limit, one repeat)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.support import (  # noqa: E402
    SHOP_SENDER,
    exit_status,
    figure,
    machine_line,
    quick_option,
    stop_process,
    wrong,
)
from desktop_app.client import ShippingClient  # noqa: E402
from desktop_app.client.ratelimit import RateLimitPacer  # noqa: E402

LATENCY_MS = 200
TARGET = 1.10
LIMIT, INTERVAL = 60, 10.0
QUICK_COUNT = 16


@dataclass
class Service:
    """A running `packdesk serve`."""

    process: subprocess.Popen[str]
    base_url: str
    ca_file: str
    key: str

    def stop(self) -> None:
        """Terminate it."""
        stop_process(self.process)


def start_service(data_dir: Path, *args: str) -> Service:
    """Start the local service on a free port and read its JSON start line."""
    cmd = [sys.executable, "-m", "desktop_app", "serve", "--port", "0", "--data-dir", str(data_dir)]
    cmd += [*args, "--log-level", "warning"]
    process = subprocess.Popen(
        cmd,
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    info = json.loads(process.stdout.readline())
    # keep reading so the service never blocks on a full pipe
    threading.Thread(target=lambda: process.stdout and process.stdout.read(), daemon=True).start()
    creds = json.loads(Path(info["credentials_file"]).read_text(encoding="utf-8"))
    return Service(process, info["base_url"], info["ca_file"], creds["sandbox_key"])


def request(number: int) -> dict[str, Any]:
    """One valid shipment with a label."""
    return {
        "from": dict(SHOP_SENDER),
        "to": {
            "first_name": "Erika",
            "last_name": f"Muster{number}",
            "street": "Heidestraße",
            "street_no": "17",
            "zip_code": "51147",
            "city": "Köln",
            "country": "DE",
        },
        "package": {"weight": 1.2, "length": 30, "width": 20, "height": 10, "type": "parcel"},
        "carrier": "dhl",
        "service": "standard",
        "create_shipping_label": True,
        "label": {"format": "pdf_a6"},
        "reference_number": f"BENCH-{number}",
    }


def bound(
    count: int, concurrency: int, latency: float, limit: int | None, interval: float
) -> float:
    """The theoretical lower bound of the wall time (see the module docstring)."""
    latency_bound = latency * count / concurrency
    if limit is None or count <= limit:
        return latency_bound
    windows = math.ceil(count / limit)
    last = count - (windows - 1) * limit
    rate_bound = (windows - 1) * interval + latency * math.ceil(last / concurrency)
    return max(latency_bound, rate_bound)


async def run(
    service: Service, count: int, concurrency: int, warm_up: bool = False
) -> tuple[float, int, int]:
    """Create `count` shipments with `concurrency` workers; (seconds, 429s, label bytes).

    With `warm_up`, `concurrency` shipments are created first, untimed: the client's
    connections are open and the service's label renderer has started (it starts at the
    service's start-up, ~1 s, in the background), as on a desk where the service runs all day.
    """
    async with ShippingClient(
        service.base_url, service.key, ca_file=service.ca_file, pacer=RateLimitPacer()
    ) as client:
        numbers = iter(range(count))
        label_bytes = 0

        async def create_one(number: int) -> int:
            """Create one shipment, download its label; the label's bytes."""
            shipment = await client.shipments.create(request(number))
            assert shipment.label_url
            return len(await client.labels.download(shipment.label_url))

        if warm_up:
            await asyncio.gather(*(create_one(-1 - i) for i in range(concurrency)))

        async def worker() -> None:
            nonlocal label_bytes
            for number in numbers:
                size = await create_one(number)  # (+= around an await would lose updates)
                label_bytes += size

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
        return elapsed, client.stats.rate_limited, label_bytes


def report(title: str, elapsed: float, lower: float, rejected: int, count: int) -> None:
    """Print the figures of one run with its ratio to the bound and the target."""
    print(f"{title}: {count} shipments in {elapsed:.2f} s, {rejected} answers 429")
    figure(
        f"batch, {title}",
        f"{elapsed:.2f} s for {count} shipments",
        elapsed / lower,
        f"the theoretical bound ({lower:.2f} s)",
        TARGET,
    )


def report_unlimited(title: str, pairs: list[tuple[float, float]], lower: float) -> None:
    """The unlimited batch against max(bound, service floor): each repeat, then the median."""
    ratios = []
    for number, (elapsed, floor) in enumerate(pairs, 1):
        ratio = elapsed / max(lower, floor)
        ratios.append(ratio)
        print(
            f"  repeat {number}: batch {elapsed:.2f} s, floor {floor:.2f} s, bound {lower:.2f} s:"
            f" {ratio:.3f}x"
        )
    elapsed = statistics.median(elapsed for elapsed, _ in pairs)
    floor = statistics.median(floor for _, floor in pairs)
    figure(
        f"batch, {title}, against its floor",
        f"median of {len(pairs)}: {elapsed:.2f} s; service floor {floor:.2f} s (same runs, zero"
        f" carrier latency); {machine_line()}",
        statistics.median(ratios),
        "max(bound, service floor)",
        TARGET,
    )


def measure(
    data_dir: Path, latency_ms: int, rate_limit: str, args: argparse.Namespace, warm_up: bool
) -> tuple[float, int]:
    """One run on a fresh service: (seconds, 429 answers)."""
    service = start_service(
        data_dir, "--carrier-latency", str(latency_ms), "--rate-limit", rate_limit
    )
    try:
        elapsed, rejected, _ = asyncio.run(run(service, args.count, args.concurrency, warm_up))
    finally:
        service.stop()
    return elapsed, rejected


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=3, help="unlimited batch + floor pairs")
    parser.add_argument(
        "--unlimited-only", action="store_true", help="leave out the rate-limited run"
    )
    args = quick_option(parser).parse_args()
    if args.quick:
        args.count, args.repeats = QUICK_COUNT, 1
    latency = LATENCY_MS / 1000
    print(machine_line() + f"; carrier latency {LATENCY_MS} ms")
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-") as tmp:
        if not args.unlimited_only:
            title = f"rate limit {LIMIT}/{INTERVAL:g}s"
            # warm-up calls would count against the rate limit (and its bound): none here
            elapsed, rejected = measure(
                Path(tmp) / "limited", LATENCY_MS, f"{LIMIT}/{INTERVAL:g}", args, False
            )
            report(
                title,
                elapsed,
                bound(args.count, args.concurrency, latency, LIMIT, INTERVAL),
                rejected,
                args.count,
            )
            if rejected:
                wrong(f"{title}: {rejected} answers 429 (the client paces itself to the limit)")
        title, unlimited = "no rate limit", "1000000/60"
        lower = bound(args.count, args.concurrency, latency, None, INTERVAL)
        pairs: list[tuple[float, float]] = []
        for repeat in range(args.repeats):
            elapsed, rejected = measure(Path(tmp) / f"s{repeat}", LATENCY_MS, unlimited, args, True)
            floor, _ = measure(Path(tmp) / f"f{repeat}", 0, unlimited, args, True)
            if repeat == 0:
                report(title, elapsed, lower, rejected, args.count)
            if rejected:
                wrong(f"{title}: {rejected} answers 429 without a rate limit")
            pairs.append((elapsed, floor))
        report_unlimited(title, pairs, lower)
    return exit_status(args.quick)


if __name__ == "__main__":
    sys.exit(main())
