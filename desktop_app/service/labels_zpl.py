"""ZPL II back end of the label layout: one ^XA...^XZ block per package (^CI28, ASCII text)."""

from __future__ import annotations

import unicodedata

from desktop_app.domain.labels import MM_PER_INCH, LabelFormat
from desktop_app.service.labels_layout import (
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
)

# Font 0 (^A0N,h,h) is a condensed bold face: its text is this fraction of the width of
# Helvetica Bold at the same em size (measured with the zplkit renderer). Text fitted with
# Helvetica metrics therefore always fits; alignment uses the real ratio.
FONT0_WIDTH_RATIO = 0.83

_ESCAPES = {"_": "_5F", "^": "_5E", "~": "_7E"}
# German postal convention for letters without an ASCII base letter.
_FOLD = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "ẞ": "SS"}
_FOLD.update({"Æ": "AE", "æ": "ae", "Ø": "O", "ø": "o", "Œ": "OE", "œ": "oe", "Ł": "L", "ł": "l"})
_FOLD.update({"Đ": "D", "đ": "d", "Þ": "Th", "þ": "th", "ð": "d", "€": "EUR", "–": "-", "—": "-"})


def zpl_ascii(text: str) -> str:
    """`text` folded to printable ASCII (umlauts as ae/oe/ue, other accents dropped).

    Resident ZPL fonts differ in which accented glyphs they carry (so does the zplkit
    preview), and a missing glyph prints as a blank; ASCII prints on every printer.
    """
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _FOLD:
            out.append(_FOLD[ch])
        else:
            base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
            out.append(base or "?")
    return "".join(out)


def zpl_escape(text: str) -> str:
    """Field data safe after ^FH_: ASCII, the ZPL prefixes and `_` as hex escapes."""
    return "".join(_ESCAPES.get(ch, ch) for ch in zpl_ascii(text) if " " <= ch < "\x7f")


class _Emitter:
    """Turns layout primitives (mm) into ZPL commands (dots)."""

    def __init__(self, fmt: LabelFormat, dpi: int) -> None:
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
        return "\n".join(out) + "\n"

    def _text(self, item: Text) -> None:
        h = w = max(10, self.d(item.size * PT))
        x = item.x
        if item.align != "L":
            tw = helvetica_width(zpl_ascii(item.text), item.size, True) * FONT0_WIDTH_RATIO
            x -= tw if item.align == "R" else tw / 2
        reverse = "^FR" if item.white else ""
        self.out.append(
            f"^FT{self.d(x)},{self.d(item.y)}^A0N,{h},{w}{reverse}^FH_^FD{zpl_escape(item.text)}^FS"
        )

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


def _measure(text: str, size: float, bold: bool) -> float:
    """Layout metrics of the text as the printer will get it (folded to ASCII)."""
    return helvetica_width(zpl_ascii(text), size, bold)


def render_zpl(pages: list[LabelPage], fmt: LabelFormat) -> bytes:
    """ZPL II for a printer at `fmt`'s dpi, one label format per page."""
    if fmt.dpi is None:
        raise ValueError(f"{fmt.name} is not a ZPL format")
    emitter = _Emitter(fmt, fmt.dpi)
    blocks = [emitter.emit(layout(page, fmt.width_mm, fmt.height_mm, _measure)) for page in pages]
    return "".join(blocks).encode("utf-8")
