"""Settings › Printers' add/edit dialog: one printer definition (name, kind, connection and
address, dpi and stock or paper), checked as it is typed; the connection types and their
transport URIs."""

from __future__ import annotations

import contextlib
import re
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import stock_name
from desktop_app.printing.printers import (
    PAPERS,
    STOCKS,
    PrinterBook,
    PrinterDefinition,
    PrinterError,
)
from desktop_app.printing.transports import (
    create_transport,
    transport_class,
    transport_classes,
)


def connections() -> list[tuple[str, str, str]]:
    """(scheme, caption, placeholder of the address) of each printer transport, in the
    registry's order: the connection types the dialog offers (captions translated here)."""
    return [
        (t.scheme, translate("Settings", t.name), t.address_example) for t in transport_classes()
    ]


def transport_uri(scheme: str, address: str) -> str:
    """The transport URI for a connection type and what the user typed."""
    return transport_class(scheme).uri_for(address)


def split_transport(uri: str) -> tuple[str, str]:
    """The connection type and the address of a transport URI (inverse of `transport_uri`)."""
    scheme = uri.partition(":")[0].lower()
    try:
        return scheme, transport_class(scheme).address_of(uri)
    except ValueError:  # not a registered transport: shown as it is
        return scheme, uri.partition(":")[2]


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
        self._connections = connections()
        for scheme, caption, _ in self._connections:
            self.connection_combo.addItem(caption, scheme)
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
        self.problem_label.setStyleSheet(f"color: {color(ERROR)};")

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
            (p for s, _, p in self._connections if s == self.connection_combo.currentData()), ""
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
        if not self.name_edit.text().strip():
            return translate("Settings", "Enter a name for the printer.")
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
        # a new printer's dialog opens without a complaint: nothing is typed yet
        pristine = self.original is None and not self.name_edit.text().strip()
        self.problem_label.setText("" if pristine else problems)
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
