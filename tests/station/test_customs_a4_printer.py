"""The profile's A4 printer for documents: a Zürich and an Oslo order scanned to the label on
the thermal printer and CN 23 plus invoice on the A4 printer (two virtual printers); an Austrian
order has no customs papers; without an A4 printer the papers are saved, not lost."""

from __future__ import annotations

import io
from typing import Any

import pypdf

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.catalogue import Product
from desktop_app.profiles.models import Preferences
from desktop_app.profiles.store import ProfileStore
from tests.station.conftest import MUG, Desk, order_body


def abroad_order(number: str, country: str, zip_code: str, city: str) -> dict[str, Any]:
    body = order_body(number, items=[(MUG, 2)])
    body["delivery_address"].update(zip_code=zip_code, city=city, country=country)
    body["delivery_address"]["phone"] = "+41441234567"
    return body


def put_mug(store: ProfileStore) -> None:
    """The mug in the catalogue with what customs need (HS code, origin)."""
    catalogue = store.catalogue
    assert catalogue is not None
    catalogue.put(
        Product(f"SKU-{MUG[-4:]}", "Mug", gtin=MUG, hs_code="691200", origin_country="PT")
    )


async def ship(desk: Desk, number: str) -> Any:
    outcome = await desk.station.scan(number)
    if outcome.kind == "packing":
        outcome = await desk.station.ship(override="test")
    assert outcome.kind == "shipped", outcome
    for job_id in outcome.jobs:
        assert (await desk.queue.wait_for(job_id, 30)).state == "done"
    return outcome


def test_the_a4_printer_is_a_profile_preference() -> None:
    assert Preferences().documents_printer is None
    assert Preferences(documents_printer="Office A4").documents_printer == "Office A4"


async def test_zurich_and_oslo_print_label_and_papers_austria_only_the_label(
    desk: Desk, vprinter: VirtualPrinter, a4printer: VirtualPrinter
) -> None:
    office = PrinterDefinition(name="Office A4", kind="pdf", transport=a4printer.uri)
    desk.station.papers_printer = office
    desk.station.print_slip = False
    put_mug(desk.store)
    await desk.add_orders(
        abroad_order("SO-ZH", "CH", "8001", "Zürich"),
        abroad_order("SO-OS", "NO", "0150", "Oslo"),
        abroad_order("SO-AT", "AT", "1010", "Wien"),
    )
    for count, number in enumerate(("SO-ZH", "SO-OS"), start=1):
        shipped = await ship(desk, number)
        assert len(shipped.jobs) == 2 and shipped.papers_printer == "Office A4"
        assert len(await vprinter.wait_for_jobs(count)) == count  # the label alone
        papers = (await a4printer.wait_for_jobs(count))[-1].data
        pages = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(papers)).pages]
        assert any("CN 23" in p for p in pages), number
        assert "COMMERCIAL INVOICE" in pages[-1] and "Artikel 3931" in pages[0]
    austria = await ship(desk, "SO-AT")
    assert len(austria.jobs) == 1 and austria.papers_path is None
    assert len(await vprinter.wait_for_jobs(3)) == 3
    assert len(a4printer.jobs) == 2  # nothing more on the A4 printer


async def test_without_an_a4_printer_the_papers_are_saved_beside_the_label(
    desk: Desk, vprinter: VirtualPrinter
) -> None:
    desk.station.print_slip = False
    put_mug(desk.store)
    await desk.add_orders(abroad_order("SO-ZH2", "CH", "8001", "Zürich"))
    shipped = await ship(desk, "SO-ZH2")
    assert len(shipped.jobs) == 1  # the label on the thermal printer
    assert shipped.papers_path is not None and shipped.papers_path.is_file()
    assert shipped.papers_path.read_bytes().startswith(b"%PDF-")
    assert len(await vprinter.wait_for_jobs(1)) == 1
