import pytest
import zxingcpp
from pypdf import PdfReader

from desktop_app.printing.discovery import (
    DiscoveryError,
    list_cups_queues,
    make_test_label,
    scan,
    scan_targets,
)
from desktop_app.printing.preview import preview_available, render_zpl_images
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.printing.zpl import first_int_param


async def test_scan_one_host_finds_the_printer(vprinter):
    # a generous probe time: the printer answers at once, a loaded machine may be slow to see it
    found = await scan("127.0.0.1", vprinter.port, per_host_timeout=5)
    assert [f.uri for f in found] == [vprinter.uri]
    await vprinter.wait_for_connections(1)
    # a probe sends nothing and is not a job
    assert vprinter.received == [] and vprinter.probes == 1


async def test_scan_a_slash_24_on_loopback(tmp_path):
    printer = VirtualPrinter(tmp_path / "vp", host="127.0.0.5")
    try:
        await printer.start()
    except OSError as exc:  # Linux routes all of 127/8 to lo; other systems may not
        pytest.skip(f"cannot listen on 127.0.0.5: {exc}")
    try:
        found = await scan("127.0.0.0/24", printer.port, per_host_timeout=5, total_timeout=60)
    finally:
        await printer.stop()
    assert [(f.host, f.port) for f in found] == [("127.0.0.5", printer.port)]


async def test_scan_finds_nothing_on_a_closed_port(vprinter):
    port = vprinter.port
    await vprinter.set_refusing(True)
    assert await scan("127.0.0.1", port) == []


def test_scan_range_is_bounded():
    assert len(scan_targets("10.1.2.0/24")) == 254
    assert scan_targets("10.1.2.7/32") == ["10.1.2.7"]
    with pytest.raises(DiscoveryError, match="at most a /24"):
        scan_targets("10.1.0.0/16")
    with pytest.raises(DiscoveryError, match="not a network"):
        scan_targets("10.1.2.0/99")


async def test_unknown_host_is_reported():
    with pytest.raises(DiscoveryError, match="unknown host"):
        await scan("printer.invalid")


async def test_cups_listing_without_a_scheduler_says_why(tmp_path):
    with pytest.raises(DiscoveryError, match="cannot list CUPS queues"):
        await list_cups_queues(server=str(tmp_path / "no-cupsd.sock"))


@pytest.mark.parametrize(("dpi", "dots"), [(203, (812, 1218)), (300, (1200, 1800))])
def test_zpl_test_label_shows_dpi_and_stock_edges(dpi, dots):
    printer = PrinterDefinition("Desk", "zpl", "tcp://127.0.0.1", dpi, "4x6in")
    label = make_test_label(printer)
    assert (first_int_param(label, "PW"), first_int_param(label, "LL")) == dots
    assert f"{dpi} dpi".encode() in label and f"{dots[0]} x {dots[1]} dots".encode() in label
    if not preview_available():
        pytest.skip("zplkit (preview extra) not installed")
    (image,) = render_zpl_images(label, dpi=dpi)
    assert image.size == dots
    w, h = dots
    # the frame is on the stock's edges: every edge pixel row/column is black
    for x, y in [(w // 2, 0), (w // 2, h - 1), (0, h // 2), (w - 1, h // 2)]:
        assert image.getpixel((x, y)) < 128
    assert f"PACKDESK-{dpi}DPI" in [b.text for b in zxingcpp.read_barcodes(image)]


def test_pdf_test_page_has_the_paper_size():
    printer = PrinterDefinition("Office", "pdf", "qt:Office", 300, paper="A5")
    (page,) = PdfReader(__import__("io").BytesIO(make_test_label(printer))).pages
    assert round(float(page.mediabox.width) / 72 * 25.4) == 148
    assert round(float(page.mediabox.height) / 72 * 25.4) == 210


def test_pdf_test_page_prints_the_printer_name_as_written_in_the_shipped_font():
    printer = PrinterDefinition("Küche Łódź", "pdf", "qt:Office", 300, paper="A5")
    (page,) = PdfReader(__import__("io").BytesIO(make_test_label(printer))).pages
    assert "Printer: Küche Łódź" in page.extract_text()
    fonts = {str(f.get_object()["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    assert fonts and all("DejaVuSans" in f for f in fonts), fonts


def test_zpl_test_label_prints_the_printer_name_as_written():
    printer = PrinterDefinition("Küche Łódź_2", "zpl", "tcp://127.0.0.1", 203, "4x6in")
    label = make_test_label(printer)
    # UTF-8 in the field (^CI28), "_" escaped for ^FH, in the font downloaded with the label
    assert "^FH_^FDPrinter: Küche Łódź_5F2^FS".encode() in label
    assert b"Kueche" not in label and label.count(b"~DY") == 1
    assert label.index(b"^XA") < label.index(b"~DY")
    if not preview_available():
        pytest.skip("zplkit (preview extra) not installed")
    (image,) = render_zpl_images(label, dpi=203)
    assert f"PACKDESK-{printer.dpi}DPI" in [b.text for b in zxingcpp.read_barcodes(image)]
