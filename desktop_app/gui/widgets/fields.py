"""Building blocks of the shipment form: one editor + its error label, grids of them.

Every editor notes whether the user has touched it; the form shows a problem under a field
once it is touched (or when the user asks for all problems). Error labels are plain red
QLabels with an accessible name, right under their editor.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QSize, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import error_label_style
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import number
from desktop_app.gui.widgets.elided import MINIMUM_WIDTH, ignore_width

_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)$")


def parse_number(text: str) -> Any:
    """'1,5' -> 1.5; '' -> None; anything else is passed on as text for the rules to refuse."""
    text = text.strip()
    if not text:
        return None
    if _NUMBER.match(text):
        value = float(text.replace(",", "."))
        return int(value) if value.is_integer() and "." not in text and "," not in text else value
    return text


def format_number(value: Any) -> str:
    """A number as the user would type it: the locale's decimal separator, no trailing ,0."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    return number(value)


class ErrorLabel(QLabel):
    """Red text under a field, at least one line high whether or not there is a problem.

    The line is reserved (an empty label keeps its height), so a short problem appearing or
    going away never moves the fields below it: a click or typing lands where the user aimed.
    A long problem wraps to the field's width (height for width) instead of being cut; its
    width never widens the form, so the window's minimum size stays as it was.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(error_label_style())
        self.messages: list[str] = []
        self.reserved = ""  # the text whose room is kept (`reserve`)
        self._twin: QLabel | None = None
        self.setWordWrap(True)
        ignore_width(self)
        self.setMinimumHeight(self.fontMetrics().height() + 2)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        # the same for every text: a message never changes the minimum size above it
        return QSize(MINIMUM_WIDTH, self.fontMetrics().height() + 2)

    def reserve(self, messages: Sequence[str]) -> None:
        """Keep room for `messages` (those the field may show soon: its section's missing
        values, shown at the first key typed there) at the label's width, from now on."""
        text = " · ".join(messages)
        if text and text != self.reserved:
            self.reserved = text
            self._keep_room()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        self._keep_room()

    def _keep_room(self) -> None:
        # a minimum height, which every layout honours (the scroll area's does not ask for
        # height for width); it only grows, so a narrower width cannot flip it back and forth
        width = self.width()
        if not self.reserved or width <= 0:
            return
        # measured by a twin label with this one's style and the reserved text: the same
        # wrapping as the label's own, padding included
        if self._twin is None:
            self._twin = QLabel()
            self._twin.setStyleSheet(self.styleSheet())
            self._twin.setWordWrap(True)
            self._twin.ensurePolished()
        self._twin.setText(self.reserved)
        needed = self._twin.heightForWidth(width)
        if needed > self.minimumHeight():
            self.setMinimumHeight(needed)

    def show_messages(self, messages: Sequence[str]) -> None:
        """Show `messages` on the reserved line ('' when empty); no work when unchanged."""
        messages = list(messages)
        if messages == self.messages:
            return
        self.messages = messages
        text = " · ".join(messages)
        self.setText(text)
        self.setToolTip("\n".join(messages))
        self.setAccessibleName(
            translate("Form", "Problem: {text}").format(text=text) if text else ""
        )


@dataclass(eq=False)
class Field:
    """One input of the form: its editor, its error label, the row to hide with it."""

    name: str
    editor: QWidget | None
    error: ErrorLabel
    row: list[QWidget] = field(default_factory=list)
    touched: bool = False
    always_shown: bool = False  # section-level messages (e.g. "one package per shipment")

    def text(self) -> str:
        """The editor's text ('' for non-text editors)."""
        if isinstance(self.editor, QLineEdit):
            return self.editor.text()
        if isinstance(self.editor, QComboBox):
            data = self.editor.currentData()
            return str(data) if data is not None else self.editor.currentText()
        return ""

    def set_text(self, value: Any) -> None:
        """Set the editor's value without counting as a user edit."""
        if isinstance(self.editor, QLineEdit):
            self.editor.setText("" if value is None else format_number(value))
            # show the text's beginning: setText leaves the cursor at the end, and a filled-in
            # "Deutschland" in a narrow field would read "eutschland" (not while being typed in)
            if not self.editor.hasFocus():
                self.editor.setCursorPosition(0)
        elif isinstance(self.editor, QComboBox):
            index = self.editor.findData(value)
            if index < 0 and value is not None:
                self.editor.addItem(str(value), value)
                index = self.editor.count() - 1
            self.editor.setCurrentIndex(max(index, 0))

    def value(self) -> str | None:
        """The stripped text, or None when empty (absent on the wire)."""
        text = self.text()
        return text if text.strip() else None

    def number(self) -> Any:
        """The text as a number (see `parse_number`)."""
        return parse_number(self.text())

    def set_visible(self, visible: bool) -> None:
        """Show or hide the whole row (label, editor, error)."""
        for w in self.row:
            w.setVisible(visible)
        self.error.setVisible(visible)

    def keep_place_when_hidden(self) -> None:
        """Hidden, the row keeps its place in the layout (what is below it never moves)."""
        for w in (*self.row, self.error):
            policy = w.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            w.setSizePolicy(policy)

    def set_label(self, text: str) -> None:
        """Rename the row's label (modes reshape fields: care_of becomes Customer number)."""
        for w in self.row:
            if isinstance(w, QLabel) and not isinstance(w, ErrorLabel):
                w.setText(text)
                if self.editor is not None:
                    self.editor.setAccessibleName(text.replace("&", "").rstrip(":"))
                return


class FieldGroup(QObject):
    """Fields of one section, laid out in a grid; emits `edited` on every user change."""

    edited = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.fields: dict[str, Field] = {}

    def add(
        self,
        grid: QGridLayout,
        row: int,
        col: int,
        name: str,
        label: str,
        editor: QWidget,
        *,
        span: int = 1,
    ) -> Field:
        """Put `label` above `editor` and its error label at (row, col) of `grid`."""
        caption = QLabel(label)
        caption.setBuddy(editor)
        editor.setAccessibleName(label.replace("&", "").rstrip(":"))
        error = ErrorLabel()
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addWidget(caption)
        layout.addWidget(editor)
        layout.addWidget(error)
        layout.addStretch(1)
        grid.addWidget(box, row, col, 1, span)
        f = Field(name, editor, error, row=[box, caption, editor])
        self._watch(f)
        self.fields[name] = f
        return f

    def add_section_error(self, name: str, layout: Any) -> Field:
        """A message line for a whole section (no editor)."""
        error = ErrorLabel()
        layout.addWidget(error)
        f = Field(name, None, error, row=[], always_shown=True)
        self.fields[name] = f
        return f

    def watch(self, f: Field) -> None:
        """Count user edits of an editor made elsewhere."""
        self._watch(f)

    def _watch(self, f: Field) -> None:
        editor = f.editor

        def touched(*_args: Any) -> None:
            f.touched = True
            self.edited.emit()

        if isinstance(editor, QLineEdit):
            editor.textEdited.connect(touched)
        elif isinstance(editor, QComboBox):
            editor.activated.connect(touched)
        elif isinstance(editor, QCheckBox):
            editor.toggled.connect(touched)

    def reset_touched(self) -> None:
        """Forget which fields the user has touched (for the next shipment)."""
        for f in self.fields.values():
            f.touched = False


def line_edit(
    placeholder: str = "", *, max_width: int | None = None, object_name: str = ""
) -> QLineEdit:
    """A QLineEdit with a placeholder (and an optional width cap)."""
    edit = QLineEdit()
    edit.setPlaceholderText(placeholder)
    edit.setClearButtonEnabled(False)
    if max_width:
        edit.setMaximumWidth(max_width)
    if object_name:
        edit.setObjectName(object_name)
    return edit


def combo(items: Sequence[tuple[str, Any]] = (), *, object_name: str = "") -> QComboBox:
    """A QComboBox with (text, data) items."""
    box = QComboBox()
    for text, data in items:
        box.addItem(text, data)
    if object_name:
        box.setObjectName(object_name)
    return box


def set_combo_items(
    box: QComboBox,
    items: Sequence[tuple[str, Any]],
    keep: Any,
    *,
    unavailable: Callable[[Any], str] | None = None,
) -> None:
    """Replace the items, keeping `keep` selected; a value no longer offered stays, marked.

    A carrier change re-checks everything else instead of silently clearing it: a value the
    new carrier does not offer stays selected (flagged) and the rules report it.
    """
    old = box.blockSignals(True)
    try:
        box.clear()
        for text, data in items:
            box.addItem(text, data)
        index = box.findData(keep) if keep is not None else -1
        if index < 0 and keep is not None and unavailable is not None:
            box.addItem(unavailable(keep), keep)
            index = box.count() - 1
        box.setCurrentIndex(max(index, 0) if box.count() else -1)
    finally:
        box.blockSignals(old)
