"""Returns: "Create return label" from a history entry.

`returnable()` says whether a stored shipment can get a return label (its carrier takes
returns); `return_draft()` builds the `returns` shipment: sender and receiver swapped, the
packages carried over, additional services removed, with the reasons as notes. The receiver
is the account's default returns address when it has one (`returns_receiver()`, asked when
the dialog opens; Create waits for the answer), else the original sender. The dialog
shows both addresses (editable), the notes and the domain's problems; Create goes through
the journaled creator like any shipment, so the return lands in the history with its label.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.catalog import load_catalog

# address fields carried over (the stored address id and partner id are not: the customer's
# parcel point and the shop's stored address are not where a return starts or ends)
from desktop_app.domain.models.address import ADDRESS_FIELDS as _ADDRESS_KEYS
from desktop_app.domain.rules import Problem, validate
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import (
    additional_service_name,
    date_time,
    label_format_name,
    service_name,
)
from desktop_app.gui.shell.theme import ERROR_COLOR, MUTED_COLOR
from desktop_app.gui.widgets.address_form import AddressFormWidget
from desktop_app.gui.widgets.problems import problems_text
from desktop_app.gui.widgets.tasks import TaskSet, service_text
from desktop_app.profiles.store import StoredShipment, return_reference

if TYPE_CHECKING:
    from desktop_app.gui.shell.context import AppContext

log = logging.getLogger(__name__)

RETURN_SERVICE = "returns"
_PACKAGE_KEYS = ("weight", "length", "width", "height", "type", "description")


def returnable(shipment: StoredShipment) -> tuple[bool, str]:
    """Whether a return label can be made for `shipment`, and why not."""
    if shipment.service == RETURN_SERVICE:
        return False, translate("History", "it is a return itself")
    spec = load_catalog().carriers.get(shipment.carrier)
    if spec is None:
        return False, translate("History", "the carrier {carrier} is unknown").format(
            carrier=shipment.carrier
        )
    if not spec.returns:
        takers = ", ".join(c.display_name for c in load_catalog().carriers.values() if c.returns)
        return False, translate(
            "History", "{display_name} takes no returns (these carriers do: {takers})"
        ).format(display_name=spec.display_name, takers=takers)
    return True, ""


def existing_return_question(shipment: StoredShipment, returns: list[StoredShipment]) -> str:
    """What "Create return label…" asks when `shipment` has return labels already."""
    latest = returns[0]
    return translate(
        "History",
        "%n return label(s) already exist for {who}; the latest is {reference}, created "
        "{when}.\n\nA second return label is rarely needed: show the existing one, or "
        "create another?",
        None,
        len(returns),
    ).format(
        who=shipment.reference_number or shipment.recipient or shipment.id,
        reference=latest.reference_number or latest.carrier_tracking_no or latest.id,
        when=date_time(latest.created_at),
    )


def _address(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        return {}
    return {k: value[k] for k in _ADDRESS_KEYS if value.get(k) not in (None, "")}


def _package(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        return {}
    return {k: value[k] for k in _PACKAGE_KEYS if value.get(k) not in (None, "")}


def return_draft(
    shipment: StoredShipment, *, label_format: str | None = None, reason: str = ""
) -> tuple[dict[str, Any], list[str]]:
    """The `returns` shipment for `shipment` and notes on what changed and why."""
    data = shipment.data
    notes: list[str] = []
    spec = load_catalog().carriers.get(shipment.carrier)
    name = spec.display_name if spec else shipment.carrier
    packages = [_package(p) for p in data.get("packages") or [] if isinstance(p, Mapping)]
    if not packages:
        packages = [{}]
    draft: dict[str, Any] = {
        "carrier": shipment.carrier,
        "service": RETURN_SERVICE,
        "from": _address(data.get("to")),
        "to": _address(data.get("from")),
    }
    if len(packages) > 1 and spec is not None and spec.multiple_packages:
        draft["packages"] = packages
    else:
        draft["package"] = packages[0]
        if len(packages) > 1:
            notes.append(
                translate(
                    "History", "{name} takes one package per shipment: the return has the first."
                ).format(name=name)
            )
    removed = [
        str(s.get("name"))
        for s in data.get("additional_services") or []
        if isinstance(s, Mapping) and s.get("name")
    ]
    if removed:
        notes.append(
            translate(
                "History",
                "Additional services removed ({0}): return shipments carry no additional services.",
            ).format(", ".join(additional_service_name(n) for n in removed))
        )
    if any(isinstance(p, Mapping) and p.get("declared_value") for p in data.get("packages") or []):
        notes.append(
            translate(
                "History",
                "The declared value (higher insurance) is not carried over to the return.",
            )
        )
    to = data.get("to") if isinstance(data.get("to"), Mapping) else {}
    if to and (to.get("partner_id") or str(to.get("care_of") or "").startswith("PAK ")):
        notes.append(
            translate(
                "History",
                "The shipment went to a workplace parcel point: check the customer's address.",
            )
        )
    draft["reference_number"] = return_reference(shipment)
    metadata: dict[str, Any] = {"return_of": shipment.id}
    if reason.strip():
        metadata["return_reason"] = reason.strip()
    draft["metadata"] = metadata
    if label_format:
        draft["label"] = {"format": label_format}
    draft["create_shipping_label"] = True
    return draft, notes


class ReturnDialog(QDialog):
    """Shows the return shipment before it is created: addresses, notes, problems."""

    #: the return was created (its StoredShipment)
    return_created = Signal(object)

    def __init__(
        self, ctx: AppContext, shipment: StoredShipment, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.original = shipment
        self.created: StoredShipment | None = None
        self.tasks = TaskSet(self._show_error, ctx)
        self.setObjectName("returnDialog")
        who = shipment.reference_number or shipment.recipient or shipment.id
        self.setWindowTitle(translate("History", "Return label for {who}").format(who=who))
        label_format, format_reason = ctx.auto_format(shipment.carrier, RETURN_SERVICE)
        self.label_format = label_format
        draft, self.notes = return_draft(shipment, label_format=label_format)
        self.base_draft = draft

        self.sender_form = AddressFormWidget("return_from")
        self.sender_form.set_address(draft["from"], touched=False)
        self.receiver = AddressFormWidget("return_to")
        self.receiver.set_address(draft["to"], touched=False)
        self.receiver_start = self.receiver.address()
        sender_box = QGroupBox(translate("History", "From (the customer)"))
        QVBoxLayout(sender_box).addWidget(self.sender_form)
        receiver_box = QGroupBox(translate("History", "To (back to you)"))
        QVBoxLayout(receiver_box).addWidget(self.receiver)

        spec = load_catalog().carriers.get(shipment.carrier)
        carrier_name = spec.display_name if spec else shipment.carrier
        self.summary = QLabel(
            translate("History", "{carrier} · {service} · label {label} ({reason})").format(
                carrier=carrier_name,
                service=service_name(shipment.carrier, RETURN_SERVICE),
                label=label_format_name(label_format) or "—",
                reason=format_reason,
            )
        )
        self.summary.setWordWrap(True)
        self.notes_label = QLabel("\n".join(f"• {n}" for n in self.notes))
        self.notes_label.setObjectName("return_notes")
        self.notes_label.setWordWrap(True)
        self.notes_label.setStyleSheet(f"color: {MUTED_COLOR};")
        self.notes_label.setVisible(bool(self.notes))
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("return_reason")
        self.reason_edit.setPlaceholderText(
            translate("History", "e.g. wrong size (kept with the shipment)")
        )
        self.description_edit = QLineEdit()
        self.description_edit.setObjectName("return_description")
        self.description_edit.setPlaceholderText(translate("History", "contents, e.g. shoes"))
        package = draft.get("package") or (draft.get("packages") or [{}])[0]
        self.description_edit.setText(str(package.get("description") or ""))
        self.reference_edit = QLineEdit(str(draft["reference_number"]))
        self.reference_edit.setObjectName("return_reference")
        details = QGridLayout()
        details.addWidget(QLabel(translate("History", "Return reason")), 0, 0)
        details.addWidget(self.reason_edit, 0, 1)
        details.addWidget(QLabel(translate("History", "Contents")), 1, 0)
        details.addWidget(self.description_edit, 1, 1)
        details.addWidget(QLabel(translate("History", "Reference")), 2, 0)
        details.addWidget(self.reference_edit, 2, 1)
        self.print_check = QCheckBox(translate("History", "Print the label"))
        self.print_check.setChecked(ctx.printer() is not None)
        self.print_check.setEnabled(ctx.printer() is not None)
        self.problems_label = QLabel()
        self.problems_label.setObjectName("return_problems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(f"color: {ERROR_COLOR};")
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.create_button = QPushButton(translate("History", "Create return label"))
        self.create_button.setObjectName("return_create")
        self.create_button.setDefault(True)
        self.cancel_button = QPushButton(translate("History", "Cancel"))

        addresses = QHBoxLayout()
        addresses.addWidget(sender_box)
        addresses.addWidget(receiver_box)
        buttons = QHBoxLayout()
        buttons.addWidget(self.print_check)
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.create_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.notes_label)
        layout.addLayout(addresses)
        layout.addLayout(details)
        layout.addWidget(self.problems_label)
        layout.addLayout(buttons)

        for w in (self.sender_form, self.receiver):
            w.edited.connect(self.check)
        for edit in (self.description_edit, self.reference_edit, self.reason_edit):
            edit.textChanged.connect(lambda _t: self.check())
        self.create_button.clicked.connect(lambda: self.tasks.spawn(self.create()))
        self.cancel_button.clicked.connect(self.reject)
        # where the return goes: the account's default returns address, if it has one
        self.receiver_task: asyncio.Task[Any] | None = None
        if ctx.client is not None:
            self.receiver_task = self.tasks.spawn(self.load_returns_receiver())
        self.check()

    async def load_returns_receiver(self) -> None:
        """Send the return to the account's default returns address when it has one (unless
        the receiver was edited meanwhile); Create waits for it."""
        from desktop_app.client.account_addresses import returns_receiver

        client = self.ctx.client
        if client is None:
            return
        receiver, is_default = await returns_receiver(client, self.base_draft["to"])
        if not is_default or self.receiver.address() != self.receiver_start:
            return
        self.receiver.set_address(receiver, touched=False)
        self.notes.append(
            translate("History", "The return goes to your account's default returns address.")
        )
        self.notes_label.setText("\n".join(f"• {n}" for n in self.notes))
        self.notes_label.setVisible(True)
        self.check()

    def draft(self) -> dict[str, Any]:
        """The return shipment as it would be sent now."""
        draft = dict(self.base_draft)
        draft["from"] = self.sender_form.address()
        draft["to"] = self.receiver.address()
        description = self.description_edit.text().strip()
        if "package" in draft:
            package = dict(draft["package"])
            package.pop("description", None)
            if description:
                package["description"] = description
            draft["package"] = package
        else:
            packages = [dict(p) for p in draft["packages"]]
            for p in packages:
                if description and not p.get("description"):
                    p["description"] = description
            draft["packages"] = packages
        draft["reference_number"] = self.reference_edit.text().strip()
        metadata = {"return_of": self.original.id}
        if self.reason_edit.text().strip():
            metadata["return_reason"] = self.reason_edit.text().strip()
        draft["metadata"] = metadata
        return draft

    def check(self) -> list[Problem]:
        """Run the domain rules on the draft; Create only without problems."""
        problems = validate(self.draft())
        self.problems_label.setText(problems_text(problems))
        self.create_button.setEnabled(not problems and self.ctx.creator is not None)
        return problems

    def _show_error(self, text: str) -> None:
        self.problems_label.setText(text)

    async def create(self) -> StoredShipment | None:
        """Create the return through the journal; print it when asked."""
        from desktop_app.client.errors import APIError

        creator = self.ctx.creator
        if self.receiver_task is not None:
            await asyncio.gather(self.receiver_task, return_exceptions=True)  # where it goes
        if creator is None or self.check():
            return None
        self.create_button.setEnabled(False)
        self.problems_label.setText(translate("History", "Creating the return label…"))
        try:
            stored = await creator.create(self.draft())
        except APIError as exc:
            self.problems_label.setText(
                translate("History", "The service refused the return: {0}").format(
                    service_text(exc)
                )
            )
            self.create_button.setEnabled(True)
            return None
        self.created = stored
        self.ctx.shipment_created.emit(stored)
        if self.print_check.isChecked():
            try:
                self.ctx.print_label(stored)
            except (ValueError, RuntimeError) as exc:
                log.warning("return label not printed: %s", exc)
        self.return_created.emit(stored)
        self.accept()
        return stored


def attach_to_history(history: Any, ctx: AppContext) -> QAction:
    """Add "Create return label…" (button, context menu) to the history page."""
    action = QAction(translate("History", "Create return label…"), history)
    action.setObjectName("create_return")
    button = QPushButton(translate("History", "Create return label…"))
    button.setObjectName("return_button")
    history.return_dialog = None

    def update(*_args: Any) -> None:
        shipments = history.selected_shipments()
        ok, why = (False, translate("History", "select one shipment"))
        if len(shipments) == 1:
            ok, why = returnable(shipments[0])
            if ok and shipments[0].deleted:
                ok, why = False, translate("History", "it was deleted")
        action.setEnabled(ok)
        button.setEnabled(ok)
        tip = (
            translate("History", "Make a return label: sender and receiver swapped")
            if ok
            else translate("History", "No return: {why}").format(why=why)
        )
        button.setToolTip(tip)
        action.setToolTip(tip)

    def open_dialog() -> None:
        shipments = history.selected_shipments()
        if len(shipments) != 1 or not returnable(shipments[0])[0]:
            return
        store = ctx.store
        existing = store.find_returns(shipments[0]) if store is not None else []
        if existing and not ask_again(existing_return_question(shipments[0], existing)):
            show_existing(existing[0])
            return
        dialog = ReturnDialog(ctx, shipments[0], history)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.return_created.connect(
            lambda s: history.show_message(
                translate("History", "Return label created: {reference_number}.").format(
                    reference_number=s.reference_number
                )
            )
        )
        history.return_dialog = dialog
        dialog.open()

    def ask_again(text: str) -> bool:
        """True: create another; False: show the existing return (or nothing happens)."""
        box = QMessageBox(history)
        box.setObjectName("existingReturn")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(translate("History", "Return label exists"))
        box.setText(text)
        show = box.addButton(
            translate("History", "Show existing return"), QMessageBox.ButtonRole.AcceptRole
        )
        another = box.addButton(
            translate("History", "Create another"), QMessageBox.ButtonRole.DestructiveRole
        )
        box.setDefaultButton(show)
        history.existing_return_box = box
        box.exec()
        history.existing_return_box = None
        return box.clickedButton() is another

    def show_existing(existing: StoredShipment) -> None:
        """Select the existing return in the history (searching for it if it is not listed)."""
        reference = existing.reference_number or existing.id

        def select(*_args: Any) -> None:
            history.select_ids([existing.id])
            history.show_message(
                translate("History", "The existing return is selected: {reference}.").format(
                    reference=reference
                )
            )

        if history.model.row_of(existing.id) >= 0:
            select()
            return

        def found(*_args: Any) -> None:
            history.search_finished.disconnect(found)
            select()

        history.search_finished.connect(found)
        history.search(reference)

    action.triggered.connect(open_dialog)
    button.clicked.connect(action.trigger)
    history.table.selectionModel().selectionChanged.connect(update)
    history.model.modelReset.connect(update)
    history.model.dataChanged.connect(update)
    extra = getattr(history, "extra_actions", None)
    if isinstance(extra, list):
        extra.append(action)
    history.action_row.add_before_delete(button)
    history.return_button = button
    history.return_action = action
    update()
    return action
