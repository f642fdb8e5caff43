"""The main window's pages as tabs, each found by its (untranslated) name.

Pages sit in a scroll area (but the New shipment page, which scrolls its form and its side
panel itself), so no page's minimum size reaches the window: a page that grows (a message,
a result) can neither make the window bigger than a small screen nor change the window's
minimum size while it runs. The area holds a page at its minimum height, not its preferred
one (`HeldPage`): each page fits a 1024x600 window with its buttons in view.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.fixed_rows import scrolling


class PageTabsWidget(QTabWidget):
    """Tabs of named pages: add or replace a page by name, bring one to the front."""

    pages_changed = Signal()  # a page was added, replaced or moved

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pages")
        self.setDocumentMode(True)
        self._pages: dict[str, QWidget] = {}
        self._containers: dict[str, QWidget] = {}  # what the tab holds (a scroll area)

    def add_page(self, name: str, widget: QWidget, *, scrolls_itself: bool = False) -> None:
        """Add a page, or replace the page of that name (keeping its position).

        `name` is the untranslated tab title (translated in the "Window" context)."""
        container = widget if scrolls_itself else scrolling(widget)
        old = self._containers.get(name)
        if old is not None:
            index = self.indexOf(old)
            self.removeTab(index)
            self.insertTab(index, container, translate("Window", name))
            old.deleteLater()
        else:
            self.addTab(container, translate("Window", name))
        self._pages[name] = widget
        self._containers[name] = container
        self.pages_changed.emit()

    def move_page_last(self, name: str) -> None:
        """Put the page called `name` at the end of the tabs."""
        container = self._containers.get(name)
        if container is not None:
            self.tabBar().moveTab(self.indexOf(container), self.count() - 1)
            self.pages_changed.emit()

    def current_page(self) -> QWidget | None:
        """The page in front (not its scroll area)."""
        current = self.currentWidget()
        return next((p for n, p in self._pages.items() if self._containers[n] is current), None)

    def page(self, name: str) -> QWidget | None:
        """The page called `name`."""
        return self._pages.get(name)

    def current_name(self) -> str:
        """The untranslated name of the page in front ("" before the first)."""
        current = self.currentWidget()
        return next((n for n, c in self._containers.items() if c is current), "")

    def show_page(self, name: str) -> None:
        """Bring the page called `name` to the front."""
        container = self._containers.get(name)
        if container is not None:
            self.setCurrentWidget(container)


def placeholder(text: str) -> QWidget:
    """A page that only says what will appear there (until the real page is installed)."""
    widget = QWidget()
    layout = QVBoxLayout(widget)
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    layout.addWidget(label)
    return widget
