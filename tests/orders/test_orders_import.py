"""`packdesk orders import FILE --profile NAME`: orders from a CSV/XLSX, stored on the service
and listed by the client; rows of one order number become one order; re-runs store nothing
twice; invalid orders are reported by line."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from desktop_app.orders.cli import orders_main
from desktop_app.orders.importer import read_table
from desktop_app.orders.mapping import guess_mapping
from desktop_app.orders.service_orders import build_orders
from tests.orders.helpers import Station, write_csv

HEADERS = [
    "Bestellnummer",
    "Kundennummer",
    "Bestelldatum",
    "Vorname",
    "Nachname",
    "Straße",
    "PLZ",
    "Ort",
    "Land",
    "Artikelnummer",
    "Artikel",
    "Menge",
    "Preis",
    "MwSt",
    "EAN",
    "Artikelgewicht",
]
ROWS = [
    ["W-1001", "K-7", "12.01.2025", "Erika", "Mustermann", "Heidestraße 17", "51147", "Köln",
     "Deutschland", "SKU-1", "Sneaker", "1", "89,95", "14,36", "4006381333931", "0,45"],
    ["W-1001", "K-7", "12.01.2025", "Erika", "Mustermann", "Heidestraße 17", "51147", "Köln",
     "Deutschland", "SKU-2", "Jeans", "2", "48,45", "7,74", "", "0,6"],
    ["W-1002", "K-8", "2025-01-13", "Max", "Muster", "Ringstr. 4", "10115", "Berlin", "DE",
     "SKU-3", "Socken", "3", "4,99", "0,8", "", ""],
]  # fmt: skip


def test_rows_grouped_by_order_number(tmp_path: Path) -> None:
    table = read_table(write_csv(tmp_path / "o.csv", HEADERS, ROWS))
    orders = build_orders(table, guess_mapping(table.headers))
    assert [o.external_order_id for o in orders] == ["W-1001", "W-1002"]
    first = orders[0]
    assert first.valid, first.problems
    assert first.lines == [2, 3]
    draft = first.draft
    assert draft["delivery_address"]["street"] == "Heidestraße"
    assert draft["delivery_address"]["street_no"] == "17"
    assert draft["delivery_address"]["country"] == "DE"
    assert draft["external_customer_id"] == "K-7"
    assert draft["placed_at"] == "2025-01-12T00:00:00+00:00"
    items = draft["order_line_items"]
    assert [(i["sku"], i["title"]["fallback"], i["quantity"]) for i in items] == [
        ("SKU-1", "Sneaker", 1.0),
        ("SKU-2", "Jeans", 2.0),
    ]
    assert items[0]["gtin"] == "4006381333931" and "gtin" not in items[1]
    assert draft["total_price"] == pytest.approx(89.95 + 2 * 48.45)
    assert draft["total_vat"] == pytest.approx(14.36 + 2 * 7.74)
    assert draft["total_weight"] == pytest.approx(0.45 + 1.2)
    assert draft["currency"] == "EUR"


def test_import_then_list_with_the_client(
    on_station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders_file = write_csv(tmp_path / "orders.csv", HEADERS, ROWS)
    assert orders_main(["import", str(orders_file), "--profile", "Station"]) == 0
    stored = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [s["external_order_id"] for s in stored] == ["W-1001", "W-1002"]
    with on_station.manager.open_store(on_station.profile) as store:  # where each came from
        origins = [store.order_origin(s["id"]) for s in stored]
    assert [(o.number, o.file, o.shop) for o in origins if o] == [
        ("W-1001", "orders.csv", None),
        ("W-1002", "orders.csv", None),
    ]

    async def listed() -> list[tuple[str | None, int]]:
        async with on_station.client() as client:
            return [
                (o.external_order_id, len(o.order_line_items))
                async for o in client.orders.iter_all()
            ]

    import asyncio

    assert asyncio.run(listed()) == [("W-1002", 1), ("W-1001", 2)]

    # a second run stores nothing twice
    assert orders_main(["import", str(orders_file), "--profile", "Station"]) == 0
    again = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(line.get("skipped") for line in again) and len(again) == 2
    assert len(asyncio.run(listed())) == 2

    # `orders list` prints them as JSON lines
    assert orders_main(["list", "--profile", "Station", "--external-order-id", "W-1001"]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [p["external_order_id"] for p in printed] == ["W-1001"]
    assert printed[0]["delivery_address"]["city"] == "Köln"


def test_xlsx_and_invalid_orders_reported(
    on_station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(HEADERS)
    bad = list(ROWS[2])
    bad[0], bad[6], bad[11] = "X-1", "", "0"  # no postcode, quantity 0
    for row in (ROWS[0], bad):
        sheet.append([row[0].replace("W", "X"), *row[1:]])
    path = tmp_path / "orders.xlsx"
    book.save(path)
    assert orders_main(["import", str(path), "--profile", "Station", "--dry-run"]) == 1
    err = capsys.readouterr().err
    # the problems name the file's columns
    assert "order X-1 (line 3): column 'PLZ': Enter the postcode." in err
    assert "order X-1 (line 3): column 'Menge':" in err
    assert "2 orders, 1 with problems" in err
    # the valid one is stored, the invalid one is not; exit 1
    assert orders_main(["import", str(path), "--profile", "Station"]) == 1
    out = capsys.readouterr().out
    assert [json.loads(line)["external_order_id"] for line in out.splitlines()] == ["X-1001"]


def test_usage_errors(on_station: Station, tmp_path: Path) -> None:
    assert orders_main(["import", str(tmp_path / "missing.csv"), "--profile", "Station"]) == 2
    orders_file = write_csv(tmp_path / "o.csv", HEADERS, ROWS)
    assert orders_main(["import", str(orders_file), "--profile", "Nobody"]) == 2
    assert orders_main(["bogus"]) == 2
