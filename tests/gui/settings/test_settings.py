"""Settings: profiles (key checked with the service), printers (add, discover, test print,
assign per profile), preferences. Real local service, real files, virtual printer on loopback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop_app.domain.pairing import certificate_fingerprint
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.i18n import install_translations
from desktop_app.gui.settings.page import SettingsPage
from desktop_app.gui.settings.printers.page import PrinterDialog, PrintersPage
from desktop_app.gui.settings.profiles.page import ProfileDialog, ProfilesPage
from desktop_app.gui.settings.profiles.partials.server_connect import pinned_ca_file
from desktop_app.printing.discovery import make_test_label
from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.models import Profile
from tests.fixtures.service import RunningService
from tests.gui.app_context import (
    add_service_profile,
    emitted,
    expect,
    zpl_printer,
)


def _fill_profile(
    qtbot: QtBot, dialog: ProfileDialog, service: Any, key: str, name: str = "Shop live"
) -> None:
    qtbot.keyClicks(dialog.name_edit, name)
    dialog.environment_combo.setCurrentIndex(dialog.environment_combo.findData("live"))
    qtbot.keyClicks(dialog.url_edit, service.base_url)
    qtbot.keyClicks(dialog.key_edit, key)
    qtbot.keyClicks(dialog.ca_edit, str(service.ca_file))
    dialog.loopback_check.setChecked(True)  # the test service runs on loopback


# --- profiles ------------------------------------------------------------------------------------


async def test_live_profile_with_sandbox_key_is_refused(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    """Save checks the key first; a sandbox key for a live profile is refused with the message."""
    page = ProfilesPage(ctx)
    qtbot.addWidget(page)
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    dialog = page.dialog
    assert dialog is not None and dialog.isVisible()
    _fill_profile(qtbot, dialog, local_service, local_service.sandbox_key)
    checked = expect(dialog.key_checked)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    ok, message = await emitted(checked)
    assert not ok
    assert "sandbox (test) API key, but the profile is a live profile" in message
    assert message in dialog.result_label.text()
    assert dialog.isVisible()  # stays open for the right key
    assert [p.name for p in ctx.manager.list()] == ["Local sandbox", "Desk sandbox"]
    assert ctx.manager.secrets.get(dialog._build().id) is None


async def test_profile_dialog_says_a_duplicate_name_in_german(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    install_translations("de")
    try:
        await _save_duplicate_name(ctx, qtbot, local_service)
    finally:
        install_translations("en")


async def _save_duplicate_name(ctx: AppContext, qtbot: QtBot, local_service: Any) -> None:
    taken = ctx.manager.list()[-1].name
    page = ProfilesPage(ctx)
    qtbot.addWidget(page)
    dialog: ProfileDialog = page.open_dialog(None)
    # names compare without case
    _fill_profile(qtbot, dialog, local_service, local_service.live_key, taken.upper())
    before = [p.id for p in ctx.manager.list()]
    await dialog.save()
    text = dialog.result_label.text()
    assert f"Ein Profil namens „{taken.upper()}“ gibt es schon." in text
    assert "already exists" not in text
    assert [p.id for p in ctx.manager.list()] == before
    assert dialog.isVisible()


async def test_profile_dialog_says_field_problems_in_german(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    install_translations("de")
    try:
        page = ProfilesPage(ctx)
        qtbot.addWidget(page)
        dialog: ProfileDialog = page.open_dialog(None)
        _fill_profile(qtbot, dialog, local_service, local_service.live_key)
        dialog.url_edit.setText(local_service.base_url.replace("https://", "http://"))
        before = [p.id for p in ctx.manager.list()]
        assert await dialog.save() is None
        text = dialog.result_label.text()
        assert "Die Adresse muss mit https:// beginnen" in text and "HTTPS only" not in text
        dialog.url_edit.setText(local_service.base_url)
        dialog.loopback_check.setChecked(False)  # live on loopback, not forced
        assert await dialog.save() is None
        text = dialog.result_label.text()
        assert "Ein Live-Profil darf keine lokale Adresse" in text and "loopback" not in text
        assert [p.id for p in ctx.manager.list()] == before
    finally:
        install_translations("en")


async def test_live_profile_with_live_key_is_saved(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    """Check key shows the account; Save stores the profile, its key (not in JSON) and lists it."""
    page = ProfilesPage(ctx)
    qtbot.addWidget(page)
    changed = expect(page.profiles_changed)
    dialog = page.open_dialog(None)
    _fill_profile(qtbot, dialog, local_service, local_service.live_key)
    checked = expect(dialog.key_checked)
    qtbot.mouseClick(dialog.check_button, Qt.MouseButton.LeftButton)
    ok, message = await emitted(checked)
    assert ok, message
    assert message == f"Key accepted: live key of {local_service.email}."
    saved = expect(dialog.saved)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    (profile,) = await emitted(saved)
    await emitted(changed)
    assert not dialog.isVisible()
    assert profile.environment == "live" and profile.key_environment == "live"
    assert ctx.manager.secrets.get(profile.id) == local_service.live_key
    assert local_service.live_key not in ctx.manager.path.read_text(encoding="utf-8")
    captions = [page.list.item(i).text() for i in range(page.list.count())]
    assert "Shop live  (LIVE)" in captions

    # a changed key that turns out to be a sandbox one is refused on edit too
    page.select("Shop live")
    qtbot.mouseClick(page.edit_button, Qt.MouseButton.LeftButton)
    edit = page.dialog
    assert edit is not None and edit.original == profile
    qtbot.keyClicks(edit.key_edit, local_service.sandbox_key)
    checked = expect(edit.key_checked)
    qtbot.mouseClick(edit.save_button, Qt.MouseButton.LeftButton)
    ok, message = await emitted(checked)
    assert not ok and "sandbox (test) API key" in message
    assert ctx.manager.secrets.get(profile.id) == local_service.live_key


async def test_edit_and_delete_profiles(
    ctx: AppContext, qtbot: QtBot, local_service: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rename without re-entering the key; delete after confirming; the built-in stays."""
    other = add_service_profile(ctx.manager, local_service, "Packing table 2")
    page = ProfilesPage(ctx)
    qtbot.addWidget(page)
    page.select("Local sandbox")
    assert not page.delete_button.isEnabled() and not page.edit_button.isEnabled()

    page.select("Packing table 2")
    dialog = page.open_dialog(page.selected_profile())
    dialog.name_edit.setText("Packing table B")
    saved = expect(dialog.saved)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    (renamed,) = await emitted(saved)
    assert renamed.id == other.id and renamed.name == "Packing table B"
    assert ctx.manager.secrets.get(other.id) == local_service.sandbox_key

    answers = iter([QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes])
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: next(answers))
    page.select("Packing table B")
    qtbot.mouseClick(page.delete_button, Qt.MouseButton.LeftButton)
    assert any(p.id == other.id for p in ctx.manager.list())
    qtbot.mouseClick(page.delete_button, Qt.MouseButton.LeftButton)
    assert all(p.id != other.id for p in ctx.manager.list())
    assert ctx.manager.secrets.get(other.id) is None
    assert "deleted" in page.message.text()


async def test_use_profile_switches_the_context(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    """'Use this profile' switches the whole context."""
    second = add_service_profile(ctx.manager, local_service, "Second desk")
    page = ProfilesPage(ctx)
    qtbot.addWidget(page)
    page.reload()
    page.select("Second desk")
    switched = expect(ctx.profile_changed)
    qtbot.mouseClick(page.use_button, Qt.MouseButton.LeftButton)
    (profile,) = await emitted(switched)
    assert profile.id == second.id and ctx.profile is not None and ctx.profile.id == second.id
    assert not page.use_button.isEnabled()  # the selected one is now in use


# --- printers ------------------------------------------------------------------------------------


async def test_add_discover_test_print_and_assign(
    ctx: AppContext, qtbot: QtBot, vprinter: VirtualPrinter
) -> None:
    """Discover the virtual printer on loopback, add it, test-print to it, assign it."""
    page = PrintersPage(ctx)
    qtbot.addWidget(page)
    assert "has no printer yet" in page.assigned_label.text()

    discover = page.open_discovery()
    discover.target_edit.setText("127.0.0.1")
    discover.port_spin.setValue(vprinter.port)
    finished = expect(discover.finished_discovery)
    qtbot.mouseClick(discover.scan_button, Qt.MouseButton.LeftButton)
    (count,) = await emitted(finished)
    assert count == 1
    assert [f.transport for f in discover.found] == [vprinter.uri]
    assert vprinter.probes >= 1 and vprinter.jobs == []  # a probe prints nothing
    discover.results.setCurrentRow(0)
    qtbot.mouseClick(discover.add_button, Qt.MouseButton.LeftButton)
    dialog = page.dialog
    assert dialog is not None
    assert dialog.address_edit.text() == f"127.0.0.1:{vprinter.port}"
    assert dialog.name_edit.text() == "Printer 127.0.0.1"
    dialog.name_edit.setText("Packing Zebra")
    dialog.stock_combo.setCurrentText("4x6in")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    printer = ctx.printers.get("Packing Zebra")
    assert printer is not None and printer.transport == vprinter.uri and printer.dpi == 203
    assert "Packing Zebra" in (ctx.printers.path.read_text(encoding="utf-8"))

    page.select("Packing Zebra")
    printed = expect(page.test_printed)
    qtbot.mouseClick(page.test_button, Qt.MouseButton.LeftButton)
    name, ok, message = await emitted(printed, 40)
    assert (name, ok) == ("Packing Zebra", True), message
    [job] = await vprinter.wait_for_jobs(1)
    assert job.data == prepare_payload(printer, make_test_label(printer)).data
    assert b"Packdesk test print" in job.data

    qtbot.mouseClick(page.assign_button, Qt.MouseButton.LeftButton)
    assert ctx.profile is not None and ctx.profile.printer == "Packing Zebra"
    assert ctx.manager.get(ctx.profile.id).printer == "Packing Zebra"
    assert ctx.printer() == printer
    assert "prints to <b>Packing Zebra</b>" in page.assigned_label.text()
    assert page.table.item(0, 3).text() == "✔ in use"


async def test_printer_dialog_checks_fields(ctx: AppContext, qtbot: QtBot) -> None:
    """Save stays disabled with the reason shown until the definition is valid."""
    dialog = PrinterDialog(ctx.printers)
    qtbot.addWidget(dialog)
    assert not dialog.save_button.isEnabled()
    qtbot.keyClicks(dialog.name_edit, "Office laser")
    assert "address" in dialog.problem_label.text()
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("pdf"))
    dialog.connection_combo.setCurrentIndex(dialog.connection_combo.findData("cups"))
    qtbot.keyClicks(dialog.address_edit, "bad queue/name")
    assert "not a CUPS queue name" in dialog.problem_label.text()
    dialog.address_edit.setText("Office_Laser")
    dialog.paper_combo.setCurrentText("A4")
    assert dialog.problem_label.text() == "" and dialog.save_button.isEnabled()
    assert dialog.save() is not None
    saved = ctx.printers["Office laser"]
    assert (saved.kind, saved.transport, saved.paper) == ("pdf", "cups:Office_Laser", "A4")

    again = PrinterDialog(ctx.printers)
    qtbot.addWidget(again)
    again.name_edit.setText("Office laser")
    again.address_edit.setText("10.0.0.9")
    assert "already exists" in again.problem_label.text()

    edit = PrinterDialog(ctx.printers, saved)
    qtbot.addWidget(edit)
    assert edit.address_edit.text() == "Office_Laser" and edit.paper_combo.currentText() == "A4"
    assert not edit.stock_combo.isVisibleTo(edit) and edit.paper_combo.isVisibleTo(edit)


async def test_printer_dialog_shows_label_stock_in_words(ctx: AppContext, qtbot: QtBot) -> None:
    """The stock combo lists stocks in words with their code as data; a typed custom size and
    an edited printer's custom stock keep working."""
    from desktop_app.gui.i18n import install_translations

    install_translations("de")
    try:
        dialog = PrinterDialog(ctx.printers)
        qtbot.addWidget(dialog)
        items = [dialog.stock_combo.itemText(i) for i in range(dialog.stock_combo.count())]
        assert "4x6 Zoll" in items and "100 x 150 mm" in items and "4x6in" not in items
    finally:
        install_translations("en")
    dialog.name_edit.setText("Packing Zebra")
    dialog.address_edit.setText("10.0.0.9")
    dialog.stock_combo.setCurrentIndex(dialog.stock_combo.findData("4x8in"))
    assert dialog.stock_combo.currentText() == "4x8 Zoll" and dialog.stock() == "4x8in"
    for typed, code in (
        ("100x70mm", "100x70mm"),
        ("4x6 zoll", "4x6in"),
        ("62 x 29 mm", "62x29mm"),
        ("2x1 Zoll", "2x1in"),
    ):
        dialog.stock_combo.setCurrentText(typed)
        assert dialog.stock() == code, typed
    assert dialog.problem_label.text() == "" and dialog.save() is not None
    saved = ctx.printers["Packing Zebra"]
    assert saved.stock == "2x1in"

    edit = PrinterDialog(ctx.printers, saved.with_changes(stock="62x29mm"))
    qtbot.addWidget(edit)
    assert edit.stock_combo.currentText() == "62x29mm" and edit.printer().stock == "62x29mm"
    listed = PrinterDialog(ctx.printers, saved.with_changes(stock="A6"))
    qtbot.addWidget(listed)
    assert listed.stock_combo.currentData() == "A6" and listed.printer().stock == "A6"


async def test_test_print_to_a_dead_printer_fails_clearly(
    ctx: AppContext, qtbot: QtBot, vprinter: VirtualPrinter
) -> None:
    """A printer that refuses connections: the test print reports it and leaves no job behind."""
    printer = zpl_printer(vprinter.uri + "?connect_timeout=1", "Dead printer")
    ctx.printers.put(printer)
    await vprinter.set_refusing(True)
    page = PrintersPage(ctx)
    qtbot.addWidget(page)
    assert await page.test_print(printer) is False
    assert "Test print on Dead printer failed" in page.message.text()
    assert ctx.queue is not None
    assert ctx.queue.jobs("Dead printer", ("queued", "waiting")) == []


async def test_printer_assignment_is_per_profile(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    """Each profile prints to its own printer; switching swaps what the page shows."""
    ctx.printers.put(zpl_printer("tcp://127.0.0.1:9", "Zebra A"))
    ctx.printers.put(zpl_printer("tcp://127.0.0.1:10", "Zebra B"))
    settings = SettingsPage(ctx)
    qtbot.addWidget(settings)
    page = settings.printers
    page.select("Zebra A")
    assert page.assign(page.selected_name())
    first = ctx.profile
    assert first is not None and first.printer == "Zebra A"

    second = add_service_profile(ctx.manager, local_service, "Second desk")
    await ctx.open_profile(second)
    assert ctx.printer() is None
    assert "has no printer yet" in page.assigned_label.text()
    page.select("Zebra B")
    assert page.assign("Zebra B")
    assert ctx.printer() is not None and ctx.printer().name == "Zebra B"  # type: ignore[union-attr]

    await ctx.open_profile(ctx.manager.get(first.id))
    assert ctx.printer() is not None and ctx.printer().name == "Zebra A"  # type: ignore[union-attr]
    assert "prints to <b>Zebra A</b>" in page.assigned_label.text()
    in_use = [page.table.item(r, 0).text() for r in range(2) if page.table.item(r, 3).text()]
    assert in_use == ["Zebra A"]


# --- preferences ---------------------------------------------------------------------------------


async def test_preferences_are_saved_per_profile(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    """Preferences of one profile are saved into it and shown again; another has its own."""
    settings = SettingsPage(ctx)
    qtbot.addWidget(settings)
    page = settings.preferences
    page.auto_print.setChecked(True)
    page.copies.setValue(2)
    page.carrier_combo.setCurrentIndex(page.carrier_combo.findData("ups"))
    assert page.service_combo.findData("standard") > 0
    page.service_combo.setCurrentIndex(page.service_combo.findData("standard"))
    page.format_combo.setCurrentIndex(page.format_combo.findData("zpl2_4x6in_203dpi"))
    page.weight.setValue(2.5)
    qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    assert page.message.text() == "Preferences saved."
    assert ctx.profile is not None
    prefs = ctx.manager.get(ctx.profile.id).preferences
    assert prefs.auto_print_after_create and prefs.copies == 2
    assert (prefs.default_carrier, prefs.default_service) == ("ups", "standard")
    assert prefs.label_format_override == "zpl2_4x6in_203dpi"
    assert prefs.default_package == {"weight": 2.5}
    assert ctx.profile.preferences == prefs  # the open context follows at once

    first = ctx.profile
    await ctx.open_profile(add_service_profile(ctx.manager, local_service, "Second desk"))
    assert not page.auto_print.isChecked() and page.carrier_combo.currentData() is None
    await ctx.open_profile(ctx.manager.get(first.id))
    assert page.auto_print.isChecked() and page.copies.value() == 2
    assert page.service_combo.currentData() == "standard"


async def test_edit_that_moves_a_profile_checks_the_saved_key_again(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    """Turning a live profile into a sandbox one re-checks its saved (live) key: refused."""
    live = ctx.manager.add(
        Profile(
            name="Shop live",
            environment="live",
            base_url=local_service.base_url,
            ca_file=str(local_service.ca_file),
            force_loopback=True,
        ),
        local_service.live_key,
        verified_environment="production",
    )
    page = ProfilesPage(ctx)
    qtbot.addWidget(page)
    dialog = page.open_dialog(live)
    assert dialog.key_edit.text() == "" and "saved" in dialog.key_edit.placeholderText()
    dialog.environment_combo.setCurrentIndex(dialog.environment_combo.findData("sandbox"))
    checked = expect(dialog.key_checked)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    ok, message = await emitted(checked)
    assert not ok and "This is a live API key, but the profile is a sandbox profile" in message
    assert ctx.manager.get(live.id).environment == "live"


# --- connecting to a Packdesk server ------------------------------------------------------------


async def test_connect_by_url_pins_the_ca_and_fills_the_profile_dialog(
    ctx: AppContext, qtbot: QtBot, local_service: RunningService
) -> None:
    page = ProfilesPage(ctx)
    qtbot.addWidget(page)
    qtbot.mouseClick(page.connect_button, Qt.MouseButton.LeftButton)
    dialog = page.server_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.keyClicks(dialog.url_edit, local_service.base_url)
    looked_up = expect(dialog.looked_up)
    qtbot.mouseClick(dialog.fetch_button, Qt.MouseButton.LeftButton)
    ok, message = await emitted(looked_up)
    assert ok, message
    expected = certificate_fingerprint(local_service.ca_file.read_text())
    assert dialog.fingerprint_label.text() == expected
    # nothing is trusted before a person confirms
    assert not dialog.trust_button.isEnabled()
    ca_file = pinned_ca_file(ctx.manager.data_dir, local_service.base_url)
    assert not ca_file.exists()
    dialog.confirm_check.setChecked(True)
    pinned = expect(dialog.pinned)
    qtbot.mouseClick(dialog.trust_button, Qt.MouseButton.LeftButton)
    url, path = await emitted(pinned)
    assert url == local_service.base_url and Path(path) == ca_file
    assert certificate_fingerprint(ca_file.read_text()) == expected
    # the station may ask to join; a key copied by hand still works
    join_dialog = page.join_dialog
    assert join_dialog is not None and join_dialog.isVisible()
    qtbot.mouseClick(join_dialog.key_button, Qt.MouseButton.LeftButton)
    assert not join_dialog.isVisible()
    profile_dialog = page.dialog
    assert profile_dialog is not None and profile_dialog.isVisible()
    assert profile_dialog.url_edit.text() == local_service.base_url
    assert profile_dialog.ca_edit.text() == str(ca_file)
    # the station's key is checked against the server through the pinned CA
    qtbot.keyClicks(profile_dialog.key_edit, local_service.live_key)
    checked = expect(profile_dialog.key_checked)
    qtbot.mouseClick(profile_dialog.check_button, Qt.MouseButton.LeftButton)
    ok, message = await emitted(checked)
    assert ok, message


async def test_pairing_file_and_a_changed_ca(
    ctx: AppContext,
    qtbot: QtBot,
    service_factory: Callable[..., RunningService],
    tmp_path: Path,
) -> None:
    pairing_file = tmp_path / "pairing.json"
    first = service_factory("--pairing-file", str(pairing_file))
    page = ProfilesPage(ctx)
    qtbot.addWidget(page)
    dialog = page.open_server_dialog()
    assert dialog.import_file(pairing_file)
    assert dialog.url_edit.text() == first.base_url
    assert dialog.fingerprint_label.text() == certificate_fingerprint(first.ca_file.read_text())
    dialog.confirm_check.setChecked(True)
    assert dialog.trust()
    port = first.port
    first.stop()

    # another service (a new CA) at the same address: refused, with both fingerprints
    other = service_factory("--port", str(port), data_dir=tmp_path / "other")
    again = page.open_server_dialog()
    qtbot.keyClicks(again.url_edit, other.base_url)
    assert await again.fetch()
    again.confirm_check.setChecked(True)
    assert not again.trust()
    assert again.isVisible()
    text = again.result_label.text()
    assert "different certificate authority" in text
    assert certificate_fingerprint(other.ca_file.read_text()) in text


async def test_a_discovered_zebra_fills_in_its_dpi_and_stock(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    """A found printer that answers ~HI/^HH: the add dialog takes its 300 dpi and stock."""
    from desktop_app.printing.virtual_printer import PrinterPanel

    panel = PrinterPanel(dpi=300, stock_mm=(100.0, 150.0))
    async with VirtualPrinter(tmp_path / "vp300", dpi=300, render=False, panel=panel) as vp:
        page = PrintersPage(ctx)
        qtbot.addWidget(page)
        discover = page.open_discovery()
        discover.target_edit.setText("127.0.0.1")
        discover.port_spin.setValue(vp.port)
        finished = expect(discover.finished_discovery)
        qtbot.mouseClick(discover.scan_button, Qt.MouseButton.LeftButton)
        assert (await emitted(finished)) == (1,)
        discover.results.setCurrentRow(0)
        qtbot.mouseClick(discover.add_button, Qt.MouseButton.LeftButton)
        dialog = page.dialog
        assert dialog is not None and page.detecting is not None
        await page.detecting
        assert dialog.dpi_combo.currentData() == 300
        # in words on screen, the code stored
        assert dialog.stock_combo.currentText() == "100 x 150 mm"
        assert dialog.stock() == "100x150mm" and dialog.printer().stock == "100x150mm"
        assert "ZD421-300dpi reports 300 dpi and 100 x 150 mm labels." in page.message.text()
        assert vp.jobs == []  # asked, nothing printed
