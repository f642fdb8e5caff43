"""Editing and deleting addresses of the address book.

The shipping API stores addresses but cannot change or delete them (`/v1/addresses` has
GET and POST only, in the reference and in the local service alike). So an edit stores the
edited address as a new one and removes the old one from this profile's book, and a delete
removes it from the book only: the service keeps both, which the confirmation says. The
decisions (what the question says, what a save does) are plain functions and the book's
own methods; `AddressEditing` wires them to the page's buttons and form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QPushButton

from desktop_app.gui.addresses.formatting import address_fields, address_line, address_name
from desktop_app.gui.i18n import translate


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
    """Edit… and Delete… on the address book page (the "New address" form edits)."""

    def __init__(self, page: Any) -> None:
        # page: the AddressBookWidget (not imported: it imports this module)
        super().__init__(page)
        self.page = page
        #: the stored address being edited (None: the form makes a new address)
        self.editing: dict[str, Any] | None = None
        self.edit_button = QPushButton(translate("Addresses", "Edit…"))
        self.edit_button.setObjectName("address_edit")
        self.delete_button = QPushButton(translate("Addresses", "Delete…"))
        self.delete_button.setObjectName("address_delete")
        self.cancel_button = QPushButton(translate("Addresses", "Cancel editing"))
        self.cancel_button.setObjectName("address_cancel_edit")
        self.cancel_button.setVisible(False)
        self.edit_button.clicked.connect(self.start_edit)
        self.delete_button.clicked.connect(self._on_delete)
        self.cancel_button.clicked.connect(self.stop_edit)

    def update_buttons(self, selected: bool) -> None:
        """Edit and Delete need a selected address."""
        self.edit_button.setEnabled(selected)
        self.delete_button.setEnabled(selected)

    # --- editing -----------------------------------------------------------------------------

    def start_edit(self) -> None:
        """Put the selected address into the form; Save then replaces it."""

        address = self.page.selected_address()
        if address is None:
            return
        self.editing = dict(address)
        self.page.form.set_address(address_fields(address))
        self.page.new_box.setTitle(
            translate("Addresses", "Edit {name}").format(name=address_name(address))
        )
        self.page.save_button.setText(translate("Addresses", "Save changes"))
        self.cancel_button.setVisible(True)
        self.page._check_form()

    def stop_edit(self) -> None:
        """Back to "New address" with an empty form."""
        self.editing = None
        self.page.form.clear()
        self.page.new_box.setTitle(translate("Addresses", "New address"))
        self.page.save_button.setText(translate("Addresses", "Save to address book"))
        self.cancel_button.setVisible(False)
        self.page._check_form()

    async def save_edit(self) -> dict[str, Any] | None:
        """Store the edited address in place of the one being edited."""
        page, old = self.page, self.editing
        if old is None:
            return None
        was_default = page._is_default(old)
        old_id = str(old.get("id"))
        stored = await page.store_form(
            lambda client, book, address: book.update(client, old_id, address)
        )
        book, profile = page.book, page.ctx.profile
        if stored is None or book is None:
            return None
        if was_default and profile is not None:
            book.set_default_sender(page.ctx.manager, profile, stored)
            page.ctx.reload_profile()
        self.stop_edit()
        page.show_addresses()
        page.select_address(str(stored.get("id")))
        page.book_changed.emit()
        page.show_message(translate("Addresses", "Changed: {0}").format(address_line(stored)))
        return stored

    # --- deleting ----------------------------------------------------------------------------

    def _on_delete(self) -> None:
        address = self.page.selected_address()
        if address is None:
            return
        answer = QMessageBox.question(
            self.page,
            translate("Addresses", "Delete address"),
            delete_question(address_name(address), self.page._is_default(address)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.delete(address)

    def delete(self, address: Mapping[str, Any]) -> bool:
        """Remove `address` from the book (and as the profile's default sender)."""
        page, book, profile = self.page, self.page.book, self.page.ctx.profile
        if book is None:
            return False
        was_default = page._is_default(address)
        address_id = str(address.get("id"))
        if not book.remove(address_id):
            return False
        if was_default and profile is not None:
            page.ctx.manager.update(profile.model_copy(update={"default_sender": None}))
            page.ctx.reload_profile()
        if self.editing is not None and self.editing.get("id") == address_id:
            self.stop_edit()
        page.show_addresses()
        page.book_changed.emit()
        page.show_message(
            translate("Addresses", "Deleted from the address book: {name}").format(
                name=address_name(address)
            )
        )
        return True
