"""The shipment form's sections in two columns, or in one where two would not fit.

Two columns side by side need the widest section of each; below that width (a 1024 px
screen with the side panel beside the form) the sections stack in one column in the paper
flow's order, so the form never needs a horizontal scroll bar.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget


def column_count(available: int, two_column_width: int) -> int:
    """2 when both columns fit in `available` pixels, else 1."""
    return 2 if available >= two_column_width else 1


class FormColumns(QObject):
    """Places the sections: `left` and `right` side by side, or `flow` one under another.
    `layout` goes into `parent`'s layout; a section growing or shrinking there (add-ons
    shown, German texts) has the columns checked again."""

    def __init__(
        self,
        left: Sequence[QWidget],
        right: Sequence[QWidget],
        flow: Sequence[QWidget],
        parent: QWidget,
        spacing: int = 6,
    ) -> None:
        super().__init__(parent)
        self.form = parent
        self.available: int | None = None
        parent.installEventFilter(self)
        assert set(flow) == {*left, *right}, "every section has a place in both layouts"
        self.left_sections, self.right_sections, self.flow = list(left), list(right), list(flow)
        self.left = QVBoxLayout()
        self.right = QVBoxLayout()
        self.layout = QHBoxLayout()
        self.layout.setSpacing(spacing)
        self.layout.addLayout(self.left, 1)
        self.layout.addLayout(self.right, 1)
        self.count = 0
        self.set_count(2)

    def two_column_width(self) -> int:
        """The narrowest width at which the two columns fit side by side."""

        def widest(sections: Sequence[QWidget]) -> int:
            shown = [w for w in sections if not w.isHidden()]
            return max(
                (max(w.minimumSizeHint().width(), w.minimumWidth()) for w in shown), default=0
            )

        return widest(self.left_sections) + widest(self.right_sections) + self.layout.spacing()

    def fit(self, available: int) -> bool:
        """Choose the column count for the form at `available` pixels wide (its margins
        included); True when it changed."""
        self.available = available
        outer = self.form.layout()
        margins = outer.contentsMargins() if outer is not None else None
        inner = available - (margins.left() + margins.right() if margins else 0)
        return self.set_count(column_count(inner, self.two_column_width()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        """The form's layout asks for a new layout: fit its columns again."""
        done = super().eventFilter(watched, event)
        if event.type() == QEvent.Type.LayoutRequest and self.available is not None:
            self.fit(self.available)
        return done

    def set_count(self, count: int) -> bool:
        """Lay the sections out in `count` (1 or 2) columns."""
        if count == self.count:
            return False
        for layout in (self.left, self.right):
            # removeWidget deletes the layout's item of a section: an item taken out and left
            # alive stayed the one the section renews when its size changes, and the new one
            # kept a stale height for its width (the reference section, its wrapped reason
            # grown, was squeezed to its old height and its fields cut to 11 px)
            while layout.count():
                item = layout.itemAt(0)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    layout.removeWidget(widget)
                else:
                    layout.takeAt(0)
        if count == 2:
            placed = ((self.left, self.left_sections), (self.right, self.right_sections))
        else:
            placed = ((self.left, self.flow), (self.right, []))
        for layout, sections in placed:
            for w in sections:
                layout.addWidget(w)
            if sections:
                layout.addStretch(1)
        self.layout.setStretch(1, 1 if count == 2 else 0)
        self.count = count
        return True
