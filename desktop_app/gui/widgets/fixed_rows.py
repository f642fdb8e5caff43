"""A page's button row (and the message beside it) kept in view at any window height: what
stands above it scrolls, the row does not.

`scroll_above(layout, fixed)` takes a page's finished vertical layout and moves every item
but the last `fixed` ones into a frameless scroll area that takes the room left: on a
1024x600 screen Save, Create and Test connection, and the answers they give, are never at the
end of a scrolled form.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QBoxLayout, QFrame, QScrollArea, QVBoxLayout, QWidget


def scrolled(widget: QWidget) -> QScrollArea:
    """`widget` in a frameless scroll area that resizes it (up and down only): its height no
    longer adds to its page's minimum height."""
    area = QScrollArea()
    area.setObjectName(f"{widget.objectName()}Scroll" if widget.objectName() else "")
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
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
        item = layout.takeAt(0)
        if item.widget() is not None:
            inner.addWidget(item.widget(), stretch)
        elif item.layout() is not None:
            sub = item.layout()
            sub.setParent(None)
            inner.addLayout(sub, stretch)
        else:
            inner.addItem(item)
            if stretch:
                inner.setStretch(inner.count() - 1, stretch)
    area = scrolled(content)
    layout.insertWidget(0, area, 1)
    return area
