"""Returns: "Create return label…" in the history, and the dialog that shows the return.

`attach_to_history()` adds the action (button, context menu) that `return_offer()` enables; on
a shipment with a return already it asks first (`existing_return_question()`) and can select
the existing one instead. `ReturnDialog` shows the draft of `ReturnPresenter` (return_label.py):
both addresses (editable), the notes, the contents, reference and reason, the domain's
problems; Create waits for where the return goes and creates it through the journal, so it
lands in the history with its label.
"""

from __future__ import annotations

import asyncio
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
    QStyle,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.rules import Problem
from desktop_app.gui.core.theme import ERROR, MUTED, color
from desktop_app.gui.history.return_label import (
    ReturnPresenter,
    return_offer,
    return_question,
    returnable,
)
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.address_form import AddressFormWidget
from desktop_app.gui.widgets.fixed_rows import scrolling
from desktop_app.gui.widgets.problems import problems_text
from desktop_app.gui.widgets.screen_fit import resize_within_screen
from desktop_app.gui.widgets.tasks import TaskSet
from desktop_app.profiles.store import StoredShipment

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


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
        self.presenter = ReturnPresenter(ctx, shipment)
        self.label_format = self.presenter.label_format
        self.tasks = TaskSet(self._show_error, ctx)
        self.setObjectName("returnDialog")
        self.setWindowTitle(self.presenter.title())
        draft = self.presenter.base_draft

        self.sender_form = AddressFormWidget("return_from")
        self.sender_form.set_address(draft["from"], touched=False)
        self.receiver = AddressFormWidget("return_to")
        self.receiver.set_address(draft["to"], touched=False)
        self.receiver_start = self.receiver.address()
        sender_box = QGroupBox(translate("History", "From (the customer)"))
        QVBoxLayout(sender_box).addWidget(self.sender_form)
        receiver_box = QGroupBox(translate("History", "To (back to you)"))
        QVBoxLayout(receiver_box).addWidget(self.receiver)

        self.summary = QLabel(self.presenter.summary())
        self.summary.setWordWrap(True)
        self.notes_label = QLabel()
        self.notes_label.setObjectName("return_notes")
        self.notes_label.setWordWrap(True)
        self.notes_label.setStyleSheet(f"color: {color(MUTED)};")
        self._show_notes()
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("return_reason")
        self.reason_edit.setPlaceholderText(
            translate("History", "e.g. wrong size (kept with the shipment)")
        )
        self.description_edit = QLineEdit(self.presenter.description())
        self.description_edit.setObjectName("return_description")
        self.description_edit.setPlaceholderText(translate("History", "contents, e.g. shoes"))
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
        self.print_check.setChecked(self.presenter.can_print())
        self.print_check.setEnabled(self.presenter.can_print())
        self.problems_label = QLabel()
        self.problems_label.setObjectName("return_problems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(f"color: {color(ERROR)};")
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
        # the addresses and details scroll inside: both address forms are taller than a
        # 600 px screen has room for, and the buttons must stay in view
        fields = QWidget()
        fields_layout = QVBoxLayout(fields)
        fields_layout.setContentsMargins(0, 0, 0, 0)
        fields_layout.addLayout(addresses)
        fields_layout.addLayout(details)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.notes_label)
        layout.addWidget(scrolling(fields), 1)
        layout.addWidget(self.problems_label)
        layout.addLayout(buttons)
        # as wide as both forms side by side with the vertical scroll bar (a scroll area's own
        # hint is narrower: the German labels then scrolled sideways)
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        margins = layout.contentsMargins()
        width = fields.sizeHint().width() + scroll_bar + margins.left() + margins.right() + 4
        resize_within_screen(
            self, max(self.sizeHint().width(), width), fields.sizeHint().height() + 160
        )

        for w in (self.sender_form, self.receiver):
            w.edited.connect(self.check)
        for edit in (self.description_edit, self.reference_edit, self.reason_edit):
            edit.textChanged.connect(lambda _t: self.check())
        self.create_button.clicked.connect(lambda: self.tasks.spawn(self.create_return()))
        self.cancel_button.clicked.connect(self.reject)
        # where the return goes: the account's default returns address, if it has one
        self.receiver_task: asyncio.Task[Any] | None = None
        if ctx.client is not None:
            self.receiver_task = self.tasks.spawn(self.load_returns_receiver())
        self.check()

    @property
    def created(self) -> StoredShipment | None:
        """The return once created."""
        return self.presenter.created

    def _show_notes(self) -> None:
        self.notes_label.setText(self.presenter.notes_text())
        self.notes_label.setVisible(bool(self.presenter.notes))

    async def load_returns_receiver(self) -> None:
        """Send the return to the account's default returns address when it has one (unless
        the receiver was edited meanwhile); Create waits for it."""
        receiver = await self.presenter.default_receiver()
        if receiver is None or self.receiver.address() != self.receiver_start:
            return
        self.receiver.set_address(receiver, touched=False)
        self.presenter.note_default_receiver()
        self._show_notes()
        self.check()

    def draft(self) -> dict[str, Any]:
        """The return shipment as it would be sent now."""
        return self.presenter.draft(
            self.sender_form.address(),
            self.receiver.address(),
            description=self.description_edit.text(),
            reference=self.reference_edit.text(),
            reason=self.reason_edit.text(),
        )

    def check(self) -> list[Problem]:
        """Run the domain rules on the draft; Create only without problems."""
        problems = self.presenter.problems(self.draft())
        self.problems_label.setText(problems_text(problems))
        self.create_button.setEnabled(self.presenter.can_create(problems))
        return problems

    def _show_error(self, text: str) -> None:
        self.problems_label.setText(text)

    async def create_return(self) -> StoredShipment | None:
        """Create the return through the journal; print it when asked."""
        if self.receiver_task is not None:
            await asyncio.gather(self.receiver_task, return_exceptions=True)  # where it goes
        if self.ctx.creator is None or self.check():
            return None
        self.create_button.setEnabled(False)
        self.problems_label.setText(translate("History", "Creating the return label…"))
        refused = await self.presenter.create(self.draft(), self.print_check.isChecked())
        stored = self.presenter.created
        if refused or stored is None:
            self.problems_label.setText(refused)
            self.create_button.setEnabled(True)
            return None
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
        ok, tip = return_offer(history.selected_shipments())
        action.setEnabled(ok)
        button.setEnabled(ok)
        button.setToolTip(tip)
        action.setToolTip(tip)

    def open_dialog() -> None:
        shipments = history.selected_shipments()
        if len(shipments) != 1 or not returnable(shipments[0])[0]:
            return
        question, existing = return_question(ctx, shipments[0])
        if existing is not None and not ask_again(question):
            show_existing(existing)
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
