"""`pick_one_table`: the read-only list a page picks one row of (shops, printers, webhooks,
addresses).

Whole rows are selected, one at a time, and nothing is edited in place (the page's form and
buttons change a row); the column headers are translated in the page's context, row numbers
are hidden. How wide each column is stays with the page: what deserves the room differs.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QWidget

from desktop_app.gui.i18n import translate


def pick_one_table(
    object_name: str, context: str, columns: Sequence[str], parent: QWidget | None = None
) -> QTableWidget:
    """An empty read-only table of `columns` (source texts, translated in `context`)."""
    table = QTableWidget(0, len(columns), parent)
    table.setObjectName(object_name)
    table.setHorizontalHeaderLabels([translate(context, column) for column in columns])
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    return table
