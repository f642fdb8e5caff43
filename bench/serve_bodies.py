"""Benchmark: a well-behaved station's latency while another key sends the costliest bodies.

Run: `.venv/bin/python bench/serve_bodies.py [--requests N] [--quick]` (--quick: 20 requests).
Starts `packdesk serve` on loopback and measures p50/p99 of `GET /v1/carriers` from one
keep-alive station (one request every 20 ms), first on a quiet service, then while another
station key (in another process, at the lowest CPU priority) sends the worst bodies the default
rate limit allows, two a second (120 a minute), taking turns:
- 1 MB of 50,000 `additional_services` entries (the finding: 480-780 ms of the loop before);
- 1 MB of just under the value bound (19,000 small objects in nested arrays);
- ~1 MB of non-ASCII text in fields at the text bound (4,096 characters each);
- an order of 500 line items (the largest the rules accept: stored, 200).
Each costly body is sent once before measuring (what happens once per service, such as
FastAPI preparing a router on its first request, is not what this measures). The service runs
under bench/support/loop_probe.py, which notes every time its event loop could not run a due
callback; printed: the longest such hold while quiet and while attacked.
Targets: attacked p99 within 3x of the quiet p99; the loop held at most 10 ms under attack.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing
import os
import ssl
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.serve_abuse import _add_station_key, _percentile  # noqa: E402
from bench.service import RECEIVER, SENDER, Service  # noqa: E402
from bench.support import exit_status, figure, machine_line, missed, quick_option  # noqa: E402
from bench.support.loop_probe import holds_between  # noqa: E402

P99_TARGET = 3.0
LOOP_HOLD_TARGET_MS = 10.0
BODIES_PER_SECOND = 2.0  # the default rate limit: 120 requests a minute per key


def station_latencies(service: Service, count: int) -> list[float]:
    """`count` GET /v1/carriers from one keep-alive station, 20 ms apart; ms each."""
    context = ssl.create_default_context(cafile=service.ca_file)
    latencies: list[float] = []
    with httpx.Client(
        base_url=service.base_url, verify=context, auth=(service.key, ""), timeout=30
    ) as client:
        client.get("/v1/carriers")
        for _ in range(count):
            started = time.perf_counter()
            response = client.get("/v1/carriers")
            latencies.append((time.perf_counter() - started) * 1000)
            if response.status_code != 200:
                raise RuntimeError(f"the station got {response.status_code}")
            time.sleep(0.02)
    return latencies


def _shipment() -> dict[str, Any]:
    return {
        "carrier": "dhl",
        "service": "standard",
        "from": SENDER,
        "to": RECEIVER,
        "package": {"weight": 1.5, "length": 30, "width": 20, "height": 10},
        "create_shipping_label": False,
    }


def costly_bodies() -> list[tuple[str, bytes, str]]:
    """(name, body, path) of each costly request."""
    import json

    many_add_ons = {**_shipment(), "additional_services": [{"name": "x"}] * 50_000}
    near_bound = {**_shipment(), **{f"x{j}": [[{"a": 1}] * 50] * 60 for j in range(3)}}
    text = "Straße " * 585  # 4,095 characters, not ASCII
    long_text = {
        **_shipment(),
        "additional_services": [{"name": "x", "properties": {"note": text}} for _ in range(60)],
    }
    line = {
        "sku": "656006",
        "title": {"de": "Turnschuh", "en": "Sneaker", "fallback": "Sneaker"},
        "quantity": 1,
        "price": 89.95,
        "vat": 14.36,
        "currency": "EUR",
        "weight": 0.45,
        "weight_unit": "kg",
    }
    order = {
        "placed_at": "2025-01-12T13:39:03+01:00",
        "external_order_id": "8709500.00.01",
        "total_price": 186.85,
        "total_vat": 29.83,
        "currency": "EUR",
        "total_weight": 225.0,
        "weight_unit": "kg",
        "delivery_address": copy.deepcopy(RECEIVER),
        "order_line_items": [dict(line, sku=f"{i:06d}") for i in range(500)],
    }
    bodies = [
        ("50,000 add-ons", many_add_ons, "/v1/shipments"),
        ("19,000 values", near_bound, "/v1/shipments"),
        ("60 texts of 4,095 characters", long_text, "/v1/shipments"),
        ("order of 500 line items", order, "/v1/orders"),
    ]
    compact = (",", ":")
    return [
        (name, json.dumps(body, separators=compact).encode(), path) for name, body, path in bodies
    ]


def _post(client: httpx.Client, body: bytes, path: str) -> int:
    response = client.post(path, content=body, headers={"content-type": "application/json"})
    return response.status_code


def attack(base_url: str, ca_file: str, key: str, stop: Any, out: Any) -> None:
    """The costly key, in a process of its own at the lowest CPU priority."""
    os.nice(19)
    context = ssl.create_default_context(cafile=ca_file)
    bodies = costly_bodies()
    statuses: dict[str, int] = {}
    sent = 0
    with httpx.Client(base_url=base_url, verify=context, auth=(key, ""), timeout=60) as client:
        next_at = time.monotonic()
        while not stop.is_set():
            name, body, path = bodies[sent % len(bodies)]
            label = f"{name}: {_post(client, body, path)}"
            statuses[label] = statuses.get(label, 0) + 1
            sent += 1
            next_at += 1.0 / BODIES_PER_SECOND
            time.sleep(max(0.0, next_at - time.monotonic()))
    out.put(statuses)


def warm_up(service: Service, key: str) -> None:
    """Each costly body once: the service's first request per router is not the measure."""
    context = ssl.create_default_context(cafile=service.ca_file)
    with httpx.Client(
        base_url=service.base_url, verify=context, auth=(key, ""), timeout=60
    ) as client:
        for _name, body, path in costly_bodies():
            _post(client, body, path)


def _longest(holds: list[tuple[float, float]]) -> tuple[float, float]:
    """The longest wall hold and the longest CPU hold (0 when none)."""
    return max((w for w, _ in holds), default=0.0), max((c for _, c in holds), default=0.0)


def timed_window(measure: Any) -> tuple[Any, float, float]:
    """`measure()` and the unix times it started and ended."""
    start = time.time()
    result = measure()
    return result, start, time.time()


def run(requests: int) -> bool:
    print(machine_line())
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-bodies-") as tmp:
        data_dir = Path(tmp)
        probe_file = data_dir / "loop-holds.txt"
        # the station measures faster than 120 a minute; the attacker paces itself to it
        service = Service(data_dir, "--rate-limit", "1000000/60", loop_probe=probe_file)
        try:
            attacker_key = _add_station_key(data_dir, "Costly")
            warm_up(service, attacker_key)
            quiet, *quiet_window = timed_window(lambda: station_latencies(service, requests))
            stop = multiprocessing.Event()
            out: Any = multiprocessing.Queue()
            attacker = multiprocessing.Process(
                target=attack, args=(service.base_url, service.ca_file, attacker_key, stop, out)
            )
            attacker.start()
            time.sleep(1.0)
            attacked, *attacked_window = timed_window(lambda: station_latencies(service, requests))
            stop.set()
            statuses = out.get(timeout=120)
            attacker.join(30)
        finally:
            service.stop()
        quiet_holds = holds_between(probe_file, *quiet_window)
        attacked_holds = holds_between(probe_file, *attacked_window)
    q50, q99 = statistics.median(quiet), _percentile(quiet, 0.99)
    a50, a99 = statistics.median(attacked), _percentile(attacked, 0.99)
    quiet_wall, quiet_cpu = _longest(quiet_holds)
    attacked_wall, attacked_cpu = _longest(attacked_holds)
    print(f"station GET /v1/carriers, {requests} requests each:")
    print(f"  quiet:    p50 {q50:.2f} ms, p99 {q99:.2f} ms, max {max(quiet):.2f} ms")
    print(f"  attacked: p50 {a50:.2f} ms, p99 {a99:.2f} ms, max {max(attacked):.2f} ms")
    print(f"  costly answers: {statuses}")
    print("event loop held over 1 ms (longest late timer; its part on the service's CPU):")
    print(
        f"  quiet:    {len(quiet_holds)} times, longest {quiet_wall:.1f} ms, {quiet_cpu:.1f} ms CPU"
    )
    print(
        f"  attacked: {len(attacked_holds)} times, longest {attacked_wall:.1f} ms,"
        f" {attacked_cpu:.1f} ms CPU"
    )
    p99_met = figure(
        "attacked p99 vs quiet p99", f"{a99:.2f} ms vs {q99:.2f} ms", a99 / q99, "quiet", P99_TARGET
    )
    hold_met = attacked_cpu <= LOOP_HOLD_TARGET_MS
    if not hold_met:
        missed("longest event-loop hold under attack")
    print(
        f"longest event-loop hold under attack (service CPU): {attacked_cpu:.1f} ms"
        f" (target <= {LOOP_HOLD_TARGET_MS:g} ms) {'met' if hold_met else 'MISSED'}"
    )
    return p99_met and hold_met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=1000)
    args = quick_option(parser).parse_args()
    run(20 if args.quick else args.requests)
    return exit_status(args.quick)


if __name__ == "__main__":
    sys.exit(main())
