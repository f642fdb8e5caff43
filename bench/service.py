"""Benchmark of label rendering and of shipment creation through the local service.

Run: `.venv/bin/python bench/service.py [--requests N] [--concurrency C] [--skip-http]`.
Prints render ms per label format (wall mean/p50/p99 and CPU mean, which load inflates less),
then for `packdesk serve` on loopback (HTTPS, 8 clients) requests per second and p50/p99 of
POST /v1/shipments with a label, at carrier latency 0 and at 200 ms (what the service adds
beyond the carrier's own time).
Targets: PDF label < 15 ms, ZPL label < 2 ms, service overhead < 20 ms p50. Side by side: the
A6 PDF label against a plain fpdf2 baseline drawing the same layout (the same primitives, the
same DejaVu Sans added with `add_font`, one `rect` per bar and QR run), taking turns in the same
run: target no slower than the baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parent.parent
PROBE = REPO / "bench" / "support" / "loop_probe.py"
sys.path.insert(0, str(REPO))

from bench.support import (  # noqa: E402
    exit_status,
    figure,
    machine_line,
    quick_option,
    stop_process,
    taking_turns,
)
from desktop_app.domain.labels import LABEL_FORMATS  # noqa: E402
from desktop_app.label_fonts import FONT_FILES, font_file  # noqa: E402
from desktop_app.service.labels.layout import (  # noqa: E402
    QUIET_MODULES,
    Barcode,
    Box,
    LabelPage,
    QrCode,
    Text,
    layout,
)
from desktop_app.service.labels.shipment_labels import label_pages_for_shipment, render_label  # noqa: E402
from desktop_app.service.shipping.carriers import CarrierSimulator  # noqa: E402

PDF_TARGET_MS = 15.0
BASELINE_TARGET = 1.0  # Packdesk's PDF label / plain fpdf2 drawing the same layout
ZPL_TARGET_MS = 2.0
OVERHEAD_TARGET_MS = 20.0

SENDER = {
    "company": "Packdesk Bench GmbH",
    "first_name": "Erika",
    "last_name": "Musterfrau",
    "street": "Lagerweg",
    "street_no": "5",
    "zip_code": "04109",
    "city": "Leipzig",
    "country": "DE",
}
RECEIVER = {
    "first_name": "Max",
    "last_name": "Müller",
    "street": "Große Hamburger Straße",
    "street_no": "118b",
    "zip_code": "10115",
    "city": "Berlin",
    "country": "DE",
}


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def timed(fn: Callable[[], object], n: int, cpu: list[float] | None = None) -> list[float]:
    """Milliseconds of `n` calls of `fn` (after two warm-up calls); with `cpu`, the mean CPU
    milliseconds of this process per call are appended to it (load-independent, unlike wall)."""
    fn()
    fn()
    out = []
    started = time.process_time()
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    if cpu is not None:
        cpu.append((time.process_time() - started) * 1000 / n)
    return out


def plain_fpdf2_label(page: LabelPage, width: float, height: float) -> bytes:
    """The baseline: the label's own layout drawn the way fpdf2's documentation shows."""
    import segno
    from fpdf import FPDF

    pdf = FPDF(unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    for style in FONT_FILES:
        pdf.add_font("dejavu", style, str(font_file(style)))

    def measure(text: str, size: float, bold: bool) -> float:
        pdf.set_font("dejavu", "B" if bold else "", size)
        return float(pdf.get_string_width(text))

    pdf.add_page()
    for item in layout(page, width, height, measure):
        if isinstance(item, Box):
            pdf.rect(item.x, item.y, item.w, item.h, style="F")
        elif isinstance(item, Text):
            pdf.set_text_color(255 if item.white else 0)
            shift = {"L": 0.0, "C": 0.5, "R": 1.0}[item.align] * measure(
                item.text, item.size, item.bold
            )
            pdf.text(item.x - shift, item.y, item.text)
        elif isinstance(item, Barcode):
            module = min(0.5, item.w / (len(item.modules) + 2 * QUIET_MODULES))
            x0 = item.x + (item.w - len(item.modules) * module) / 2
            for i, bit in enumerate(item.modules):
                if bit == "1":
                    pdf.rect(x0 + i * module, item.y, module, item.h, style="F")
        elif isinstance(item, QrCode):
            matrix = segno.make(item.data, error="m", micro=False, mask=0).matrix
            cell = item.size / (len(matrix) + 2)
            for r, row in enumerate(matrix):
                for c, dark in enumerate(row):
                    if dark:
                        x, y = item.x + (c + 1) * cell, item.y + (r + 1) * cell
                        pdf.rect(x, y, cell, cell, style="F")
    return bytes(pdf.output())


def bench_against_fpdf2(pages: list[LabelPage], n: int) -> bool:
    """pdf_a6 through render_label and through the plain baseline, taking turns; True if met."""
    fmt = LABEL_FORMATS["pdf_a6"]
    runs = (
        lambda: render_label(pages, "pdf_a6"),
        lambda: plain_fpdf2_label(pages[0], fmt.width_mm, fmt.height_mm),
    )
    ours, plain = taking_turns(runs, n)
    return figure(
        "label PDF rendering, pdf_a6, vs plain fpdf2 of the same layout",
        f"median {ours:.2f} ms vs {plain:.2f} ms",
        ours / plain,
        "plain fpdf2",
        BASELINE_TARGET,
    )


def bench_rendering(n: int) -> bool:
    """Render ms per format for a one-package sandbox label; True when within targets."""
    body: dict[str, Any] = {
        "carrier": "ups",
        "service": "standard",
        "created_at": "2026-11-22T08:00:00Z",
        "from": SENDER,
        "to": RECEIVER,
        "package": {"weight": 2.5, "length": 30, "width": 20, "height": 10},
        "reference_number": "ORDER-2026-000123",
        "additional_services": [
            {"name": "cash_on_delivery", "properties": {"amount": 12.5, "currency": "EUR"}}
        ],
    }
    number = CarrierSimulator().adapter("ups").tracking_number()
    pages = label_pages_for_shipment(body, [number], sandbox=True)
    print(f"label rendering, one package, {n} runs per format (ms)")
    print(f"  {'format':24} {'mean':>7} {'p50':>7} {'p99':>7}  target   cpu")
    ok = True
    p50s: dict[str, float] = {}
    cpus: dict[str, float] = {}
    for name, fmt in LABEL_FORMATS.items():
        runs = n if fmt.kind == "pdf" else n * 5
        cpu: list[float] = []
        ms = timed(lambda name=name: render_label(pages, name), runs, cpu)
        target = PDF_TARGET_MS if fmt.kind == "pdf" else ZPL_TARGET_MS
        p50 = p50s[name] = statistics.median(ms)
        cpus[name] = cpu[0]
        verdict = "ok" if p50 < target else "OVER"
        ok &= p50 < target
        print(
            f"  {name:24} {statistics.fmean(ms):7.2f} {p50:7.2f} {percentile(ms, 99):7.2f}"
            f"  < {target:g} {verdict:4} {cpu[0]:6.2f}"
        )
    building = timed(lambda: label_pages_for_shipment(body, [number], sandbox=True), n)
    print(f"  {'(pages from shipment)':24} {statistics.fmean(building):7.2f}")
    for kind, target in (("pdf", PDF_TARGET_MS), ("zpl", ZPL_TARGET_MS)):
        name, p50 = max(
            ((name, p50s[name]) for name, fmt in LABEL_FORMATS.items() if fmt.kind == kind),
            key=lambda item: item[1],
        )
        figure(
            f"label rendering, {kind.upper()}, slowest format",
            f"{name} median {p50:.2f} ms ({cpus[name]:.2f} ms of CPU)",
            p50 / target,
            f"of the {target:g} ms target",
            1.0,
        )
    return bench_against_fpdf2(pages, max(10, n // 2)) and ok


class Service:
    """`packdesk serve` as a subprocess on a free loopback port."""

    def __init__(self, data_dir: Path, *args: str, loop_probe: Path | None = None) -> None:
        # with `loop_probe`, the event loop's holds are noted in that file (support/loop_probe)
        launcher = ["-m", "desktop_app"] if loop_probe is None else [str(PROBE), str(loop_probe)]
        cmd = [sys.executable, *launcher, "serve", "--port", "0"]
        cmd += ["--data-dir", str(data_dir), "--log-level", "warning", *args]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.stderr = open(data_dir / "serve-stderr.log", "w", encoding="utf-8")  # noqa: SIM115
        self.process = subprocess.Popen(
            cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=self.stderr, text=True
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            self.stop()
            log = (data_dir / "serve-stderr.log").read_text(errors="replace")
            raise RuntimeError(f"service did not start:\n{log[-3000:]}")
        info = json.loads(line)
        self.base_url: str = info["base_url"]
        self.ca_file: str = info["ca_file"]
        creds = json.loads(Path(info["credentials_file"]).read_text(encoding="utf-8"))
        self.key: str = creds["sandbox_key"]
        stdout = self.process.stdout
        threading.Thread(target=lambda: [None for _ in stdout], daemon=True).start()

    def stop(self) -> None:
        """Terminate the process and wait for it."""
        if self.process.poll() is None:
            stop_process(self.process)
        self.stderr.close()


def shipment_body(carrier: str, label_format: str, i: int) -> dict[str, Any]:
    """A valid create request with a label."""
    return {
        "carrier": carrier,
        "service": "standard",
        "from": SENDER,
        "to": RECEIVER,
        "package": {"weight": 1.5, "length": 30, "width": 20, "height": 10},
        "reference_number": f"BENCH-{i:05d}",
        "create_shipping_label": True,
        "label": {"format": label_format},
    }


async def load(
    service: Service, carrier: str, label_format: str, total: int, concurrency: int
) -> tuple[float, list[float]]:
    """POST `total` shipments with `concurrency` workers; (wall seconds, latencies ms)."""
    latencies: list[float] = []
    counter = iter(range(total))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(
        base_url=service.base_url,
        verify=service.ca_file,
        auth=(service.key, ""),
        timeout=60.0,
        limits=limits,
    ) as client:

        async def post(i: int) -> float:
            t = time.perf_counter()
            response = await client.post(
                "/v1/shipments", json=shipment_body(carrier, label_format, i)
            )
            elapsed = (time.perf_counter() - t) * 1000
            if response.status_code != 200:
                raise RuntimeError(f"{response.status_code}: {response.text[:300]}")
            if "label_url" not in response.json():
                raise RuntimeError("no label_url in the created shipment")
            return elapsed

        for i in range(min(concurrency, 8)):  # warm-up: TLS sessions, caches, SQLite pages
            await post(-1 - i)

        async def worker() -> None:
            for i in counter:
                latencies.append(await post(i))

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall = time.perf_counter() - start
    return wall, latencies


def report(title: str, wall: float, ms: list[float], latency_ms: float) -> float:
    """Print one load result (with a carrier latency: as a figure line, the service's own p50
    against its target); returns p50 minus the carrier latency."""
    p50, p99 = statistics.median(ms), percentile(ms, 99)
    extra = p50 - latency_ms
    if not latency_ms:  # all queueing behind each other's work: throughput, not overhead
        print(
            f"POST /v1/shipments, {title}, carrier latency 0 ms: {len(ms) / wall:.1f} req/s, "
            f"p50 {p50:.1f} ms, p99 {p99:.1f} ms"
        )
        return extra
    figure(
        f"POST /v1/shipments, {title}, carrier latency {latency_ms:g} ms",
        f"{len(ms) / wall:.1f} req/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
        f"service's own p50 {extra:.1f} ms",
        extra / OVERHEAD_TARGET_MS,
        f"of the {OVERHEAD_TARGET_MS:g} ms target for the service's own p50",
        1.0,
    )
    return extra


def bench_http(total: int, concurrency: int, latency_ms: int) -> None:
    """Create shipments with labels against a fresh service with the given carrier latency."""
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-") as tmp:
        service = Service(
            Path(tmp),
            "--carrier-latency",
            str(latency_ms),
            "--rate-limit",
            "100000/60",
        )
        try:
            print(f"POST /v1/shipments with label, carrier latency {latency_ms} ms, HTTPS loopback")
            for carrier, fmt in (("dhl", "pdf_a6"), ("ups", "zpl2_4x6in_203dpi")):
                wall, ms = asyncio.run(load(service, carrier, fmt, total, concurrency))
                report(f"{carrier} {fmt}, {concurrency} clients, {total} req", wall, ms, latency_ms)
                n1 = max(min(20, total), total // 4)
                wall, ms = asyncio.run(load(service, carrier, fmt, n1, 1))
                report(f"{carrier} {fmt}, 1 client, {n1} req", wall, ms, latency_ms)
        finally:
            service.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=100, help="PDF renders per format")
    parser.add_argument("--requests", type=int, default=200, help="creates per load run")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--latency", type=int, default=200, help="second run's carrier ms")
    parser.add_argument("--skip-http", action="store_true", help="only the rendering part")
    args = quick_option(parser).parse_args()
    if args.quick:
        args.renders, args.requests = 5, 8
    print(machine_line() + f", Python {sys.version.split()[0]}")
    rendering_ok = bench_rendering(args.renders)
    if not args.skip_http:
        bench_http(args.requests, args.concurrency, 0)
        bench_http(args.requests, args.concurrency, args.latency)
    print("label rendering within targets" if rendering_ok else "label rendering OVER target")
    return exit_status(args.quick)


if __name__ == "__main__":
    raise SystemExit(main())
