"""The Batch page: orders from CSV/XLSX, a column-mapping step remembered per file layout,
every row checked by the domain rules and editable in place, "Create all" (concurrent, within
the rate limit: the client paces) with a progress bar, per-row status, cancel and retry of
failed rows, labels printed in file order, results exported to CSV.

Only Qt on top of the batch core (`desktop_app.batch`): `BatchRowsModel` shows a `Batch`,
`MappingWidget` edits a column mapping, `BatchPageWidget` runs a `BatchRunner`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.batch.export import write_results
from desktop_app.batch.importer import Table, TableError, read_table
from desktop_app.batch.mapping import (
    TARGETS,
    ColumnMapping,
    Defaults,
    FieldSource,
    MappingBook,
    guess_mapping,
)
from desktop_app.batch.orders import StoredOrders, build_orders, store_orders
from desktop_app.batch.rows import Batch, BatchRow, printer_format_chooser
from desktop_app.batch.runner import BatchRunner, summarize
from desktop_app.gui.batch.sender import (
    DefaultSenderDialog,
    SenderBanner,
    maps_a_sender,
    sender_notice,
)
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.client_errors import client_error_text
from desktop_app.gui.shell.theme import ERROR_COLOR, MUTED_COLOR
from desktop_app.gui.widgets.problems import field_label, problems_text
from desktop_app.gui.widgets.tasks import TaskSet

if TYPE_CHECKING:
    from desktop_app.gui.shell.context import AppContext

log = logging.getLogger(__name__)

ModelIndex = QModelIndex | QPersistentModelIndex

STATUS_TEXT = {
    "invalid": QT_TRANSLATE_NOOP("Batch", "Has problems"),
    "ready": QT_TRANSLATE_NOOP("Batch", "Ready"),
    "creating": QT_TRANSLATE_NOOP("Batch", "Creating…"),
    "created": QT_TRANSLATE_NOOP("Batch", "Created"),
    "failed": QT_TRANSLATE_NOOP("Batch", "Failed"),
    "canceled": QT_TRANSLATE_NOOP("Batch", "Canceled"),
}


def count_text(status: str, n: int) -> str:
    """One part of the counts line ("3 ready", "1 with problems") in the UI language."""
    texts = {
        "invalid": translate("Batch", "%n with problems", None, n),
        "ready": translate("Batch", "%n ready", None, n),
        "creating": translate("Batch", "%n being created", None, n),
        "created": translate("Batch", "%n created", None, n),
        "failed": translate("Batch", "%n failed", None, n),
        "canceled": translate("Batch", "%n canceled", None, n),
    }
    return texts.get(status, f"{n} {status}")


def target_texts() -> dict[str, str]:
    """What each shipment field of the mapping is, in the UI language."""
    return {
        "to.name": translate("Batch", "Receiver full name (split into first and last name)"),
        "to.first_name": translate("Batch", "Receiver first name"),
        "to.last_name": translate("Batch", "Receiver last name"),
        "to.company": translate("Batch", "Receiver company"),
        "to.care_of": translate("Batch", "Receiver care of / address line 2"),
        "to.street": translate("Batch", "Receiver street (with the number if no number column)"),
        "to.street_no": translate("Batch", "Receiver house number"),
        "to.zip_code": translate("Batch", "Receiver postcode"),
        "to.city": translate("Batch", "Receiver city"),
        "to.state": translate("Batch", "Receiver state"),
        "to.country": translate("Batch", "Receiver country (code or name)"),
        "to.email": translate("Batch", "Receiver e-mail"),
        "to.phone": translate("Batch", "Receiver phone"),
        "from.company": translate("Batch", "Sender company"),
        "from.first_name": translate("Batch", "Sender first name"),
        "from.last_name": translate("Batch", "Sender last name"),
        "from.street": translate("Batch", "Sender street (with the number if no number column)"),
        "from.street_no": translate("Batch", "Sender house number"),
        "from.zip_code": translate("Batch", "Sender postcode"),
        "from.city": translate("Batch", "Sender city"),
        "from.country": translate("Batch", "Sender country (code or name)"),
        "from.phone": translate("Batch", "Sender phone"),
        "package.weight": translate("Batch", "Weight (kg)"),
        "package.length": translate("Batch", "Length (cm)"),
        "package.width": translate("Batch", "Width (cm)"),
        "package.height": translate("Batch", "Height (cm)"),
        "package.type": translate("Batch", "Package type"),
        "package.description": translate("Batch", "Contents"),
        "carrier": translate("Batch", "Carrier"),
        "service": translate("Batch", "Service"),
        "reference_number": translate("Batch", "Order / reference number"),
        "description": translate("Batch", "Shipment description"),
        "notification_email": translate("Batch", "Notification e-mail"),
        "metadata.partner.order_number": translate("Batch", "Parcel-point partner's order number"),
        "metadata.partner.shop_name": translate("Batch", "Shop name"),
        "metadata.partner.order_date": translate("Batch", "Order date"),
    }


def row_result_text(row: BatchRow) -> str:
    """A row's error or note in the UI language: a client error by its class (the service's
    own messages as they came), the runner's fixed notes by their English text."""
    if row.error:
        failure = row.failure
        if failure is not None and not getattr(failure, "errors", None):
            return client_error_text(failure) or row.error
        return row.error
    if not row.note:
        return ""
    notes = {
        "an earlier attempt is still unsettled; the next run reconciles it": translate(
            "Batch", "An earlier attempt is still open; the next run settles it first."
        ),
        "created, but the label could not be downloaded": translate(
            "Batch", "Created, but the label could not be downloaded."
        ),
        "outcome unknown: a retry or the next run reconciles it first": translate(
            "Batch", "Outcome unknown: a retry or the next run checks it first."
        ),
        "created by an earlier run": translate("Batch", "Created by an earlier run."),
        "completed an interrupted attempt": translate("Batch", "Completed an interrupted attempt."),
    }
    if row.note.startswith("label not queued: "):
        reason = row.note.removeprefix("label not queued: ")
        return translate("Batch", "Label not queued: {0}").format(reason)
    return notes.get(row.note, row.note)


def not_used_text() -> str:
    """The mapping choice for a field no column fills."""
    return translate("Batch", "— not used —")


def fixed_value_text() -> str:
    """The mapping choice for a field every row gets the same value of."""
    return translate("Batch", "(fixed value)")


#: while a batch runs, row changes are gathered this long before the table and the progress
#: bar repaint: 8 creations at once report several changes a row, and a repaint per change
#: (QProgressBar.setValue repaints at once) kept the event loop busy
RUN_REFRESH_MS = 50
STATUS_COLOR = {
    "invalid": "#fde7e9",
    "failed": "#fde7e9",
    "created": "#e6f4ea",
    "creating": "#fff8e1",
    "canceled": "#eeeeee",
}


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

    FIXED = ("#", QT_TRANSLATE_NOOP("Batch", "Status"), QT_TRANSLATE_NOOP("Batch", "Problems"))

    def __init__(self, parent: QWidget | None = None) -> None:
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
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == 2 or column == self.result_column:
                return self._text(row, column) or None
            return None
        if role == Qt.ItemDataRole.BackgroundRole and row.status in STATUS_COLOR:
            return QColor(STATUS_COLOR[row.status])
        if role == Qt.ItemDataRole.ForegroundRole and column == 2 and row.problems:
            return QColor(ERROR_COLOR)
        return None

    def _text(self, row: BatchRow, column: int) -> str:
        if column == 0:
            return str(row.number)
        if column == 1:
            status = STATUS_TEXT.get(row.status)
            return translate("Batch", status) if status else row.status
        if column == 2:
            return problems_text(row.problems, " · ")
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
        editable = len(self.FIXED) <= index.column() < self.result_column
        if editable and row.status not in ("creating", "created"):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(  # noqa: N802
        self, index: ModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if role != Qt.ItemDataRole.EditRole or self.batch is None or not index.isValid():
            return False
        column = index.column()
        if not len(self.FIXED) <= column < self.result_column:
            return False
        try:
            self.batch.edit_cell(index.row(), self.headers[column - len(self.FIXED)], str(value))
        except ValueError:
            return False
        self.refresh_row(index.row())
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


class MappingWidget(QWidget):
    """Which column (or fixed value) fills each shipment field."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headers: tuple[str, ...] = ()
        self.table = QTableWidget(len(TARGETS), 3)
        self.table.setObjectName("batch_mapping")
        self.table.setHorizontalHeaderLabels(
            [
                translate("Batch", "Shipment field"),
                translate("Batch", "Column of the file"),
                translate("Batch", "Value"),
            ]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.combos: dict[str, QComboBox] = {}
        self.values: dict[str, QLineEdit] = {}
        texts = target_texts()
        for r, target in enumerate(TARGETS):
            label = QLabel(texts.get(target, TARGETS[target]))
            label.setToolTip(field_label(target))
            self.table.setCellWidget(r, 0, label)
            combo = QComboBox()
            combo.setObjectName(f"map_{target}")
            value = QLineEdit()
            value.setEnabled(False)
            self.combos[target] = combo
            self.values[target] = value
            self.table.setCellWidget(r, 1, combo)
            self.table.setCellWidget(r, 2, value)
            combo.currentIndexChanged.connect(lambda _i, t=target: self._on_combo(t))
            value.textEdited.connect(lambda _t: self.edited.emit())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)

    def _on_combo(self, target: str) -> None:
        self.values[target].setEnabled(self.combos[target].currentText() == fixed_value_text())
        self.edited.emit()

    def set_mapping(self, headers: Sequence[str], mapping: ColumnMapping) -> None:
        """Offer `headers` and show `mapping`."""
        self.headers = tuple(headers)
        for target, combo in self.combos.items():
            combo.blockSignals(True)
            combo.clear()
            combo.addItems([not_used_text(), *self.headers, fixed_value_text()])
            source = mapping.get(target)
            value = self.values[target]
            value.clear()
            if source is None:
                combo.setCurrentIndex(0)
            elif source.column is not None:
                combo.setCurrentText(source.column)
            else:
                combo.setCurrentText(fixed_value_text())
                value.setText(str(source.value))
            value.setEnabled(combo.currentText() == fixed_value_text())
            combo.blockSignals(False)

    def set_source(self, target: str, column: str | None = None, value: str | None = None) -> None:
        """Choose a column (or a fixed value) for one target, as the user would."""
        combo = self.combos[target]
        if value is not None:
            combo.setCurrentText(fixed_value_text())
            self.values[target].setText(value)
        else:
            combo.setCurrentText(column or not_used_text())
        self.edited.emit()

    def mapping(self) -> ColumnMapping:
        """The mapping shown."""
        out: ColumnMapping = {}
        for target, combo in self.combos.items():
            text = combo.currentText()
            if text == fixed_value_text():
                value = self.values[target].text().strip()
                if value:
                    out[target] = FieldSource(value=value)
            elif text and text != not_used_text():
                out[target] = FieldSource(column=text)
        return out


class BatchPageWidget(QWidget):
    """The Batch page of the main window."""

    #: a file was loaded (its path)
    file_loaded = Signal(str)
    #: a run ended (summary dict of the batch core)
    run_finished = Signal(object)
    message_shown = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("batch")
        self.tasks = TaskSet(lambda text: self.show_message(text, error=True), ctx)
        self.mapping_book = MappingBook()
        self.table_data: Table | None = None
        self.batch: Batch | None = None
        self.runner: BatchRunner | None = None
        self.running = False
        self.mapping_remembered = False
        self._run_rows: list[BatchRow] = []

        self.open_button = QPushButton(translate("Batch", "Open orders file…"))
        self.open_button.setObjectName("batch_open")
        self.file_label = QLabel(translate("Batch", "CSV or Excel (XLSX) with one order per row."))
        self.file_label.setStyleSheet(f"color: {MUTED_COLOR};")
        self.carrier_combo = QComboBox()
        self.carrier_combo.setObjectName("batch_carrier")
        self.carrier_combo.setToolTip(
            translate(
                "Batch",
                "Carrier for rows whose file has no carrier column; by shipping preset: "
                "the profile's presets choose by country and weight",
            )
        )

        self.mapping = MappingWidget()
        self.mapping_note = QLabel()
        self.mapping_note.setWordWrap(True)
        self.apply_mapping_button = QPushButton(translate("Batch", "Apply mapping"))
        self.apply_mapping_button.setObjectName("batch_apply_mapping")
        mapping_box = QGroupBox(
            translate("Batch", "Columns → shipment fields (remembered for this file layout)")
        )
        ml = QVBoxLayout(mapping_box)
        ml.addWidget(self.mapping, 1)
        mrow = QHBoxLayout()
        mrow.addWidget(self.mapping_note, 1)
        mrow.addWidget(self.apply_mapping_button)
        ml.addLayout(mrow)
        self.mapping_box = mapping_box

        self.model = BatchRowsModel(self)
        self.view = QTableView()
        self.view.setObjectName("batch_rows")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.verticalHeader().setVisible(False)
        self.view.horizontalHeader().setStretchLastSection(True)

        self.progress = QProgressBar()
        self.progress.setObjectName("batch_progress")
        self.progress.setValue(0)
        self.counts_label = QLabel()
        self.counts_label.setObjectName("batch_counts")
        self.print_check = QCheckBox(translate("Batch", "Print labels (in file order)"))
        self.create_button = QPushButton(translate("Batch", "Create all"))
        self.create_button.setObjectName("batch_create")
        self.cancel_button = QPushButton(translate("Batch", "Cancel"))
        self.retry_button = QPushButton(translate("Batch", "Retry failed"))
        self.export_button = QPushButton(translate("Batch", "Export results…"))
        self.orders_button = QPushButton(self.tr("Import as orders"))
        self.orders_button.setObjectName("batch_import_orders")
        self.orders_button.setToolTip(
            self.tr(
                "Store the file's orders on the service (one order per order number, a line "
                "item per row) instead of creating shipments; orders already there are skipped"
            )
        )
        self.message = QLabel()
        self.message.setObjectName("batch_message")
        self.message.setWordWrap(True)

        top = QHBoxLayout()
        top.addWidget(self.open_button)
        top.addWidget(self.file_label, 1)
        top.addWidget(QLabel(translate("Batch", "Carrier if none in the file")))
        top.addWidget(self.carrier_combo)
        rows_box = QWidget()
        rl = QVBoxLayout(rows_box)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.view, 1)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.counts_label)
        rl.addLayout(progress_row)
        buttons = QHBoxLayout()
        buttons.addWidget(self.print_check)
        buttons.addStretch(1)
        for b in (
            self.orders_button,
            self.create_button,
            self.cancel_button,
            self.retry_button,
            self.export_button,
        ):
            buttons.addWidget(b)
        rl.addLayout(buttons)
        rl.addWidget(self.message)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(mapping_box)
        splitter.addWidget(rows_box)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([260, 420])
        self.sender_banner = SenderBanner()
        self.sender_dialog: DefaultSenderDialog | None = None
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.sender_banner)
        layout.addWidget(splitter, 1)

        self.open_button.clicked.connect(self._choose_file)
        self.sender_banner.set_sender_requested.connect(self.open_sender_dialog)
        self.apply_mapping_button.clicked.connect(self.apply_mapping)
        self.mapping.edited.connect(
            lambda: self.mapping_note.setText(
                translate("Batch", "Changed: apply the mapping to check the rows again.")
            )
        )
        self.carrier_combo.activated.connect(lambda _i: self._rebuild_defaults())
        self.create_button.clicked.connect(lambda: self.tasks.spawn(self.create_all()))
        self.cancel_button.clicked.connect(self.cancel)
        self.retry_button.clicked.connect(lambda: self.tasks.spawn(self.retry_failed()))
        self.export_button.clicked.connect(self._choose_export)
        self.orders_button.clicked.connect(lambda: self.tasks.spawn(self.import_orders()))
        self.model.row_changed.connect(self._on_row_changed)
        # the runner's changes: counts, buttons and progress follow with the table's repaint
        self.model.rows_refreshed.connect(self._update_state)
        ctx.profile_changed.connect(lambda *_: self._on_profile_changed())
        ctx.offers_changed.connect(self._fill_carriers)
        ctx.connection_changed.connect(lambda *_: self._update_state())
        self._fill_carriers()
        self._on_profile_changed()

    # --- helpers -------------------------------------------------------------------------------

    def show_message(self, text: str, error: bool = False) -> None:
        """A line under the table."""
        self.message.setStyleSheet(f"color: {ERROR_COLOR};" if error else "")
        self.message.setText(text)
        self.message_shown.emit(text)

    def _fill_carriers(self) -> None:
        current = self.carrier_combo.currentData()
        prefs = self.ctx.profile.preferences if self.ctx.profile else None
        wanted = current or (prefs.default_carrier if prefs else None)
        self.carrier_combo.clear()
        self.carrier_combo.addItem(translate("Batch", "By shipping preset"), None)
        for code, offer in self.ctx.offers.items():
            self.carrier_combo.addItem(offer.display_name, code)
        index = self.carrier_combo.findData(wanted)
        self.carrier_combo.setCurrentIndex(max(index, 0))

    def defaults(self) -> Defaults:
        """Sender, carrier, service and package every row starts from (the profile's)."""
        profile = self.ctx.profile
        prefs = profile.preferences if profile else None
        carrier = self.carrier_combo.currentData() or None
        service = prefs.default_service if prefs else None
        return Defaults(
            sender=profile.draft_sender() if profile else None,
            carrier=carrier,
            service=(service or "standard") if carrier else None,
            package=dict(prefs.default_package) if prefs and prefs.default_package else None,
            presets=tuple(profile.presets()) if profile else (),
        )

    def _format_chooser(self) -> Any:
        prefs = self.ctx.profile.preferences if self.ctx.profile else None
        return printer_format_chooser(
            self.ctx.printer(), prefs.label_format_override if prefs else None
        )

    def _on_profile_changed(self) -> None:
        if self.running:
            self.cancel()
        self.print_check.setChecked(self.ctx.printer() is not None)
        self.print_check.setEnabled(self.ctx.printer() is not None)
        self.print_check.setToolTip(
            ""
            if self.ctx.printer()
            else translate("Batch", "Assign a printer to this profile in Settings")
        )
        if self.batch is not None:
            self._rebuild_defaults()
        self._update_state()
        self._update_sender_notice()

    def _update_sender_notice(self) -> None:
        """Say what is missing for the sender before any row is checked."""
        profile = self.ctx.profile
        self.sender_banner.show_notice(
            sender_notice(
                bool(profile and profile.default_sender),
                maps_a_sender(self.batch.mapping if self.batch is not None else ()),
            )
        )

    def open_sender_dialog(self) -> DefaultSenderDialog:
        """Type the profile's default sender; the rows are checked again once it is saved."""
        dialog = DefaultSenderDialog(self.ctx, self)
        self.sender_dialog = dialog
        dialog.finished.connect(lambda _r: setattr(self, "sender_dialog", None))
        dialog.open()
        return dialog

    def _rebuild_defaults(self) -> None:
        batch = self.batch
        if batch is None or self.running:
            return
        batch.defaults = self.defaults()
        batch.choose_format = self._format_chooser()
        batch.set_mapping(batch.mapping)
        self.model.set_batch(batch)
        self._update_state()

    # --- loading and mapping -------------------------------------------------------------------

    def _choose_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            translate("Batch", "Open orders"),
            "",
            translate("Batch", "Orders (*.csv *.txt *.xlsx *.xlsm);;All files (*)"),
        )
        if path:
            self.tasks.spawn(self.load_file(Path(path)))

    async def load_file(self, path: Path) -> Batch | None:
        """Read the file, pick the remembered (or guessed) mapping and check every row."""
        if self.running:
            self.show_message(
                translate("Batch", "Wait for the running batch to finish."), error=True
            )
            return None
        try:
            table = await asyncio.to_thread(read_table, path)
        except (TableError, OSError) as exc:
            self.show_message(
                translate("Batch", "Could not read {name}: {exc}").format(name=path.name, exc=exc),
                error=True,
            )
            return None
        remembered = self.mapping_book.get(table.layout, table.headers)
        self.mapping_remembered = remembered is not None
        mapping = remembered if remembered is not None else guess_mapping(table.headers)
        self.table_data = table
        self.mapping.set_mapping(table.headers, mapping)
        self.mapping_note.setText(
            translate("Batch", "The mapping remembered for this file layout is used.")
            if remembered is not None
            else translate("Batch", "Mapping guessed from the column names: check it and apply it.")
        )
        self.batch = Batch(table, mapping, self.defaults(), choose_format=self._format_chooser())
        self.runner = None
        self.model.set_batch(self.batch)
        self.view.resizeColumnsToContents()
        self.file_label.setText(
            translate("Batch", "{name}: %n order(s)", None, len(table.rows)).format(name=path.name)
        )
        self.progress.setValue(0)
        self.message.clear()
        self._update_state()
        self._update_sender_notice()
        self.file_loaded.emit(str(path))
        return self.batch

    def apply_mapping(self) -> None:
        """Use the mapping shown for every row not yet created, and remember it."""
        batch, table = self.batch, self.table_data
        if batch is None or table is None or self.running:
            return
        mapping = self.mapping.mapping()
        batch.set_mapping(mapping)
        try:
            self.mapping_book.put(table.layout, table.headers, mapping)
            self.mapping_remembered = True
            self.mapping_note.setText(
                translate("Batch", "Applied and remembered for files with these columns.")
            )
        except OSError as exc:
            self.mapping_note.setText(
                translate("Batch", "Applied (not remembered: {exc}).").format(exc=exc)
            )
        self.model.set_batch(batch)
        self._update_state()
        self._update_sender_notice()

    # --- state ---------------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """Rows per status."""
        return self.batch.counts() if self.batch else {}

    def _update_state(self) -> None:
        counts = self.counts()
        batch = self.batch
        parts = [count_text(s, n) for s, n in sorted(counts.items()) if n]
        self.counts_label.setText(", ".join(parts))
        connected = self.ctx.creator is not None
        ready = counts.get("ready", 0)
        self.create_button.setEnabled(
            batch is not None and not self.running and connected and ready > 0
        )
        self.create_button.setText(
            translate("Batch", "Create all ({ready})").format(ready=ready)
            if ready
            else translate("Batch", "Create all")
        )
        self.cancel_button.setEnabled(self.running)
        retryable = counts.get("failed", 0) + counts.get("canceled", 0)
        if self.runner is not None:
            retryable += ready  # failed rows edited back to ready since the last run
        self.retry_button.setEnabled(
            batch is not None and not self.running and connected and retryable > 0
        )
        self.export_button.setEnabled(batch is not None and not self.running)
        self.orders_button.setEnabled(
            batch is not None and not self.running and self.ctx.client is not None
        )
        self.open_button.setEnabled(not self.running)
        self.apply_mapping_button.setEnabled(batch is not None and not self.running)
        if self._run_rows:
            done = sum(1 for r in self._run_rows if r.status not in ("ready", "creating"))
            self.progress.setMaximum(len(self._run_rows))
            self.progress.setValue(done)

    async def import_orders(self) -> StoredOrders | None:
        """Store the file's orders (the mapping shown, plus its line-item columns) on the
        service; the message says how many were stored, skipped, refused or invalid."""
        table, client = self.table_data, self.ctx.client
        if table is None or client is None or self.running:
            return None
        orders = build_orders(table, self.mapping.mapping())
        invalid = [order for order in orders if not order.valid]
        self.orders_button.setEnabled(False)
        try:
            result = await store_orders(client, orders)
        finally:
            self._update_state()
        text = self.tr(
            "Orders: {stored} stored, {skipped} already on the service, {invalid} with "
            "problems, {refused} refused."
        ).format(
            stored=len(result.stored),
            skipped=len(result.skipped),
            invalid=len(invalid),
            refused=len(result.refused),
        )
        details = [
            self.tr("Order {number} (line {lines}): {problem}").format(
                number=order.external_order_id,
                lines=", ".join(str(line) for line in order.lines),
                problem=order.problems[0],
            )
            for order in invalid
        ]
        details += [
            self.tr("Order {number}: {error}").format(number=number, error=error)
            for number, error in result.refused.items()
        ]
        self.show_message("\n".join([text, *details[:5]]), error=bool(details))
        return result

    def _on_row(self, row: BatchRow) -> None:
        """The runner reports a row (on the event loop's thread): repainted with others shortly."""
        if self.batch is not None and row.index < len(self.batch.rows):
            self.model.refresh_later(row.index)

    def _on_row_changed(self, row: int) -> None:
        if not self.model.pending(row):  # an edit: at once
            self._update_state()

    # --- running -------------------------------------------------------------------------------

    def _make_runner(self) -> BatchRunner | None:
        creator, batch = self.ctx.creator, self.batch
        if creator is None or batch is None:
            self.show_message(translate("Batch", "Not connected to the service yet."), error=True)
            return None
        printer = self.ctx.printer() if self.print_check.isChecked() else None
        queue = self.ctx.queue if printer is not None else None
        if self.runner is None or self.runner.creator is not creator:
            self.runner = BatchRunner(
                batch,
                creator,
                queue=queue,
                printer=printer if queue is not None else None,
                on_row=self._on_row,
            )
        else:
            self.runner.queue = queue
            self.runner.printer = printer if queue is not None else None
        return self.runner

    async def create_all(self) -> dict[str, Any] | None:
        """Create every valid row (concurrently; the client keeps within the rate limit)."""
        runner = self._make_runner()
        if runner is None or self.batch is None:
            return None
        rows = [r for r in self.batch.rows if r.status == "ready"]
        return await self._run(runner, rows, retry=False)

    async def retry_failed(self) -> dict[str, Any] | None:
        """Run the failed and canceled rows again (and rows edited back to ready)."""
        runner = self._make_runner()
        if runner is None or self.batch is None:
            return None
        rows = [r for r in self.batch.rows if r.status in ("failed", "canceled", "ready")]
        return await self._run(runner, rows, retry=True)

    async def _run(
        self, runner: BatchRunner, rows: list[BatchRow], *, retry: bool
    ) -> dict[str, Any] | None:
        if not rows or self.running:
            return None
        self.running = True
        self._run_rows = rows
        self.progress.setMaximum(len(rows))
        self.progress.setValue(0)
        self.show_message(translate("Batch", "Creating %n shipment(s)…", None, len(rows)))
        self._set_window_busy(True)
        self._update_state()
        try:
            if retry:
                await runner.retry_failed()
            else:
                await runner.run(rows)
        finally:
            self.running = False
            self._set_window_busy(False)
            self.model.flush()
            self._update_state()
        assert self.batch is not None
        summary = summarize(self.batch.rows)
        counts = self.counts()
        parts = [
            translate("Batch", "{0} of %n created", None, len(self.batch.rows)).format(
                counts.get("created", 0)
            )
        ]
        for status in ("failed", "canceled", "invalid"):
            if counts.get(status):
                parts.append(count_text(status, counts[status]))
        bad = counts.get("failed", 0) or counts.get("canceled", 0)
        self.show_message(translate("Batch", "{0}.").format(", ".join(parts)), error=bool(bad))
        await self._announce([r.shipment_id for r in rows if r.status == "created"])
        self.run_finished.emit(summary)
        return summary

    async def _announce(self, ids: list[str | None]) -> None:
        """Tell the other pages (history, pickups) about the new shipments."""
        store = self.ctx.store
        if store is None:
            return

        def read() -> list[Any]:
            found = []
            for shipment_id in ids:
                if shipment_id is None:
                    continue
                try:
                    found.append(store.get_shipment(shipment_id))
                except LookupError:
                    continue
            return found

        for stored in await asyncio.to_thread(read):  # SQLite reads off the event loop
            self.ctx.shipment_created.emit(stored)

    def _set_window_busy(self, busy: bool) -> None:
        # the profile must not change under a running batch (the main window refuses then)
        window = self.window()
        set_busy = getattr(window, "set_busy", None)
        if callable(set_busy):
            set_busy(busy)

    def cancel(self) -> None:
        """Send no further rows; those being created finish."""
        if self.runner is not None and self.running:
            self.runner.cancel()
            self.show_message(
                translate("Batch", "Canceling: rows already sent finish, the others wait.")
            )

    # --- export --------------------------------------------------------------------------------

    def _choose_export(self) -> None:
        if self.batch is None:
            return
        suggested = ""
        if self.table_data is not None:
            source = self.table_data.source
            suggested = str(source.with_name(f"{source.stem}-results.csv"))
        path, _filter = QFileDialog.getSaveFileName(
            self, translate("Batch", "Export results"), suggested, translate("Batch", "CSV (*.csv)")
        )
        if path:
            self.export(Path(path))

    def export(self, path: Path) -> Path | None:
        """Write the results CSV (one line per row, in file order)."""
        if self.batch is None:
            return None
        try:
            written = write_results(self.batch.rows, path)
        except OSError as exc:
            self.show_message(
                translate("Batch", "Could not write {path}: {exc}").format(path=path, exc=exc),
                error=True,
            )
            return None
        self.show_message(
            translate("Batch", "Results written to {written}.").format(written=written)
        )
        return written
