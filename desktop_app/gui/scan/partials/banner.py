"""The Scan page's outcome across the page: a big title and its detail on green (shipped),
red (refused: what happened and what to do) or blue (working on an order)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget


def _label(name: str, point_size: int, scale: float, *, bold: bool = False) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    font = QFont(label.font())
    font.setPointSize(max(point_size, int(font.pointSize() * scale)))
    font.setBold(bold)
    label.setFont(font)
    return label


class OutcomeBanner(QFrame):
    """Title and detail of the last outcome on its colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scan_outcome_frame")
        self.title = _label("scan_outcome", 22, 3, bold=True)
        self.title.setMinimumHeight(140)
        self.detail = _label("scan_detail", 13, 1.5)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.detail)
        self.color = ""

    def show_outcome(self, color: str, title: str, detail: str) -> None:
        """Paint `color` and show the texts."""
        if color != self.color:
            self.setStyleSheet(
                f"#scan_outcome_frame {{ background: {color}; border-radius: 8px; }}"
                " QLabel { color: white; }"
            )
            self.color = color
        self.title.setText(title)
        self.detail.setText(detail)
