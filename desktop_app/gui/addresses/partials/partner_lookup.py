"""The Addresses page's "Workplace parcel point" box: a partner id, Look up, the address it
delivers to, and "Deliver to this parcel point"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout

from desktop_app.gui.i18n import translate


class PartnerLookupBox(QGroupBox):
    """Partner id in, the parcel point's address out."""

    def __init__(self, hint: str) -> None:
        super().__init__(translate("Addresses", "Workplace parcel point"))
        self.partner_edit = QLineEdit()
        self.partner_edit.setObjectName("partner_id")
        self.partner_edit.setPlaceholderText(translate("Addresses", "Partner id, e.g. 1A2B3C4"))
        self.lookup_button = QPushButton(translate("Addresses", "Look up"))
        self.result_label = QLabel(hint)
        self.result_label.setObjectName("partner_result")
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.use_button = QPushButton(translate("Addresses", "Deliver to this parcel point"))
        self.use_button.setEnabled(False)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(self.partner_edit, 1)
        row.addWidget(self.lookup_button)
        layout.addLayout(row)
        layout.addWidget(self.result_label)
        layout.addWidget(self.use_button, 0, Qt.AlignmentFlag.AlignRight)
        self.partner_edit.returnPressed.connect(self.lookup_button.click)

    def show_result(self, text: str, found: bool = False) -> None:
        """What the lookup says; the address can be used once one was found."""
        self.result_label.setText(text)
        self.use_button.setEnabled(found)
