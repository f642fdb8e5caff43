"""`ElidedLabel`: one line of text that never widens its window.

A long message (a printer's status, a connection error) is cut with "…" to the space the
layout gives; the whole text is in the tooltip and the accessible name. Its minimum width is
small and the same for every text, its preferred width capped, so no message can change the
window's size or its minimum size. `ignore_width` does the same for a word-wrapped label
(it wraps to the width it gets instead).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QWidget

#: the widest an elided label asks to be (it may get more when the layout has room)
PREFERRED_MAX_WIDTH = 360
#: the narrowest it can be squeezed to
MINIMUM_WIDTH = 40


class ElidedLabel(QLabel):
    """A one-line QLabel that elides its text instead of growing."""

    def __init__(
        self, text: str = "", parent: QWidget | None = None, *, max_preferred: int = 0
    ) -> None:
        super().__init__(parent)
        self._max_preferred = max_preferred or PREFERRED_MAX_WIDTH
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt name
        """Set the full text (shown elided when it does not fit; whole in the tooltip)."""
        super().setText(text)
        self.setToolTip(text)
        self.updateGeometry()

    def full_text(self) -> str:
        """The text as set, never elided."""
        return self.text()

    def shown_text(self) -> str:
        """What is painted at the current width."""
        margins = self.contentsMargins()
        width = max(0, self.width() - margins.left() - margins.right())
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, width)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        hint = super().sizeHint()
        return QSize(min(hint.width(), self._max_preferred), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        # the same for every text (empty, short or long): a new message never changes the
        # minimum size of the layouts above, up to the window's
        margins = self.contentsMargins()
        width = MINIMUM_WIDTH + margins.left() + margins.right()
        return QSize(width, super().minimumSizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt name
        QFrame.paintEvent(self, event)  # frame and style-sheet background, no text
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        rect = self.contentsRect()
        flags = self.alignment() | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(rect, int(flags.value), self.shown_text())


def ignore_width(label: QLabel) -> None:
    """Let a word-wrapped label take the width its layout gives, whatever its text: its
    longest word no longer sets the minimum width of the layouts above (it wraps instead)."""
    policy = label.sizePolicy()
    policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
    label.setSizePolicy(policy)


#: a run of characters longer than this without a space gets break opportunities
LONGEST_UNBROKEN = 24
_ZERO_WIDTH_SPACE = "\u200b"


def breakable(text: str) -> str:
    """`text` with an invisible break opportunity every LONGEST_UNBROKEN characters of a long
    word (a scanned code, a folder path), so a word-wrapped label wraps it instead of being
    pushed wider than its window."""
    words = []
    for word in text.split(" "):
        if len(word) > LONGEST_UNBROKEN:
            step = LONGEST_UNBROKEN
            word = _ZERO_WIDTH_SPACE.join(word[i : i + step] for i in range(0, len(word), step))
        words.append(word)
    return " ".join(words)


def reserve_lines(label: QLabel, lines: int) -> None:
    """Make a word-wrapped `label` exactly `lines` lines high at its font, whatever its text
    (a longer text is cut there and whole in the tooltip): a message that comes, goes or
    grows never moves what stands below it."""
    label.setWordWrap(True)
    ignore_width(label)
    margins = label.contentsMargins()
    label.setFixedHeight(
        label.fontMetrics().lineSpacing() * lines + margins.top() + margins.bottom() + 2
    )
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
