"""History page: search, reprint, open, delete, refresh from the service, profile switch.

Against the real local service (session fixture), the real profile store and print queue, and
the virtual printer on loopback.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.history.page import HistoryPage
from desktop_app.gui.history.table_model import ShipmentHistoryModel
from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.store import ProfileStore
from tests.gui.app_context import (
    add_service_profile,
    create,
    emitted,
    expect,
    zpl_printer,
)


def _column(widget: HistoryPage, column: int) -> list[str]:
    proxy = widget.proxy
    return [str(proxy.index(r, column).data()) for r in range(proxy.rowCount())]


async def _search(widget: HistoryPage, qtbot: QtBot, text: str) -> None:
    """Type `text` into the search box as a user would and wait for the debounced search."""
    done = expect(widget.search_finished)
    widget.search_edit.clear()
    qtbot.keyClicks(widget.search_edit, text)
    (query,) = await emitted(done)
    while query != text:  # an earlier, cancelled keystroke's search may report first
        (query,) = await emitted(expect(widget.search_finished))


def test_model_shows_the_stored_fields(tmp_path: Path) -> None:
    """The pure model: one row per shipment, its columns, roles and deleted rows greyed."""
    with ProfileStore(tmp_path / "store") as store:
        stored = store.add_shipment(
            {
                "id": "a" * 40,
                "carrier": "dhl",
                "service": "standard",
                "created_at": "2026-03-01T10:00:00+00:00",
                "reference_number": "ORDER-1",
                "carrier_tracking_no": "00340434161094000001",
                "price": 4.9,
                "to": {"company": "ACME", "first_name": "Erika", "last_name": "Muster"},
                "packages": [{"carrier_tracking_no": "00340434161094000001"}],
            }
        )
        gone = store.mark_deleted(store.add_shipment({"id": "b" * 40, "carrier": "ups"}).id)
    model = ShipmentHistoryModel()
    model.set_shipments([stored, gone])
    assert model.rowCount() == 2
    assert model.columnCount() == len(ShipmentHistoryModel.COLUMNS)
    row = [model.index(0, c).data() for c in range(model.columnCount())]
    assert row[1:] == [
        "ACME, Erika Muster",
        "DHL / DHL Paket",
        "ORDER-1",
        "00340434161094000001",
        "Created",
        "€4.90",
        "",  # made by: the service names the person only to a caller with the made_by right
    ]
    assert model.index(0, 0).data(ShipmentHistoryModel.ShipmentRole) is stored
    assert model.index(1, ShipmentHistoryModel.STATUS).data() == "Deleted"
    assert model.index(1, 0).data(Qt.ItemDataRole.ForegroundRole) is not None
    assert model.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is None
    assert model.row_of("b" * 40) == 1 and model.row_of("c" * 40) == -1


async def test_search_by_name_reference_and_tracking(ctx: AppContext, qtbot: QtBot) -> None:
    """Each word of the search matches a receiver name, a reference or a tracking number."""
    first = await create(ctx, reference_number="SHOP-1001")
    await create(
        ctx,
        reference_number="SHOP-2002",
        to={**first.data["to"], "first_name": "Jonas", "last_name": "Keller"},
    )
    await create(ctx, reference_number="MARKET-7")
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()
    assert widget.model.rowCount() == 3
    assert widget.count_label.text() == "3 shipments"

    await _search(widget, qtbot, "keller")
    assert _column(widget, ShipmentHistoryModel.REFERENCE) == ["SHOP-2002"]
    await _search(widget, qtbot, "shop")
    assert sorted(_column(widget, ShipmentHistoryModel.REFERENCE)) == ["SHOP-1001", "SHOP-2002"]
    tracking = first.carrier_tracking_no
    assert tracking
    await _search(widget, qtbot, tracking[-12:])
    assert _column(widget, ShipmentHistoryModel.REFERENCE) == ["SHOP-1001"]
    await _search(widget, qtbot, "muster shop")  # every word must match
    assert _column(widget, ShipmentHistoryModel.REFERENCE) == ["SHOP-1001"]
    await _search(widget, qtbot, "nobody-like-this")
    assert widget.model.rowCount() == 0
    assert widget.count_label.text() == "No shipments match"


async def test_typing_fast_cancels_stale_searches(ctx: AppContext, qtbot: QtBot) -> None:
    """Only the last query's result is shown, however the searches interleave."""
    await create(ctx, reference_number="ALPHA-1")
    await create(ctx, reference_number="BETA-2")
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()
    for text in ("AL", "BE", "ALPHA"):
        widget.search_edit.setText(text)
        widget.presenter.search_now()  # what each debounce timeout does
    await widget.wait_idle()
    assert _column(widget, ShipmentHistoryModel.REFERENCE) == ["ALPHA-1"]


async def test_new_shipment_appears(ctx: AppContext, qtbot: QtBot) -> None:
    """A shipment created in the window shows up in the history without a manual reload."""
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    widget.show()
    await widget.reload()
    assert widget.model.rowCount() == 0
    stored = await create(ctx, reference_number="NEW-1")
    loaded = expect(widget.search_finished)
    ctx.shipment_created.emit(stored)
    await emitted(loaded)
    assert _column(widget, ShipmentHistoryModel.REFERENCE) == ["NEW-1"]


async def test_hidden_history_reads_new_shipments_when_shown(ctx: AppContext, qtbot: QtBot) -> None:
    """While another page is shown, a new shipment does not read the store again (once per
    label, all day); the history has it as soon as it is shown."""
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()
    searches: list[str] = []
    widget.search_finished.connect(searches.append)
    stored = await create(ctx, reference_number="LATER-1")
    ctx.shipment_created.emit(stored)
    await widget.wait_idle()  # a search the signal started would be done
    assert searches == [] and widget.model.rowCount() == 0
    loaded = expect(widget.search_finished)
    widget.show()
    await emitted(loaded)
    assert _column(widget, ShipmentHistoryModel.REFERENCE) == ["LATER-1"]


async def test_reprint_sends_the_label_to_the_assigned_printer(
    ctx: AppContext, qtbot: QtBot, vprinter: VirtualPrinter
) -> None:
    """Reprint (button and Ctrl+R) queues the stored label; the printer gets exactly its bytes."""
    stored = await create(ctx, reference_number="REPRINT-1")
    printer = zpl_printer(vprinter.uri)
    ctx.printers.put(printer)
    assert ctx.profile is not None
    ctx.manager.update(ctx.profile.model_copy(update={"printer": printer.name}))
    ctx.reload_profile()

    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()
    widget.select_ids([stored.id])
    assert widget.reprint_button.isEnabled()
    queued = expect(widget.reprint_queued)
    qtbot.mouseClick(widget.reprint_button, Qt.MouseButton.LeftButton)
    (job_id,) = await emitted(queued)
    [received] = await vprinter.wait_for_jobs(1, timeout=30)
    assert stored.label_path is not None
    expected = prepare_payload(printer, stored.label_path.read_bytes(), source_format="pdf_a6")
    assert received.data == expected.data
    assert ctx.queue is not None and (await ctx.queue.wait_for(job_id, 10)).state == "done"
    assert "sent to Desk Zebra" in widget.message.text()

    widget.show()
    await asyncio.to_thread(lambda: None)
    widget.activateWindow()
    widget.table.setFocus()
    queued = expect(widget.reprint_queued)
    qtbot.keyClick(widget.table, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    await emitted(queued)
    jobs = await vprinter.wait_for_jobs(2, timeout=30)
    assert jobs[1].data == expected.data


async def test_reprint_without_printer_says_so(ctx: AppContext, qtbot: QtBot) -> None:
    """No printer assigned: nothing is queued and the page tells where to assign one."""
    stored = await create(ctx)
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()
    assert await widget.reprint([stored]) == []
    assert "No printer is assigned" in widget.message.text()


async def test_open_label_goes_to_the_preview(ctx: AppContext, qtbot: QtBot) -> None:
    """Open label (Enter on the row) hands the stored shipment to whoever shows previews."""
    stored = await create(ctx)
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()
    opened: list[Any] = []
    widget.label_open_requested.connect(opened.append)
    widget.select_ids([stored.id])
    qtbot.mouseClick(widget.open_button, Qt.MouseButton.LeftButton)
    assert [s.id for s in opened] == [stored.id]
    assert opened[0].printable


async def test_delete_on_the_service(
    ctx: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Delete asks first, deletes on the service, and keeps the row marked deleted."""
    keep = await create(ctx, reference_number="KEEP-1")
    gone = await create(ctx, reference_number="GONE-1")
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()

    asked: list[str] = []

    def answer(_parent: Any, _title: str, text: str, *_args: Any) -> QMessageBox.StandardButton:
        asked.append(text)
        return (
            QMessageBox.StandardButton.Cancel if len(asked) == 1 else QMessageBox.StandardButton.Yes
        )

    monkeypatch.setattr(QMessageBox, "question", answer)
    widget.select_ids([gone.id])
    qtbot.mouseClick(widget.delete_button, Qt.MouseButton.LeftButton)  # cancelled
    await widget.wait_idle()
    assert "GONE-1" in asked[0]
    assert ctx.store is not None and not ctx.store.get_shipment(gone.id).deleted

    deleted = expect(widget.shipment_deleted)
    qtbot.mouseClick(widget.delete_button, Qt.MouseButton.LeftButton)
    assert await emitted(deleted) == (gone.id,)
    await widget.wait_idle()
    assert ctx.client is not None
    from desktop_app.client import NotFoundError

    with pytest.raises(NotFoundError):
        await ctx.client.shipments.get(gone.id)
    assert ctx.store.get_shipment(gone.id).deleted
    assert _column(widget, ShipmentHistoryModel.REFERENCE) == ["KEEP-1"]
    assert widget.message.text() == "Deleted 1 shipment."

    widget.show_deleted.setChecked(True)
    await widget.wait_idle()
    statuses = dict(
        zip(
            _column(widget, ShipmentHistoryModel.REFERENCE),
            _column(widget, ShipmentHistoryModel.STATUS),
            strict=True,
        )
    )
    assert statuses["GONE-1"] == "Deleted"
    widget.select_ids([gone.id])
    assert not widget.delete_button.isEnabled() and not widget.reprint_button.isEnabled()
    assert keep.id != gone.id


async def test_delete_refused_by_the_service_shows_its_text(ctx: AppContext, qtbot: QtBot) -> None:
    """A shipment the service no longer has: its answer is shown, the row is marked deleted."""
    stored = await create(ctx, reference_number="ELSEWHERE-1")
    assert ctx.client is not None
    await ctx.client.shipments.delete(stored.id)  # another desk deleted it meanwhile
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()
    assert await widget.delete([stored.id]) == [stored.id]
    text = widget.message.text()
    assert "no longer has it" in text
    assert "not found" in text.lower() or "does not know" in text.lower()


async def test_refresh_updates_tracking_status(ctx: AppContext, qtbot: QtBot) -> None:
    """Refresh reads the statuses from the service; a picked-up shipment can't be deleted."""
    stored = await create(ctx, reference_number="TRACK-1")
    other = await create(ctx, reference_number="TRACK-2")
    assert ctx.client is not None
    await ctx.client.sandbox.add_tracking_event(stored.id, "picked_up")
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()
    refreshed = expect(widget.refreshed)
    qtbot.mouseClick(widget.refresh_button, Qt.MouseButton.LeftButton)
    (count,) = await emitted(refreshed)
    assert count == 2
    statuses = dict(
        zip(
            _column(widget, ShipmentHistoryModel.REFERENCE),
            _column(widget, ShipmentHistoryModel.STATUS),
            strict=True,
        )
    )
    assert statuses == {"TRACK-1": "Picked up", "TRACK-2": "Label created"}
    widget.select_ids([stored.id])
    assert not widget.delete_button.isEnabled()
    assert "picked up" in widget.delete_button.toolTip()
    widget.select_ids([other.id])
    assert widget.delete_button.isEnabled()


async def test_switching_profiles_swaps_history(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    """Another profile shows its own (empty) history; switching back shows the first one's."""
    await create(ctx, reference_number="FIRST-PROFILE")
    first = ctx.profile
    assert first is not None
    widget = HistoryPage(ctx)
    qtbot.addWidget(widget)
    await widget.reload()
    await _search(widget, qtbot, "FIRST")
    assert widget.model.rowCount() == 1

    second = add_service_profile(ctx.manager, local_service, "Second desk")
    await ctx.open_profile(second)
    await widget.wait_idle()
    assert widget.model.rowCount() == 0
    assert widget.search_edit.text() == ""
    await create(ctx, reference_number="SECOND-PROFILE")
    await widget.reload()
    assert _column(widget, ShipmentHistoryModel.REFERENCE) == ["SECOND-PROFILE"]

    await ctx.open_profile(first)
    await widget.wait_idle()
    assert _column(widget, ShipmentHistoryModel.REFERENCE) == ["FIRST-PROFILE"]
