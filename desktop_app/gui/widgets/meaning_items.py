"""Table and tree items whose text carries a meaning (an error, a muted note) in that
meaning's colour.

The item keeps the meaning, not a colour: the view asks for the colour each time it paints,
and the theme answers in the scheme in force, so a switch to dark, light or high contrast
recolours the rows already shown (`restyle_all` repaints the views) without filling them
again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTableWidgetItem, QTreeWidgetItem

from desktop_app.gui.core.theme import color

FOREGROUND = Qt.ItemDataRole.ForegroundRole


class MeaningTableItem(QTableWidgetItem):
    """A table cell whose text is in `meaning`'s colour (None: the palette's)."""

    def __init__(self, text: str, meaning: str | None = None) -> None:
        super().__init__(text)
        self.meaning = meaning

    def data(self, role: int) -> Any:
        """The meaning's colour in the scheme in force as the foreground."""
        if role == FOREGROUND and self.meaning:
            return QColor(color(self.meaning))
        return super().data(role)


class MeaningTreeItem(QTreeWidgetItem):
    """A tree row whose columns can each have a meaning's colour."""

    def __init__(self, texts: Sequence[str]) -> None:
        super().__init__(list(texts))
        self.meanings: dict[int, str] = {}

    def data(self, column: int, role: int) -> Any:
        """The column's meaning's colour in the scheme in force as the foreground."""
        meaning = self.meanings.get(column) if role == FOREGROUND else None
        if meaning:
            return QColor(color(meaning))
        return super().data(column, role)
