"""Settings › Station: pack check, sound and watched folder per profile, saved in the
profile's preferences (profiles.json); the presenter without a window, the tab in Settings."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.settings.page import SettingsPage
from desktop_app.gui.settings.station.page import StationChoices, StationSettings
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.profiles.manager import ProfileManager
from tests.gui.scan_desk import ctx as ctx  # the fixture


def _saved(ctx: AppContext) -> tuple[bool, bool, str | None]:
    assert ctx.profile is not None
    prefs = ProfileManager(ctx.manager.config_dir).get(ctx.profile.id).preferences  # from disk
    return (prefs.pack_check, prefs.scan_sound, prefs.watched_folder)


async def test_station_settings_saved_per_profile(ctx: AppContext, tmp_path: Path) -> None:
    settings = StationSettings(ctx)
    assert settings.current() == StationChoices(False, True, "")  # the defaults
    assert _saved(ctx) == (False, True, None)
    missing = tmp_path / "no-such-folder"
    problem = settings.save(StationChoices(True, False, str(missing)))
    assert problem == f"The watched folder {missing} does not exist."
    assert _saved(ctx) == (False, True, None)  # nothing saved
    folder = tmp_path / "drop"
    folder.mkdir()
    assert settings.save(StationChoices(True, False, f" {folder} ")) is None
    assert _saved(ctx) == (True, False, str(folder))
    assert ctx.profile is not None and ctx.profile.preferences.pack_check  # reloaded
    assert settings.save(StationChoices(False, True, "")) is None
    assert _saved(ctx) == (False, True, None)


async def test_station_tab_in_settings(ctx: AppContext, qtbot: QtBot, tmp_path: Path) -> None:
    widget = SettingsPage(ctx)
    qtbot.addWidget(widget)
    widget.show_tab("station")
    page = widget.station
    assert widget.tabs.currentWidget() is page
    assert not page.pack_check.isChecked() and page.scan_sound.isChecked()
    page.pack_check.setChecked(True)
    page.folder.setText(str(tmp_path))
    assert page.save()
    assert _saved(ctx) == (True, True, str(tmp_path))
    assert page.message.text() == "Station settings saved."
    page.folder.setText(str(tmp_path / "gone"))
    assert not page.save()
    assert page.message.text().startswith("Not saved: The watched folder")


async def test_a4_printer_for_documents_chosen_among_the_pdf_printers(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    ctx.printers.put(PrinterDefinition(name="Office A4", kind="pdf", transport=f"file:{tmp_path}"))
    ctx.printers.put(PrinterDefinition(name="Zebra", kind="zpl", transport="tcp://127.0.0.1:9"))
    settings = StationSettings(ctx)
    assert settings.a4_printers() == ["Office A4"]  # a thermal printer prints no A4 form
    problem = settings.save(StationChoices(documents_printer="Zebra"))
    assert problem == "The printer Zebra does not print A4 pages (PDF) or is gone."
    widget = SettingsPage(ctx)
    qtbot.addWidget(widget)
    page = widget.station
    combo = page.a4_printer
    assert [combo.itemText(i) for i in range(combo.count())] == ["No A4 printer", "Office A4"]
    combo.setCurrentIndex(1)
    assert page.save()
    assert ctx.profile is not None
    prefs = ProfileManager(ctx.manager.config_dir).get(ctx.profile.id).preferences
    assert prefs.documents_printer == "Office A4"
    page.load()
    assert combo.currentText() == "Office A4"
    combo.setCurrentIndex(0)
    assert page.save()
    assert (
        ProfileManager(ctx.manager.config_dir).get(ctx.profile.id).preferences.documents_printer
        is None
    )


async def test_the_sellers_customs_numbers_by_destination_checked_and_saved(
    ctx: AppContext, qtbot: QtBot
) -> None:
    widget = SettingsPage(ctx)
    qtbot.addWidget(widget)
    page = widget.station
    assert set(page.numbers) == {"UK VAT number or EORI", "VOEC number", "Swiss VAT number"}
    page.numbers["UK VAT number or EORI"].setText("GB12")
    assert not page.save()
    assert page.message.text() == (
        "Not saved: UK VAT number or EORI (United Kingdom): GB12 is not one; it looks like "
        "GB123456789."
    )
    page.numbers["UK VAT number or EORI"].setText(" gb123456789 ")
    page.numbers["Swiss VAT number"].setText("CHE-123.456.789 MWST")
    assert page.save()
    assert ctx.profile is not None
    prefs = ProfileManager(ctx.manager.config_dir).get(ctx.profile.id).preferences
    assert prefs.customs_numbers == {
        "GB": "GB123456789",
        "CH": "CHE-123.456.789 MWST",
        "LI": "CHE-123.456.789 MWST",
    }
    page.numbers["Swiss VAT number"].clear()
    page.load()
    assert page.numbers["Swiss VAT number"].text() == "CHE-123.456.789 MWST"
