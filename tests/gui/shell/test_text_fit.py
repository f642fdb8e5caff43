"""The probe's cut-text check (`text_fit`) offscreen: a text its control cuts is found, one
that fits is not; a text scrolled out of view is told from one in view."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.text_fit import cut_texts, where_shown
from desktop_app.gui.widgets.elided import ElidedLabel, reserve_lines

LONG = "Parcels of this value need the seller's EORI number on the customs papers"


def _shown(qtbot: QtBot, *widgets: QWidget, width: int = 600) -> QWidget:
    """`widgets` one under the other in a shown window of `width`."""
    window = QWidget()
    window.setWindowTitle("fit")
    layout = QVBoxLayout(window)
    for widget in widgets:
        layout.addWidget(widget)
    layout.addStretch(1)
    qtbot.addWidget(window)
    window.resize(width, 500)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    return window


def _cut(window: QWidget) -> dict[str, dict[str, Any]]:
    return {entry["text"]: entry for entry in cut_texts([window])}


def _named(name: str, widget: Any) -> Any:
    widget.setObjectName(name)
    return widget


def test_an_elided_label_is_found_and_a_fitting_one_is_not(qtbot: QtBot) -> None:
    elided = _named("elided", ElidedLabel(LONG))
    elided.setFixedWidth(120)
    fitting = _named("fitting", ElidedLabel("Connected"))
    fitting.setFixedWidth(200)
    window = _shown(qtbot, elided, fitting)
    assert elided.shown_text().endswith("…")  # the cut the check must see
    found = _cut(window)
    assert set(found) == {LONG}
    entry = found[LONG]
    assert entry["widget"].startswith("ElidedLabel#elided")
    assert entry["needed"] > entry["has"]
    assert entry["page"] == "fit"


def test_labels_wider_or_taller_than_their_room_are_found(qtbot: QtBot) -> None:
    narrow = _named("narrow", QLabel(LONG))
    narrow.setMinimumWidth(1)
    narrow.setFixedWidth(150)
    clipped = _named("clipped", QLabel(LONG + " " + LONG))
    reserve_lines(clipped, 1)  # one line kept for a text of several at this width
    room = _named("room", QLabel("Enter what the contents are worth"))
    reserve_lines(room, 2)
    window = _shown(qtbot, narrow, clipped, room, width=400)
    found = _cut(window)
    assert "wider" in found[LONG]["widget"] and "#narrow" in found[LONG]["widget"]
    taller = found[LONG + " " + LONG]
    assert "taller" in taller["widget"] and taller["needed"] > taller["has"]
    assert "Enter what the contents are worth" not in found


def test_buttons_fields_combo_boxes_headers_and_tabs_that_cut_are_found(qtbot: QtBot) -> None:
    button = _named("narrow_button", QPushButton("See printed label"))
    button.setFixedWidth(60)
    wide_button = _named("wide_button", QPushButton("Save"))
    check = _named("check", QCheckBox("Print automatically after create"))
    check.setFixedWidth(90)
    country = _named("country", QLineEdit("United Kingdom"))
    country.setFixedWidth(70)
    city = _named("city", QLineEdit("Köln"))
    combo = _named("carrier", QComboBox())
    combo.addItem("Deutsche Post Warenpost International")
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(4)
    combo.setFixedWidth(90)
    table = _named("shops", QTableWidget(0, 2))
    table.setHorizontalHeaderLabels(["Shop", "Tracking numbers written back"])
    table.horizontalHeader().resizeSection(1, 60)
    tabs = _named("tabs", QTabWidget())
    tabs.addTab(QWidget(), "Profiles")
    retry = _named("retry", QToolButton())  # text only: Qt paints the text
    retry.setText("Connect again")
    retry.setFixedWidth(40)
    key = _named("key", QLineEdit())  # its action button paints no text
    key.addAction(QAction("Show the key", key), QLineEdit.ActionPosition.TrailingPosition)
    window = _shown(
        qtbot, button, wide_button, check, country, city, combo, table, tabs, retry, key
    )
    found = _cut(window)
    assert found["See printed label"]["widget"] == "QPushButton#narrow_button"
    assert "Print automatically after create" in found
    assert found["United Kingdom"]["widget"] == "QLineEdit#country"
    assert found["Deutsche Post Warenpost International"]["widget"] == "QComboBox#carrier"
    assert found["Tracking numbers written back"]["widget"].startswith("QHeaderView#")
    assert found["Tracking numbers written back"]["page"] == "fit"
    assert found["Connect again"]["widget"] == "QToolButton#retry"
    assert "Show the key" not in found
    for fitting in ("Save", "Köln", "Shop", "Profiles"):
        assert fitting not in found, found[fitting]


def test_a_text_scrolled_out_of_view_is_told_from_one_in_view(qtbot: QtBot) -> None:
    inner = QWidget()
    column = QVBoxLayout(inner)
    top = QLabel("Saved at the top")
    column.addWidget(top)
    column.addSpacing(2000)
    column.addWidget(QLabel("Testshop cannot be reached"))
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(inner)
    area.setFixedHeight(200)
    window = _shown(qtbot, area)
    assert window.isVisible()
    answers = where_shown(["Saved at the top", "cannot be reached", "never shown"])
    assert answers["Saved at the top"]["found"] and answers["Saved at the top"]["in_view"]
    assert answers["cannot be reached"]["found"]
    assert not answers["cannot be reached"]["in_view"]
    assert not answers["never shown"]["found"]
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    QApplication.processEvents()
    assert where_shown(["cannot be reached"])["cannot be reached"]["in_view"]
    assert not where_shown(["Saved at the top"])["Saved at the top"]["in_view"]
