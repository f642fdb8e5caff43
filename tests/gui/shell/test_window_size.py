"""The main window's minimum size (and the SANDBOX badge's place) never changes while the app
runs: a long status message, a
printer status, the pending-creations count, "Try again", a creation's result (made and
printed, or refused with details), a batch file loaded, its mapping changed, its rows created
and printed all fit in space the window already had. A change would resize the window by
itself on a desktop (and makes Qt's offscreen plugin warn
"This plugin does not support propagateSizeHints()")."""

from __future__ import annotations

import csv
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.logging import QtLoggingPlugin
from pytestqt.qtbot import QtBot

from desktop_app.gui.batch.page import BatchPage
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shell.pages import install_operations, install_pages
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import emitted, expect, use_printer
from tests.gui.shipment_desk import fill_valid, layouts_settled, loads_done, wait_until

LONG = "Printer Desk Zebra: paper out, open the cover and reload the labels " * 12
SIZE_WARNING = "propagateSizeHints"


class MinimumWatch:
    """The window's minimum size (as set on the native window, and as hinted) when made, and
    the minimum size hinted by `page` (a page in a scroll area cannot change the window's, but
    shown alone, as bench/gui_batch.py does, it is the window; in the main window a change
    brings a scroll bar)."""

    def __init__(self, window: MainWindow, page: QWidget | None = None) -> None:
        self.window = window
        self.page = page
        self.first = self.now()

    def now(self) -> tuple[QSize | QRect, ...]:
        window = self.window
        # the SANDBOX badge stays where it is, too (no status text moves it)
        badge = window.status_bar.environment_label
        sizes = (
            window.minimumSize(),
            window.minimumSizeHint(),
            QRect(badge.mapToGlobal(QPoint(0, 0)), badge.size()),
        )
        return sizes if self.page is None else (*sizes, self.page.minimumSizeHint())

    async def unchanged(self, what: str) -> None:
        await layouts_settled()
        assert self.now() == self.first, what


async def test_the_window_minimum_size_stays_while_messages_and_results_show(
    qtbot: QtBot, qtlog: QtLoggingPlugin, desk: AppContext, vprinter: VirtualPrinter
) -> None:
    window = MainWindow(desk)
    history, settings = install_pages(window, desk)
    install_operations(window, desk, history, settings)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    await wait_until(lambda: window.shipment_page.form.first_editor() is not None)
    await loads_done(desk)  # the pages' first loads have ended
    await layouts_settled()
    watch = MinimumWatch(window)
    status = window.status_bar

    window.statusBar().showMessage(LONG, 5000)
    await watch.unchanged("a long status message")
    status.queue_label.setText(LONG)
    await watch.unchanged("a long printer status")
    desk.connection_changed.emit("error", LONG)
    await wait_until(lambda: status.retry_button.isVisible())
    await watch.unchanged("a connection error with Try again")
    desk.journal_changed.emit(3)
    await wait_until(lambda: status.journal_label.isVisible())
    await watch.unchanged("pending creations counted")
    desk.journal_changed.emit(0)
    desk.connection_changed.emit("connected", "Connected")
    await watch.unchanged("the status fields back to normal")

    page = window.shipment_page
    form, creation = page.form, page.creation
    fill_valid(qtbot, form, reference="ORDER-CARRIER-ERROR")
    await watch.unchanged("a filled form")
    done = expect(creation.busy_changed)
    creation.request_create()
    await emitted(done)
    await emitted(expect(creation.busy_changed), 30)
    assert creation.details_button.isVisible()  # refused, with the service's details
    creation.details_button.setChecked(True)
    await watch.unchanged("a refused creation with its details open")

    fill_valid(qtbot, form, reference="ORDER-SIZE-1")
    created = expect(window.shipment_created)
    qtbot.mouseClick(creation.create_print_button, Qt.MouseButton.LeftButton)
    await emitted(created, 30)
    await vprinter.wait_for_jobs(1, timeout=30)
    [job] = page.preview.jobs
    assert desk.queue is not None
    assert (await desk.queue.wait_for(job.id, 10)).state == "done"
    await watch.unchanged("a label made and printed, shown in the preview")
    assert "Created" in creation.message.text()

    warnings = [r.message for r in qtlog.records if SIZE_WARNING in r.message]
    assert warnings == []


def _orders_file(path: Path, count: int, prefix: str) -> Path:
    """`count` orders (the third refused by the carrier: a failed row and its message)."""
    headers = ["Bestellnummer", "Firma", "Vorname", "Nachname", "Straße", "PLZ", "Ort"]
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter=";")
        writer.writerow([*headers, "Land", "Gewicht"])
        for i in range(count):
            company = "CARRIER-ERROR AG" if i == 2 else ""
            street = f"Hauptstraße {i + 1}"
            person = ["Max", f"Muster{i + 1}", street, f"{10115 + i:05d}", "Berlin"]
            writer.writerow([f"{prefix}-{i + 1:03d}", company, *person, "Deutschland", "1,5"])
    return path


async def test_the_window_minimum_size_stays_while_a_batch_loads_and_runs(
    qtbot: QtBot,
    qtlog: QtLoggingPlugin,
    batch_ctx: AppContext,
    vprinter: VirtualPrinter,
    tmp_path: Path,
) -> None:
    ctx = batch_ctx
    use_printer(ctx, vprinter.uri)
    window = MainWindow(ctx)
    install_operations(window, ctx, *install_pages(window, ctx))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    page = window.page("Batch")
    assert isinstance(page, BatchPage)
    window.show_page("Batch")
    await loads_done(ctx)  # the pages' first loads have ended
    await layouts_settled()
    watch = MinimumWatch(window, page)

    uid = tmp_path.name[-6:].upper().replace("_", "")
    name = "orders-of-the-whole-week-from-the-shop-and-the-marketplaces-" * 3
    batch = await page.load_file(_orders_file(tmp_path / f"{name}.csv", 6, f"W{uid}"))
    assert batch is not None and page.counts() == {"ready": 6}
    assert page.create_button.text() == "Create all (6)"
    await watch.unchanged("a batch file loaded (its long name, the counts, Create all (6))")
    page.mapping.edited.emit()
    assert page.mapping_note.text().startswith("Changed")
    await watch.unchanged("the mapping changed (its note)")
    page.apply_mapping()
    path = f"/home/desk/{'Wochenbestellungen_' * 8}/results.csv"  # a word wider than the page
    page.show_message(f"{LONG} {path}", error=True)
    await watch.unchanged("a long message under the rows")

    summary = await page.create_all()
    assert summary is not None and summary["created"] == 5 and summary["failed"] == 1
    await vprinter.wait_for_jobs(5, timeout=60)
    await watch.unchanged("the rows created, one failed, the labels printed")
    assert "5 of 6 created, 1 failed" in page.message.text()
    assert page.progress.value() == page.progress.maximum() == 6

    warnings = [r.message for r in qtlog.records if SIZE_WARNING in r.message]
    assert warnings == []
