"""`pick_one_table`: the read-only table the Shops, Printers, Webhooks and Addresses pages pick
one row of."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractItemView, QTableWidgetItem

from desktop_app.gui.widgets.tables import pick_one_table


def _headers(table: Any) -> list[str]:
    return [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]


def test_whole_rows_one_at_a_time_and_nothing_edited_in_place(qtbot: Any) -> None:
    table = pick_one_table("printers_table", "Settings", ("Name", "Used by this profile"))
    qtbot.addWidget(table)
    assert table.objectName() == "printers_table"
    assert _headers(table) == ["Name", "Used by this profile"]
    assert table.rowCount() == 0 and not table.verticalHeader().isVisibleTo(table)
    assert table.selectionBehavior() == QAbstractItemView.SelectionBehavior.SelectRows
    assert table.selectionMode() == QAbstractItemView.SelectionMode.SingleSelection
    assert table.editTriggers() == QAbstractItemView.EditTrigger.NoEditTriggers
    table.setRowCount(2)
    for row in range(2):
        table.setItem(row, 0, QTableWidgetItem(f"printer {row}"))
    table.selectRow(0)
    table.selectRow(1)
    assert [index.row() for index in table.selectionModel().selectedRows()] == [1]


def test_headers_in_the_users_language(qtbot: Any, german: None) -> None:
    table = pick_one_table("printers_table", "Settings", ("Used by this profile",))
    qtbot.addWidget(table)
    assert _headers(table) == ["Von diesem Profil verwendet"]
