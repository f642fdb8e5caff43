"""The Packing figures page (supervisors and admins): a period, per day or week, the table of
parcels, orders, parcels per hour, pack-check mismatches and median scan-to-label per person and
station, and its CSV export."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.client.presence import PackingRow
from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.people.figures_presenter import PackingFiguresPresenter

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


def _headers() -> list[str]:
    return [
        translate("Figures", "Period"),
        translate("Figures", "Person"),
        translate("Figures", "Station"),
        translate("Figures", "Parcels"),
        translate("Figures", "Orders"),
        translate("Figures", "Parcels/hour"),
        translate("Figures", "Mismatches"),
        translate("Figures", "Scan to label (median)"),
    ]


def cells(row: PackingRow) -> list[str]:
    """A row's cells as the table shows them."""
    median = row.median_scan_to_label_s
    return [
        row.period,
        row.person,
        row.station,
        str(row.parcels),
        str(row.orders),
        f"{row.parcels_per_hour:.1f}",
        str(row.pack_check_mismatches),
        "–"
        if median is None
        else translate("Figures", "{seconds} s").format(seconds=f"{median:.0f}"),
    ]


class PackingFiguresPage(QWidget):
    """Period and grouping, Show and Export CSV…, the table and a line of what happened."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("packing_figures")
        self.presenter = PackingFiguresPresenter(ctx, self)
        self.since_edit = QDateEdit(QDate(self.presenter.since))
        self.until_edit = QDateEdit(QDate(self.presenter.until))
        for edit in (self.since_edit, self.until_edit):
            edit.setCalendarPopup(True)
        self.per_combo = QComboBox()
        self.per_combo.addItem(translate("Figures", "per day"), "day")
        self.per_combo.addItem(translate("Figures", "per week"), "week")
        self.show_button = QPushButton(translate("Figures", "Show"))
        self.export_button = QPushButton(translate("Figures", "Export CSV…"))
        self.export_button.setEnabled(False)
        self.table = QTableWidget(0, len(_headers()))
        self.table.setObjectName("packing_figures_table")
        self.table.setHorizontalHeaderLabels(_headers())
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.message_label = QLabel()
        self.message_label.setObjectName("packing_figures_message")

        controls = QHBoxLayout()
        controls.addWidget(QLabel(translate("Figures", "From")))
        controls.addWidget(self.since_edit)
        controls.addWidget(QLabel(translate("Figures", "to")))
        controls.addWidget(self.until_edit)
        controls.addWidget(self.per_combo)
        controls.addWidget(self.show_button)
        controls.addStretch(1)
        controls.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message_label)

        self.show_button.clicked.connect(lambda _=False: self.ask())
        self.export_button.clicked.connect(lambda _=False: self.export())
        self.presenter.rows_changed.connect(self._show_rows)
        self.presenter.message_shown.connect(self.show_message)

    def ask(self) -> None:
        """Read the figures of the period chosen."""
        since = self.since_edit.date().toPython()
        until = self.until_edit.date().toPython()
        week = self.per_combo.currentData() == "week"
        self.presenter.ask(since, until, "week" if week else "day")  # type: ignore[arg-type]

    def _show_rows(self, rows: list[PackingRow]) -> None:
        self.table.setRowCount(len(rows))
        for number, row in enumerate(rows):
            for column, text in enumerate(cells(row)):
                self.table.setItem(number, column, QTableWidgetItem(text))
        self.export_button.setEnabled(bool(rows))

    def export(self, path: str | None = None) -> Path | None:
        """Save the rows shown as CSV (asks where, unless `path` is given)."""
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self,
                translate("Figures", "Export packing figures"),
                self.presenter.suggested_file_name(),
                translate("Figures", "CSV files (*.csv)"),
            )
        if not path:
            return None
        target = Path(path)
        try:
            target.write_text(self.presenter.csv_text(), encoding="utf-8")
        except OSError as exc:
            self.show_message(
                translate("Figures", "The file cannot be written: {reason}").format(
                    reason=exc.strerror or exc
                ),
                error=True,
            )
            return None
        self.show_message(translate("Figures", "Saved to {path}").format(path=target))
        return target

    def show_message(self, text: str, error: bool = False) -> None:
        """The line under the table ("" clears it)."""
        self.message_label.setStyleSheet(f"color: {color(ERROR)};" if error else "")
        self.message_label.setText(text)
