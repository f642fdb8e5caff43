import pypdfium2 as pdfium
import pytest
import zxingcpp
from pypdf import PdfReader

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.qt_print import QtPrintError, list_system_printers, print_pdf
from desktop_app.printing.transports import OutgoingJob, TransportError, create_transport

from .label_factory import TRACKING, pdf_label

MM = 72 / 25.4


def _page_sizes_mm(path):
    # Qt keeps page sizes in whole points (A4 = 595 x 842 pt): compare to the nearest 0.5 mm
    return [
        (round(float(p.mediabox.width) / MM * 2) / 2, round(float(p.mediabox.height) / MM * 2) / 2)
        for p in PdfReader(path).pages
    ]


def _ink_box_mm(path, index=0, dpi=100):
    """Bounding box (left, top, right, bottom) in mm of the non-white pixels of a page."""
    doc = pdfium.PdfDocument(str(path))
    image = doc[index].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    box = image.point(lambda v: 255 if v < 128 else 0).getbbox()
    doc.close()
    return tuple(round(v / dpi * 25.4, 1) for v in box), image


def test_a6_label_on_a4_top_left_at_100_percent(qapp, tmp_path):
    out = tmp_path / "a4.pdf"
    assert print_pdf(pdf_label(size_mm=(105, 148)), output_file=out, paper_mm=(210, 297)) == 1
    assert _page_sizes_mm(out) == [(210.0, 297.0)]
    (left, top, right, bottom), image = _ink_box_mm(out, dpi=200)
    # the label's border is drawn 1 mm inside its edges: 100 % scale puts it at 1..104 x 1..147
    assert left == pytest.approx(1, abs=0.5) and top == pytest.approx(1, abs=0.5)
    assert right == pytest.approx(104, abs=0.5) and bottom == pytest.approx(147, abs=0.5)
    assert TRACKING in [b.text for b in zxingcpp.read_barcodes(image)]


def test_offset_and_centre_placement(qapp, tmp_path):
    out = tmp_path / "offset.pdf"
    print_pdf(pdf_label(size_mm=(105, 148)), output_file=out, offset_mm=(10, 20))
    (left, top, _, _), _ = _ink_box_mm(out)
    assert left == pytest.approx(11, abs=0.5) and top == pytest.approx(21, abs=0.5)
    centred = tmp_path / "centre.pdf"
    print_pdf(pdf_label(size_mm=(105, 148)), output_file=centred, placement="center")
    (left, top, _, _), _ = _ink_box_mm(centred)
    assert left == pytest.approx((210 - 105) / 2 + 1, abs=0.5)
    assert top == pytest.approx((297 - 148) / 2 + 1, abs=0.5)


def test_label_printer_keeps_page_size_and_orientation(qapp, tmp_path):
    out = tmp_path / "labels.pdf"
    # a portrait 4x6 label, then a landscape 100x70 mm one, on label-sized paper
    pdf = pdf_label(size_mm=(101.6, 152.4))
    assert print_pdf(pdf, output_file=out, paper_mm=(101.6, 152.4)) == 1
    assert _page_sizes_mm(out) == [(101.5, 152.5)]
    landscape = tmp_path / "landscape.pdf"
    print_pdf(pdf_label(size_mm=(100, 70), pages=2), output_file=landscape, paper_mm=(70, 100))
    assert _page_sizes_mm(landscape) == [(100.0, 70.0), (100.0, 70.0)]


def test_unreadable_pdf_and_unknown_printer(qapp, tmp_path):
    with pytest.raises(QtPrintError, match="cannot read the PDF"):
        print_pdf(b"%PDF-1.4 nonsense", output_file=tmp_path / "x.pdf")
    with pytest.raises(QtPrintError, match="no system printer called"):
        print_pdf(pdf_label(), printer_name="packdesk-no-such-printer")


async def test_qt_transports(qapp, tmp_path):
    office = PrinterDefinition("o", "pdf", f"qt-pdf:{tmp_path}/out", 150, paper="A4")
    transport = create_transport(office)
    await transport.send(OutgoingJob(pdf_label(), "pdf", "Order 9", job_id=3))
    (written,) = (tmp_path / "out").iterdir()
    assert written.name == "job3-Order-9.pdf"
    assert _page_sizes_mm(written) == [(210.0, 297.0)]
    with pytest.raises(TransportError, match="prints PDF only"):
        await transport.send(OutgoingJob(b"^XA^XZ", "zpl"))
    missing = create_transport(PrinterDefinition("m", "pdf", "qt:packdesk-no-such-printer"))
    with pytest.raises(TransportError, match="no system printer"):
        await missing.send(OutgoingJob(pdf_label(), "pdf"))


def test_system_printers_are_listed(qapp):
    printers = list_system_printers()
    assert all(p.name for p in printers)
