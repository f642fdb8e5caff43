"""The batch page's top row: Open orders file…, what was loaded, and the carrier for rows
whose file has none (a carrier, or the profile's shipping presets)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from desktop_app.gui.core.theme import MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.elided import ElidedLabel


class OrdersFileBar(QWidget):
    """Open button, file label, carrier choice."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.open_button = QPushButton(translate("Batch", "Open orders file…"))
        self.open_button.setObjectName("batch_open")
        # one elided line: a loaded file's name (of any length) keeps the bar's minimum width
        self.file_label = ElidedLabel(
            translate("Batch", "CSV or Excel (XLSX) with one order per row."), max_preferred=480
        )
        self.file_label.setStyleSheet(f"color: {color(MUTED)};")
        self.carrier_combo = QComboBox()
        self.carrier_combo.setObjectName("batch_carrier")
        self.carrier_combo.setToolTip(
            translate(
                "Batch",
                "Carrier for rows whose file has no carrier column; by shipping preset: "
                "the profile's presets choose by country and weight",
            )
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.open_button)
        layout.addWidget(self.file_label, 1)
        layout.addWidget(QLabel(translate("Batch", "Carrier if none in the file")))
        layout.addWidget(self.carrier_combo)

    def show_carriers(self, choices: Sequence[tuple[str, str | None]], wanted: str | None) -> None:
        """Offer `choices` ((text, code)), `wanted` chosen (else the first)."""
        self.carrier_combo.clear()
        for text, code in choices:
            self.carrier_combo.addItem(text, code)
        self.carrier_combo.setCurrentIndex(max(self.carrier_combo.findData(wanted), 0))

    def carrier(self) -> str | None:
        """The carrier chosen (None: by shipping preset)."""
        return self.carrier_combo.currentData() or None
