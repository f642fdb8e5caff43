"""Every keyboard shortcut in a menu, and the F1 sheet that lists them.

The menus hold the real actions (the New shipment page's own actions, the window's page and
profile keys), so a shortcut shown is a shortcut that works; `shortcut_rows()` reads them
back for the help sheet.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate

#: key names Qt's own translations leave in English ("Strg+Return" in German)
KEY_WORDS = {
    "Return": QT_TRANSLATE_NOOP("Shortcuts", "Return"),
    "Space": QT_TRANSLATE_NOOP("Shortcuts", "Space"),
}


def key_words(text: str) -> str:
    """`text` (keys as Qt writes them) with the key names in the UI language."""
    return re.sub(
        r"\b(" + "|".join(KEY_WORDS) + r")\b",
        lambda m: translate("Shortcuts", KEY_WORDS[m.group(1)]),
        text,
    )


def keys_text(action: QAction) -> str:
    """The action's shortcuts as the user reads them ("Ctrl+P", "Ctrl+Return, Ctrl+Enter")."""
    return key_words(
        ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in action.shortcuts())
    )


def shortcut_rows(menus: Iterable[QMenu]) -> list[tuple[str, str, str]]:
    """(menu, action, keys) of every action with a shortcut, in menu order."""
    rows: list[tuple[str, str, str]] = []
    for menu in menus:
        for action in menu.actions():
            keys = keys_text(action)
            if keys and action.isVisible():
                rows.append((menu.title().replace("&", ""), action.text().replace("&", ""), keys))
    return rows


def fixed_rows() -> list[tuple[str, str, str]]:
    """Keys that are not menu actions: moving through the form."""
    form = translate("Shortcuts", "Form")
    return [
        (
            form,
            translate("Shortcuts", "Next / previous field"),
            QKeySequence("Tab").toString(QKeySequence.SequenceFormat.NativeText)
            + ", "
            + QKeySequence("Shift+Tab").toString(QKeySequence.SequenceFormat.NativeText),
        ),
        (form, translate("Shortcuts", "Press the focused button"), key_words("Space")),
        (
            form,
            translate(
                "Shortcuts",
                "Reference number: Enter moves on to Create (a scanner's Enter never creates)",
            ),
            key_words("Return"),
        ),
    ]


class ShortcutSheetDialog(QDialog):
    """F1: a table of every shortcut (read from the menus) and the form's keys."""

    def __init__(self, menus: Iterable[QMenu], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutSheet")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.rows = shortcut_rows(menus) + fixed_rows()
        table = QTableWidget(len(self.rows), 3)
        table.setObjectName("shortcutTable")
        table.setHorizontalHeaderLabels([self.tr("Menu"), self.tr("Action"), self.tr("Keys")])
        table.verticalHeader().hide()
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, row in enumerate(self.rows):
            for c, text in enumerate(row):
                table.setItem(r, c, QTableWidgetItem(text))
        header = table.horizontalHeader()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.table = table
        intro = QLabel(self.tr("Everything at the desk works from the keyboard:"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(table, 1)
        layout.addWidget(buttons)
        self.resize(640, 460)


def window_action(parent: QWidget, text: str, keys: str | Iterable[str]) -> QAction:
    """An action with shortcut(s) that work anywhere in the window."""
    action = QAction(text, parent)
    sequences = [keys] if isinstance(keys, str) else list(keys)
    action.setShortcuts([QKeySequence(k) for k in sequences])
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    parent.addAction(action)
    return action
