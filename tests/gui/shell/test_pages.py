"""The window's pages and the Settings tabs, each declared once (`shell.pages.PAGES`,
`settings.page.SETTINGS_TABS`): every page package is declared, the window puts the pages in
their declared order, and a signed-in person's rights hide the pages, the Settings tabs and the
Ctrl+1..9 entries they may not use (pages built later follow too)."""

from __future__ import annotations

import importlib
from pathlib import Path

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

import desktop_app.gui
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.settings.page import SETTINGS_TABS, visible_tabs
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shell.pages import (
    ADDRESSES,
    END_OF_DAY,
    PAGES,
    SETTINGS,
    install_operations,
    install_pages,
    install_steps,
    visible_pages,
)

GUI = Path(desktop_app.gui.__file__).parent
#: a packer's rights (the contract in /work/notes/people-api.md)
PACKER = frozenset({"labels", "scan", "weigh", "returns", "history"})


def _page_class(spec: str) -> type:
    module, name = spec.split(":")
    found = getattr(importlib.import_module(module), name)
    assert isinstance(found, type)
    return found


def test_every_page_package_is_declared_once_and_names_its_page_class() -> None:
    packages = {path.parent.name for path in GUI.glob("*/page.py")}
    declared = [entry.page.split(":")[0].split(".")[2] for entry in PAGES]
    assert sorted(declared) == sorted(packages)  # each page package once, none forgotten
    assert len({entry.name for entry in PAGES}) == len(PAGES)
    for entry in PAGES:
        page_class = _page_class(entry.page)
        assert issubclass(page_class, QWidget) and page_class.__name__.endswith("Page")
    assert PAGES[-1].name == SETTINGS


def test_every_settings_tab_package_is_declared_once() -> None:
    packages = {path.parent.name for path in (GUI / "settings").glob("*/page.py")}
    assert sorted(tab.key for tab in SETTINGS_TABS) == sorted(packages)
    assert all(isinstance(tab.page, type) for tab in SETTINGS_TABS)


def test_rights_choose_the_pages_and_the_tabs() -> None:
    assert visible_pages(None) == PAGES
    packer_pages = [entry.name for entry in visible_pages(PACKER)]
    assert END_OF_DAY not in packer_pages and SETTINGS in packer_pages
    assert "Scan" in packer_pages and "New shipment" in packer_pages
    assert [e.name for e in visible_pages(PACKER | {"end_of_day"})] == [e.name for e in PAGES]
    packer_tabs = {tab.key for tab in visible_tabs(PACKER)}
    assert {"printers", "scales", "preferences"} <= packer_tabs
    # Station holds the pack check and the idle sign-out: not the packer's to change
    assert not packer_tabs & {"profiles", "station", "webhooks", "products", "shops", "presets"}
    assert visible_tabs(None) == SETTINGS_TABS


def _shown_tabs(window: MainWindow) -> list[str]:
    return [window.tabs.tabText(i) for i in window.tabs.shown_indexes()]


async def test_the_window_shows_the_declared_pages_and_hides_them_by_rights(
    ctx: AppContext, qtbot: QtBot
) -> None:
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    history, settings = install_pages(window, ctx)
    # a person signs in before the other pages are built: they follow the rights too
    window.show_for(PACKER)
    install_operations(window, ctx, history, settings)
    assert window.tabs.names() == [entry.name for entry in PAGES]
    expected = [entry.name for entry in visible_pages(PACKER)]
    assert _shown_tabs(window) == expected
    go = [a.text() for a in window.window_menus.page_actions if a.isVisible()]
    assert go == expected  # Ctrl+1..9 name only the pages shown
    window.window_menus.page_actions[expected.index(SETTINGS)].trigger()
    assert window.current_page() is settings
    shown = [
        settings.tabs.widget(i)
        for i in range(settings.tabs.count())
        if settings.tabs.isTabVisible(i)
    ]
    assert shown == [settings.tab_pages[tab.key] for tab in visible_tabs(PACKER)]
    assert settings.profiles not in shown and settings.webhooks not in shown
    assert settings.tabs.isTabVisible(settings.tabs.currentIndex())

    window.show_page(END_OF_DAY)  # hidden: the signed-in packer cannot get there
    assert window.current_page() is settings
    window.show_for(None)  # signed out at a desk without sign-in: everything again
    assert _shown_tabs(window) == [entry.name for entry in PAGES]
    assert all(settings.tabs.isTabVisible(i) for i in range(settings.tabs.count()))
    window.show_page(END_OF_DAY)
    window.show_for(PACKER)  # the page in front is hidden: the first shown one comes forward
    assert window.current_page_name() == PAGES[0].name


async def test_the_frame_takes_the_form_then_every_page_step_by_step(
    ctx: AppContext, qtbot: QtBot
) -> None:
    """Start-up's order: the frame (placeholders, menus without the form's keys), the form
    in front in its placeholder's place with its keys in the Shipment menu, then the pages
    one step each, Addresses first (the form's receiver search), the tabs in declared order."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert not window.attached and window.current_page_name() == PAGES[0].name
    frame_keys = [a.objectName() for a in window.shipment_menu.actions()]
    assert "createPrintAction" not in frame_keys
    window.attach(ctx)
    assert window.attached and window.current_page() is window.shipment_page
    keys = [a.objectName() for a in window.shipment_menu.actions()]
    assert "createPrintAction" in keys
    assert keys[-1] == frame_keys[-1]  # Quit stays last
    steps = list(install_steps(window, ctx))
    assert steps[0] == ADDRESSES
    assert set(steps) >= {entry.name for entry in PAGES[1:]}
    assert window.tabs.names() == [entry.name for entry in PAGES]
    assert window.current_page() is window.shipment_page  # the form stayed in front
    assert getattr(window.shipment_page.form, "receiver_search", None) is not None
