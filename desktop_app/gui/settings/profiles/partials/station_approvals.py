"""Settings › Profiles › "Stations asking to join…": the admin's side of a station's join.

Lists the stations waiting with their phrases (refreshed every few seconds while open); the
admin selects one, types the phrase its screen shows and approves, or denies it. All from the
keyboard: the list, the phrase (Enter approves), Alt+A, Alt+D, Alt+R. The dialog and the page's
button carry the property `packdesk_right` = "stations", for the sign-in to hide them from a
person without that right. The presenter does the work.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, MUTED, OK, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.profiles.station_approvals_presenter import (
    REQUIRED_RIGHT,
    StationApprovalsPresenter,
    request_text,
)

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

REFRESH_MS = 5000
RIGHT_PROPERTY = "packdesk_right"


class StationApprovalsDialog(QDialog):
    """The waiting stations; approve one by its phrase, or deny it."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.presenter = StationApprovalsPresenter(ctx, self)
        self._tasks: set[asyncio.Task[Any]] = set()
        self.setObjectName("station_approvals_dialog")
        self.setProperty(RIGHT_PROPERTY, REQUIRED_RIGHT)
        self.setWindowTitle(translate("Settings", "Stations asking to join"))
        self.setMinimumWidth(560)

        intro = QLabel(
            translate(
                "Settings",
                "Compare the phrase with the one on the station's screen, type it and "
                "approve: the station gets its own key. Requests expire after 15 minutes.",
            )
        )
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("join_requests")
        self.empty_label = QLabel(translate("Settings", "No station is waiting to join."))
        self.empty_label.setStyleSheet(f"color: {color(MUTED)};")
        self.phrase_edit = QLineEdit()
        self.phrase_edit.setObjectName("approve_phrase")
        self.phrase_edit.setPlaceholderText(translate("Settings", "e.g. tiger-piano-42"))
        phrase_label = QLabel(translate("Settings", "&Phrase the station shows"))
        phrase_label.setBuddy(self.phrase_edit)
        self.approve_button = QPushButton(translate("Settings", "&Approve"))
        self.approve_button.setObjectName("approve_station")
        self.deny_button = QPushButton(translate("Settings", "&Deny"))
        self.deny_button.setObjectName("deny_station")
        self.refresh_button = QPushButton(translate("Settings", "&Refresh"))
        row = QHBoxLayout()
        row.addWidget(self.phrase_edit, 1)
        for button in (self.approve_button, self.deny_button, self.refresh_button):
            button.setAutoDefault(False)
            row.addWidget(button)
        self.message = QLabel()
        self.message.setObjectName("approvals_message")
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        for closing in buttons.findChildren(QPushButton):
            closing.setAutoDefault(False)  # Enter in the phrase approves, never closes

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty_label)
        layout.addWidget(phrase_label)
        layout.addLayout(row)
        layout.addWidget(self.message)
        layout.addWidget(buttons)

        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.presenter.loaded.connect(self._show_requests)
        self.presenter.message_shown.connect(self._show_message)
        self.list.itemSelectionChanged.connect(self._update_buttons)
        self.phrase_edit.textChanged.connect(self._update_buttons)
        self.phrase_edit.returnPressed.connect(self.approve)
        self.approve_button.clicked.connect(self.approve)
        self.deny_button.clicked.connect(self.deny)
        self.refresh_button.clicked.connect(self.refresh)
        self._update_buttons()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        """Load at once, then every few seconds while open."""
        super().showEvent(event)
        self.list.setFocus()  # arrows choose a station, Tab goes on to the phrase
        self.refresh()
        self.timer.start()

    def hideEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        """No refreshing while closed."""
        self.timer.stop()
        super().hideEvent(event)

    def refresh(self) -> asyncio.Task[Any]:
        """Load the waiting stations in the background."""
        return self._spawn(self.presenter.reload())

    def selected_id(self) -> str | None:
        """The id of the selected request."""
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item and item.isSelected() else None

    def _show_requests(self, count: int) -> None:
        keep = self.selected_id()
        self.list.clear()
        for request in self.presenter.requests:
            item = QListWidgetItem(request_text(request))
            item.setData(Qt.ItemDataRole.UserRole, request.id)
            self.list.addItem(item)
            if request.id == keep or (keep is None and count == 1):
                self.list.setCurrentItem(item)
        self.empty_label.setVisible(count == 0)
        self._update_buttons()

    def _show_message(self, text: str, error: bool) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(f"color: {color(ERROR if error else OK)};")

    def _update_buttons(self) -> None:
        chosen = self.selected_id() is not None
        self.approve_button.setEnabled(chosen and bool(self.phrase_edit.text().strip()))
        self.deny_button.setEnabled(chosen)

    def approve(self) -> asyncio.Task[Any] | None:
        """Approve the selected station with the typed phrase."""
        request_id = self.selected_id()
        if request_id is None:
            return None
        phrase = self.phrase_edit.text()
        task = self._spawn(self.presenter.approve(request_id, phrase))
        task.add_done_callback(self._approved)
        return task

    def _approved(self, task: asyncio.Task[Any]) -> None:
        if not task.cancelled() and task.exception() is None and task.result():
            self.phrase_edit.clear()

    def deny(self) -> asyncio.Task[Any] | None:
        """Deny the selected station."""
        request_id = self.selected_id()
        return self._spawn(self.presenter.deny(request_id)) if request_id else None
