"""An order into the New shipment form (F7 on the Scan page) with its customs rows from the
order and the product catalogue, completed there and created with Create and print: the label
on the thermal printer, the customs papers on the profile's A4 printer in the same action (the
Scan page's decision, `station.customs_papers`), or saved and said where when no A4 printer is
set. Two virtual printers; the papers read back with pypdf."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shipment.customs_presenter import ItemRow
from desktop_app.gui.shipment.order_entry import order_entry
from desktop_app.gui.shipment.page import ShipmentPage
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.catalogue import Product
from tests.gui.app_context import expect, use_printer
from tests.gui.scan_desk import add_orders, set_preferences
from tests.gui.scan_desk import ctx as ctx  # the fixture
from tests.gui.shipment_desk import make_window, type_into, wait_until
from tests.station.conftest import MUG
from tests.station.test_customs_a4_printer import abroad_order
from tests.station.test_customs_destinations import papers_kinds, pdf_pages

UK_VAT = "GB123456789"


class Products:
    def __init__(self, *products: Product) -> None:
        self.products = {p.sku: p for p in products}

    def lookup(self, sku: str) -> Product | None:
        return self.products.get(sku)


def test_the_rows_come_from_the_order_and_the_catalogue_fills_its_gaps() -> None:
    order = abroad_order("SO-1", "GB", "SW1A 1AA", "London")
    order["order_line_items"].append(
        {"sku": "SKU-TEA", "quantity": 3, "title": {}}  # no title, price or weight
    )
    catalogue = Products(
        Product("SKU-3931", "Mug", hs_code="691200", origin_country="PT"),
        Product("SKU-TEA", "Black tea, 100 g tin", hs_code="090230", origin_country="IN",
                weight_kg=0.12, value=4.5),
    )  # fmt: skip
    entry = order_entry("SO-1", order, catalogue, {"GB": UK_VAT, "NO": "VOEC1234567"})
    assert entry.reference == "SO-1" and entry.weight == 0.8
    assert entry.receiver["country"] == "GB" and entry.receiver["zip_code"] == "SW1A 1AA"
    assert (entry.contents_type, entry.currency) == ("commercial_goods", "EUR")
    assert entry.texts == {
        "contents_explanation": "Artikel 3931, Black tea, 100 g tin",
        "exporter_reference": UK_VAT,  # the UK's number, not Norway's
    }
    assert entry.rows == [
        ItemRow("Artikel 3931", "691200", "PT", 2, 20.0, 0.8),
        ItemRow("Black tea, 100 g tin", "090230", "IN", 3, 13.5, 0.36),
    ]
    austria = order_entry("SO-2", abroad_order("SO-2", "AT", "1010", "Wien"), catalogue, {})
    assert "exporter_reference" not in austria.texts and austria.rows[0].hs_tariff_number


async def _press_f7(window: MainWindow) -> None:
    """F7 on the Scan page, where the scanner types (its scan box has the focus)."""
    window.show_page("Scan")
    window.activateWindow()
    scan_box = window.page("Scan").scan_box  # type: ignore[union-attr]
    await wait_until(lambda: QApplication.focusWidget() is scan_box)
    QTest.keyClick(scan_box, Qt.Key.Key_F7)


async def _shown(signal: Any, action: Any) -> Any:
    shown = expect(signal)
    action()
    (outcome,) = await asyncio.wait_for(shown, 60)
    return outcome


async def test_a_uk_order_from_the_scan_page_completed_in_the_form_prints_on_two_printers(
    qtbot: QtBot, ctx: AppContext, vprinter: VirtualPrinter, a4printer: VirtualPrinter
) -> None:
    assert ctx.store is not None
    use_printer(ctx, vprinter.uri)
    ctx.printers.put(PrinterDefinition(name="Office A4", kind="pdf", transport=a4printer.uri))
    set_preferences(
        ctx,
        documents_printer="Office A4",
        customs_numbers={"GB": UK_VAT},
        default_carrier="dhl",
        default_package={"length": 30, "width": 20, "height": 10},
        pack_check=True,  # a scan opens the order (F7 takes it on) instead of shipping it
    )
    catalogue = ctx.store.catalogue
    assert catalogue is not None
    catalogue.put(Product(f"SKU-{MUG[-4:]}", "Mug", gtin=MUG, origin_country="PT"))  # no HS code
    await add_orders(
        ctx,
        abroad_order("UK-1", "GB", "SW1A 1AA", "London"),
        abroad_order("UK-2", "GB", "SW1A 1AA", "London"),
    )
    window = make_window(qtbot, ctx, operations=True)
    scan = window.page("Scan")
    page = window.shipment_page
    assert isinstance(page, ShipmentPage)
    form, creation = page.form, page.creation

    # the Scan page stops (no HS code in the catalogue); F7 takes the order to the form
    presenter = scan.presenter  # type: ignore[union-attr]
    stopped = await _shown(presenter.outcome_shown, lambda: presenter.scan("UK-1"))
    if stopped.kind == "packing":
        stopped = await _shown(presenter.outcome_shown, presenter.ship_incomplete)
    assert stopped.code == "invalid" and "customs tariff number" in stopped.detail
    await _press_f7(window)
    await wait_until(lambda: window.current_page() is page)
    assert "UK-1 is in the New shipment form" in presenter.view.title

    # prefilled: receiver, reference, weight, the customs rows (editable), the UK VAT number
    assert form.receiver.fields["city"].text() == "London"
    assert form.reference_edit.text() == "UK-1"
    assert not form.customs.isHidden()
    row = form.customs.rows[0]
    texts = [row[n].text() for n in ("description", "quantity", "value_amount", "origin_country")]
    assert texts == ["Artikel 3931", "2", "20", "PT"]
    assert form.customs.texts["exporter_reference"].text() == UK_VAT
    assert "20" in form.customs.total.text()
    assert [p.path for p in form.problems] == ["customs_declaration.items[0].hs_tariff_number"]
    type_into(qtbot, row["hs_tariff_number"].editor, "691200")
    type_into(qtbot, row["value_amount"].editor, "24")  # edited: the total follows as typed
    assert "24" in form.customs.total.text()
    assert form.problems == []

    # Ctrl+P: the label on the thermal printer, CN 23 twice and the invoice on the A4 printer
    created = expect(ctx.shipment_created)
    form.reference_edit.setFocus()
    qtbot.keyClick(form.reference_edit, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    (stored,) = await asyncio.wait_for(created, 60)
    assert stored.reference_number == "UK-1" and stored.carrier == "dhl"
    (order,) = ctx.store.orders.find("UK-1")  # the shipment names the order F7 put in
    assert stored.order == ctx.store.orders.origin_of(order) and stored.order.order_id == order.id
    assert len(await vprinter.wait_for_jobs(1, timeout=60)) == 1
    (papers,) = await a4printer.wait_for_jobs(1, timeout=60)
    pages = pdf_pages(papers.data)
    assert papers_kinds(pages) == ["cn23", "cn23", "commercial_invoice"]
    assert "691200" in pages[0] and UK_VAT in pages[0] and "24.00" in pages[0]
    await wait_until(lambda: "printing on Office A4" in creation.message.text())
    assert "Customs papers (CN 23 ×2, commercial invoice) are printing on Office A4." in (
        creation.message.text()
    )

    # no A4 printer set: the papers are saved beside the label and the message says so
    set_preferences(ctx, documents_printer=None)
    catalogue.put(
        Product(f"SKU-{MUG[-4:]}", "Mug", gtin=MUG, hs_code="691200", origin_country="PT")
    )
    opened = await _shown(presenter.outcome_shown, lambda: presenter.scan("UK-2"))
    assert opened.kind == "packing", opened
    await _press_f7(window)
    await wait_until(lambda: form.reference_edit.text() == "UK-2")
    assert form.customs.rows[0]["hs_tariff_number"].text() == "691200"
    created = expect(ctx.shipment_created)
    page.create_and_print()
    await asyncio.wait_for(created, 60)
    await wait_until(lambda: "no A4 printer is set" in creation.message.text())
    assert len(await vprinter.wait_for_jobs(2, timeout=60)) == 2
    assert len(a4printer.jobs) == 1
    saved = sorted(ctx.store.profile_dir.rglob("customs-UK-2-*.pdf"))
    # said in words, with the place to set an A4 printer; "Open folder" instead of the path
    assert len(saved) == 1 and str(saved[0].parent) not in creation.message.text()
    assert "(Settings › Station)" in creation.message.text()
    folder = creation.messages.folder_button
    assert folder.isVisibleTo(page) and folder.folder == saved[0].parent
    assert papers_kinds(pdf_pages(saved[0].read_bytes())) == ["cn23", "cn23", "commercial_invoice"]
