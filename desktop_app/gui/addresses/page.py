"""Address book: stored addresses of `/v1/addresses`, kept per profile, searchable.

`AddressBook` (address_cache.py) is the Qt-free part: a per-profile cache file synced from the
service. `AddressBookPresenter` (listing.py) holds the page's decisions: search and counts,
save, edit, delete, default sender, the parcel-point lookup. `AddressBookPage` is the page
composing the list with the "New address" box (entry_box.py) and the parcel-point box
(partner_lookup.py); `AddressPickerWidget` is the search box the shipment form's sender and
receiver use (`attach_pickers`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QCompleter,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.rules import Problem
from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.addresses.address_cache import BOOK_FILE, AddressBook, AddressProblems
from desktop_app.gui.addresses.editing import AddressEditing
from desktop_app.gui.addresses.partials.entry_box import AddressEntryBox
from desktop_app.gui.addresses.partials.partner_lookup import PartnerLookupBox
from desktop_app.gui.addresses.presenter import (
    AddressBookPresenter,
    not_connected_text,
    partner_hint_text,
    row_texts,
)
from desktop_app.gui.core.theme import ERROR, MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.address_form import PARTNER, AddressFormWidget
from desktop_app.gui.widgets.address_formatting import address_fields, address_line
from desktop_app.gui.widgets.elided import reserve_lines
from desktop_app.gui.widgets.tables import fit_titles, pick_one_table

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.profiles.models import Profile

log = logging.getLogger(__name__)

__all__ = [
    "BOOK_FILE",
    "AddressBook",
    "AddressBookPage",
    "AddressPickerWidget",
    "AddressProblems",
    "attach_pickers",
    "fill_address",
]


# --- widgets ---------------------------------------------------------------------------------


class AddressPickerWidget(QLineEdit):
    """A search box over the address book; choosing an entry emits its address."""

    address_chosen = Signal(dict)

    def __init__(
        self,
        placeholder: str | None = None,
        parent: Any = None,
    ) -> None:
        super().__init__(parent)
        self.setPlaceholderText(placeholder or translate("Addresses", "Search the address book…"))
        self.setClearButtonEnabled(True)
        self._by_line: dict[str, dict[str, Any]] = {}
        self.list_model = QStringListModel(self)
        self.completer_ = QCompleter(self.list_model, self)
        self.completer_.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer_.setFilterMode(Qt.MatchFlag.MatchContains)
        self.completer_.setMaxVisibleItems(12)
        self.setCompleter(self.completer_)
        self.completer_.activated[str].connect(self.choose_line)  # type: ignore[index]

    def set_addresses(self, addresses: Sequence[Mapping[str, Any]]) -> None:
        """Offer these addresses."""
        self._by_line = {}
        for address in addresses:
            line = address_line(address)
            if line in self._by_line:
                line = f"{line} ({address.get('id', '')[:8]})"
            self._by_line[line] = dict(address)
        self.list_model.setStringList(list(self._by_line))

    def lines(self) -> list[str]:
        """The entries offered."""
        return list(self._by_line)

    def choose_line(self, line: str) -> None:
        """Pick the entry shown as `line` (as the completer does)."""
        address = self._by_line.get(line)
        if address is not None:
            self.address_chosen.emit(address)
            self.clear()


class AddressBookPage(QWidget):
    """The Addresses page: search, the stored addresses, new address, parcel-point lookup."""

    #: the book changed (synced, added): pickers reload
    book_changed = Signal()
    #: "Use as receiver": the address (wire fields; partner lookups as {"partner_id": ...})
    receiver_chosen = Signal(dict)
    #: "Use as sender"
    sender_chosen = Signal(dict)
    message_shown = Signal(str)

    COLUMNS = (
        QT_TRANSLATE_NOOP("Addresses", "Name / company"),
        QT_TRANSLATE_NOOP("Addresses", "Street"),
        QT_TRANSLATE_NOOP("Addresses", "Postcode / city"),
        QT_TRANSLATE_NOOP("Addresses", "Country"),
        QT_TRANSLATE_NOOP("Addresses", "Default sender"),
    )

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("addressBook")
        self.presenter = AddressBookPresenter(ctx, self)
        self.tasks = self.presenter.tasks

        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("address_search")
        self.search_edit.setPlaceholderText(
            translate("Addresses", "Search name, street, town, postcode…")
        )
        self.search_edit.setClearButtonEnabled(True)
        self.refresh_button = QPushButton(translate("Addresses", "Refresh from service"))
        self.table = pick_one_table("address_table", "Addresses", self.COLUMNS)
        self.table.setWordWrap(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        fit_titles(self.table.horizontalHeader())
        self.count_label = QLabel()
        self.default_button = QPushButton(translate("Addresses", "Set as default sender"))
        self.use_receiver_button = QPushButton(translate("Addresses", "Use as receiver"))
        self.use_sender_button = QPushButton(translate("Addresses", "Use as sender"))

        self.entry_box = AddressEntryBox()
        self.new_box = self.entry_box
        self.form = self.entry_box.form
        self.save_button = self.entry_box.save_button
        self.form_problems = self.entry_box.problems_label
        self.editing = AddressEditing(self)
        self.partner_box = PartnerLookupBox(partner_hint_text())
        self.partner_edit = self.partner_box.partner_edit
        self.lookup_button = self.partner_box.lookup_button
        self.partner_result = self.partner_box.result_label
        self.partner_use_button = self.partner_box.use_button
        self.message = QLabel()
        self.message.setObjectName("address_message")
        # two lines kept for a message: one coming after Save never shrinks the table
        reserve_lines(self.message, 2)

        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.search_edit, 1)
        top.addWidget(self.refresh_button)
        ll.addLayout(top)
        ll.addWidget(self.table, 1)
        # two rows of buttons: in one, the German texts made the page wider than the screen
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        bottom.addWidget(self.editing.edit_button)
        bottom.addWidget(self.editing.delete_button)
        bottom.addWidget(self.default_button)
        ll.addLayout(bottom)
        uses = QHBoxLayout()
        uses.addStretch(1)
        uses.addWidget(self.use_sender_button)
        uses.addWidget(self.use_receiver_button)
        ll.addLayout(uses)
        ll.addWidget(self.message)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.entry_box, 1)
        rl.addWidget(self.partner_box)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        presenter = self.presenter
        self.search_edit.textChanged.connect(lambda _t: self.show_addresses())
        self.refresh_button.clicked.connect(lambda: self.tasks.spawn(self.sync()))
        self.save_button.clicked.connect(lambda: self.tasks.spawn(self.save()))
        self.lookup_button.clicked.connect(lambda: self.tasks.spawn(self.lookup_partner()))
        self.partner_use_button.clicked.connect(self._use_partner)
        self.default_button.clicked.connect(self._make_default)
        self.use_receiver_button.clicked.connect(
            lambda: self._use(self.receiver_chosen, "receiver")
        )
        self.use_sender_button.clicked.connect(lambda: self._use(self.sender_chosen, "sender"))
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.doubleClicked.connect(lambda _i: self.use_receiver_button.click())
        self.form.edited.connect(self.check_form)
        presenter.message_shown.connect(self.show_message)
        presenter.form_problems.connect(self._show_form_problems)
        presenter.reset.connect(self._on_reset)
        presenter.rows_changed.connect(self.show_addresses)
        presenter.book_changed.connect(self.show_addresses)
        presenter.book_changed.connect(self.book_changed)

        ctx.profile_changed.connect(self._on_profile_changed)
        ctx.connection_changed.connect(presenter.on_connection_changed)
        if ctx.profile is not None:
            self._on_profile_changed(ctx.profile)
        self.check_form()

    # --- state ---------------------------------------------------------------------------------

    @property
    def book(self) -> AddressBook | None:
        """The open profile's address book."""
        return self.presenter.book

    @property
    def resolved(self) -> dict[str, Any] | None:
        """The address the last parcel-point lookup resolved."""
        return self.presenter.resolved

    def show_message(self, text: str, error: bool = False) -> None:
        """A line under the table."""
        self.message.setStyleSheet(f"color: {color(ERROR)};" if error else "")
        self.message.setText(text)
        self.message.setToolTip(text)
        self.message_shown.emit(text)

    def _show_form_problems(self, text: str) -> None:
        self.form_problems.setText(text)
        self.form_problems.setToolTip(text)

    def _on_profile_changed(self, profile: Profile) -> None:
        if not self.presenter.follow_profile(profile):
            self.show_addresses()

    def _on_reset(self) -> None:
        if self.entry_box.cancel_button.isVisibleTo(self.entry_box):
            self.entry_box.show_new()  # the edited address was the other profile's
        self.partner_box.show_result(partner_hint_text())
        self.search_edit.clear()
        self.message.clear()

    def show_addresses(self) -> None:
        """Fill the table with the addresses matching the search."""
        rows, count = self.presenter.search(self.search_edit.text())
        self.table.setRowCount(len(rows))
        for r, address in enumerate(rows):
            for c, value in enumerate(row_texts(address, self.presenter.is_default(address))):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, address)
                self.table.setItem(r, c, item)
        self.count_label.setText(count)
        self._update_buttons()

    def selected_address(self) -> dict[str, Any] | None:
        """The address of the selected row."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def select_address(self, address_id: str) -> bool:
        """Select the row of a stored address."""
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 0)
            if item and (item.data(Qt.ItemDataRole.UserRole) or {}).get("id") == address_id:
                self.table.selectRow(r)
                return True
        return False

    def _update_buttons(self) -> None:
        selected = self.selected_address() is not None
        for button in (self.default_button, self.use_receiver_button, self.use_sender_button):
            button.setEnabled(selected)
        self.editing.update_buttons(selected)

    # --- actions -------------------------------------------------------------------------------

    async def sync(self, *, quiet: bool = False) -> int:
        """Reload the book from the service."""
        self.refresh_button.setEnabled(False)
        try:
            return await self.presenter.sync(quiet=quiet)
        finally:
            self.refresh_button.setEnabled(True)

    def check_form(self) -> list[Problem]:
        """The address rules on the form; Save only without problems."""
        problems = self.presenter.check(self.form.address())
        self.save_button.setEnabled(not problems)
        return problems

    async def save(self) -> dict[str, Any] | None:
        """Save: the edited address in place of the old one, else a new address."""
        editing = self.presenter.editing is not None
        stored = await self.presenter.save(self.form.address())
        if stored is None:
            return None
        if editing:
            self.entry_box.show_new()
        else:
            self.form.clear()
            self.search_edit.clear()
        self.check_form()
        self.show_addresses()
        self.select_address(str(stored.get("id")))
        return stored

    async def lookup_partner(self) -> dict[str, Any] | None:
        """Resolve the partner id and show the address it delivers to."""
        if self.ctx.client is None or self.book is None:
            self.partner_box.show_result(not_connected_text())
            return None
        self.partner_box.show_result(translate("Addresses", "Looking up…"))
        found, text = await self.presenter.lookup_partner(self.partner_edit.text())
        self.partner_box.show_result(text, found is not None)
        return found

    def _use_partner(self) -> None:
        receiver = self.presenter.partner_receiver()
        if receiver is not None:
            self.receiver_chosen.emit(receiver)

    def _use(self, signal: Any, role: str) -> None:
        address = self.selected_address()
        if address is not None:
            signal.emit(dict(address))
            self.show_message(self.presenter.used_text(address, role))

    def _make_default(self) -> None:
        address = self.selected_address()
        if address is not None:
            self.presenter.make_default(address)


def fill_address(form: AddressFormWidget, address: Mapping[str, Any]) -> None:
    """Put a chosen address into a shipment form's address fields (as the user would)."""
    if "_resolved" in address and form.with_modes:
        form.set_address({})
        form.set_mode(PARTNER)
        form.fields["partner_id"].set_text(str(address.get("partner_id") or ""))
        form.fields["partner_id"].touched = True
    else:
        form.set_address(address_fields(address))
    form.edited.emit()


def attach_pickers(shipment_form: Any, book_widget: AddressBookPage) -> list[AddressPickerWidget]:
    """Add address-book search boxes to the form's receiver and sender; they follow the book."""
    pickers: list[AddressPickerWidget] = []
    for role, attribute in (("receiver", "receiver"), ("sender", "sender_form")):
        form = getattr(shipment_form, attribute, None)
        if not isinstance(form, AddressFormWidget):
            continue
        box = form.parentWidget() if form is not None else None
        layout = box.layout() if box is not None else None
        if form is None or not isinstance(layout, QVBoxLayout):
            continue
        picker = AddressPickerWidget(
            translate("Addresses", "Find the sender in the address book…")
            if role == "sender"
            else translate("Addresses", "Find the receiver in the address book…")
        )
        picker.setObjectName(f"{role}_picker")
        picker.address_chosen.connect(lambda a, f=form: fill_address(f, a))
        index = layout.indexOf(form)
        layout.insertWidget(max(index, 0), picker)
        if role == "receiver" and hasattr(shipment_form, "receiver_search"):
            # the search arrives after the first paint: the cursor moves there from the
            # receiver's first field (where it waited) unless the user went on meanwhile
            first = shipment_form.first_editor()
            waiting = shipment_form.window().focusWidget() is first and not (
                isinstance(first, QLineEdit) and first.text()
            )
            shipment_form.receiver_search = picker  # first in the tab order, focused at start
            if waiting:
                picker.setHidden(False)  # the layout would show it only on its next turn
                shipment_form.focus_first()
        if role == "sender":
            toggle = getattr(shipment_form, "sender_toggle", None)
            if toggle is not None:
                picker.setVisible(toggle.isChecked())
                toggle.toggled.connect(picker.setVisible)
        pickers.append(picker)

    def reload() -> None:
        addresses = book_widget.book.addresses if book_widget.book else []
        for picker in pickers:
            # partner lookups resolve anew at creation: they are offered in the book page
            picker.set_addresses([a for a in addresses if not a.get("partner_id")])

    book_widget.book_changed.connect(reload)
    reload()
    changed = getattr(shipment_form, "tab_order_changed", None)
    if changed is not None:
        changed.emit()
    return pickers


def muted(text: str) -> QLabel:
    """A grey explanatory label."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {color(MUTED)};")
    return label
