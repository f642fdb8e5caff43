"""Reading order files, guessing and remembering mappings, building and editing row drafts."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from desktop_app.batch_runs.export import write_results
from desktop_app.batch_runs.rows import Batch, printer_format_chooser
from desktop_app.orders.cell_values import parse_number
from desktop_app.orders.importer import TableError, read_table
from desktop_app.orders.mapping import (
    FieldSource,
    MappingBook,
    MappingError,
    guess_mapping,
    load_mapping_file,
)
from desktop_app.orders.shipment_drafts import Defaults
from desktop_app.printing.printers import PrinterDefinition
from tests.orders.helpers import HEADERS, PACKAGE, SENDER, order_rows, read_results, write_csv

DEFAULTS = Defaults(sender=SENDER, carrier="dhl", package=PACKAGE)


@pytest.mark.parametrize("delimiter", [";", ",", "\t"])
def test_csv_delimiters_are_sniffed(tmp_path: Path, delimiter: str) -> None:
    path = write_csv(tmp_path / "o.csv", HEADERS, order_rows(3), delimiter=delimiter)
    table = read_table(path)
    assert table.delimiter == delimiter
    assert table.headers == tuple(HEADERS)
    assert [r["Nachname"] for r in table.rows] == ["Mustermann1", "Mustermann2", "Mustermann3"]
    assert table.lines == [2, 3, 4]


def test_csv_in_cp1252_with_blank_lines_and_quoted_delimiters(tmp_path: Path) -> None:
    text = 'Name;Straße;PLZ;Ort\r\n\r\n"Müller; Jörg";Große Str. 1;10115;Köln\r\n\r\n'
    path = tmp_path / "excel.csv"
    path.write_bytes(text.encode("cp1252"))
    table = read_table(path)
    assert table.encoding == "cp1252"
    assert table.rows == [
        {"Name": "Müller; Jörg", "Straße": "Große Str. 1", "PLZ": "10115", "Ort": "Köln"}
    ]
    assert table.lines == [3]


def test_utf8_bom_and_repeated_or_empty_headers(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_bytes("\ufeffName,,Name\nA,B,C\n".encode())
    table = read_table(path)
    assert table.encoding == "utf-8-sig"
    assert table.headers == ("Name", "Column 2", "Name (2)")
    assert table.rows == [{"Name": "A", "Column 2": "B", "Name (2)": "C"}]


def test_unreadable_files_are_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("\n\n")
    with pytest.raises(TableError, match="empty|no header"):
        read_table(empty)
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a zip file")
    with pytest.raises(TableError, match="XLSX"):
        read_table(broken)


def test_xlsx_import(tmp_path: Path) -> None:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.append([])  # a blank first row
    sheet.append(["Order", "Company", "Street", "House number", "ZIP", "City", "Country", "Weight"])
    sheet.append(["W-1", "Acme GmbH", "Ring", 4, 10115, "Berlin", "Germany", 2.5])
    sheet.append([None] * 8)
    sheet.append(["W-2", "Beta AG", "Weg", "7a", "80331", "München", "DE", "1,25"])
    path = tmp_path / "orders.xlsx"
    workbook.save(path)

    table = read_table(path)
    assert table.headers[:3] == ("Order", "Company", "Street")
    assert table.lines == [3, 5]
    assert table.rows[0]["ZIP"] == "10115" and table.rows[0]["House number"] == "4"

    batch = Batch(table, guess_mapping(table.headers), DEFAULTS)
    first, second = batch.rows
    assert first.problems == [] and second.problems == []
    assert first.reference == "W-1"
    assert first.draft["to"] == {
        "company": "Acme GmbH",
        "street": "Ring",
        "street_no": "4",
        "zip_code": "10115",
        "city": "Berlin",
        "country": "DE",
    }
    assert first.draft["package"]["weight"] == 2.5 and second.draft["package"]["weight"] == 1.25
    # the order number is the shipment's reference, not the parcel-point partner's number
    assert first.draft["reference_number"] == "W-1" and "metadata" not in first.draft


def test_guess_mapping_german_and_english() -> None:
    german = guess_mapping(
        ["Bestellnummer", "Vorname", "Name", "Straße", "Hausnummer", "PLZ", "Ort", "Land"]
        + ["Gewicht (kg)", "Telefon", "E-Mail"]
    )
    assert {t: s.column for t, s in german.items()} == {
        "reference_number": "Bestellnummer",
        "to.first_name": "Vorname",
        "to.last_name": "Name",
        "to.street": "Straße",
        "to.street_no": "Hausnummer",
        "to.zip_code": "PLZ",
        "to.city": "Ort",
        "to.country": "Land",
        "package.weight": "Gewicht (kg)",
        "to.phone": "Telefon",
        "to.email": "E-Mail",
    }
    english = guess_mapping(
        ["Order", "Name", "Address", "Postcode", "Town", "Weight", "Internal ID"]
    )
    assert {t: s.column for t, s in english.items()} == {
        "reference_number": "Order",
        "to.name": "Name",
        "to.street": "Address",
        "to.zip_code": "Postcode",
        "to.city": "Town",
        "package.weight": "Weight",
    }


def test_full_name_and_street_with_number_are_split(tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "o.csv",
        ["Name", "Adresse", "PLZ", "Ort", "Land"],
        [
            ["Anna Maria Schmidt", "Am Markt 12 b", "10115", "Berlin", "DE"],
            ["Huber", "Lindenweg", "1010", "Wien", "Österreich"],
        ],
    )
    table = read_table(path)
    batch = Batch(table, guess_mapping(table.headers), DEFAULTS)
    first, second = batch.rows
    assert first.draft["to"]["first_name"] == "Anna Maria"
    assert first.draft["to"]["last_name"] == "Schmidt"
    assert (first.draft["to"]["street"], first.draft["to"]["street_no"]) == ("Am Markt", "12b")
    assert first.problems == []
    # one word is a last name alone (the contact rule wants more); no number means none
    assert second.draft["to"]["country"] == "AT"
    assert second.draft["to"]["last_name"] == "Huber"
    assert [p.path for p in second.problems] == ["to.first_name", "to.street_no"]


@pytest.mark.parametrize(
    ("text", "value"),
    [("1,5", 1.5), ("1.5", 1.5), ("1.234,5", 1234.5), ("1,234.5", 1234.5), ("2", 2.0)],
)
def test_decimal_commas(text: str, value: float) -> None:
    assert parse_number(text) == value


def test_bad_numbers_stay_text_and_are_reported_at_their_path(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "o.csv", HEADERS, order_rows(2, invalid={1}))
    table = read_table(path)
    batch = Batch(table, guess_mapping(table.headers), DEFAULTS)
    assert batch.rows[0].valid
    bad = batch.rows[1]
    assert bad.status == "invalid"
    assert bad.draft["package"]["weight"] == "viel"
    assert [(p.path, p.code) for p in bad.problems] == [("package.weight", "invalid_number")]


def test_editing_a_cell_or_field_revalidates_the_row(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "o.csv", HEADERS, order_rows(3, invalid={0, 1}))
    table = read_table(path)
    batch = Batch(table, guess_mapping(table.headers), DEFAULTS)
    assert [r.status for r in batch.rows] == ["invalid", "invalid", "ready"]
    assert [p.path for p in batch.rows[0].problems] == ["to.zip_code"]

    row = batch.edit_cell(0, "PLZ", " 10115 ")
    assert row.status == "ready" and row.problems == [] and row.draft["to"]["zip_code"] == "10115"
    row = batch.edit_field(1, "package.weight", 3.5)
    assert row.status == "ready" and row.draft["package"]["weight"] == 3.5
    row = batch.edit_cell(2, "Land", "Atlantis")
    assert row.status == "invalid" and [p.code for p in row.problems] == ["invalid_country"]
    assert batch.counts() == {"ready": 2, "invalid": 1}

    # the GUI marks the cell of each problem
    assert [p.code for p in row.problems_at("to")] == ["invalid_country"]
    assert row.problems_at("package") == []
    assert batch.column_for("to.country") == "Land"
    assert batch.column_for("to.street_no") == "Straße"  # the number is split from the street
    assert batch.column_for("to.company") is None

    batch.rows[0].status = "created"
    with pytest.raises(ValueError, match="already created"):
        batch.edit_cell(0, "PLZ", "99999")


def test_references_are_stable_per_row(tmp_path: Path) -> None:
    rows = [r[1:] for r in order_rows(3, invalid={1})]
    path = write_csv(tmp_path / "o.csv", HEADERS[1:], rows)
    first = Batch(read_table(path), guess_mapping(HEADERS[1:]), DEFAULTS)
    refs = [r.reference for r in first.rows]
    assert all(ref.startswith("B") and len(ref) <= 30 for ref in refs)
    assert [ref.rsplit("-", 1)[1] for ref in refs] == ["1", "2", "3"]
    assert len(set(refs)) == 3
    # the same file again, with the invalid row fixed: the other rows keep their references
    rows[1][3] = "10116"
    rows[1][6] = "2"
    write_csv(path, HEADERS[1:], rows)
    again = Batch(read_table(path), guess_mapping(HEADERS[1:]), DEFAULTS)
    assert [r.reference for r in again.rows][0::2] == refs[0::2]
    # and an edit in the table does not change a row's reference
    assert first.edit_cell(0, "Ort", "Potsdam").reference == refs[0]


def test_mapping_book_remembers_per_layout(tmp_path: Path) -> None:
    book = MappingBook(tmp_path / "batch_mappings.json")
    path = write_csv(tmp_path / "o.csv", HEADERS, order_rows(1))
    table = read_table(path)
    assert book.get(table.layout, table.headers) is None
    mapping = {
        "to.last_name": FieldSource(column="Nachname"),
        "carrier": FieldSource(value="dpd"),
    }
    book.put(table.layout, table.headers, mapping)
    assert book.get(table.layout, table.headers) == mapping
    # case and spacing of the header names do not change the layout
    other = write_csv(tmp_path / "p.csv", [h.upper() + " " for h in HEADERS], order_rows(1))
    assert read_table(other).layout == table.layout
    # a different layout has no mapping yet
    assert book.get(read_table(other).layout + "x") is None
    saved = json.loads(book.path.read_text(encoding="utf-8"))
    assert saved["layouts"][table.layout]["mapping"] == {
        "to.last_name": "Nachname",
        "carrier": {"value": "dpd"},
    }


def test_mapping_file_checks_targets_and_columns(tmp_path: Path) -> None:
    spec = tmp_path / "m.json"
    spec.write_text(json.dumps({"to.last_name": "nachname", "service": "=express"}))
    mapping = load_mapping_file(spec, HEADERS)
    assert mapping == {
        "to.last_name": FieldSource(column="Nachname"),
        "service": FieldSource(value="express"),
    }
    spec.write_text(json.dumps({"to.surname": "Nachname"}))
    with pytest.raises(MappingError, match="unknown target field 'to.surname'"):
        load_mapping_file(spec, HEADERS)
    spec.write_text(json.dumps({"to.last_name": "Familienname"}))
    with pytest.raises(MappingError, match="no column 'Familienname'"):
        load_mapping_file(spec, HEADERS)


def test_label_format_follows_the_printer(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "o.csv", HEADERS, order_rows(1))
    table = read_table(path)
    zebra = PrinterDefinition(name="Z", kind="zpl", transport="tcp://127.0.0.1:9", stock="4x6in")
    # UPS has native ZPL for 4x6 in at 203 dpi; DHL has none, so a PDF is converted
    for carrier, expected in (("ups", "zpl2_4x6in_203dpi"), ("dhl", "pdf_a6")):
        defaults = Defaults(sender=SENDER, carrier=carrier, package=PACKAGE)
        batch = Batch(table, guess_mapping(table.headers), defaults, choose_format=None)
        assert "label" not in batch.rows[0].draft
        batch = Batch(
            table,
            guess_mapping(table.headers),
            defaults,
            choose_format=printer_format_chooser(zebra),
        )
        assert batch.rows[0].draft["label"] == {"format": expected}, carrier
        assert batch.rows[0].valid
    # no printer: the desk's default
    batch = Batch(
        table, guess_mapping(table.headers), DEFAULTS, choose_format=printer_format_chooser(None)
    )
    assert batch.rows[0].draft["label"] == {"format": "pdf_a6"}


def test_results_export(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "o.csv", HEADERS, order_rows(2, invalid={0}))
    batch = Batch(read_table(path), guess_mapping(HEADERS), DEFAULTS)
    done = batch.rows[1]
    done.status, done.shipment_id, done.tracking_no = "created", "abc123", "00340434"
    done.label_path = tmp_path / "abc123.pdf"
    out = write_results(batch.rows, tmp_path / "out" / "results.csv")
    rows = read_results(out)
    assert [(r["row"], r["status"], r["reference"]) for r in rows] == [
        ("1", "invalid", "A-0001"),
        ("2", "created", "A-0002"),
    ]
    assert rows[0]["errors"] == "to.zip_code: Enter the postcode."
    assert rows[1]["tracking_number"] == "00340434"
    assert rows[1]["label_file"].endswith("abc123.pdf")


def test_a_repeated_reference_makes_the_later_row_invalid(tmp_path: Path) -> None:
    rows = order_rows(3)
    rows[2][0] = "a-0001"  # the order number of row 1 again (case does not matter)
    path = write_csv(tmp_path / "o.csv", HEADERS, rows)
    batch = Batch(read_table(path), guess_mapping(HEADERS), DEFAULTS)
    assert [r.status for r in batch.rows] == ["ready", "ready", "invalid"]
    [problem] = batch.rows[2].problems
    assert problem.path == "reference_number" and problem.code == "duplicate_reference"
    assert problem.message.startswith("Row 1 has the same reference 'a-0001'")

    row = batch.edit_cell(2, "Bestellnummer", "A-0003")
    assert row.status == "ready" and row.problems == []
    row = batch.edit_cell(1, "Bestellnummer", "A-0003")
    assert row.status == "ready"
    assert [p.code for p in batch.rows[2].problems] == ["duplicate_reference"]


def test_sender_columns_replace_the_default_sender_per_row(tmp_path: Path) -> None:
    """ "Absender …" columns are the sender's; a row with a sender cell gets that sender only
    (not mixed with the profile's default), a row without one keeps the default."""
    path = write_csv(
        tmp_path / "senders.csv",
        ["Vorname", "Nachname", "Straße", "PLZ", "Ort", "Land", "Absender Firma", "Absender Straße"]
        + ["Absender PLZ", "Absender Ort", "Land Absender"],
        [
            ["Anna", "Schmidt", "Am Markt 12", "10115", "Berlin", "DE"]
            + ["Filiale Süd GmbH", "Hafenweg 3a", "80331", "München", "Deutschland"],
            ["Ben", "Huber", "Lindenweg 1", "20095", "Hamburg", "DE", "", "", "", "", ""],
        ],
    )
    table = read_table(path)
    mapping = guess_mapping(table.headers)
    assert mapping["from.company"] == FieldSource(column="Absender Firma")
    assert mapping["from.country"] == FieldSource(column="Land Absender")
    assert mapping["to.zip_code"] == FieldSource(column="PLZ")  # the receiver's stay theirs
    own, default = Batch(table, mapping, DEFAULTS).rows
    assert own.draft["from"] == {
        "company": "Filiale Süd GmbH",
        "street": "Hafenweg",
        "street_no": "3a",
        "zip_code": "80331",
        "city": "München",
        "country": "DE",
    }
    assert own.problems == []
    assert default.draft["from"] == DEFAULTS.sender and default.problems == []
    # without a default sender, only the row with its own sender is complete
    own, default = Batch(table, mapping, Defaults(carrier="dhl", package=PACKAGE)).rows
    assert own.problems == []
    assert [p.path for p in default.problems] == ["from"]
