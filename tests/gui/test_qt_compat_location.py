"""The PySide6 work-around lives outside `gui/`: Qt printing applies it without importing gui."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_gui_module_reexports_the_neutral_one() -> None:
    import desktop_app.gui.qt_compat as gui_compat
    import desktop_app.qt_compat as compat

    assert gui_compat.GuiThreadCollector is compat.GuiThreadCollector
    assert gui_compat.protect_singletons is compat.protect_singletons


def test_qt_printing_applies_the_fix_without_importing_gui() -> None:
    code = (
        "import sys\n"
        "import desktop_app.printing.qt_print\n"
        "print('compat', 'desktop_app.qt_compat' in sys.modules)\n"
        "print('gui', any(m == 'desktop_app.gui' or m.startswith('desktop_app.gui.')"
        " for m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.split() == ["compat", "True", "gui", "False"], done.stderr
