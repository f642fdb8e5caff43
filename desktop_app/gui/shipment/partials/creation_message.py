"""The creation panel's message: what happened (created, not created and why, stopped
waiting) in plain words, and the technical details behind a Details button."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QToolButton, QVBoxLayout, QWidget

from desktop_app.gui.core.theme import ERROR, INFO, OK, message_style
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.folder_button import FolderButton


class CreationMessageWidget(QWidget):
    """A message (error | ok | info) and, for errors, the details folded under a button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message = QLabel()
        self.message.setObjectName("creationMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        self.details_button = QToolButton()
        self.details_button.setText(translate("Shipment", "Details"))
        self.details_button.setCheckable(True)
        self.details_button.setAccessibleName("Show the error details")
        self.details_button.hide()
        self.details = QPlainTextEdit()
        self.details.setObjectName("errorDetails")
        self.details.setReadOnly(True)
        self.details.setMaximumHeight(120)
        self.details.hide()
        self.details_button.toggled.connect(self.details.setVisible)
        self.folder_button = FolderButton("creationFolderButton")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.message)
        detail_row = QHBoxLayout()
        detail_row.addWidget(self.details_button)
        detail_row.addWidget(self.folder_button)
        detail_row.addStretch(1)
        layout.addLayout(detail_row)
        layout.addWidget(self.details)

    def show_message(
        self, kind: str, text: str, details: str = "", saved: Path | None = None
    ) -> None:
        """Show `text` as kind error | ok | info ('' hides it); `details` behind Details; the
        folder of a `saved` file behind "Open folder"."""
        self.message.setStyleSheet(message_style({"error": ERROR, "ok": OK}.get(kind, INFO)))
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.details.setPlainText(details)
        self.details_button.setVisible(bool(details))
        self.details_button.setChecked(False)
        self.details.hide()
        self.folder_button.show_file(saved if text else None)
