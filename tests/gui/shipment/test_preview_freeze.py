"""The label preview never holds the window: customs labels whose long message wraps in the
narrow side column, with the preview shown, while the user drags the splitter to widen the
column a few pixels at a time (a layout loop of the PDF view's scroll bars held the GUI
thread for minutes there). The GUI-thread watchdog fails the test on any turn over 250 ms of
the GUI thread's CPU."""

from __future__ import annotations

import asyncio
import logging

from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.page import ShipmentPage
from desktop_app.gui.shipment.partials.form import ShipmentFormWidget
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import expect
from tests.gui.gui_watchdog import WatchedGui
from tests.gui.scan_desk import set_preferences
from tests.gui.shipment_desk import PACKAGE, layouts_settled, make_window, type_into, wait_until

log = logging.getLogger(__name__)

#: the destinations that need customs papers, with their seller's numbers where asked
DESTINATIONS = [
    ("NO", "0150", "Oslo", "VOEC1234567"),
    ("ES", "35001", "Las Palmas", ""),  # Canary Islands
    ("DE", "27498", "Helgoland", ""),
    ("CH", "8001", "Zürich", "CHE-123.456.789 MWST"),
    ("GB", "SW1A 1AA", "London", "GB123456789"),
]
LABELS = 12
DRAG_STEPS = 40  # 2 px each


async def fill_customs_label(
    qtbot: QtBot, form: ShipmentFormWidget, country: str, zip_code: str, city: str, number: str
) -> None:
    """A receiver abroad, the parcel and one customs row, typed key by key (a loop turn after
    each field, as keys come one by one from a keyboard: the watchdog measures each turn)."""
    receiver = {
        "first_name": "Kari",
        "last_name": "Nordmann",
        "street": "Karl Johans gate",
        "street_no": "1",
        "zip_code": zip_code,
        "city": city,
        "country": country,
    }
    for name, text in receiver.items():
        type_into(qtbot, form.receiver.fields[name].editor, text)
        await asyncio.sleep(0)
    for name, text in PACKAGE.items():
        type_into(qtbot, form.packages.rows[0].fields[name].editor, text)
        await asyncio.sleep(0)
    assert not form.customs.isHidden(), country
    row = form.customs.rows[0]
    for name, text in {
        "description": "Wool socks",
        "hs_tariff_number": "611595",
        "origin_country": "PT",
        "quantity": "2",
        "value_amount": "24,00",
        "net_weight": "0,2",
    }.items():
        type_into(qtbot, row[name].editor, text)
        await asyncio.sleep(0)
    type_into(qtbot, form.customs.texts["contents_explanation"].editor, "Socks")
    exporter = form.customs.texts.get("exporter_reference")
    if exporter is not None and exporter.editor is not None and exporter.editor.isVisible():
        type_into(qtbot, exporter.editor, number)


async def test_customs_labels_with_the_preview_shown_never_hold_the_window(
    qtbot: QtBot,
    desk: AppContext,
    vprinter: VirtualPrinter,
    gui_watchdog: WatchedGui,
) -> None:
    # a PDF label (the preview's PDF view), converted for the ZPL printer; no A4 printer, so
    # the message names where the customs papers are saved: long, wrapping in the column
    set_preferences(desk, label_format_override="pdf_a6")
    window = make_window(qtbot, desk)
    window.resize(1024, 600)
    page = window.shipment_page
    assert isinstance(page, ShipmentPage)
    await wait_until(lambda: page.compact)
    page.preview_toggle.setChecked(True)  # at 1024 px the preview is one click away
    form = page.form
    await layouts_settled()
    gui_watchdog.start()  # the window is built: from here on every turn counts
    gui_watchdog.watchdog.page = lambda: f"label {label} at {page.preview.width()} px"
    for label in range(LABELS):
        country, zip_code, city, number = DESTINATIONS[label % len(DESTINATIONS)]
        await fill_customs_label(qtbot, form, country, zip_code, city, number)
        assert form.problems == [], (country, [p.path for p in form.problems])
        created = expect(desk.shipment_created)
        page.create_and_print()
        await asyncio.wait_for(created, 60)
        await wait_until(lambda: "customs papers" in page.creation.message.text().lower(), 60)
        assert page.preview.stack.currentWidget() is page.preview.pdf_view
        # the column at its narrowest, then widened 2 px at a time as a drag does
        page.splitter.moveSplitter(page.splitter.width(), 1)
        await asyncio.sleep(0.02)
        left = page.splitter.sizes()[0]
        for step in range(DRAG_STEPS):
            page.splitter.moveSplitter(left - 2 * step, 1)
            await asyncio.sleep(0.02)  # the drag's next mouse move comes after a paint
        gui_watchdog.check(f"label {label + 1} to {country}")
        assert len(await vprinter.wait_for_jobs(label + 1, timeout=60)) == label + 1
    report = gui_watchdog.watchdog.report()
    assert report.turns > LABELS * DRAG_STEPS // 2
    # for the closing note (shown with --log-cli-level=INFO)
    log.info("longest GUI turn: %.0f ms CPU, %d turns", report.longest_cpu_ms, report.turns)
