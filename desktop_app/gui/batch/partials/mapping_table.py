"""The batch page's mapping step: which column of the file (or a fixed value) fills each
shipment field, in the UI language, and the box with its note and Apply button."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.elided import ignore_width
from desktop_app.gui.widgets.problems import field_label
from desktop_app.orders.mapping import ColumnMapping, FieldSource
from desktop_app.orders.targets import TARGETS


def target_texts() -> dict[str, str]:
    """What each shipment field of the mapping is, in the UI language."""
    return {
        "to.name": translate("Batch", "Receiver full name (split into first and last name)"),
        "to.first_name": translate("Batch", "Receiver first name"),
        "to.last_name": translate("Batch", "Receiver last name"),
        "to.company": translate("Batch", "Receiver company"),
        "to.care_of": translate("Batch", "Receiver care of / address line 2"),
        "to.street": translate("Batch", "Receiver street (with the number if no number column)"),
        "to.street_no": translate("Batch", "Receiver house number"),
        "to.zip_code": translate("Batch", "Receiver postcode"),
        "to.city": translate("Batch", "Receiver city"),
        "to.state": translate("Batch", "Receiver state"),
        "to.country": translate("Batch", "Receiver country (code or name)"),
        "to.email": translate("Batch", "Receiver e-mail"),
        "to.phone": translate("Batch", "Receiver phone"),
        "from.company": translate("Batch", "Sender company"),
        "from.first_name": translate("Batch", "Sender first name"),
        "from.last_name": translate("Batch", "Sender last name"),
        "from.street": translate("Batch", "Sender street (with the number if no number column)"),
        "from.street_no": translate("Batch", "Sender house number"),
        "from.zip_code": translate("Batch", "Sender postcode"),
        "from.city": translate("Batch", "Sender city"),
        "from.country": translate("Batch", "Sender country (code or name)"),
        "from.phone": translate("Batch", "Sender phone"),
        "item.weight": translate("Batch", "Weight of one item (× its quantity)"),
        "package.weight": translate("Batch", "Total weight of the line or order"),
        "package.weight_unit": translate("Batch", "Weight unit (g, kg, lb, oz)"),
        "package.length": translate("Batch", "Length (cm)"),
        "package.width": translate("Batch", "Width (cm)"),
        "package.height": translate("Batch", "Height (cm)"),
        "package.type": translate("Batch", "Package type"),
        "package.description": translate("Batch", "Contents"),
        "carrier": translate("Batch", "Carrier"),
        "service": translate("Batch", "Service"),
        "reference_number": translate("Batch", "Order / reference number"),
        "description": translate("Batch", "Shipment description"),
        "notification_email": translate("Batch", "Notification e-mail"),
        "metadata.partner.order_number": translate("Batch", "Parcel-point partner's order number"),
        "metadata.partner.shop_name": translate("Batch", "Shop name"),
        "metadata.partner.order_date": translate(
            "Batch", "Parcel-point partner's order date (YYYY-MM-DD)"
        ),
        "order_date": translate("Batch", "Order date"),
    }


def not_used_text() -> str:
    """The mapping choice for a field no column fills."""
    return translate("Batch", "— not used —")


def fixed_value_text() -> str:
    """The mapping choice for a field every row gets the same value of."""
    return translate("Batch", "(fixed value)")


class MappingWidget(QWidget):
    """Which column (or fixed value) fills each shipment field."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headers: tuple[str, ...] = ()
        self.table = QTableWidget(len(TARGETS), 3)
        self.table.setObjectName("batch_mapping")
        self.table.setHorizontalHeaderLabels(
            [
                translate("Batch", "Shipment field"),
                translate("Batch", "Column of the file"),
                translate("Batch", "Value"),
            ]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        # the field's description gets the room it needs (at 1024x600 it was cut); the file's
        # column and the value share the rest
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.combos: dict[str, QComboBox] = {}
        self.values: dict[str, QLineEdit] = {}
        texts = target_texts()
        for r, target in enumerate(TARGETS):
            label = QLabel(texts.get(target, TARGETS[target]))
            label.setToolTip(field_label(target))
            self.table.setCellWidget(r, 0, label)
            combo = QComboBox()
            combo.setObjectName(f"map_{target}")
            value = QLineEdit()
            value.setEnabled(False)
            self.combos[target] = combo
            self.values[target] = value
            self.table.setCellWidget(r, 1, combo)
            self.table.setCellWidget(r, 2, value)
            combo.currentIndexChanged.connect(lambda _i, t=target: self._on_combo(t))
            value.textEdited.connect(lambda _t: self.edited.emit())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)

    def _on_combo(self, target: str) -> None:
        self.values[target].setEnabled(self.combos[target].currentText() == fixed_value_text())
        self.edited.emit()

    def set_mapping(self, headers: Sequence[str], mapping: ColumnMapping) -> None:
        """Offer `headers` and show `mapping`."""
        self.headers = tuple(headers)
        for target, combo in self.combos.items():
            combo.blockSignals(True)
            combo.clear()
            combo.addItems([not_used_text(), *self.headers, fixed_value_text()])
            source = mapping.get(target)
            value = self.values[target]
            value.clear()
            if source is None:
                combo.setCurrentIndex(0)
            elif source.column is not None:
                combo.setCurrentText(source.column)
            else:
                combo.setCurrentText(fixed_value_text())
                value.setText(str(source.value))
            value.setEnabled(combo.currentText() == fixed_value_text())
            combo.blockSignals(False)

    def set_source(self, target: str, column: str | None = None, value: str | None = None) -> None:
        """Choose a column (or a fixed value) for one target, as the user would."""
        combo = self.combos[target]
        if value is not None:
            combo.setCurrentText(fixed_value_text())
            self.values[target].setText(value)
        else:
            combo.setCurrentText(column or not_used_text())
        self.edited.emit()

    def mapping(self) -> ColumnMapping:
        """The mapping shown."""
        out: ColumnMapping = {}
        for target, combo in self.combos.items():
            text = combo.currentText()
            if text == fixed_value_text():
                value = self.values[target].text().strip()
                if value:
                    out[target] = FieldSource(value=value)
            elif text and text != not_used_text():
                out[target] = FieldSource(column=text)
        return out


class MappingBox(QGroupBox):
    """The mapping table with a note (guessed, remembered, changed) and Apply mapping."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            translate("Batch", "Columns → shipment fields (remembered for this file layout)"),
            parent,
        )
        self.mapping = MappingWidget()
        self.note = QLabel()
        self.note.setWordWrap(True)
        ignore_width(self.note)  # a longer note wraps, never widens the page
        self.apply_button = QPushButton(translate("Batch", "Apply mapping"))
        self.apply_button.setObjectName("batch_apply_mapping")
        layout = QVBoxLayout(self)
        layout.addWidget(self.mapping, 1)
        row = QHBoxLayout()
        row.addWidget(self.note, 1)
        row.addWidget(self.apply_button)
        layout.addLayout(row)
        self.mapping.edited.connect(
            lambda: self.note.setText(
                translate("Batch", "Changed: apply the mapping to check the rows again.")
            )
        )
