"""Dates a person reads are written as their language writes them, with the whole year
(26.11.2026 in German, 11/26/2026 in English), never as ISO; a date typed that way is sent as
year-month-day."""

from __future__ import annotations

from datetime import date, datetime

from pytestqt.qtbot import QtBot

from desktop_app.domain.rules import Problem
from desktop_app.gui.i18n.problems import problem_message
from desktop_app.gui.i18n.words import date_only, date_time, typed_date
from desktop_app.gui.shipment.partials.details import OrderDetailsWidget

MOMENT = datetime(2026, 11, 26, 14, 5).astimezone()


def test_english_dates_have_the_whole_year() -> None:
    assert date_only(MOMENT) == "11/26/2026"
    assert date_only(date(2026, 11, 26)) == "11/26/2026"
    assert date_time(MOMENT).startswith("11/26/2026 2:05")
    assert typed_date("11/26/2026") == "2026-11-26"


def test_german_dates(german: None) -> None:
    assert date_only(MOMENT) == "26.11.2026"
    assert date_only(date(2026, 11, 26)) == "26.11.2026"
    assert date_time(MOMENT) == "26.11.2026 14:05"
    assert date_time("2026-11-26T13:05:00+00:00") == date_time(
        datetime.fromisoformat("2026-11-26T13:05:00+00:00")
    )
    for typed in ("26.11.2026", "26.11.26", "2026-11-26", " 26.11.2026 "):
        assert typed_date(typed) == "2026-11-26", typed
    assert typed_date("next week") == "next week"  # the rules say what is wrong


def test_the_order_date_is_typed_as_german_writes_it(german: None, qtbot: QtBot) -> None:
    details = OrderDetailsWidget()
    qtbot.addWidget(details)
    editor = details.fields["order_date"].editor
    assert editor is not None
    assert editor.placeholderText() == "z. B. 03.05.2024"  # type: ignore[attr-defined]
    details.check.setChecked(True)
    details.fields["order_date"].set_text("24.11.2026")
    draft: dict[str, object] = {}
    details.collect(draft, {})
    assert draft["metadata"]["partner"]["order_date"] == "2026-11-24"  # type: ignore[index]
    wrong = Problem("metadata.partner.order_date", "invalid_date", "Enter the order date.")
    assert problem_message(wrong) == "Bitte ein Datum wie 03.05.2024 eingeben."


def test_the_real_window_check_finds_an_iso_date(qtbot: QtBot) -> None:
    """The probe's sweep (tests/desk) sees an ISO date in any visible text, not in a
    reference or a file name."""
    from PySide6.QtWidgets import QLabel, QLineEdit, QVBoxLayout, QWidget

    from desktop_app.gui.shell.probe import ISO_DATE, _shown_texts

    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    layout.addWidget(QLabel("PD-20261126-4d0f4f7d · job-2026-11-26.zpl"))
    edit = QLineEdit()
    edit.setPlaceholderText("e.g. 03.05.2024")
    layout.addWidget(edit)
    window.show()
    assert [t for t in _shown_texts(window) if ISO_DATE.search(t)] == []
    edit.setText("Created 2026-11-26")
    assert [t for t in _shown_texts(window) if ISO_DATE.search(t)] == ["Created 2026-11-26"]
