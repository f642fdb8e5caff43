"""The sign-in screen: a page covering the window, the keyboard in its one field.

A badge scanner types the code and Enter; a PIN is typed and Enter (or the button). The field
shows dots, and is emptied after each try, so a code is never left on the screen.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.people.presenter import SignInPresenter


class SignInScreen(QWidget):
    """Title, the station, the code field, Sign in, and what went wrong."""

    def __init__(self, presenter: SignInPresenter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.presenter = presenter
        self.setObjectName("sign_in_screen")
        self.title = QLabel(translate("SignIn", "Sign in"))
        self.title.setObjectName("sign_in_title")
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.title.setFont(font)
        self.station_label = QLabel()
        self.station_label.setObjectName("sign_in_station")
        self.station_label.setStyleSheet(f"color: {color(MUTED)};")
        self.hint = QLabel(
            translate("SignIn", "Scan your badge or type your PIN, then press Enter.")
        )
        self.hint.setWordWrap(True)
        self.code_field = QLineEdit()
        self.code_field.setObjectName("sign_in_code")
        self.code_field.setEchoMode(QLineEdit.EchoMode.Password)
        self.code_field.setPlaceholderText(translate("SignIn", "Badge or PIN"))
        self.code_field.setAccessibleName(translate("SignIn", "Badge or PIN"))
        self.code_field.setMinimumWidth(280)
        self.sign_in_button = QPushButton(translate("SignIn", "Sign in"))
        self.sign_in_button.setObjectName("sign_in_button")
        self.message_label = QLabel()
        self.message_label.setObjectName("sign_in_message")
        self.message_label.setWordWrap(True)
        self.message_label.setStyleSheet(f"color: {color(ERROR)};")

        column = QWidget()
        column.setFixedWidth(460)  # the hint on one line (two in German), never squeezed
        inner = QVBoxLayout(column)
        for widget in (self.title, self.station_label, self.hint, self.code_field):
            inner.addWidget(widget)
        inner.addWidget(self.sign_in_button, 0, Qt.AlignmentFlag.AlignLeft)
        inner.addWidget(self.message_label)
        body = QWidget()
        centred = QVBoxLayout(body)
        centred.addStretch(1)
        centred.addWidget(column, 0, Qt.AlignmentFlag.AlignHCenter)
        centred.addStretch(2)
        # in a scroll area, as the window's pages: the screen (and a long message in it) never
        # raises the window's minimum size, which a desktop would answer by resizing it
        area = QScrollArea()
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setWidgetResizable(True)
        area.setWidget(body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(area)

        self.code_field.returnPressed.connect(self.submit)
        self.sign_in_button.clicked.connect(self.submit)
        presenter.message_shown.connect(lambda text, _error: self.message_label.setText(text))
        presenter.state_changed.connect(self._on_state)
        self.message_label.setText(presenter.message)

    def submit(self) -> None:
        """Send what is in the field and empty it."""
        code = self.code_field.text()
        self.code_field.clear()
        self.presenter.submit(code)

    def show_station(self, text: str) -> None:
        """Which station and profile this is."""
        self.station_label.setText(text)

    def _on_state(self, state: str) -> None:
        self.sign_in_button.setEnabled(state == "waiting")
        checking = state == "checking"
        self.message_label.setStyleSheet(f"color: {color(MUTED if checking else ERROR)};")
        if state == "waiting" and self.isVisible():
            self.code_field.setFocus(Qt.FocusReason.OtherFocusReason)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt name
        super().showEvent(event)
        self.code_field.setFocus(Qt.FocusReason.OtherFocusReason)
