"""Drafts: what is typed in the shipment form survives a close, a crash and a profile switch.

`form_snapshot()` reads the form's raw texts (also half-typed, invalid ones) into plain JSON;
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

from desktop_app.gui.shell.context import AppContext

log = logging.getLogger(__name__)

DRAFT_NAME = "shipment"
#: a draft is written this long after the last keystroke (a kill loses at most this much)
SAVE_DELAY_MS = 300
SNAPSHOT_VERSION = 1


def _address_snapshot(address_form: Any) -> dict[str, Any]:
    texts = {name: f.text() for name, f in address_form.fields.items() if name != "mode"}
    return {"mode": address_form.mode, "fields": {k: v for k, v in texts.items() if v}}


def _restore_address(address_form: Any, data: Any) -> None:
    if not isinstance(data, Mapping):
        return
    fields = data.get("fields")
    address_form.set_address(dict(fields) if isinstance(fields, Mapping) else {})
    mode = data.get("mode")
    if isinstance(mode, str) and address_form.with_modes:
        address_form.set_mode(mode)
        if isinstance(fields, Mapping):  # a mode change may have reshaped the fields
            for name, value in fields.items():
                f = address_form.fields.get(name)
                if f is not None:
                    f.set_text(value)


def form_snapshot(form: Any) -> dict[str, Any]:
    """The form as plain JSON: receiver, sender, carrier/service, packages, add-ons (ticked,
    with their details), reference, label format, order details."""
    order = form.order_details
    return {
        "version": SNAPSHOT_VERSION,
        "receiver": _address_snapshot(form.receiver),
        "sender": _address_snapshot(form.sender_form),
        "carrier": form.carrier_service.carrier,
        "service": form.carrier_service.service,
        "packages": [row.package() for row in form.packages.rows],
        "add_ons": form.addons.snapshot(),
        "reference": form.reference_edit.text(),
        "label_format": form.reference_section.chosen_format,
        "order": {k: f.text() for k, f in order.fields.items()}
        if order.check.isChecked()
        else None,
    }


def restore_snapshot(form: Any, data: Mapping[str, Any]) -> bool:
    """Put a snapshot back into the form; False when it is not one this version reads."""
    if data.get("version") != SNAPSHOT_VERSION:
        return False
    carrier, service = data.get("carrier"), data.get("service")
    if isinstance(carrier, str) and carrier:
        form.carrier_service.set_carrier(carrier, service if isinstance(service, str) else None)
    _restore_address(form.receiver, data.get("receiver"))
    _restore_address(form.sender_form, data.get("sender"))
    packages = [p for p in data.get("packages") or [] if isinstance(p, Mapping)]
    if packages:
        form.packages.reset()
        form.packages.rows[0].set_package(dict(packages[0]))
        for package in packages[1:]:
            form.packages.add_row(dict(package))
    form.addons.restore(data.get("add_ons"))  # (a draft from before add-ons were kept: none)
    form.reference_edit.setText(str(data.get("reference") or ""))
    fmt = data.get("label_format")
    if fmt:
        index = form.reference_section.format_combo.findData(fmt)
        if index >= 0:
            form.reference_section.format_combo.setCurrentIndex(index)
    order = data.get("order")
    form.order_details.check.setChecked(isinstance(order, Mapping))
    if isinstance(order, Mapping):
        for key, value in order.items():
            f = form.order_details.fields.get(key)
            if f is not None:
                f.set_text(value)
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
