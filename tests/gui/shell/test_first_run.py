"""A new user's first label: empty folders, the Local sandbox, its sample sender and the
built-in virtual label printer; nothing set up by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.core.sandbox_printer import SANDBOX_PRINTER_NAME, SandboxPrinter
from desktop_app.gui.shipment.sender_choices import SAMPLE_SENDER
from desktop_app.printing.printers import PrinterBook
from desktop_app.printing.zpl import is_zpl
from desktop_app.profiles.models import Profile
from tests.gui.app_context import isolate, make_manager
from tests.gui.shipment_desk import fill_valid, make_window, wait_until


async def test_fresh_start_makes_and_prints_a_label_at_the_virtual_printer(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Empty dirs -> Local sandbox with a sample sender -> Create and print -> label bytes at
    the built-in virtual printer, whose last job the window can show."""
    isolate(monkeypatch, tmp_path)
    manager = make_manager(tmp_path)
    book = PrinterBook(tmp_path / "config" / "printers.json")
    assert len(book) == 0
    ctx = AppContext(manager, book)
    try:
        window = make_window(qtbot, ctx)
        await ctx.open_profile(manager.last_used)
        assert ctx.connected, ctx.connection_message
        profile = ctx.profile
        assert profile is not None and profile.builtin_local
        # the virtual printer is defined, assigned and saved for the next start
        assert profile.printer == SANDBOX_PRINTER_NAME
        assert manager.get(profile.id).printer == SANDBOX_PRINTER_NAME
        printer = ctx.printer()
        assert printer is not None and printer.kind == "zpl" and printer.dpi == 203
        assert SANDBOX_PRINTER_NAME in PrinterBook(book.path)
        assert ctx.sandbox_printer is not None and ctx.sandbox_printer.printer is not None
        assert printer.transport == ctx.sandbox_printer.printer.uri
        page = window.shipment_page
        form = page.form
        assert form.sender_form.address() == SAMPLE_SENDER
        assert "sample" in form.sender_section.summary.text()
        assert page.preview.virtual_row.isVisibleTo(window)

        fill_valid(qtbot, form)
        assert form.problems == []
        assert page.creation.create_print_button.isEnabled()
        page.creation.create_print_button.click()
        jobs = await ctx.sandbox_printer.printer.wait_for_jobs(1, timeout=30)
        stored = page.preview.shipment
        assert stored is not None and stored.label_path is not None
        assert is_zpl(jobs[0].data)  # the PDF label converted for the 203 dpi ZPL printer
        assert jobs[0].path.parent == manager.profile_data_dir(profile) / "virtual-printer"
        await wait_until(lambda: "Printed" in page.preview.print_status.text())
        dialog = page.preview.show_last_print()
        qtbot.addWidget(dialog)
        assert jobs[0].path.name in dialog.info.text()
        # offscreen Qt has no file manager to open: the button says so and where the jobs are
        dialog.folder_button.click()
        message = dialog.findChild(QMessageBox, "jobsFolderMessage")
        assert message is not None and message.isVisible()
        assert str(jobs[0].path.parent) in message.text()
        message.close()

        # a live profile never gets it: switching there stops the virtual printer
        live = manager.add(
            Profile(
                name="Shop live",
                environment="live",
                base_url="https://127.0.0.1:9",
                force_loopback=True,
            ),
            "live-key-not-used",
            verified_environment="production",
        )
        await ctx.open_profile(live)
        assert not ctx.sandbox_printer.running and ctx.printer() is None
        assert not page.preview.virtual_row.isVisibleTo(window)
        assert manager.get(live.id).printer is None
    finally:
        await ctx.aclose()
    assert ctx.sandbox_printer is not None and not ctx.sandbox_printer.running


async def test_sandbox_printer_keeps_its_port_and_never_runs_for_live(tmp_path: Path) -> None:
    """A restart reuses the saved port; a live profile never starts or gets the printer."""
    book = PrinterBook(tmp_path / "printers.json")
    first = SandboxPrinter(book, tmp_path / "jobs")
    definition = await first.start()
    await first.stop()
    again = SandboxPrinter(PrinterBook(book.path), tmp_path / "jobs")
    try:
        assert (await again.start()).transport == definition.transport
    finally:
        await again.stop()

    from desktop_app.gui.core.sandbox_printer import wants_sandbox_printer

    live = Profile(name="Shop", environment="live", base_url="https://api.example.com/v1")
    assert not wants_sandbox_printer(live, PrinterBook(tmp_path / "empty.json"))
    assert not wants_sandbox_printer(
        live.model_copy(update={"printer": SANDBOX_PRINTER_NAME}), book
    )
