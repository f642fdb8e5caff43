"""The Batch page: orders from CSV/XLSX, a column-mapping step remembered per file layout,
every row checked by the domain rules and editable in place, "Create all" (concurrent, within
the rate limit: the client paces) with a progress bar, per-row status, cancel and retry of
failed rows, labels printed in file order, results exported to CSV.

The page composes what the others decide and show: `BatchPresenter` (loaded_batch.py) holds
the file, the mapping, the rows and their run; `BatchRowsModel` (rows_model.py) shows the rows,
`MappingBox` (mapping_table.py) the mapping step, `BatchRowsPanel` (rows_panel.py) the rows with
progress and buttons, `SenderBanner` (sender.py) what is missing for the sender.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desktop_app.batch_runs.rows import Batch
from desktop_app.batch_runs.runner import BatchRunner
from desktop_app.gui.batch.partials.file_bar import OrdersFileBar
from desktop_app.gui.batch.partials.mapping_table import (
    MappingBox,
    MappingWidget,
    fixed_value_text,
    not_used_text,
    target_texts,
)
from desktop_app.gui.batch.partials.rows_panel import BatchRowsPanel
from desktop_app.gui.batch.partials.sender import DefaultSenderDialog, SenderBanner
from desktop_app.gui.batch.partials.shop_ids import ShopIdsDialog
from desktop_app.gui.batch.partials.weights_bar import WeightsBar, wire_weights
from desktop_app.gui.batch.presenter import BatchPresenter
from desktop_app.gui.batch.row_texts import STATUS_TEXT, count_text, row_result_text
from desktop_app.gui.batch.rows_model import BatchRowsModel
from desktop_app.gui.batch.weights import BatchWeights
from desktop_app.gui.i18n import translate
from desktop_app.orders.importer import Table
from desktop_app.orders.mapping import MappingBook
from desktop_app.orders.service_orders import StoredOrders

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

log = logging.getLogger(__name__)

__all__ = [
    "STATUS_TEXT",
    "BatchPage",
    "BatchRowsModel",
    "MappingWidget",
    "count_text",
    "fixed_value_text",
    "not_used_text",
    "row_result_text",
    "target_texts",
]


class BatchPage(QWidget):
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
        self.presenter = BatchPresenter(ctx, self)
        self.tasks = self.presenter.tasks

        self.file_bar = OrdersFileBar()
        self.open_button = self.file_bar.open_button
        self.file_label = self.file_bar.file_label
        self.carrier_combo = self.file_bar.carrier_combo
        self.mapping_box = MappingBox()
        self.mapping = self.mapping_box.mapping
        self.mapping_note = self.mapping_box.note
        self.apply_mapping_button = self.mapping_box.apply_button
        self.model = BatchRowsModel(self)
        self.rows_panel = BatchRowsPanel(self.model)
        panel = self.rows_panel
        self.view, self.progress, self.counts_label = panel.view, panel.progress, panel.counts_label
        self.print_check, self.message = panel.print_check, panel.message
        self.create_button, self.cancel_button = panel.create_button, panel.cancel_button
        self.retry_button, self.export_button = panel.retry_button, panel.export_button
        self.orders_button = panel.orders_button

        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.mapping_box)
        splitter.addWidget(self.rows_panel)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([260, 420])
        self.weights = BatchWeights(lambda: self.presenter.batch, parent=self)
        self.weights_bar = WeightsBar()
        wire_weights(self.weights_bar, self.weights, self.model, self._update_state,
                     lambda: not self.running)  # fmt: skip
        self.sender_banner = SenderBanner()
        self.sender_dialog: DefaultSenderDialog | None = None
        self.shop_ids_dialog: ShopIdsDialog | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(self.file_bar)
        layout.addWidget(self.sender_banner)
        layout.addWidget(self.weights_bar)
        layout.addWidget(splitter, 1)

        presenter = self.presenter
        self.open_button.clicked.connect(self._choose_file)
        self.sender_banner.set_sender_requested.connect(self.open_sender_dialog)
        self.apply_mapping_button.clicked.connect(self.apply_mapping)
        self.carrier_combo.activated.connect(lambda _i: self._on_carrier())
        self.print_check.toggled.connect(lambda on: setattr(presenter, "print_labels", on))
        self.create_button.clicked.connect(lambda: self.tasks.spawn(self.create_all()))
        self.cancel_button.clicked.connect(self.cancel)
        self.retry_button.clicked.connect(lambda: self.tasks.spawn(self.retry_failed()))
        self.export_button.clicked.connect(self._choose_export)
        self.orders_button.clicked.connect(lambda: self.tasks.spawn(self.import_orders()))
        self.model.row_changed.connect(self._on_row_changed)
        # the runner's changes: counts, buttons and progress follow with the table's repaint
        self.model.rows_refreshed.connect(self._update_state)
        presenter.row_reported.connect(self.model.refresh_later)
        presenter.message_shown.connect(self.show_message)
        presenter.mapping_note_changed.connect(self.mapping_note.setText)
        presenter.state_changed.connect(self._update_state)
        presenter.running_changed.connect(self._on_running)
        presenter.file_loaded.connect(self.file_loaded)
        presenter.run_finished.connect(self.run_finished)
        ctx.profile_changed.connect(lambda *_: self._on_profile_changed())
        ctx.offers_changed.connect(self._fill_carriers)
        ctx.connection_changed.connect(lambda *_: self._update_state())
        self._fill_carriers()
        self._on_profile_changed()

    # --- the presenter's state, as the page offered it ------------------------------------------

    @property
    def batch(self) -> Batch | None:
        """The loaded batch."""
        return self.presenter.batch

    @property
    def runner(self) -> BatchRunner | None:
        """The runner of the last run."""
        return self.presenter.runner

    @property
    def running(self) -> bool:
        """True while rows are being created."""
        return self.presenter.running

    @property
    def mapping_remembered(self) -> bool:
        """True when the mapping shown is the one remembered for the file's layout."""
        return self.presenter.mapping_remembered

    @property
    def mapping_book(self) -> MappingBook:
        """The mappings remembered per file layout."""
        return self.presenter.mapping_book

    @property
    def table_data(self) -> Table | None:
        """The orders file read."""
        return self.presenter.table_data

    def counts(self) -> dict[str, int]:
        """Rows per status."""
        return self.presenter.counts()

    # --- helpers -------------------------------------------------------------------------------

    def show_message(self, text: str, error: bool = False) -> None:
        """A line under the table."""
        self.rows_panel.show_message(text, error)
        self.message_shown.emit(text)

    def _fill_carriers(self) -> None:
        self.file_bar.show_carriers(*self.presenter.carrier_choices())
        self.presenter.carrier = self.file_bar.carrier()

    def _on_carrier(self) -> None:
        self.presenter.carrier = self.file_bar.carrier()
        self._rebuild_defaults()

    def _on_profile_changed(self) -> None:
        presenter = self.presenter
        presenter.follow_profile()
        self.print_check.setChecked(presenter.can_print())
        self.print_check.setEnabled(presenter.can_print())
        self.print_check.setToolTip(presenter.print_tip())
        presenter.print_labels = self.print_check.isChecked()
        self._show_batch()

    def _update_sender_notice(self) -> None:
        """Say what is missing for the sender before any row is checked."""
        self.sender_banner.show_notice(self.presenter.sender_notice())

    def open_sender_dialog(self) -> DefaultSenderDialog:
        """Type the profile's default sender; the rows are checked again once it is saved."""
        dialog = DefaultSenderDialog(self.ctx, self)
        self.sender_dialog = dialog
        dialog.finished.connect(lambda _r: setattr(self, "sender_dialog", None))
        dialog.open()
        return dialog

    def _rebuild_defaults(self) -> None:
        if self.presenter.rebuild_defaults():
            self._show_batch()

    def _show_batch(self) -> None:
        """Show the presenter's rows again (checked anew), their counts and the notice."""
        if self.presenter.batch is not None and not self.running:
            self.model.set_batch(self.presenter.batch)
        self._update_state()
        self._update_sender_notice()

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
        batch = await self.presenter.load_file(path)
        table = self.presenter.table_data
        if batch is None or table is None:
            return None
        self.mapping.set_mapping(table.headers, batch.mapping)
        self.model.set_batch(batch)
        self.view.resizeColumnsToContents()
        self.file_label.setText(self.presenter.file_text(path))
        self.progress.setValue(0)
        self.message.clear()
        self._update_state()
        self._update_sender_notice()
        if self.presenter.unknown_shop_ids():
            self.open_shop_ids_dialog()
        return batch

    def open_shop_ids_dialog(self) -> ShopIdsDialog:
        """Ask once for the file what the shop's ids stand for; the rows are checked again."""
        dialog = ShopIdsDialog(self.presenter.unknown_shop_ids(), self._learn_shop_ids, self)
        self.shop_ids_dialog = dialog
        dialog.open()
        return dialog

    def _learn_shop_ids(self, answers: dict[str, dict[str, str]]) -> bool:
        learned = self.presenter.learn_shop_ids(answers)
        if learned:
            self._show_batch()
        return learned

    def apply_mapping(self) -> None:
        """Use the mapping shown for every row not yet created, and remember it."""
        if self.presenter.apply_mapping(self.mapping.mapping()):
            self._show_batch()

    # --- state ---------------------------------------------------------------------------------

    def _update_state(self) -> None:
        presenter = self.presenter
        self.counts_label.setText(presenter.counts_text())
        actions = presenter.actions()
        self.rows_panel.show_actions(actions)
        self.open_button.setEnabled(actions.open)
        self.apply_mapping_button.setEnabled(actions.apply_mapping)
        self.rows_panel.show_progress(presenter.progress())

    async def import_orders(self) -> StoredOrders | None:
        """Store the file's orders (the mapping shown, plus its line-item columns) on the
        service; the message says how many were stored, skipped, refused or invalid."""
        return await self.presenter.import_orders(self.mapping.mapping())

    def _on_row_changed(self, row: int) -> None:
        if not self.model.pending(row):  # an edit: at once
            self._update_state()

    # --- running -------------------------------------------------------------------------------

    async def create_all(self) -> dict[str, Any] | None:
        """Create every valid row (concurrently; the client keeps within the rate limit)."""
        return await self.presenter.create_all()

    async def retry_failed(self) -> dict[str, Any] | None:
        """Run the failed and canceled rows again (and rows edited back to ready)."""
        return await self.presenter.retry_failed()

    def _on_running(self, running: bool) -> None:
        self._set_window_busy(running)
        if running:
            self.weights.stop_weighing()
        self.weights_bar.show_state(self.weights, not running)
        if not running:
            self.model.flush()
        self._update_state()

    def _set_window_busy(self, busy: bool) -> None:
        # the profile must not change under a running batch (the main window refuses then)
        window = self.window()
        set_busy = getattr(window, "set_busy", None)
        if callable(set_busy):
            set_busy(busy)

    def cancel(self) -> None:
        """Send no further rows; those being created finish."""
        self.presenter.cancel()

    # --- export --------------------------------------------------------------------------------

    def _choose_export(self) -> None:
        if self.batch is None:
            return
        path, _filter = QFileDialog.getSaveFileName(
            self,
            translate("Batch", "Export results"),
            self.presenter.export_suggestion(),
            translate("Batch", "CSV (*.csv)"),
        )
        if path:
            self.export(Path(path))

    def export(self, path: Path) -> Path | None:
        """Write the results CSV (one line per row, in file order)."""
        return self.presenter.export(path)
