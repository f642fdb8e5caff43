"""The "New shipment" page (first cut: being built)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from desktop_app.gui.context import AppContext


class ShipmentPageWidget(QWidget):
    """Form, creation buttons and preview of one shipment."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        QVBoxLayout(self).addWidget(QLabel("The shipment form is coming."))
