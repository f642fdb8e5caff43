"""PDF to ZPL at the printer's exact dpi: pages rasterised to the stock's dots, sent as `^GF`.

The pixel work is vectorised (NumPy): pdfium renders each page straight into a white bitmap of
the stock's size, one comparison thresholds it, `packbits` makes the printer's bit rows, and
ZPL's run-length compression is computed over whole arrays; no Python loop visits a pixel.
"""

from __future__ import annotations

import base64
import binascii
import math
import threading
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from PIL import Image

from desktop_app.domain.labels import mm_to_dots

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

GraphicEncoding = Literal["ASCII", "ASCII_COMPRESSED", "Z64", "AUTO"]

# Plain threshold, no dithering: dithering frays bar edges and breaks barcodes.
DEFAULT_THRESHOLD = 160
# pdfium is not thread-safe and conversions run in an executor, possibly for two printers at once.
_PDFIUM_LOCK = threading.Lock()
# zlib level of :Z64: data. On 300-dpi labels (bench/printing.py's) level 3 takes 0.5-0.8 ms,
# level 1 ~0.1 ms less for up to 50 % more bytes, level 6 2-3x longer for about the same
# size (smaller on one label, larger on the other), level 9 ten times longer for 10-30 % less.
Z64_LEVEL = 3


class ConversionError(ValueError):
    """A PDF could not be converted (not a PDF, no pages, damaged)."""


def _render_pages(
    pdf: bytes,
    dpi: int,
    stock_mm: tuple[float, float],
    threshold: int,
    placement: Literal["center", "top-left"],
) -> list[npt.NDArray[np.uint8]]:
    """Each page as packed bit rows of the stock's size in dots (1 = black, rows padded white).

    A page of the stock's size maps 1:1 (a 4x6 in page is 812x1218 at 203 dpi, 1200x1800 at 300);
    another size is scaled to fit, keeping its aspect; a landscape page on portrait stock turns.
    """
    import numpy as np
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    width, height = mm_to_dots(stock_mm[0], dpi), mm_to_dots(stock_mm[1], dpi)
    flags = (
        pdfium_c.FPDF_GRAYSCALE
        | pdfium_c.FPDF_ANNOT
        | pdfium_c.FPDF_RENDER_NO_SMOOTHTEXT
        | pdfium_c.FPDF_RENDER_NO_SMOOTHIMAGE
        | pdfium_c.FPDF_RENDER_NO_SMOOTHPATH
    )
    pages: list[npt.NDArray[np.uint8]] = []
    with _PDFIUM_LOCK:
        try:
            doc = pdfium.PdfDocument(pdf)
        except pdfium.PdfiumError as exc:
            raise ConversionError(f"not a readable PDF: {exc}") from None
        try:
            if len(doc) == 0:
                raise ConversionError("the PDF has no pages")
            for index in range(len(doc)):
                page = doc[index]
                bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_Gray)
                try:
                    pw, ph = page.get_size()
                    rotate = (pw > ph) != (width > height) and abs(pw - ph) > 1
                    if rotate:
                        pw, ph = ph, pw
                    # pdfium rounds the page's size in dots up: shave the scale a hair so that a
                    # page of the stock's size comes out at exactly its dots (1200, not 1201)
                    scale = min(width / pw, height / ph) * (1 - 1e-7)
                    page_w, page_h = math.ceil(pw * scale), math.ceil(ph * scale)
                    x = y = 0
                    if placement == "center":
                        x, y = max(0, (width - page_w) // 2), max(0, (height - page_h) // 2)
                    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
                    # drawn straight into the stock-sized bitmap: pdfium clips what overhangs
                    pdfium_c.FPDF_RenderPageBitmap(
                        bitmap, page, x, y, page_w, page_h, 1 if rotate else 0, flags
                    )
                    gray = np.frombuffer(bitmap.buffer, np.uint8, bitmap.stride * height)
                    rows = gray.reshape(height, bitmap.stride)[:, :width]
                    packed = np.packbits(rows < threshold, axis=1)
                finally:
                    bitmap.close()
                    page.close()
                pages.append(packed)
        finally:
            doc.close()
    return pages


def rasterize_pdf(
    pdf: bytes,
    *,
    dpi: int,
    stock_mm: tuple[float, float],
    threshold: int = DEFAULT_THRESHOLD,
    placement: Literal["center", "top-left"] = "center",
) -> list[Image.Image]:
    """Each page as a mode "1" image of exactly the stock's size in dots at `dpi`.

    A page of the stock's size maps 1:1 (a 4x6 in page is 812x1218 at 203 dpi, 1200x1800 at 300);
    another size is scaled to fit, keeping its aspect; a landscape page on portrait stock turns.
    """
    width, height = mm_to_dots(stock_mm[0], dpi), mm_to_dots(stock_mm[1], dpi)
    return [
        Image.frombytes("1", (width, height), packed.tobytes(), "raw", "1;I")
        for packed in _render_pages(pdf, dpi, stock_mm, threshold, placement)
    ]


def _count_prefix(count: int) -> str:
    """ZPL repeat count: g..z for 20..400 in steps of 20, then G..Y for 1..19."""
    tens, units = divmod(count, 20)
    return (chr(ord("f") + tens) if tens else "") + (chr(ord("F") + units) if units else "")


_MAX_RUN = 419  # "z" (400) + "Y" (19): the longest run one repeat count expresses
_HEX = "0123456789ABCDEF"
# a row's end: nothing; rest of the row 0; rest of the row F; the same row as the one above
_ROW_ENDS = ("", ",", "!", ":")


def _run_token(char: str, count: int) -> str:
    """One run of `count` equal hex digits: as is up to 2 (a count gains nothing), else counted."""
    parts = []
    while count > 0:
        chunk = min(count, _MAX_RUN)
        parts.append(_count_prefix(chunk) + char if chunk > 2 else char * chunk)
        count -= chunk
    return "".join(parts)


class _RunTokens:
    """Each (run length, hex digit)'s token in a NumPy object array indexed by length*16+digit,
    and each run length's token size; grown to the longest run seen (a row of a wider label)."""

    def __init__(self) -> None:
        self._tables: tuple[npt.NDArray[np.object_], npt.NDArray[np.intp]] | None = None
        self._lock = threading.Lock()

    def tables(self, longest: int) -> tuple[npt.NDArray[np.object_], npt.NDArray[np.intp]]:
        tables = self._tables
        if tables is None or len(tables[1]) <= longest:
            import numpy as np

            with self._lock:
                size = max(longest, 2 * _MAX_RUN)
                tokens = [_run_token(c, n) for n in range(size + 1) for c in _HEX]
                sizes = [len(tokens[n * 16]) for n in range(size + 1)]
                tables = np.array(tokens, dtype=object), np.array(sizes, dtype=np.intp)
                self._tables = tables
        return tables


_RUN_TOKENS = _RunTokens()


@dataclass(frozen=True, slots=True)
class RowRuns:
    """A bitmap's rows as ZPL's ASCII compression sees them: runs of hex digits and row ends."""

    digits: npt.NDArray[np.uint8]  # the hex digit of each run
    lengths: npt.NDArray[np.intp]  # how many digits it spans
    rows: npt.NDArray[np.intp]  # the row it is in (ascending)
    ends: npt.NDArray[np.intp]  # each row's end mark, an index into _ROW_ENDS

    def text_length(self) -> int:
        """The length of `text()` without building it."""
        _, sizes = _RUN_TOKENS.tables(int(self.lengths.max(initial=0)))
        return int(sizes[self.lengths].sum()) + int((self.ends != 0).sum())

    def text(self) -> str:
        """The compressed data: each row's run tokens, then its end mark."""
        import numpy as np

        height = len(self.ends)
        out = np.empty(len(self.digits) + height, dtype=object)
        # row r's end mark follows its runs: before it sit the runs of rows 0..r and r ends
        runs_per_row = np.bincount(self.rows, minlength=height)
        out[np.cumsum(runs_per_row) + np.arange(height)] = np.array(_ROW_ENDS, dtype=object)[
            self.ends
        ]
        if len(self.digits):
            tokens, _ = _RUN_TOKENS.tables(int(self.lengths.max()))
            out[np.arange(len(self.digits)) + self.rows] = tokens[self.lengths * 16 + self.digits]
        return "".join(out.tolist())


def row_runs(packed: npt.NDArray[np.uint8]) -> RowRuns:
    """The runs of ZPL's ASCII compression in bit rows (`,`/`!` fill the rest of a row with 0/F,
    `:` repeats the row above), found over whole arrays: no Python loop per row or digit."""
    import numpy as np

    height, per_row = packed.shape
    row_len = per_row * 2
    repeated = np.zeros(height, bool)
    repeated[1:] = (packed[1:] == packed[:-1]).all(axis=1)
    unique = np.flatnonzero(~repeated)
    rows = np.empty((len(unique), row_len), np.uint8)
    rows[:, 0::2] = packed[unique] >> 4
    rows[:, 1::2] = packed[unique] & 15
    last = rows[:, -1] if row_len else np.zeros(len(unique), np.uint8)
    fills = (last == 0) | (last == 15)
    differs = rows != last[:, None]
    last_differing = row_len - 1 - np.argmax(differs[:, ::-1], axis=1) if row_len else last
    kept = np.where(fills, np.where(differs.any(axis=1), last_differing + 1, 0), row_len)
    ends = np.full(height, 3, np.intp)
    ends[unique] = np.where(last == 0, 1, np.where(last == 15, 2, 0))
    # the kept digits of the unique rows one after the other; a run never crosses a row
    values = rows[np.arange(row_len)[None, :] < kept[:, None]]
    is_start = np.ones(len(values), bool)
    np.not_equal(values[1:], values[:-1], out=is_start[1:])
    row_starts = np.cumsum(kept)[:-1]
    is_start[row_starts[row_starts < len(values)]] = True
    starts = np.flatnonzero(is_start)
    return RowRuns(
        digits=values[starts],
        lengths=np.diff(starts, append=len(values)),
        rows=unique[np.repeat(np.arange(len(unique)), kept)[starts]],
        ends=ends,
    )


def compress_rows(packed: npt.NDArray[np.uint8]) -> str:
    """ZPL's ASCII compression of bit rows (1 = black): the same text as zebrafy's
    `compress_ascii` on the same rows' hex."""
    return row_runs(packed).text()


def _z64(packed: npt.NDArray[np.uint8]) -> str:
    encoded = base64.b64encode(zlib.compress(packed.data, Z64_LEVEL))
    return f":Z64:{encoded.decode('ascii')}:{binascii.crc_hqx(encoded, 0):04X}"


def _graphic_field(packed: npt.NDArray[np.uint8], encoding: GraphicEncoding) -> str:
    height, per_row = packed.shape
    total = per_row * height
    if encoding == "ASCII":
        data, count = packed.tobytes().hex().upper(), total
    elif encoding == "ASCII_COMPRESSED":
        data, count = compress_rows(packed), total
    elif encoding == "Z64":
        data = _z64(packed)
        count = len(data)
    elif encoding == "AUTO":
        # the shorter of ZPL's two compressions, so the fewest bytes go down the line (a serial
        # printer takes ~11 KB/s); a plain label of blank and repeated rows can be shorter in
        # ASCII. The ASCII text is only built when it is the one sent.
        data = _z64(packed)
        count = len(data)
        runs = row_runs(packed)
        if runs.text_length() < count:
            data, count = runs.text(), total
    else:
        raise ValueError(f"unknown graphic encoding {encoding!r}")
    return f"^GFA,{count},{total},{per_row},{data}^FS"


def _packed_image(image: Image.Image) -> npt.NDArray[np.uint8]:
    import numpy as np

    if image.mode != "1":
        image = image.convert("1", dither=Image.Dither.NONE)
    # Pillow stores black as 0 and ZPL prints 1 bits: "1;I" packs inverted, padding bits white
    per_row = (image.width + 7) // 8
    return np.frombuffer(image.tobytes("raw", "1;I"), np.uint8).reshape(image.height, per_row)


def graphic_field(image: Image.Image, encoding: GraphicEncoding = "ASCII_COMPRESSED") -> str:
    """A mode "1" image as a ZPL `^GFA` field (black pixels print), ending in `^FS`."""
    return _graphic_field(_packed_image(image), encoding)


def _label(packed: npt.NDArray[np.uint8], width: int, encoding: GraphicEncoding) -> bytes:
    gf = _graphic_field(packed, encoding)
    return f"^XA^PON^PW{width}^LL{len(packed)}^LH0,0^FO0,0{gf}^XZ\n".encode("ascii")


def image_to_zpl(image: Image.Image, encoding: GraphicEncoding = "ASCII_COMPRESSED") -> bytes:
    """One label: `^XA`, print width and length of the image, the graphic at 0,0, `^XZ`."""
    return _label(_packed_image(image), image.width, encoding)


def pdf_to_zpl(
    pdf: bytes,
    *,
    dpi: int,
    stock_mm: tuple[float, float],
    threshold: int = DEFAULT_THRESHOLD,
    encoding: GraphicEncoding = "AUTO",
    placement: Literal["center", "top-left"] = "center",
) -> bytes:
    """Convert a PDF label to ZPL for a printer at `dpi` with `stock_mm`: one `^XA..^XZ` per page.

    AUTO (the default) sends each page in the shorter of ZPL's compressions: `:Z64:` (zlib,
    base64, CRC) or the ASCII run-length hex; both are ZPL II (`:Z64:` since firmware x.13).
    """
    if dpi not in (203, 300, 600):
        raise ConversionError(f"cannot convert for {dpi} dpi")
    width = mm_to_dots(stock_mm[0], dpi)
    pages = _render_pages(pdf, dpi, stock_mm, threshold, placement)
    return b"".join(_label(packed, width, encoding) for packed in pages)
