"""Where the main window opens: from the screen's available geometry the first time, then as
it was left (moved and shrunk onto the screens there are now)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.placement import (
    GEOMETRY_KEY,
    PREFERRED_SIZE,
    clamped,
    first_geometry,
    place_window,
    save_placement,
)
from tests.gui.app_context import isolate


def test_first_start_fills_a_small_screen_and_centres_on_a_large_one() -> None:
    netbook = QRect(0, 0, 1024, 600)
    assert first_geometry(netbook) == (netbook, True)
    # 1366x768: the preferred size and a title bar do not fit
    assert first_geometry(QRect(0, 0, 1366, 768))[1]
    panel_left = QRect(48, 0, 1552, 900)  # a 1600x900 screen with a dock on the left
    rect, maximized = first_geometry(panel_left)
    assert not maximized and rect.size() == PREFERRED_SIZE
    assert panel_left.contains(rect)
    assert abs(rect.left() - panel_left.left() - (panel_left.right() - rect.right())) <= 1
    wide = QRect(1920, 0, 2560, 1400)  # the second monitor
    rect, maximized = first_geometry(wide)
    assert not maximized and wide.contains(rect)


def test_a_saved_rectangle_is_shrunk_and_moved_onto_the_screen() -> None:
    screen = QRect(0, 0, 1024, 600)
    assert clamped(QRect(2000, 900, 1600, 1000), screen) == screen
    assert clamped(QRect(-50, 100, 800, 400), screen) == QRect(0, 100, 800, 400)
    assert clamped(QRect(100, 100, 800, 400), screen) == QRect(100, 100, 800, 400)


def test_the_window_comes_back_as_it_was_left(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolate(monkeypatch, tmp_path)
    first = QWidget()
    qtbot.addWidget(first)
    place_window(first)
    available = first.screen().availableGeometry()
    assert available.contains(first.geometry())
    first.setGeometry(QRect(available.x() + 10, available.y() + 20, 500, 300))
    save_placement(first)
    again = QWidget()
    qtbot.addWidget(again)
    assert place_window(again) is False  # it was not maximised
    assert again.size() == first.size()
    assert available.contains(again.geometry())


def test_an_unreadable_saved_geometry_starts_as_the_first_time(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolate(monkeypatch, tmp_path)
    from desktop_app.gui.i18n import settings

    store = settings()
    store.setValue(GEOMETRY_KEY, "not a geometry")
    store.sync()
    window = QWidget()
    qtbot.addWidget(window)
    maximized = place_window(window)
    rect, expected = first_geometry(window.screen().availableGeometry())
    assert maximized == expected and window.geometry() == rect
