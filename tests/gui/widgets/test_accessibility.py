"""Every control a screen reader reaches has a name and a description (read through Qt's
accessibility API, as a reader gets them), on every page, Settings tab and dialog, in English
and German; the Scan page announces its outcome; the app follows the system's colour scheme
and contrast."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.widgets import accessibility
from tests.gui.scan_desk import ctx as ctx  # the fixture
from tests.gui.shipment_desk import make_window

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def texts(qapp: QApplication) -> Iterator[None]:
    """The app's filter, as `packdesk` installs it."""
    accessibility_filter = accessibility.install(qapp)
    yield
    qapp.removeEventFilter(accessibility_filter)


CHECKED: list[QWidget] = []


def unnamed(root: QWidget) -> list[str]:
    """The visible controls under `root` without a name or a description."""
    missing = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not isinstance(widget, accessibility.CONTROLS) or not widget.isVisible():
            continue
        if widget.objectName().startswith("qt_"):  # Qt's own parts (spin box arrows, ...)
            continue
        CHECKED.append(widget)
        name = accessibility.accessible_text(widget, QAccessible.Text.Name)
        description = accessibility.accessible_text(widget, QAccessible.Text.Description)
        if not name or not description:
            what = f"{type(widget).__name__} {widget.objectName()!r}"
            missing.append(f"{what} in {root.objectName() or type(root).__name__}: "
                           f"name={name!r} description={description!r}")  # fmt: skip
    return missing


def dialogs(ctx: AppContext, parent: QWidget) -> list[QDialog]:
    """The app's dialogs, opened as their buttons open them."""
    from desktop_app.gui.batch.partials.sender import DefaultSenderDialog
    from desktop_app.gui.settings.presets.partials.preset_form import PresetDialog
    from desktop_app.gui.settings.printers.partials.printer_dialog import PrinterDialog
    from desktop_app.gui.settings.printers.partials.printer_discovery import DiscoverDialog
    from desktop_app.gui.settings.profiles.page import ProfileDialog
    from desktop_app.gui.settings.profiles.partials.server_connect import ServerConnectDialog

    return [
        PrinterDialog(ctx.printers, parent=parent),
        PresetDialog({"name": "Small box"}, lambda _p: [], parent),
        ProfileDialog(ctx.manager, parent=parent),
        ServerConnectDialog(ctx.manager.data_dir, parent),
        DiscoverDialog(parent),
        DefaultSenderDialog(ctx, parent),
    ]


@pytest.mark.parametrize("language", ["en", "de"])
async def test_every_control_has_a_name_and_a_description(
    qtbot: QtBot, ctx: AppContext, texts: None, language: str
) -> None:
    from desktop_app.gui.i18n import install_translations
    from desktop_app.gui.shell.main_window import SETTINGS
    from desktop_app.gui.shell.pages import install_operations

    install_translations(language)
    try:
        window = make_window(qtbot, ctx)
        install_operations(window, ctx, window.history_page, window.settings_page)
        missing: list[str] = []
        for name in list(window.tabs._pages):
            window.show_page(name)
            qtbot.wait(0)
            missing += unnamed(window.tabs.page(name))
        settings = window.settings_page
        window.show_page(SETTINGS)
        for index in range(settings.tabs.count()):
            settings.tabs.setCurrentIndex(index)
            qtbot.wait(0)
            missing += unnamed(settings.tabs.widget(index))
        missing += unnamed(window)  # menus' buttons, status bar, switcher
        sheet = window.show_shortcut_sheet()
        qtbot.wait(0)
        missing += unnamed(sheet)
        sheet.close()
        for dialog in dialogs(ctx, window):
            dialog.show()
            qtbot.wait(0)
            missing += unnamed(dialog)
            dialog.close()
        assert missing == []
        assert len(CHECKED) > 100  # the walk reached the pages
    finally:
        install_translations("en")


async def test_the_colours_follow_the_systems_scheme_and_contrast(qapp: QApplication) -> None:
    """The system switches to dark and back (Qt's colorSchemeChanged, as the platform emits
    it: the offscreen platform has no scheme of its own to switch)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QColor, QPalette

    from desktop_app.gui.core.appearance import follow_system_appearance, is_dark, scheme_palette

    hints = qapp.styleHints()
    before = qapp.palette()
    appearance = follow_system_appearance(qapp)
    try:
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert appearance.dark and is_dark(qapp.palette())
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert not is_dark(qapp.palette())
        high = scheme_palette(dark=False, high_contrast=True)  # black on white
        assert high.color(QPalette.ColorRole.Text) == QColor("black")
        assert high.color(QPalette.ColorRole.Base) == QColor("white")
    finally:
        appearance.deleteLater()
        qapp.setPalette(before)
