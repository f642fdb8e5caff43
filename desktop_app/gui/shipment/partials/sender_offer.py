"""The account's default shipping address offered as the sender of a profile without one.

`desktop_app.client.account_addresses.sender_offer()` decides whether there is an offer (a
profile with no default sender, an account with a default shipping address); this banner in
the form's sender part only shows it: the address, "Use as sender" (it becomes the profile's
default sender and fills the sender) and "Not now" (hidden until the profile opens again).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop_app.gui.core.theme import INFO, message_style
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.address_formatting import address_line


class SenderOfferBanner(QFrame):
    """The offer: the address, "Use as sender" and "Not now"."""

    # the user took the offer (the address fields)
    accepted = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("senderOffer")
        self.address: dict[str, Any] = {}
        self.label = QLabel()
        self.label.setObjectName("senderOfferText")
        self.label.setWordWrap(True)
        self.label.setStyleSheet(message_style(INFO))
        self.use_button = QPushButton(translate("Shipment", "Use as sender"))
        self.use_button.setObjectName("senderOfferUse")
        self.use_button.setToolTip(
            translate("Shipment", "Save it as the default sender of this profile")
        )
        self.dismiss_button = QPushButton(translate("Shipment", "Not now"))
        self.dismiss_button.setObjectName("senderOfferDismiss")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.dismiss_button)
        buttons.addWidget(self.use_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addLayout(buttons)
        self.use_button.clicked.connect(lambda: self.accepted.emit(dict(self.address)))
        self.dismiss_button.clicked.connect(self.withdraw)
        self.setVisible(False)

    def offer(self, address: dict[str, Any]) -> None:
        """Show the offer of `address`."""
        self.address = dict(address)
        self.label.setText(
            translate(
                "Shipment",
                "Your account has a default shipping address: {address}. Use it as the sender "
                "of this profile?",
            ).format(address=address_line(self.address))
        )
        self.setVisible(True)

    def withdraw(self) -> None:
        """Hide the offer (taken, declined, or another profile opened)."""
        self.address = {}
        self.setVisible(False)
