"""ZPL II back end of the label layout: one ^XA...^XZ block per package.

Text is UTF-8 (`^CI28`) as written: ASCII fields in resident font 0, fields with other
letters in a font downloaded with the job (see `desktop_app.label_fonts`).
"""

from __future__ import annotations

from desktop_app.domain.labels import MM_PER_INCH, LabelFormat
from desktop_app.label_fonts import ZplText, zpl_field_data
from desktop_app.service.labels.layout import (
    PT,
    QUIET_MODULES,
    Barcode,
    Box,
    LabelPage,
    Primitive,
    QrCode,
    Text,
    helvetica_width,
    layout,
    page_texts,
)

# Font 0 (^A0N,h,h) is a condensed bold face: its text is this fraction of the width of
# Helvetica Bold at the same em size (measured with the zplkit renderer). Text fitted with
# Helvetica metrics therefore always fits; alignment uses the real ratio.
FONT0_WIDTH_RATIO = 0.83


def zpl_escape(text: str) -> str:
    """Field data safe after ^FH_: the ZPL prefixes and `_` as hex escapes, UTF-8 kept."""
    return zpl_field_data(text)


class _Emitter:
    """Turns layout primitives (mm) into ZPL commands (dots)."""

    def __init__(self, fmt: LabelFormat, dpi: int, fonts: ZplText) -> None:
        self.fonts = fonts
        self.pending_download = fonts.download()
        self.dpmm = dpi / MM_PER_INCH
        self.width, self.height = fmt.dots(dpi)
        self.out: list[str] = []

    def d(self, mm: float) -> int:
        """Millimetres to dots."""
        return max(0, int(round(mm * self.dpmm)))

    def emit(self, items: list[Primitive]) -> str:
        """One complete label format."""
        out = self.out = [
            "^XA",
            "^CI28",
            *([self.pending_download] if self.pending_download else []),
            f"^PW{self.width}",
            f"^LL{self.height}",
            "^LH0,0",
            "^FWN",
        ]
        # QR codes first: printers offset ^BQ by the ^BY bar height in effect, so it must
        # still be the default. Text after boxes: ^FR then turns it white on black banners.
        for item in items:
            if isinstance(item, QrCode):
                self._qr(item)
        for item in items:
            if isinstance(item, Box):
                w, h = max(1, self.d(item.w)), max(1, self.d(item.h))
                out.append(f"^FO{self.d(item.x)},{self.d(item.y)}^GB{w},{h},{min(w, h)}^FS")
            elif isinstance(item, Barcode):
                self._barcode(item)
        for item in items:
            if isinstance(item, Text):
                self._text(item)
        out.append("^XZ")
        self.pending_download = ""  # the font stays in printer RAM for the job's next labels
        return "\n".join(out) + "\n"

    def _text(self, item: Text) -> None:
        h = max(10, self.d(item.size * PT))
        x = item.x
        if item.align != "L":
            em = self.fonts.width_em(item.text)
            if em is None:
                tw = helvetica_width(item.text, item.size, True) * FONT0_WIDTH_RATIO
            else:
                tw = em * item.size * PT
            x -= tw if item.align == "R" else tw / 2
        reverse = "^FR" if item.white else ""
        field = self.fonts.field(h, item.text)
        self.out.append(f"^FT{self.d(x)},{self.d(item.y)}{reverse}{field}")

    def _barcode(self, item: Barcode) -> None:
        n = len(item.modules)
        avail = self.d(item.w)
        module = max(1, min(10, avail // (n + 2 * QUIET_MODULES)))
        x = self.d(item.x) + max(0, (avail - n * module) // 2)
        h = self.d(item.h)
        # Mode A lets the printer pick the shortest code subsets, like the PDF encoder does.
        self.out.append(
            f"^FO{x},{self.d(item.y)}^BY{module},3,{h}^BCN,{h},N,N,N,A^FD{item.data}^FS"
        )

    def _qr(self, item: QrCode) -> None:
        side = _qr_modules(len(item.data.encode("utf-8")))
        mag = max(1, min(10, self.d(item.size) // (side + 2)))
        self.out.append(
            f"^BY2,3,10^FO{self.d(item.x)},{self.d(item.y)}^BQN,2,{mag}^FDMA,{item.data}^FS"
        )


# Byte-mode capacity of QR versions 1-10 at error correction M (ISO/IEC 18004 table 7).
_QR_BYTES_M = (14, 26, 42, 62, 84, 106, 122, 152, 180, 213)


def _qr_modules(n_bytes: int) -> int:
    """Modules per side of the QR code the printer picks for `n_bytes` at level M."""
    for version, capacity in enumerate(_QR_BYTES_M, start=1):
        if n_bytes <= capacity:
            return 17 + 4 * version
    return 17 + 4 * 11


def render_zpl(pages: list[LabelPage], fmt: LabelFormat) -> bytes:
    """ZPL II for a printer at `fmt`'s dpi, one label format per page."""
    if fmt.dpi is None:
        raise ValueError(f"{fmt.name} is not a ZPL format")
    fonts = ZplText.in_label_font(t for page in pages for t in page_texts(page))

    def measure(text: str, size: float, bold: bool) -> float:
        em = fonts.width_em(text)
        return helvetica_width(text, size, bold) if em is None else em * size * PT

    emitter = _Emitter(fmt, fmt.dpi, fonts)
    blocks = [emitter.emit(layout(page, fmt.width_mm, fmt.height_mm, measure)) for page in pages]
    return "".join(blocks).encode("utf-8")
