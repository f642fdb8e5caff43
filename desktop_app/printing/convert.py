"""PDF to ZPL at the printer's exact dpi: pages rasterised to the stock's dots, sent as `^GF`."""

from __future__ import annotations

import threading
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
                    scale = min(width / pw, height / ph)
                    bitmap = page.render(
                        scale=scale,
                        rotation=90 if rotate else 0,
                        grayscale=True,
                        no_smoothtext=True,
                        no_smoothimage=True,
                        no_smoothpath=True,
                    )
                    gray = bitmap.to_pil().convert("L")
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


def graphic_field(image: Image.Image, encoding: GraphicEncoding = "ASCII_COMPRESSED") -> str:
    """A mode "1" image as a ZPL `^GFA` field (black pixels print), ending in `^FS`."""
    from zebrafy.graphic_field import GraphicField

    return str(GraphicField(image, format=encoding).get_graphic_field())


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
