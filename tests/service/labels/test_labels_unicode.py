"""Native ZPL labels print names as they are written: exact UTF-8 bytes, a font that has them.

The rendered label is read back by template matching: each field's image is compared with the
text as written and with what a transliterating or glyph-less printer would show ("Koeln",
"Koln", "Kln"); the text as written must be the best match.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageDraw, ImageFont

from desktop_app.label_fonts import ZPL_FONT_CONDENSE, ZPL_FONT_NAME, unicode_font
from desktop_app.printing.preview import render_zpl_images
from desktop_app.service.labels.shipment_labels import label_pages_for_shipment, render_label
from desktop_app.service.shipping.carriers import CarrierSimulator

zplkit = pytest.importorskip("zplkit", reason="zplkit (optional extra 'preview') not installed")

NAMES = {
    "first_name": "Łukasz",
    "last_name": "Żółć",
    "street": "Straße des 17. Juni",
    "city": "Köln",
    "company": "Ūdens Ģērbšana SIA",  # Latvian: not even in code page 1250
}
# what a label that transliterates (or lacks the glyphs) would show instead
WRONG = {
    "50667 Köln": ["50667 Koeln", "50667 Koln", "50667 Kln", "50667 K ln"],
    "Łukasz Żółć": ["Lukasz Zolc", "ukasz ", "Lukasz Zoelc"],
    "Straße des 17. Juni 1": ["Strasse des 17. Juni 1", "Strae des 17. Juni 1"],
}


def _label(packages: int = 1, fmt: str = "zpl2_4x6in_203dpi") -> bytes:
    body: dict[str, Any] = {
        "carrier": "ups" if packages > 1 else "dhl",
        "service": "standard",
        "created_at": "2026-11-20T10:15:00Z",
        "from": {
            "company": "Packdesk Demo GmbH",
            "street": "Lagerweg",
            "street_no": "5",
            "zip_code": "04109",
            "city": "Leipzig",
            "country": "DE",
        },
        "to": {**NAMES, "street_no": "1", "zip_code": "50667", "country": "DE"},
        "packages": [
            {"weight": 1.5, "length": 30, "width": 20, "height": 10, "type": "parcel"}
            for _ in range(packages)
        ],
    }
    sim = CarrierSimulator()
    numbers = [sim.adapter(body["carrier"]).tracking_number() for _ in range(packages)]
    return render_label(label_pages_for_shipment(body, numbers, True), fmt)


def _downloaded_font(data: bytes) -> TTFont:
    (hexdata,) = re.findall(
        rb"~DY" + re.escape(ZPL_FONT_NAME.encode()) + rb",A,T,\d+,,([0-9A-F]+)", data
    )
    return TTFont(io.BytesIO(bytes.fromhex(hexdata.decode())))


def test_fields_carry_the_names_as_utf8_bytes_in_the_downloaded_font() -> None:
    assert all(Path(p).is_file() for p in unicode_font()), "resources/fonts lost its DejaVu Sans"
    data = _label()
    assert data.index(b"^CI28") < data.index(b"~DY") < data.index(b"^FD")
    fields = re.findall(rb"\^A(@N,\d+,\d+,R:PDLABEL\.TTF|0N,\d+,\d+)\^FH_\^FD(.*?)\^FS", data)
    by_text = {text: font for font, text in fields}
    for text in ("Łukasz Żółć", "Straße des 17. Juni 1", "50667 Köln", "Ūdens Ģērbšana SIA"):
        raw = text.encode("utf-8")
        assert raw in by_text, text
        assert by_text[raw].startswith(b"@N,"), text  # the downloaded font, not font 0
    assert (
        b"50667 K\xc3\xb6ln" in data and b"\xc5\x81ukasz \xc5\xbb\xc3\xb3\xc5\x82\xc4\x87" in data
    )
    for folded in (b"Koeln", b"Lukasz", b"Strasse", b"Udens"):
        assert folded not in data
    # ASCII fields keep the resident font 0
    assert re.search(rb"\^A0N,\d+,\d+\^FH_\^FDPackdesk Demo GmbH\^FS", data)
    cmap = _downloaded_font(data).getBestCmap()
    assert set("ŁukaszŻółćStraßeKölnŪdensĢērbšana") <= {chr(c) for c in cmap}


def test_a_job_of_several_labels_downloads_the_font_once() -> None:
    data = _label(packages=3, fmt="zpl2_4x8in_203dpi")
    assert data.count(b"^XA") == 3 and data.count(b"~DY") == 1
    assert data.count(b"50667 K\xc3\xb6ln") == 3
    assert len(render_zpl_images(data, dpi=203)) == 3


def test_an_ascii_label_downloads_no_font() -> None:
    body_names = dict(NAMES)
    try:
        NAMES.update(first_name="Lukas", last_name="Zolc", street="Hauptweg", city="Koeln")
        NAMES.update(company="Udens SIA")
        data = _label()
    finally:
        NAMES.clear()
        NAMES.update(body_names)
    assert b"~DY" not in data and b"^A@" not in data
    assert len(render_zpl_images(data, dpi=203)) == 1


def _ink(image: Image.Image) -> Image.Image:
    """The black pixels of `image` as a 1-bit image cropped to their bounding box."""
    mono = image.convert("L").point(lambda v: 255 if v < 128 else 0).convert("1")
    box = mono.getbbox()
    assert box is not None
    return mono.crop(box)


def _similarity(field: Image.Image, text: str, height: int) -> float:
    """Overlap of `field`'s ink with `text` drawn in the label font (0 when the size is off)."""
    font = ImageFont.truetype(unicode_font()[1], height)
    left, top, right, bottom = font.getbbox(text)
    canvas = Image.new("L", (right + 4, bottom + 4), 255)
    ImageDraw.Draw(canvas).text((2, 2), text, font=font, fill=0)
    canvas = canvas.resize((max(1, round(canvas.width * ZPL_FONT_CONDENSE)), canvas.height))
    want = _ink(canvas)
    if not (0.9 < want.width / field.width < 1.1 and 0.85 < want.height / field.height < 1.15):
        return 0.0
    want = want.resize(field.size)
    both = ImageChops.logical_and(field, want).histogram()[-1]
    either = ImageChops.logical_or(field, want).histogram()[-1]
    return both / max(1, either)


def test_rendered_label_reads_as_written_not_transliterated() -> None:
    data = _label()
    assert len(render_zpl_images(data, dpi=203)) == 1  # the whole label renders
    (download,) = re.findall(rb"~DY[^\^]+", data)
    for text, wrong in WRONG.items():
        m = re.search(
            rb"\^FT\d+,\d+(\^A@N,(\d+),\d+,R:PDLABEL\.TTF\^FH_\^FD"
            + re.escape(text.encode())
            + rb"\^FS)",
            data,
        )
        assert m, text  # the whole field, e.g. "50667 Köln"
        # the field exactly as on the label, alone (neighbouring lines would touch its ink)
        alone = b"^XA^CI28" + download + b"^PW1200^LL200^FT20,120" + m[1] + b"^XZ"
        (image,) = render_zpl_images(alone, dpi=203)
        field = _ink(image)
        height = int(m[2])
        scores = {c: _similarity(field, c, height) for c in [text, *wrong]}
        assert max(scores, key=scores.__getitem__) == text, scores
        assert scores[text] > 0.6, scores
        assert all(scores[c] < scores[text] - 0.02 for c in wrong), scores
