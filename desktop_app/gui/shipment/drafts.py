"""Drafts: what is typed in the shipment form survives a close, a crash and a profile switch.

`form_snapshot()` reads the form's raw texts (also half-typed, invalid ones) into a
`draft_snapshot.ShipmentSnapshot` (plain JSON, read and written without a window);
`restore_snapshot()` puts them back. `DraftKeeper` saves the snapshot into the current
profile's store shortly after each edit (and at once before a switch or a close), clears it
once the shipment is created or the form emptied, and restores it when a profile is opened.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject, QTimer

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.draft_snapshot import AddressSnapshot, ShipmentSnapshot

log = logging.getLogger(__name__)

DRAFT_NAME = "shipment"
#: a draft is written this long after the last keystroke (a kill loses at most this much)
SAVE_DELAY_MS = 300


def _address_snapshot(address_form: Any) -> AddressSnapshot:
    texts = {name: f.text() for name, f in address_form.fields.items() if name != "mode"}
    return AddressSnapshot(address_form.mode, texts)


def _restore_address(address_form: Any, data: AddressSnapshot | None) -> None:
    if data is None:
        return
    address_form.set_address(dict(data.fields))
    if data.mode and address_form.with_modes:
        address_form.set_mode(data.mode)
        for name, value in data.fields.items():  # a mode change may have reshaped the fields
            f = address_form.fields.get(name)
            if f is not None:
                f.set_text(value)


def form_snapshot(form: Any) -> dict[str, Any]:
    """The form as plain JSON: receiver, sender, carrier/service, packages, add-ons (ticked,
    with their details), reference, label format, order details, customs section."""
    order = form.order_details
    return ShipmentSnapshot(
        receiver=_address_snapshot(form.receiver),
        sender=_address_snapshot(form.sender_form),
        carrier=form.carrier_service.carrier,
        service=form.carrier_service.service,
        packages=[row.package() for row in form.packages.rows],
        add_ons=form.addons.snapshot(),
        reference=form.reference_edit.text(),
        label_format=form.reference_section.chosen_format,
        order={k: f.text() for k, f in order.fields.items()} if order.check.isChecked() else None,
        customs=form.customs.snapshot(),
    ).to_json()


def restore_snapshot(form: Any, data: Mapping[str, Any]) -> bool:
    """Put a snapshot back into the form; False when it is not one this version reads."""
    snapshot = ShipmentSnapshot.from_json(data)
    if snapshot is None:
        return False
    if snapshot.carrier:
        form.carrier_service.set_carrier(snapshot.carrier, snapshot.service)
    _restore_address(form.receiver, snapshot.receiver)
    _restore_address(form.sender_form, snapshot.sender)
    if snapshot.packages:
        form.packages.reset()
        form.packages.rows[0].set_package(snapshot.packages[0])
        for package in snapshot.packages[1:]:
            form.packages.add_row(package)
    form.addons.restore(snapshot.add_ons)
    form.reference_edit.setText(snapshot.reference)
    formats = form.reference_section.format_combo
    index = formats.findData(snapshot.label_format) if snapshot.label_format else -1
    if index >= 0:
        formats.setCurrentIndex(index)
    form.order_details.check.setChecked(snapshot.order is not None)
    for key, value in (snapshot.order or {}).items():
        f = form.order_details.fields.get(key)
        if f is not None:
            f.set_text(value)
    if snapshot.customs is not None:
        form.customs.restore(snapshot.customs)
    form.refresh_label_formats()
    form.validate_now()
    return True


class DraftKeeper(QObject):
    """Keeps the form's draft in the current profile's store."""

    def __init__(self, context: AppContext, form: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.form = form
        self.restoring = False
        self.restored_from: str | None = None  # the profile whose draft was last put back
        self._pending_profile: str | None = None
        self._opened: str | None = None  # the profile whose draft the form started from
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SAVE_DELAY_MS)
        self._timer.timeout.connect(self._save_scheduled)
        form.edited.connect(self.schedule)
        # connected after the form's own handler: the form is reset first, then refilled
        context.profile_changed.connect(self._on_profile)
        if context.profile is not None:
            self._on_profile(context.profile)

    def _on_profile(self, profile: Any) -> None:
        if profile.id == self._opened:
            return  # the same profile edited in Settings: the form keeps what is typed
        self._opened = profile.id
        self.restore()

    def schedule(self) -> None:
        """An edit: save a little later (typing goes on undisturbed)."""
        if self.restoring or self.context.profile is None:
            return
        self._pending_profile = self.context.profile.id
        self._timer.start()

    def _save_scheduled(self) -> None:
        profile = self.context.profile
        if profile is None or profile.id != self._pending_profile:
            return  # the profile changed meanwhile: its draft was saved before the switch
        self.save_now()

    def save_now(self) -> None:
        """Write the draft now (or clear it when nothing is typed)."""
        self._timer.stop()
        self._pending_profile = None
        store = self.context.store
        if store is None or self.restoring:
            return
        try:
            if self.form.has_unsaved_input():
                store.save_draft(DRAFT_NAME, form_snapshot(self.form))
            else:
                store.clear_draft(DRAFT_NAME)
        except Exception:  # a full disk or a closed store must not break typing
            log.exception("could not keep the shipment draft")

    def clear(self) -> None:
        """The shipment was created: no draft to keep."""
        self._timer.stop()
        self._pending_profile = None
        store = self.context.store
        if store is not None:
            with contextlib.suppress(Exception):
                store.clear_draft(DRAFT_NAME)

    def restore(self) -> bool:
        """Put the current profile's draft back into the form (after a start or a switch)."""
        self._timer.stop()
        store, profile = self.context.store, self.context.profile
        if store is None or profile is None:
            return False
        try:
            data = store.load_draft(DRAFT_NAME)
        except Exception:
            log.exception("could not read the shipment draft")
            return False
        if not data:
            return False
        self.restoring = True
        try:
            done = restore_snapshot(self.form, data)
        finally:
            self.restoring = False
        if done:
            self.restored_from = profile.id
        return done
