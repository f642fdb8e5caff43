"""Settings › Profiles › "Connect to a Packdesk server" › "Ask to join": the station's side.

After the server's CA is trusted, the station asks with its name; the phrase the server gave is
shown big, for the admin to compare and approve; the dialog waits (polling in the background,
the window stays usable) and closes itself once the key is saved. "Enter a key instead…" keeps
the way of a key copied from `packdesk accounts add-key`. The presenter does the work.
"""

from __future__ import annotations

import asyncio
import socket
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, MUTED, OK, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.profiles.station_join_presenter import (
    DONE,
    FAILED,
    StationJoinPresenter,
)

if TYPE_CHECKING:
    from desktop_app.profiles.manager import ProfileManager


class StationJoinDialog(QDialog):
    """Station name -> "Ask to join" -> the phrase, big -> approved (key saved) or why not."""

    #: the person chose to paste a key instead
    key_instead = Signal()
    #: the station's profile, saved with the key the server handed over
    joined = Signal(object)

    def __init__(
        self, manager: ProfileManager, url: str, ca_file: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.presenter = StationJoinPresenter(manager, url, ca_file, self)
        self.task: asyncio.Task[Any] | None = None
        self.joined_task: asyncio.Task[Any] | None = None
        self.setObjectName("station_join_dialog")
        self.setWindowTitle(translate("Settings", "Ask to join {url}").format(url=url))
        self.setMinimumWidth(520)

        intro = QLabel(
            translate(
                "Settings",
                "The server is trusted. Ask it to let this station in: an admin approves it "
                "with the phrase shown here, and the station gets its own key. No key to copy.",
            )
        )
        intro.setWordWrap(True)
        self.name_edit = QLineEdit(socket.gethostname()[:100])
        self.name_edit.setObjectName("station_name")
        self.name_edit.setMaxLength(100)
        name_label = QLabel(translate("Settings", "Station &name"))
        name_label.setBuddy(self.name_edit)
        form = QFormLayout()
        form.addRow(name_label, self.name_edit)

        self.phrase_label = QLabel()
        self.phrase_label.setObjectName("join_phrase")
        self.phrase_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.phrase_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = QFont(self.phrase_label.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * 2.4)
        font.setBold(True)
        self.phrase_label.setFont(font)
        self.phrase_label.hide()
        self.state_label = QLabel()
        self.state_label.setObjectName("join_state")
        self.state_label.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ask_button = self.buttons.addButton(
            translate("Settings", "&Ask to join"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.ask_button.setObjectName("ask_to_join")
        self.ask_button.setDefault(True)
        self.key_button = self.buttons.addButton(
            translate("Settings", "Enter a &key instead…"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.key_button.setObjectName("key_instead")
        for button in self.buttons.findChildren(QPushButton):
            # Enter asks: no button takes the default by getting the focus
            button.setAutoDefault(False)
        self.buttons.accepted.connect(self.start)
        self.buttons.rejected.connect(self.reject)
        self.key_button.clicked.connect(self._key_instead)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.phrase_label)
        layout.addWidget(self.state_label)
        layout.addStretch(1)
        layout.addWidget(self.buttons)

        self.presenter.phrase_shown.connect(self._show_phrase)
        self.presenter.state_changed.connect(self._show_state)
        self.presenter.joined.connect(self._joined)

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        """Enter asks (the button box would make Cancel the default when shown)."""
        super().showEvent(event)
        self.ask_button.setDefault(True)

    def start(self) -> asyncio.Task[Any] | None:
        """Ask to join in the background (nothing when a request already waits)."""
        if self.task is not None and not self.task.done():
            return None
        self.ask_button.setEnabled(False)
        self.name_edit.setEnabled(False)
        self.phrase_label.hide()
        self.task = asyncio.ensure_future(self.presenter.ask(self.name_edit.text()))
        return self.task

    def _show_phrase(self, phrase: str, until: str) -> None:
        self.phrase_label.setText(phrase)
        self.phrase_label.setAccessibleName(
            translate("Settings", "Phrase to tell the admin, valid until {time}").format(time=until)
        )
        self.phrase_label.show()

    def _show_state(self, kind: str, text: str) -> None:
        meaning = OK if kind == DONE else ERROR if kind == FAILED else MUTED
        self.state_label.setText(text)
        self.state_label.setStyleSheet(f"color: {color(meaning)};")
        if kind == FAILED:
            self.ask_button.setText(translate("Settings", "&Ask again"))
            self.ask_button.setEnabled(True)
            self.name_edit.setEnabled(True)
        self.adjustSize()

    def _joined(self, profile: object) -> None:
        # the task is finishing by itself: closing must not cancel it
        self.joined_task, self.task = self.task, None
        self.joined.emit(profile)
        self.accept()

    def _key_instead(self) -> None:
        self._stop()
        self.key_instead.emit()
        self.accept()

    def _stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()

    def done(self, result: int) -> None:
        """Closing stops the waiting (the request expires by itself on the server)."""
        self._stop()
        super().done(result)
