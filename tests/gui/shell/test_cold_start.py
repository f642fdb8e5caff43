"""`packdesk` shows its window's frame before the heavy modules are imported, then the form
with the cursor in the receiver search; its sub-commands never load Qt.

Checked by what is imported (sys.modules) at each moment, never by a time: a launch of the
app records the loaded modules and the window's state when it reports its first window and
when the form is usable (the moments bench/gui.py times)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from desktop_app.cli import COMMANDS
from tests.gui.shell.app_launch import REPO_ROOT, launch_recorded

#: what the frame must not wait for (the form, the context and the layers under them)
HEAVY = (
    "asyncio",
    "qasync",
    "pydantic",
    "httpx",
    "desktop_app.domain.rules",
    "desktop_app.domain.models",
    "desktop_app.profiles.models",
    "desktop_app.profiles.manager",
    "desktop_app.client",
    "desktop_app.gui.core.context",
    "desktop_app.gui.shipment.page",
)

#: runs the app as `packdesk` runs it, recording each reported moment into a JSON file
LAUNCH = """
import json, sys
from desktop_app.gui import app

moments = {}

def state(name):
    from PySide6.QtWidgets import QApplication, QTabWidget
    windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
    focused = QApplication.focusWidget()
    moments[name] = {
        "modules": sorted(sys.modules),
        "windows": [
            {
                "visible": w.isVisible(),
                "title": w.windowTitle(),
                "menus": [a.text() for a in w.menuBar().actions()],
                "status_bar": w.statusBar().isVisible(),
                "tabs": w.findChild(QTabWidget, "pages").count(),
            }
            for w in windows
        ],
        "focus": focused.objectName() if focused is not None else None,
    }
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump(moments, out)

shown, usable = app.first_window_shown, app.form_usable

def first_window_shown():
    state("first window")
    shown()

def form_usable(window):
    state("form usable")
    usable(window)
    window.close()  # (closing while the other pages are still being built)

app.first_window_shown, app.form_usable = first_window_shown, form_usable
from desktop_app.cli import main
sys.exit(main(sys.argv[2:]))
"""


def launch(tmp_path: Path) -> dict[str, dict[str, Any]]:
    """The app launched on fresh folders until its form is usable; what it recorded."""
    moments, printed = launch_recorded(LAUNCH, tmp_path)
    assert "first window shown" in printed and "form usable" in printed, printed
    return moments


def loaded(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [name for name in names if name in modules]


def test_the_frame_is_shown_before_the_heavy_modules_and_the_form_follows(
    tmp_path: Path,
) -> None:
    moments = launch(tmp_path)
    first = moments["first window"]
    # the real main window's frame: shown, titled, its menus and status bar, the page tabs
    [window] = first["windows"]
    assert window["visible"], window
    assert window["title"].startswith("Packdesk"), window
    assert window["menus"] == ["&Shipment", "&Go", "&Help"], window
    assert window["status_bar"] and window["tabs"] >= 3, window
    # ...before any of the heavy modules was imported
    assert loaded(first["modules"], HEAVY) == []
    # then the form, the context and the rules are there, the cursor in the receiver search
    usable = moments["form usable"]
    # (httpx itself loads when a profile opens its client)
    form_modules = tuple(name for name in HEAVY if name != "httpx")
    assert loaded(usable["modules"], form_modules) == list(form_modules)
    assert usable["focus"] == "receiver_picker", usable["focus"]


def test_sub_commands_never_load_qt() -> None:
    """`packdesk serve`, `batch`, ... import their module without PySide6 or the GUI."""
    commands = [name for name in COMMANDS if name != "gui"]
    code = (
        "import sys\n"
        "from desktop_app.cli import _resolve\n"
        f"for name in {commands!r}:\n"
        "    _resolve(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'qasync')"
        " or m.startswith('desktop_app.gui')))\n"
    )
    loaded_by_commands = subprocess.check_output(
        [sys.executable, "-c", code], cwd=REPO_ROOT, text=True, timeout=120
    )
    assert loaded_by_commands.strip() == "[]", loaded_by_commands
