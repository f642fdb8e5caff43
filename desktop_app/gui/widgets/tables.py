"""`pick_one_table`: the read-only list a page picks one row of (shops, printers, webhooks,
addresses).

Whole rows are selected, one at a time, and nothing is edited in place (the page's form and
buttons change a row); the column headers are translated in the page's context, row numbers
are hidden. How wide each column is stays with the page: what deserves the room differs;
`fit_titles` makes each column the page sizes at least as wide as its title.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTableWidget, QWidget

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


def fit_titles(header: QHeaderView) -> None:
    """Widen each section the page sizes itself (not stretched, not sized to its contents)
    to its whole title, so no column title is cut ("Standard-Absende…", "Etikett erstellt…")."""
    model = header.model()
    if model is None:
        return
    metrics = header.fontMetrics()
    margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    sized = (QHeaderView.ResizeMode.Interactive, QHeaderView.ResizeMode.Fixed)
    for section in range(header.count()):
        if header.sectionResizeMode(section) not in sized:
            continue
        title = str(model.headerData(section, header.orientation()) or "")
        # room for a sort arrow too: any column may be sorted by
        needed = metrics.horizontalAdvance(title) + margin + metrics.height()
        if header.sectionSize(section) < needed:
            header.resizeSection(section, needed)
