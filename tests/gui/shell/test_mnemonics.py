"""Alt+letter reaches one thing only: in English and in German, no two tabs of one tab bar,
no two menus of the menu bar and no two entries of one menu share a mnemonic (`&x`); every
Settings tab and every menu has one, and none of the Settings tabs takes a menu's letter
(the menu bar's Alt keys stay active while the Settings page is shown)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMenu, QTabWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.i18n import install_translations
from tests.gui.app_context import isolate, open_context


def mnemonic(text: str) -> str | None:
    """The letter after a single `&` ("&&" is a literal ampersand), lower case, or None."""
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def clashes(texts: list[str]) -> dict[str, list[str]]:
    """The mnemonics used more than once, with the texts that use them."""
    counts = Counter(m for m in map(mnemonic, texts) if m)
    return {m: [t for t in texts if mnemonic(t) == m] for m, n in counts.items() if n > 1}


def test_clashes_and_mnemonic() -> None:
    assert mnemonic("Sc&ales") == "a" and mnemonic("Fish && &Chips") == "c"
    assert mnemonic("No key") is None and mnemonic("R&&D") is None
    assert clashes(["&Waagen", "&Webhooks", "&Profile", "None"]) == {"w": ["&Waagen", "&Webhooks"]}
    assert clashes(["&Go", "&Help", "Plain", "Plain"]) == {}


def _problems(window: Any, settings: Any) -> list[str]:
    """Every clash or missing mnemonic in the window as built, in words."""
    problems: list[str] = []
    menus = [a.menu() for a in window.menuBar().actions() if isinstance(a.menu(), QMenu)]
    titles = [m.title() for m in menus]
    problems += [f"menu bar: {t!r} has no mnemonic" for t in titles if not mnemonic(t)]
    problems += [f"menu bar: {m} in {ts}" for m, ts in clashes(titles).items()]
    for menu in menus:
        entries = [a.text() for a in menu.actions() if not a.isSeparator() and a.isVisible()]
        problems += [f"menu {menu.title()!r}: {m} in {ts}" for m, ts in clashes(entries).items()]
    tab_widgets = [window.tabs, *window.findChildren(QTabWidget)]
    for tabs in dict.fromkeys(tab_widgets):  # each once
        texts = [tabs.tabText(i) for i in range(tabs.count())]
        problems += [f"tabs {texts}: {m} in {ts}" for m, ts in clashes(texts).items()]
    tabs = settings.tabs
    texts = [tabs.tabText(i) for i in range(tabs.count())]
    problems += [f"Settings: {t!r} has no mnemonic" for t in texts if not mnemonic(t)]
    menu_keys = {mnemonic(t) for t in titles}
    problems += [
        f"Settings: {t!r} takes the Alt key of a menu ({titles})"
        for t in texts
        if mnemonic(t) in menu_keys
    ]
    return problems


@pytest.mark.parametrize("language", ["en", "de"])
async def test_no_two_tabs_or_menu_entries_share_a_mnemonic(
    language: str,
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_service: Any,
) -> None:
    from desktop_app.gui.shell.main_window import MainWindow
    from desktop_app.gui.shell.pages import install_operations, install_pages

    isolate(monkeypatch, tmp_path)
    install_translations(language)
    ctx = await open_context(tmp_path, local_service)
    try:
        window = MainWindow(ctx)
        qtbot.addWidget(window)
        history, settings = install_pages(window, ctx)
        install_operations(window, ctx, history, settings)
        assert settings.tabs.count() >= 7  # Profiles ... Shipping presets, Webhooks
        assert len(window.menuBar().actions()) >= 3
        assert _problems(window, settings) == []
    finally:
        install_translations("en")
        await ctx.aclose()
