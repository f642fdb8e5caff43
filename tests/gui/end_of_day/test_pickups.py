"""Pickups: the end-of-day view per carrier, requests with a time window for the chosen (or all)
shipments, the pickup history with the carrier's number; carrier rules (returns are never
picked up, carriers without pickup requests). Against the real local service."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.core.theme import (
    DARK,
    DARK_HIGH_CONTRAST,
    LIGHT,
    LIGHT_HIGH_CONTRAST,
    MUTED,
    TEXT_COLORS,
)
from desktop_app.gui.end_of_day.page import EndOfDayPage
from desktop_app.gui.end_of_day.partials.waiting_tree import WaitingShipmentsTree
from desktop_app.gui.end_of_day.pickups import default_window, open_for_pickup, pickup_question
from desktop_app.gui.i18n.words import date_time, time_of_day
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import create, use_printer
from tests.gui.core.test_theme import AA, contrast
from tests.gui.scheme_switch import painted_colors, switched_scheme

pytestmark = pytest.mark.own_account  # ctx: an account of its own

UPS_PACKAGE = {"weight": 2.0, "length": 30, "width": 20, "height": 10, "type": "parcel"}


def test_default_window() -> None:
    """From the next half hour to 18:00, at least two hours."""
    morning = datetime(2026, 3, 2, 9, 10).astimezone()
    start, end = default_window(morning)
    assert (start.hour, start.minute, end.hour, end.minute) == (9, 30, 18, 0)
    evening = datetime(2026, 3, 2, 17, 40).astimezone()
    start, end = default_window(evening)
    assert (start.hour, start.minute) == (18, 0) and end - start == timedelta(hours=2)


async def test_end_of_day_request_and_history(
    ctx: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The view lists per carrier, leaves returns and DHL out with reasons; a pickup of the
    checked shipments gets a carrier number, shows in the history, and leaves the list."""
    ups = [
        await create(ctx, carrier="ups", reference_number=f"UPS-{i}", package=UPS_PACKAGE)
        for i in range(3)
    ]
    ups_return = await create(
        ctx,
        carrier="ups",
        service="returns",
        reference_number="UPS-RET",
        package={**UPS_PACKAGE, "description": "shoes"},
    )
    dhl = await create(ctx, reference_number="DHL-1")
    widget = EndOfDayPage(ctx)
    qtbot.addWidget(widget)
    await widget.tasks.wait_idle()
    await widget.reload()

    ups_day = widget.days["ups"]
    assert {s.id for s in ups_day.open} == {s.id for s in ups}
    assert [(s.id, why) for s, why in ups_day.left_out] == [
        (ups_return.id, "a return: the customer hands it in")
    ]
    dhl_day = widget.days["dhl"]
    assert not dhl_day.pickup_offered and [s.id for s in dhl_day.open] == [dhl.id]
    # only carriers that take pickup requests can be chosen
    carriers = [widget.carrier_combo.itemData(i) for i in range(widget.carrier_combo.count())]
    assert carriers == ["ups"]
    dhl_item = next(
        widget.tree.topLevelItem(i)
        for i in range(widget.tree.topLevelItemCount())
        if widget.tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == "dhl"
    )
    assert "takes no pickup requests" in dhl_item.text(3)

    # only the checked ones: nothing checked yet holds the button back
    widget.chosen_radio.setChecked(True)
    assert not widget.request_button.isEnabled()
    widget.set_checked([ups[0].id, ups[2].id])
    assert widget.request_button.isEnabled(), widget.request_problems.text()
    # a window in the past is refused before sending
    now = datetime.now().astimezone()
    widget.set_pickup_window(now - timedelta(hours=3), now - timedelta(hours=1))
    assert not widget.request_button.isEnabled()
    widget.set_pickup_window(now + timedelta(hours=1), now + timedelta(hours=4))
    assert widget.request_button.isEnabled()

    requested = []
    widget.pickup_requested.connect(requested.append)
    # Request asks first: carrier, how many shipments, the window; Cancel sends nothing
    asked: list[str] = []
    answers = iter([QMessageBox.StandardButton.Cancel, *[QMessageBox.StandardButton.Yes] * 2])

    def answer(_parent: Any, _title: str, text: str, *_args: Any) -> QMessageBox.StandardButton:
        asked.append(text)
        return next(answers)

    monkeypatch.setattr(QMessageBox, "question", answer)
    widget.request_button.click()
    await widget.tasks.wait_idle()
    assert requested == [] and widget.history_table.rowCount() == 0
    start, end = widget.pickup_window()
    until = time_of_day(end) if end.date() == start.date() else date_time(end)  # same day: time
    assert asked[0] == (
        f"Request a UPS pickup of 2 shipments between {date_time(start)} and {until}?"
    )
    widget.request_button.click()
    await widget.tasks.wait_idle()
    assert requested, widget.message.text()
    pickup = requested[0]
    assert {r.id for r in pickup.shipments} == {ups[0].id, ups[2].id}
    assert pickup.carrier_pickup_number and pickup.carrier_pickup_number in widget.message.text()
    assert widget.history_table.rowCount() == 1
    assert widget.history_table.item(0, 2).text() == pickup.carrier_pickup_number
    assert widget.history_table.item(0, 4).text() == "2"
    # the two are no longer waiting; the third is
    assert [s.id for s in widget.days["ups"].open] == [ups[1].id]
    left = dict((s.id, why) for s, why in widget.days["ups"].left_out)
    assert left[ups[0].id] == "pickup already requested"

    # "all listed": the rest of the carrier's shipments
    widget.all_radio.setChecked(True)
    assert widget.chosen_ids() == [ups[1].id]
    widget.request_button.click()
    assert "pickup of 1 shipment between" in asked[2]
    await widget.tasks.wait_idle()
    assert len(requested) == 2 and [r.id for r in requested[1].shipments] == [ups[1].id]
    assert widget.history_table.rowCount() == 2
    assert "ups" not in [
        widget.carrier_combo.itemData(i) for i in range(widget.carrier_combo.count())
    ]


async def test_service_refuses_a_return_in_a_pickup(ctx: AppContext, qtbot: QtBot) -> None:
    """Even when named explicitly, a return is refused by the service, and the page says so."""
    ups_return = await create(
        ctx,
        carrier="ups",
        service="returns",
        package={**UPS_PACKAGE, "description": "shoes"},
    )
    await create(ctx, carrier="ups", package=UPS_PACKAGE)
    widget = EndOfDayPage(ctx)
    qtbot.addWidget(widget)
    await widget.tasks.wait_idle()
    await widget.reload()
    assert widget.carrier() == "ups"
    assert await widget.request([ups_return.id]) is None
    assert "returns cannot be picked up" in widget.message.text()
    assert widget.history_table.rowCount() == 0


def _day_with_left_out(tmp_path: Path) -> tuple[Any, list[Any]]:
    """Hermes' day of four of today's and yesterday's shipments: one fresh, one deleted, one
    moving, one old; and the four."""
    from desktop_app.profiles.store import ProfileStore

    now = datetime.now().astimezone()
    with ProfileStore(tmp_path / "store") as store:
        base = {"carrier": "hermes", "service": "standard", "label_url": "https://x/l"}
        fresh = store.add_shipment({**base, "id": "a" * 40, "created_at": now.isoformat()})
        gone = store.mark_deleted(
            store.add_shipment({**base, "id": "b" * 40, "created_at": now.isoformat()}).id
        )
        moving = store.update_tracking(
            store.add_shipment({**base, "id": "c" * 40, "created_at": now.isoformat()}).id,
            "transit",
        )
        old = store.add_shipment(
            {**base, "id": "d" * 40, "created_at": (now - timedelta(days=1)).isoformat()}
        )
    shipments = [fresh, gone, moving, old]
    return open_for_pickup(shipments, set())["hermes"], shipments


def test_left_out_reasons(tmp_path: Path) -> None:
    """Deleted, moving and yesterday's shipments are not offered."""
    day, (fresh, gone, moving, _old) = _day_with_left_out(tmp_path)
    assert [s.id for s in day.open] == [fresh.id]
    assert dict((s.id, why) for s, why in day.left_out) == {
        gone.id: "deleted",
        moving.id: "on its way: In transit",
    }


def test_left_out_notes_follow_a_scheme_switch(
    tmp_path: Path, qapp: QApplication, qtbot: QtBot
) -> None:
    """Why a shipment is left out is shown in the muted colour of the scheme in force the moment
    the system switches to dark, high contrast or light (the list is not filled again), and it
    reads on the list's background."""
    day, _shipments = _day_with_left_out(tmp_path)
    tree = WaitingShipmentsTree()
    qtbot.addWidget(tree)
    tree.resize(900, 300)
    tree.show_days({"hermes": day}, {})
    tree.show()
    qtbot.waitExposed(tree)
    note = tree.topLevelItem(0).child(1)
    assert note.text(3) == "deleted"
    index = tree.indexFromItem(note, 3)
    with switched_scheme(qapp) as switch:
        for variant in (DARK, DARK_HIGH_CONTRAST, LIGHT_HIGH_CONTRAST, LIGHT):
            switch(variant)
            muted = TEXT_COLORS[MUTED][variant]
            assert QColor(index.data(Qt.ItemDataRole.ForegroundRole)).name() == muted
            assert muted in painted_colors(tree, index), variant
            assert contrast(muted, qapp.palette().color(QPalette.ColorRole.Base)) >= AA
            assert tree.topLevelItem(0).child(1) is note  # the same row, recoloured


async def test_end_of_day_manifest_created_and_printed(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    """Per carrier, the shipments not handed over get a manifest (PDF kept and printed on the
    profile's printer); they show as on the manifest and are not offered again."""
    dhl = [await create(ctx, reference_number=f"DHL-M{i}") for i in range(2)]
    ups = await create(ctx, carrier="ups", reference_number="UPS-M", package=UPS_PACKAGE)
    widget = EndOfDayPage(ctx)
    qtbot.addWidget(widget)
    await widget.tasks.wait_idle()
    await widget.reload()
    combo = widget.manifest_carrier_combo
    assert [combo.itemData(i) for i in range(combo.count())] == ["dhl", "ups"]
    assert combo.itemText(0) == "DHL (2 to hand over)"
    assert widget.manifest_button.isEnabled() and not widget.print_manifest_button.isEnabled()

    manifest = await widget.create_manifest()
    assert manifest is not None and sorted(manifest.shipments) == sorted(s.id for s in dhl)
    assert widget.last_manifest_file is not None
    assert widget.last_manifest_file.read_bytes().startswith(b"%PDF")
    assert manifest.carrier_reference_number in widget.manifest_note.text()
    # handed over: noted in the list, the carrier no longer offered for a manifest
    assert [combo.itemData(i) for i in range(combo.count())] == ["ups"]
    assert widget.handed_over == {s.id: manifest.carrier_reference_number for s in dhl}
    dhl_top = next(
        widget.tree.topLevelItem(i)
        for i in range(widget.tree.topLevelItemCount())
        if widget.tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == "dhl"
    )
    assert dhl_top.child(0).text(3) == f"on manifest {manifest.carrier_reference_number}"
    assert widget.not_handed_over("ups") == [ups.id]

    # printing needs a printer; with one, the manifest goes through the print queue
    assert await widget.print_manifest() is None
    assert "No printer is assigned" in widget.message.text()
    printer = VirtualPrinter(tmp_path / "vp", render=False)
    await printer.start()
    try:
        use_printer(ctx, printer.uri)
        job = await widget.print_manifest()
        assert job is not None and job.title == f"Manifest {manifest.carrier_reference_number}"
        (received,) = await printer.wait_for_jobs(1, timeout=60)
        assert b"^XA" in received.data and b"^GF" in received.data  # converted for the printer
    finally:
        await printer.stop()


def test_pickup_question_names_the_window_and_warns_on_live() -> None:
    """A window over two days shows both dates; a live profile is told it is a real driver."""
    start = datetime(2026, 3, 6, 16, 0).astimezone()
    end = start + timedelta(days=1)
    text = pickup_question("ups", 1, start, end, live=False)
    assert text == (
        f"Request a UPS pickup of 1 shipment between {date_time(start)} and {date_time(end)}?"
    )
    assert "live profile" not in text
    live = pickup_question("ups", 3, start, start + timedelta(hours=2), live=True)
    assert "3 shipments" in live and "the carrier sends a driver" in live
