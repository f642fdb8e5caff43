"""The History page's top row: the search box, "Show deleted" and "Refresh from service"."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLineEdit, QPushButton, QWidget

from desktop_app.gui.i18n import translate


class HistorySearchBar(QWidget):
    """Search box, the deleted-shipments switch and the refresh button, in one row."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("history_search")
        self.search_edit.setPlaceholderText(
            translate("History", "Search name, reference or tracking number  (Ctrl+F)")
        )
        self.search_edit.setClearButtonEnabled(True)
        self.show_deleted = QCheckBox(translate("History", "Show deleted"))
        self.refresh_button = QPushButton(translate("History", "Refresh from service"))
        self.refresh_button.setToolTip(
            translate("History", "Update tracking statuses from the service (F5)")
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.search_edit, 1)
        row.addWidget(self.show_deleted)
        row.addWidget(self.refresh_button)

    def set_refreshing(self, refreshing: bool) -> None:
        """The refresh button while a refresh runs: disabled, saying so."""
        self.refresh_button.setEnabled(not refreshing)
        self.refresh_button.setText(
            translate("History", "Refreshing…")
            if refreshing
            else translate("History", "Refresh from service")
        )

    def clear_search(self) -> None:
        """Empty the search box without starting a search."""
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.blockSignals(False)
