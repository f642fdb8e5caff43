"""PySide6 widgets of Packdesk (thin: they call the layers below).

The Qt-free layers the first window needs are imported here, before PySide6: once PySide6
is loaded, its `__feature__` import hook reads the source of every module imported after it
(to see whether it uses PySide6); imported first, the ~150 modules of the app's start-up are
not read again (bench/gui.py measures the cold start).
"""

import asyncio  # noqa: F401

import desktop_app.client.errors  # noqa: F401
import desktop_app.domain.catalog  # noqa: F401
import desktop_app.domain.rules  # noqa: F401
import desktop_app.printing.formats  # noqa: F401
import desktop_app.profiles.manager  # noqa: F401
import desktop_app.profiles.store  # noqa: F401
import desktop_app.scales.config  # noqa: F401

# isort: split
from desktop_app.gui import qt_compat as _qt_compat  # noqa: F401 - applies a PySide6 fix
