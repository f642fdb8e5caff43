"""Where the main window opens: from the screen it opens on, then as the user left it.

The first start takes the preferred size centred in the screen's available geometry (what
panels and docks leave), or the whole of it, maximised, where the screen is smaller. Closing
keeps the geometry and the maximised state in `settings.ini`; the next start restores them,
moved and shrunk onto the screens there are now (a monitor unplugged meanwhile).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from desktop_app.gui.i18n import settings

#: the window's size where the screen has room for it
PREFERRED_SIZE = QSize(1280, 760)
#: room for a window manager's title bar and borders around it
FRAME_ROOM = QSize(16, 40)
GEOMETRY_KEY = "window/geometry"
MAXIMIZED_KEY = "window/maximized"


def first_geometry(available: QRect, preferred: QSize = PREFERRED_SIZE) -> tuple[QRect, bool]:
    """The window's rectangle in `available` and whether it opens maximised (the screen is
    smaller than `preferred` and its frame in either direction)."""
    needed = preferred + FRAME_ROOM
    if available.width() < needed.width() or available.height() < needed.height():
        return QRect(available), True
    rect = QRect(0, 0, preferred.width(), preferred.height())
    rect.moveCenter(available.center())
    return rect, False


def clamped(rect: QRect, available: QRect) -> QRect:
    """`rect` shrunk to `available` and moved into it."""
    size = rect.size().boundedTo(available.size())
    x = min(max(rect.x(), available.left()), available.right() + 1 - size.width())
    y = min(max(rect.y(), available.top()), available.bottom() + 1 - size.height())
    return QRect(x, y, size.width(), size.height())


def _screen_available(window: QWidget, point: QRect | None = None) -> QRect:
    screen = None
    if point is not None:
        screen = QGuiApplication.screenAt(point.center())
    screen = screen or window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def place_window(window: QWidget) -> bool:
    """Give `window` (not shown yet) its size and position; returns whether to show it
    maximised."""
    store = settings()
    saved = store.value(GEOMETRY_KEY)
    if isinstance(saved, QByteArray) and window.restoreGeometry(saved):
        # restoreGeometry keeps a window on the screens; its size may still exceed the one
        # it lands on (a large monitor then, a netbook now)
        geometry = window.geometry()
        window.setGeometry(clamped(geometry, _screen_available(window, geometry)))
        return str(store.value(MAXIMIZED_KEY, "false")).lower() == "true"
    rect, maximized = first_geometry(_screen_available(window))
    window.setGeometry(rect)
    return maximized


def save_placement(window: QWidget) -> None:
    """Keep `window`'s normal geometry and maximised state for the next start."""
    store = settings()
    store.setValue(GEOMETRY_KEY, window.saveGeometry())
    store.setValue(MAXIMIZED_KEY, window.isMaximized())
    store.sync()
