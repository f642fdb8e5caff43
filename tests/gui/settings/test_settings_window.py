"""History and Settings inside the real main window: the switcher swaps history and printers,
a profile added in Settings appears in the switcher, History's "Open label" shows the preview."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.history.page import HistoryPage
from desktop_app.gui.history.table_model import ShipmentHistoryModel
from desktop_app.gui.settings.page import SettingsPage
from desktop_app.gui.shell.main_window import HISTORY, NEW_SHIPMENT, MainWindow
from desktop_app.gui.shell.pages import install_pages
from tests.gui.app_context import (
    add_service_profile,
    connected,
    create,
    emitted,
    expect,
    zpl_printer,
)


@pytest.fixture
def window(ctx: AppContext, qtbot: QtBot) -> tuple[MainWindow, HistoryPage, SettingsPage]:
    win = MainWindow(ctx)
    qtbot.addWidget(win)
    history, settings = install_pages(win, ctx)
    return win, history, settings


def _references(history: HistoryPage) -> list[str]:
    column = ShipmentHistoryModel.REFERENCE
    return [str(history.proxy.index(r, column).data()) for r in range(history.proxy.rowCount())]


async def test_pages_are_installed(
    window: tuple[MainWindow, HistoryPage, SettingsPage],
) -> None:
    """app.py's hook puts History and Settings where the placeholders were."""
    win, history, settings = window
    assert win.history_page is history and win.settings_page is settings
    assert [win.tabs.tabText(i) for i in range(win.tabs.count())] == [
        NEW_SHIPMENT,
        HISTORY,
        "Settings",
    ]


async def test_switcher_swaps_history_and_printers(
    ctx: AppContext,
    window: tuple[MainWindow, HistoryPage, SettingsPage],
    local_service: Any,
) -> None:
    """Choosing another profile in the window's switcher: its own history and printer."""
    win, history, settings = window
    ctx.printers.put(zpl_printer("tcp://127.0.0.1:9", "Zebra A"))
    ctx.printers.put(zpl_printer("tcp://127.0.0.1:10", "Zebra B"))
    assert settings.printers.assign("Zebra A")
    await create(ctx, reference_number="DESK-A-1")
    await history.reload()
    first = ctx.profile
    assert first is not None

    second = add_service_profile(ctx.manager, local_service, "Desk B")
    ctx.manager.update(second.model_copy(update={"printer": "Zebra B"}))
    settings.profiles_changed.emit()  # what Settings emits after a change
    combo = win.banner.profile_combo
    index = combo.findData(second.id)
    assert index >= 0  # the switcher lists the new profile

    switched = expect(ctx.profile_changed)
    combo.setCurrentIndex(index)
    combo.activated.emit(index)  # the user picks it
    await emitted(switched)
    await connected(ctx)
    await history.wait_idle()
    assert history.model.rowCount() == 0
    assert ctx.printer() is not None and ctx.printer().name == "Zebra B"  # type: ignore[union-attr]
    assert "prints to <b>Zebra B</b>" in settings.printers.assigned_label.text()
    await create(ctx, reference_number="DESK-B-1")
    await history.reload()
    assert _references(history) == ["DESK-B-1"]

    switched = expect(ctx.profile_changed)
    back = combo.findData(first.id)
    combo.setCurrentIndex(back)
    combo.activated.emit(back)
    await emitted(switched)
    await connected(ctx)
    await history.wait_idle()
    assert _references(history) == ["DESK-A-1"]
    assert "prints to <b>Zebra A</b>" in settings.printers.assigned_label.text()
    assert "Desk sandbox" in settings.preferences.heading.text()


async def test_open_label_shows_the_preview(
    ctx: AppContext, window: tuple[MainWindow, HistoryPage, SettingsPage], qtbot: QtBot
) -> None:
    """History's Open label puts the stored label into the New shipment page's preview."""
    win, history, _settings = window
    stored = await create(ctx, reference_number="PREVIEW-1")
    await history.reload()
    win.show_page(HISTORY)
    history.select_ids([stored.id])
    qtbot.mouseClick(history.open_button, Qt.MouseButton.LeftButton)
    preview: Any = win.shipment_page.preview  # type: ignore[attr-defined]
    assert preview.shipment is not None and preview.shipment.id == stored.id
    assert win.tabs.currentWidget() is win.page(NEW_SHIPMENT)
