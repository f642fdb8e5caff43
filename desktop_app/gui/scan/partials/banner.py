"""The Scan page's outcome across the page: a big title and its detail on green (shipped),
red (refused: what happened and what to do) or blue (working on an order).

The banner's height is fixed (two title lines, three detail lines) and its texts wrap at the
width it gets, a scanned code or a folder path too: no outcome moves the order's items below
it or widens the page. Customs papers saved for want of an A4 printer are offered by an
"Open folder" button beside the detail (its place kept), never by their path."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from desktop_app.gui.widgets.elided import breakable, reserve_lines
from desktop_app.gui.widgets.folder_button import FolderButton

TITLE_LINES = 2
DETAIL_LINES = 3


def _label(name: str, point_size: int, scale: float, lines: int, *, bold: bool = False) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    font = QFont(label.font())
    font.setPointSize(max(point_size, int(font.pointSize() * scale)))
    font.setBold(bold)
    label.setFont(font)
    reserve_lines(label, lines)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return label


class OutcomeBanner(QFrame):
    """Title and detail of the last outcome on its colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scan_outcome_frame")
        self.title = _label("scan_outcome", 20, 2.5, TITLE_LINES, bold=True)
        self.detail = _label("scan_detail", 13, 1.5, DETAIL_LINES)
        self.folder_button = FolderButton("scan_papers_folder", keep_place=True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        detail_row = QHBoxLayout()
        detail_row.addWidget(self.detail, 1)
        detail_row.addWidget(self.folder_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addLayout(detail_row)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.color = ""

    def show_outcome(
        self, color: str, title: str, detail: str, papers_file: Path | None = None
    ) -> None:
        """Paint `color` and show the texts (and "Open folder" for saved customs papers)."""
        if color != self.color:
            self.setStyleSheet(
                f"#scan_outcome_frame {{ background: {color}; border-radius: 8px; }}"
                " QLabel { color: white; }"
            )
            self.color = color
        self.title.setText(breakable(title))
        self.detail.setText(breakable(detail))
        self.title.setToolTip(title)
        self.detail.setToolTip(detail)
        self.folder_button.show_file(papers_file)
