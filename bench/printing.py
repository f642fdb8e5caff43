"""Printing benchmark: PDF->ZPL conversion time per label, and queue delivery latency on loopback.

Each conversion figure is printed with its ratio to its floor, rasterising the same page alone
(pdfium drawing it in gray at the printer's dpi, measured in the same run, label by label
alternately): target within 2.5x. Side by side, zebrafy converts the same page at the same dpi,
its output is checked equal in meaning to ours (both rendered back: same size, same barcodes,
only anti-aliased edge pixels differ): target no slower than zebrafy. The ZPL preview (what the
GUI shows) against zplkit's own render-and-PNG path on the same label: target within 1.1x.
Delivery: p99 under 20 ms
(label bytes ready -> acknowledged by a loopback printer, through the persisted queue).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Callable
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import barcode  # noqa: E402
import pypdfium2 as pdfium  # noqa: E402
from fpdf import FPDF  # noqa: E402

from bench.support import (  # noqa: E402
    delivery_latencies,
    exit_status,
    figure,
    machine_line,
    missed,
    quick_requested,
    taking_turns,
    wrong,
)
from desktop_app.domain.labels import MM_PER_INCH, mm_to_dots  # noqa: E402
from desktop_app.printing.convert import DEFAULT_THRESHOLD, pdf_to_zpl  # noqa: E402
from desktop_app.printing.preview import (  # noqa: E402
    preview_available,
    render_zpl_images,
    render_zpl_preview,
)
from desktop_app.printing.printers import PrinterDefinition  # noqa: E402
from desktop_app.printing.queue import PrintQueue  # noqa: E402
from desktop_app.printing.virtual_printer import VirtualPrinter  # noqa: E402
from desktop_app.service.labels.layout import LabelPage  # noqa: E402

STOCK = (4 * MM_PER_INCH, 6 * MM_PER_INCH)
CONVERSIONS = 60
JOBS = 200
FLOOR_TARGET = 2.5  # conversion / rasterising alone
PEER_TARGET = 1.0  # conversion / zebrafy's
PREVIEW_TARGET = 1.1  # Packdesk's ZPL preview / zplkit's own render + PNG
PREVIEWS = 40
# rendered back, the pixels that may differ from zebrafy's: pdfium anti-aliases its rendering,
# ours is drawn without smoothing (crisp bar edges), so edge pixels fall either way
EDGE_PIXELS = 0.01


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


def service_label_page(tracking: str) -> LabelPage:
    """A page of the local service's own label (text, QR code, Code 128)."""
    return LabelPage(
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


def service_label_pdf(tracking: str) -> bytes:
    """The local service's own A6 label as PDF."""
    from desktop_app.service.labels.shipment_labels import render_label

    return bytes(render_label([service_label_page(tracking)], "pdf_a6"))


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1))))
    return ordered[k]


def raster_floor(pdf: bytes, dpi: int) -> None:
    """The floor of a conversion: pdfium rasterising the page in gray at `dpi`, nothing else."""
    width, height = mm_to_dots(STOCK[0], dpi), mm_to_dots(STOCK[1], dpi)
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        pw, ph = page.get_size()
        bitmap = page.render(
            scale=min(width / pw, height / ph),
            grayscale=True,
            no_smoothtext=True,
            no_smoothimage=True,
            no_smoothpath=True,
        )
        bitmap.close()
        page.close()
    finally:
        doc.close()


def zebrafy_zpl(pdf: bytes, dpi: int) -> bytes:
    """zebrafy's conversion of the same page for the same stock: threshold, :Z64:, label size."""
    from zebrafy import ZebrafyPDF

    width, height = mm_to_dots(STOCK[0], dpi), mm_to_dots(STOCK[1], dpi)
    zpl = ZebrafyPDF(
        pdf,
        dpi=dpi,
        format="Z64",
        dither=False,
        threshold=DEFAULT_THRESHOLD - 1,  # zebrafy: white above it; ours: black below it
        width=width,
        height=height,
        set_label_size=True,
    ).to_zpl()
    return zpl.encode("ascii")


def against(
    other: Callable[[bytes, int], object], pdfs: list[bytes], dpi: int
) -> tuple[float, float]:
    """Median ms of our conversion and of `other` over `pdfs`, taking turns label by label."""
    # each run's own pass over the labels: the first one warms up, then one label per round
    ours_next, theirs_next = iter([pdfs[0], *pdfs]).__next__, iter([pdfs[0], *pdfs]).__next__
    ours, theirs = taking_turns(
        (
            lambda: pdf_to_zpl(ours_next(), dpi=dpi, stock_mm=STOCK),
            lambda: other(theirs_next(), dpi),
        ),
        len(pdfs),
    )
    return ours, theirs


def same_meaning(ours: bytes, theirs: bytes, dpi: int) -> tuple[bool, str]:
    """Both ZPL labels rendered back: same size, same barcodes, few differing (edge) pixels."""
    if not preview_available():
        return False, "not checked: zplkit (preview extra) not installed"
    import zxingcpp

    (a,) = render_zpl_images(ours, dpi=dpi)
    (b,) = render_zpl_images(theirs, dpi=dpi)
    if a.size != b.size:
        return False, f"sizes differ: {a.size} vs {b.size}"
    codes_a = sorted(r.text for r in zxingcpp.read_barcodes(a))
    codes_b = sorted(r.text for r in zxingcpp.read_barcodes(b))
    differing = sum(x != y for x, y in zip(a.tobytes(), b.tobytes(), strict=True))
    share = differing / (a.width * a.height)
    equal = codes_a == codes_b and bool(codes_a) and share <= EDGE_PIXELS
    codes = "equal" if codes_a == codes_b else "DIFFER"
    return equal, f"{len(codes_a)} barcode(s) {codes}, {share:.2%} pixels differ"


async def bench_delivery(folder: Path) -> list[float]:
    label = b"^XA^PW812^LL1218^FO50,50^A0N,40,40^FDBENCH^FS^FO50,120^BCN,100^FD123456^FS^XZ\n"
    async with VirtualPrinter(folder / "vp", render=False) as vp:
        printer = PrinterDefinition("bench", "zpl", vp.uri, 203, "4x6in")
        async with PrintQueue(folder / "queue.sqlite3") as queue:
            # the first jobs warm up the executor and the connection path
            latencies = await delivery_latencies(queue, printer, label, JOBS, warmup=10)
            if len(vp.jobs) != JOBS + 10:
                wrong(f"the printer received {len(vp.jobs)} of {JOBS + 10} jobs")
    return latencies


def zplkit_pngs(data: bytes, dpi: int) -> list[bytes]:
    """zplkit's own path: render, then each label as PNG (the limits a converted label needs)."""
    import zplkit
    from zplkit.rendering import Limits

    options = zplkit.Options(profile="specification", dpi=dpi)
    limits = Limits(graphic_bytes=16_000_000, input_bytes=32_000_000)
    return [scene.png() for scene in zplkit.render(data, options, limits=limits).labels]


def bench_preview() -> None:
    """render_zpl_preview against zplkit's own path, on a native and on a converted label."""
    if not preview_available():
        print("ZPL preview: not measured (zplkit, the preview extra, is not installed)")
        return
    from desktop_app.service.labels.shipment_labels import render_label

    page = service_label_page("003404341" + "0" * 11)
    labels = {
        "native service ZPL label": render_label([page], "zpl2_4x6in_203dpi"),
        "converted PDF label": pdf_to_zpl(carrier_like_pdf("1Z0"), dpi=203, stock_mm=STOCK),
    }
    for name, data in labels.items():
        runs = (
            lambda data=data: render_zpl_preview(data, dpi=203).pngs,
            lambda data=data: zplkit_pngs(data, 203),
        )
        if runs[0]() != runs[1]():
            wrong(f"ZPL preview of the {name}: not the same PNG as zplkit's own path")
            continue
        ours, own = taking_turns(runs, PREVIEWS)
        figure(
            f"ZPL preview of the {name}, 203 dpi",
            f"median {ours:.2f} ms vs {own:.2f} ms (same PNG)",
            ours / own,
            "zplkit's own render + PNG",
            PREVIEW_TARGET,
        )


def main() -> int:
    global CONVERSIONS, JOBS, PREVIEWS
    quick = quick_requested()
    if quick:  # (--quick: a few labels of each kind; make test)
        CONVERSIONS, JOBS, PREVIEWS = 4, 20, 2
    print(machine_line() + f", Python {sys.version.split()[0]}")
    for name, make in (("vector label", carrier_like_pdf), ("service A6 label", service_label_pdf)):
        pdfs = [make(f"003404341{n:011d}") for n in range(CONVERSIONS)]
        for dpi in (203, 300):
            ours, floor = against(raster_floor, pdfs, dpi)
            figure(
                f"PDF->ZPL {name} on 4x6 in at {dpi} dpi",
                f"median {ours:.2f} ms per label",
                ours / floor,
                f"rasterising alone ({floor:.2f} ms)",
                FLOOR_TARGET,
            )
    pdfs = [carrier_like_pdf(f"003404341{n:011d}") for n in range(CONVERSIONS // 2)]
    for dpi in (203, 300):
        equal, how = same_meaning(
            pdf_to_zpl(pdfs[0], dpi=dpi, stock_mm=STOCK), zebrafy_zpl(pdfs[0], dpi), dpi
        )
        if not equal:
            wrong(f"PDF->ZPL at {dpi} dpi: not equal to zebrafy's rendered back ({how})")
        ours, theirs = against(zebrafy_zpl, pdfs, dpi)
        figure(
            f"PDF->ZPL vector label at {dpi} dpi vs zebrafy",
            f"{ours:.2f} ms vs {theirs:.2f} ms; output "
            f"{'equal' if equal else 'NOT EQUAL'} rendered back ({how})",
            ours / theirs if equal else float("inf"),
            "zebrafy",
            PEER_TARGET,
        )
    bench_preview()
    with tempfile.TemporaryDirectory() as tmp:
        latencies = asyncio.run(bench_delivery(Path(tmp)))
    p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
    print(
        f"delivery (bytes ready -> acknowledged, loopback, persisted queue): "
        f"p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(latencies)} jobs "
        f"(target p99 < 20 ms) {'met' if p99 < 20 else 'MISSED'}"
    )
    if p99 >= 20:
        missed("delivery p99")
    return exit_status(quick)


if __name__ == "__main__":
    sys.exit(main())
