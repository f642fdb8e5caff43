"""What a screen reader says for each control, filled in for the whole app in one place.

Qt reads a control's name from its accessible name, else from its buddy label or its own
text, and its description from its accessible description, else from its tooltip. Where
that leaves a control (input, button, table) without a name or a description, the
`AccessibleTexts` filter on the application gives it one when the control is first shown:
the label of its row (form, grid or box layout), its placeholder, its tooltip; and as the
description an example of what it takes (the placeholder), a table's columns, or where it
sits (its group, its tab), all in the UI language.
The pages name their controls through their labels, so pages added later need nothing more.

`announce()` has a screen reader speak a text now (the Scan page's outcome), where Qt can
(6.8+), else through the widget's accessible description change.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from desktop_app.gui.i18n import translate

CONTROLS = (
    QAbstractButton,
    QLineEdit,
    QAbstractSpinBox,
    QComboBox,
    QAbstractItemView,
    QTextEdit,
    QPlainTextEdit,
)
"""The kinds of control that must have a name and a description."""


def _plain(text: str) -> str:
    """A label's text as spoken: no mnemonic ampersand, no trailing colon, one line."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip().rstrip(":")


def accessible_text(widget: QWidget, kind: QAccessible.Text) -> str:
    """What the accessibility API gives a screen reader for `widget` (name, description)."""
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(kind).strip() if interface is not None else ""


def _form_label(widget: QWidget) -> str:
    """The label of the widget's row: a form layout's label, a buddy, or the label just
    before it in its box or grid layout."""
    parent = widget.parentWidget()
    if parent is None:
        return ""
    for label in parent.findChildren(QLabel):
        if label.buddy() is widget and label.text():
            return _plain(label.text())
    for layout in parent.findChildren(QLayout):
        index = layout.indexOf(widget)
        if index < 0:
            continue
        before: QWidget | None = None
        if isinstance(layout, QFormLayout):
            before = layout.labelForField(widget)
        elif isinstance(layout, QGridLayout):
            place = cast(tuple[int, int, int, int], layout.getItemPosition(index))  # stub: object
            row, column, _rows, _columns = place
            item = layout.itemAtPosition(row, column - 1) if column > 0 else None
            before = item.widget() if item is not None else None
        elif index > 0:
            item = layout.itemAt(index - 1)
            before = item.widget() if item is not None else None
        if isinstance(before, QLabel) and before.text() and not before.buddy():
            return _plain(before.text())
    return ""


def context_of(widget: QWidget) -> str:
    """Where the control sits: its group's title, else its page's tab, else its window."""
    child: QWidget = widget
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QGroupBox) and parent.title():
            return _plain(parent.title())
        tabs = parent.parentWidget() if isinstance(parent, QStackedWidget) else None
        if isinstance(tabs, QTabWidget):  # a tab's page sits in the tab widget's stack
            index = tabs.indexOf(child)
            if index >= 0 and tabs.tabText(index):
                return _plain(tabs.tabText(index))
        child, parent = parent, parent.parentWidget()
    window = widget.window()
    return _plain(window.windowTitle()) if window is not None else ""


def _needs_name(widget: QWidget) -> bool:
    # Qt names a combo box or a spin box by its value when it has no name of its own
    if isinstance(widget, QComboBox | QAbstractSpinBox):
        return not widget.accessibleName()
    return not accessible_text(widget, QAccessible.Text.Name)


def name_for(widget: QWidget) -> str:
    """A name for a control Qt finds none for (its row's label, placeholder, tooltip, where
    it sits), or ""."""
    if isinstance(widget, QAbstractButton) and widget.text():
        return _plain(widget.text())
    label = _form_label(widget)
    if label:
        return label
    if isinstance(widget, QLineEdit) and widget.placeholderText():
        return widget.placeholderText().strip()
    if widget.toolTip():
        return widget.toolTip().splitlines()[0].strip()
    return context_of(widget)


def description_for(widget: QWidget, name: str) -> str:
    """What the control is for where Qt describes it with nothing: its placeholder (an
    example of what it takes), a table's columns, else where it sits."""
    if isinstance(widget, QLineEdit) and widget.placeholderText().strip() not in ("", name):
        return widget.placeholderText().strip()
    if isinstance(widget, QTableView) and widget.model() is not None:
        model = widget.model()
        header = widget.horizontalHeader().orientation()
        columns = [str(model.headerData(c, header) or "") for c in range(model.columnCount())]
        named = ", ".join(c for c in columns if c)
        if named:
            return translate("Accessibility", "Columns: %1").replace("%1", named)
    where = context_of(widget)
    if where and where != name:
        return translate("Accessibility", "In %1").replace("%1", where)
    window = widget.window()
    title = _plain(window.windowTitle()) if window is not None else ""
    return translate("Accessibility", "In %1").replace("%1", title or "Packdesk")


def fill(widget: QWidget) -> None:
    """Give `widget` the name and description Qt would not find for it."""
    if _needs_name(widget):
        name = name_for(widget)
        if name:
            widget.setAccessibleName(name)
    if not accessible_text(widget, QAccessible.Text.Description):
        description = description_for(widget, accessible_text(widget, QAccessible.Text.Name))
        if description:
            widget.setAccessibleDescription(description)


def fill_all(root: QWidget) -> None:
    """`fill` every control under `root` (and `root`)."""
    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, CONTROLS):
            fill(widget)


class AccessibleTexts(QObject):
    """Fills in names and descriptions of controls as they are first shown (on the app).

    Qt's own file dialog is left alone: it names its controls itself, and asking the
    accessibility interface of its "Look in" combo box while it is being shown crashes Qt
    (a segmentation fault on X11, Qt 6.x)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if (
            event.type() == QEvent.Type.Show
            and isinstance(watched, CONTROLS)
            and not isinstance(watched.window(), QFileDialog)
        ):
            fill(watched)
        return False


def install(app: QApplication) -> AccessibleTexts:
    """Fill in every window's controls from now on (the filter lives as long as `app`)."""
    texts = AccessibleTexts(app)
    app.installEventFilter(texts)
    return texts


def announce(widget: QWidget, text: str, *, assertive: bool = False) -> None:
    """Have a screen reader speak `text` now (about `widget`); it stays as the widget's
    description, read when the user gets to it."""
    widget.setAccessibleDescription(text)
    if not text or not QAccessible.isActive():
        return
    try:
        from PySide6.QtGui import QAccessibleAnnouncementEvent
    except ImportError:  # Qt before 6.8: readers speak a changed description
        QAccessible.updateAccessibility(
            QAccessibleEvent(widget, QAccessible.Event.DescriptionChanged)
        )
        return
    event = QAccessibleAnnouncementEvent(widget, text)
    if assertive:
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    QAccessible.updateAccessibility(event)
