"""The order being packed on the Scan page: its number and its line items (ticked ones
marked while the pack check is on)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget


class OrderItemsPanel(QWidget):
    """The order's number over the list of its items (the list never takes the focus)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.order_label = QLabel()
        self.order_label.setObjectName("scan_order")
        self.items = QListWidget()
        self.items.setObjectName("scan_items")
        self.items.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.order_label)
        layout.addWidget(self.items, 1)
        self._lines: list[str] = []

    def show_order(self, order: str, lines: Sequence[str]) -> None:
        """Show the order's caption and item lines."""
        self.order_label.setText(order)
        if list(lines) != self._lines:
            self._lines = list(lines)
            self.items.clear()
            self.items.addItems(self._lines)
