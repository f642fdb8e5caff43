"""Settings › Printers: definitions (add, edit, remove), discovery, test print, assignment.

Printer definitions belong to the machine (`PrinterBook`); each profile names the one it
prints to. Discovery lists CUPS queues and scans a host or a /24 for port 9100 in the
background (bounded in time and in parallel connections, with progress and Cancel). The test
print goes through the profile's print queue, like every label.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import socket
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.profile_errors import profile_error_text
from desktop_app.gui.i18n.words import stock_name
from desktop_app.gui.shell.theme import ERROR_COLOR, OK_COLOR, profile_title
from desktop_app.printing.discovery import (
    SCAN_PORT,
    DiscoveryError,
    detect_settings,
    list_cups_queues,
    make_test_label,
    scan,
    scan_targets,
)
from desktop_app.printing.printers import (
    PAPERS,
    STOCKS,
    PrinterBook,
    PrinterDefinition,
    PrinterError,
)
from desktop_app.printing.transports import create_transport

if TYPE_CHECKING:
    from desktop_app.gui.shell.context import AppContext

log = logging.getLogger(__name__)

#: (scheme, caption, placeholder of the address)
CONNECTIONS = (
    ("tcp", QT_TRANSLATE_NOOP("Settings", "Network (raw TCP, port 9100)"), "192.168.1.50:9100"),
    (
        "cups",
        QT_TRANSLATE_NOOP("Settings", "CUPS queue"),
        "Zebra_ZD420",
    ),
    ("usb", QT_TRANSLATE_NOOP("Settings", "USB (vendor:product)"), "0a5f:0164"),
    ("serial", QT_TRANSLATE_NOOP("Settings", "Serial port"), "/dev/ttyUSB0?baudrate=9600"),
    (
        "win32",
        QT_TRANSLATE_NOOP("Settings", "Windows printer"),
        "ZDesigner ZD420-203dpi",
    ),
    ("file", QT_TRANSLATE_NOOP("Settings", "Folder (save each label)"), "/home/me/labels"),
    (
        "qt",
        QT_TRANSLATE_NOOP("Settings", "System printer (PDF through Qt)"),
        "HP_LaserJet",
    ),
    ("qt-pdf", QT_TRANSLATE_NOOP("Settings", "PDF files (through Qt)"), "/home/me/printed"),
)
CONNECTION_SCHEMES = tuple(c[0] for c in CONNECTIONS)
TEST_PRINT_TIMEOUT = 30.0
SCAN_CONCURRENCY = 64
SCAN_TOTAL_TIMEOUT = 20.0


def transport_uri(scheme: str, address: str) -> str:
    """The transport URI for a connection type and what the user typed."""
    address = address.strip()
    if scheme == "tcp":
        address = address.removeprefix("tcp://")
        return f"tcp://{address}" if ":" in address.split("?")[0] else f"tcp://{address}:9100"
    return f"{scheme}:{address}"


def split_transport(uri: str) -> tuple[str, str]:
    """The connection type and the address of a transport URI (inverse of `transport_uri`)."""
    scheme, _, rest = uri.partition(":")
    scheme = scheme.lower()
    if scheme == "tcp":
        return "tcp", rest.removeprefix("//")
    return scheme, rest


def describe(printer: PrinterDefinition) -> str:
    """A short description: kind, dpi, stock or paper."""
    if printer.kind == "zpl":
        return translate("Settings", "ZPL {dpi} dpi, {stock}").format(
            dpi=printer.dpi, stock=stock_name(printer.stock)
        )
    return translate("Settings", "PDF, {paper}").format(paper=printer.paper)


class PrinterDialog(QDialog):
    """Add or edit one printer definition (checked as it is typed)."""

    saved = Signal(object)

    def __init__(
        self,
        book: PrinterBook,
        printer: PrinterDefinition | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.book = book
        self.original = printer
        self.setWindowTitle(
            translate("Settings", "Edit printer")
            if printer
            else translate("Settings", "Add a printer")
        )
        self.setObjectName("printer_dialog")
        self.setMinimumWidth(480)

        self.name_edit = QLineEdit()
        self.kind_combo = QComboBox()
        self.kind_combo.addItem(translate("Settings", "ZPL label printer (thermal)"), "zpl")
        self.kind_combo.addItem(translate("Settings", "PDF printer (office or label)"), "pdf")
        self.connection_combo = QComboBox()
        for scheme, caption, _ in CONNECTIONS:
            self.connection_combo.addItem(translate("Settings", caption), scheme)
        self.address_edit = QLineEdit()
        self.dpi_combo = QComboBox()
        for dpi in (203, 300, 600):
            self.dpi_combo.addItem(f"{dpi} dpi", dpi)
        self.stock_combo = QComboBox()
        self.stock_combo.setEditable(True)
        # stocks in words, their code as the item's data; a custom "WxHmm" may be typed in
        for code in STOCKS:
            self.stock_combo.addItem(stock_name(code), code)
        self.paper_combo = QComboBox()
        self.paper_combo.setEditable(True)
        self.paper_combo.addItems(list(PAPERS))
        self.darkness_spin = QSpinBox()
        self.darkness_spin.setRange(-1, 30)
        self.darkness_spin.setSpecialValueText(translate("Settings", "printer's own"))
        self.darkness_spin.setValue(-1)
        self.offset_x = QSpinBox()
        self.offset_y = QSpinBox()
        for spin in (self.offset_x, self.offset_y):
            spin.setRange(0, 400)
            spin.setSuffix(translate("Settings", " dots"))
        self.label_top = QSpinBox()
        self.label_top.setRange(-120, 120)
        self.label_top.setSuffix(translate("Settings", " dot rows"))
        self.offset_mm_x = QDoubleSpinBox()
        self.offset_mm_y = QDoubleSpinBox()
        for dspin in (self.offset_mm_x, self.offset_mm_y):
            dspin.setRange(-50.0, 300.0)
            dspin.setSuffix(translate("Settings", " mm"))
        offsets = QHBoxLayout()
        offsets.addWidget(self.offset_x)
        offsets.addWidget(self.offset_y)
        offsets_mm = QHBoxLayout()
        offsets_mm.addWidget(self.offset_mm_x)
        offsets_mm.addWidget(self.offset_mm_y)
        self.problem_label = QLabel()
        self.problem_label.setObjectName("printer_problems")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet(f"color: {ERROR_COLOR};")

        form = QFormLayout()
        form.addRow(translate("Settings", "&Name"), self.name_edit)
        form.addRow(translate("Settings", "&Kind"), self.kind_combo)
        form.addRow(translate("Settings", "&Connection"), self.connection_combo)
        form.addRow(translate("Settings", "&Address"), self.address_edit)
        form.addRow(translate("Settings", "&Resolution"), self.dpi_combo)
        self._zpl_rows: list[QWidget] = []
        self._pdf_rows: list[QWidget] = []
        self.stock_label = QLabel(translate("Settings", "Label &stock"))
        self.stock_label.setBuddy(self.stock_combo)
        form.addRow(self.stock_label, self.stock_combo)
        self.darkness_label = QLabel(translate("Settings", "&Darkness"))
        self.darkness_label.setBuddy(self.darkness_spin)
        form.addRow(self.darkness_label, self.darkness_spin)
        self.offset_label = QLabel(translate("Settings", "Label &offset x, y"))
        self.offset_label.setBuddy(self.offset_x)
        offset_box = QWidget()
        offset_box.setLayout(offsets)
        offsets.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.offset_label, offset_box)
        self.top_label = QLabel(translate("Settings", "Label &top"))
        self.top_label.setBuddy(self.label_top)
        form.addRow(self.top_label, self.label_top)
        self.paper_label = QLabel(translate("Settings", "&Paper"))
        self.paper_label.setBuddy(self.paper_combo)
        form.addRow(self.paper_label, self.paper_combo)
        self.offset_mm_label = QLabel(translate("Settings", "Label position x, y"))
        offset_mm_box = QWidget()
        offset_mm_box.setLayout(offsets_mm)
        offsets_mm.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.offset_mm_label, offset_mm_box)
        self._zpl_rows = [
            self.stock_label,
            self.stock_combo,
            self.darkness_label,
            self.darkness_spin,
            self.offset_label,
            offset_box,
            self.top_label,
            self.label_top,
        ]
        self._pdf_rows = [self.paper_label, self.paper_combo, self.offset_mm_label, offset_mm_box]

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.buttons)

        if printer is not None:
            self.set_printer(printer)
        else:
            self._kind_changed()
        self.kind_combo.currentIndexChanged.connect(self._kind_changed)
        self.connection_combo.currentIndexChanged.connect(self._connection_changed)
        for edit in (self.name_edit, self.address_edit):
            edit.textChanged.connect(self._validate)
        for combo in (self.dpi_combo, self.stock_combo, self.paper_combo):
            combo.currentTextChanged.connect(self._validate)
        for spin in (self.darkness_spin, self.offset_x, self.offset_y, self.label_top):
            spin.valueChanged.connect(self._validate)
        self._connection_changed()
        self._validate()

    def set_printer(self, printer: PrinterDefinition) -> None:
        """Fill the fields from a definition."""
        self.name_edit.setText(printer.name)
        self.kind_combo.setCurrentIndex(self.kind_combo.findData(printer.kind))
        scheme, address = split_transport(printer.transport)
        index = self.connection_combo.findData(scheme)
        self.connection_combo.setCurrentIndex(max(0, index))
        self.address_edit.setText(address)
        dpi_index = self.dpi_combo.findData(printer.dpi)
        if dpi_index < 0:
            self.dpi_combo.addItem(f"{printer.dpi} dpi", printer.dpi)
            dpi_index = self.dpi_combo.count() - 1
        self.dpi_combo.setCurrentIndex(dpi_index)
        self.set_stock(printer.stock)
        self.paper_combo.setCurrentText(printer.paper)
        self.darkness_spin.setValue(-1 if printer.darkness is None else printer.darkness)
        self.offset_x.setValue(printer.label_offset_dots[0])
        self.offset_y.setValue(printer.label_offset_dots[1])
        self.label_top.setValue(printer.label_top or 0)
        self.offset_mm_x.setValue(printer.offset_mm[0])
        self.offset_mm_y.setValue(printer.offset_mm[1])
        self._kind_changed()

    def stock(self) -> str:
        """The chosen stock's code ("4x6in"): a listed one by its words, else as typed ("4x6
        Zoll" or "100 x 70 mm" read as "4x6in", "100x70mm")."""
        text = self.stock_combo.currentText().strip()
        index = self.stock_combo.findText(text, Qt.MatchFlag.MatchFixedString)
        if index >= 0:
            return str(self.stock_combo.itemData(index))
        code = re.sub(r"\s+", "", text).replace(",", ".")
        return re.sub(r"(?i)(zoll|inch(es)?|in)$", "in", re.sub(r"(?i)mm$", "mm", code))

    def set_stock(self, code: str) -> None:
        """Show a stock code: a listed one in words, any other as it is."""
        index = self.stock_combo.findData(code)
        if index >= 0:
            self.stock_combo.setCurrentIndex(index)
        else:
            self.stock_combo.setCurrentText(code)

    def _kind_changed(self, *_args: Any) -> None:
        zpl = self.kind_combo.currentData() == "zpl"
        for widget in self._zpl_rows:
            widget.setVisible(zpl)
        for widget in self._pdf_rows:
            widget.setVisible(not zpl)
        self._validate()

    def _connection_changed(self, *_args: Any) -> None:
        placeholder = next(
            (p for s, _, p in CONNECTIONS if s == self.connection_combo.currentData()), ""
        )
        self.address_edit.setPlaceholderText(placeholder)
        self._validate()

    def printer(self) -> PrinterDefinition:
        """The definition as typed (PrinterError or ValueError if it is not valid)."""
        kind = str(self.kind_combo.currentData())
        darkness = self.darkness_spin.value()
        fields: dict[str, Any] = {
            "name": self.name_edit.text().strip(),
            "kind": kind,
            "transport": transport_uri(
                str(self.connection_combo.currentData()), self.address_edit.text()
            ),
            "dpi": int(self.dpi_combo.currentData()),
            "stock": self.stock(),
            "paper": self.paper_combo.currentText().strip(),
            "offset_mm": (self.offset_mm_x.value(), self.offset_mm_y.value()),
            "darkness": None if darkness < 0 else darkness,
            "label_offset_dots": (self.offset_x.value(), self.offset_y.value()),
            "label_top": self.label_top.value() or None,
        }
        # an edit keeps what this dialog does not show (placement, preferred format...)
        if self.original is not None:
            printer = self.original.with_changes(**fields)
        else:
            printer = PrinterDefinition(**fields)
        if not self.address_edit.text().strip():
            raise PrinterError("address: enter where the printer is reached")
        create_transport(printer)  # ValueError naming what is wrong with the address
        return printer

    def problems(self) -> str:
        """What is wrong with the fields as typed ('' if nothing)."""
        try:
            printer = self.printer()
        except (PrinterError, ValueError) as exc:
            return str(exc)
        renamed = self.original is None or self.original.name != printer.name
        if renamed and printer.name in self.book:
            return translate("Settings", "a printer called {name!r} already exists").format(
                name=printer.name
            )
        return ""

    def _validate(self, *_args: Any) -> None:
        problems = self.problems()
        self.problem_label.setText(problems)
        self.save_button.setEnabled(not problems)

    def save(self) -> PrinterDefinition | None:
        """Save the definition into the printer book; None (problem shown) if it is invalid."""
        problems = self.problems()
        if problems:
            self.problem_label.setText(problems)
            return None
        printer = self.printer()
        if self.original is not None and self.original.name != printer.name:
            with contextlib.suppress(PrinterError):
                self.book.remove(self.original.name)
        self.book.put(printer)
        self.saved.emit(printer)
        self.accept()
        return printer


@dataclass(frozen=True, slots=True)
class Discovered:
    """A printer found by discovery: a transport and a suggested name."""

    transport: str
    name: str
    kind: str
    detail: str


def guess_local_network() -> str:
    """This machine's /24 (from the route to a public address; nothing is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: connect() on UDP only picks a route
        address = probe.getsockname()[0]
        if address and not address.startswith("0."):
            return ".".join(address.split(".")[:3]) + ".0/24"
    return "192.168.1.0/24"


class DiscoverDialog(QDialog):
    """Find printers: CUPS queues and hosts answering on port 9100."""

    #: the user picked a found printer to add
    chosen = Signal(object)
    #: a scan or listing finished (how many were found)
    finished_discovery = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Settings", "Discover printers"))
        self.setObjectName("discover_dialog")
        self.setMinimumSize(520, 420)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._scan_task: asyncio.Task[Any] | None = None
        self.found: list[Discovered] = []

        self.target_edit = QLineEdit(guess_local_network())
        self.target_edit.setToolTip(
            translate("Settings", "A host name, an address, or a network of at most /24")
        )
        self.port_spin = QSpinBox()
        self.port_spin.setRange(1, 65535)
        self.port_spin.setValue(SCAN_PORT)
        self.scan_button = QPushButton(translate("Settings", "Scan"))
        self.cups_button = QPushButton(translate("Settings", "List CUPS queues"))
        self.cancel_button = QPushButton(translate("Settings", "Stop"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.results = QListWidget()
        self.results.setObjectName("discovered")
        self.add_button = QPushButton(translate("Settings", "Add selected…"))
        self.add_button.setEnabled(False)
        close = QPushButton(translate("Settings", "Close"))

        scan_row = QHBoxLayout()
        scan_row.addWidget(QLabel(translate("Settings", "Scan")))
        scan_row.addWidget(self.target_edit, 1)
        scan_row.addWidget(QLabel(translate("Settings", "port")))
        scan_row.addWidget(self.port_spin)
        scan_row.addWidget(self.scan_button)
        scan_row.addWidget(self.cancel_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.cups_button)
        bottom.addStretch(1)
        bottom.addWidget(self.add_button)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(scan_row)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.results, 1)
        layout.addLayout(bottom)

        self.scan_button.clicked.connect(self._on_scan)
        self.target_edit.returnPressed.connect(self._on_scan)
        self.cancel_button.clicked.connect(self.stop)
        self.cups_button.clicked.connect(lambda: self._spawn(self.list_cups()))
        self.results.itemSelectionChanged.connect(
            lambda: self.add_button.setEnabled(bool(self.results.selectedItems()))
        )
        self.results.itemActivated.connect(lambda _item: self._on_add())
        self.add_button.clicked.connect(self._on_add)
        close.clicked.connect(self.reject)
        self.rejected.connect(self.stop)

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _add_result(self, found: Discovered) -> None:
        if any(f.transport == found.transport for f in self.found):
            return
        self.found.append(found)
        item = QListWidgetItem(f"{found.transport}    {found.detail}")
        item.setData(Qt.ItemDataRole.UserRole, found)
        self.results.addItem(item)

    async def list_cups(self) -> list[Discovered]:
        """Add the CUPS queues to the results."""
        self.status.setText(translate("Settings", "Asking CUPS for its queues…"))
        try:
            queues = await list_cups_queues()
        except DiscoveryError as exc:
            self.status.setText(translate("Settings", "CUPS: {exc}").format(exc=exc))
            self.finished_discovery.emit(0)
            return []
        added = []
        for queue in queues:
            kind = "zpl" if queue.is_raw_capable else "pdf"
            found = Discovered(f"cups:{queue.name}", queue.name, kind, queue.device_uri)
            self._add_result(found)
            added.append(found)
        self.status.setText(translate("Settings", "CUPS has %n queue(s).", None, len(queues)))
        self.finished_discovery.emit(len(added))
        return added

    def _on_scan(self) -> None:
        if self._scan_task is None or self._scan_task.done():
            self._scan_task = self._spawn(self.scan())

    def stop(self) -> None:
        """Stop a running scan."""
        if self._scan_task is not None and not self._scan_task.done():
            self._scan_task.cancel()

    async def scan(self) -> list[Discovered]:
        """Probe every address of the target on the port; results appear as they are found."""
        target = self.target_edit.text().strip()
        port = self.port_spin.value()
        try:
            hosts = scan_targets(target)
        except DiscoveryError as exc:
            self.status.setText(str(exc))
            self.finished_discovery.emit(0)
            return []
        self.scan_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setRange(0, len(hosts))
        self.progress.setValue(0)
        self.status.setText(translate("Settings", "Scanning %n address(es)…", None, len(hosts)))
        gate = asyncio.Semaphore(SCAN_CONCURRENCY)
        added: list[Discovered] = []
        errors: list[str] = []

        async def probe(host: str) -> None:
            async with gate:
                try:
                    hits = await scan(host, port, total_timeout=SCAN_TOTAL_TIMEOUT)
                except DiscoveryError as exc:
                    errors.append(str(exc))
                    hits = []
            for hit in hits:
                found = Discovered(
                    hit.uri,
                    translate("Settings", "Printer {host}").format(host=hit.host),
                    "zpl",
                    translate("Settings", "answers on {port}").format(port=port),
                )
                self._add_result(found)
                added.append(found)
            self.progress.setValue(self.progress.value() + 1)

        stopped = False
        try:
            await asyncio.wait_for(
                asyncio.gather(*(probe(h) for h in hosts)), SCAN_TOTAL_TIMEOUT + 5.0
            )
        except asyncio.CancelledError:
            stopped = True
        except TimeoutError:
            errors.append(translate("Settings", "the scan took too long and was stopped"))
        finally:
            self.scan_button.setEnabled(True)
            self.cancel_button.setEnabled(False)
        text = translate(
            "Settings", "Found %n printer(s) on port {port}.", None, len(added)
        ).format(port=port)
        if stopped:
            text = translate("Settings", "Scan stopped. {0}").format(text)
        if errors:
            text += " " + "; ".join(dict.fromkeys(errors))
        self.status.setText(text)
        self.finished_discovery.emit(len(added))
        return added

    def _on_add(self) -> None:
        items = self.results.selectedItems()
        if items:
            self.chosen.emit(items[0].data(Qt.ItemDataRole.UserRole))


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
        self._tasks: set[asyncio.Task[Any]] = set()
        self.dialog: PrinterDialog | None = None
        self.detecting: asyncio.Task[Any] | None = None  # dpi/stock asked of a found printer
        self.discover_dialog: DiscoverDialog | None = None

        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setObjectName("printers_table")
        self.table.setHorizontalHeaderLabels([translate("Settings", c) for c in self.COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.add_button = QPushButton(translate("Settings", "Add…"))
        self.edit_button = QPushButton(translate("Settings", "Edit…"))
        self.remove_button = QPushButton(translate("Settings", "Remove…"))
        self.discover_button = QPushButton(translate("Settings", "Discover…"))
        self.test_button = QPushButton(translate("Settings", "Test print"))
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
        self.assign_button.clicked.connect(self._on_assign)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemActivated.connect(lambda _item: self._on_edit())
        ctx.profile_changed.connect(lambda _p: self.reload())
        self.reload()

    @property
    def book(self) -> PrinterBook:
        """The machine's printer definitions."""
        return self.ctx.printers

    # --- list --------------------------------------------------------------------------------

    def reload(self) -> None:
        """Show the definitions again (keeping the selection) and the current assignment."""
        keep = self.selected_name()
        profile = self.ctx.profile
        assigned = profile.printer if profile is not None else None
        printers = sorted(self.book, key=lambda p: p.name.casefold())
        self.table.setRowCount(len(printers))
        for row, printer in enumerate(printers):
            cells = (
                printer.name,
                describe(printer),
                printer.transport,
                translate("Settings", "✔ in use") if printer.name == assigned else "",
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, printer.name)
                self.table.setItem(row, column, item)
            if printer.name == keep:
                self.table.selectRow(row)
        name = (
            profile_title(profile) if profile is not None else translate("Settings", "this profile")
        )
        if assigned and assigned in self.book:
            self.assigned_label.setText(
                translate("Settings", "<b>{name}</b> prints to <b>{assigned}</b>.").format(
                    name=name, assigned=assigned
                )
            )
        elif assigned:
            self.assigned_label.setText(
                translate(
                    "Settings",
                    "<b>{name}</b> names the printer <b>{assigned}</b>, which is not defined here.",
                ).format(name=name, assigned=assigned)
            )
        else:
            self.assigned_label.setText(
                translate(
                    "Settings",
                    "<b>{name}</b> has no printer yet: labels can be previewed and saved, "
                    "not printed. Add or discover a printer, then choose “Use for this profile”.",
                ).format(name=name)
            )
        self._update_buttons()

    def selected_name(self) -> str | None:
        """The name of the selected printer."""
        items = self.table.selectedItems()
        return str(items[0].data(Qt.ItemDataRole.UserRole)) if items else None

    def selected_printer(self) -> PrinterDefinition | None:
        """The selected printer definition."""
        name = self.selected_name()
        return self.book.get(name) if name else None

    def select(self, name: str) -> None:
        """Select the printer called `name`."""
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == name:
                self.table.selectRow(row)
                return

    def _update_buttons(self) -> None:
        selected = self.selected_printer()
        for button in (self.edit_button, self.remove_button, self.test_button):
            button.setEnabled(selected is not None)
        profile = self.ctx.profile
        self.assign_button.setEnabled(
            selected is not None and profile is not None and profile.printer != selected.name
        )

    def show_message(self, text: str, ok: bool = True) -> None:
        """Show a line under the list."""
        self.message.setText(text)
        self.message.setStyleSheet(f"color: {OK_COLOR if ok else ERROR_COLOR};")
        self.message_shown.emit(text)

    def _changed(self, select: str | None = None) -> None:
        self.reload()
        if select:
            self.select(select)
        self.printers_changed.emit()

    # --- add / edit / remove -------------------------------------------------------------------

    def open_dialog(
        self, printer: PrinterDefinition | None, prefill: Discovered | None = None
    ) -> PrinterDialog:
        """Open the add/edit dialog (window-modal, not blocking the event loop)."""
        dialog = PrinterDialog(self.book, printer, self)
        if prefill is not None:
            scheme, address = split_transport(prefill.transport)
            dialog.name_edit.setText(self._free_name(prefill.name))
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
        probe = PrinterDefinition("probe", "zpl", transport)
        # what the user has not changed meanwhile is filled in
        dpi_before, stock_before = dialog.dpi_combo.currentData(), dialog.stock()
        try:
            found = await detect_settings(probe)
        except DiscoveryError:
            return  # not a Zebra-compatible printer: the user sets dpi and stock
        if self.dialog is not dialog or not dialog.isVisible():
            return
        index = dialog.dpi_combo.findData(found.dpi)
        if index >= 0 and dialog.dpi_combo.currentData() == dpi_before:
            dialog.dpi_combo.setCurrentIndex(index)
        if found.stock and dialog.stock() == stock_before:
            dialog.set_stock(found.stock)
        self.show_message(
            translate("Settings", "{model} reports {dpi} dpi and {stock} labels.").format(
                model=found.model or translate("Settings", "The printer"),
                dpi=found.dpi or "?",
                stock=stock_name(found.stock) if found.stock else "?",
            )
        )

    def _free_name(self, wanted: str) -> str:
        name, n = wanted, 2
        while name in self.book:
            name, n = f"{wanted} ({n})", n + 1
        return name

    def _on_saved(self, printer: PrinterDefinition) -> None:
        old = self.dialog.original if self.dialog is not None else None
        profile = self.ctx.profile
        if old is not None and old.name != printer.name and profile is not None:
            if profile.printer == old.name:  # keep the renamed printer assigned
                self.assign(printer.name)
        self._changed(printer.name)
        self.show_message(
            translate("Settings", "Printer {name!r} saved.").format(name=printer.name)
        )

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
            translate("Settings", "Remove the printer {name!r} from this computer?").format(
                name=printer.name
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.remove(printer.name)

    def remove(self, name: str) -> None:
        """Remove a definition; the current profile forgets it if it printed there."""
        self.book.remove(name)
        profile = self.ctx.profile
        if profile is not None and profile.printer == name:
            self.assign(None)
        self._changed()
        self.show_message(translate("Settings", "Printer {name!r} removed.").format(name=name))

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
        from desktop_app.profiles.errors import ProfileError

        profile = self.ctx.profile
        if profile is None:
            return False
        try:
            self.ctx.manager.update(profile.model_copy(update={"printer": name}))
        except ProfileError as exc:
            self.show_message(
                translate("Settings", "Not assigned: {exc}").format(
                    exc=profile_error_text(exc) or str(exc)
                ),
                ok=False,
            )
            return False
        self.ctx.reload_profile()  # emits profile_changed, which reloads this page
        if name:
            self.show_message(
                translate("Settings", "{name} now prints to {0}.").format(name, name=profile.name)
            )
        return True

    # --- test print ----------------------------------------------------------------------------

    def _on_test(self) -> None:
        printer = self.selected_printer()
        if printer is not None:
            task: asyncio.Task[Any] = asyncio.ensure_future(self.test_print(printer))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def test_print(self, printer: PrinterDefinition) -> bool:
        """Print the test label through the queue and wait until the printer took it."""
        queue = self.ctx.queue
        if queue is None:
            self._test_result(
                printer, False, translate("Settings", "the print queue is not open yet")
            )
            return False
        self.test_button.setEnabled(False)
        self.show_message(
            translate("Settings", "Sending a test label to {name}…").format(name=printer.name)
        )
        try:
            document = await asyncio.to_thread(make_test_label, printer)
            job = queue.enqueue(
                printer,
                document,
                title=translate("Settings", "Test print {name}").format(name=printer.name),
            )
            states = ("done", "failed", "canceled", "needs_attention", "waiting")
            try:
                job = await queue.wait_for(job.id, TEST_PRINT_TIMEOUT, states)
            except TimeoutError:
                job = queue.get(job.id)
            if job.state == "done":
                self._test_result(
                    printer,
                    True,
                    translate("Settings", "Test label printed on {name}.").format(
                        name=printer.name
                    ),
                )
                return True
            if job.state in ("queued", "waiting", "sending"):
                with contextlib.suppress(Exception):
                    queue.cancel(job.id)  # a test label printed much later would confuse
            reason = job.last_error or job.state
            self._test_result(
                printer,
                False,
                translate("Settings", "Test print on {name} failed: {reason}").format(
                    name=printer.name, reason=reason
                ),
            )
            return False
        finally:
            self._update_buttons()

    def _test_result(self, printer: PrinterDefinition, ok: bool, message: str) -> None:
        self.show_message(message, ok=ok)
        self.test_printed.emit(printer.name, ok, message)


__all__ = [
    "CONNECTIONS",
    "DiscoverDialog",
    "Discovered",
    "PrinterDialog",
    "PrintersPage",
    "describe",
    "split_transport",
    "transport_uri",
]
