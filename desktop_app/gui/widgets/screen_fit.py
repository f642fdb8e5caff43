"""Dialogs sized from the screen they open on: never taller or wider than what it has room
for (a 1024x600 netbook panel), their frame included."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: a window manager's title bar and borders around a dialog
FRAME_ROOM = QSize(16, 40)


def room_on_screen(widget: QWidget) -> QSize:
    """The largest size `widget`'s window may have on its screen (its frame left out)."""
    parent = widget.parentWidget()
    screen = (parent.screen() if parent is not None else None) or widget.screen()
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry().size() - FRAME_ROOM


def resize_within_screen(widget: QWidget, width: int, height: int) -> None:
    """Resize `widget` to `width` x `height`, or less where its screen is smaller."""
    widget.resize(QSize(width, height).boundedTo(room_on_screen(widget)))
