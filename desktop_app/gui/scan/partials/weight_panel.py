"""The weight the Scan page ships with (shown large), the box for a typed weight when there
is none, and the shipping preset chosen for the order."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QLineEdit, QVBoxLayout, QWidget

from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.elided import reserve_lines


class WeightPresetPanel(QWidget):
    """Weight (large), typed-weight box (shown when asked) and preset."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.weight_label = QLabel()
        self.weight_label.setObjectName("scan_weight")
        font = QFont(self.weight_label.font())
        font.setPointSize(max(20, font.pointSize() * 2))
        font.setBold(True)
        self.weight_label.setFont(font)
        self.weight_box = QLineEdit()
        self.weight_box.setObjectName("scan_weight_input")
        self.weight_box.setPlaceholderText(translate("Scan", "Weight in kg, then Enter"))
        # the box comes and goes in space kept for it: the items beside it never move
        policy = self.weight_box.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.weight_box.setSizePolicy(policy)
        self.weight_box.hide()
        self.preset_label = QLabel()
        self.preset_label.setObjectName("scan_preset")
        reserve_lines(self.preset_label, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.weight_label)
        layout.addWidget(self.weight_box)
        layout.addWidget(self.preset_label)

    def show_weight(self, weight: str, preset: str, *, asks_weight: bool) -> None:
        """Show the weight and preset; the box only while a typed weight is wanted."""
        self.weight_label.setText(weight)
        self.preset_label.setText(preset)
        if not asks_weight:
            self.weight_box.clear()
        self.weight_box.setVisible(asks_weight)
