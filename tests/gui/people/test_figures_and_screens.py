"""The packing figures page of a supervisor against the real service (a parcel shipped from the
Scan page after its scan was told, read back per day, exported as CSV), and the sign-in screen
and a packer's window at 1024x600 in English and German: nothing of who is signed in is cut,
written as PNGs (into docs/screenshots/people/ when PACKDESK_PEOPLE_SHOTS names it)."""

from __future__ import annotations

import csv
import os
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint
from pytestqt.qtbot import QtBot

from desktop_app.domain.packing_figures import PACKING_CSV_COLUMNS
from desktop_app.gui.shell.sign_in import FIGURES
from tests.gui.people.station_desk import PEOPLE, Station, signed_in_as
from tests.gui.scan_desk import add_orders
from tests.gui.shipment_desk import layouts_settled, loads_done, wait_until
from tests.station.conftest import MUG, order_body

ANA, SAM, _ADA = (code for _name, _role, code in PEOPLE)


async def test_a_supervisor_reads_the_packing_figures_and_exports_them(
    qtbot: QtBot, station: Station, tmp_path: Path
) -> None:
    desk = station
    await signed_in_as(qtbot, desk, SAM)
    await add_orders(desk.context, order_body("FIG-1", items=[(MUG, 1)]))
    scan: Any = desk.window.page("Scan")
    events = desk.sign_in.events
    assert events is not None
    scan.presenter.scan("FIG-1")
    await wait_until(
        lambda: (
            scan.presenter.last_outcome is not None
            and scan.presenter.last_outcome.kind == "shipped"
        )
    )
    await wait_until(lambda: ("scan", "FIG-1", True) in events.sent)

    page: Any = desk.window.page(FIGURES)
    assert page is not None
    desk.window.show_page(FIGURES)
    today = date.today()
    task = page.presenter.ask(today, today, "day")
    assert task is not None
    await task
    rows = [row for row in page.presenter.rows if row.person == "Sam Supervisor"]
    assert rows, page.message_label.text()
    assert rows[0].parcels >= 1 and rows[0].station == "Packtisch 1"
    assert rows[0].period == today.isoformat()
    assert page.table.rowCount() == len(page.presenter.rows)
    assert page.export_button.isEnabled()

    target = page.export(str(tmp_path / "figures.csv"))
    assert target is not None
    with target.open(encoding="utf-8") as file:
        lines = list(csv.reader(file))
    assert tuple(lines[0]) == PACKING_CSV_COLUMNS
    assert any(line[1] == "Sam Supervisor" and int(line[3]) >= 1 for line in lines[1:])

    # a period that ends before it starts is said in words, nothing asked
    assert page.presenter.ask(today, date(2000, 1, 1), "day") is None
    assert page.message_label.text() == "The end of the period is before its start."


def _shots_dir(tmp_path: Path) -> Path:
    wanted = os.environ.get("PACKDESK_PEOPLE_SHOTS")
    folder = Path(wanted) if wanted else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def _shoot(desk: Station, path: Path) -> None:
    await layouts_settled()
    image = desk.window.grab()
    assert (image.width(), image.height()) == (1024, 600)
    assert image.save(str(path))


async def _sign_in_and_shoot(qtbot: QtBot, desk: Station, folder: Path, language: str) -> None:
    window = desk.window
    window.resize(1024, 600)
    await wait_until(lambda: desk.presenter.state == "waiting")
    await layouts_settled()
    screen = desk.sign_in.screen
    for label in (screen.title, screen.station_label, screen.hint, screen.message_label):
        assert label.height() >= label.heightForWidth(label.width()), label.text()  # whole
    await _shoot(desk, folder / f"sign-in-{language}.png")
    await signed_in_as(qtbot, desk, ANA)
    await loads_done(desk.context)
    await layouts_settled()
    # who is signed in and Sign out: whole and inside the 1024 px window
    for widget in (desk.sign_in.who_label, desk.sign_in.sign_out_button):
        assert widget.isVisible()
        assert widget.width() >= widget.sizeHint().width(), widget.text()
        right = widget.mapTo(window, QPoint(widget.width(), 0)).x()
        assert right <= window.width(), widget.text()
    await _shoot(desk, folder / f"packer-{language}.png")


async def test_screens_at_1024x600_in_english(
    qtbot: QtBot, station: Station, tmp_path: Path
) -> None:
    await _sign_in_and_shoot(qtbot, station, _shots_dir(tmp_path), "en")
    assert station.sign_in.who_label.text() == "Ana Packer (Packer) at Packtisch 1"


async def test_screens_at_1024x600_in_german(
    qtbot: QtBot, german: None, station: Station, tmp_path: Path
) -> None:
    await _sign_in_and_shoot(qtbot, station, _shots_dir(tmp_path), "de")
    assert station.sign_in.who_label.text() == "Ana Packer (Packer) an Packtisch 1"
    assert station.sign_in.sign_out_button.text() == "Abmelden"
