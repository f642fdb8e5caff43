"""PDF back end of the label layout: fpdf2, vector barcode bars, one page per package."""

from __future__ import annotations

import unicodedata

import segno
from fpdf import FPDF

from desktop_app.domain.labels import LabelFormat
from desktop_app.label_fonts import unicode_font
from desktop_app.service.labels_layout import (
    PT,
    QUIET_MODULES,
    Barcode,
    Box,
    LabelPage,
    Measure,
    Primitive,
    QrCode,
    Text,
    helvetica_width,
    layout,
    page_texts,
)

# The module never gets wider than this: wider bars gain nothing for scanners.
MAX_MODULE_MM = 0.5


def _latin1(text: str) -> bool:
    """Whether the core fonts can show `text`."""
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _transliterate(text: str) -> str:
    """Latin-1 approximation of `text` (accents dropped where Latin-1 has no glyph)."""
    out = []
    for ch in text:
        if _latin1(ch):
            out.append(ch)
            continue
        base = unicodedata.normalize("NFKD", ch).encode("latin-1", "ignore").decode("latin-1")
        out.append(base or "?")
    return "".join(out)


class _Doc:
    """An FPDF document with the font choice and measurement that go with it."""

    def __init__(self, fmt: LabelFormat, pages: list[LabelPage]) -> None:
        self.pdf = FPDF(orientation="P", unit="mm", format=(fmt.width_mm, fmt.height_mm))
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(0, 0, 0)
        self.pdf.set_creator("Packdesk")
        self.pdf.set_title(f"Shipping label {pages[0].tracking_number}" if pages else "Label")
        self.family = "helvetica"
        self.transliterate = False
        if not all(_latin1(t) for p in pages for t in page_texts(p)):
            font = unicode_font()
            if font is None:
                self.transliterate = True
            else:
                self.pdf.add_font("labelsans", "", font[0])
                self.pdf.add_font("labelsans", "B", font[1])
                self.family = "labelsans"
        self._font: tuple[str, float] | None = None

    def set_font(self, size: float, bold: bool) -> None:
        """Select the label font, skipping redundant operators."""
        key = ("B" if bold else "", size)
        if key != self._font:
            self.pdf.set_font(self.family, key[0], size)
            self._font = key

    def measure(self, text: str, size: float, bold: bool) -> float:
        """Width of `text` in mm in the document's font."""
        if self.family == "helvetica":
            return helvetica_width(self._clean(text), size, bold)
        self.set_font(size, bold)
        return float(self.pdf.get_string_width(text))

    def _clean(self, text: str) -> str:
        return _transliterate(text) if self.transliterate else text

    def draw(self, items: list[Primitive]) -> None:
        """Add a page holding `items`."""
        pdf = self.pdf
        pdf.add_page()
        self._font = None
        pdf.set_fill_color(0)
        white = False
        for item in items:
            if isinstance(item, Box):
                pdf.rect(item.x, item.y, item.w, item.h, style="F")
            elif isinstance(item, Text):
                if item.white != white:
                    pdf.set_text_color(255 if item.white else 0)
                    white = item.white
                text = self._clean(item.text)
                x = item.x
                if item.align != "L":
                    w = self.measure(text, item.size, item.bold)
                    x -= w if item.align == "R" else w / 2
                self.set_font(item.size, item.bold)
                pdf.text(x, item.y, text)
            elif isinstance(item, Barcode):
                self._barcode(item)
            elif isinstance(item, QrCode):
                self._qr(item)
        if white:
            pdf.set_text_color(0)

    def _fill(self, rects: list[tuple[float, float, float, float]]) -> None:
        """Fill many rectangles (mm, top-left origin) as one path in the current colour.

        fpdf2's rect() costs ~10 us per call; a QR code has hundreds of runs, so the
        operators go out in one piece instead.
        """
        if not rects:
            return
        k, page_h = self.pdf.k, self.pdf.h
        ops = " ".join(
            f"{x * k:.3f} {(page_h - y) * k:.3f} {w * k:.3f} {-h * k:.3f} re"
            for x, y, w, h in rects
        )
        self.pdf._out(ops + " f")  # fpdf2 has no public call for raw operators

    def _barcode(self, item: Barcode) -> None:
        """Vector bars, centred, with the module width that keeps both quiet zones."""
        n = len(item.modules)
        module = min(MAX_MODULE_MM, item.w / (n + 2 * QUIET_MODULES))
        x0 = item.x + (item.w - n * module) / 2
        rects: list[tuple[float, float, float, float]] = []
        i = 0
        while i < n:
            if item.modules[i] == "1":
                j = i
                while j < n and item.modules[j] == "1":
                    j += 1
                rects.append((x0 + i * module, item.y, (j - i) * module, item.h))
                i = j
            else:
                i += 1
        self._fill(rects)

    def _qr(self, item: QrCode) -> None:
        """QR code as runs of dark modules (vector, crisp at any zoom)."""
        qr = segno.make(item.data, error="m", micro=False, mask=0)
        matrix = qr.matrix
        cell = item.size / (len(matrix) + 2)  # two-module quiet zone inside the given size
        x0 = item.x + cell
        y0 = item.y + cell
        rects: list[tuple[float, float, float, float]] = []
        for r, row in enumerate(matrix):
            c = 0
            n = len(row)
            while c < n:
                if row[c]:
                    d = c
                    while d < n and row[d]:
                        d += 1
                    rects.append((x0 + c * cell, y0 + r * cell, (d - c) * cell, cell))
                    c = d
                else:
                    c += 1
        self._fill(rects)


def render_pdf(pages: list[LabelPage], fmt: LabelFormat) -> bytes:
    """A PDF of `fmt`'s exact page size with one page per label page."""
    doc = _Doc(fmt, pages)
    measure: Measure = doc.measure
    for page in pages:
        doc.draw(layout(page, fmt.width_mm, fmt.height_mm, measure))
    return bytes(doc.pdf.output())


__all__ = ["PT", "render_pdf"]
