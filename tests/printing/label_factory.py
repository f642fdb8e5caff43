"""Test labels: PDF pages with a vector Code 128 barcode (fpdf2 + python-barcode), and ZPL."""

from __future__ import annotations

import barcode
from fpdf import FPDF

from desktop_app.domain.labels import MM_PER_INCH

TRACKING = "1Z999AA10123456784"


def pdf_label(
    tracking: str = TRACKING,
    size_mm: tuple[float, float] = (4 * MM_PER_INCH, 6 * MM_PER_INCH),
    pages: int = 1,
    module_mm: float = 0.38,
) -> bytes:
    """A label PDF: border at the page edges, text, and a Code 128 barcode of `tracking`."""
    modules = barcode.get("code128", tracking).build()[0]
    pdf = FPDF(unit="mm", format=size_mm)
    pdf.set_auto_page_break(False)
    w, h = size_mm
    for page in range(pages):
        pdf.add_page()
        pdf.set_line_width(0.5)
        pdf.rect(1, 1, w - 2, h - 2)
        pdf.set_font("helvetica", "B", 14)
        pdf.text(5, 12, f"PACKDESK TEST {page + 1}/{pages}")
        pdf.set_font("helvetica", size=10)
        pdf.text(5, 20, f"Tracking {tracking}")
        x0 = max(2.0, (w - len(modules) * module_mm) / 2)
        for i, bit in enumerate(modules):
            if bit == "1":
                pdf.rect(x0 + i * module_mm, 28, module_mm, min(25.0, h / 3), style="F")
    return bytes(pdf.output())


def zpl_label(tracking: str = TRACKING, dpi: int = 203, width_in: float = 4.0) -> bytes:
    """A native ZPL label made for `dpi` (print width set for a `width_in` stock)."""
    pw = round(width_in * dpi)
    ll = round(6 * dpi)
    module = 2 if dpi == 203 else 3
    return (
        f"^XA^PW{pw}^LL{ll}^FO40,40^A0N,40,40^FDPACKDESK {dpi} DPI^FS"
        f"^FO40,120^BY{module}^BCN,{dpi // 2},Y,N,N^FD{tracking}^FS^XZ\n"
    ).encode("ascii")
