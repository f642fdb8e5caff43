"""A Zürich order scanned to label: the declaration filled from the order and the product
catalogue (HS code, origin), and a clear stop when the catalogue lacks what customs need."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pypdf

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.catalogue import Product
from desktop_app.station.customs import order_declaration
from tests.station.conftest import MUG, Desk, order_body


def zurich_order(number: str) -> dict[str, Any]:
    body = order_body(number, items=[(MUG, 2)])
    body["delivery_address"].update(zip_code="8001", city="Zürich", country="CH")
    body["delivery_address"]["phone"] = "+41441234567"
    return body


def test_the_declaration_is_read_from_the_order_and_the_catalogue() -> None:
    class Lookup:
        def lookup(self, sku: str) -> Product | None:
            return Product(sku, "Mug", hs_code="691200", origin_country="PT") if sku else None

    declaration = order_declaration(zurich_order("SO-CH"), Lookup())
    assert declaration == {
        "contents_type": "commercial_goods",
        "currency": "EUR",
        "total_value_amount": 20.0,
        "contents_explanation": "Artikel 3931",
        "invoice_number": "SO-CH",
        "items": [
            {
                "description": "Artikel 3931",
                "quantity": 2,
                "value_amount": "20.00",
                "net_weight": 0.8,
                "hs_tariff_number": "691200",
                "origin_country": "PT",
            }
        ],
    }


async def test_a_zurich_order_stops_without_hs_code_and_ships_with_it(
    desk: Desk, vprinter: VirtualPrinter, tmp_path: Path
) -> None:
    # the label on the thermal printer, the customs papers on the A4 printer (a folder here)
    a4 = PrinterDefinition(name="Office A4", kind="pdf", transport=f"file:{tmp_path / 'a4'}")
    desk.station.slip_printer = a4
    desk.station.print_slip = False
    await desk.add_orders(zurich_order("SO-CH1"))
    stopped = await desk.station.scan("SO-CH1")
    if stopped.kind == "packing":
        stopped = await desk.station.ship(override="test")
    assert stopped.kind == "error" and stopped.code == "invalid", stopped
    assert "hs_tariff_number: Commercial goods need their customs tariff number" in (
        stopped.detail or ""
    )
    catalogue = desk.store.catalogue
    assert catalogue is not None
    catalogue.put(
        Product(f"SKU-{MUG[-4:]}", "Mug", gtin=MUG, hs_code="691200", origin_country="PT")
    )
    shipped = await desk.station.ship(override="test")
    assert shipped.kind == "shipped", shipped
    assert shipped.shipment is not None
    remote = await desk.client.shipments.get(shipped.shipment.id)
    declaration = remote.customs_declaration
    assert declaration is not None and declaration.items[0].hs_tariff_number == "691200"
    papers = await desk.client.shipment_documents.customs_documents(remote)
    assert papers is not None and papers.startswith(b"%PDF-")
    label_job, papers_job = shipped.jobs
    for job_id in shipped.jobs:
        assert (await desk.queue.wait_for(job_id, 30)).state == "done"
    assert len(await vprinter.wait_for_jobs(1)) == 1  # the label alone on the thermal printer
    (printed,) = (tmp_path / "a4").iterdir()
    assert printed.read_bytes() == papers
    pages = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(papers)).pages]
    assert ["CN 23" in p for p in pages] == [True, True, False]
    assert "COMMERCIAL INVOICE" in pages[2] and "Artikel 3931" in pages[0]
