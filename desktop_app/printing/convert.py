"""PDF to ZPL at the printer's exact dpi: pages rasterised to the stock's dots, sent as `^GF`."""

from __future__ import annotations

import base64
import binascii
import re
import threading
import zlib
from typing import Literal

from PIL import Image

from desktop_app.domain.labels import mm_to_dots

GraphicEncoding = Literal["ASCII", "ASCII_COMPRESSED", "Z64"]

# Plain threshold, no dithering: dithering frays bar edges and breaks barcodes.
DEFAULT_THRESHOLD = 160
# pdfium is not thread-safe and conversions run in an executor, possibly for two printers at once.
_PDFIUM_LOCK = threading.Lock()


class ConversionError(ValueError):
    """A PDF could not be converted (not a PDF, no pages, damaged)."""


_INVERT_TABLE = [0 if v else 255 for v in range(256)]  # any nonzero pixel is white


def _threshold_table(threshold: int) -> list[int]:
    return [0 if v < threshold else 255 for v in range(256)]


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
    import pypdfium2 as pdfium

    width, height = mm_to_dots(stock_mm[0], dpi), mm_to_dots(stock_mm[1], dpi)
    table = _threshold_table(threshold)
    images: list[Image.Image] = []
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
                try:
                    pw, ph = page.get_size()
                    rotate = (pw > ph) != (width > height) and abs(pw - ph) > 1
                    if rotate:
                        pw, ph = ph, pw
                    # pdfium rounds the bitmap size up: shave the scale a hair so that a page of
                    # the stock's size comes out at exactly its dots (1200, not 1201)
                    scale = min(width / pw, height / ph) * (1 - 1e-7)
                    bitmap = page.render(
                        scale=scale,
                        rotation=90 if rotate else 0,
                        grayscale=True,
                        no_smoothtext=True,
                        no_smoothimage=True,
                        no_smoothpath=True,
                    )
                    gray = bitmap.to_pil()
                    if gray.mode != "L":
                        gray = gray.convert("L")
                finally:
                    page.close()
                images.append(_fit(gray, width, height, placement).point(table, "1"))
        finally:
            doc.close()
    return images


def _fit(
    gray: Image.Image, width: int, height: int, placement: Literal["center", "top-left"]
) -> Image.Image:
    if gray.size == (width, height):
        return gray
    # rounding in the renderer can add a row or column: crop to the stock, pad with white
    canvas = Image.new("L", (width, height), 255)
    if placement == "center":
        x = max(0, (width - gray.width) // 2)
        y = max(0, (height - gray.height) // 2)
    else:
        x = y = 0
    canvas.paste(gray.crop((0, 0, min(gray.width, width), min(gray.height, height))), (x, y))
    return canvas


def _count_prefix(count: int) -> str:
    """ZPL repeat count: g..z for 20..400 in steps of 20, then G..Y for 1..19."""
    tens, units = divmod(count, 20)
    return (chr(ord("f") + tens) if tens else "") + (chr(ord("F") + units) if units else "")


_MAX_RUN = 419  # "z" (400) + "Y" (19): the longest run one repeat count expresses
_PREFIX = [_count_prefix(n) for n in range(_MAX_RUN + 1)]
_RUN = re.compile(r"([0-9A-F])\1{2,}")  # runs of 3+: a run of 2 gains nothing


def _encode_run(match: re.Match[str]) -> str:
    run = match.group()
    char, count = run[0], len(run)
    if count <= _MAX_RUN:
        return _PREFIX[count] + char
    parts = []
    while count > 0:
        chunk = min(count, _MAX_RUN)
        parts.append(_PREFIX[chunk] + char if chunk > 2 else char * chunk)
        count -= chunk
    return "".join(parts)


def compress_hex_rows(hex_data: str, bytes_per_row: int) -> str:
    """ZPL's ASCII compression: run-length counts, `,`/`!` to fill a row with 0/1, `:` to repeat.

    The same output as zebrafy's `compress_ascii`, with the run search done by the regex engine
    instead of a Python loop over every hex digit (about 10x faster on a 300-dpi label).
    """
    row_length = bytes_per_row * 2
    rows: list[str] = []
    previous = None
    for start in range(0, len(hex_data), row_length):
        row = hex_data[start : start + row_length]
        if row == previous:
            rows.append(":")
            continue
        previous = row
        if row.endswith("0"):
            rows.append(_RUN.sub(_encode_run, row.rstrip("0")) + ",")
        elif row.endswith("F"):
            rows.append(_RUN.sub(_encode_run, row.rstrip("F")) + "!")
        else:
            rows.append(_RUN.sub(_encode_run, row))
    return "".join(rows)


def graphic_field(image: Image.Image, encoding: GraphicEncoding = "ASCII_COMPRESSED") -> str:
    """A mode "1" image as a ZPL `^GFA` field (black pixels print), ending in `^FS`."""
    if image.mode != "1":
        image = image.convert("1", dither=Image.Dither.NONE)
    # Pillow stores black as 0 and ZPL prints 1 bits; inverting the image (not the bytes)
    # keeps the padding bits at the end of each row white
    bits = image.point(_INVERT_TABLE, "1").tobytes()
    bytes_per_row = (image.width + 7) // 8
    total = bytes_per_row * image.height
    if encoding == "ASCII":
        data, count = bits.hex().upper(), total
    elif encoding == "ASCII_COMPRESSED":
        data, count = compress_hex_rows(bits.hex().upper(), bytes_per_row), total
    elif encoding == "Z64":
        encoded = base64.b64encode(zlib.compress(bits))
        data = f":Z64:{encoded.decode('ascii')}:{binascii.crc_hqx(encoded, 0):04X}"
        count = len(data)
    else:
        raise ValueError(f"unknown graphic encoding {encoding!r}")
    return f"^GFA,{count},{total},{bytes_per_row},{data}^FS"


def image_to_zpl(image: Image.Image, encoding: GraphicEncoding = "ASCII_COMPRESSED") -> bytes:
    """One label: `^XA`, print width and length of the image, the graphic at 0,0, `^XZ`."""
    w, h = image.size
    gf = graphic_field(image, encoding)
    return f"^XA^PON^PW{w}^LL{h}^LH0,0^FO0,0{gf}^XZ\n".encode("ascii")


def pdf_to_zpl(
    pdf: bytes,
    *,
    dpi: int,
    stock_mm: tuple[float, float],
    threshold: int = DEFAULT_THRESHOLD,
    encoding: GraphicEncoding = "ASCII_COMPRESSED",
    placement: Literal["center", "top-left"] = "center",
) -> bytes:
    """Convert a PDF label to ZPL for a printer at `dpi` with `stock_mm`: one `^XA..^XZ` per page.

    ASCII_COMPRESSED (ZPL run-length hex) is the default: every ZPL II printer reads it and a
    label stays small (a few KB); Z64 is smaller still but needs newer firmware.
    """
    if dpi not in (203, 300, 600):
        raise ConversionError(f"cannot convert for {dpi} dpi")
    pages = rasterize_pdf(pdf, dpi=dpi, stock_mm=stock_mm, threshold=threshold, placement=placement)
    return b"".join(image_to_zpl(page, encoding) for page in pages)
