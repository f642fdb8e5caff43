"""Settings › Printers: definitions (add, edit, remove), discovery, test print, assignment.

Printer definitions belong to the machine (`PrinterBook`); each profile names the one it
prints to. The page shows what `PrintersPresenter` (printer_list.py) holds and decides: the
list, whether the profile's printer holds, what a selection allows, remove/rename/assign, the
test print through the profile's print queue. The add/edit dialog is `PrinterDialog`
(printer_dialog.py); discovery (CUPS queues, hosts answering on port 9100) is
`DiscoverDialog` (printer_discovery.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.theme import ERROR, OK, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.printers.partials.printer_dialog import (
    PrinterDialog,
    connections,
    describe,
    split_transport,
    transport_uri,
)
from desktop_app.gui.settings.printers.partials.printer_discovery import DiscoverDialog, Discovered
from desktop_app.gui.settings.printers.presenter import PrintersPresenter
from desktop_app.gui.widgets.tables import pick_one_table
from desktop_app.printing.printers import PrinterBook, PrinterDefinition

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


class PrintersPage(QWidget):
    """The machine's printers and which one the current profile prints to."""

    printers_changed = Signal()
    #: a test print ended: (printer name, ok, message)
    test_printed = Signal(str, bool, str)
    message_shown = Signal(str)

    COLUMNS = (
        QT_TRANSLATE_NOOP("Settings", "Name"),
        QT_TRANSLATE_NOOP("Settings", "Type"),
        QT_TRANSLATE_NOOP("Settings", "Connection"),
        QT_TRANSLATE_NOOP("Settings", "Used by this profile"),
    )

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("printers_page")
        self.presenter = PrintersPresenter(ctx, self)
        self._tasks: set[asyncio.Task[Any]] = set()
        self.dialog: PrinterDialog | None = None
        self.detecting: asyncio.Task[Any] | None = None  # dpi/stock asked of a found printer
        self.discover_dialog: DiscoverDialog | None = None

        self.table = pick_one_table("printers_table", "Settings", self.COLUMNS)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.add_button = QPushButton(translate("Settings", "Add…"))
        self.edit_button = QPushButton(translate("Settings", "Edit…"))
        self.remove_button = QPushButton(translate("Settings", "Remove…"))
        self.discover_button = QPushButton(translate("Settings", "Discover…"))
        self.add_button.setObjectName("printer_add")
        self.discover_button.setObjectName("printer_discover")
        self.test_button = QPushButton(translate("Settings", "Test print"))
        self.health_button = QPushButton(translate("Settings", "Check status"))
        self.health_button.setObjectName("printer_health")
        self.health_button.setToolTip(
            translate("Settings", "Ask the printer whether it can print now (nothing is printed)")
        )
        self.assign_button = QPushButton(translate("Settings", "Use for this profile"))
        self.assigned_label = QLabel()
        self.assigned_label.setObjectName("assigned_printer")
        self.message = QLabel()
        self.message.setObjectName("printers_message")
        self.message.setWordWrap(True)

        buttons = QVBoxLayout()
        for button in (
            self.add_button,
            self.edit_button,
            self.remove_button,
            self.discover_button,
            self.test_button,
            self.health_button,
            self.assign_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.table, 1)
        row.addLayout(buttons)
        box = QGroupBox(translate("Settings", "Printers of this computer"))
        box.setLayout(row)
        layout = QVBoxLayout(self)
        layout.addWidget(self.assigned_label)
        layout.addWidget(box, 1)
        layout.addWidget(self.message)

        self.add_button.clicked.connect(lambda: self.open_dialog(None))
        self.edit_button.clicked.connect(self._on_edit)
        self.remove_button.clicked.connect(self._on_remove)
        self.discover_button.clicked.connect(self.open_discovery)
        self.test_button.clicked.connect(self._on_test)
        self.health_button.clicked.connect(self._on_health)
        self.assign_button.clicked.connect(self._on_assign)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemActivated.connect(lambda _item: self._on_edit())
        self.presenter.message_shown.connect(self.show_message)
        self.presenter.printers_changed.connect(self.printers_changed)
        self.presenter.test_printed.connect(self.test_printed)
        self.presenter.testing_changed.connect(lambda _on: self._update_buttons())
        ctx.profile_changed.connect(lambda _p: self.reload())
        self.reload()

    @property
    def book(self) -> PrinterBook:
        """The machine's printer definitions."""
        return self.presenter.book

    # --- list --------------------------------------------------------------------------------

    def reload(self) -> None:
        """Show the definitions again (keeping the selection) and the current assignment."""
        keep = self.selected_name()
        rows = self.presenter.rows()
        self.table.setRowCount(len(rows))
        for row, (name, cells) in enumerate(rows):
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, name)
                self.table.setItem(row, column, item)
            if name == keep:
                self.table.selectRow(row)
        self.assigned_label.setText(self.presenter.assignment_text())
        self._update_buttons()

    def selected_name(self) -> str | None:
        """The name of the selected printer."""
        items = self.table.selectedItems()
        return str(items[0].data(Qt.ItemDataRole.UserRole)) if items else None

    def selected_printer(self) -> PrinterDefinition | None:
        """The selected printer definition."""
        return self.presenter.printer(self.selected_name())

    def select(self, name: str) -> None:
        """Select the printer called `name`."""
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == name:
                self.table.selectRow(row)
                return

    def _update_buttons(self) -> None:
        actions = self.presenter.actions(self.selected_name())
        self.edit_button.setEnabled(actions.edit)
        self.remove_button.setEnabled(actions.remove)
        self.test_button.setEnabled(actions.test)
        self.health_button.setEnabled(actions.health)
        self.assign_button.setEnabled(actions.assign)

    def show_message(self, text: str, error: bool = False) -> None:
        """Show a line under the list."""
        self.message.setText(text)
        self.message.setStyleSheet(f"color: {color(ERROR) if error else color(OK)};")
        self.message_shown.emit(text)

    # --- add / edit / remove -------------------------------------------------------------------

    def open_dialog(
        self, printer: PrinterDefinition | None, prefill: Discovered | None = None
    ) -> PrinterDialog:
        """Open the add/edit dialog (window-modal, not blocking the event loop)."""
        dialog = PrinterDialog(self.book, printer, self)
        if prefill is not None:
            scheme, address = split_transport(prefill.transport)
            dialog.name_edit.setText(self.presenter.free_name(prefill.name))
            dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData(prefill.kind))
            dialog.connection_combo.setCurrentIndex(dialog.connection_combo.findData(scheme))
            dialog.address_edit.setText(address)
            if prefill.kind == "zpl" and scheme == "tcp":
                # a ZPL printer found on the network says its dpi and stock (~HI, ^HH)
                self.detecting = self.ctx.spawn(self._fill_detected(dialog, prefill.transport))
        dialog.saved.connect(self._on_saved)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog = dialog
        dialog.open()
        return dialog

    async def _fill_detected(self, dialog: PrinterDialog, transport: str) -> None:
        # what the user has not changed meanwhile is filled in
        dpi_before, stock_before = dialog.dpi_combo.currentData(), dialog.stock()
        found = await self.presenter.detect(transport)
        if found is None:
            return  # not a Zebra-compatible printer: the user sets dpi and stock
        if self.dialog is not dialog or not dialog.isVisible():
            return
        index = dialog.dpi_combo.findData(found.dpi)
        if index >= 0 and dialog.dpi_combo.currentData() == dpi_before:
            dialog.dpi_combo.setCurrentIndex(index)
        if found.stock and dialog.stock() == stock_before:
            dialog.set_stock(found.stock)
        self.show_message(self.presenter.detected_text(found))

    def _on_saved(self, printer: PrinterDefinition) -> None:
        old = self.dialog.original if self.dialog is not None else None
        self.presenter.saved(old, printer)
        self.reload()
        self.select(printer.name)

    def _on_edit(self) -> None:
        printer = self.selected_printer()
        if printer is not None:
            self.open_dialog(printer)

    def _on_remove(self) -> None:
        printer = self.selected_printer()
        if printer is None:
            return
        answer = QMessageBox.question(
            self,
            translate("Settings", "Remove printer"),
            self.presenter.remove_question(printer.name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.remove(printer.name)

    def remove(self, name: str) -> None:
        """Remove a definition; the current profile forgets it if it printed there."""
        self.presenter.remove(name)
        self.reload()

    # --- discovery -----------------------------------------------------------------------------

    def open_discovery(self) -> DiscoverDialog:
        """Open the discovery dialog; a chosen result opens the add dialog pre-filled."""
        dialog = DiscoverDialog(self)
        dialog.chosen.connect(lambda found: self.open_dialog(None, found))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.discover_dialog = dialog
        dialog.open()
        return dialog

    # --- assign --------------------------------------------------------------------------------

    def _on_assign(self) -> None:
        printer = self.selected_printer()
        if printer is not None:
            self.assign(printer.name)

    def assign(self, name: str | None) -> bool:
        """Make the current profile print to `name` (None: no printer)."""
        return self.presenter.assign(name)

    # --- test print ----------------------------------------------------------------------------

    def _on_test(self) -> None:
        printer = self.selected_printer()
        if printer is not None:
            self._spawn(self.test_print(printer))

    def _on_health(self) -> None:
        printer = self.selected_printer()
        if printer is not None:
            self._spawn(self.presenter.check_health(printer))

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def test_print(self, printer: PrinterDefinition) -> bool:
        """Print the test label through the queue and wait until the printer took it."""
        return await self.presenter.test_print(printer)


__all__ = [
    "DiscoverDialog",
    "Discovered",
    "PrinterDialog",
    "PrintersPage",
    "connections",
    "describe",
    "split_transport",
    "transport_uri",
]
