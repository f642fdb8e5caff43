"""The History page's table view: sortable columns over `ShipmentHistoryModel`, and the
selection read and set by shipment id."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QItemSelectionModel, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from desktop_app.gui.history.table_model import ShipmentHistoryModel
from desktop_app.profiles.store import StoredShipment

#: the columns' starting widths (the receiver's stretches)
COLUMN_WIDTHS = (
    (ShipmentHistoryModel.DATE, 130),
    (ShipmentHistoryModel.CARRIER, 150),
    (ShipmentHistoryModel.REFERENCE, 170),
    (ShipmentHistoryModel.TRACKING, 170),
    (ShipmentHistoryModel.STATUS, 130),
    (ShipmentHistoryModel.PRICE, 70),
    (ShipmentHistoryModel.MADE_BY, 150),
)


class ShipmentTableView(QTableView):
    """Rows of shipments, newest first, sorted by a click on a header; several selectable."""

    def __init__(self, model: ShipmentHistoryModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.shipment_model = model
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(ShipmentHistoryModel.SortRole)
        self.setObjectName("history_table")
        self.setModel(self.proxy)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSortingEnabled(True)
        self.sortByColumn(ShipmentHistoryModel.DATE, Qt.SortOrder.DescendingOrder)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(ShipmentHistoryModel.RECEIVER, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        for column, width in COLUMN_WIDTHS:
            self.setColumnWidth(column, width)
        # who made a label: shown by the sign-in (gui/people) to those who may see it
        self.setColumnHidden(ShipmentHistoryModel.MADE_BY, True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def selected_shipments(self) -> list[StoredShipment]:
        """The selected shipments, in view order."""
        rows = sorted({i.row() for i in self.selectionModel().selectedRows()})
        return [
            self.shipment_model.shipment(self.proxy.mapToSource(self.proxy.index(r, 0)).row())
            for r in rows
        ]

    def add_to_selection(self, ids: Iterable[str]) -> None:
        """Select these shipments too (those shown); the first becomes the current row."""
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        first = True
        for shipment_id in ids:
            row = self.shipment_model.row_of(shipment_id)
            if row < 0:
                continue
            index = self.proxy.mapFromSource(self.shipment_model.index(row, 0))
            self.selectionModel().select(index, flags)
            if first:
                self.setCurrentIndex(index)
                self.selectionModel().select(index, flags)
                first = False
