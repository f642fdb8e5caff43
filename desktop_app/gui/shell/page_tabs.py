"""The main window's pages as tabs, each found by its (untranslated) name.

Pages sit in a scroll area (but the New shipment page, which scrolls its form and its side
panel itself), so no page's minimum size reaches the window: a page that grows (a message,
a result) can neither make the window bigger than a small screen nor change the window's
minimum size while it runs. The area holds a page at its minimum height, not its preferred
one (`HeldPage`): each page fits a 1024x600 window with its buttons in view.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.fixed_rows import scrolling


class PageTabsWidget(QTabWidget):
    """Tabs of named pages: add or replace a page by name, bring one to the front."""

    pages_changed = Signal()  # a page was added, replaced, shown or hidden

    def __init__(self, order: Sequence[str] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pages")
        self.setDocumentMode(True)
        self._order = tuple(order)  # the tabs' order by name (others go last)
        self._pages: dict[str, QWidget] = {}
        self._containers: dict[str, QWidget] = {}  # what the tab holds (a scroll area)

    def add_page(self, name: str, widget: QWidget, *, scrolls_itself: bool = False) -> None:
        """Add a page, or replace the page of that name (keeping its position).

        `name` is the untranslated tab title (translated in the "Window" context)."""
        container = widget if scrolls_itself else scrolling(widget)
        old = self._containers.get(name)
        if old is not None:
            index = self.indexOf(old)
            in_front = self.currentWidget() is old
            self.removeTab(index)
            self.insertTab(index, container, translate("Window", name))
            if in_front:  # (a placeholder in front gives its place to its page)
                self.setCurrentWidget(container)
            old.deleteLater()
        else:
            self.insertTab(self._place_of(name), container, translate("Window", name))
        self._pages[name] = widget
        self._containers[name] = container
        # a tab added before the window is shown leaves the layout holding the tabs with
        # the minimum size the tabs had without it: the window would grow after showing
        self.updateGeometry()
        self.pages_changed.emit()

    def _rank(self, name: str) -> int:
        return self._order.index(name) if name in self._order else len(self._order)

    def _place_of(self, name: str) -> int:
        """Where a new page called `name` goes: before the first tab ranked after it."""
        rank = self._rank(name)
        later = [self.indexOf(c) for n, c in self._containers.items() if self._rank(n) > rank]
        return min(later) if later else self.count()

    def show_only(self, names: Collection[str] | None) -> None:
        """Show the tabs of the pages called `names`, hide the others (None: show all); a
        hidden page in front gives way to the first shown one."""
        front = self.currentIndex()
        for name, container in self._containers.items():
            self.setTabVisible(self.indexOf(container), names is None or name in names)
        shown = self.shown_indexes()
        if front >= 0 and front not in shown and shown:
            self.setCurrentIndex(shown[0])  # (not the neighbour Qt would bring forward)
        self.pages_changed.emit()

    def names(self) -> list[str]:
        """The untranslated names of the pages, in tab order."""
        return sorted(self._containers, key=lambda name: self.indexOf(self._containers[name]))

    def shown_indexes(self) -> list[int]:
        """The indexes of the tabs shown, in tab order."""
        return [index for index in range(self.count()) if self.isTabVisible(index)]

    def show_nth(self, number: int) -> None:
        """Bring the `number`th shown tab (from 0) to the front, if there is one."""
        shown = self.shown_indexes()
        if 0 <= number < len(shown):
            self.setCurrentIndex(shown[number])

    def set_page_visible(self, name: str, visible: bool) -> None:
        """Show or hide the tab of the page called `name` (a hidden page is not reachable)."""
        container = self._containers.get(name)
        index = self.indexOf(container) if container is not None else -1
        if index < 0 or self.isTabVisible(index) == visible:
            return
        self.setTabVisible(index, visible)
        if not visible and self.currentIndex() == index:
            shown = [i for i in range(self.count()) if self.isTabVisible(i)]
            if shown:
                self.setCurrentIndex(shown[0])
        self.pages_changed.emit()

    def visible_indexes(self) -> list[int]:
        """The indexes of the tabs shown, in tab order."""
        return [i for i in range(self.count()) if self.isTabVisible(i)]

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
        """Bring the page called `name` to the front (not a hidden one)."""
        container = self._containers.get(name)
        if container is not None and self.isTabVisible(self.indexOf(container)):
            self.setCurrentWidget(container)


def placeholder(text: str) -> QWidget:
    """A page that only says what will appear there (until the real page is installed)."""
    widget = QWidget()
    layout = QVBoxLayout(widget)
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    layout.addWidget(label)
    return widget
