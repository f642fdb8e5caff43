"""The main window's minimum size never changes while the app runs: a long status message, a
printer status, the pending-creations count, "Try again", a creation's result (made and
printed, or refused with details) all fit in space the window already had. A change would
resize the window by itself on a desktop (and makes Qt's offscreen plugin warn
"This plugin does not support propagateSizeHints()")."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import QSize, Qt
from pytestqt.logging import QtLoggingPlugin
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.context import AppContext
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shell.pages import install_operations, install_pages
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import emitted, expect
from tests.gui.shipment_desk import fill_valid, wait_until

pytestmark = pytest.mark.timeout(120, method="thread")

LONG = "Printer Desk Zebra: paper out, open the cover and reload the labels " * 12
SIZE_WARNING = "propagateSizeHints"


async def _settled() -> None:
    """Let the layouts handle their pending requests (posted events of Qt's loop, which the
    qasync loop runs between its callbacks; no nested processEvents)."""
    for _ in range(3):
        await asyncio.sleep(0.02)


class MinimumWatch:
    """The window's minimum size (as set on the native window, and as hinted) when made."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.first = self.now()

    def now(self) -> tuple[QSize, QSize]:
        return self.window.minimumSize(), self.window.minimumSizeHint()

    async def unchanged(self, what: str) -> None:
        await _settled()
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
    await asyncio.sleep(0.3)  # the pages' first loads settle
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
