"""Address book: stored addresses of `/v1/addresses`, kept per profile, searchable.

`AddressBook` is the Qt-free part: a per-profile cache file (`address_book.json` in the
profile's data dir, so a profile never sees another's addresses) synced from the service,
search, create (checked with the domain's address rules first), get, the workplace
parcel-point lookup by partner id, and the profile's default sender.
`AddressBookWidget` is the page; `AddressPickerWidget` is the search box the shipment form's
sender and receiver use (`attach_pickers`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCompleter,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.rules import Problem, validate_address
from desktop_app.domain.sanitize import sanitize
from desktop_app.gui.addresses.editing import AddressEditing
from desktop_app.gui.addresses.formatting import (
    FIELDS,
    address_fields,
    address_line,
    address_name,
    address_text,
)
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.problems import problem_message
from desktop_app.gui.shell.theme import ERROR_COLOR, MUTED_COLOR
from desktop_app.gui.widgets.address_form import PARTNER, AddressFormWidget
from desktop_app.gui.widgets.problems import problems_text
from desktop_app.gui.widgets.tasks import TaskSet, service_text
from desktop_app.profiles.files import atomic_write_bytes

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.gui.shell.context import AppContext
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile

log = logging.getLogger(__name__)

BOOK_FILE = "address_book.json"


class AddressProblems(ValueError):
    """The address breaks the domain's address rules; `problems` says where."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = list(problems)


class AddressBook:
    """The stored addresses of one profile: a cache file synced from the service."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / BOOK_FILE
        self.addresses: list[dict[str, Any]] = []
        self.default_sender_id: str | None = None
        self.synced_at: str | None = None
        #: addresses removed from this book: the shipping API has no delete or update of a
        #: stored address (GET/POST only), so they stay on the service and are left out here
        self.removed_ids: set[str] = set()
        self._load()

    @classmethod
    def for_profile(cls, manager: ProfileManager, profile: Profile) -> AddressBook:
        """The book of `profile` (in its own data dir)."""
        return cls(manager.profile_data_dir(profile))

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            # a damaged cache is rebuilt from the service at the next sync
            log.warning("address book %s unreadable (%s); starting empty", self.path, exc)
            return
        if not isinstance(data, dict):
            return
        self.addresses = [a for a in data.get("addresses") or [] if isinstance(a, dict)]
        default = data.get("default_sender_id")
        self.default_sender_id = default if isinstance(default, str) else None
        synced = data.get("synced_at")
        self.synced_at = synced if isinstance(synced, str) else None
        removed = data.get("removed_ids")
        if isinstance(removed, list):
            self.removed_ids = {r for r in removed if isinstance(r, str)}
            self.addresses = [a for a in self.addresses if a.get("id") not in self.removed_ids]

    def save(self) -> None:
        """Write the cache atomically."""
        data = {
            "addresses": self.addresses,
            "default_sender_id": self.default_sender_id,
            "synced_at": self.synced_at,
            "removed_ids": sorted(self.removed_ids),
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, ensure_ascii=False, indent=1)
        atomic_write_bytes(self.path, text.encode("utf-8"), mode=0o600)

    # --- reading -------------------------------------------------------------------------------

    def get_cached(self, address_id: str) -> dict[str, Any] | None:
        """A cached address by id."""
        return next((a for a in self.addresses if a.get("id") == address_id), None)

    def search(self, query: str = "") -> list[dict[str, Any]]:
        """Addresses whose fields contain every word of `query` (case-insensitive)."""
        words = query.casefold().split()
        if not words:
            return list(self.addresses)
        out = []
        for address in self.addresses:
            text = " ".join(str(address.get(k) or "") for k in FIELDS).casefold()
            if all(w in text for w in words):
                out.append(address)
        return out

    @property
    def default_sender(self) -> dict[str, Any] | None:
        """The default sender's stored address, if it is in the book."""
        return self.get_cached(self.default_sender_id) if self.default_sender_id else None

    # --- service --------------------------------------------------------------------------------

    def _put(self, address: dict[str, Any]) -> dict[str, Any]:
        for i, old in enumerate(self.addresses):
            if old.get("id") == address.get("id"):
                self.addresses[i] = address
                break
        else:
            self.addresses.append(address)
        return address

    async def sync(self, client: ShippingClient) -> int:
        """Replace the cache with the service's list; returns how many addresses it has."""
        found = [
            a.model_dump(mode="json", by_alias=True, exclude_none=True)
            async for a in client.addresses.iter_all()
            if a.id not in self.removed_ids
        ]
        self.addresses = found
        self.synced_at = datetime.now(UTC).isoformat(timespec="seconds")
        await asyncio.to_thread(self.save)
        return len(found)

    async def create(self, client: ShippingClient, address: Mapping[str, Any]) -> dict[str, Any]:
        """Store a new address on the service (AddressProblems if the rules refuse it)."""
        body = sanitize(address_fields(address))
        problems = validate_address(body)
        if problems:
            raise AddressProblems(problems)
        created = await client.addresses.create(body)
        stored = self._put(created.model_dump(mode="json", by_alias=True, exclude_none=True))
        await asyncio.to_thread(self.save)
        return stored

    async def update(
        self, client: ShippingClient, address_id: str, address: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Replace a stored address by an edited one, in the same place in the book.

        The shipping API cannot change a stored address: the edited one is stored as a new
        address and the old one is removed from this book (it stays on the service). A
        default sender that was the old address becomes the new one.
        """
        body = sanitize(address_fields(address))
        problems = validate_address(body)
        if problems:
            raise AddressProblems(problems)
        created = await client.addresses.create(body)
        stored = created.model_dump(mode="json", by_alias=True, exclude_none=True)
        place = next(
            (i for i, a in enumerate(self.addresses) if a.get("id") == address_id),
            len(self.addresses),
        )
        self.addresses.insert(place, stored)
        self._forget(address_id)
        if self.default_sender_id == address_id:
            self.default_sender_id = str(stored.get("id"))
        await asyncio.to_thread(self.save)
        return stored

    def remove(self, address_id: str) -> bool:
        """Remove an address from this book (and as the default sender); False if not here."""
        if self.get_cached(address_id) is None:
            return False
        self._forget(address_id)
        if self.default_sender_id == address_id:
            self.default_sender_id = None
        self.save()
        return True

    def _forget(self, address_id: str) -> None:
        self.removed_ids.add(address_id)
        self.addresses = [a for a in self.addresses if a.get("id") != address_id]

    async def get(self, client: ShippingClient, address_id: str) -> dict[str, Any]:
        """One stored address, fresh from the service (the cache is updated)."""
        fetched = await client.addresses.get(address_id)
        stored = self._put(fetched.model_dump(mode="json", by_alias=True, exclude_none=True))
        await asyncio.to_thread(self.save)
        return stored

    async def lookup_partner(self, client: ShippingClient, partner_id: str) -> dict[str, Any]:
        """The delivery address a workplace parcel-point user's id resolves to (stored too)."""
        partner_id = partner_id.strip()
        problems = validate_address({"partner_id": partner_id})
        if problems:
            raise AddressProblems(problems)
        found = await client.addresses.create({"partner_id": partner_id})
        stored = self._put(found.model_dump(mode="json", by_alias=True, exclude_none=True))
        await asyncio.to_thread(self.save)
        return stored

    def set_default_sender(
        self, manager: ProfileManager, profile: Profile, address: Mapping[str, Any]
    ) -> Profile:
        """Make `address` the profile's default sender (saved in the profile and the book)."""
        fields = {k: v for k, v in address_fields(address).items() if k != "partner_id"}
        problems = validate_address(fields)
        if problems:
            raise AddressProblems(problems)
        saved = manager.update(profile.model_copy(update={"default_sender": fields}))
        self.default_sender_id = str(address.get("id")) if address.get("id") else None
        self.save()
        return saved


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


class AddressBookWidget(QWidget):
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
        self.book: AddressBook | None = None
        self.tasks = TaskSet(self.show_message, ctx)
        self.resolved: dict[str, Any] | None = None

        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("address_search")
        self.search_edit.setPlaceholderText(
            translate("Addresses", "Search name, street, town, postcode…")
        )
        self.search_edit.setClearButtonEnabled(True)
        self.refresh_button = QPushButton(translate("Addresses", "Refresh from service"))
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setObjectName("address_table")
        self.table.setHorizontalHeaderLabels([translate("Addresses", c) for c in self.COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.count_label = QLabel()
        self.default_button = QPushButton(translate("Addresses", "Set as default sender"))
        self.use_receiver_button = QPushButton(translate("Addresses", "Use as receiver"))
        self.use_sender_button = QPushButton(translate("Addresses", "Use as sender"))

        # new address
        self.form = AddressFormWidget("book")
        self.save_button = QPushButton(translate("Addresses", "Save to address book"))
        self.save_button.setObjectName("address_save")
        self.form_problems = QLabel()
        self.form_problems.setWordWrap(True)
        self.form_problems.setStyleSheet(f"color: {ERROR_COLOR};")
        new_box = QGroupBox(translate("Addresses", "New address"))
        self.new_box = new_box
        self.editing = AddressEditing(self)
        nl = QVBoxLayout(new_box)
        nl.addWidget(self.form)
        nl.addWidget(self.form_problems)
        save_row = QHBoxLayout()
        save_row.addStretch(1)
        save_row.addWidget(self.editing.cancel_button)
        save_row.addWidget(self.save_button)
        nl.addLayout(save_row)

        # parcel point lookup
        self.partner_edit = QLineEdit()
        self.partner_edit.setObjectName("partner_id")
        self.partner_edit.setPlaceholderText(translate("Addresses", "Partner id, e.g. 1A2B3C4"))
        self.lookup_button = QPushButton(translate("Addresses", "Look up"))
        self.partner_result = QLabel(
            translate("Addresses", "Enter a partner id to see the address it delivers to.")
        )
        self.partner_result.setObjectName("partner_result")
        self.partner_result.setWordWrap(True)
        self.partner_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.partner_use_button = QPushButton(
            translate("Addresses", "Deliver to this parcel point")
        )
        self.partner_use_button.setEnabled(False)
        partner_box = QGroupBox(translate("Addresses", "Workplace parcel point"))
        pl = QVBoxLayout(partner_box)
        prow = QHBoxLayout()
        prow.addWidget(self.partner_edit, 1)
        prow.addWidget(self.lookup_button)
        pl.addLayout(prow)
        pl.addWidget(self.partner_result)
        pl.addWidget(self.partner_use_button, 0, Qt.AlignmentFlag.AlignRight)

        self.message = QLabel()
        self.message.setObjectName("address_message")
        self.message.setWordWrap(True)

        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.search_edit, 1)
        top.addWidget(self.refresh_button)
        ll.addLayout(top)
        ll.addWidget(self.table, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        bottom.addWidget(self.editing.edit_button)
        bottom.addWidget(self.editing.delete_button)
        bottom.addWidget(self.default_button)
        bottom.addWidget(self.use_sender_button)
        bottom.addWidget(self.use_receiver_button)
        ll.addLayout(bottom)
        ll.addWidget(self.message)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(new_box)
        rl.addWidget(partner_box)
        rl.addStretch(1)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        self.search_edit.textChanged.connect(lambda _t: self.show_addresses())
        self.refresh_button.clicked.connect(lambda: self.tasks.spawn(self.sync()))
        self.save_button.clicked.connect(lambda: self.tasks.spawn(self.save()))
        self.lookup_button.clicked.connect(lambda: self.tasks.spawn(self.lookup_partner()))
        self.partner_edit.returnPressed.connect(self.lookup_button.click)
        self.partner_use_button.clicked.connect(self._use_partner)
        self.default_button.clicked.connect(self._make_default)
        self.use_receiver_button.clicked.connect(
            lambda: self._use(self.receiver_chosen, "receiver")
        )
        self.use_sender_button.clicked.connect(lambda: self._use(self.sender_chosen, "sender"))
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.doubleClicked.connect(lambda _i: self.use_receiver_button.click())
        self.form.edited.connect(self._check_form)

        ctx.profile_changed.connect(self._on_profile_changed)
        ctx.connection_changed.connect(self._on_connection_changed)
        if ctx.profile is not None:
            self._on_profile_changed(ctx.profile)
        self._check_form()

    # --- state ---------------------------------------------------------------------------------

    def show_message(self, text: str, error: bool = False) -> None:
        """A line under the table."""
        self.message.setStyleSheet(f"color: {ERROR_COLOR};" if error else "")
        self.message.setText(text)
        self.message_shown.emit(text)

    def _on_profile_changed(self, profile: Profile) -> None:
        if self.book is not None and self.book.path.parent == self.ctx.manager.profile_data_dir(
            profile
        ):
            self.show_addresses()
            return
        self.tasks.cancel()
        self.book = AddressBook.for_profile(self.ctx.manager, profile)
        self.resolved = None
        self.partner_result.setText(
            translate("Addresses", "Enter a partner id to see the address it delivers to.")
        )
        self.partner_use_button.setEnabled(False)
        self.search_edit.clear()
        self.message.clear()
        self.show_addresses()
        self.book_changed.emit()

    def _on_connection_changed(self, state: str, _message: str = "") -> None:
        if state == "connected":
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                return
            self.tasks.spawn(self.sync(quiet=True))

    def show_addresses(self) -> None:
        """Fill the table with the addresses matching the search."""
        book = self.book
        rows = book.search(self.search_edit.text()) if book else []
        self.table.setRowCount(len(rows))
        for r, address in enumerate(rows):
            street = " ".join(str(address[k]) for k in ("street", "street_no") if address.get(k))
            town = " ".join(str(address[k]) for k in ("zip_code", "city") if address.get(k))
            default = self._is_default(address)
            values = (
                address_name(address),
                street,
                town,
                str(address.get("country") or ""),
                "✓" if default else "",
            )
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, address)
                self.table.setItem(r, c, item)
        total = len(book.addresses) if book else 0
        self.count_label.setText(
            translate("Addresses", "{0} of %n address(es)", None, total).format(len(rows))
            if len(rows) != total
            else translate("Addresses", "%n address(es)", None, total)
        )
        self._update_buttons()

    def _is_default(self, address: Mapping[str, Any]) -> bool:
        """The profile's default sender: by the id remembered, else by the same fields."""
        book, profile = self.book, self.ctx.profile
        if book is not None and book.default_sender_id:
            return address.get("id") == book.default_sender_id
        sender = profile.default_sender if profile is not None else None
        if not sender or set(sender) == {"id"}:
            return bool(sender) and address.get("id") == sender.get("id")
        return address_fields(address) == address_fields(sender)

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
        from desktop_app.client.errors import APIError

        client, book = self.ctx.client, self.book
        if client is None or book is None:
            if not quiet:
                self.show_message(
                    translate("Addresses", "Not connected to the service yet."), error=True
                )
            return 0
        self.refresh_button.setEnabled(False)
        try:
            count = await book.sync(client)
        except APIError as exc:
            self.show_message(
                translate("Addresses", "Could not load the addresses: {0}").format(
                    service_text(exc)
                ),
                error=True,
            )
            return 0
        finally:
            self.refresh_button.setEnabled(True)
        if book is self.book:
            self.show_addresses()
            self.book_changed.emit()
            if not quiet:
                self.show_message(
                    translate("Addresses", "%n address(es) loaded from the service.", None, count)
                )
        return count

    def _check_form(self) -> list[Problem]:
        address = self.form.address()
        problems = validate_address(address)
        # nothing typed yet (the country is pre-filled): no problems shown
        typed = any(k != "country" for k in address)
        self.form_problems.setText(problems_text(problems) if typed else "")
        self.save_button.setEnabled(not problems)
        return problems

    async def save(self) -> dict[str, Any] | None:
        """Save: the edited address in place of the old one, else a new address."""
        if self.editing.editing is not None:
            return await self.editing.save_edit()
        return await self.save_new()

    async def store_form(
        self,
        store: Callable[[ShippingClient, AddressBook, dict[str, Any]], Awaitable[dict[str, Any]]],
    ) -> dict[str, Any] | None:
        """Store the form's address with `store` (create or replace); problems and the
        service's refusal are shown, and give None."""
        from desktop_app.client.errors import APIError

        client, book = self.ctx.client, self.book
        if client is None or book is None:
            self.show_message(
                translate("Addresses", "Not connected to the service yet."), error=True
            )
            return None
        try:
            return await store(client, book, self.form.address())
        except AddressProblems as exc:
            self.form_problems.setText(problems_text(exc.problems))
        except APIError as exc:
            self.show_message(
                translate("Addresses", "The service refused the address: {0}").format(
                    service_text(exc)
                ),
                error=True,
            )
        return None

    async def save_new(self) -> dict[str, Any] | None:
        """Store the address typed in "New address" on the service."""
        stored = await self.store_form(lambda client, book, address: book.create(client, address))
        if stored is None:
            return None
        self.form.clear()
        self._check_form()
        self.search_edit.clear()
        self.show_addresses()
        self.select_address(str(stored.get("id")))
        self.book_changed.emit()
        self.show_message(translate("Addresses", "Saved: {0}").format(address_line(stored)))
        return stored

    async def lookup_partner(self) -> dict[str, Any] | None:
        """Resolve the partner id and show the address it delivers to."""
        from desktop_app.client.errors import APIError

        client, book = self.ctx.client, self.book
        self.resolved = None
        self.partner_use_button.setEnabled(False)
        partner_id = self.partner_edit.text().strip()
        if client is None or book is None:
            self.partner_result.setText(translate("Addresses", "Not connected to the service yet."))
            return None
        self.partner_result.setText(translate("Addresses", "Looking up…"))
        try:
            found = await book.lookup_partner(client, partner_id)
        except AddressProblems as exc:
            self.partner_result.setText("\n".join(problem_message(p) for p in exc.problems))
            return None
        except APIError as exc:
            self.partner_result.setText(
                translate("Addresses", "Not found: {0}").format(service_text(exc))
            )
            return None
        self.resolved = found
        self.partner_result.setText(
            translate("Addresses", "Delivers to:\n{0}").format(address_text(found))
        )
        self.partner_use_button.setEnabled(True)
        self.show_addresses()
        self.book_changed.emit()
        return found

    def _use_partner(self) -> None:
        if self.resolved is not None:
            self.receiver_chosen.emit(
                {"partner_id": self.resolved.get("partner_id"), "_resolved": self.resolved}
            )

    def _use(self, signal: Any, role: str) -> None:
        address = self.selected_address()
        if address is not None:
            signal.emit(dict(address))
            text = (
                translate("Addresses", "{0} is now the sender.")
                if role == "sender"
                else translate("Addresses", "{0} is now the receiver.")
            )
            self.show_message(text.format(address_name(address)))

    def _make_default(self) -> None:
        address, book, profile = self.selected_address(), self.book, self.ctx.profile
        if address is None or book is None or profile is None:
            return
        try:
            book.set_default_sender(self.ctx.manager, profile, address)
        except AddressProblems as exc:
            self.show_message(
                translate("Addresses", "Cannot be the sender: {exc}").format(
                    exc=problems_text(exc.problems, "; ")
                ),
                error=True,
            )
            return
        except Exception as exc:  # the profile could not be saved (read-only config...)
            self.show_message(
                translate("Addresses", "Could not save the profile: {exc}").format(exc=exc),
                error=True,
            )
            return
        self.ctx.reload_profile()
        self.show_addresses()
        self.show_message(
            translate("Addresses", "Default sender of {name}: {0}").format(
                address_line(address), name=profile.name
            )
        )


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


def attach_pickers(shipment_form: Any, book_widget: AddressBookWidget) -> list[AddressPickerWidget]:
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
            shipment_form.receiver_search = picker  # first in the tab order, focused at start
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
    label.setStyleSheet(f"color: {MUTED_COLOR};")
    return label
