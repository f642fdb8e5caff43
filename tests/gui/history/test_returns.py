"""Returns from the history: sender and receiver swapped, add-ons removed with the reason shown,
only for carriers that take returns. Created on the real local service through the journal."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.history.page import HistoryPage
from desktop_app.gui.history.partials.returns import ReturnDialog, attach_to_history
from desktop_app.gui.history.return_label import return_draft, returnable
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import create, use_printer

ADVANCE_NOTICE = {
    "name": "advance_notice",
    "properties": {"email": "erika@example.com", "language": "de"},
}


async def test_return_label_from_the_history(ctx: AppContext, qtbot: QtBot) -> None:
    """The dialog shows the swapped addresses and why the add-on went; the return is created."""
    original = await create(
        ctx, reference_number="ORDER-RET-1", additional_services=[ADVANCE_NOTICE]
    )
    history = HistoryPage(ctx)
    history.auto_refresh = False
    qtbot.addWidget(history)
    history.show()  # its Return button is clicked on it: a hidden history reads on its next show
    action = attach_to_history(history, ctx)
    await history.reload()
    assert not action.isEnabled()  # nothing selected
    history.select_ids([original.id])
    assert action.isEnabled() and history.return_button.isEnabled()

    action.trigger()
    dialog = history.return_dialog
    assert isinstance(dialog, ReturnDialog)  # deletes itself when closed
    finished: list[int] = []
    dialog.finished.connect(finished.append)
    # swapped: the customer sends to the shop
    assert dialog.sender_form.address()["last_name"] == "Mustermann"
    assert dialog.receiver.address()["company"] == "Packdesk Test GmbH"
    assert "Advance notice" in dialog.notes_label.text()
    assert "carry no additional services" in dialog.notes_label.text()
    assert dialog.problems_label.text() == ""
    qtbot.keyClicks(dialog.reason_edit, "wrong size")
    draft = dialog.draft()
    assert draft["service"] == "returns" and "additional_services" not in draft

    created = []
    dialog.return_created.connect(created.append)
    dialog.create_button.click()
    await dialog.tasks.wait_idle()
    assert created, dialog.problems_label.text()
    assert finished == [QDialog.DialogCode.Accepted.value]
    ret = created[0]
    assert ret.service == "returns" and ret.printable
    assert ret.reference_number == "R-ORDER-RET-1"
    assert ret.data["from"]["last_name"] == "Mustermann"
    assert ret.data["to"]["company"] == "Packdesk Test GmbH"
    assert not ret.data.get("additional_services")
    assert ret.data["metadata"] == {"return_of": original.id, "return_reason": "wrong size"}
    # it is in the history, and is no candidate for another return
    await history.wait_idle()
    history.select_ids([ret.id])
    assert not action.isEnabled()
    assert "return itself" in history.return_button.toolTip()


async def test_carriers_without_returns_are_refused(ctx: AppContext, qtbot: QtBot) -> None:
    """A Deutsche Post (dpag) shipment offers no return label, and says why."""
    original = await create(
        ctx,
        carrier="dpag",
        package={"weight": 0.5, "length": 20, "width": 15, "height": 5, "type": "books"},
        label={"format": "pdf_a6"},
    )
    ok, why = returnable(original)
    assert not ok and "takes no returns" in why
    history = HistoryPage(ctx)
    history.auto_refresh = False
    qtbot.addWidget(history)
    action = attach_to_history(history, ctx)
    await history.reload()
    history.select_ids([original.id])
    assert not action.isEnabled()
    assert "takes no returns" in history.return_button.toolTip()


async def test_ups_returns_need_a_description_and_print(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    """Domain rules hold Create back (UPS returns need the contents); the label is printed."""
    printer = VirtualPrinter(tmp_path / "vp", render=False)
    await printer.start()
    try:
        use_printer(ctx, printer.uri)
        original = await create(ctx, carrier="ups", label={"format": "zpl2_4x6in_203dpi"})
        draft, notes = return_draft(original)
        assert draft["carrier"] == "ups" and notes == []
        dialog = ReturnDialog(ctx, original)
        qtbot.addWidget(dialog)
        assert dialog.label_format == "zpl2_4x6in_203dpi"
        assert "Package › Description:" in dialog.problems_label.text()
        assert not dialog.create_button.isEnabled()
        qtbot.keyClicks(dialog.description_edit, "shoes")
        assert dialog.create_button.isEnabled(), dialog.problems_label.text()
        assert dialog.print_check.isChecked()
        dialog.create_button.click()
        await dialog.tasks.wait_idle()
        assert dialog.created is not None, dialog.problems_label.text()
        assert dialog.created.data["packages"][0]["description"] == "shoes"
        received = await printer.wait_for_jobs(1, timeout=20)
        assert received and received[0].data.startswith(b"^XA")
    finally:
        await printer.stop()


async def test_a_second_return_asks_first_and_links_to_the_existing_one(
    ctx: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Create return label… on a shipment with a return: asked; "Show" selects the return."""
    assert ctx.creator is not None and ctx.store is not None
    original = await create(ctx, reference_number="ORDER-RET-TWICE")
    assert ctx.store.find_returns(original) == []
    first, _notes = return_draft(original)
    first_return = await ctx.creator.create(first)
    # a return made before returns recorded their origin: found by its R- reference
    older = await create(ctx, reference_number="ORDER-RET-OLD")
    legacy, _notes = return_draft(older)
    del legacy["metadata"]
    legacy_return = await ctx.creator.create(legacy)
    assert [r.id for r in ctx.store.find_returns(older)] == [legacy_return.id]
    assert [r.id for r in ctx.store.find_returns(original)] == [first_return.id]

    history = HistoryPage(ctx)
    history.auto_refresh = False
    qtbot.addWidget(history)
    history.show()
    action = attach_to_history(history, ctx)
    await history.reload()
    asked: list[str] = []
    choice = ["Show existing return"]

    def answer(box: QMessageBox) -> int:
        asked.append(box.text())
        next(b for b in box.buttons() if b.text() == choice[0]).click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    history.select_ids([original.id])
    action.trigger()
    assert len(asked) == 1
    assert "1 return label already exists for ORDER-RET-TWICE" in asked[0]
    assert "R-ORDER-RET-TWICE" in asked[0]
    assert history.return_dialog is None  # nothing created: the existing return is shown
    assert history.selected_ids() == [first_return.id]
    assert "R-ORDER-RET-TWICE" in history.message.text()

    choice[0] = "Create another"
    history.select_ids([original.id])
    action.trigger()
    assert len(asked) == 2
    dialog = history.return_dialog
    assert isinstance(dialog, ReturnDialog) and dialog.original.id == original.id
    dialog.reject()

    # a shipment without a return opens the dialog at once
    fresh = await create(ctx, reference_number="ORDER-RET-NEW")
    await history.reload()
    history.select_ids([fresh.id])
    action.trigger()
    assert len(asked) == 2
    assert isinstance(history.return_dialog, ReturnDialog)
    assert history.return_dialog.original.id == fresh.id
    history.return_dialog.reject()
    # a deleted return no longer counts
    await asyncio.to_thread(ctx.store.mark_deleted, legacy_return.id)
    assert ctx.store.find_returns(older) == []
