"""Settings › Webhooks: list, create, delete, reactivate and test the account's webhooks.

The create form offers every event type of spec 6.2 and the catch-all choices; a catch-all
makes the single types below it redundant (they are greyed out). The domain's webhook rules
run as the user types (a live profile needs an https URL). Deactivated webhooks are shown as
such, with the reason the service gives.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.events import CATCH_ALL_PATTERNS, EVENT_TYPES, event_matches
from desktop_app.domain.rules import validate_webhook
from desktop_app.gui.history.page import STATUS_TEXT
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import date_time
from desktop_app.gui.shell.theme import ERROR_COLOR, MUTED_COLOR
from desktop_app.gui.widgets.problems import problem_text
from desktop_app.gui.widgets.tasks import TaskSet, service_text

if TYPE_CHECKING:
    from desktop_app.gui.shell.context import AppContext

log = logging.getLogger(__name__)

CATCH_ALL_TEXT = {
    "*": QT_TRANSLATE_NOOP("Settings", "Everything (*)"),
    "shipment.*": QT_TRANSLATE_NOOP("Settings", "Every shipment event (shipment.*)"),
    "shipment.status.*": QT_TRANSLATE_NOOP("Settings", "Every status event (shipment.status.*)"),
    "shipment.tracking.*": QT_TRANSLATE_NOOP(
        "Settings", "Every tracking event (shipment.tracking.*)"
    ),
}
DEACTIVATED_COLOR = "#b3261e"


def event_text(event_type: str) -> str:
    """A single event type as the form shows it."""
    last = event_type.rsplit(".", 1)[-1]
    word = (
        translate("History", STATUS_TEXT[last])
        if last in STATUS_TEXT
        else translate("Settings", "Deleted")
        if last == "deleted"
        else last.replace("_", " ").capitalize()
    )
    # the event type itself stays: the receiving system is programmed against it
    return translate("Settings", "{0} ({1})").format(word, event_type)


def webhook_state(hook: Any) -> str:
    """ "Active", or "Deactivated: <reason>"."""
    if not hook.deactivated:
        return translate("Settings", "Active")
    extra = hook.model_extra or {}
    reason = extra.get("deactivation_reason") or translate(
        "Settings", "the service gives no reason"
    )
    when = extra.get("deactivated_at")
    if when:
        return translate("Settings", "Deactivated: {reason} (since {when})").format(
            reason=reason, when=date_time(when)
        )
    return translate("Settings", "Deactivated: {reason}").format(reason=reason)


class WebhooksPage(QWidget):
    """The Webhooks tab of Settings."""

    #: the list was loaded (how many webhooks)
    loaded = Signal(int)
    message_shown = Signal(str)

    COLUMNS = (
        "URL",
        QT_TRANSLATE_NOOP("Settings", "Events"),
        QT_TRANSLATE_NOOP("Settings", "Security"),
        QT_TRANSLATE_NOOP("Settings", "State"),
    )

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("webhooks")
        self.tasks = TaskSet(lambda text: self.show_message(text, error=True), ctx)
        self.webhooks: list[Any] = []
        #: a delete asks first; tests and scripts may turn that off
        self.confirm_delete = True

        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setObjectName("webhook_table")
        self.table.setHorizontalHeaderLabels([translate("Settings", c) for c in self.COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.reload_button = QPushButton(translate("Settings", "Reload"))
        self.test_button = QPushButton(translate("Settings", "Send test event"))
        self.reactivate_button = QPushButton(translate("Settings", "Reactivate"))
        self.delete_button = QPushButton(translate("Settings", "Delete…"))

        # create form
        self.url_edit = QLineEdit()
        self.url_edit.setObjectName("webhook_url")
        self.url_edit.setPlaceholderText("https://example.com/packdesk-events")
        self.catch_all_boxes: dict[str, QCheckBox] = {}
        self.event_boxes: dict[str, QCheckBox] = {}
        events_box = QGroupBox(translate("Settings", "Event types"))
        grid = QGridLayout(events_box)
        for i, pattern in enumerate(CATCH_ALL_PATTERNS):
            text = CATCH_ALL_TEXT.get(pattern)
            box = QCheckBox(translate("Settings", text) if text else pattern)
            box.setObjectName(f"catch_all_{pattern}")
            self.catch_all_boxes[pattern] = box
            grid.addWidget(box, i // 2, i % 2)
        offset = (len(CATCH_ALL_PATTERNS) + 1) // 2
        for i, event_type in enumerate(EVENT_TYPES):
            box = QCheckBox(event_text(event_type))
            box.setObjectName(f"event_{event_type}")
            self.event_boxes[event_type] = box
            grid.addWidget(box, offset + i // 2, i % 2)
        self.auth_check = QCheckBox(
            translate("Settings", "Send basic authentication with each delivery")
        )
        self.user_edit = QLineEdit()
        self.user_edit.setObjectName("webhook_user")
        self.user_edit.setPlaceholderText(translate("Settings", "user name"))
        self.password_edit = QLineEdit()
        self.password_edit.setObjectName("webhook_password")
        self.password_edit.setPlaceholderText(translate("Settings", "password (optional)"))
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.create_button = QPushButton(translate("Settings", "Create webhook"))
        self.create_button.setObjectName("webhook_create")
        self.problems_label = QLabel()
        self.problems_label.setObjectName("webhook_problems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(f"color: {ERROR_COLOR};")
        self.https_note = QLabel()
        self.https_note.setWordWrap(True)
        self.https_note.setStyleSheet(f"color: {MUTED_COLOR};")
        create_box = QGroupBox(translate("Settings", "New webhook"))
        cl = QVBoxLayout(create_box)
        url_row = QHBoxLayout()
        url_row.addWidget(QLabel(translate("Settings", "URL")))
        url_row.addWidget(self.url_edit, 1)
        cl.addLayout(url_row)
        cl.addWidget(self.https_note)
        cl.addWidget(events_box)
        cl.addWidget(self.auth_check)
        auth_row = QHBoxLayout()
        auth_row.addWidget(self.user_edit)
        auth_row.addWidget(self.password_edit)
        cl.addLayout(auth_row)
        cl.addWidget(self.problems_label)
        cl.addWidget(self.create_button, 0, Qt.AlignmentFlag.AlignRight)
        cl.addStretch(1)

        self.message = QLabel()
        self.message.setObjectName("webhook_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        buttons = QHBoxLayout()
        buttons.addWidget(self.reload_button)
        buttons.addStretch(1)
        buttons.addWidget(self.test_button)
        buttons.addWidget(self.reactivate_button)
        buttons.addWidget(self.delete_button)
        left = QVBoxLayout()
        left.addWidget(self.table, 1)
        left.addLayout(buttons)
        left.addWidget(self.message)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addWidget(create_box, 2)

        self.reload_button.clicked.connect(lambda: self.tasks.spawn(self.reload()))
        self.create_button.clicked.connect(lambda: self.tasks.spawn(self.create()))
        self.test_button.clicked.connect(lambda: self._on_selected(self.send_test))
        self.reactivate_button.clicked.connect(lambda: self._on_selected(self.reactivate))
        self.delete_button.clicked.connect(self._on_delete)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.url_edit.textChanged.connect(lambda _t: self.check())
        self.user_edit.textChanged.connect(lambda _t: self.check())
        self.password_edit.textChanged.connect(lambda _t: self.check())
        self.auth_check.toggled.connect(lambda _on: self.check())
        for box in (*self.catch_all_boxes.values(), *self.event_boxes.values()):
            box.toggled.connect(lambda _on: self.check())
        ctx.profile_changed.connect(lambda *_: self._on_profile_changed())
        ctx.connection_changed.connect(self._on_connection_changed)
        self._on_profile_changed()

    # --- state ---------------------------------------------------------------------------------

    def show_message(self, text: str, error: bool = False) -> None:
        """A line under the list."""
        self.message.setStyleSheet(f"color: {ERROR_COLOR};" if error else "")
        self.message.setText(text)
        self.message_shown.emit(text)

    @property
    def live(self) -> bool:
        """True for a live profile (https required)."""
        return self.ctx.environment == "live"

    def _on_profile_changed(self) -> None:
        key = _profile_key(self.ctx)
        if key == getattr(self, "_shown_profile", None):
            return  # the same profile re-read (a new default sender...): the list still holds
        self._shown_profile = key
        self.tasks.cancel()
        self.webhooks = []
        self.table.setRowCount(0)
        self.message.clear()
        self.https_note.setText(
            translate("Settings", "Live profiles deliver only to https:// addresses.")
            if self.live
            else translate(
                "Settings", "Sandbox: http:// is accepted for a receiver on your own network."
            )
        )
        self.check()
        self._update_buttons()
        if self.ctx.client is not None:
            self._spawn_reload()

    def _on_connection_changed(self, state: str, _message: str = "") -> None:
        if state == "connected":
            self._spawn_reload()

    def _spawn_reload(self) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self.tasks.spawn(self.reload())

    # --- form ----------------------------------------------------------------------------------

    def event_types(self) -> list[str]:
        """The chosen types: catch-alls first, single types not covered by them."""
        chosen = [p for p, box in self.catch_all_boxes.items() if box.isChecked()]
        for event_type, box in self.event_boxes.items():
            covered = any(event_matches(p, event_type) for p in chosen)
            box.setEnabled(not covered)
            if box.isChecked() and not covered:
                chosen.append(event_type)
        return chosen

    def draft(self) -> dict[str, Any]:
        """The webhook as it would be sent now."""
        draft: dict[str, Any] = {"url": self.url_edit.text().strip(), "event_types": []}
        draft["event_types"] = self.event_types()
        if self.auth_check.isChecked():
            security: dict[str, Any] = {"type": "basic_auth", "username": self.user_edit.text()}
            if self.password_edit.text():
                security["password"] = self.password_edit.text()
            draft["security"] = security
        return draft

    def check(self) -> list[str]:
        """Run the domain's webhook rules; Create only without problems."""
        self.user_edit.setEnabled(self.auth_check.isChecked())
        self.password_edit.setEnabled(self.auth_check.isChecked())
        problems = [problem_text(p) for p in validate_webhook(self.draft(), live=self.live)]
        touched = bool(self.url_edit.text()) or bool(self.draft()["event_types"])
        self.problems_label.setText("\n".join(problems) if touched else "")
        self.create_button.setEnabled(not problems and self.ctx.client is not None)
        return problems

    def _clear_form(self) -> None:
        self.url_edit.clear()
        for box in (*self.catch_all_boxes.values(), *self.event_boxes.values()):
            box.setChecked(False)
        self.auth_check.setChecked(False)
        self.user_edit.clear()
        self.password_edit.clear()
        self.check()

    # --- list ----------------------------------------------------------------------------------

    async def reload(self) -> int:
        """Load the webhooks from the service."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        if client is None:
            return 0
        try:
            hooks = [h async for h in client.webhooks.iter_all()]
        except APIError as exc:
            self.show_message(
                translate("Settings", "Could not load the webhooks: {0}").format(service_text(exc)),
                error=True,
            )
            return 0
        if client is not self.ctx.client:
            return 0
        selected = self.selected_id()
        self.webhooks = hooks
        self._fill()
        if selected:
            self.select_id(selected)
        self.loaded.emit(len(hooks))
        return len(hooks)

    def _fill(self) -> None:
        self.table.setRowCount(len(self.webhooks))
        for r, hook in enumerate(self.webhooks):
            kind = hook.security.type if hook.security and hook.security.type else None
            security = (
                translate("Settings", "User name and password")
                if kind == "basic_auth"
                else translate("Settings", "no authentication")
                if kind is None
                else kind
            )
            state = webhook_state(hook)
            values = (hook.url, ", ".join(hook.event_types), security, state)
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, hook.id)
                item.setToolTip(value)
                if hook.deactivated:
                    item.setForeground(QColor(DEACTIVATED_COLOR))
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()
        self._update_buttons()

    def selected_id(self) -> str | None:
        """Id of the selected webhook."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else None

    def selected(self) -> Any:
        """The selected webhook."""
        hook_id = self.selected_id()
        return next((h for h in self.webhooks if h.id == hook_id), None)

    def select_id(self, hook_id: str) -> bool:
        """Select a webhook's row."""
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 0)
            if item and item.data(Qt.ItemDataRole.UserRole) == hook_id:
                self.table.selectRow(r)
                return True
        return False

    def row_texts(self, hook_id: str) -> list[str]:
        """The cells of a webhook's row (tests, screen readers)."""
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 0)
            if item and item.data(Qt.ItemDataRole.UserRole) == hook_id:
                return [self.table.item(r, c).text() for c in range(self.table.columnCount())]
        return []

    def _update_buttons(self) -> None:
        hook = self.selected()
        self.test_button.setEnabled(hook is not None and not hook.deactivated)
        self.test_button.setToolTip(
            translate("Settings", "Reactivate the webhook before testing it")
            if hook is not None and hook.deactivated
            else translate("Settings", "The service sends an example.event to the URL")
        )
        self.reactivate_button.setEnabled(hook is not None and hook.deactivated)
        self.delete_button.setEnabled(hook is not None)

    def _on_selected(self, action: Any) -> None:
        hook_id = self.selected_id()
        if hook_id:
            self.tasks.spawn(action(hook_id))

    # --- actions -------------------------------------------------------------------------------

    async def create(self) -> Any:
        """Create the webhook of the form."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        if client is None or self.check():
            return None
        self.create_button.setEnabled(False)
        try:
            hook = await client.webhooks.create(self.draft())
        except APIError as exc:
            self.show_message(
                translate("Settings", "The service refused the webhook: {0}").format(
                    service_text(exc)
                ),
                error=True,
            )
            self.check()
            return None
        self._clear_form()
        await self.reload()
        self.select_id(hook.id)
        self.show_message(
            translate("Settings", "Webhook created for {url}. Send a test event to try it.").format(
                url=hook.url
            )
        )
        return hook

    async def send_test(self, hook_id: str) -> bool:
        """Ask the service to send an example.event to the webhook."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        if client is None:
            return False
        try:
            await client.webhooks.test(hook_id)
        except APIError as exc:
            self.show_message(
                translate("Settings", "No test event: {0}").format(service_text(exc)), error=True
            )
            return False
        hook = next((h for h in self.webhooks if h.id == hook_id), None)
        self.show_message(
            translate("Settings", "Test event sent to {0}.").format(
                hook.url if hook else translate("Settings", "the webhook")
            )
        )
        return True

    async def reactivate(self, hook_id: str) -> bool:
        """Turn a deactivated webhook on again."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        if client is None:
            return False
        try:
            hook = await client.webhooks.reactivate(hook_id)
        except APIError as exc:
            self.show_message(
                translate("Settings", "Not reactivated: {0}").format(service_text(exc)), error=True
            )
            return False
        await self.reload()
        self.show_message(
            translate("Settings", "Reactivated: {url}. Undelivered events are sent again.").format(
                url=hook.url
            )
        )
        return True

    def _on_delete(self) -> None:
        hook = self.selected()
        if hook is None:
            return
        if self.confirm_delete:
            answer = QMessageBox.question(
                self,
                translate("Settings", "Delete webhook"),
                translate(
                    "Settings",
                    "Delete the webhook for {url}?\n\nEvents not yet delivered are dropped.",
                ).format(url=hook.url),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.tasks.spawn(self.delete(hook.id))

    async def delete(self, hook_id: str) -> bool:
        """Delete a webhook."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        if client is None:
            return False
        try:
            await client.webhooks.delete(hook_id)
        except APIError as exc:
            self.show_message(
                translate("Settings", "Not deleted: {0}").format(service_text(exc)), error=True
            )
            return False
        await self.reload()
        self.show_message(translate("Settings", "Webhook deleted."))
        return True


def _profile_key(ctx: Any) -> tuple[str, str, str] | None:
    """What this page's content depends on: which profile, its environment and service."""
    profile = ctx.profile
    if profile is None:
        return None
    return (profile.id, profile.environment, profile.base_url)
