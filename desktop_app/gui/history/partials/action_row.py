"""The History page's bottom row: how many shipments, and Reprint / Open label / Delete."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from desktop_app.gui.history.presenter import HistoryActions
from desktop_app.gui.i18n import translate


class HistoryActionRow(QWidget):
    """The count on the left, the row actions' buttons on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.reprint_button = QPushButton(translate("History", "Reprint"))
        self.reprint_button.setToolTip(
            translate("History", "Print the label again on this profile's printer (Ctrl+R)")
        )
        self.reprint_button.setObjectName("history_reprint")
        self.open_button = QPushButton(translate("History", "Open label"))
        self.open_button.setObjectName("history_open")
        self.delete_button = QPushButton(translate("History", "Delete…"))
        self.delete_button.setObjectName("history_delete")
        self.count_label = QLabel()
        self.count_label.setObjectName("history_count")
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.addWidget(self.count_label)
        self.row.addStretch(1)
        self.row.addWidget(self.reprint_button)
        self.row.addWidget(self.open_button)
        self.row.addWidget(self.delete_button)

    def add_before_delete(self, button: QPushButton) -> None:
        """Put another action's button (e.g. "Create return label…") before Delete."""
        self.row.insertWidget(self.row.indexOf(self.delete_button), button)

    def show_allowed(self, allowed: HistoryActions) -> None:
        """Enable the buttons as the selection allows; Delete's tooltip says why not."""
        self.reprint_button.setEnabled(allowed.reprint)
        self.open_button.setEnabled(allowed.open)
        self.delete_button.setEnabled(allowed.delete)
        self.delete_button.setToolTip(allowed.delete_tip)
