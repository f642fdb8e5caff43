"""The History page's actions: one QAction each for Reprint, Open label, Delete, Refresh, Copy
tracking number and Search, serving the buttons, the context menu and the keyboard alike."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from desktop_app.gui.history.presenter import HistoryActions
from desktop_app.gui.i18n import translate


def _action(
    page: QWidget, text: str, keys: Sequence[QKeySequence | QKeySequence.StandardKey | str]
) -> QAction:
    """An action of `page` (its shortcuts work while the focus is on the page)."""
    act = QAction(text, page)
    act.setShortcuts([QKeySequence(k) for k in keys])
    act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    page.addAction(act)
    return act


class HistoryRowActions(QObject):
    """The page's actions, enabled as the selection allows, and its context menu."""

    def __init__(self, page: QWidget) -> None:
        super().__init__(page)
        self.page = page
        self.reprint = _action(page, translate("History", "Reprint"), ["Ctrl+R"])
        self.open = _action(page, translate("History", "Open label"), [])
        self.delete = _action(
            page, translate("History", "Delete…"), [QKeySequence.StandardKey.Delete]
        )
        self.refresh = _action(page, translate("History", "Refresh from service"), ["F5"])
        self.copy_tracking = _action(page, translate("History", "Copy tracking number"), [])
        self.find = _action(page, translate("History", "Search"), [QKeySequence.StandardKey.Find])
        #: more row actions for the context menu (returns, ...)
        self.extra: list[QAction] = []

    def show_allowed(self, allowed: HistoryActions) -> None:
        """Enable what the selection allows."""
        self.open.setEnabled(allowed.open)
        self.copy_tracking.setEnabled(allowed.copy_tracking)
        self.reprint.setEnabled(allowed.reprint)
        self.delete.setEnabled(allowed.delete)

    def menu(self) -> QMenu:
        """The context menu of a row: its actions, then those other features added."""
        menu = QMenu(self.page)
        for act in (self.reprint, self.open, self.copy_tracking):
            menu.addAction(act)
        menu.addSeparator()
        menu.addAction(self.delete)
        menu.addAction(self.refresh)
        if self.extra:  # added by other features (e.g. "Create return label…")
            menu.addSeparator()
            for act in self.extra:
                menu.addAction(act)
        return menu
