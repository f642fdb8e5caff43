"""`packdesk`'s window keeps the minimum size it was shown with while the rest of it is built:
the form, the other pages, a station's sign-in screen and its corner in the menu bar. A
minimum size raised after the native window exists is a change a desktop answers by resizing
the window (and Qt's offscreen plugin by warning "This plugin does not support
propagateSizeHints()"). Checked on a first launch and on a second one, which restores the
placement saved by the first (restoring makes the native window before it is shown).

The app runs as `packdesk` runs it; the launcher records the window's minimum size when it
reports its first window and once everything is built and laid out, then closes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.gui.shell.app_launch import launch_recorded

SIZE_WARNING = "propagateSizeHints"

LAUNCH = """
import json, sys
from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication
from desktop_app.gui import app
from desktop_app.gui.shell import sign_in

sizes = {}

def note(name, window):
    sizes[name] = list(window.minimumSize().toTuple())
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump(sizes, out)

shown = app.first_window_shown

def first_window_shown():
    [window] = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
    note("first window", window)
    shown()

class Recorded(sign_in.StationSignIn):
    # the last part built at start: once its layout requests are handled, all is laid out
    def __init__(self, window, context, presenter=None):
        super().__init__(window, context, presenter)

        def settled():
            for _ in range(3):  # (a layout handled may ask its parent's again)
                QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            note("built", window)
            window.close()

        QTimer.singleShot(0, window, settled)

app.first_window_shown = first_window_shown
sign_in.StationSignIn = Recorded
from desktop_app.cli import main
sys.exit(main(sys.argv[2:]))
"""


def launch(tmp_path: Path) -> tuple[dict[str, Any], str]:
    """The app launched on `tmp_path`'s folders until all is built: the minimum sizes it
    recorded, and what it printed (Qt's messages marked)."""
    return launch_recorded(LAUNCH, tmp_path, {"QT_MESSAGE_PATTERN": "qt-%{type}: %{message}"})


def test_the_window_minimum_size_is_set_once_on_a_first_and_a_placed_launch(
    tmp_path: Path,
) -> None:
    first, first_printed = launch(tmp_path)
    assert set(first) == {"first window", "built"}, first
    assert first["built"] == first["first window"], first
    assert SIZE_WARNING not in first_printed, first_printed
    # the second launch restores the placement the first saved when it closed
    assert any((tmp_path / "config").rglob("*")), "the first launch saved nothing"
    again, again_printed = launch(tmp_path)
    assert again["built"] == again["first window"] == first["built"], (first, again)
    assert SIZE_WARNING not in again_printed, again_printed
