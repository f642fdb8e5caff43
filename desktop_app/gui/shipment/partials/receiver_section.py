"""The shipment form's receiver: the address with its delivery modes, and "Find near the
receiver" for locker stations and post branches (the address book's search box is put in
front of the fields when the Addresses page is installed)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.i18n import translate
from desktop_app.gui.shipment.partials.locations import LocationFinderWidget
from desktop_app.gui.shipment.receiver_modes import receiver_has_input
from desktop_app.gui.widgets.address_form import AddressFormWidget


class ReceiverSectionWidget(QGroupBox):
    """The receiver's fields (modes included) and the location finder below them."""

    def __init__(
        self,
        context: AppContext,
        carrier: Callable[[], str | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(translate("Shipment", "Receiver"), parent)
        self.form = AddressFormWidget("to", with_modes=True)
        self.finder = LocationFinderWidget(context, self.form, carrier)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(self.finder)

    def has_input(self) -> bool:
        """Whether a receiver is being typed."""
        return receiver_has_input(self.form.address(), self.form.mode)

    def clear(self) -> None:
        """The next shipment: no receiver, no locations listed."""
        self.form.clear()
        self.finder.clear()
