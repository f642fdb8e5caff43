"""The Addresses page's decisions, without a widget: `AddressBookPresenter`.

It holds the open profile's `AddressBook` (a new one when the profile changes), the search
and its count in words, which address is the default sender, the address being edited, and
what a save, an edit, a delete, a default-sender choice and a parcel-point lookup do (through
the client and the profile store). Outcomes are said through `message_shown`, problems of the
typed address through `form_problems`; the page only shows them. Tests drive it against the
real local service.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from desktop_app.domain.rules import Problem, validate_address
from desktop_app.gui.addresses.address_cache import AddressBook, AddressProblems
from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.problems import problem_message
from desktop_app.gui.widgets.address_formatting import (
    address_fields,
    address_line,
    address_name,
    address_text,
)
from desktop_app.gui.widgets.problems import problems_text
from desktop_app.gui.widgets.tasks import service_text

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.gui.core.context import AppContext
    from desktop_app.profiles.models import Profile

StoreAddress = Callable[["ShippingClient", AddressBook, dict[str, Any]], Awaitable[dict[str, Any]]]


def count_text(shown: int, total: int) -> str:
    """ "3 addresses", or "1 of 3 addresses" while a search leaves some out."""
    if shown != total:
        return translate("Addresses", "{0} of %n address(es)", None, total).format(shown)
    return translate("Addresses", "%n address(es)", None, total)


def row_texts(address: Mapping[str, Any], default: bool) -> tuple[str, str, str, str, str]:
    """The table's cells of an address: name, street, postcode and city, country, default."""
    street = " ".join(str(address[k]) for k in ("street", "street_no") if address.get(k))
    town = " ".join(str(address[k]) for k in ("zip_code", "city") if address.get(k))
    return (
        address_name(address),
        street,
        town,
        str(address.get("country") or ""),
        "✓" if default else "",
    )


def not_connected_text() -> str:
    """What the page says before the client is there."""
    return translate("Addresses", "Not connected to the service yet.")


def partner_hint_text() -> str:
    """The parcel-point box before a lookup."""
    return translate("Addresses", "Enter a partner id to see the address it delivers to.")


class AddressBookPresenter(Presenter):
    """The open profile's address book: search, save, edit, delete, default sender, lookup."""

    #: the book changed (profile switched, synced, added, edited, removed): pickers reload
    book_changed = Signal()
    #: the rows shown may differ (another default sender)
    rows_changed = Signal()
    #: another profile's book is shown: search, lookup and messages start over
    reset = Signal()
    #: the typed address's problems in words ("" once they are gone)
    form_problems = Signal(str)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.book: AddressBook | None = None
        #: the address a parcel-point lookup resolved (None: none yet)
        self.resolved: dict[str, Any] | None = None
        #: the stored address being edited (None: the form makes a new address)
        self.editing: dict[str, Any] | None = None

    # --- profile and service -------------------------------------------------------------------

    def follow_profile(self, profile: Profile) -> bool:
        """Open `profile`'s book (True), or keep the one open for the same profile (False)."""
        if self.book is not None and self.book.path.parent == self.ctx.manager.profile_data_dir(
            profile
        ):
            return False
        self.tasks.cancel()
        self.book = AddressBook.for_profile(self.ctx.manager, profile)
        self.resolved = None
        self.editing = None
        self.reset.emit()
        self.book_changed.emit()
        return True

    def on_connection_changed(self, state: str, _message: str = "") -> None:
        """Connected: sync the book quietly (in the running event loop)."""
        if state != "connected":
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self.tasks.spawn(self.sync(quiet=True))

    async def sync(self, *, quiet: bool = False) -> int:
        """Reload the book from the service; how many addresses it has."""
        from desktop_app.client.errors import APIError

        client, book = self.ctx.client, self.book
        if client is None or book is None:
            if not quiet:
                self.show_message(not_connected_text(), error=True)
            return 0
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
        if book is self.book:
            self.book_changed.emit()
            if not quiet:
                self.show_message(
                    translate("Addresses", "%n address(es) loaded from the service.", None, count)
                )
        return count

    # --- reading -------------------------------------------------------------------------------

    def search(self, query: str) -> tuple[list[dict[str, Any]], str]:
        """The addresses matching `query` and the count line."""
        book = self.book
        rows = book.search(query) if book else []
        total = len(book.addresses) if book else 0
        return rows, count_text(len(rows), total)

    def is_default(self, address: Mapping[str, Any]) -> bool:
        """The profile's default sender: by the id remembered, else by the same fields."""
        book, profile = self.book, self.ctx.profile
        if book is not None and book.default_sender_id:
            return address.get("id") == book.default_sender_id
        sender = profile.default_sender if profile is not None else None
        if not sender:
            return False
        if set(sender) == {"id"}:
            return address.get("id") == sender.get("id")
        return address_fields(address) == address_fields(sender)

    def check(self, address: Mapping[str, Any]) -> list[Problem]:
        """The address rules on the typed address; said once more than the country is typed."""
        problems = validate_address(dict(address))
        typed = any(k != "country" for k in address)  # the country is pre-filled
        self.form_problems.emit(problems_text(problems) if typed else "")
        return problems

    # --- saving --------------------------------------------------------------------------------

    async def _store(self, store: StoreAddress, address: dict[str, Any]) -> dict[str, Any] | None:
        """Store `address` with `store` (create or replace); problems and the service's
        refusal are said, and give None."""
        from desktop_app.client.errors import APIError

        client, book = self.ctx.client, self.book
        if client is None or book is None:
            self.show_message(not_connected_text(), error=True)
            return None
        try:
            return await store(client, book, address)
        except AddressProblems as exc:
            self.form_problems.emit(problems_text(exc.problems))
        except APIError as exc:
            self.show_message(
                translate("Addresses", "The service refused the address: {0}").format(
                    service_text(exc)
                ),
                error=True,
            )
        return None

    async def save(self, address: dict[str, Any]) -> dict[str, Any] | None:
        """Save the typed address: in place of the one being edited, else as a new one."""
        if self.editing is not None:
            return await self.save_edit(address)
        stored = await self._store(lambda client, book, a: book.create(client, a), address)
        if stored is None:
            return None
        self.book_changed.emit()
        self.show_message(translate("Addresses", "Saved: {0}").format(address_line(stored)))
        return stored

    def start_edit(self, address: Mapping[str, Any]) -> str:
        """Edit `address`: a save replaces it; the form's title while it is edited."""
        self.editing = dict(address)
        return translate("Addresses", "Edit {name}").format(name=address_name(address))

    def stop_edit(self) -> None:
        """Back to a new address."""
        self.editing = None

    async def save_edit(self, address: dict[str, Any]) -> dict[str, Any] | None:
        """Store the edited address in place of the one being edited (the default sender
        stays the default sender, with the new fields)."""
        old = self.editing
        if old is None:
            return None
        was_default = self.is_default(old)
        old_id = str(old.get("id"))
        stored = await self._store(lambda client, book, a: book.update(client, old_id, a), address)
        book, profile = self.book, self.ctx.profile
        if stored is None or book is None:
            return None
        if was_default and profile is not None:
            book.set_default_sender(self.ctx.manager, profile, stored)
            self.ctx.reload_profile()
        self.editing = None
        self.book_changed.emit()
        self.show_message(translate("Addresses", "Changed: {0}").format(address_line(stored)))
        return stored

    # --- deleting, default sender, use -----------------------------------------------------------

    def delete(self, address: Mapping[str, Any]) -> bool:
        """Remove `address` from the book (and as the profile's default sender)."""
        book, profile = self.book, self.ctx.profile
        if book is None:
            return False
        was_default = self.is_default(address)
        address_id = str(address.get("id"))
        if not book.remove(address_id):
            return False
        if was_default and profile is not None:
            self.ctx.manager.update(profile.model_copy(update={"default_sender": None}))
            self.ctx.reload_profile()
        if self.editing is not None and self.editing.get("id") == address_id:
            self.editing = None
        self.book_changed.emit()
        self.show_message(
            translate("Addresses", "Deleted from the address book: {name}").format(
                name=address_name(address)
            )
        )
        return True

    def make_default(self, address: Mapping[str, Any]) -> bool:
        """Make `address` the profile's default sender (saved in the profile and the book)."""
        book, profile = self.book, self.ctx.profile
        if book is None or profile is None:
            return False
        try:
            book.set_default_sender(self.ctx.manager, profile, address)
        except AddressProblems as exc:
            self.show_message(
                translate("Addresses", "Cannot be the sender: {exc}").format(
                    exc=problems_text(exc.problems, "; ")
                ),
                error=True,
            )
            return False
        except Exception as exc:  # the profile could not be saved (read-only config...)
            self.show_message(
                translate("Addresses", "Could not save the profile: {exc}").format(exc=exc),
                error=True,
            )
            return False
        self.ctx.reload_profile()
        self.rows_changed.emit()
        self.show_message(
            translate("Addresses", "Default sender of {name}: {0}").format(
                address_line(address), name=profile.name
            )
        )
        return True

    def used_text(self, address: Mapping[str, Any], role: str) -> str:
        """What the page says once an address went to the shipment form as `role`."""
        text = (
            translate("Addresses", "{0} is now the sender.")
            if role == "sender"
            else translate("Addresses", "{0} is now the receiver.")
        )
        return text.format(address_name(address))

    # --- parcel point ------------------------------------------------------------------------

    async def lookup_partner(self, partner_id: str) -> tuple[dict[str, Any] | None, str]:
        """Resolve a workplace parcel-point partner id: the address it delivers to (stored in
        the book) and what the lookup box says."""
        from desktop_app.client.errors import APIError

        client, book = self.ctx.client, self.book
        self.resolved = None
        if client is None or book is None:
            return None, not_connected_text()
        try:
            found = await book.lookup_partner(client, partner_id.strip())
        except AddressProblems as exc:
            return None, "\n".join(problem_message(p) for p in exc.problems)
        except APIError as exc:
            return None, translate("Addresses", "Not found: {0}").format(service_text(exc))
        self.resolved = found
        self.book_changed.emit()
        return found, translate("Addresses", "Delivers to:\n{0}").format(address_text(found))

    def partner_receiver(self) -> dict[str, Any] | None:
        """The receiver "Deliver to this parcel point" puts into the shipment form."""
        if self.resolved is None:
            return None
        return {"partner_id": self.resolved.get("partner_id"), "_resolved": self.resolved}
