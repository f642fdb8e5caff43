import pytest
import zxingcpp
from PIL import Image

from desktop_app.domain.labels import MM_PER_INCH
from desktop_app.printing.convert import ConversionError, pdf_to_zpl, rasterize_pdf
from desktop_app.printing.preview import preview_available, render_zpl_images
from desktop_app.printing.zpl import first_int_param, tokenize

from .label_factory import TRACKING, pdf_label

STOCK_4X6 = (4 * MM_PER_INCH, 6 * MM_PER_INCH)


def _decode(image: Image.Image) -> list[str]:
    return [b.text for b in zxingcpp.read_barcodes(image.convert("L"))]


@pytest.mark.parametrize(("dpi", "dots"), [(203, (812, 1218)), (300, (1200, 1800))])
def test_gf_size_matches_stock(dpi, dots):
    zpl = pdf_to_zpl(pdf_label(), dpi=dpi, stock_mm=STOCK_4X6)
    assert zpl.startswith(b"^XA") and zpl.rstrip().endswith(b"^XZ")
    assert first_int_param(zpl, "PW") == dots[0]
    assert first_int_param(zpl, "LL") == dots[1]
    gf = next(c for c in tokenize(zpl) if c.name == "GF")
    fields = zpl[gf.start + 3 : gf.end].split(b",", 4)
    _, _, total, per_row = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    assert per_row == (dots[0] + 7) // 8
    assert total == per_row * dots[1]


@pytest.mark.parametrize("dpi", [203, 300])
def test_barcode_survives_rasterising(dpi):
    (page,) = rasterize_pdf(pdf_label(), dpi=dpi, stock_mm=STOCK_4X6)
    assert page.mode == "1"
    assert TRACKING in _decode(page)


@pytest.mark.skipif(not preview_available(), reason="zplkit (preview extra) not installed")
@pytest.mark.parametrize("dpi", [203, 300])
def test_converted_label_renders_back_with_same_barcode(dpi, tmp_path):
    zpl = pdf_to_zpl(pdf_label(), dpi=dpi, stock_mm=STOCK_4X6)
    (image,) = render_zpl_images(zpl, dpi=dpi)
    assert image.size == ((812, 1218) if dpi == 203 else (1200, 1800))
    assert TRACKING in _decode(image)


def test_each_page_is_one_label():
    zpl = pdf_to_zpl(pdf_label(pages=3), dpi=203, stock_mm=STOCK_4X6)
    assert zpl.count(b"^XA") == 3 and zpl.count(b"^XZ") == 3


def test_a6_pdf_fits_on_4x6_stock_keeping_the_barcode():
    (page,) = rasterize_pdf(pdf_label(size_mm=(105.0, 148.0)), dpi=300, stock_mm=STOCK_4X6)
    assert page.size == (1200, 1800)
    assert TRACKING in _decode(page)


def test_landscape_page_turns_on_portrait_stock():
    (page,) = rasterize_pdf(pdf_label(size_mm=(150.0, 100.0)), dpi=203, stock_mm=(100.0, 150.0))
    assert page.size == (799, 1199)
    assert TRACKING in _decode(page)


def test_not_a_pdf_is_a_clear_error():
    with pytest.raises(ConversionError, match="not a readable PDF"):
        pdf_to_zpl(b"%PDF-1.4 garbage", dpi=203, stock_mm=STOCK_4X6)


@pytest.mark.parametrize("encoding", ["ASCII", "ASCII_COMPRESSED", "Z64"])
def test_graphic_encoding_matches_zebrafy(encoding):
    import random

    from zebrafy.graphic_field import GraphicField

    from desktop_app.printing.convert import graphic_field

    images = rasterize_pdf(pdf_label(), dpi=203, stock_mm=STOCK_4X6)
    rnd = random.Random(7)
    for width, height in [(13, 7), (812, 40), (5000, 3)]:
        noisy = Image.new("1", (width, height), 1)
        for _ in range(width * height // 3):
            noisy.putpixel((rnd.randrange(width), rnd.randrange(height)), 0)
        images.append(noisy)
    images += [Image.new("1", (4000, 2), 0), Image.new("1", (4000, 2), 1)]
    for image in images:
        expected = GraphicField(image, format=encoding).get_graphic_field()
        assert graphic_field(image, encoding) == expected


@pytest.mark.skipif(not preview_available(), reason="zplkit (preview extra) not installed")
def test_z64_and_plain_hex_render_the_same_label():
    images = []
    for encoding in ("ASCII", "ASCII_COMPRESSED", "Z64"):
        zpl = pdf_to_zpl(pdf_label(), dpi=203, stock_mm=STOCK_4X6, encoding=encoding)
        (image,) = render_zpl_images(zpl, dpi=203)
        images.append(image.tobytes())
    assert images[0] == images[1] == images[2]
