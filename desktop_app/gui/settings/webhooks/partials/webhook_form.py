"""Settings › Webhooks' "New webhook" box: URL, event types, basic auth, problems, Create.

It offers every event type of spec 6.2 and the catch-all choices; a catch-all makes the single
types below it redundant (they are greyed out, `chosen_events` decides). What a draft's
problems are, the page's presenter says (`show_problems`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.events import CATCH_ALL_PATTERNS, EVENT_TYPES
from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.theme import ERROR, MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.webhooks.presenter import (
    chosen_events,
    covered_events,
    event_text,
    webhook_draft,
)
from desktop_app.gui.widgets.fixed_rows import scroll_above

CATCH_ALL_TEXT = {
    "*": QT_TRANSLATE_NOOP("Settings", "Everything (*)"),
    "shipment.*": QT_TRANSLATE_NOOP("Settings", "Every shipment event (shipment.*)"),
    "shipment.status.*": QT_TRANSLATE_NOOP("Settings", "Every status event (shipment.status.*)"),
    "shipment.tracking.*": QT_TRANSLATE_NOOP(
        "Settings", "Every tracking event (shipment.tracking.*)"
    ),
}


class WebhookFormWidget(QGroupBox):
    """The form of a new webhook."""

    #: anything in the form changed
    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("Settings", "New webhook"), parent)
        self.url_edit = QLineEdit()
        self.url_edit.setObjectName("webhook_url")
        self.url_edit.setPlaceholderText("https://example.com/packdesk-events")
        self.catch_all_boxes: dict[str, QCheckBox] = {}
        self.event_boxes: dict[str, QCheckBox] = {}
        events_box = QGroupBox(translate("Settings", "Event types"))
        # one column: two of the long texts side by side made the Settings page wider than a
        # 1024 px screen
        grid = QGridLayout(events_box)
        grid.setVerticalSpacing(2)
        for i, pattern in enumerate(CATCH_ALL_PATTERNS):
            text = CATCH_ALL_TEXT.get(pattern)
            box = QCheckBox(translate("Settings", text) if text else pattern)
            box.setObjectName(f"catch_all_{pattern}")
            self.catch_all_boxes[pattern] = box
            grid.addWidget(box, i, 0)
        offset = len(CATCH_ALL_PATTERNS)
        for i, event_type in enumerate(EVENT_TYPES):
            box = QCheckBox(event_text(event_type))
            box.setObjectName(f"event_{event_type}")
            self.event_boxes[event_type] = box
            grid.addWidget(box, offset + i, 0)
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
        self.problems_label.setStyleSheet(f"color: {color(ERROR)};")
        self.https_note = QLabel()
        self.https_note.setWordWrap(True)
        self.https_note.setStyleSheet(f"color: {color(MUTED)};")

        layout = QVBoxLayout(self)
        url_row = QHBoxLayout()
        url_row.addWidget(QLabel(translate("Settings", "URL")))
        url_row.addWidget(self.url_edit, 1)
        layout.addLayout(url_row)
        layout.addWidget(self.https_note)
        layout.addWidget(events_box)
        layout.addWidget(self.auth_check)
        auth_row = QHBoxLayout()
        auth_row.addWidget(self.user_edit)
        auth_row.addWidget(self.password_edit)
        layout.addLayout(auth_row)
        layout.addWidget(self.problems_label)
        layout.addStretch(1)
        layout.addWidget(self.create_button, 0, Qt.AlignmentFlag.AlignRight)
        scroll_above(layout, 1, "webhook_form")  # Create stays in view

        for edit in (self.url_edit, self.user_edit, self.password_edit):
            edit.textChanged.connect(lambda _t: self.edited.emit())
        self.auth_check.toggled.connect(lambda _on: self.edited.emit())
        for box in (*self.catch_all_boxes.values(), *self.event_boxes.values()):
            box.toggled.connect(lambda _on: self.edited.emit())

    def event_types(self) -> list[str]:
        """The chosen types: catch-alls first, single types not covered by them (greyed)."""
        catch_alls = [p for p, box in self.catch_all_boxes.items() if box.isChecked()]
        singles = [t for t, box in self.event_boxes.items() if box.isChecked()]
        covered = covered_events(catch_alls, list(self.event_boxes))
        for event_type, box in self.event_boxes.items():
            box.setEnabled(event_type not in covered)
        return chosen_events(catch_alls, singles)

    def draft(self) -> dict[str, Any]:
        """The webhook as it would be sent now."""
        auth = (
            (self.user_edit.text(), self.password_edit.text())
            if self.auth_check.isChecked()
            else None
        )
        return webhook_draft(self.url_edit.text(), self.event_types(), auth)

    def show_problems(self, problems: list[str], can_create: bool) -> None:
        """Show the draft's problems (only once something is typed) and enable Create."""
        on = self.auth_check.isChecked()
        self.user_edit.setEnabled(on)
        self.password_edit.setEnabled(on)
        touched = bool(self.url_edit.text()) or bool(self.draft()["event_types"])
        self.problems_label.setText("\n".join(problems) if touched else "")
        self.create_button.setEnabled(not problems and can_create)

    def clear(self) -> None:
        """An empty form."""
        self.url_edit.clear()
        for box in (*self.catch_all_boxes.values(), *self.event_boxes.values()):
            box.setChecked(False)
        self.auth_check.setChecked(False)
        self.user_edit.clear()
        self.password_edit.clear()
