"""PDF labels and manifests embed their fonts from kept subsets and show what fpdf2's own
font embedding shows: the same text read back, the same pixels, the same barcodes."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import Any

import pypdfium2
import pytest
from fpdf.output import OutputProducer
from PIL import ImageChops
from pypdf import PdfReader

from desktop_app.service.labels import font_embedding as pdf_font_embedding
from desktop_app.service.labels import manifest_pdf
from desktop_app.service.labels import pdf as labels_pdf
from desktop_app.service.labels.shipment_labels import label_pages_for_shipment, render_label
from tests.service.labels.test_labels import PDF_FORMATS, decode_pdf_pages, numbers_for, shipment

RECEIVERS = {
    "ascii": {"first_name": "Quincy", "last_name": "Jax-Vy", "street": "Hof 1/2 (B) #3"},
    "latin": {"first_name": "Łukasz", "last_name": "Żółć", "city": "Ærøskøbing"},
    "greek and cyrillic": {
        "first_name": "Αλέξανδρος",
        "last_name": "Иванов",
        "city": "Θεσσαλονίκη",
    },
}


def _with_fpdf2s_own_embedding(
    monkeypatch: pytest.MonkeyPatch, render: Callable[[], bytes]
) -> bytes:
    """`render()` with fpdf2's own output producer (it subsets the fonts for the document)."""
    with monkeypatch.context() as patch:
        patch.setattr(labels_pdf, "LabelFontOutput", OutputProducer)
        patch.setattr(manifest_pdf, "LabelFontOutput", OutputProducer)
        return render()


def _texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def _assert_same_pixels(ours: bytes, theirs: bytes, dpi: int) -> None:
    a, b = pypdfium2.PdfDocument(ours), pypdfium2.PdfDocument(theirs)
    try:
        assert len(a) == len(b)
        for index in range(len(a)):
            mine = a[index].render(scale=dpi / 72, grayscale=True).to_pil()
            other = b[index].render(scale=dpi / 72, grayscale=True).to_pil()
            assert mine.size == other.size
            assert ImageChops.difference(mine, other).getbbox() is None, f"page {index + 1}"
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize("receiver", RECEIVERS)
def test_labels_show_what_fpdf2s_own_font_embedding_shows(
    receiver: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = shipment("dhl", packages=2)
    body["to"].update(RECEIVERS[receiver])
    numbers = numbers_for("dhl", 2)
    pages = label_pages_for_shipment(body, numbers, True)
    for name in PDF_FORMATS:
        ours = render_label(pages, name)
        theirs = _with_fpdf2s_own_embedding(monkeypatch, lambda n=name: render_label(pages, n))
        assert ours != theirs  # the other path was taken (the subset holds more glyphs)
        assert _texts(ours) == _texts(theirs), name
        _assert_same_pixels(ours, theirs, dpi=150)
    assert decode_pdf_pages(render_label(pages, "pdf_a6"), dpi=200) == [[n] for n in numbers]


def test_manifest_shows_what_fpdf2s_own_font_embedding_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    manifest: dict[str, Any] = {
        "id": "mf_0123456789abcdef",
        "carrier_reference_number": "DHL-MF-0001",
        "created_at": "2026-11-24T16:30:00+00:00",
        "reference_number": "Tour 7",
        "posting_hub_address": shipment()["from"],
    }
    shipments = []
    for i, number in enumerate(numbers_for("dhl", 3)):
        body = shipment("dhl", packages=1 + i)
        body.update(id=f"shp_{i:020d}", carrier_tracking_no=number, reference_number=f"R-{i}")
        body["to"]["city"] = ["Köln", "Łódź", "Θεσσαλονίκη"][i]
        shipments.append(body)

    def render() -> bytes:
        return manifest_pdf.render_manifest_pdf(manifest, shipments, "DHL", sandbox=True)

    ours, theirs = render(), _with_fpdf2s_own_embedding(monkeypatch, render)
    assert _texts(ours) == _texts(theirs)
    assert "Θεσσαλονίκη" in _texts(ours)[0]
    _assert_same_pixels(ours, theirs, dpi=100)


def test_labels_of_other_ascii_names_reuse_the_kept_subsets() -> None:
    pdf_font_embedding.clear_subsets()
    first, second = shipment("dhl"), shipment("dhl")
    first["to"].update(first_name="Anna", last_name="Berg", street="Ring", city="Bonn")
    second["to"].update(first_name="Quincy", last_name="Jax", street="Vz. 9", city="Wyk")
    render_label(label_pages_for_shipment(first, numbers_for("dhl"), True), "pdf_a6")
    made = pdf_font_embedding._subset.cache_info().misses
    assert made == 2  # regular and bold
    data = render_label(label_pages_for_shipment(second, numbers_for("dhl"), True), "pdf_a6")
    assert pdf_font_embedding._subset.cache_info().misses == made
    assert "Quincy Jax" in _texts(data)[0]
    umlaut = shipment("dhl")
    umlaut["to"]["city"] = "Zürich"  # a glyph beyond ASCII: one more subset
    render_label(label_pages_for_shipment(umlaut, numbers_for("dhl"), True), "pdf_a6")
    assert pdf_font_embedding._subset.cache_info().misses > made


def test_a_character_no_label_font_has_is_reported_like_fpdf2_does(
    caplog: pytest.LogCaptureFixture,
) -> None:
    body = shipment("dhl")
    body["to"]["city"] = "東京"
    with caplog.at_level(logging.WARNING, logger="fpdf.output"):
        data = render_label(label_pages_for_shipment(body, numbers_for("dhl"), True), "pdf_a6")
    assert "missing the following glyphs" in caplog.text
    assert "U+6771" in caplog.text
    assert data.startswith(b"%PDF")


def test_a_document_with_another_font_is_written_by_fpdf2s_own_code() -> None:
    from fpdf import FPDF

    pdf = FPDF(unit="mm", format=(105, 148))
    family = labels_pdf.use_label_fonts(pdf, ["Łódź"])
    pdf.add_page()
    pdf.set_font(family, "", 12)
    pdf.text(10, 20, "Łódź")
    pdf.set_font("helvetica", "", 12)  # a core font: not a label font
    pdf.text(10, 40, "Helvetica")
    data = bytes(pdf.output(output_producer_class=pdf_font_embedding.LabelFontOutput))
    text = _texts(data)[0]
    assert "Łódź" in text and "Helvetica" in text
