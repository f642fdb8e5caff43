"""The Addresses page's "New address" box: the address form, its problems, Save (and Cancel
editing while a stored address is edited in it)."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.address_form import AddressFormWidget
from desktop_app.gui.widgets.elided import reserve_lines
from desktop_app.gui.widgets.fixed_rows import scroll_above


class AddressEntryBox(QGroupBox):
    """A new address, or the stored one being edited."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("Addresses", "New address"), parent)
        self.form = AddressFormWidget("book")
        self.save_button = QPushButton(translate("Addresses", "Save to address book"))
        self.save_button.setObjectName("address_save")
        self.problems_label = QLabel()
        self.problems_label.setObjectName("address_problems")
        # two lines kept: problems coming and going never move Save
        reserve_lines(self.problems_label, 2)
        self.problems_label.setStyleSheet(f"color: {color(ERROR)};")
        self.cancel_button = QPushButton(translate("Addresses", "Cancel editing"))
        self.cancel_button.setObjectName("address_cancel_edit")
        self.cancel_button.setVisible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(self.problems_label)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.cancel_button)
        row.addWidget(self.save_button)
        layout.addLayout(row)
        # the form scrolls in the box, Save stays in view at 1024x600
        scroll_above(layout, 1, "address_entry")

    def show_editing(self, title: str) -> None:
        """The box edits a stored address: its title, Save changes, Cancel editing."""
        self.setTitle(title)
        self.save_button.setText(translate("Addresses", "Save changes"))
        self.cancel_button.setVisible(True)

    def show_new(self) -> None:
        """Back to a new address with an empty form."""
        self.form.clear()
        self.setTitle(translate("Addresses", "New address"))
        self.save_button.setText(translate("Addresses", "Save to address book"))
        self.cancel_button.setVisible(False)
