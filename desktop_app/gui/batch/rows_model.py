"""The rows of a loaded batch as a Qt table model: number, status, problems, the order's weight
and its source (a weight typed here is the order's), the file's columns (editable until
created) and the result; repaints during a run are gathered."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor

from desktop_app.batch_runs.rows import Batch, BatchRow
from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.batch.row_texts import STATUS_TEXT, filled_text, row_result_text
from desktop_app.gui.batch.weights import parse_weight, row_weight_text, row_weight_tip
from desktop_app.gui.core.theme import ERROR, color, row_background
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.problems import column_problem_text
from desktop_app.gui.widgets.scale import weight_text

ModelIndex = QModelIndex | QPersistentModelIndex

#: while a batch runs, row changes are gathered this long before the table and the progress
#: bar repaint: 8 creations at once report several changes a row, and a repaint per change
#: (QProgressBar.setValue repaints at once) kept the event loop busy
RUN_REFRESH_MS = 50


_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.EditRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.BackgroundRole,
        Qt.ItemDataRole.ForegroundRole,
    }
)


class BatchRowsModel(QAbstractTableModel):
    """The rows of a batch: number, status, problems, the file's columns (editable), result."""

    #: a row was edited or changed status (its index)
    row_changed = Signal(int)
    #: the rows changed through `refresh_later` were repainted
    rows_refreshed = Signal()

    FIXED = (
        "#",
        QT_TRANSLATE_NOOP("Batch", "Status"),
        QT_TRANSLATE_NOOP("Batch", "Problems"),
        QT_TRANSLATE_NOOP("Batch", "Weight"),
    )
    #: the column of the order's weight (typed in place)
    WEIGHT = 3

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.batch: Batch | None = None
        self.headers: tuple[str, ...] = ()
        self._dirty: set[int] = set()
        self._repaint = QTimer(self)
        self._repaint.setSingleShot(True)
        self._repaint.setInterval(RUN_REFRESH_MS)
        self._repaint.timeout.connect(self.flush)

    def set_batch(self, batch: Batch | None) -> None:
        """Show another batch (or none)."""
        self._dirty.clear()
        self._repaint.stop()
        self.beginResetModel()
        self.batch = batch
        self.headers = batch.table.headers if batch is not None else ()
        self.endResetModel()

    @property
    def result_column(self) -> int:
        """The column with the shipment's tracking number or the error."""
        return len(self.FIXED) + len(self.headers)

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() or self.batch is None else len(self.batch.rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.FIXED) + len(self.headers) + 1

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if section < len(self.FIXED):
            return translate("Batch", self.FIXED[section])
        if section < self.result_column:
            return self.headers[section - len(self.FIXED)]
        return translate("Batch", "Result")

    def row(self, index: int) -> BatchRow:
        """The batch row shown in model row `index`."""
        assert self.batch is not None
        return self.batch.rows[index]

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # the view asks for a dozen roles per cell on every repaint: the others answer at once
        if role not in _ROLES or not index.isValid() or self.batch is None:
            return None
        row = self.batch.rows[index.row()]
        column = index.column()
        if column == self.WEIGHT and role == Qt.ItemDataRole.EditRole:
            return weight_text(row.weight.kg) if row.weight.kg is not None else ""
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == self.WEIGHT:
                return row_weight_tip(row)
            if column == 2 or column == self.result_column:
                return self._text(row, column) or None
            if column == 1:
                return filled_text(row) or None
            return None
        missing = column == self.WEIGHT and row.weight.kg is None and row.status == "invalid"
        if role == Qt.ItemDataRole.ForegroundRole and missing:
            return QColor(color(ERROR))
        if role == Qt.ItemDataRole.BackgroundRole and (tint := row_background(row.status)):
            return QColor(tint)
        if role == Qt.ItemDataRole.ForegroundRole and column == 2 and row.problems:
            return QColor(color(ERROR))
        return None

    def _text(self, row: BatchRow, column: int) -> str:
        if column == 0:
            return str(row.number)
        if column == 1:
            status = STATUS_TEXT.get(row.status)
            return translate("Batch", status) if status else row.status
        if column == 2:
            batch = self.batch
            assert batch is not None  # rows are shown only for a batch
            return " · ".join(
                column_problem_text(batch.column_for(p.path), p) for p in row.problems
            )
        if column == self.WEIGHT:
            return row_weight_text(row)
        if column < self.result_column:
            return row.source.get(self.headers[column - len(self.FIXED)], "")
        if row.status == "created":
            return row.tracking_no or row.shipment_id or ""
        return row_result_text(row)

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid() or self.batch is None:
            return base
        row = self.batch.rows[index.row()]
        editable = (
            len(self.FIXED) <= index.column() < self.result_column or index.column() == self.WEIGHT
        )
        if editable and row.status not in ("creating", "created"):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(  # noqa: N802
        self, index: ModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if role != Qt.ItemDataRole.EditRole or self.batch is None or not index.isValid():
            return False
        column = index.column()
        if column == self.WEIGHT:
            return self._type_weight(index.row(), str(value))
        if not len(self.FIXED) <= column < self.result_column:
            return False
        try:
            self.batch.edit_cell(index.row(), self.headers[column - len(self.FIXED)], str(value))
        except ValueError:
            return False
        self.refresh_row(index.row())
        return True

    def _type_weight(self, index: int, text: str) -> bool:
        """A weight typed for the order ("" takes it back); a word is refused."""
        assert self.batch is not None
        kg = parse_weight(text) if text.strip() else None
        if text.strip() and kg is None:
            return False
        try:
            self.batch.set_weight(index, kg, "typed")
        except ValueError:
            return False
        self.refresh_row(index)
        return True

    def refresh_row(self, row: int) -> None:
        """Repaint one row (after its status or cells changed)."""
        self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))
        self.row_changed.emit(row)

    def pending(self, row: int) -> bool:
        """True when the row's repaint waits for the next `flush`."""
        return row in self._dirty

    def refresh_later(self, row: int) -> None:
        """Announce a row's change now (`row_changed`), repaint it with others shortly."""
        self._dirty.add(row)
        if not self._repaint.isActive():
            self._repaint.start()
        self.row_changed.emit(row)

    def flush(self) -> None:
        """Repaint the rows changed since the last repaint (one signal per run of rows)."""
        self._repaint.stop()
        if not self._dirty:
            return
        rows = sorted(r for r in self._dirty if r < self.rowCount())
        self._dirty.clear()
        # not one span from the first to the last: that repainted every row between them
        right = self.columnCount() - 1
        start = 0
        for i in range(1, len(rows) + 1):
            if i == len(rows) or rows[i] != rows[i - 1] + 1:
                self.dataChanged.emit(self.index(rows[start], 0), self.index(rows[i - 1], right))
                start = i
        self.rows_refreshed.emit()
