"""Settings › Webhooks: list, create, delete, reactivate and test the account's webhooks.

The page shows what `WebhooksPresenter` (webhook_subscriptions.py) holds and decides: the list
of the open profile's webhooks, the domain's rules on the typed webhook (a live profile needs
an https URL), the service's answers. The "New webhook" form is `WebhookFormWidget`
(webhook_form.py). Deactivated webhooks are shown as such, with the reason the service gives.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.webhooks.partials.webhook_form import (
    CATCH_ALL_TEXT,
    WebhookFormWidget,
)
from desktop_app.gui.settings.webhooks.presenter import (
    WebhooksPresenter,
    delete_question,
    event_text,
    row_texts,
    webhook_state,
)
from desktop_app.gui.widgets.meaning_items import MeaningTableItem
from desktop_app.gui.widgets.tables import pick_one_table

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

log = logging.getLogger(__name__)


__all__ = ["CATCH_ALL_TEXT", "WebhooksPage", "event_text", "webhook_state"]


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
        self.presenter = WebhooksPresenter(ctx, self)
        self.tasks = self.presenter.tasks
        #: a delete asks first; tests and scripts may turn that off
        self.confirm_delete = True

        self.table = pick_one_table("webhook_table", "Settings", self.COLUMNS)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.reload_button = QPushButton(translate("Settings", "Reload"))
        self.test_button = QPushButton(translate("Settings", "Send test event"))
        self.reactivate_button = QPushButton(translate("Settings", "Reactivate"))
        self.delete_button = QPushButton(translate("Settings", "Delete…"))
        self.form = WebhookFormWidget()
        # the form's parts, as the page offered them before the form was its own widget
        self.url_edit = self.form.url_edit
        self.catch_all_boxes = self.form.catch_all_boxes
        self.event_boxes = self.form.event_boxes
        self.auth_check = self.form.auth_check
        self.user_edit = self.form.user_edit
        self.password_edit = self.form.password_edit
        self.create_button = self.form.create_button
        self.problems_label = self.form.problems_label
        self.https_note = self.form.https_note

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
        layout.addWidget(self.form, 2)

        self.reload_button.clicked.connect(lambda: self.tasks.spawn(self.reload()))
        self.create_button.clicked.connect(lambda: self.tasks.spawn(self.create_webhook()))
        self.test_button.clicked.connect(lambda: self._on_selected(self.send_test))
        self.reactivate_button.clicked.connect(lambda: self._on_selected(self.reactivate))
        self.delete_button.clicked.connect(self._on_delete)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.form.edited.connect(self.check)
        self.presenter.message_shown.connect(self.show_message)
        self.presenter.reset.connect(self._on_reset)
        self.presenter.loaded.connect(self._on_loaded)
        self.presenter.follow_profile()

    # --- state ---------------------------------------------------------------------------------

    def show_message(self, text: str, error: bool = False) -> None:
        """A line under the list."""
        self.message.setStyleSheet(f"color: {color(ERROR)};" if error else "")
        self.message.setText(text)
        self.message_shown.emit(text)

    @property
    def webhooks(self) -> list[Any]:
        """The webhooks listed."""
        return self.presenter.webhooks

    @property
    def live(self) -> bool:
        """True for a live profile (https required)."""
        return self.presenter.live

    def _on_reset(self) -> None:
        self.table.setRowCount(0)
        self.message.clear()
        self.https_note.setText(self.presenter.https_note())
        self.check()
        self._update_buttons()

    # --- form ----------------------------------------------------------------------------------

    def draft(self) -> dict[str, Any]:
        """The webhook as it would be sent now."""
        return self.form.draft()

    def check(self) -> list[str]:
        """Run the domain's webhook rules; Create only without problems."""
        problems = self.presenter.problems(self.form.draft())
        self.form.show_problems(problems, self.presenter.connected)
        return problems

    # --- list ----------------------------------------------------------------------------------

    async def reload(self) -> int:
        """Load the webhooks from the service."""
        return await self.presenter.reload()

    def _on_loaded(self, count: int) -> None:
        selected = self.selected_id()
        self._fill()
        if selected:
            self.select_id(selected)
        self.loaded.emit(count)

    def _fill(self) -> None:
        self.table.setRowCount(len(self.webhooks))
        for r, hook in enumerate(self.webhooks):
            for c, value in enumerate(row_texts(hook)):
                item = MeaningTableItem(value, ERROR if hook.deactivated else None)
                item.setData(Qt.ItemDataRole.UserRole, hook.id)
                item.setToolTip(value)
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
        return self.presenter.hook(self.selected_id())

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
                cells = (self.table.item(r, c) for c in range(self.table.columnCount()))
                return [cell.text() if cell else "" for cell in cells]
        return []

    def _update_buttons(self) -> None:
        actions = self.presenter.actions(self.selected_id())
        self.test_button.setEnabled(actions.test)
        self.test_button.setToolTip(actions.test_tip)
        self.reactivate_button.setEnabled(actions.reactivate)
        self.delete_button.setEnabled(actions.delete)

    def _on_selected(self, action: Any) -> None:
        hook_id = self.selected_id()
        if hook_id:
            self.tasks.spawn(action(hook_id))

    # --- actions -------------------------------------------------------------------------------

    async def create_webhook(self) -> Any:
        """Create the webhook of the form."""
        if self.ctx.client is None or self.check():
            return None
        self.create_button.setEnabled(False)
        hook = await self.presenter.create(self.draft())
        if hook is None:
            self.check()
            return None
        self.form.clear()
        self.check()
        self.select_id(hook.id)
        self.show_message(self.presenter.created_text(hook))
        return hook

    async def send_test(self, hook_id: str) -> bool:
        """Ask the service to send an example.event to the webhook."""
        return await self.presenter.send_test(hook_id)

    async def reactivate(self, hook_id: str) -> bool:
        """Turn a deactivated webhook on again."""
        return await self.presenter.reactivate(hook_id)

    def _on_delete(self) -> None:
        hook = self.selected()
        if hook is None:
            return
        if self.confirm_delete:
            answer = QMessageBox.question(
                self,
                translate("Settings", "Delete webhook"),
                delete_question(hook),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.tasks.spawn(self.delete(hook.id))

    async def delete(self, hook_id: str) -> bool:
        """Delete a webhook."""
        return await self.presenter.delete(hook_id)
