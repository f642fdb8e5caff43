"""The shipment form's last sections: the reference number and label format, and the order
details for a workplace parcel point (behind a check box)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import EXAMPLE_DAY, date_only, typed_date
from desktop_app.gui.shipment.label_formats import format_choices
from desktop_app.gui.shipment.request import ORDER_TEXTS, order_metadata
from desktop_app.gui.widgets.fields import Field, FieldGroup, combo, line_edit

# the order total's currency before anything is typed
ORDER_CURRENCY = "EUR"


def _grid(parent: QWidget | None) -> QGridLayout:
    grid = QGridLayout(parent)
    grid.setHorizontalSpacing(8)
    grid.setVerticalSpacing(2)
    return grid


class ReferenceSectionWidget(QGroupBox):
    """Reference number (a scanner's Enter moves on) and label format with its reason."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("Shipment", "Reference and label"), parent)
        self.group = FieldGroup(self)
        self.group.edited.connect(self.edited)
        outer = QVBoxLayout(self)
        grid = _grid(None)
        outer.addLayout(grid)
        self.reference_edit = line_edit(
            translate("Shipment", "order number"), object_name="reference"
        )
        self.reference_edit.setToolTip(translate("Shipment", "Scan or type the order number"))
        # a barcode scanner ends with Enter: move on instead of submitting anything
        self.reference_edit.returnPressed.connect(self._reference_entered)
        self.after_reference: Callable[[], QWidget | None] = lambda: None
        self.group.add(
            grid,
            0,
            0,
            "reference_number",
            translate("Shipment", "&Reference number"),
            self.reference_edit,
        )
        self.format_combo = combo(object_name="labelFormat")
        # a long format name is cut in the closed box (the list shows it whole), so it does
        # not widen the form's right column
        self.format_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.format_combo.setMinimumContentsLength(10)
        self.format_field = self.group.add(
            grid, 0, 1, "label.format", translate("Shipment", "&Label format"), self.format_combo
        )
        self.auto_format: str | None = None  # what the printer asks for
        self.auto_reason = ""  # why (or why none fits)
        self.format_reason = QLabel()
        self.format_reason.setWordWrap(True)
        self.format_reason.setStyleSheet(f"color: {color(MUTED)};")
        # under the grid, not in it: a grid gave the wrapped reason (and the fields above
        # it) less height than they need, and cut them at 1024x600
        outer.addWidget(self.format_reason)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)

    @property
    def reference(self) -> Field:
        """The reference number's field."""
        return self.group.fields["reference_number"]

    @property
    def chosen_format(self) -> str | None:
        """The format chosen by hand (None: automatic)."""
        data = self.format_combo.currentData()
        return str(data) if data else None

    @property
    def label_format(self) -> str | None:
        """The format to request: the one chosen by hand, else the automatic one."""
        return self.chosen_format or self.auto_format

    def show_formats(self, auto: str | None, reason: str, offered: list[str]) -> None:
        """Automatic (`auto`, chosen for the printer because of `reason`) and the formats
        `offered`; a format chosen by hand stays. No edit signal; the reason line says why."""
        self.auto_format, self.auto_reason = auto, reason
        choices = format_choices(auto, reason, offered, self.chosen_format)
        box = self.format_combo
        old = box.blockSignals(True)
        try:
            box.clear()
            for text, fmt in choices.items:
                box.addItem(text, fmt)
            box.setCurrentIndex(choices.index)
        finally:
            box.blockSignals(old)
        self.format_reason.setText(choices.reason)

    def collect(self, draft: dict[str, Any], fields: dict[str, Field]) -> None:
        """`reference_number` into the draft; the fields of it and of the label format."""
        reference = self.reference.value()
        if reference is not None:
            draft["reference_number"] = reference
        fields["reference_number"] = self.reference
        fields["label.format"] = self.format_field
        fields["label"] = self.format_field

    def clear(self) -> None:
        """The next shipment: no reference."""
        self.reference.set_text("")
        self.group.reset_touched()

    def _reference_entered(self) -> None:
        target = self.after_reference()
        if target is not None and target.isEnabled() and target.isVisible():
            target.setFocus(Qt.FocusReason.TabFocusReason)
        else:
            self.reference_edit.focusNextChild()


class OrderDetailsWidget(QWidget):
    """A check box that opens the order details of a parcel-point shipment (a checkable
    group box would leave an empty frame)."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.check = QCheckBox(
            translate("Shipment", "Add order details for the parcel point (partner)")
        )
        self.check.setObjectName("orderDetails")
        self.body = QGroupBox(translate("Shipment", "Order details"))
        grid = _grid(self.body)
        self.group = FieldGroup(self)
        self.group.edited.connect(self.edited)
        add = self.group.add
        add(grid, 0, 0, "shop_name", translate("Shipment", "Shop name"), line_edit())
        add(grid, 0, 1, "order_number", translate("Shipment", "Order number"), line_edit())
        # typed as the locale writes a date (or year-month-day), sent as year-month-day
        date_hint = translate("Shipment", "e.g. %1").replace("%1", date_only(EXAMPLE_DAY))
        add(grid, 1, 0, "order_date", translate("Shipment", "Order date"), line_edit(date_hint))
        shop_mail = line_edit("shop@example.com")
        add(grid, 1, 1, "e_mail_shop", translate("Shipment", "Shop e-mail"), shop_mail)
        total = line_edit(translate("Shipment", "e.g. 59.90"))
        add(grid, 2, 0, "order_total.amount", translate("Shipment", "Order total"), total)
        currency = line_edit(max_width=80)
        add(grid, 2, 1, "order_total.currency", translate("Shipment", "Currency"), currency)
        self.fields["order_total.currency"].set_text(ORDER_CURRENCY)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.check)
        layout.addWidget(self.body)
        self.check.toggled.connect(self.body.setVisible)
        self.check.toggled.connect(lambda *_: self.edited.emit())
        self.body.setVisible(False)

    @property
    def fields(self) -> dict[str, Field]:
        """The order's fields by name (`order_total.amount`, `shop_name`, …)."""
        return self.group.fields

    def has_input(self) -> bool:
        """Whether anything beyond the currency is typed in the open order details."""
        return self.check.isChecked() and any(
            f.value() is not None for key, f in self.fields.items() if key != "order_total.currency"
        )

    def collect(self, draft: dict[str, Any], fields: dict[str, Field]) -> None:
        """`metadata.partner` into the draft when the details are added."""
        if not self.check.isChecked():
            return
        f = self.fields
        texts = {key: f[key].value() for key in ORDER_TEXTS}
        if texts.get("order_date"):
            texts["order_date"] = typed_date(str(texts["order_date"]))
        amount = f["order_total.amount"].number()
        partner = order_metadata(texts, amount, f["order_total.currency"].value())
        for key in ORDER_TEXTS:
            fields[f"metadata.partner.{key}"] = f[key]
        fields["metadata.partner.order_total.amount"] = f["order_total.amount"]
        fields["metadata.partner.order_total.currency"] = f["order_total.currency"]
        fields["metadata.partner.order_total"] = f["order_total.amount"]
        if partner:
            draft["metadata"] = {"partner": partner}

    def clear(self) -> None:
        """The next shipment: closed, emptied (currency back to EUR)."""
        for key, f in self.fields.items():
            f.set_text(ORDER_CURRENCY if key == "order_total.currency" else "")
        self.group.reset_touched()
        self.check.setChecked(False)
