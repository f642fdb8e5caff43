"""The shipment form's sender: a summary line; the fields open on demand (or with problems).

Beside the fields: the account's saved addresses, "Save as default sender", and the
account's default shipping address offered while the profile has none. What to show is
decided by `sender_choices.SenderChoices`; this section only shows it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop_app.domain.rules import Problem
from desktop_app.domain.sanitize import sanitize
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.core.theme import ERROR, MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.shipment.partials.sender_offer import SenderOfferBanner
from desktop_app.gui.shipment.sender_choices import SenderChoices, address_fields, address_line
from desktop_app.gui.widgets.address_form import AddressFormWidget
from desktop_app.gui.widgets.fields import combo
from desktop_app.profiles.models import Profile


class SenderSectionWidget(QGroupBox):
    """The sender: summary, Change…, saved addresses, the fields, Save as default sender.

    `check()` validates the form and gives its problems; `reveal()` shows every problem.
    `refilled` fires when the section put another sender in (a saved address, the offer):
    an edit; `reloaded` when it resolved the stored default sender: check again."""

    refilled = Signal()
    reloaded = Signal()

    def __init__(
        self,
        context: AppContext,
        check: Callable[[], list[Problem]],
        reveal: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(translate("Shipment", "Sender"), parent)
        self.context = context
        self.choices = SenderChoices(context)
        self._check, self._reveal = check, reveal
        self.addresses_task: asyncio.Task[Any] | None = None
        self.offer_task: asyncio.Task[Any] | None = None
        self.form = AddressFormWidget("from")
        self.saved_combo = combo(object_name="savedAddresses")
        self.saved_combo.setAccessibleName("Saved addresses")
        self.saved_combo.activated.connect(self._on_saved_chosen)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.toggle = QPushButton(translate("Shipment", "Change…"))
        self.toggle.setCheckable(True)
        self.toggle.setAccessibleName("Change the sender")
        self.toggle.toggled.connect(self._on_toggle)
        self.save_button = QPushButton(translate("Shipment", "Save as default sender"))
        self.save_button.setObjectName("saveDefaultSender")
        self.save_button.setToolTip(
            translate("Shipment", "Use this sender for every new shipment of this profile")
        )
        self.save_button.clicked.connect(self.save_default)
        self.note = QLabel()
        self.note.setObjectName("senderNote")
        self.note.setWordWrap(True)
        self.note.hide()
        # the account's default shipping address, offered while the profile has no sender
        self.offer = SenderOfferBanner()
        self.offer.accepted.connect(self.use_offered)
        layout = QVBoxLayout(self)
        head = QHBoxLayout()
        head.addWidget(self.summary, 1)
        head.addWidget(self.toggle)
        layout.addLayout(head)
        for w in (self.offer, self.note, self.saved_combo, self.form):
            layout.addWidget(w)
        save_row = QHBoxLayout()
        save_row.addStretch(1)
        save_row.addWidget(self.save_button)
        layout.addLayout(save_row)
        self.set_saved_addresses()
        self.form.hide()
        self.saved_combo.hide()
        self.save_button.hide()

    # --- a profile opened or changed ---------------------------------------------------------

    def start(self, profile: Profile) -> None:
        """A new profile: its default sender (or the sandbox's sample, or nothing yet)."""
        sender = self.choices.start(profile)
        self.set_saved_addresses()
        self.form.set_address(sender or {}, touched=sender is not None)
        if sender == {}:
            self.summary.setText(translate("Shipment", "Loading the stored sender address…"))

    def open_for(self, has_sender: bool, sender_problems: bool) -> None:
        """Open the fields for typing when there is no sender or it has problems; the
        sandbox's valid sample stays a summary. The offer is asked for anew."""
        self.toggle.setChecked(sender_problems or not has_sender)
        self.set_note("")
        self.update_summary()
        self.offer.withdraw()
        if self.context.connected:
            self.ask_for_offer()

    def follow(self, profile: Profile) -> None:
        """The same profile edited: a new default sender is followed unless one is typed."""
        new = self.choices.follow(profile, self.form.address())
        if new is not None:
            self.form.set_address(new)

    def update_summary(self) -> None:
        """The summary line and whether "Save as default sender" is offered."""
        current = self.form.address()
        self.summary.setText(self.choices.summary(current, self.form.summary()))
        self.save_button.setVisible(self.choices.offers_save(current))

    def set_note(self, text: str, *, error: bool = False) -> None:
        """A line under the summary: saved, or why not ('' hides it)."""
        self.note.setText(text)
        self.note.setStyleSheet(f"color: {color(ERROR) if error else color(MUTED)};")
        self.note.setVisible(bool(text))

    # --- default sender ----------------------------------------------------------------------

    def save_default(self) -> bool:
        """Save the sender typed here as the profile's default (only a valid one)."""
        profile = self.context.profile
        if profile is None:
            return False
        if [p for p in self._check() if p.path.startswith("from")]:
            self.toggle.setChecked(True)
            self._reveal()
            self.set_note(translate("Shipment", "Correct the sender first."), error=True)
            return False
        body = sanitize(self.form.address())
        assert isinstance(body, dict)
        return self._store(profile, body)

    def _store(self, profile: Profile, body: dict[str, Any]) -> bool:
        failure = self.choices.store_default(profile, body)
        if failure:
            self.set_note(failure, error=True)
            return False
        self.set_note(translate("Shipment", "Saved as the default sender of this profile."))
        return True

    def ask_for_offer(self) -> None:
        """Ask the account for its default shipping address while the profile has no sender."""
        if self.choices.needs_offer():
            with contextlib.suppress(RuntimeError):
                self.offer_task = self.context.spawn(self.load_offer())

    async def load_offer(self) -> None:
        """Offer the account's default shipping address when the profile has no sender."""
        offer = await self.choices.load_offer()
        if offer:
            self.offer.offer(offer)

    def use_offered(self, address: dict[str, Any]) -> bool:
        """The offer taken: the address becomes the profile's default sender and the sender."""
        profile = self.context.profile
        if profile is None or not address:
            return False
        self.form.set_address(address)
        if not self._store(profile, address):
            return False
        self.offer.withdraw()
        self.refilled.emit()
        self.toggle.setChecked(any(p.path.startswith("from") for p in self._check()))
        return True

    # --- saved addresses ---------------------------------------------------------------------

    def load_saved_addresses_later(self) -> None:
        """Connected: fill "Saved addresses" (and resolve a stored default sender)."""
        with contextlib.suppress(RuntimeError):
            self.addresses_task = self.context.spawn(self.load_saved_addresses())

    async def load_saved_addresses(self) -> None:
        """Fill "Saved addresses" from the service (and resolve a stored default sender)."""
        resolved = await self.choices.load_saved()
        self.set_saved_addresses()
        if resolved is not None:
            if resolved:
                self.form.set_address(resolved)
            self.reloaded.emit()

    def set_saved_addresses(self) -> None:
        """The list: a prompt, then the account's saved addresses."""
        self.saved_combo.clear()
        self.saved_combo.addItem(translate("Shipment", "Saved addresses…"), None)
        for a in self.choices.saved:
            self.saved_combo.addItem(address_line(a), a.get("id"))

    def _on_saved_chosen(self, index: int) -> None:
        match = self.choices.saved_address(self.saved_combo.itemData(index))
        if match is not None:
            self.form.set_address(address_fields(match))
            self.refilled.emit()

    def _on_toggle(self, on: bool) -> None:
        self.form.setVisible(on)
        self.saved_combo.setVisible(on)
        self.toggle.setText(
            translate("Shipment", "Done") if on else translate("Shipment", "Change…")
        )
