"""Shows the shipment form's problems: each message under its field, the rest in a message
area below the form (so that showing them moves no field). Which message goes where is
`validation.FormValidation`'s decision; this puts it on the error labels."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from desktop_app.gui.core.theme import ERROR, message_style
from desktop_app.gui.shipment.validation import FormValidation, spot_for
from desktop_app.gui.widgets.fields import Field


class ProblemDisplay:
    """The error labels of the form's fields and its message area, kept as `validation` says.

    `fields()` gives the field of every path of the current draft."""

    def __init__(
        self, validation: FormValidation, fields: Callable[[], Mapping[str, Field]]
    ) -> None:
        self.validation = validation
        self.fields = fields
        self.shown: dict[int, Field] = {}  # the fields showing a message, by id
        self.message_area = QLabel()
        self.message_area.setObjectName("formMessages")
        self.message_area.setWordWrap(True)
        self.message_area.setStyleSheet(message_style(ERROR))
        self.message_area.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message_area.hide()

    def field_for(self, path: str) -> Field | None:
        """The field a problem path belongs to (its own, else the nearest enclosing one)."""
        found: Field | None = spot_for(self.fields(), path)
        return found

    def show(self) -> set[str]:
        """Put every message where it belongs; the paths whose fields show one."""
        fields = self.fields()
        placement = self.validation.placement(fields)
        for fid, f in self.shown.items():
            if fid not in placement.messages:
                f.error.show_messages([])
        # room for what the first key typed in a section shows there (its missing values);
        # a wrong value's message grows its line while it is shown, as the user typed it
        for fid, messages in placement.waiting.items():
            placement.spots[fid].error.reserve(messages)
        for fid, messages in placement.messages.items():
            placement.spots[fid].error.show_messages(messages)
        self.shown = {fid: placement.spots[fid] for fid in placement.messages}
        self.message_area.setText("\n".join(placement.unplaced))
        self.message_area.setVisible(bool(placement.unplaced))
        return {path for path, f in fields.items() if id(f) in self.shown}

    def visible_count(self) -> int:
        """How many fields show a problem right now (plus the message area)."""
        return len(self.shown) + (1 if self.message_area.text() else 0)

    def first_field(self, visible: Callable[[Field], bool]) -> Field | None:
        """The field of the first problem (the service's first) that `visible` accepts."""
        for path in self.validation.first_paths():
            f = self.field_for(path)
            if f is not None and f.editor is not None and visible(f):
                return f
        return None
