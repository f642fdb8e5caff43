"""Editing and deleting addresses of the address book.

The shipping API stores addresses but cannot change or delete them (`/v1/addresses` has
GET and POST only, in the reference and in the local service alike). So an edit stores the
edited address as a new one and removes the old one from this profile's book, and a delete
removes it from the book only: the service keeps both, which the confirmation says. The
decisions (what the question says, what a save or a delete does) are `delete_question` and
the page's presenter (`AddressBookPresenter`); `AddressEditing` wires them to the page's
Edit…/Delete… buttons and its "New address" box.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QPushButton

from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.address_formatting import address_fields, address_name


def delete_question(name: str, is_default_sender: bool) -> str:
    """What Delete asks before an address leaves the book."""
    text = translate(
        "Addresses",
        "Delete {name} from the address book?\n\n"
        "The shipping service keeps stored addresses (it cannot delete them); "
        "Packdesk no longer shows this one in this profile.",
    ).format(name=name)
    if is_default_sender:
        text += "\n\n" + translate(
            "Addresses", "It is the default sender: the profile then has no default sender."
        )
    return text


class AddressEditing(QObject):
    """Edit… and Delete… on the address book page (the "New address" box edits)."""

    def __init__(self, page: Any) -> None:
        # page: the AddressBookPage (not imported: it imports this module)
        super().__init__(page)
        self.page = page
        self.presenter = page.presenter
        self.entry = page.entry_box
        self.edit_button = QPushButton(translate("Addresses", "Edit…"))
        self.edit_button.setObjectName("address_edit")
        self.delete_button = QPushButton(translate("Addresses", "Delete…"))
        self.delete_button.setObjectName("address_delete")
        self.cancel_button = self.entry.cancel_button
        self.edit_button.clicked.connect(self.start_edit)
        self.delete_button.clicked.connect(self._on_delete)
        self.cancel_button.clicked.connect(self.stop_edit)

    @property
    def editing(self) -> dict[str, Any] | None:
        """The stored address being edited (None: the form makes a new address)."""
        return self.presenter.editing  # type: ignore[no-any-return]

    def update_buttons(self, selected: bool) -> None:
        """Edit and Delete need a selected address."""
        self.edit_button.setEnabled(selected)
        self.delete_button.setEnabled(selected)

    def start_edit(self) -> None:
        """Put the selected address into the form; Save then replaces it."""
        address = self.page.selected_address()
        if address is None:
            return
        title = self.presenter.start_edit(address)
        self.entry.form.set_address(address_fields(address))
        self.entry.show_editing(title)
        self.page.check_form()

    def stop_edit(self) -> None:
        """Back to "New address" with an empty form."""
        self.presenter.stop_edit()
        self.entry.show_new()
        self.page.check_form()

    def _on_delete(self) -> None:
        address = self.page.selected_address()
        if address is None:
            return
        answer = QMessageBox.question(
            self.page,
            translate("Addresses", "Delete address"),
            delete_question(address_name(address), self.presenter.is_default(address)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.delete(address)

    def delete(self, address: Any) -> bool:
        """Remove `address` from the book (and as the profile's default sender)."""
        edited = self.editing is not None and self.editing.get("id") == address.get("id")
        if not self.presenter.delete(address):
            return False
        if edited:
            self.stop_edit()
        return True
