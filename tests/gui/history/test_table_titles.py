"""History's column titles are whole in English and German (none narrower than its title)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from desktop_app.gui.history.partials.shipment_table import COLUMN_WIDTHS, ShipmentTableView
from desktop_app.gui.history.table_model import ShipmentHistoryModel


def _cut_titles(qtbot: QtBot) -> list[str]:
    table = ShipmentTableView(ShipmentHistoryModel())
    qtbot.addWidget(table)
    table.resize(1000, 300)
    header = table.horizontalHeader()
    model = table.model()
    return [
        f"{model.headerData(column, header.orientation())}: {header.sectionSize(column)} px"
        f" < {header.sectionSizeHint(column)} px"
        for column, _width in COLUMN_WIDTHS
        if header.sectionSize(column) < header.sectionSizeHint(column)
    ]


def test_column_titles_whole_in_english(qtbot: QtBot) -> None:
    assert _cut_titles(qtbot) == []


@pytest.mark.usefixtures("german")
def test_column_titles_whole_in_german(qtbot: QtBot) -> None:
    assert _cut_titles(qtbot) == []
