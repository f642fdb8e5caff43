import json

import pytest

from desktop_app.printing.printers import (
    PrinterBook,
    PrinterDefinition,
    PrinterError,
    parse_size,
)
from desktop_app.printing.transports import adhoc_printer


def test_stock_in_dots_at_both_dpis():
    assert PrinterDefinition("a", "zpl", "tcp://h", 203, "4x6in").stock_dots == (812, 1218)
    assert PrinterDefinition("b", "zpl", "tcp://h", 300, "4x6in").stock_dots == (1200, 1800)
    assert PrinterDefinition("c", "zpl", "tcp://h", 203, "100x70mm").stock_dots == (799, 559)


def test_sizes_by_name_or_custom():
    assert parse_size("A4") == (210.0, 297.0)
    assert parse_size("4x6in") == pytest.approx((101.6, 152.4))
    assert parse_size("102 x 64 mm") == (102.0, 64.0)
    assert parse_size("2x1in") == pytest.approx((50.8, 25.4))
    with pytest.raises(ValueError, match="unknown size"):
        parse_size("huge")


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"dpi": 600}, "dpi: a ZPL printer prints at 203 or 300 dpi"),
        ({"transport": "nowhere"}, "transport: 'nowhere' is not a URI"),
        ({"stock": "banana"}, "stock: unknown size"),
        ({"darkness": 31}, "darkness: must be 0..30"),
        ({"label_top": 200}, "label_top: must be -120..120"),
        ({"label_offset_dots": (-1, 0)}, "label home cannot be negative"),
        ({"kind": "escpos"}, "kind: must be zpl or pdf"),
        ({"name": " "}, "name: must not be empty"),
    ],
)
def test_invalid_definitions_say_which_field(fields, problem):
    base = {"name": "z", "kind": "zpl", "transport": "tcp://h", "dpi": 203}
    with pytest.raises(PrinterError, match=problem):
        PrinterDefinition(**{**base, **fields})


def test_book_round_trip_and_atomic_save(tmp_path):
    path = tmp_path / "cfg" / "printers.json"
    book = PrinterBook(path)
    assert len(book) == 0
    zebra = PrinterDefinition("Zebra", "zpl", "tcp://10.0.0.5", 300, "4x6in", darkness=20)
    office = PrinterDefinition("Office", "pdf", "qt:HP", 600, paper="A4", offset_mm=(5, 5))
    book.put(zebra)
    book.put(office)
    again = PrinterBook(path)
    assert again["Zebra"] == zebra and again["Office"] == office
    assert [p.name for p in again] == ["Zebra", "Office"]
    assert sorted(f.name for f in path.parent.iterdir()) == ["printers.json"]
    again.remove("Zebra")
    assert "Zebra" not in PrinterBook(path)
    with pytest.raises(PrinterError, match="unknown printer 'Zebra' \\(known: Office\\)"):
        again["Zebra"]


def test_book_ignores_fields_of_newer_versions(tmp_path):
    path = tmp_path / "printers.json"
    entry = PrinterDefinition("Z", "zpl", "tcp://h").to_json() | {"future_field": 1}
    path.write_text(json.dumps({"version": 2, "printers": [entry]}))
    assert PrinterBook(path)["Z"].transport == "tcp://h"


def test_damaged_book_is_a_clear_error(tmp_path):
    path = tmp_path / "printers.json"
    path.write_text("{not json")
    with pytest.raises(PrinterError, match="cannot read"):
        PrinterBook(path)


def test_adhoc_printers():
    assert adhoc_printer("tcp://h:9100", dpi=300).kind == "zpl"
    assert adhoc_printer("qt:Office").kind == "pdf"
    assert adhoc_printer("file:/tmp/x", kind="pdf").kind == "pdf"
    assert adhoc_printer("qt-pdf:/tmp/out").kind == "pdf"
    assert adhoc_printer("nosuch:x").kind == "zpl"  # refused by name when a job is sent


def test_an_adhoc_printer_takes_what_its_transport_says() -> None:
    """A transport registered later names the kind it takes: no scheme list in printers.py."""
    from desktop_app.printing.transports import register_transport, unregister_transport
    from desktop_app.printing.transports.file import FileTransport

    class PdfFolder(FileTransport):
        scheme = "pdf-folder"
        default_kind = "pdf"

    register_transport("pdf-folder", PdfFolder)
    try:
        assert adhoc_printer("pdf-folder:/tmp/x").kind == "pdf"
    finally:
        unregister_transport("pdf-folder")
