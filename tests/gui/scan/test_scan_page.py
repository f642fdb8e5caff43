"""The Scan page driven by key events as a keyboard-wedge scanner sends them (the code, then
Enter, into whatever has the focus), against the local service, the virtual printer and the
virtual scale: exact label and slip bytes, pack check, a shipped order scanned again, 50 orders
without a mouse event, and each outcome's sound started as a real player program (a stand-in
pw-play first on PATH for every test here, so none plays audio)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.scan.page import BLUE, GREEN, RED, ScanPage
from desktop_app.gui.widgets.scale import ScalePresenter
from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.scales.config import ScaleConfig
from desktop_app.scales.virtual_scale import VirtualScale
from desktop_app.station.slip import slip_zpl
from desktop_app.station.sounds import sound_file
from tests.gui.app_context import (
    expect,
    use_printer,
)
from tests.gui.scan_desk import add_orders, set_preferences
from tests.gui.scan_desk import ctx as ctx  # the fixture
from tests.gui.shipment_desk import loads_done, wait_until
from tests.station.conftest import BOOK, MUG, TEA, order_body
from tests.station.fake_player import install_player, played, put_first_on_path


@pytest.fixture
def player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in pw-play first on PATH; its record of the files it was started with."""
    record = install_player(tmp_path / "players", "pw-play")
    put_first_on_path(monkeypatch, tmp_path / "players")
    return record


@pytest.fixture
async def page(
    ctx: AppContext, qtbot: QtBot, vprinter: VirtualPrinter, vscale: VirtualScale, player: Path
) -> AsyncIterator[ScanPage]:
    use_printer(ctx, vprinter.uri)
    scale = ScalePresenter(config=ScaleConfig(uri=vscale.uri, interval=0.05))
    widget = ScanPage(ctx, scale=scale)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    widget.activateWindow()
    await wait_until(widget.scan_box.hasFocus)
    await wait_until(lambda: scale.stable_kg() is not None)
    yield widget
    await scale.aclose()
    assert widget.sounds.player.wait(30)  # every player started has ended and been reaped


def _type(qtbot: QtBot, text: str) -> None:
    """What a wedge scanner does: the characters, then Enter, to the focused widget."""
    target = QApplication.focusWidget()
    assert isinstance(target, QWidget)
    qtbot.keyClicks(target, text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


async def _scan(qtbot: QtBot, page: ScanPage, code: str) -> Any:
    shown = expect(page.outcome_shown)
    _type(qtbot, code)
    (outcome,) = await asyncio.wait_for(shown, 60)
    assert (
        page.scan_box.hasFocus() or page.weight_panel.weight_box.hasFocus()
    )  # ready for the next scan
    return outcome


async def _readings_later(page: ScanPage, count: int = 10) -> None:
    """Wait until the page has polled the scale `count` more times and what those readings
    started has ended: whatever a repeated reading would do, it has done by then."""
    polls: list[None] = []
    connection = page.scale.polled.connect(lambda: polls.append(None))
    try:
        await wait_until(lambda: len(polls) >= count, 60)
    finally:
        page.scale.polled.disconnect(connection)
    await loads_done(page.ctx)


async def _ship(qtbot: QtBot, page: ScanPage, code: str) -> Any:
    """Scan an order whose parcel lies steady on the scale; its final outcome. A loaded
    machine may poll the scale late, so that its last reading is older than the max age at
    the scan: the order then waits (`weighing`) and ships with the next fresh reading."""
    outcomes: list[Any] = []
    page.outcome_shown.connect(outcomes.append)
    try:
        outcome = await _scan(qtbot, page, code)
        if outcome.kind == "weighing":
            await wait_until(lambda: outcomes[-1].kind != "weighing", 60)
            outcome = outcomes[-1]
    finally:
        page.outcome_shown.disconnect(outcomes.append)
    return outcome


def _printer(ctx: AppContext) -> PrinterDefinition:
    printer = ctx.printer()
    assert printer is not None
    return printer


async def test_scanned_order_to_exact_label_and_slip_bytes(
    ctx: AppContext, page: ScanPage, qtbot: QtBot, vprinter: VirtualPrinter
) -> None:
    await add_orders(ctx, order_body("W-1", items=[(MUG, 2), (TEA, 1)]))
    outcome = await _ship(qtbot, page, "W-1")
    assert outcome.kind == "shipped", (page.outcome.title.text(), page.outcome.detail.text())
    assert outcome.weight_kg == 1.25  # the scale's stable weight beats the order's 1.2 kg
    shipment = outcome.shipment
    assert page.outcome.color == GREEN
    assert (
        shipment.carrier_tracking_no in page.outcome.title.text()
        and "DHL" in page.outcome.title.text()
    )
    assert (
        "1,250" in page.weight_panel.weight_label.text()
        or "1.250" in page.weight_panel.weight_label.text()
    )
    jobs = await vprinter.wait_for_jobs(2, timeout=60)
    label = shipment.label_path.read_bytes()
    printer = _printer(ctx)
    assert jobs[0].data == prepare_payload(printer, label, source_format=shipment.label_format).data
    slip = slip_zpl(page.presenter.station.slip(outcome.order), dpi=203)  # type: ignore[union-attr]
    assert jobs[1].data == prepare_payload(printer, slip).data
    assert b"^FDW-1^FS" in jobs[1].data


async def test_pack_check_with_a_wrong_item(
    ctx: AppContext, page: ScanPage, qtbot: QtBot, vprinter: VirtualPrinter
) -> None:
    set_preferences(ctx, pack_check=True)  # Settings › Station
    await add_orders(ctx, order_body("W-2", items=[(MUG, 1), (TEA, 1)]))
    assert (await _scan(qtbot, page, "W-2")).kind == "packing"
    assert page.order_panel.items.count() == 2
    wrong = await _scan(qtbot, page, BOOK)
    assert wrong.code == "wrong_item" and page.outcome.color == RED and page.presenter.awaiting_ack
    assert BOOK in page.outcome.title.text()
    # an unconfirmed error takes no scan: the packer must see it first
    _type(qtbot, MUG)  # refused at once (the page checks before queueing the scan)
    assert page.presenter.last_outcome is wrong
    assert "then scan again" in page.outcome.detail.text()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not page.presenter.awaiting_ack
    assert (await _scan(qtbot, page, MUG)).kind == "ticked"
    done = await _scan(qtbot, page, TEA)
    assert done.kind == "shipped" and page.outcome.color == GREEN
    await vprinter.wait_for_jobs(2, timeout=60)


async def test_second_scan_of_a_shipped_order_offers_a_reprint(
    ctx: AppContext, page: ScanPage, qtbot: QtBot, vprinter: VirtualPrinter
) -> None:
    await add_orders(ctx, order_body("W-3"))
    first = await _ship(qtbot, page, "W-3")
    assert first.kind == "shipped"
    again = await _scan(qtbot, page, "W-3")
    assert again.kind == "already_shipped" and page.outcome.color == RED
    assert again.shipment.id == first.shipment.id
    assert first.shipment.carrier_tracking_no in page.outcome.detail.text()
    reprinted = expect(page.outcome_shown)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F4)
    (outcome,) = await asyncio.wait_for(reprinted, 30)
    assert outcome.kind == "reprinted"
    jobs = await vprinter.wait_for_jobs(4, timeout=60)
    assert jobs[2].data == jobs[0].data and jobs[3].data == jobs[1].data
    assert ctx.store is not None and len(ctx.store.shipments.find_by_reference("W-3")) == 1


@pytest.mark.skipif(sys.platform == "win32", reason="Windows plays through winsound")
async def test_each_outcome_starts_the_player_with_its_sound_until_sounds_are_off(
    ctx: AppContext,
    page: ScanPage,
    qtbot: QtBot,
    vprinter: VirtualPrinter,
    vscale: VirtualScale,
    player: Path,
) -> None:
    await add_orders(ctx, order_body("W-6"), order_body("W-7"))
    assert (await _ship(qtbot, page, "W-6")).kind == "shipped"
    await wait_until(lambda: played(player) == [sound_file("success")])
    missing = await _scan(qtbot, page, "NO-SUCH-ORDER")
    assert missing.code == "not_found" and page.outcome.color == RED
    # a screen reader gets the outcome too (announced, and kept as the banner's description)
    assert page.outcome.title.text() in page.outcome.accessibleDescription()
    assert page.sounds.player.wait(30) and page.sounds.player.processes == []
    assert played(player) == [sound_file("success"), sound_file("error")]

    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    set_preferences(ctx, scan_sound=False)  # Settings › Station
    await _next_parcel(page, vscale, 1.25)
    assert (await _ship(qtbot, page, "W-7")).kind == "shipped"
    assert page.sounds.player.processes == []  # (a player is started before the outcome shows)
    assert played(player) == [sound_file("success"), sound_file("error")]
    await vprinter.wait_for_jobs(4, timeout=60)


class _MouseWatch(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, _obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease):
            self.count += 1
        return False


async def _next_parcel(page: ScanPage, vscale: VirtualScale, kg: float) -> None:
    """The packer takes the last parcel off the scale and puts the next one on."""
    monitor = page.scale.monitor
    assert monitor is not None
    vscale.set_load(0.0, stable=False)
    await wait_until(lambda: monitor.emptied_at is not None and monitor.reading() is not None
                     and monitor.reading().kg == 0.0, 10)  # type: ignore[union-attr]  # fmt: skip
    emptied = monitor.emptied_at
    assert emptied is not None
    vscale.set_load(kg, stable=True)
    await wait_until(lambda: (r := monitor.stable_weight()) is not None and r.at > emptied
                     and r.kg == kg, 10)  # fmt: skip


async def test_fifty_orders_without_a_mouse_event(
    ctx: AppContext,
    page: ScanPage,
    qtbot: QtBot,
    vprinter: VirtualPrinter,
    vscale: VirtualScale,
) -> None:
    numbers = [f"M-{n:03d}" for n in range(1, 51)]
    await add_orders(ctx, *(order_body(n, country="AT" if i % 5 == 0 else "DE")
                         for i, n in enumerate(numbers)))  # fmt: skip
    watch = _MouseWatch()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(watch)
    outcomes = []
    try:
        for number in numbers:  # each parcel on the scale, then its order scanned
            await _next_parcel(page, vscale, 1.25)
            outcomes.append(await _ship(qtbot, page, number))
    finally:
        app.removeEventFilter(watch)
    assert [o.kind for o in outcomes] == ["shipped"] * 50
    assert watch.count == 0
    assert ctx.store is not None
    assert sorted(s.reference_number for s in ctx.store.shipments.search(limit=100)) == numbers
    assert {o.preset.name.split(" (")[0] for o in outcomes} == {
        "Germany, small box",
        "Abroad",
    }
    await vprinter.wait_for_jobs(100, timeout=180)


async def test_watched_folder_imports_dropped_orders_while_the_profile_is_open(
    page: ScanPage, ctx: AppContext, tmp_path: Path
) -> None:
    import os
    import time

    from tests.orders.helpers import write_csv
    from tests.orders.test_orders_import import HEADERS, ROWS

    assert page.folder_label.text() == "No watched folder"
    assert page.folder_open.isHidden()
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    page.folder.set_folder(str(inbox))
    assert ctx.profile is not None
    assert ctx.manager.get(ctx.profile.id).preferences.watched_folder == str(inbox)
    # the folder's name, never its path (issue 33): the path is in the tooltip and
    # "Open folder" opens it
    shown = page.folder_label.text().replace("\u200b", "")
    assert shown == "Watched folder: inbox"
    assert str(tmp_path) not in shown
    assert str(inbox) in page.folder_label.toolTip()
    assert not page.folder_open.isHidden() and page.folder_open.folder == inbox
    page.folder.timer.setInterval(50)
    dropped = write_csv(inbox / "shop.csv", HEADERS, ROWS)
    old = time.time() - 60
    os.utime(dropped, (old, old))
    await wait_until(lambda: (inbox / "done" / "shop.csv.report.json").is_file())
    await wait_until(lambda: page.folder_status.text().startswith("shop.csv: 2 order"))
    assert ctx.store is not None
    assert [o.external_order_id for o in ctx.store.orders.find("W-1001")] == ["W-1001"]
    page.scan_box.setText("W-1002")
    page.scan_box.returnPressed.emit()
    await wait_until(lambda: page.presenter.last_outcome is not None)
    assert page.order_panel.order_label.text() == "Order W-1002"


async def test_with_a_scale_the_scan_waits_for_a_stable_weight(
    ctx: AppContext, page: ScanPage, qtbot: QtBot, vprinter: VirtualPrinter,
    vscale: VirtualScale,
) -> None:  # fmt: skip
    await add_orders(ctx, order_body("W-5"))  # the order's own 0.4 kg do not count with a scale
    vscale.set_stable(False)
    await wait_until(lambda: page.scale.stable_kg() is None)
    waiting = await _scan(qtbot, page, "W-5")
    assert waiting.kind == "weighing" and page.outcome.color == BLUE
    assert "waiting for a stable weight" in page.outcome.title.text()
    vscale.set_load(0.0, stable=True)  # an empty pan settles at zero: still no weight
    await wait_until(lambda: "0,000" in page.scale.text or "0.000" in page.scale.text)
    await _readings_later(page)
    assert "waiting for a stable weight" in page.outcome.title.text()
    assert vprinter.jobs == [] and ctx.store is not None
    assert ctx.store.shipments.find_by_reference("W-5") == []
    shipped = expect(page.outcome_shown)
    vscale.set_load(3.2, stable=True)
    (outcome,) = await asyncio.wait_for(shipped, 60)
    assert outcome.kind == "shipped" and outcome.weight_kg == 3.2
    assert page.outcome.color == GREEN
    await vprinter.wait_for_jobs(2, timeout=60)
    await _readings_later(page)  # the scale keeps reporting 3.2 kg: nothing more is shipped
    assert len(vprinter.jobs) == 2  # one label, one slip
    assert len(ctx.store.shipments.find_by_reference("W-5")) == 1


async def test_the_last_parcel_left_on_the_scale_does_not_ship_the_next_order(
    ctx: AppContext, page: ScanPage, qtbot: QtBot, vprinter: VirtualPrinter,
    vscale: VirtualScale,
) -> None:  # fmt: skip
    await add_orders(ctx, order_body("P-1"), order_body("P-2"))
    first = await _scan(qtbot, page, "P-1")
    assert first.kind == "shipped" and first.weight_kg == 1.25
    await vprinter.wait_for_jobs(2, timeout=60)
    waiting = await _scan(qtbot, page, "P-2")  # complete at once, but P-1 is still on the scale
    assert waiting.kind == "weighing" and waiting.code == "parcel_on_scale"
    assert page.outcome.title.text() == "Take the last parcel off the scale"
    assert "F2 ships with the weight shown" in page.outcome.detail.text()
    assert page.presenter.view.weight == "Weight: –"  # not P-1's weight
    await _readings_later(page)  # the scale keeps reporting 1.25 kg stable
    assert ctx.store is not None and ctx.store.shipments.find_by_reference("P-2") == []
    assert len(vprinter.jobs) == 2
    vscale.set_load(0.0, stable=True)  # taken off: now it waits for the new parcel
    await wait_until(lambda: "waiting for a stable weight" in page.outcome.title.text())
    shipped = expect(page.outcome_shown)
    vscale.set_load(1.1, stable=True)
    (outcome,) = await asyncio.wait_for(shipped, 60)
    assert outcome.kind == "shipped" and outcome.weight_kg == 1.1
    await vprinter.wait_for_jobs(4, timeout=60)
    await _readings_later(page)
    assert len(vprinter.jobs) == 4  # shipped exactly once
    (stored,) = ctx.store.shipments.find_by_reference("P-2")
    assert stored.data["packages"][0]["weight"] == 1.1
