"""Labels as the local service renders them, through conversion and ZPL hygiene."""

from datetime import date

import pytest
import zxingcpp

from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.printing.convert import rasterize_pdf
from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.zpl import infer_dpi
from desktop_app.service.labels.layout import LabelPage
from desktop_app.service.labels.shipment_labels import render_label

TRACKING = "00340434161234567890"
PAGE = LabelPage(
    sender=("Packdesk GmbH", "Lagerstrasse 1", "20095 Hamburg"),
    receiver=("Erika Mustermann", "Hauptstrasse 5", "80331 München", "DE"),
    carrier="dhl",
    carrier_name="DHL",
    service="STANDARD",
    package_index=1,
    package_count=1,
    weight_kg=2.5,
    tracking_number=TRACKING,
    created=date(2026, 11, 22),
    sandbox=True,
    tracking_url=f"https://example.com/track/{TRACKING}",
)
PDF_ON_STOCK = [
    ("pdf_a6", "A6"),
    ("pdf_a6", "4x6in"),
    ("pdf_a7", "74x105mm"),
    ("pdf_100x70mm", "100x70mm"),
    ("pdf_103x199mm", "103x199mm"),
    ("pdf_a5", "148x210mm"),
]


@pytest.mark.parametrize("dpi", [203, 300])
@pytest.mark.parametrize(("fmt", "stock"), PDF_ON_STOCK)
def test_service_pdf_label_converts_with_a_readable_barcode(fmt, stock, dpi):
    printer = PrinterDefinition("z", "zpl", "tcp://127.0.0.1", dpi, stock)
    (page,) = rasterize_pdf(render_label([PAGE], fmt), dpi=dpi, stock_mm=printer.stock_mm)
    assert page.size == printer.stock_dots
    texts = [b.text for b in zxingcpp.read_barcodes(page)]
    assert TRACKING in texts


@pytest.mark.parametrize("fmt", [f.name for f in LABEL_FORMATS.values() if f.kind == "zpl"])
def test_service_zpl_label_passes_unchanged_at_its_dpi(fmt):
    spec = LABEL_FORMATS[fmt]
    label = render_label([PAGE], fmt)
    stock = f"{spec.width_mm}x{spec.height_mm}mm"
    assert infer_dpi(label, (spec.width_mm, spec.height_mm)) == spec.dpi
    payload = prepare_payload(PrinterDefinition("z", "zpl", "tcp://h", spec.dpi, stock), label)
    assert payload.data == label and payload.notes == []
    other = 300 if spec.dpi == 203 else 203
    with pytest.raises(ValueError, match=f"made for {spec.dpi} dpi"):
        prepare_payload(PrinterDefinition("z", "zpl", "tcp://h", other, stock), label)
