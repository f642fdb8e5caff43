import pytest

from desktop_app.printing.formats import FormatRefused, choose_format
from desktop_app.printing.printers import PrinterDefinition

# label formats per carrier, as the catalog offers them (API-CONTRACT.md)
DHL = [
    "pdf_a5",
    "pdf_a6",
    "pdf_a7",
    "pdf_100x70mm",
    "pdf_103x199mm",
    "zpl2_100x70mm_203dpi",
    "zpl2_103x199mm_203dpi",
]
UPS = ["pdf_a5", "pdf_a6", "zpl2_4x6in_203dpi", "zpl2_4x6in_300dpi", "zpl2_4x8in_203dpi"]
DPAG = ["pdf_a5", "pdf_a6", "zpl2_4x6in_203dpi"]
DPD = ["pdf_a5", "pdf_a6"]
ONLY_ZPL_203 = ["zpl2_4x6in_203dpi"]


def zebra(dpi: int, stock: str = "4x6in") -> PrinterDefinition:
    return PrinterDefinition(f"zebra{dpi}-{stock}", "zpl", "tcp://127.0.0.1:9100", dpi, stock)


def office(paper: str = "A4", preferred: str | None = None) -> PrinterDefinition:
    return PrinterDefinition(
        f"office-{paper}", "pdf", "qt:Office", 300, paper=paper, preferred_format=preferred
    )


CASES = [
    # printer, carrier formats, expected request format, converted?
    (zebra(203), UPS, "zpl2_4x6in_203dpi", False),
    (zebra(300), UPS, "zpl2_4x6in_300dpi", False),
    (zebra(203, "4x8in"), UPS, "zpl2_4x8in_203dpi", False),
    # 300-dpi printer, carrier has only 203-dpi ZPL: PDF converted at 300
    (zebra(300), DPAG, "pdf_a6", True),
    (zebra(203), DPAG, "zpl2_4x6in_203dpi", False),
    # PDF-only carrier on a thermal printer
    (zebra(203), DPD, "pdf_a6", True),
    (zebra(300), DPD, "pdf_a6", True),
    (zebra(203, "100x70mm"), DHL, "zpl2_100x70mm_203dpi", False),
    (zebra(300, "100x70mm"), DHL, "pdf_100x70mm", True),
    (zebra(203, "103x199mm"), DHL, "zpl2_103x199mm_203dpi", False),
    (zebra(300, "103x199mm"), DHL, "pdf_103x199mm", True),
    (zebra(203, "4x6in"), DHL, "pdf_a6", True),
    (zebra(203, "4x8in"), DHL, "pdf_103x199mm", True),
    (zebra(203, "A6"), DPD, "pdf_a6", True),
    (office("A4"), DHL, "pdf_a5", False),
    (office("A4", preferred="pdf_a6"), DHL, "pdf_a6", False),
    (office("A6"), UPS, "pdf_a6", False),
    (office("4x6in"), DPD, "pdf_a6", False),
    (office("100x150mm"), DHL, "pdf_a6", False),
]


@pytest.mark.parametrize(("printer", "offered", "expected", "converted"), CASES)
def test_format_choice_table(printer, offered, expected, converted):
    choice = choose_format(printer, offered)
    assert (choice.request_format, choice.convert) == (expected, converted), choice.reason
    if printer.kind == "zpl":
        assert choice.target_dpi == printer.dpi
        fmt = choice.label_format
        # never ZPL made for another dpi
        assert fmt.kind == "pdf" or fmt.dpi == printer.dpi


def test_zpl_only_at_the_other_dpi_is_refused_clearly():
    with pytest.raises(FormatRefused) as err:
        choose_format(zebra(300), ONLY_ZPL_203)
    message = str(err.value)
    assert "300 dpi" in message and "zpl2_4x6in_203dpi" in message and "no PDF" in message


def test_pdf_printer_with_zpl_only_carrier_is_refused():
    with pytest.raises(FormatRefused, match="prints PDF"):
        choose_format(office(), ONLY_ZPL_203)


def test_zpl_at_right_dpi_but_other_stock_without_pdf_falls_back_to_what_fits():
    choice = choose_format(zebra(203, "4x8in"), ["zpl2_4x6in_203dpi"])
    assert choice.request_format == "zpl2_4x6in_203dpi" and not choice.convert
    with pytest.raises(FormatRefused):
        choose_format(zebra(203, "100x70mm"), ["zpl2_4x6in_203dpi"])


def test_reason_names_the_conversion():
    choice = choose_format(zebra(300), DPAG)
    assert "converted to ZPL at 300 dpi" in choice.reason
    assert "zpl2_4x6in_203dpi" in choice.reason
