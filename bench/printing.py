"""Printing benchmark: PDF->ZPL conversion time per label, and queue delivery latency on loopback.

Targets: conversion under 50 ms per label at 300 dpi; delivery p99 under 20 ms (label bytes
ready -> acknowledged by a loopback printer, through the persisted queue).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import barcode  # noqa: E402
from fpdf import FPDF  # noqa: E402

from desktop_app.domain.labels import MM_PER_INCH  # noqa: E402
from desktop_app.printing.convert import pdf_to_zpl  # noqa: E402
from desktop_app.printing.printers import PrinterDefinition  # noqa: E402
from desktop_app.printing.queue import PrintJob, PrintQueue  # noqa: E402
from desktop_app.printing.virtual_printer import VirtualPrinter  # noqa: E402

STOCK = (4 * MM_PER_INCH, 6 * MM_PER_INCH)
CONVERSIONS = 60
JOBS = 200


def carrier_like_pdf(tracking: str) -> bytes:
    """A 4x6 in label with text blocks, boxes and a vector Code 128, like a carrier label."""
    modules = barcode.get("code128", tracking).build()[0]
    pdf = FPDF(unit="mm", format=STOCK)
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.set_line_width(0.5)
    pdf.rect(2, 2, STOCK[0] - 4, STOCK[1] - 4)
    pdf.set_font("helvetica", "B", 16)
    pdf.text(6, 12, "UPS STANDARD")
    pdf.set_font("helvetica", size=9)
    for i, line in enumerate(["Packdesk GmbH", "Lagerstrasse 1", "20095 Hamburg", "DE"]):
        pdf.text(6, 20 + i * 4, line)
    pdf.set_font("helvetica", "B", 12)
    for i, line in enumerate(["Erika Mustermann", "Hauptstrasse 5", "80331 Muenchen"]):
        pdf.text(6, 45 + i * 6, line)
    for i, bit in enumerate(modules):
        if bit == "1":
            pdf.rect(8 + i * 0.38, 75, 0.38, 28, style="F")
    pdf.set_font("helvetica", size=10)
    pdf.text(8, 108, f"TRACKING # {tracking}")
    pdf.line(2, 115, STOCK[0] - 2, 115)
    return bytes(pdf.output())


def service_label_pdf(tracking: str) -> bytes | None:
    """The local service's own A6 label (text, QR code, Code 128), when the service is there."""
    try:
        from datetime import date

        from desktop_app.service.labels import render_label
        from desktop_app.service.labels_layout import LabelPage
    except ImportError:
        return None
    page = LabelPage(
        sender=("Packdesk GmbH", "Lagerstrasse 1", "20095 Hamburg"),
        receiver=("Erika Mustermann", "Hauptstrasse 5", "80331 München", "DE"),
        carrier="dhl",
        carrier_name="DHL",
        service="STANDARD",
        package_index=1,
        package_count=1,
        weight_kg=2.5,
        tracking_number=tracking,
        created=date(2026, 11, 22),
        sandbox=True,
        tracking_url=f"https://example.com/track/{tracking}",
    )
    return bytes(render_label([page], "pdf_a6"))


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1))))
    return ordered[k]


def bench_conversion(make_pdf: Callable[[str], bytes | None]) -> dict[int, list[float]]:
    made = [make_pdf(f"003404341{n:011d}") for n in range(CONVERSIONS)]
    pdfs = [pdf for pdf in made if pdf is not None]
    if len(pdfs) != len(made):
        return {}
    results: dict[int, list[float]] = {}
    for dpi in (203, 300):
        pdf_to_zpl(pdfs[0], dpi=dpi, stock_mm=STOCK)  # warm-up: imports, pdfium init
        times = []
        for pdf in pdfs:
            t0 = time.perf_counter()
            pdf_to_zpl(pdf, dpi=dpi, stock_mm=STOCK)
            times.append((time.perf_counter() - t0) * 1000)
        results[dpi] = times
    return results


async def bench_delivery(folder: Path) -> list[float]:
    label = b"^XA^PW812^LL1218^FO50,50^A0N,40,40^FDBENCH^FS^FO50,120^BCN,100^FD123456^FS^XZ\n"
    async with VirtualPrinter(folder / "vp", render=False) as vp:
        printer = PrinterDefinition("bench", "zpl", vp.uri, 203, "4x6in")
        async with PrintQueue(folder / "queue.sqlite3") as queue:
            done: dict[int, float] = {}
            events: dict[int, asyncio.Event] = {}

            def on_change(job: PrintJob) -> None:
                if job.state == "done":
                    done[job.id] = time.perf_counter()
                    events[job.id].set()

            queue.add_listener(on_change)
            latencies = []
            for n in range(JOBS + 10):
                t0 = time.perf_counter()
                job = queue.enqueue(printer, label, title=f"bench {n}")
                events[job.id] = asyncio.Event()
                await events[job.id].wait()
                if n >= 10:  # the first jobs warm up the executor and the connection path
                    latencies.append((done[job.id] - t0) * 1000)
            assert len(vp.jobs) == JOBS + 10
    return latencies


def main() -> int:
    print(f"machine: {os.cpu_count()} CPU(s), Python {sys.version.split()[0]}")
    worst_300 = 0.0
    for name, make in (("vector label", carrier_like_pdf), ("service A6 label", service_label_pdf)):
        conv = bench_conversion(make)
        for dpi, times in conv.items():
            print(
                f"PDF->ZPL {name} on 4x6 in at {dpi} dpi: median {statistics.median(times):.1f}"
                f" ms, p90 {percentile(times, 90):.1f} ms per label ({len(times)} labels)"
            )
        if conv:
            worst_300 = max(worst_300, statistics.median(conv[300]))
    with tempfile.TemporaryDirectory() as tmp:
        latencies = asyncio.run(bench_delivery(Path(tmp)))
    p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
    print(
        f"delivery (bytes ready -> acknowledged, loopback, persisted queue): "
        f"p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(latencies)} jobs"
    )
    ok = worst_300 < 50 and p99 < 20
    print(
        "targets (conversion < 50 ms at 300 dpi, delivery p99 < 20 ms):", "met" if ok else "MISSED"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
