"""The batch page's lower part: the rows table (edited in place), progress and counts, the
Print check, the run's buttons and the message line. It only shows; the page wires it to the
presenter."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.batch.presenter import BatchActions
from desktop_app.gui.batch.row_texts import WIDEST_READY_COUNT, create_all_text
from desktop_app.gui.batch.rows_model import BatchRowsModel
from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.elided import ElidedLabel, ignore_width


class BatchRowsPanel(QWidget):
    """Rows, progress, counts, Print check, Import as orders / Create all / Cancel / Retry
    failed / Export results, message."""

    def __init__(self, model: BatchRowsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = QTableView()
        self.view.setObjectName("batch_rows")
        self.view.setModel(model)
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
        self.counts_label = ElidedLabel()  # the counts change during a run: one elided line
        self.counts_label.setObjectName("batch_counts")
        self.print_check = QCheckBox(translate("Batch", "Print labels (in file order)"))
        self.create_button = QPushButton(create_all_text(WIDEST_READY_COUNT))
        self.create_button.setObjectName("batch_create")
        # as wide as its widest text from the start: the count in it changes during a run
        self.create_button.setMinimumWidth(self.create_button.sizeHint().width())
        self.create_button.setText(create_all_text(0))
        self.cancel_button = QPushButton(translate("Batch", "Cancel"))
        self.retry_button = QPushButton(translate("Batch", "Retry failed"))
        self.export_button = QPushButton(translate("Batch", "Export results…"))
        # the context the page's own texts had (self.tr of BatchPage)
        self.orders_button = QPushButton(
            QCoreApplication.translate("BatchPage", "Import as orders")
        )
        self.orders_button.setObjectName("batch_import_orders")
        self.orders_button.setToolTip(
            QCoreApplication.translate(
                "BatchPage",
                "Store the file's orders on the service (one order per order number, a line "
                "item per row) instead of creating shipments; orders already there are skipped",
            )
        )
        self.message = QLabel()
        self.message.setObjectName("batch_message")
        self.message.setWordWrap(True)
        # wrapped to the width it gets: its longest word never sets the page's minimum width
        ignore_width(self.message)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.counts_label)
        layout.addLayout(progress_row)
        # the check box above the buttons: beside them the German texts made the page wider
        # than a 1024 px screen
        layout.addWidget(self.print_check)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for b in (
            self.orders_button,
            self.create_button,
            self.cancel_button,
            self.retry_button,
            self.export_button,
        ):
            buttons.addWidget(b)
        layout.addLayout(buttons)
        layout.addWidget(self.message)

    def show_actions(self, actions: BatchActions) -> None:
        """Enable the run's buttons as the presenter says."""
        self.create_button.setEnabled(actions.create)
        self.create_button.setText(actions.create_text)
        self.cancel_button.setEnabled(actions.cancel)
        self.retry_button.setEnabled(actions.retry)
        self.export_button.setEnabled(actions.export)
        self.orders_button.setEnabled(actions.import_orders)

    def show_progress(self, progress: tuple[int, int] | None) -> None:
        """Rows done of the run's rows (nothing before a run)."""
        if progress is not None:
            done, total = progress
            self.progress.setMaximum(total)
            self.progress.setValue(done)

    def show_message(self, text: str, error: bool = False) -> None:
        """The line under the table."""
        self.message.setStyleSheet(f"color: {color(ERROR)};" if error else "")
        self.message.setText(text)
