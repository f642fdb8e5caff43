"""The packing slip read back: PDF text and pages (pypdf), the barcode decoded (zxing-cpp)
from the rendered PDF and ZPL, the ZPL's size at the printer's dpi."""

from __future__ import annotations

import io

import pypdfium2
import pytest
import zxingcpp
from pypdf import PdfReader

from desktop_app.domain.samples import sample_receiver, sample_sender
from desktop_app.printing.preview import render_zpl_images
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.station.slip import (
    PackingSlip,
    SlipLine,
    merge_pdfs,
    slip_document,
    slip_pdf,
    slip_zpl,
)

RECEIVER = {**sample_receiver(), "first_name": "Łukasz", "last_name": "Żółć"}


def _slip(lines: int = 2, language: str = "de") -> PackingSlip:
    items = [SlipLine("Kaffeebecher blau", 2, "MUG-1", "4006381333931")]
    items += [SlipLine(f"Teesorte {n}", 1, f"TEA-{n}") for n in range(lines - 1)]
    return PackingSlip(
        order_number="SO-1001",
        sender=sample_sender(),
        delivery=RECEIVER,
        lines=items,
        order_date="2026-11-24",
        language=language,
    )


def _decode_pdf(document: bytes, page: int = 0) -> list[str]:
    pdf = pypdfium2.PdfDocument(document)
    image = pdf[page].render(scale=300 / 72).to_pil()
    return [r.text for r in zxingcpp.read_barcodes(image)]


@pytest.mark.parametrize("paper", [(210.0, 297.0), (148.0, 210.0)])
def test_pdf_slip_reads_back(paper: tuple[float, float]) -> None:
    document = slip_pdf(_slip(), paper_mm=paper)
    reader = PdfReader(io.BytesIO(document))
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
        (paper[0] / 25.4 * 72, paper[1] / 25.4 * 72), abs=0.5
    )
    text = page.extract_text()
    for expected in (
        "Lieferschein",
        "Bestellung: SO-1001",
        "Bestelldatum: 24.11.2026",  # the German date, not ISO
        "Beispiel GmbH",  # the shop's sender
        "Łukasz Żółć",
        "Nebenweg 12a",
        "80331 München",
        "Kaffeebecher blau",
        "MUG-1",
        "TEA-0",
    ):
        assert expected in text, (expected, text)
    assert _decode_pdf(document) == ["SO-1001"]


def test_long_order_continues_on_a_second_page_and_english_headings() -> None:
    document = slip_pdf(_slip(lines=60, language="en"), paper_mm=(148.0, 210.0))
    reader = PdfReader(io.BytesIO(document))
    assert len(reader.pages) >= 2
    text = "".join(p.extract_text() for p in reader.pages)
    assert "Packing slip" in text and "Teesorte 58" in text
    assert "Order date: 24 Nov 2026" in text


def test_the_order_date_in_the_slips_language() -> None:
    assert _slip(language="de").date_text() == "24.11.2026"
    assert _slip(language="en").date_text() == "24 Nov 2026"
    odd = PackingSlip("SO-1", {}, {}, order_date="next week", language="de")
    assert odd.date_text() == "next week"


def test_zpl_slip_at_the_printers_dpi_decodes() -> None:
    for dpi, dots in ((203, (812, 1218)), (300, (1200, 1800))):
        data = slip_zpl(_slip(), dpi=dpi, size_mm=(101.6, 152.4))
        assert data.startswith(b"^XA^CI28~DY")  # Łukasz needs the TTF
        assert f"^PW{dots[0]}^LL{dots[1]}".encode() in data
        assert b"^BCN," in data and b"^FDSO-1001^FS" in data
        (image,) = render_zpl_images(data, dpi=dpi)
        assert [r.text for r in zxingcpp.read_barcodes(image)] == ["SO-1001"]
    ascii_only = slip_zpl(
        PackingSlip("A>1", {"company": "Shop"}, {"last_name": "Doe", "city": "Berlin"}),
        dpi=203,
    )
    assert b"~DY" not in ascii_only  # nothing beyond font 0: no download
    assert b"^FH_^FDA>01^FS" in ascii_only  # ">" escaped for ^BC
    (image,) = render_zpl_images(ascii_only, dpi=203)
    assert [r.text for r in zxingcpp.read_barcodes(image)] == ["A>1"]


def test_zpl_slip_counts_the_items_that_do_not_fit() -> None:
    data = slip_zpl(_slip(lines=80), dpi=203)
    assert b"weitere Artikel" in data
    assert b"Teesorte 78" not in data


def test_document_per_printer_and_merged_pdfs() -> None:
    zebra = PrinterDefinition(name="Z", kind="zpl", transport="tcp://127.0.0.1:9", dpi=300)
    office = PrinterDefinition(name="O", kind="pdf", transport="file:/tmp", paper="A5")
    data, kind = slip_document(_slip(), zebra)
    assert kind == "zpl" and b"^PW1200" in data
    data, kind = slip_document(_slip(), office)
    assert kind == "pdf" and data.startswith(b"%PDF")
    merged = merge_pdfs([data, slip_pdf(_slip(), paper_mm=(210.0, 297.0))])
    pages = PdfReader(io.BytesIO(merged)).pages
    assert len(pages) == 2 and round(float(pages[1].mediabox.width)) == 595
