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
        if encoding == "Z64":  # zlib levels differ: the same bits, checked by their CRC
            expected, ours = _z64_bits(expected), _z64_bits(graphic_field(image, encoding))
            assert ours[1] == expected[1]
            assert ours[0] == expected[0]
        else:
            assert graphic_field(image, encoding) == expected


def _z64_bits(field: str) -> tuple[bytes, str]:
    """The bits of a `^GFA,..,:Z64:...:CRC^FS` field, checking its CRC; and its header."""
    import base64
    import binascii
    import zlib

    header, _, data = field.rpartition(",:Z64:")
    encoded, crc = data.removesuffix("^FS").split(":")
    assert int(crc, 16) == binascii.crc_hqx(encoded.encode("ascii"), 0)
    assert header.split(",")[1] == str(len(":Z64:" + data.removesuffix("^FS")))
    return zlib.decompress(base64.b64decode(encoded)), header.split(",", 2)[2]


@pytest.mark.skipif(not preview_available(), reason="zplkit (preview extra) not installed")
def test_z64_and_plain_hex_render_the_same_label():
    images = []
    for encoding in ("ASCII", "ASCII_COMPRESSED", "Z64"):
        zpl = pdf_to_zpl(pdf_label(), dpi=203, stock_mm=STOCK_4X6, encoding=encoding)
        (image,) = render_zpl_images(zpl, dpi=203)
        images.append(image.tobytes())
    assert images[0] == images[1] == images[2]


def _noisy(width: int, height: int, seed: int, repeats: int = 1) -> Image.Image:
    """Random black dots, each row repeated `repeats` times (exercises `:`, `,`, `!` and runs)."""
    import random

    rnd = random.Random(seed)
    image = Image.new("1", (width, height), 1)
    for y in range(0, height, repeats):
        for _ in range(rnd.randrange(0, max(1, width // 3))):
            x, run = rnd.randrange(width), rnd.choice((1, 2, 3, 25, 500))
            for dy in range(repeats):
                for dx in range(min(run, width - x)):
                    if y + dy < height:
                        image.putpixel((x + dx, y + dy), 0)
    return image


@pytest.mark.parametrize(("width", "height", "seed", "repeats"), [(9, 40, 1, 3), (2400, 12, 2, 4)])
def test_ascii_compression_matches_zebrafy_on_repeated_rows_and_long_runs(
    width, height, seed, repeats
):
    from zebrafy.graphic_field import GraphicField

    from desktop_app.printing.convert import graphic_field

    image = _noisy(width, height, seed, repeats)
    expected = GraphicField(image, format="ASCII_COMPRESSED").get_graphic_field()
    assert graphic_field(image, "ASCII_COMPRESSED") == expected


def _gf_data(zpl: bytes) -> bytes:
    gf = next(c for c in tokenize(zpl) if c.name == "GF")
    return zpl[gf.start + 3 : gf.end].split(b",", 4)[4]


def test_auto_sends_the_shorter_compression_of_each_label():
    from desktop_app.printing.convert import image_to_zpl

    detailed = rasterize_pdf(pdf_label(), dpi=300, stock_mm=STOCK_4X6)[0]
    # a small graphic of blank, filled and repeated rows: ASCII's `,` `!` `:` beat zlib's header
    plain = Image.new("1", (400, 6), 1)
    plain.paste(0, (100, 2, 400, 5))
    for image, expected in ((detailed, b":Z64:"), (plain, b"")):
        sizes = {
            enc: len(_gf_data(image_to_zpl(image, enc))) for enc in ("ASCII_COMPRESSED", "Z64")
        }
        auto = _gf_data(image_to_zpl(image, "AUTO"))
        assert len(auto) == min(sizes.values())
        assert auto.startswith(b":Z64:") == (expected == b":Z64:")


@pytest.mark.skipif(not preview_available(), reason="zplkit (preview extra) not installed")
@pytest.mark.parametrize("dpi", [203, 300])
@pytest.mark.parametrize("size_mm", [STOCK_4X6, (105.0, 148.0)])
def test_every_encoding_renders_back_to_the_rasterised_page(dpi, size_mm):
    pdf = pdf_label(size_mm=size_mm)
    (page,) = rasterize_pdf(pdf, dpi=dpi, stock_mm=STOCK_4X6)
    expected = page.convert("L").tobytes()
    for encoding in ("ASCII", "ASCII_COMPRESSED", "Z64", "AUTO"):
        zpl = pdf_to_zpl(pdf, dpi=dpi, stock_mm=STOCK_4X6, encoding=encoding)
        (image,) = render_zpl_images(zpl, dpi=dpi)
        assert image.size == page.size
        assert image.tobytes() == expected, encoding
