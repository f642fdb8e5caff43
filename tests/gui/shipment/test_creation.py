"""Creation from the window: the whole flow down to the bytes at the virtual printer, exactly
one shipment for a double click, Cancel during a slow carrier, errors in plain words."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import emitted, expect, isolate, zpl_printer
from tests.gui.shipment_desk import (
    PACKAGE,
    RECEIVER,
    fill_package,
    fill_receiver,
    fill_valid,
    make_page,
    make_window,
    open_desk,
    shown,
    type_into,
)


async def _service_shipments(ctx: AppContext, reference: str) -> list[Any]:
    assert ctx.client is not None
    return await ctx.client.shipments.list(reference_number=reference)


async def test_whole_flow_to_the_bytes_at_the_printer(
    qtbot: QtBot, desk: AppContext, vprinter: VirtualPrinter
) -> None:
    """Type as a user, see problems come and go, create and print, preview, exact bytes."""
    window = make_window(qtbot, desk)
    page = window.shipment_page
    form = page.form  # type: ignore[attr-defined]
    creation = page.creation  # type: ignore[attr-defined]
    assert "SANDBOX" in window.windowTitle()
    assert not creation.create_print_button.isEnabled()

    fill_receiver(qtbot, form, {"last_name": "Mustermann"})
    assert shown(form, "to.first_name") == ["Enter a first name, or a company."]
    fill_receiver(qtbot, form, RECEIVER)
    assert shown(form, "to.first_name") == []
    form.carrier_service.set_carrier("ups")  # native ZPL for a 4x6 in 203 dpi printer
    assert form.label_format == "zpl2_4x6in_203dpi"
    assert "Desk Zebra" in form.reference_section.format_reason.text()
    fill_package(qtbot, form, PACKAGE)
    type_into(qtbot, form.reference_edit, "ORDER-FLOW-1")
    assert form.problems == []
    assert creation.create_print_button.isEnabled()

    created = expect(window.shipment_created)
    queued = expect(desk.print_job_changed)
    qtbot.mouseClick(creation.create_print_button, Qt.MouseButton.LeftButton)
    assert creation.busy and not creation.create_button.isEnabled()
    assert not window.banner.profile_combo.isEnabled()  # no switching under a creation
    (stored,) = await emitted(created, 30)
    await emitted(queued)
    assert stored.reference_number == "ORDER-FLOW-1"
    assert stored.label_format == "zpl2_4x6in_203dpi"

    # the preview shows the label at once (rendered offline when zplkit is there)
    preview = page.preview  # type: ignore[attr-defined]
    assert preview.shipment is not None and preview.shipment.id == stored.id
    assert stored.carrier_tracking_no in preview.title.text()
    assert preview.kind == "zpl"
    assert preview.render_task is not None
    await preview.render_task
    assert preview.stack.currentIndex() in (2, 3)  # images, or the text with a note
    assert preview.note.text()

    [received] = await vprinter.wait_for_jobs(1, timeout=30)
    assert stored.label_path is not None
    expected = prepare_payload(
        zpl_printer(vprinter.uri), stored.label_path.read_bytes(), source_format=stored.label_format
    )
    assert received.data == expected.data
    assert desk.queue is not None
    [job] = preview.jobs
    assert (await desk.queue.wait_for(job.id, 10)).state == "done"

    # reprint from the preview
    qtbot.mouseClick(preview.print_button, Qt.MouseButton.LeftButton)
    assert preview.print_button.text() == "&Print again"
    jobs = await vprinter.wait_for_jobs(2, timeout=30)
    assert jobs[1].data == expected.data

    # the form is ready for the next parcel; the history has the new one
    assert form.receiver.fields["last_name"].text() == ""
    assert not creation.busy and window.banner.profile_combo.isEnabled()
    assert "Created: UPS" in creation.message.text()
    assert desk.store is not None
    assert [s.id for s in desk.store.shipments.search()] == [stored.id]


async def test_pdf_label_preview_shows_every_page(qtbot: QtBot, desk: AppContext) -> None:
    """A PDF label goes to QtPdf, all pages, zoomed to fit."""
    page = make_page(qtbot, desk)
    form = page.form
    fill_valid(qtbot, form)
    index = form.reference_section.format_combo.findData("pdf_a6")
    form.reference_section.format_combo.setCurrentIndex(index)
    form.reference_section.format_combo.activated.emit(index)
    created = expect(page.shipment_created)
    page.creation.request_create()
    (stored,) = await emitted(created, 30)
    preview = page.preview
    assert preview.kind == "pdf"
    assert preview.stack.currentWidget() is preview.pdf_view
    assert preview.pdf_document.pageCount() >= 1
    assert preview.pdf_view.zoomMode() == preview.pdf_view.ZoomMode.FitInView
    assert stored.label_format == "pdf_a6"


async def test_double_click_and_repeated_keys_create_exactly_one(
    qtbot: QtBot, desk: AppContext
) -> None:
    """The buttons lock before anything awaits: clicks and keys while busy do nothing."""
    page = make_page(qtbot, desk)
    form, creation = page.form, page.creation
    fill_valid(qtbot, form, reference="ORDER-DOUBLE-1")
    created = expect(page.shipment_created)
    qtbot.mouseDClick(creation.create_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(creation.create_button, Qt.MouseButton.LeftButton)
    assert creation.request_create() is None
    page.activateWindow()
    form.reference_edit.setFocus()
    for _ in range(3):
        qtbot.keyClick(form.reference_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    (stored,) = await emitted(created, 30)
    await asyncio.sleep(0)  # let any stray second task get as far as it would
    assert creation.created_count == 1
    assert desk.store is not None
    assert [s.reference_number for s in desk.store.shipments.search()] == ["ORDER-DOUBLE-1"]
    assert [e.status for e in desk.store.journal.entries()] == ["done"]
    assert [s.id for s in await _service_shipments(desk, "ORDER-DOUBLE-1")] == [stored.id]


async def test_carrier_error_is_told_in_plain_words_with_details(
    qtbot: QtBot, desk: AppContext
) -> None:
    """A carrier refusal: a sentence for the shop owner, the service's text in Details."""
    page = make_page(qtbot, desk)
    form, creation = page.form, page.creation
    fill_valid(qtbot, form, reference="ORDER-CARRIER-ERROR")
    done = expect(creation.busy_changed)
    creation.request_create()
    await emitted(done)
    await emitted(expect(creation.busy_changed), 30)
    assert creation.message.text().startswith("The carrier reported a problem")
    assert creation.details_button.isVisible()
    details = creation.details.toPlainText()
    assert "The carrier dhl returned the following error" in details
    assert "HTTP status: 502" in details and "Request id" in details
    assert creation.create_button.isEnabled()  # nothing was created: the user may try again
    assert desk.store is not None and desk.store.shipments.search() == []


async def test_cancel_during_a_slow_carrier_keeps_window_and_journal_sound(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    service_factory: Any,
) -> None:
    """Carrier latency 3 s: Cancel unlocks at once, the journal keeps the attempt and the
    reconciliation settles it (adopted if the service made it, else a user decision)."""
    isolate(monkeypatch, tmp_path)
    slow = service_factory("--carrier-latency", "3000", "--rate-limit", "100000/60")
    ctx = await open_desk(tmp_path, slow)
    try:
        page = make_page(qtbot, ctx)
        form, creation = page.form, page.creation
        fill_valid(qtbot, form, reference="ORDER-CANCEL-1")
        store = ctx.store
        assert store is not None
        sent = asyncio.Event()

        async def on_request(request: httpx.Request) -> None:
            if request.method == "POST" and request.url.path.endswith("/shipments"):
                sent.set()

        assert ctx.client is not None
        ctx.client._http.event_hooks["request"].append(on_request)
        creation.request_create()
        # the attempt is journaled before it is sent; cancel once it is on its way to the
        # carrier (which takes 3 s)
        await asyncio.wait_for(sent.wait(), 30)
        assert store.journal.pending()
        assert creation.busy and creation.cancel_button.isVisible()
        # what it is doing is said whole in the side column of a 1024 px window (it was cut
        # to a few letters beside the problem count's kept place)
        page.resize(1024, 560)
        page.layout().activate()  # the new width laid out now, not at the next turn
        assert creation.busy and page.width() == 1024
        assert creation.state_label.shown_text() == creation.state_label.full_text()
        assert creation.state_label.full_text().startswith("Creating the")
        unlocked = expect(creation.busy_changed)
        qtbot.mouseClick(creation.cancel_button, Qt.MouseButton.LeftButton)
        (busy,) = await emitted(unlocked, 30)  # the cancel, not the answer: see the message
        assert busy is False
        assert "Stopped waiting" in creation.message.text()

        # the window is usable at once: typing validates, Create is available again
        type_into(qtbot, form.receiver.fields["city"].editor, "")
        assert shown(form, "to.city") == ["Enter the city."]
        type_into(qtbot, form.receiver.fields["city"].editor, "Bonn")
        assert creation.create_button.isEnabled()

        [entry] = store.journal.pending()
        assert entry.reference_number == "ORDER-CANCEL-1"
        await ctx.journal_changed_now()
        assert ctx.pending_creations == 1

        # once the carrier has had its time, reconciliation settles the attempt
        async with asyncio.timeout(60):
            while True:
                report = await ctx.reconcile(min_age=timedelta(seconds=4))
                if report is not None and (report.adopted or report.needs_decision):
                    break
                await asyncio.sleep(0.25)
        on_service = await _service_shipments(ctx, "ORDER-CANCEL-1")
        assert store.journal.pending() == []
        if on_service:
            assert [s.id for s in report.adopted] == [s.id for s in on_service]
            assert store.shipments.find_by_reference("ORDER-CANCEL-1")[0].printable
        else:
            assert [e.id for e in report.needs_decision] == [entry.id]
    finally:
        await ctx.aclose()
