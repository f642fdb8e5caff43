"""A page's button row (and the message beside it) kept in view at any window height: what
stands above it scrolls, the row does not.

`HeldPage` puts a page into a scroll area at its minimum height (a scroll area takes a page
with wrapped texts at its preferred height). `scroll_above(layout, fixed)` takes a page's
finished vertical layout and moves every item but the last `fixed` ones into a frameless
scroll area that takes the room left: on a 1024x600 screen Save, Create and Test connection,
and the answers they give, are never at the end of a scrolled form.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)


class UpDownScrollArea(QScrollArea):
    """Scrolls up and down only: at least as wide as its widget's minimum width (with room
    for the scroll bar), so the widget is never cut at the right."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        hint = super().minimumSizeHint()
        widget = self.widget()
        if widget is not None:
            bar = self.verticalScrollBar().sizeHint().width()
            width = widget.minimumSizeHint().width() + bar + 2 * self.frameWidth()
            hint.setWidth(max(hint.width(), width))
        return hint


def scrolled(widget: QWidget) -> QScrollArea:
    """`widget` in a frameless scroll area that resizes it (up and down only): its height no
    longer adds to its page's minimum height."""
    area = UpDownScrollArea()
    area.setObjectName(f"{widget.objectName()}Scroll" if widget.objectName() else "")
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    # the page's own background shows through (a tab's, a group box's), not the area's
    area.viewport().setAutoFillBackground(False)
    widget.setAutoFillBackground(False)
    return area


def scroll_above(layout: QBoxLayout, fixed: int = 1, name: str = "") -> QScrollArea:
    """Put all but the last `fixed` items of `layout` into a scroll area standing first in
    it (stretch kept), so the page's minimum height is that of its fixed rows; the area."""
    content = QWidget()
    content.setObjectName(f"{name}Content" if name else "")
    inner = QVBoxLayout(content)
    inner.setContentsMargins(0, 0, 0, 0)
    inner.setSpacing(layout.spacing())
    moved = max(0, layout.count() - fixed)
    for _ in range(moved):
        stretch = layout.stretch(0)
        item = layout.itemAt(0)
        assert item is not None
        widget, sub = item.widget(), item.layout()
        if widget is not None:
            # removeWidget deletes the widget's old layout item (one left alive stays the item
            # the widget renews on a size change, and the new one keeps stale sizes)
            layout.removeWidget(widget)
            inner.addWidget(widget, stretch)
        elif sub is not None:
            layout.takeAt(0)
            sub.setParent(None)
            inner.addLayout(sub, stretch)
        else:
            spacer = layout.takeAt(0)
            assert spacer is not None
            inner.addItem(spacer)
            if stretch:
                inner.setStretch(inner.count() - 1, stretch)
    area = scrolled(content)
    layout.insertWidget(0, area, 1)
    return area


class HeldPage(QWidget):
    """Holds `page` at the scroll area's size, down to the page's minimum size.

    A resizable scroll area takes a widget whose layout has a height for its width (any
    word-wrapped label gives one) at that *preferred* height: every such page scrolled at
    1024x600, its buttons and answers below the fold. Held here only the page's minimum size
    counts, and wrapped texts and tables share the height there is (the probe's `cut_texts`
    checks that nothing is cut by it).
    """

    def __init__(self, page: QWidget) -> None:
        super().__init__()
        self.page = page
        page.setParent(self)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return self.page.minimumSizeHint()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return self.page.minimumSizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        self.page.setGeometry(self.rect())

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # the page's size hints changed
            self.updateGeometry()
        return super().event(event)


def scrolling(widget: QWidget) -> QScrollArea:
    """`widget` in a frameless scroll area that resizes it (scroll bars only when it is
    smaller than the page's minimum size)."""
    area = QScrollArea()
    area.setObjectName(f"{widget.objectName() or 'page'}Scroll")
    area.setWidget(HeldPage(widget))
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area
